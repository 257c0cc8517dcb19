//! What changed since the last known state of the files checked: new, resolved and persisting
//! issues, overall and per cluster.
//!
//! The host keeps one [`Snapshot`] per project, advanced by every check: the last known issues of
//! every file, and per engine the files it has ever examined. Any check is compared with it, so a
//! `check_files` after a `check_project` has a delta; only a check of files no engine has ever
//! examined has none ([`Snapshot::knows`]).
//!
//! Issue ids are content-derived, so "the same issue" is "the same id". An issue of the previous
//! check that is absent now counts as **resolved only if its engine re-examined its file** in this
//! check; otherwise nothing is known about it and it is counted nowhere (and kept in the next
//! snapshot by [`Snapshot::advance`]).

use std::collections::BTreeMap;

use rustc_hash::{FxHashMap, FxHashSet};
use serde::{Deserialize, Serialize};

use super::Analysis;
use super::loops::Coverage;
use super::loops::Rechecked;
use super::model::{Cluster, Delta, IssueSeverity};

/// One issue as the snapshot remembers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotIssue {
    pub file: String,
    pub engine: String,
    pub cluster_id: String,
}

/// The issues of a check, by id, with their cluster: what the next check is compared with.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    #[serde(default)]
    pub issues: BTreeMap<String, SnapshotIssue>,
    /// Per engine, the files it has examined in some check so far.
    #[serde(default)]
    pub seen: BTreeMap<String, Coverage>,
}

impl Snapshot {
    /// The snapshot of one check's issues.
    pub fn of(analysis: &Analysis) -> Self {
        Self {
            issues: analysis
                .issues
                .iter()
                .map(|i| {
                    (
                        i.issue_id.clone(),
                        SnapshotIssue {
                            file: i.file.clone(),
                            engine: i.engine.clone(),
                            cluster_id: i.cluster_id.clone().unwrap_or_default(),
                        },
                    )
                })
                .collect(),
            seen: BTreeMap::new(),
        }
    }

    /// Whether some engine has examined `file` in an earlier check.
    pub fn knows(&self, file: &str) -> bool {
        self.seen.values().any(|c| c.covers(file))
    }

    /// Whether any check has been recorded.
    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }

    /// The ids of every issue remembered.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.issues.keys().map(String::as_str)
    }

    /// The snapshot to keep after this check: this check's issues, plus the previous issues of
    /// files this check did not re-examine (they may still be there).
    pub fn advance(
        previous: Option<&Snapshot>,
        analysis: &Analysis,
        rechecked: &Rechecked,
    ) -> Self {
        let mut next = Self::of(analysis);
        if let Some(previous) = previous {
            for (id, issue) in &previous.issues {
                if !rechecked.covers(&issue.engine, &issue.file) {
                    next.issues
                        .entry(id.clone())
                        .or_insert_with(|| issue.clone());
                }
            }
            next.seen = previous.seen.clone();
        }
        for (engine, coverage) in &rechecked.engines {
            let seen = next
                .seen
                .entry(engine.clone())
                .or_insert_with(|| Coverage::Files(Default::default()));
            match (seen, coverage) {
                (Coverage::All, _) => {}
                (seen, Coverage::All) => *seen = Coverage::All,
                (Coverage::Files(seen), Coverage::Files(files)) => {
                    seen.extend(files.iter().cloned())
                }
            }
        }
        next
    }
}

/// Changes overall and per cluster id (clusters of this check, and vanished clusters whose issues
/// were resolved).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DeltaReport {
    pub overall: Delta,
    pub clusters: BTreeMap<String, Delta>,
}

impl DeltaReport {
    /// Sets `Cluster.delta` on the clusters of this check, and `new` on those whose issues are
    /// all new.
    pub fn annotate(&self, clusters: &mut [Cluster]) {
        for cluster in clusters {
            let delta = self
                .clusters
                .get(&cluster.cluster_id)
                .copied()
                .unwrap_or_default();
            cluster.new = delta.new > 0 && delta.persisting == 0;
            cluster.delta = Some(delta);
        }
    }
}

/// Sets `new` on the issues of `analysis` whose id `known` does not hold.
pub fn mark_new<'a>(analysis: &mut Analysis, known: impl IntoIterator<Item = &'a str>) {
    let known: FxHashSet<&str> = known.into_iter().collect();
    for issue in &mut analysis.issues {
        issue.new = !known.contains(issue.issue_id.as_str());
    }
}

