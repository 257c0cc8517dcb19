//! What changed since the previous check of the same scope: new, resolved and persisting issues,
//! overall and per cluster.
//!
//! Issue ids are content-derived, so "the same issue" is "the same id". An issue of the previous
//! check that is absent now counts as **resolved only if its engine re-examined its file** in this
//! check; otherwise nothing is known about it and it is counted nowhere (and kept in the next
//! snapshot by [`Snapshot::advance`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Analysis;
use super::hash::{self, FxHashMap, FxHashSet};
use super::loops::Rechecked;
use super::model::{Cluster, Delta, NormalizedIssue};
use super::par::PARALLEL_FROM;

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
    by_sorted_ids(previous, current, rechecked)
        .unwrap_or_else(|| by_hashed_ids(previous, current, rechecked))
}

/// [`delta`] when every id has its usual shape (16 lowercase hex digits, and `c-` with 12 for the
/// clusters of this check): ids read as integers, whose order is the order of their text, so the
/// snapshot (kept in id order) and this check's sorted ids are walked side by side without
/// hashing a string. `None` for any other id.
fn by_sorted_ids(
    previous: &Snapshot,
    current: &Analysis,
    rechecked: &Rechecked,
) -> Option<DeltaReport> {
    let issues = &current.issues;
    // This check's sorted ids, and its clusters numbered by their ids read as integers: neither
    // needs the other, so with many issues a second thread sorts the ids meanwhile.
    let sorted_ids = || {
        let mut now: Vec<(u64, u32)> = Vec::with_capacity(issues.len());
        for (i, issue) in issues.iter().enumerate() {
            now.push((hex_u64::<16>(&issue.issue_id)?, u32::try_from(i).ok()?));
        }
        now.sort_unstable();
        Some(now)
    };
    let (now, slots) = if issues.len() < PARALLEL_FROM {
        (sorted_ids(), cluster_slots(issues))
    } else {
        std::thread::scope(|scope| {
            let now = scope.spawn(sorted_ids);
            let slots = cluster_slots(issues);
            let now = now
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (now, slots)
        })
    };
    let (
        now,
        ClusterSlots {
            slot_of,
            mut clusters,
        },
    ) = (now?, slots?);
    // Per issue of this check: whether the previous check had its id.
    let mut persisting = vec![false; issues.len()];
    let mut resolved: FxHashMap<&str, usize> = FxHashMap::default();
    let mut overall = Delta::default();
    let mut at = 0;
    for (id, issue) in &previous.issues {
        let id = hex_u64::<16>(id)?;
        while at < now.len() && now[at].0 < id {
            at += 1;
        }
        let mut found = false;
        for &(_, i) in now[at..].iter().take_while(|&&(other, _)| other == id) {
            persisting[i as usize] = true;
            found = true;
        }
        if !found && rechecked.covers(&issue.engine, &issue.file) {
            *resolved.entry(issue.cluster_id.as_str()).or_default() += 1;
            overall.resolved += 1;
        }
    }
    drop(now);
    for (&slot, &persists) in slot_of.iter().zip(&persisting) {
        let entry = &mut clusters[slot as usize].1;
        if persists {
            entry.persisting += 1;
            overall.persisting += 1;
        } else {
            entry.new += 1;
            overall.new += 1;
        }
    }
    let mut by_cluster: BTreeMap<String, Delta> = clusters
        .into_iter()
        .map(|(id, d)| (id.to_owned(), d))
        .collect();
    for (id, count) in resolved {
        match by_cluster.get_mut(id) {
            Some(entry) => entry.resolved += count,
            None => {
                by_cluster.insert(
                    id.to_owned(),
                    Delta {
                        resolved: count,
                        ..Delta::default()
                    },
                );
            }
        }
    }
    Some(DeltaReport {
        overall,
        clusters: by_cluster,
    })
}

/// This check's clusters, numbered in order of their first issue.
struct ClusterSlots<'a> {
    /// Per issue: the number of its cluster.
    slot_of: Vec<u32>,
    /// Per number: the cluster's id and its delta (zero so far).
    clusters: Vec<(&'a str, Delta)>,
}

/// The clusters of `issues`; `None` unless every issue has a cluster id of the usual shape.
fn cluster_slots(issues: &[NormalizedIssue]) -> Option<ClusterSlots<'_>> {
    let mut slots: FxHashMap<u64, u32> = FxHashMap::default();
    let mut clusters: Vec<(&str, Delta)> = Vec::new();
    let mut slot_of = Vec::with_capacity(issues.len());
    for issue in issues {
        let id = issue.cluster_id.as_deref()?;
        let key = hex_u64::<12>(id.strip_prefix("c-")?)?;
        let next = u32::try_from(clusters.len()).ok()?;
        let slot = *slots.entry(key).or_insert_with(|| {
            clusters.push((id, Delta::default()));
            next
        });
        slot_of.push(slot);
    }
    Some(ClusterSlots { slot_of, clusters })
}

/// `N` lowercase hex digits as an integer (the first digit most significant), or `None`.
fn hex_u64<const N: usize>(text: &str) -> Option<u64> {
    let bytes: &[u8; N] = text.as_bytes().try_into().ok()?;
    let mut value = 0u64;
    for &b in bytes {
        let digit = match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' => b - b'a' + 10,
            _ => return None,
        };
        value = value << 4 | u64::from(digit);
    }
    Some(value)
}

/// [`delta`] for ids of any shape.
fn by_hashed_ids(previous: &Snapshot, current: &Analysis, rechecked: &Rechecked) -> DeltaReport {
    let before: FxHashSet<&str> = {
        let mut set = hash::set_with_capacity(previous.issues.len());
        set.extend(previous.issues.keys().map(String::as_str));
        set
    };
    let mut now: FxHashSet<&str> = hash::set_with_capacity(current.issues.len());
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
