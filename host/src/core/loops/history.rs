//! Loop tracking: each `(signature, file)` pair's presence, fixes and reappearances.

use std::collections::BTreeMap;

use rustc_hash::FxHashMap;

use super::{Coverage, LoopHistory, Track, signature};
use crate::core::intern::tuple_key;
use crate::core::model::{LoopWarning, NormalizedIssue};

/// `This issue was fixed and reappeared N times — consider a different approach`.
pub fn loop_hint(occurrences: u32) -> String {
    format!(
        "This issue was fixed and reappeared {occurrences} times — consider a different approach"
    )
}

impl LoopHistory {
    /// Signatures with at least one pair at `threshold` reappearances; with `active_in`, only those
    /// with a looping pair present in that check. Most occurrences first, then by signature.
    pub(super) fn looping(&self, threshold: u32, active_in: Option<u64>) -> Vec<LoopWarning> {
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
}

/// Each signature of the issues (sorted) with its issues' indices in check order.
pub(super) fn by_signature(issues: &[NormalizedIssue]) -> Vec<(String, Vec<usize>)> {
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

pub(super) fn new_track(now: u64) -> Track {
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
pub(super) fn observe<'a>(
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
pub(super) fn mark_fixed(file: &str, track: &mut Track, coverage: Option<&Coverage>, now: u64) {
    if track.present && track.seen != now && coverage.is_some_and(|c| c.covers(file)) {
        track.present = false;
        track.touched = now;
    }
}
