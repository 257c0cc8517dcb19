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
//!
//! A file that no longer parses (a syntax error from any engine, see [`super::syntax`]) counts as
//! not re-examined: its earlier issues are hidden, not resolved, and stay in the snapshot as they
//! were until it parses again; only its syntax errors count (as new). Its other issues of this
//! check (what a type checker makes of the broken text) count nowhere and are not remembered.

use std::collections::BTreeMap;

use rustc_hash::{FxHashMap, FxHashSet};
use serde::{Deserialize, Serialize};

use super::Analysis;
use super::loops::Coverage;
use super::loops::Rechecked;
use super::model::{Cluster, Delta, IssueSeverity};
use super::syntax;

/// One issue as the snapshot remembers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotIssue {
    pub file: String,
    pub engine: String,
    pub cluster_id: String,
    /// It says its file does not parse: re-examined whenever its engine re-examines the file,
    /// broken or not (the file's other issues wait until it parses again).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub syntax_error: bool,
}

/// Whether this check re-examined an issue's file: its engine checked the file, and the file
/// parses (or the issue is itself a syntax error), and the engine did not stop at syntax errors.
struct Examined<'a> {
    rechecked: &'a Rechecked,
    unparsable: FxHashSet<&'a str>,
    /// Engines whose every issue of this check is a syntax error: they stopped there (tsc
    /// prints only syntax errors, for its whole program, while one file does not parse).
    stopped: FxHashSet<&'a str>,
}

impl<'a> Examined<'a> {
    fn new(analysis: &'a Analysis, rechecked: &'a Rechecked) -> Self {
        let mut with_syntax: FxHashSet<&str> = FxHashSet::default();
        let mut with_other: FxHashSet<&str> = FxHashSet::default();
        for issue in &analysis.issues {
            if syntax::is_syntax_error(&issue.rule) {
                with_syntax.insert(&issue.engine);
            } else {
                with_other.insert(&issue.engine);
            }
        }
        Self {
            rechecked,
            unparsable: syntax::unparsable(&analysis.issues),
            stopped: with_syntax.difference(&with_other).copied().collect(),
        }
    }

    fn covers(&self, issue: &SnapshotIssue) -> bool {
        self.rechecked.covers(&issue.engine, &issue.file)
            && (issue.syntax_error
                || !(self.unparsable.contains(issue.file.as_str())
                    || self.stopped.contains(issue.engine.as_str())))
    }

    /// Whether an issue of this check is hidden with its broken file: not a syntax error, in a
    /// file that does not parse.
    fn hides(&self, issue: &super::NormalizedIssue) -> bool {
        self.unparsable.contains(issue.file.as_str()) && !syntax::is_syntax_error(&issue.rule)
    }
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
                            syntax_error: syntax::is_syntax_error(&i.rule),
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
        let examined = Examined::new(analysis, rechecked);
        for hidden in analysis.issues.iter().filter(|i| examined.hides(i)) {
            next.issues.remove(&hidden.issue_id);
        }
        if let Some(previous) = previous {
            for (id, issue) in &previous.issues {
                if !examined.covers(issue) {
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
    let unparsable: FxHashSet<String> = syntax::unparsable(&analysis.issues)
        .into_iter()
        .map(str::to_owned)
        .collect();
    for issue in &mut analysis.issues {
        // What a broken file's text produced besides its syntax errors is not news.
        let hidden = unparsable.contains(&issue.file) && !syntax::is_syntax_error(&issue.rule);
        issue.new = !hidden && !known.contains(issue.issue_id.as_str());
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
    let examined = Examined::new(current, rechecked);
    for issue in &current.issues {
        now.insert(&issue.issue_id);
        if examined.hides(issue) {
            continue;
        }
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
        if !now.contains(id.as_str()) && examined.covers(issue) {
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
    fn a_parse_error_hides_issues_and_the_revert_brings_them_back_as_they_were() {
        let a = Rechecked::new()
            .engine("oxlint", Coverage::files(["src/a.ts"]))
            .engine("tsc", Coverage::All);
        let before = analyze(vec![
            lint("src/a.ts", 1),
            lint("src/a.ts", 2),
            tsc(2304, "src/a.ts", 3, "Cannot find name 'x'."),
            lint("src/b.ts", 1),
        ]);
        let first = Snapshot::advance(None, &before, &a);

        // The edit breaks a.ts: each engine says so, and tsc reports what it made of the text.
        let mut broken = analyze(vec![
            oxlint("oxlint/parse", "src/a.ts", 4, "Expected `;` but found `)`"),
            tsc(1005, "src/a.ts", 4, "';' expected."),
            tsc(2552, "src/a.ts", 5, "Cannot find name 'y'."),
            lint("src/b.ts", 1),
        ]);
        let report = delta(&first, &broken, &a);
        assert_eq!(
            report.overall,
            Delta {
                new: 2,
                resolved: 0,
                persisting: 1
            },
            "the syntax errors are new, nothing is resolved"
        );
        mark_new(&mut broken, first.ids());
        let mut fresh: Vec<&str> = broken
            .issues
            .iter()
            .filter(|i| i.new)
            .map(|i| i.rule.as_str())
            .collect();
        fresh.sort_unstable();
        assert_eq!(fresh, ["TS1005", "oxlint/parse"]);
        let held = Snapshot::advance(Some(&first), &broken, &a);
        for id in first.ids() {
            assert!(held.issues.contains_key(id), "{id} is kept as it was");
        }
        assert_eq!(held.issues.len(), first.issues.len() + 2);

        // Still broken, another way: the old syntax errors resolve, the new ones are new.
        let still = analyze(vec![
            oxlint("oxlint/parse", "src/a.ts", 6, "Unexpected token"),
            lint("src/b.ts", 1),
        ]);
        let report = delta(&held, &still, &a);
        assert_eq!((report.overall.new, report.overall.resolved), (1, 2));
        let held = Snapshot::advance(Some(&held), &still, &a);

        // The revert: the hidden issues persist (no NEW badge), the syntax error resolves.
        let mut reverted = before.clone();
        let report = delta(&held, &reverted, &a);
        assert_eq!(
            report.overall,
            Delta {
                new: 0,
                resolved: 1,
                persisting: 4
            }
        );
        report.annotate(&mut reverted.clusters);
        mark_new(&mut reverted, held.ids());
        assert!(reverted.issues.iter().all(|i| !i.new));
        assert!(reverted.clusters.iter().all(|c| !c.new));
        assert_eq!(
            Snapshot::advance(Some(&held), &reverted, &a).issues,
            first.issues
        );
    }

    #[test]
    fn an_engine_that_stopped_at_a_syntax_error_resolves_nothing_elsewhere() {
        let all = Rechecked::new().engine("tsc", Coverage::All);
        let before = analyze(vec![tsc(
            2322,
            "src/b.ts",
            3,
            "Type 'string' is not assignable.",
        )]);
        let first = Snapshot::advance(None, &before, &all);
        // tsc prints only the syntax error while a.ts does not parse.
        let broken = analyze(vec![tsc(1005, "src/a.ts", 4, "'}' expected.")]);
        let report = delta(&first, &broken, &all);
        assert_eq!((report.overall.new, report.overall.resolved), (1, 0));
        let held = Snapshot::advance(Some(&first), &broken, &all);
        let report = delta(&held, &before, &all);
        assert_eq!(
            (
                report.overall.new,
                report.overall.resolved,
                report.overall.persisting
            ),
            (0, 1, 1)
        );
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
