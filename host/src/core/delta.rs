//! What changed since the previous check of the same scope: new, resolved and persisting issues,
//! overall and per cluster.
//!
//! Issue ids are content-derived, so "the same issue" is "the same id". An issue of the previous
//! check that is absent now counts as **resolved only if its engine re-examined its file** in this
//! check; otherwise nothing is known about it and it is counted nowhere (and kept in the next
//! snapshot by [`Snapshot::advance`]).

use std::collections::BTreeMap;

use rustc_hash::{FxHashMap, FxHashSet};
use serde::{Deserialize, Serialize};

use super::Analysis;
use super::loops::Rechecked;
use super::model::{Cluster, Delta};

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
        }
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
    /// Sets `Cluster.delta` on the clusters of this check.
    pub fn annotate(&self, clusters: &mut [Cluster]) {
        for cluster in clusters {
            cluster.delta = Some(
                self.clusters
                    .get(&cluster.cluster_id)
                    .copied()
                    .unwrap_or_default(),
            );
        }
    }
}

/// Compares this check with the previous snapshot of the same scope.
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
