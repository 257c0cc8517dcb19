//! The pure heart of signalint: issues and history in, results out.
//!
//! No IO, no clock, no errors: everything here is a function of its arguments, which is what
//! makes ids, clusters and loop verdicts reproducible and testable from data alone.

mod message;
pub mod model;

pub use message::normalize_message;
pub use model::*;

use std::collections::{BTreeMap, BTreeSet};

/// The result of normalizing, identifying and clustering one check's issues.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Analysis {
    /// Every issue, with `cluster_id` set, sorted by file, line, column, rule.
    pub issues: Vec<NormalizedIssue>,
    /// Every cluster, in priority order (1 is most urgent).
    pub clusters: Vec<Cluster>,
}

/// Normalizes messages, derives ids and clusters issues by rule.
pub fn analyze(inputs: Vec<IssueInput>) -> Analysis {
    let mut issues: Vec<NormalizedIssue> = inputs
        .into_iter()
        .map(|input| {
            let message = normalize_message(&input.message);
            let issue_id = issue_id(&input, &message);
            NormalizedIssue {
                issue_id,
                file: input.file,
                line: input.line,
                col: input.col,
                engine: input.engine,
                rule: input.rule,
                severity: input.severity,
                message,
                fixable: input.fixable,
                cluster_id: None,
                end_line: input.end_line,
                end_col: input.end_col,
                help: input.help,
                url: input.url,
            }
        })
        .collect();
    issues.sort_by(|a, b| {
        (&a.file, a.line, a.col, &a.rule, &a.issue_id).cmp(&(
            &b.file,
            b.line,
            b.col,
            &b.rule,
            &b.issue_id,
        ))
    });

    let mut by_rule: BTreeMap<(String, String), Vec<usize>> = BTreeMap::new();
    for (index, issue) in issues.iter().enumerate() {
        by_rule
            .entry((issue.engine.clone(), issue.rule.clone()))
            .or_default()
            .push(index);
    }
    let mut clusters = Vec::new();
    for ((engine, rule), members) in by_rule {
        let cluster_id = short_hash(&["cluster", &engine, &rule]);
        let files: BTreeSet<&str> = members.iter().map(|&i| issues[i].file.as_str()).collect();
        let errors = members
            .iter()
            .any(|&i| issues[i].severity == IssueSeverity::Error);
        let fixable = members.iter().filter(|&&i| issues[i].fixable).count();
        let n = members.len();
        let noun = if errors { "error" } else { "warning" };
        clusters.push(Cluster {
            cluster_id: cluster_id.clone(),
            root_cause_summary: format!(
                "{n} {rule} {noun}{} in {} file{}",
                plural(n),
                files.len(),
                plural(files.len())
            ),
            rule_ids: vec![rule.clone()],
            issue_count: n,
            file_count: files.len(),
            priority: 0,
            suggested_action: format!("Review {rule}"),
            sample_issue_ids: members
                .iter()
                .take(2)
                .map(|&i| issues[i].issue_id.clone())
                .collect(),
            severity: Some(if errors {
                IssueSeverity::Error
            } else {
                IssueSeverity::Warning
            }),
            fixable_count: Some(fixable),
            delta: None,
        });
        for &i in &members {
            issues[i].cluster_id = Some(cluster_id.clone());
        }
    }
    clusters.sort_by(|a, b| {
        (a.severity, std::cmp::Reverse(a.issue_count), &a.cluster_id).cmp(&(
            b.severity,
            std::cmp::Reverse(b.issue_count),
            &b.cluster_id,
        ))
    });
    for (rank, cluster) in clusters.iter_mut().enumerate() {
        cluster.priority = rank as u32 + 1;
    }
    Analysis { issues, clusters }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A content-derived issue id: 16 hex characters.
fn issue_id(input: &IssueInput, message: &str) -> String {
    short_hash(&[
        &input.file,
        &input.engine,
        &input.rule,
        message,
        input.line_text.trim(),
    ])
}

/// The first 16 hex characters of the BLAKE3 hash of the NUL-joined parts.
pub fn short_hash(parts: &[&str]) -> String {
    let mut hasher = blake3::Hasher::new();
    for part in parts {
        hasher.update(part.as_bytes());
        hasher.update(&[0]);
    }
    hasher.finalize().to_hex()[..16].to_owned()
}
