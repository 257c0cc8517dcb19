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
//! // 4. Delta against the project's memory (the last known issues of every file; none only
//! //    when no engine examined the checked files before), then advance the memory.
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

mod analyze;
mod cluster;
pub mod delta;
pub mod ids;
mod intern;
pub mod loops;
mod message;
pub mod model;
pub mod page;
pub mod priority;
pub mod response;
pub mod syntax;
#[cfg(test)]
mod tests;

pub use cluster::subject::{
    PackageState, Subjects, Unbuilt, Workspace, advise_workspace, unresolved_packages,
};
pub use delta::{
    DeltaReport, Snapshot, SnapshotIssue, delta, mark_new, narrow, rank_new_errors_first,
};
pub use ids::{cluster_id, is_cluster_id, is_issue_id, short_hash};
pub use loops::{
    CHURN_THRESHOLD, Coverage, DEFAULT_LOOP_THRESHOLD, LoopConfig, LoopHistory, LoopReport,
    MAX_TRACKED, Rechecked, signature,
};
pub use message::{MAX_MESSAGE_CHARS, collapse_whitespace, message_template, normalize_message};
pub use model::*;
pub use page::{DEFAULT_PAGE_SIZE, ISSUE_PAGE_BYTES, IssuePage, Page, page, page_issues};
pub use response::{ResponseParts, respond};

pub use analyze::analyze;

/// The result of normalizing, identifying and clustering one check's issues.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Analysis {
    /// Every issue, with `cluster_id` set, sorted by file, line, column, engine, rule.
    pub issues: Vec<NormalizedIssue>,
    /// Every cluster, in priority order (1 is most urgent).
    pub clusters: Vec<Cluster>,
    /// The issues' subjects, for advice that needs facts the core does not read.
    pub subjects: Subjects,
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
