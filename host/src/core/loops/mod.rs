//! Fix/regress loop detection and per-file churn, scope-aware.
//!
//! A **signature** is `rule:template` (see [`signature`]). History is kept per
//! `(signature, file)`: a pair that was present, then **absent from a check that re-examined its
//! file with its engine** (a fix), then present again counts one reappearance. A check that did
//! not re-examine the file (`check_files` on other files, an engine that did not run) changes
//! nothing, so checking different files in turn never looks like a loop.
//!
//! A pair loops once its reappearances reach the threshold (2 by default: fixed and back twice).
//! The response's `loopWarning` names a looping signature only while one of its looping files has
//! it again in the current check; [`LoopHistory::status`] lists every looping signature.
//!
//! **Churn**: a `(file, rule)` pair that fires in 3 consecutive checks focused on that file (the
//! files asked about or edited, [`Rechecked::focus`]). A check that does not focus on the file
//! leaves its counter alone, so a whole-program engine reporting an old error in an untouched file
//! never churns.
//!
//! The state is a plain serde struct the host persists; it is bounded (oldest pairs evicted past
//! [`MAX_TRACKED`]) and reset by `LoopHistory::default()`.
//!
//! One job per module: `coverage` (what a check re-examined), `history` (each pair's presence,
//! fixes and reappearances), `churn` (focused `(file, rule)` streaks), `evict` (the bound); this
//! one holds the state and runs them in order for each check.

mod churn;
mod coverage;
mod evict;
mod history;

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::Analysis;
use super::message::message_template;
use super::model::{ChurnWarning, LoopStatus, LoopWarning, NormalizedIssue};
use evict::Fresh;
use history::{by_signature, mark_fixed, observe};

pub use churn::churn_hint;
pub use coverage::{Coverage, Rechecked};
pub use history::loop_hint;

/// Reappearances after a fix that make a loop.
pub const DEFAULT_LOOP_THRESHOLD: u32 = 2;
/// Consecutive focused checks in which a file's rule fires that make churn.
pub const CHURN_THRESHOLD: u32 = 3;
/// The most `(signature, file)` pairs (and, separately, `(file, rule)` churn pairs) kept.
pub const MAX_TRACKED: usize = 50_000;

/// The loop signature of an issue: `rule:template of the message`.
pub fn signature(issue: &NormalizedIssue) -> String {
    let template = message_template(&issue.message);
    let mut out = String::with_capacity(issue.rule.len() + 1 + template.len());
    out.push_str(&issue.rule);
    out.push(':');
    out.push_str(&template);
    out
}

/// Thresholds and bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoopConfig {
    pub threshold: u32,
    pub churn_threshold: u32,
    pub max_tracked: usize,
}

impl Default for LoopConfig {
    fn default() -> Self {
        Self {
            threshold: DEFAULT_LOOP_THRESHOLD,
            churn_threshold: CHURN_THRESHOLD,
            max_tracked: MAX_TRACKED,
        }
    }
}

/// The history of one signature: the engine that reports it and its history per file.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Tracks {
    pub engine: String,
    pub files: BTreeMap<String, Track>,
}

/// The history of one `(signature, file)` pair.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Track {
    /// Present as of the last check that re-examined the file.
    pub present: bool,
    /// Times it came back after a check had shown it fixed.
    pub reappearances: u32,
    /// The last check it was present in.
    pub seen: u64,
    /// The last check that observed it (present or fixed): eviction goes by this.
    pub touched: u64,
}

/// The churn counter of one `(file, rule)` pair.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Churn {
    pub engine: String,
    /// Consecutive focused checks in which the rule fired in the file.
    pub streak: u32,
    /// The last check in which it fired.
    pub seen: u64,
}

/// Loop memory across checks. Persist it as JSON; `LoopHistory::default()` is a reset.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoopHistory {
    /// Checks recorded so far.
    #[serde(default)]
    pub checks: u64,
    /// signature → engine and file → history.
    #[serde(default)]
    pub tracks: BTreeMap<String, Tracks>,
    /// file → rule → churn counter.
    #[serde(default)]
    pub churn: BTreeMap<String, BTreeMap<String, Churn>>,
}

