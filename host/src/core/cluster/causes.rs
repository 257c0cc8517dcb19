//! Root causes first: configuration and resolution failures are causes, and the issues that
//! follow from them point back at them (`causedBy`).
//!
//! Which issues are causes and which are consequences, the adapters say (`Subject::role`): a
//! cause is a subject cluster (its subject recurs) whose adapter marks it a cause or a
//! configuration error (for tsc: an unresolved module, a module without types, missing type
//! definitions, a missing `lib`, an unknown compiler option), or the cluster of a rule that
//! reports the configuration. An issue follows from a cause when it is in a file where that cause
//! fired and its adapter marks it a consequence (for tsc: an implicit `any`, an unknown property,
//! an `unknown` or mismatched value, which a lost type produces): with the module, the types or
//! the `lib` in place those issues go too.

use rustc_hash::FxHashMap;
use signalint_plugin_api::Role;

use super::Row;
use crate::core::model::{Cluster, NormalizedIssue};

/// Sets `causedBy` on issues that follow from a cause cluster in their file, and each cause's
/// `downstreamCount` and summary. Run before ranking.
/// `rows[i]` describes `issues[i]`.
pub(crate) fn link(issues: &mut [NormalizedIssue], rows: &[Row], clusters: &mut [Cluster]) {
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
    for (issue, row) in issues.iter_mut().zip(rows) {
        let Some(&c) = cause_of_file.get(&issue.file) else {
            continue;
        };
        let own = issue.cluster_id.as_deref();
        if own == Some(clusters[c].cluster_id.as_str())
            || clusters
                .iter()
                .any(|k| k.root_cause && Some(k.cluster_id.as_str()) == own)
            || row.role != Role::Consequence
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
