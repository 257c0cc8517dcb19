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

use std::collections::{BTreeMap, BTreeSet};

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use super::Analysis;
use super::intern::tuple_key;
use super::message::message_template;
use super::model::{ChurnWarning, LoopStatus, LoopWarning, NormalizedIssue};

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

/// Which files one engine re-examined in a check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Coverage {
    /// Every file (a whole-program engine such as tsc that ran, or a whole-project check).
    All,
    /// Only these project-relative files (a file-local engine run on a subset).
    Files(BTreeSet<String>),
}

impl Coverage {
    pub fn files<I, S>(files: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Coverage::Files(files.into_iter().map(Into::into).collect())
    }

    pub fn covers(&self, file: &str) -> bool {
        match self {
            Coverage::All => true,
            Coverage::Files(files) => files.contains(file),
        }
    }
}

/// What a check re-examined: per engine, its coverage (an engine absent from the map did not run,
/// or failed, and re-examined nothing); and the files the check focused on (asked about or edited),
/// which is what churn counts.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Rechecked {
    pub engines: BTreeMap<String, Coverage>,
    pub focus: BTreeSet<String>,
}

impl Rechecked {
    pub fn new() -> Self {
        Self::default()
    }

    /// A whole-project check in which these engines ran (no focus: churn is left alone).
    pub fn whole_project<I, S>(engines: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Self {
            engines: engines
                .into_iter()
                .map(|e| (e.into(), Coverage::All))
                .collect(),
            focus: BTreeSet::new(),
        }
    }

    pub fn engine(mut self, engine: impl Into<String>, coverage: Coverage) -> Self {
        self.engines.insert(engine.into(), coverage);
        self
    }

    pub fn focus<I, S>(mut self, files: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.focus.extend(files.into_iter().map(Into::into));
        self
    }

    /// Did `engine` re-examine `file` in this check?
    pub fn covers(&self, engine: &str, file: &str) -> bool {
        self.engines.get(engine).is_some_and(|c| c.covers(file))
    }