/// What one check did to the loop memory.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LoopReport {
    /// The response's `loopWarning`: the most-repeated looping signature active in this check.
    pub loop_warning: Option<LoopWarning>,
    /// Every looping signature active in this check, most occurrences first.
    pub looping: Vec<LoopWarning>,
    /// The response's `fileRuleChurnWarning`: the longest churn active in this check.
    pub churn_warning: Option<ChurnWarning>,
    /// Every churn active in this check, longest first.
    pub churning: Vec<ChurnWarning>,
    /// Signatures that came back after a fix in this check (sorted).
    pub reappeared: Vec<String>,
}

impl LoopHistory {
    /// Records one check with the default churn threshold and bound.
    pub fn update(
        &mut self,
        analysis: &Analysis,
        rechecked: &Rechecked,
        threshold: u32,
    ) -> LoopReport {
        self.update_with(
            analysis,
            rechecked,
            &LoopConfig {
                threshold,
                ..LoopConfig::default()
            },
        )
    }

    /// Records one check.
    pub fn update_with(
        &mut self,
        analysis: &Analysis,
        rechecked: &Rechecked,
        config: &LoopConfig,
    ) -> LoopReport {
        self.checks += 1;
        let now = self.checks;
        let mut reappeared = BTreeSet::new();

        // One walk over the tracks in signature order; a signature of this check walks its files
        // together with the (sorted) files it has now: present pairs are observed, absent pairs
        // whose file its engine re-examined are fixed. Pairs seen for the first time are only
        // collected: eviction may drop them at once, and they are inserted only if it does not.
        let present = by_signature(&analysis.issues);
        let mut fresh: Vec<Fresh<'_>> = Vec::new();
        let mut add = |at: usize, tracks: Option<&mut Tracks>| {
            let (sig, members) = &present[at];
            // The engine that reported the signature last in this check.
            let engine = members
                .last()
                .map_or("", |&i| analysis.issues[i].engine.as_str());
            let mut files: Vec<&str> = members
                .iter()
                .map(|&i| analysis.issues[i].file.as_str())
                .collect();
            if !files.is_sorted() {
                files.sort_unstable();
            }
            files.dedup();
            let files = match tracks {
                Some(tracks) => {
                    if tracks.engine != engine {
                        engine.clone_into(&mut tracks.engine);
                    }
                    let coverage = rechecked.engines.get(tracks.engine.as_str());
                    let (back, new) = observe(&mut tracks.files, &files, coverage, now);
                    if back {
                        reappeared.insert(sig.to_owned());
                    }
                    new
                }
                None => files,
            };
            fresh.push(Fresh {
                sig: sig.as_str(),
                engine,
                files,
            });
        };
        let mut next = present.iter().enumerate().peekable();
        for (sig, tracks) in self.tracks.iter_mut() {
            while let Some((at, _)) = next.next_if(|(_, (p, _))| p < sig) {
                add(at, None);
            }
            match next.next_if(|(_, (p, _))| p == sig) {
                Some((at, _)) => add(at, Some(tracks)),
                None => {
                    let coverage = rechecked.engines.get(tracks.engine.as_str());
                    for (file, track) in tracks.files.iter_mut() {
                        mark_fixed(file, track, coverage, now);
                    }
                }
            }
        }
        for (at, _) in next {
            add(at, None);
        }
        self.update_churn(analysis, rechecked, now);
        self.insert_and_evict(&fresh, now, config.max_tracked);
        self.evict_churn(config.max_tracked);

        let threshold = config.threshold.max(1);
        let looping = self.looping(threshold, Some(now));
        let churning = self.churning(config.churn_threshold.max(1), Some(now));
        LoopReport {
            loop_warning: looping.first().cloned(),
            looping,
            churn_warning: churning.first().cloned(),
            churning,
            reappeared: reappeared.into_iter().collect(),
        }
    }

    /// Every looping signature (active or not) and every churning file, for `get_loop_status`.
    pub fn status(&self, threshold: u32) -> LoopStatus {
        let signatures = self.looping(threshold.max(1), None);
        let file_rule_churns = self.churning(CHURN_THRESHOLD, None);
        LoopStatus {
            looping: !signatures.is_empty(),
            signatures,
            file_rule_churns,
        }
    }

    /// Pairs tracked (the bounded quantity).
    pub fn tracked(&self) -> usize {
        self.tracks.values().map(|t| t.files.len()).sum()
    }
}
