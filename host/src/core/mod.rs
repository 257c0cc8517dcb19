//! The pure heart of signalint: issues and history in, results out.
//!
//! No IO, no clock, no errors: everything here is a function of its arguments, which is what
//! makes ids, clusters and loop verdicts reproducible and testable from data alone.
//!
//! # How the host calls it
//!
//! One check, after the engines ran and their diagnostics became [`IssueInput`]s:
//!
//! ```text
//! use signalint::core::{self, Coverage, LoopHistory, Rechecked, Snapshot};
//!
//! // 1. Which files each engine actually re-examined in this check.
//! let rechecked = Rechecked::new()
//!     .engine("oxlint", Coverage::files(["src/a.ts"]))  // file-local engine: what it ran on
//!     .engine("tsc", Coverage::All)                     // whole-program engine that ran
//!     .focus(["src/a.ts"]);                             // files asked about / edited (churn)
//!
//! // 2. Normalize, identify, cluster and prioritise.
//! let mut analysis = core::analyze(inputs);
//!
//! // 3. Loops: the host loads LoopHistory (serde), updates it, persists it again.
//! let loops = history.update(&analysis, &rechecked, config.loop_threshold);
//!
//! // 4. Delta against the previous snapshot of the same scope (if any), then keep the next one.
//! let delta = previous_snapshot.as_ref().map(|previous| {
//!     let report = core::delta(previous, &analysis, &rechecked);
//!     report.annotate(&mut analysis.clusters); // Cluster.delta
//!     report.overall                            // CheckResponse.delta
//! });
//! let next_snapshot = Snapshot::advance(previous_snapshot.as_ref(), &analysis, &rechecked);
//!
//! // 5. One page of clusters (a bad or foreign cursor gives page 1, `cursor_rejected`), and the
//! //    response (loopWarning and fileRuleChurnWarning come from `loops`).
//! let page = core::page(&analysis.clusters, cursor.as_deref(), core::DEFAULT_PAGE_SIZE);
//! let response = core::respond(core::ResponseParts { engines, rule_packs, analysis: &analysis,
//!     page, loops: Some(&loops), delta, include_issues: false });
//! ```
//!
//! `get_loop_status` is [`LoopHistory::status`]; resetting loop memory is
//! `LoopHistory::default()`. `get_issue_detail` resolves ids against the latest [`Analysis`]
//! ([`Analysis::issues_of_cluster`], [`Analysis::issue`]); an id that is not there is stale, since
//! ids are derived from content and never reassigned.

mod cluster;
pub mod delta;
mod hash;
pub mod ids;
pub mod loops;
mod message;
pub mod model;
pub mod page;
pub mod priority;
pub mod response;
#[cfg(test)]
mod tests;

pub use delta::{DeltaReport, Snapshot, SnapshotIssue, delta};
pub use ids::{cluster_id, is_cluster_id, is_issue_id, short_hash};
pub use loops::{
    CHURN_THRESHOLD, Coverage, DEFAULT_LOOP_THRESHOLD, LoopConfig, LoopHistory, LoopReport,
    MAX_TRACKED, Rechecked, signature,
};
pub use message::{MAX_MESSAGE_CHARS, collapse_whitespace, message_template, normalize_message};
pub use model::*;
pub use page::{DEFAULT_PAGE_SIZE, Page, page};
pub use response::{ResponseParts, respond};

use ids::{IdAssigner, IdParts};

/// The result of normalizing, identifying and clustering one check's issues.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Analysis {
    /// Every issue, with `cluster_id` set, sorted by file, line, column, engine, rule.
    pub issues: Vec<NormalizedIssue>,
    /// Every cluster, in priority order (1 is most urgent).
    pub clusters: Vec<Cluster>,
}

impl Analysis {
    /// The issue with this id, if it exists in this check.
    pub fn issue(&self, issue_id: &str) -> Option<&NormalizedIssue> {
        self.issues.iter().find(|i| i.issue_id == issue_id)
    }

    /// The cluster with this id, if it exists in this check.
    pub fn cluster(&self, cluster_id: &str) -> Option<&Cluster> {
        self.clusters.iter().find(|c| c.cluster_id == cluster_id)
    }