    fn in_focus(&self, engine: &str, file: &str) -> bool {
        self.focus.contains(file) && self.covers(engine, file)
    }
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

/// `This issue was fixed and reappeared N times — consider a different approach`.
pub fn loop_hint(occurrences: u32) -> String {
    format!(
        "This issue was fixed and reappeared {occurrences} times — consider a different approach"
    )
}

/// `{file} has re-triggered {rule} across {n} separate checks — …`.
pub fn churn_hint(file: &str, rule: &str, checks: u32) -> String {
    format!(
        "{file} has re-triggered {rule} across {checks} separate checks — the agent may be stuck on this file, not just this exact issue"
    )
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

    fn update_churn(&mut self, analysis: &Analysis, rechecked: &Rechecked, now: u64) {
        if rechecked.focus.is_empty() {
            return;
        }
        for issue in &analysis.issues {
            if !rechecked.in_focus(&issue.engine, &issue.file) {
                continue;
            }
            // Keys are cloned only for new pairs.
            if !self.churn.contains_key(issue.file.as_str()) {
                self.churn.insert(issue.file.clone(), BTreeMap::new());
            }
            let Some(rules) = self.churn.get_mut(issue.file.as_str()) else {
                continue;
            };
            if !rules.contains_key(issue.rule.as_str()) {
                rules.insert(
                    issue.rule.clone(),
                    Churn {
                        engine: issue.engine.clone(),
                        streak: 0,
                        seen: 0,
                    },
                );
            }
            let Some(churn) = rules.get_mut(issue.rule.as_str()) else {
                continue;
            };
            if churn.seen != now {
                churn.streak += 1;
                churn.seen = now;
            }
        }
        // Focused and quiet: the streak ends (and the pair carries no more information).
        for (file, rules) in self.churn.iter_mut() {
            rules.retain(|_, c| c.seen == now || !rechecked.in_focus(&c.engine, file));
        }
        self.churn.retain(|_, rules| !rules.is_empty());
    }

    /// Signatures with at least one pair at `threshold` reappearances; with `active_in`, only those
    /// with a looping pair present in that check. Most occurrences first, then by signature.
    fn looping(&self, threshold: u32, active_in: Option<u64>) -> Vec<LoopWarning> {
        let mut out = Vec::new();
        for (sig, tracks) in &self.tracks {
            let mut looping: Vec<(&String, &Track)> = tracks
                .files
                .iter()
                .filter(|(_, t)| t.reappearances >= threshold)
                .collect();
            if looping.is_empty() {
                continue;
            }
            if let Some(now) = active_in
                && !looping.iter().any(|(_, t)| t.seen == now)
            {
                continue;
            }
            looping.sort_by(|a, b| b.1.reappearances.cmp(&a.1.reappearances).then(a.0.cmp(b.0)));
            let occurrences = looping[0].1.reappearances;
            out.push(LoopWarning {
                signature: sig.clone(),
                occurrences,
                hint: loop_hint(occurrences),
                files: looping.into_iter().map(|(f, _)| f.clone()).collect(),
            });
        }
        out.sort_by(|a, b| {
            b.occurrences
                .cmp(&a.occurrences)
                .then_with(|| a.signature.cmp(&b.signature))
        });
        out
    }

    fn churning(&self, threshold: u32, active_in: Option<u64>) -> Vec<ChurnWarning> {
        let mut out: Vec<ChurnWarning> = self
            .churn
            .iter()
            .flat_map(|(file, rules)| rules.iter().map(move |(rule, c)| (file, rule, c)))
            .filter(|(_, _, c)| c.streak >= threshold && active_in.is_none_or(|now| c.seen == now))
            .map(|(file, rule, c)| ChurnWarning {
                file: file.clone(),
                rule: rule.clone(),
                checks: c.streak,
                hint: churn_hint(file, rule, c.streak),
            })
            .collect();
        out.sort_by(|a, b| {
            b.checks
                .cmp(&a.checks)
                .then_with(|| a.file.cmp(&b.file))
                .then_with(|| a.rule.cmp(&b.rule))
        });
        out
    }

    /// Adds the pairs seen for the first time (`fresh`, in signature order) and drops the least
    /// recently observed pairs beyond `max` (ties: by signature, then file), as if every fresh
    /// pair had been inserted first: a fresh pair that would be dropped at once is never
    /// inserted.
    fn insert_and_evict(&mut self, fresh: &[Fresh<'_>], now: u64, max: usize) {
        let fresh_pairs: usize = fresh.iter().map(|f| f.files.len()).sum();
        let total = self.tracked() + fresh_pairs;
        let mut doomed = (total > max).then(|| {
            let touched = self
                .tracks
                .values()
                .flat_map(|t| t.files.values().map(|track| track.touched))
                .chain(std::iter::repeat_n(now, fresh_pairs));
            Doomed::new(touched, total - max)
        });
        let evicting = doomed.is_some();
        // Maps iterate in key order: the tie order of the doomed pairs.
        let mut take = |age: u64| doomed.as_mut().is_some_and(|d| d.take(age));
        let mut added: Vec<(String, Tracks)> = Vec::new();
        let mut new_signature = |f: &Fresh<'_>, take: &mut dyn FnMut(u64) -> bool| {
            let files: BTreeMap<String, Track> = f
                .files
                .iter()
                .filter(|_| !take(now))
                .map(|&file| (file.to_owned(), new_track(now)))
                .collect();
            if !files.is_empty() {
                added.push((
                    f.sig.to_owned(),
                    Tracks {
                        engine: f.engine.to_owned(),
                        files,
                    },
                ));
            }
        };
        let mut fresh = fresh.iter().peekable();
        self.tracks.retain(|sig, tracks| {
            while let Some(f) = fresh.next_if(|f| f.sig < sig.as_str()) {
                new_signature(f, &mut take);
            }
            let files = fresh
                .next_if(|f| f.sig == sig.as_str())
                .map_or(&[][..], |f| f.files.as_slice());
            let had = tracks.files.len() + files.len();
            let mut files = files.iter().copied().peekable();
            let mut kept = Vec::new();
            if evicting {
                tracks.files.retain(|file, track| {
                    while let Some(new) = files.next_if(|&f| f < file.as_str()) {
                        if !take(now) {
                            kept.push(new);
                        }
                    }
                    !take(track.touched)
                });
            }
            kept.extend(files.filter(|_| !take(now)));
            for file in kept {
                tracks.files.insert(file.to_owned(), new_track(now));
            }
            !evicting || had == 0 || !tracks.files.is_empty()
        });
        for f in fresh {
            new_signature(f, &mut take);
        }
        self.tracks.extend(added);
    }

    /// Drops the least recently seen churn pairs beyond `max` (ties: by file, then rule).
    fn evict_churn(&mut self, max: usize) {
        let churn_total: usize = self.churn.values().map(BTreeMap::len).sum();
        if churn_total > max {
            let seen = self.churn.values().flat_map(|r| r.values().map(|c| c.seen));
            let mut doomed = Doomed::new(seen, churn_total - max);
            self.churn.retain(|_, rules| {
                let had = rules.len();
                rules.retain(|_, churn| !doomed.take(churn.seen));
                had == 0 || !rules.is_empty()
            });
        }
    }
}

/// The pairs of one signature of this check that the history does not have yet.
struct Fresh<'a> {
    sig: &'a str,
    /// The engine that reported the signature last in this check.
    engine: &'a str,
    /// Sorted, distinct.
    files: Vec<&'a str>,
}

