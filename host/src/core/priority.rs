//! Cluster priority: which root cause to fix first.

use std::cmp::{Ordering, Reverse};

use super::model::{Cluster, IssueSeverity};

/// Sorts clusters most-urgent first and numbers them from 1.
///
/// The ladder, each rung consulted only when the ones above tie:
///
/// 0. **Cause**: a configuration or resolution failure (`rootCause`) comes first, since other
///    issues follow from it; among causes, the one more issues follow from (`downstreamCount`).
/// 1. **Severity**: a cluster with at least one error comes before warning-only clusters
///    (errors break builds; warnings do not).
/// 2. **Reach**: more issues first, since fixing one root cause clears all of them.
/// 3. **Fixability**: more issues with an engine-supplied fix first (cheap, safe wins).
/// 4. **Spread**: more files first (a cause that spans files is more likely systemic).
/// 5. **Determinism**: rule ids, then summary, then cluster id (unique), so equal inputs always
///    give the same order and the same priority numbers.
pub fn rank(clusters: &mut [Cluster]) {
    clusters.sort_by(compare);
    for (rank, cluster) in clusters.iter_mut().enumerate() {
        cluster.priority = u32::try_from(rank + 1).unwrap_or(u32::MAX);
    }
}

/// The ladder of [`rank`] as an ordering (`Less` = more urgent).
pub fn compare(a: &Cluster, b: &Cluster) -> Ordering {
    let severity = |c: &Cluster| c.severity.unwrap_or(IssueSeverity::Warning);
    Reverse(a.root_cause)
        .cmp(&Reverse(b.root_cause))
        .then_with(|| {
            Reverse(a.downstream_count.unwrap_or(0)).cmp(&Reverse(b.downstream_count.unwrap_or(0)))
        })
        .then_with(|| severity(a).cmp(&severity(b)))
        .then_with(|| Reverse(a.issue_count).cmp(&Reverse(b.issue_count)))
        .then_with(|| {
            Reverse(a.fixable_count.unwrap_or(0)).cmp(&Reverse(b.fixable_count.unwrap_or(0)))
        })
        .then_with(|| Reverse(a.file_count).cmp(&Reverse(b.file_count)))
        .then_with(|| a.rule_ids.cmp(&b.rule_ids))
        .then_with(|| a.root_cause_summary.cmp(&b.root_cause_summary))
        .then_with(|| a.cluster_id.cmp(&b.cluster_id))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cluster(
        id: &str,
        severity: IssueSeverity,
        issues: usize,
        fixable: usize,
        files: usize,
    ) -> Cluster {
        Cluster {
            cluster_id: id.to_owned(),
            root_cause_summary: String::new(),
            rule_ids: vec!["r".to_owned()],
            issue_count: issues,
            file_count: files,
            priority: 0,
            suggested_action: String::new(),
            sample_issue_ids: Vec::new(),
            severity: Some(severity),
            fixable_count: Some(fixable),
            delta: None,
            new: false,
            root_cause: false,
            downstream_count: None,
        }
    }

    #[test]
    fn the_ladder() {
        use IssueSeverity::{Error, Warning};
        let mut clusters = vec![
            cluster("c-warn-big", Warning, 100, 100, 50),
            cluster("c-err-small", Error, 1, 0, 1),
            cluster("c-err-big", Error, 12, 0, 5),
            cluster("c-err-fixable", Error, 12, 3, 5),
            cluster("c-err-spread", Error, 12, 3, 9),
            cluster("c-tie-b", Warning, 2, 0, 1),
            cluster("c-tie-a", Warning, 2, 0, 1),
        ];
        rank(&mut clusters);
        let order: Vec<(&str, u32)> = clusters
            .iter()
            .map(|c| (c.cluster_id.as_str(), c.priority))
            .collect();
        assert_eq!(
            order,
            vec![
                ("c-err-spread", 1),
                ("c-err-fixable", 2),
                ("c-err-big", 3),
                ("c-err-small", 4),
                ("c-warn-big", 5),
                ("c-tie-a", 6),
                ("c-tie-b", 7),
            ]
        );
    }
}
