//! Root causes first: configuration and resolution failures are causes, and the issues that
//! follow from them point back at them (`causedBy`).
//!
//! A cause is a subject cluster (its subject recurs) of an unresolved module, a module without
//! types, missing type definitions, a missing `lib` or an unknown compiler option, or a cluster of
//! tsconfig errors. An issue follows from a cause when it is in a file where that cause fired and
//! its rule is one a lost type produces (an implicit `any`, an unknown property, an `unknown` or
//! mismatched value): with the module, the types or the `lib` in place those issues go too.

use rustc_hash::FxHashMap;

use super::subject::rule_name;
use crate::core::model::{Cluster, NormalizedIssue};

/// True for tsc codes of a tsconfig that cannot be read or does not hold together (TS5xxx,
/// TS18003 "no inputs", TS6046/TS6053 bad option value or missing file, TS2318 missing global
/// type, TS2688 missing type-definition file).
pub(crate) fn is_config_rule(rule: &str) -> bool {
    let Some(code) = rule_name(rule)
        .strip_prefix("TS")
        .and_then(|d| d.parse::<u32>().ok())
    else {
        return false;
    };
    (5000..6000).contains(&code) || matches!(code, 18003 | 6046 | 6053 | 2318 | 2688)
}

/// Rules whose issues a lost type (an unresolved module, missing types or `lib`) produces.
fn follows_from_lost_types(rule: &str) -> bool {
    matches!(
        rule_name(rule),
        "TS7006"
            | "TS7005"
            | "TS7031"
            | "TS7034"
            | "TS7053"
            | "TS2339"
            | "TS2551"
            | "TS18046"
            | "TS2571"
            | "TS2345"
            | "TS2322"
            | "TS2304"
    )
}

/// Sets `causedBy` on issues that follow from a cause cluster in their file, and each cause's
/// `downstreamCount` and summary. Run before ranking.
pub(crate) fn link(issues: &mut [NormalizedIssue], clusters: &mut [Cluster]) {
    let index: FxHashMap<&str, usize> = clusters
        .iter()
        .enumerate()
        .filter(|(_, c)| c.root_cause)
        .map(|(i, c)| (c.cluster_id.as_str(), i))
        .collect();
    if index.is_empty() {
        return;
    }
    // Per file: the largest cause cluster that fired in it (ties: the smaller id).
    let mut cause_of_file: FxHashMap<String, usize> = FxHashMap::default();
    for issue in issues.iter() {
        let Some(&c) = issue.cluster_id.as_deref().and_then(|id| index.get(id)) else {
            continue;
        };
        if issue.file.is_empty() {
            continue;
        }
        let better = |old: usize| {
            let (a, b) = (&clusters[c], &clusters[old]);
            (b.issue_count, &a.cluster_id) < (a.issue_count, &b.cluster_id)
        };
        match cause_of_file.get(&issue.file) {
            Some(&old) if !better(old) => {}
            _ => {
                cause_of_file.insert(issue.file.clone(), c);
            }
        }
    }
    drop(index);
    let mut downstream = vec![0usize; clusters.len()];
    for issue in issues.iter_mut() {
        let Some(&c) = cause_of_file.get(&issue.file) else {
            continue;
        };
        let own = issue.cluster_id.as_deref();
        if own == Some(clusters[c].cluster_id.as_str())
            || clusters
                .iter()
                .any(|k| k.root_cause && Some(k.cluster_id.as_str()) == own)
            || !follows_from_lost_types(&issue.rule)
        {
            continue;
        }
        issue.caused_by = Some(clusters[c].cluster_id.clone());
        downstream[c] += 1;
    }
    for (cluster, n) in clusters.iter_mut().zip(downstream) {
        if n > 0 {
            cluster.downstream_count = Some(n);
            cluster.root_cause_summary.push_str(&format!(
                " (fixing it should clear {n} more issue{} that follow from it)",
                if n == 1 { "" } else { "s" }
            ));
        }
    }
}
