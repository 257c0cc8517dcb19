//! Root-cause clustering.
//!
//! The cluster key is the issue's engine, a rule group and the root-cause **subject** its
//! engine's adapter stated (`subject.rs`; the core reads no engine's codes or wording). The group
//! is the subject's family when the adapter gave one, so the variants of one diagnostic merge
//! (tsc's TS2304 `Cannot find name 'X'` and TS2552 `… Did you mean 'Y'?` on the same `X` are one
//! root cause), and the rule otherwise, so engine scope is kept (`eslint/no-unused-vars` and
//! `typescript/no-unused-vars` never merge).
//!
//! A subject cluster needs at least two issues. Every other issue of a rule (no subject, or a
//! subject no other issue shares) goes to that rule's single fallback cluster, so a long tail of
//! one-off issues never floods the page with singletons. Every issue lands in exactly one cluster.

pub(crate) mod causes;
pub(crate) mod facts;
pub(crate) mod subject;
mod summary;

use signalint_plugin_api::Role;
use subject::Subject;

use super::ids::cluster_id;
use super::model::{Cluster, IssueSeverity, NormalizedIssue};

/// The fewest issues that make a subject cluster.
pub const MIN_SUBJECT_CLUSTER: usize = 2;
/// Sample issue ids per cluster.
pub const SAMPLES: usize = 2;
/// No subject (or no subject key) in a [`Row`].
pub(crate) const NONE: u32 = u32::MAX;

/// What clustering reads of one issue, as integers: equal strings (or subjects) have equal
/// numbers, so grouping never hashes or compares text.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Row {
    pub file: u32,
    pub engine: u32,
    pub rule: u32,
    /// The normalized message's text.
    pub text: u32,
    /// Index into the check's distinct subjects, or [`NONE`].
    pub subject: u32,
    /// The (engine, rule group, subject) key, or [`NONE`] without a subject.
    pub subject_key: u32,
    /// The (engine, rule) key.
    pub rule_key: u32,
    /// What the adapter says the issue is to the others (a cause, a consequence…).
    pub role: Role,
    pub no_file: bool,
    pub error: bool,
    pub fixable: bool,
    /// A fix the engine marks safe.
    pub safe_fix: bool,
}

/// The numbers of the keys [`Row`]s refer to.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KeyCounts {
    pub subject_keys: usize,
    pub rule_keys: usize,
}

/// What holds a cluster together.
#[derive(Debug, Clone, Copy)]
enum Key {
    Subject,
    Rule,
}

/// Which cluster each issue joins, found from the rows alone (so it can run before the issues
/// are built).
pub(crate) struct Groups {
    /// What holds each cluster together, clusters in order of their first issue.
    kinds: Vec<Key>,
    /// Per issue: its cluster.
    cluster_of: Vec<u32>,
    /// Cluster `c`'s members are `members[starts[c]..starts[c + 1]]`, in position order.
    starts: Vec<usize>,
    members: Vec<usize>,
}

/// Groups issues (`rows`, in position order) into clusters: a subject key with at least
/// [`MIN_SUBJECT_CLUSTER`] issues is a cluster; every other issue joins its rule's fallback
/// cluster.
pub(crate) fn group(rows: &[Row], keys: KeyCounts) -> Groups {
    let mut subject_sizes = vec![0usize; keys.subject_keys];
    for row in rows {
        if row.subject_key != NONE {
            subject_sizes[row.subject_key as usize] += 1;
        }
    }
    // Cluster numbers in order of each cluster's first issue.
    let mut by_subject = vec![NONE; keys.subject_keys];
    let mut by_rule = vec![NONE; keys.rule_keys];
    let mut kinds: Vec<Key> = Vec::new();
    let mut cluster_of: Vec<u32> = Vec::with_capacity(rows.len());
    for row in rows {
        let (slot, kind) = if row.subject_key != NONE
            && subject_sizes[row.subject_key as usize] >= MIN_SUBJECT_CLUSTER
        {
            (&mut by_subject[row.subject_key as usize], Key::Subject)
        } else {
            (&mut by_rule[row.rule_key as usize], Key::Rule)
        };
        if *slot == NONE {
            *slot = u32::try_from(kinds.len()).unwrap_or(NONE);
            kinds.push(kind);
        }
        cluster_of.push(*slot);
    }
    // Members of every cluster in one buffer, each cluster's in position order.
    let mut starts = vec![0usize; kinds.len() + 1];
    for &c in &cluster_of {
        starts[c as usize + 1] += 1;
    }
    for c in 0..kinds.len() {
        starts[c + 1] += starts[c];
    }
    let mut fill = starts.clone();
    let mut members = vec![0usize; rows.len()];
    for (i, &c) in cluster_of.iter().enumerate() {
        members[fill[c as usize]] = i;
        fill[c as usize] += 1;
    }
    Groups {
        kinds,
        cluster_of,
        starts,
        members,
    }
}