/// The `excess` oldest entries, told apart as they are visited in key order: every entry older
/// than the cutoff, and the first ones (in key order) at the cutoff.
struct Doomed {
    cutoff: u64,
    at_cutoff: usize,
}

impl Doomed {
    /// `ages`: every entry's last check; `excess`: how many to drop (at least 1).
    fn new(ages: impl Iterator<Item = u64>, excess: usize) -> Self {
        let mut ages: Vec<u64> = ages.collect();
        let (_, &mut cutoff, _) = ages.select_nth_unstable(excess - 1);
        let older = ages.iter().filter(|&&age| age < cutoff).count();
        Self {
            cutoff,
            at_cutoff: excess - older,
        }
    }

    /// Whether the next entry (in key order), last seen in check `age`, is dropped.
    fn take(&mut self, age: u64) -> bool {
        if age < self.cutoff {
            true
        } else if age == self.cutoff && self.at_cutoff > 0 {
            self.at_cutoff -= 1;
            true
        } else {
            false
        }
    }
}

/// Each signature of the issues (sorted) with its issues' indices in check order.
fn by_signature(issues: &[NormalizedIssue]) -> Vec<(String, Vec<usize>)> {
    let mut out = signatures_of(issues);
    out.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    out
}

/// The signatures of `issues` (unsorted) with their issues' indices, in order. Many issues share
/// a message: each distinct (rule, message) is templated once.
fn signatures_of(issues: &[NormalizedIssue]) -> Vec<(String, Vec<usize>)> {
    let mut of_message: FxHashMap<Box<[u8]>, usize> = FxHashMap::default();
    let mut of_signature: FxHashMap<String, usize> = FxHashMap::default();
    let mut out: Vec<(String, Vec<usize>)> = Vec::new();
    let mut key = Vec::with_capacity(256);
    for (i, issue) in issues.iter().enumerate() {
        tuple_key(&mut key, &[&issue.rule, &issue.message]);
        let at = match of_message.get(key.as_slice()) {
            Some(&at) => at,
            None => {
                let at = *of_signature
                    .entry(signature(issue))
                    .or_insert_with_key(|sig| {
                        out.push((sig.clone(), Vec::new()));
                        out.len() - 1
                    });
                of_message.insert(key.as_slice().into(), at);
                at
            }
        };
        out[at].1.push(i);
    }
    out
}

fn new_track(now: u64) -> Track {
    Track {
        present: true,
        reappearances: 0,
        seen: now,
        touched: now,
    }
}

/// Walks one signature's pairs together with the files (sorted, distinct) it is present in now:
/// marks those present and fixes absent ones `coverage` re-examined. True when a pair came back
/// after a fix, and the files it has no pair for yet (sorted).
fn observe<'a>(
    tracks: &mut BTreeMap<String, Track>,
    files: &[&'a str],
    coverage: Option<&Coverage>,
    now: u64,
) -> (bool, Vec<&'a str>) {
    let mut back = false;
    let mut files = files.iter().copied().peekable();
    let mut fresh = Vec::new();
    for (file, track) in tracks.iter_mut() {
        while let Some(new) = files.next_if(|&f| f < file.as_str()) {
            fresh.push(new);
        }
        if files.next_if_eq(&file.as_str()).is_some() {
            if track.seen != now {
                back |= !track.present;
                track.reappearances += u32::from(!track.present);
                track.present = true;
                track.seen = now;
                track.touched = now;
            }
        } else {
            mark_fixed(file, track, coverage, now);
        }
    }
    fresh.extend(files);
    (back, fresh)
}

/// A pair absent from this check whose file its engine re-examined: fixed.
fn mark_fixed(file: &str, track: &mut Track, coverage: Option<&Coverage>, now: u64) {
    if track.present && track.seen != now && coverage.is_some_and(|c| c.covers(file)) {
        track.present = false;
        track.touched = now;
    }
}