/// New errors rank first: clusters holding a new error issue move ahead (order otherwise kept),
/// and priorities are renumbered 1.. in the new order.
pub fn rank_new_errors_first(analysis: &mut Analysis) {
    let fresh: FxHashSet<&str> = analysis
        .issues
        .iter()
        .filter(|i| i.new && i.severity == IssueSeverity::Error)
        .filter_map(|i| i.cluster_id.as_deref())
        .collect();
    if fresh.is_empty() {
        return;
    }
    let (mut first, rest): (Vec<Cluster>, Vec<Cluster>) = std::mem::take(&mut analysis.clusters)
        .into_iter()
        .partition(|c| fresh.contains(c.cluster_id.as_str()));
    first.extend(rest);
    for (at, cluster) in first.iter_mut().enumerate() {
        cluster.priority = u32::try_from(at + 1).unwrap_or(u32::MAX);
    }
    analysis.clusters = first;
}

/// The issues of `analysis` whose id `known` does not hold, and the clusters they are in (counts,
/// severity, fixable count and samples narrowed to them): the answer to "what changed since
/// then".
pub fn narrow<'a>(analysis: &Analysis, known: impl IntoIterator<Item = &'a str>) -> Analysis {
    let known: FxHashSet<&str> = known.into_iter().collect();
    let issues: Vec<_> = analysis
        .issues
        .iter()
        .filter(|i| !known.contains(i.issue_id.as_str()))
        .cloned()
        .collect();
    #[derive(Default)]
    struct Members<'a> {
        count: usize,
        errors: usize,
        fixable: usize,
        files: FxHashSet<&'a str>,
        ids: FxHashSet<&'a str>,
    }
    let mut members: FxHashMap<&str, Members<'_>> = FxHashMap::default();
    for issue in &issues {
        let entry = members
            .entry(issue.cluster_id.as_deref().unwrap_or_default())
            .or_default();
        entry.count += 1;
        entry.errors += usize::from(issue.severity == IssueSeverity::Error);
        entry.fixable += usize::from(issue.fixable);
        entry.files.insert(&issue.file);
        entry.ids.insert(&issue.issue_id);
    }
    let clusters = analysis
        .clusters
        .iter()
        .filter_map(|c| {
            let m = members.get(c.cluster_id.as_str())?;
            let mut c = c.clone();
            c.issue_count = m.count;
            c.file_count = m.files.len();
            c.severity = Some(if m.errors > 0 {
                IssueSeverity::Error
            } else {
                IssueSeverity::Warning
            });
            c.fixable_count = Some(m.fixable);
            c.sample_issue_ids.retain(|id| m.ids.contains(id.as_str()));
            if c.sample_issue_ids.is_empty()
                && let Some(first) = issues
                    .iter()
                    .find(|i| i.cluster_id.as_deref() == Some(c.cluster_id.as_str()))
            {
                c.sample_issue_ids.push(first.issue_id.clone());
            }
            Some(c)
        })
        .collect();
    Analysis {
        issues,
        clusters,
        subjects: Default::default(),
    }
}

