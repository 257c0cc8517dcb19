//! The bound on loop memory: the least recently observed entries go first.

use std::collections::BTreeMap;

use super::history::new_track;
use super::{LoopHistory, Track, Tracks};

impl LoopHistory {
    /// Adds the pairs seen for the first time (`fresh`, in signature order) and drops the least
    /// recently observed pairs beyond `max` (ties: by signature, then file), as if every fresh
    /// pair had been inserted first: a fresh pair that would be dropped at once is never
    /// inserted.
    pub(super) fn insert_and_evict(&mut self, fresh: &[Fresh<'_>], now: u64, max: usize) {
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
}

/// The pairs of one signature of this check that the history does not have yet.
pub(super) struct Fresh<'a> {
    pub sig: &'a str,
    /// The engine that reported the signature last in this check.
    pub engine: &'a str,
    /// Sorted, distinct.
    pub files: Vec<&'a str>,
}

/// The `excess` oldest entries, told apart as they are visited in key order: every entry older
/// than the cutoff, and the first ones (in key order) at the cutoff.
pub(super) struct Doomed {
    cutoff: u64,
    at_cutoff: usize,
}

impl Doomed {
    /// `ages`: every entry's last check; `excess`: how many to drop (at least 1).
    pub(super) fn new(ages: impl Iterator<Item = u64>, excess: usize) -> Self {
        let mut ages: Vec<u64> = ages.collect();
        let (_, &mut cutoff, _) = ages.select_nth_unstable(excess - 1);
        let older = ages.iter().filter(|&&age| age < cutoff).count();
        Self {
            cutoff,
            at_cutoff: excess - older,
        }
    }

    /// Whether the next entry (in key order), last seen in check `age`, is dropped.
    pub(super) fn take(&mut self, age: u64) -> bool {
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
