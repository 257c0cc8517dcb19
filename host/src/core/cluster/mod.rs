//! Root-cause clustering.
//!
//! The cluster key is the issue's engine, a rule group and the root-cause **subject** read from the
//! message by the extractor of the rule's family (`subject.rs` dispatches to `tsc.rs`,
//! `unused.rs`, `lint.rs`). For lint rules the group is the rule itself, so engine scope is kept
//! (`eslint/no-unused-vars` and `typescript/no-unused-vars` never merge). For tsc codes the group is
//! the diagnostic family, so variants of one diagnostic merge (TS2304 `Cannot find name 'X'` and
//! TS2552 `… Did you mean 'Y'?` on the same `X` are one root cause).
//!
//! A subject cluster needs at least two issues. Every other issue of a rule (no subject, or a
//! subject no other issue shares) goes to that rule's single fallback cluster, so a long tail of
//! one-off issues never floods the page with singletons. Every issue lands in exactly one cluster.

mod lint;
pub(crate) mod subject;
mod summary;
mod tsc;
mod unused;

use std::collections::BTreeSet;

use subject::{Subject, rule_name};

use super::hash::FxHashMap;
use super::ids::cluster_id;
use super::model::{Cluster, IssueSeverity, NormalizedIssue};

/// The fewest issues that make a subject cluster.
pub const MIN_SUBJECT_CLUSTER: usize = 2;
/// Sample issue ids per cluster.
pub const SAMPLES: usize = 2;

/// What holds a cluster together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Key<'a> {
    Subject {
        engine: &'a str,
        group: &'a str,
        subject: &'a Subject,
    },
    Rule {
        engine: &'a str,
        rule: &'a str,
    },
}

/// Clusters `issues` (sorted by position) whose subjects are `subjects[i]`, sets each issue's
/// `cluster_id`, and returns the clusters with `priority` still 0 (see `priority::rank`).
pub(crate) fn cluster(
    issues: &mut [NormalizedIssue],
    subjects: &[Option<Subject>],
) -> Vec<Cluster> {
    debug_assert_eq!(issues.len(), subjects.len());
    let groups = group(issues, subjects);
    let mut clusters = Vec::with_capacity(groups.len());
    let mut memberships = Vec::with_capacity(groups.len());
    for (key, members) in groups {
        clusters.push(build(issues, subjects, key, &members));
        memberships.push(members);
    }
    for (cluster, members) in clusters.iter().zip(memberships) {
        for i in members {
            issues[i].cluster_id = Some(cluster.cluster_id.clone());
        }
    }
    clusters
}

/// Groups issue indices by cluster key: subject groups of ≥ 2 issues, then one fallback per rule.
fn group<'a>(
    issues: &'a [NormalizedIssue],
    subjects: &'a [Option<Subject>],
) -> Vec<(Key<'a>, Vec<usize>)> {
    let mut by_subject: FxHashMap<Key<'a>, Vec<usize>> = FxHashMap::default();
    let mut by_rule: FxHashMap<Key<'a>, Vec<usize>> = FxHashMap::default();
    for (i, (issue, subject)) in issues.iter().zip(subjects).enumerate() {
        match subject {
            Some(subject) => by_subject
                .entry(subject_key(issue, subject))
                .or_default()
                .push(i),
            None => by_rule.entry(rule_key(issue)).or_default().push(i),
        }
    }
    let mut groups: Vec<(Key<'a>, Vec<usize>)> = Vec::with_capacity(by_subject.len());
    for (key, members) in by_subject {
        if members.len() >= MIN_SUBJECT_CLUSTER {
            groups.push((key, members));
        } else {
            for i in members {
                by_rule.entry(rule_key(&issues[i])).or_default().push(i);
            }
        }
    }
    for (key, mut members) in by_rule {
        members.sort_unstable();
        groups.push((key, members));
    }
    groups
}

fn subject_key<'a>(issue: &'a NormalizedIssue, subject: &'a Subject) -> Key<'a> {
    let name = rule_name(&issue.rule);
    let group = if is_tsc_code(name) {
        subject.tsc_group()
    } else {
        issue.rule.as_str()
    };
    Key::Subject {
        engine: &issue.engine,
        group,
        subject,
    }
}

fn rule_key(issue: &NormalizedIssue) -> Key<'_> {
    Key::Rule {
        engine: &issue.engine,
        rule: &issue.rule,
    }
}

fn is_tsc_code(name: &str) -> bool {
    name.strip_prefix("TS")
        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

fn build(
    issues: &[NormalizedIssue],
    subjects: &[Option<Subject>],
    key: Key<'_>,
    members: &[usize],
) -> Cluster {
    let cluster_id = match key {
        Key::Subject {
            engine,
            group,
            subject,
        } => {
            let mut parts = vec!["subject", engine, group];
            parts.extend(subject.key_parts());
            cluster_id(&parts)
        }
        Key::Rule { engine, rule } => cluster_id(&["rule", engine, rule]),
    };
    let stats = summary::Stats::of(issues, members);
    let (root_cause_summary, suggested_action) = match key {
        Key::Subject { subject, .. } => summary::for_subject(&stats, subject),
        Key::Rule { rule, .. } => summary::for_rule(&stats, issues, subjects, members, rule),
    };
    let rule_ids: BTreeSet<&str> = members.iter().map(|&i| issues[i].rule.as_str()).collect();
    Cluster {
        cluster_id,
        root_cause_summary,
        rule_ids: rule_ids.into_iter().map(str::to_owned).collect(),
        issue_count: members.len(),
        file_count: stats.file_count,
        priority: 0,
        suggested_action,
        sample_issue_ids: samples(issues, members),
        severity: Some(if stats.errors > 0 {
            IssueSeverity::Error
        } else {
            IssueSeverity::Warning
        }),
        fixable_count: Some(stats.fixable),
        delta: None,
    }
}

/// The first issue, then the first issue in another file (or the next one): two views of the cause.
fn samples(issues: &[NormalizedIssue], members: &[usize]) -> Vec<String> {
    let Some(&first) = members.first() else {
        return Vec::new();
    };
    let mut out = vec![issues[first].issue_id.clone()];
    let other_file = members
        .iter()
        .find(|&&i| issues[i].file != issues[first].file)
        .or_else(|| members.get(1));
    if let Some(&second) = other_file
        && SAMPLES > 1
    {
        out.push(issues[second].issue_id.clone());
    }
    out
}