/// Compares this check with the last known state of its files.
pub fn delta(previous: &Snapshot, current: &Analysis, rechecked: &Rechecked) -> DeltaReport {
    // Hashed sets of both checks' ids: the snapshot's own map is ordered, and a lookup in it
    // compares a dozen or more strings.
    let before: FxHashSet<&str> = previous.issues.keys().map(String::as_str).collect();
    let mut now: FxHashSet<&str> = FxHashSet::default();
    let mut clusters: FxHashMap<&str, Delta> = FxHashMap::default();
    let mut overall = Delta::default();
    for issue in &current.issues {
        now.insert(&issue.issue_id);
        let entry = clusters
            .entry(issue.cluster_id.as_deref().unwrap_or_default())
            .or_default();
        if before.contains(issue.issue_id.as_str()) {
            entry.persisting += 1;
            overall.persisting += 1;
        } else {
            entry.new += 1;
            overall.new += 1;
        }
    }
    for (id, issue) in &previous.issues {
        if !now.contains(id.as_str()) && rechecked.covers(&issue.engine, &issue.file) {
            clusters
                .entry(issue.cluster_id.as_str())
                .or_default()
                .resolved += 1;
            overall.resolved += 1;
        }
    }
    DeltaReport {
        overall,
        clusters: clusters
            .into_iter()
            .map(|(id, d)| (id.to_owned(), d))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{oxlint, tsc};
    use super::super::{Coverage, Rechecked, analyze};
    use super::*;

    fn lint(file: &str, line: u32) -> crate::core::IssueInput {
        oxlint(
            "eslint/no-debugger",
            file,
            line,
            "`debugger` statement is not allowed",
        )
    }

    #[test]
    fn the_memory_knows_every_file_an_engine_examined_and_keeps_unexamined_issues() {
        let first = analyze(vec![lint("src/a.ts", 1), lint("src/b.ts", 1)]);
        let only_a = Rechecked::new().engine("oxlint", Coverage::files(["src/a.ts"]));
        let memory = Snapshot::advance(None, &first, &only_a);
        assert!(memory.knows("src/a.ts") && !memory.knows("src/b.ts"));
        // Then b.ts alone: a.ts's issue is kept (not re-examined), b.ts is known too.
        let second = analyze(vec![lint("src/b.ts", 1)]);
        let only_b = Rechecked::new().engine("oxlint", Coverage::files(["src/b.ts"]));
        let memory = Snapshot::advance(Some(&memory), &second, &only_b);
        assert!(memory.knows("src/a.ts") && memory.knows("src/b.ts"));
        assert_eq!(memory.issues.len(), 2);
        // A whole-program engine that ran knows every file.
        let all = Rechecked::new().engine("tsc", Coverage::All);
        let memory = Snapshot::advance(Some(&memory), &second, &all);
        assert!(memory.knows("src/never-seen.ts"));
        let json = serde_json::to_string(&memory).unwrap();
        assert_eq!(serde_json::from_str::<Snapshot>(&json).unwrap(), memory);
    }

    #[test]
    fn new_issues_are_marked_and_new_errors_rank_first() {
        let old = vec![
            lint("src/a.ts", 1),
            lint("src/a.ts", 2),
            lint("src/b.ts", 3),
            tsc(
                2322,
                "src/c.ts",
                1,
                "Type 'string' is not assignable to type 'number'.",
            ),
        ];
        let before = analyze(old.clone());
        let memory = Snapshot::advance(None, &before, &Rechecked::whole_project(["oxlint", "tsc"]));
        let mut with_new = old;
        with_new.push(tsc(2304, "src/d.ts", 4, "Cannot find name 'nope'."));
        let mut now = analyze(with_new);
        let fresh = now
            .clusters
            .iter()
            .position(|c| c.rule_ids == ["TS2304"])
            .unwrap();
        let report = delta(&memory, &now, &Rechecked::whole_project(["oxlint", "tsc"]));
        report.annotate(&mut now.clusters);
        mark_new(&mut now, memory.ids());
        rank_new_errors_first(&mut now);
        assert_eq!(
            report.overall,
            Delta {
                new: 1,
                resolved: 0,
                persisting: 4
            }
        );
        assert_eq!(now.clusters[0].rule_ids, ["TS2304"], "was at {fresh}");
        assert!(now.clusters[0].new);
        assert!(now.clusters[1..].iter().all(|c| !c.new));
        let priorities: Vec<u32> = now.clusters.iter().map(|c| c.priority).collect();
        assert_eq!(
            priorities,
            (1..=now.clusters.len() as u32).collect::<Vec<_>>()
        );
        let marked: Vec<&str> = now
            .issues
            .iter()
            .filter(|i| i.new)
            .map(|i| i.rule.as_str())
            .collect();
        assert_eq!(marked, ["TS2304"]);

        // A new warning alone moves nothing.
        let mut warned = analyze(vec![lint("src/a.ts", 1), lint("src/z.ts", 9)]);
        let order: Vec<String> = warned
            .clusters
            .iter()
            .map(|c| c.cluster_id.clone())
            .collect();
        mark_new(&mut warned, memory.ids());
        rank_new_errors_first(&mut warned);
        let after: Vec<String> = warned
            .clusters
            .iter()
            .map(|c| c.cluster_id.clone())
            .collect();
        assert_eq!(order, after);
    }

    #[test]
    fn narrowing_keeps_only_what_is_not_in_the_reference_and_recounts_clusters() {
        let base = analyze(vec![
            lint("src/a.ts", 1),
            tsc(
                2322,
                "src/c.ts",
                1,
                "Type 'string' is not assignable to type 'number'.",
            ),
        ]);
        let reference: Vec<&str> = base.issues.iter().map(|i| i.issue_id.as_str()).collect();
        let now = analyze(vec![
            lint("src/a.ts", 1),
            lint("src/b.ts", 7),
            tsc(
                2322,
                "src/c.ts",
                1,
                "Type 'string' is not assignable to type 'number'.",
            ),
        ]);
        let narrowed = narrow(&now, reference.iter().copied());
        assert_eq!(narrowed.issues.len(), 1);
        assert_eq!(narrowed.issues[0].file, "src/b.ts");
        assert_eq!(narrowed.clusters.len(), 1);
        let cluster = &narrowed.clusters[0];
        assert_eq!((cluster.issue_count, cluster.file_count), (1, 1));
        assert_eq!(cluster.severity, Some(IssueSeverity::Warning));
        assert_eq!(
            cluster.sample_issue_ids,
            [narrowed.issues[0].issue_id.clone()]
        );
        assert!(
            narrow(&now, now.issues.iter().map(|i| i.issue_id.as_str()))
                .issues
                .is_empty()
        );
    }
}