/// Builds the clusters of `groups` over `issues` (sorted by position, `rows[i]` describing
/// `issues[i]`), sets each issue's `cluster_id`, and returns the clusters with `priority` still 0
/// (see `priority::rank`), and per cluster whose issues all share one subject, its id and that
/// subject.
pub(crate) fn cluster(
    issues: &mut [NormalizedIssue],
    rows: &[Row],
    subjects: &[Subject],
    groups_of_keys: &[Box<str>],
    groups: Groups,
) -> (Vec<Cluster>, Vec<(String, u32)>) {
    debug_assert_eq!(issues.len(), rows.len());
    let Groups {
        kinds,
        cluster_of,
        starts,
        members,
    } = groups;
    let mut shared = Vec::new();
    let clusters: Vec<Cluster> = kinds
        .iter()
        .enumerate()
        .map(|(c, &kind)| {
            let members = &members[starts[c]..starts[c + 1]];
            let cluster = build(issues, rows, subjects, groups_of_keys, kind, members);
            let first = rows[members[0]].subject;
            if first != NONE && members.iter().all(|&i| rows[i].subject == first) {
                shared.push((cluster.cluster_id.clone(), first));
            }
            cluster
        })
        .collect();
    for (issue, &c) in issues.iter_mut().zip(&cluster_of) {
        issue.cluster_id = Some(clusters[c as usize].cluster_id.clone());
    }
    (clusters, shared)
}

/// One cluster of `members` (non-empty, in position order), all sharing one key of `kind`;
/// `groups_of_keys[k]` is the rule group (family or rule) of subject key `k`.
fn build(
    issues: &[NormalizedIssue],
    rows: &[Row],
    subjects: &[Subject],
    groups_of_keys: &[Box<str>],
    kind: Key,
    members: &[usize],
) -> Cluster {
    let first = &issues[members[0]];
    let (engine, rule) = (first.engine.as_str(), first.rule.as_str());
    let subject = match kind {
        Key::Subject => Some(&subjects[rows[members[0]].subject as usize]),
        Key::Rule => None,
    };
    let cluster_id = match subject {
        Some(subject) => {
            let group = &*groups_of_keys[rows[members[0]].subject_key as usize];
            let mut parts = vec!["subject", engine, group];
            parts.extend(subject.key_parts());
            cluster_id(&parts)
        }
        None => cluster_id(&["rule", engine, rule]),
    };
    // A shared subject is a cause when its adapter says fixing it clears others; a rule's
    // cluster only when the rule reports the engine's configuration.
    let role = rows[members[0]].role;
    let root_cause = match subject {
        Some(_) => matches!(role, Role::Cause | Role::Config),
        None => role == Role::Config,
    };
    let stats = summary::Stats::of(issues, rows, members);
    let (root_cause_summary, suggested_action) = match subject {
        Some(subject) => summary::for_subject(&stats, subject),
        None => summary::for_rule(&stats, issues, rows, subjects, members, rule),
    };
    Cluster {
        cluster_id,
        root_cause_summary,
        rule_ids: rule_ids(issues, rows, members),
        issue_count: members.len(),
        file_count: stats.file_count,
        priority: 0,
        suggested_action,
        sample_issue_ids: samples(issues, rows, members),
        severity: Some(if stats.errors > 0 {
            IssueSeverity::Error
        } else {
            IssueSeverity::Warning
        }),
        fixable_count: Some(stats.fixable),
        delta: None,
        new: false,
        root_cause,
        downstream_count: None,
    }
}

/// The distinct rules of the members, sorted. A cluster has one rule, or the few tsc codes of one
/// diagnostic family, so a linear scan finds the distinct ones.
fn rule_ids(issues: &[NormalizedIssue], rows: &[Row], members: &[usize]) -> Vec<String> {
    let mut distinct: Vec<(u32, usize)> = Vec::new();
    for &i in members {
        if !distinct.iter().any(|&(rule, _)| rule == rows[i].rule) {
            distinct.push((rows[i].rule, i));
        }
    }
    let mut names: Vec<&str> = distinct
        .into_iter()
        .map(|(_, i)| issues[i].rule.as_str())
        .collect();
    names.sort_unstable();
    names.into_iter().map(str::to_owned).collect()
}

/// The first issue, then the first issue in another file (or the next one): two views of the cause.
fn samples(issues: &[NormalizedIssue], rows: &[Row], members: &[usize]) -> Vec<String> {
    let Some(&first) = members.first() else {
        return Vec::new();
    };
    let mut out = vec![issues[first].issue_id.clone()];
    let other_file = members
        .iter()
        .find(|&&i| rows[i].file != rows[first].file)
        .or_else(|| members.get(1));
    if let Some(&second) = other_file
        && SAMPLES > 1
    {
        out.push(issues[second].issue_id.clone());
    }
    out
}