    /// The issues of a cluster, in position order; `None` when the cluster is stale.
    pub fn issues_of_cluster(&self, cluster_id: &str) -> Option<Vec<&NormalizedIssue>> {
        self.cluster(cluster_id)?;
        Some(
            self.issues
                .iter()
                .filter(|i| i.cluster_id.as_deref() == Some(cluster_id))
                .collect(),
        )
    }
}

/// The order of `issues` by file, line, column, engine, rule, message, content. Paths, engines
/// and rules are ranked once so the sort compares integers rather than strings.
fn position_order(issues: &[NormalizedIssue], contents: &[u64]) -> Vec<usize> {
    fn ranks<'a>(values: impl Iterator<Item = &'a str>) -> hash::FxHashMap<&'a str, u32> {
        let mut distinct: Vec<&str> = values.collect::<hash::FxHashSet<_>>().into_iter().collect();
        distinct.sort_unstable();
        distinct
            .into_iter()
            .enumerate()
            .map(|(rank, value)| (value, u32::try_from(rank).unwrap_or(u32::MAX)))
            .collect()
    }
    let files = ranks(issues.iter().map(|i| i.file.as_str()));
    let engines = ranks(issues.iter().map(|i| i.engine.as_str()));
    let rules = ranks(issues.iter().map(|i| i.rule.as_str()));
    let mut keys: Vec<([u32; 5], usize)> = issues
        .iter()
        .enumerate()
        .map(|(index, i)| {
            let key = [
                files[i.file.as_str()],
                i.line,
                i.col,
                engines[i.engine.as_str()],
                rules[i.rule.as_str()],
            ];
            (key, index)
        })
        .collect();
    keys.sort_unstable_by(|(a, ai), (b, bi)| {
        a.cmp(b).then_with(|| {
            (&issues[*ai].message, contents[*ai], ai).cmp(&(
                &issues[*bi].message,
                contents[*bi],
                bi,
            ))
        })
    });
    keys.into_iter().map(|(_, index)| index).collect()
}

/// An empty issue left behind when an issue is moved out.
fn taken() -> NormalizedIssue {
    NormalizedIssue {
        issue_id: String::new(),
        file: String::new(),
        line: 0,
        col: 0,
        engine: String::new(),
        rule: String::new(),
        severity: IssueSeverity::Warning,
        message: String::new(),
        fixable: false,
        cluster_id: None,
        end_line: None,
        end_col: None,
        help: None,
        url: None,
    }
}

/// Normalizes messages, derives content ids, clusters issues by root cause and ranks the clusters.
pub fn analyze(inputs: Vec<IssueInput>) -> Analysis {
    // In input order (sequential memory): normalize, read the subject, hash the content.
    let mut ids = IdAssigner::with_capacity(inputs.len());
    let mut unsorted = Vec::with_capacity(inputs.len());
    let mut subjects_unsorted = Vec::with_capacity(inputs.len());
    let mut contents = Vec::with_capacity(inputs.len());
    for input in inputs {
        let collapsed = message::collapse_owned(input.message);
        subjects_unsorted.push(cluster::subject::extract(&input.rule, &collapsed));
        let message = message::cut_owned(collapsed);
        contents.push(ids.content_hash(IdParts {
            file: &input.file,
            engine: &input.engine,
            rule: &input.rule,
            message: &message,
            line_text: &input.line_text,
        }));
        unsorted.push(NormalizedIssue {
            issue_id: String::new(),
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
        });
    }
    // In position order: occurrence indices among identical issues, then ids.
    let order = position_order(&unsorted, &contents);
    let mut issues = Vec::with_capacity(unsorted.len());
    let mut subjects = Vec::with_capacity(unsorted.len());
    for index in order {
        let mut issue = std::mem::replace(&mut unsorted[index], taken());
        issue.issue_id = ids.id_for(contents[index]);
        issues.push(issue);
        subjects.push(subjects_unsorted[index].take());
    }
    drop(unsorted);

    let mut clusters = cluster::cluster(&mut issues, &subjects);
    priority::rank(&mut clusters);
    Analysis { issues, clusters }
}
