//! What identifies one version of a file or directory on disk without reading it, and sets of
//! such stamps that say whether what a walk read may have changed since.
//!
//! A file's metadata (size, modification and change times, inode) changes with every write; a
//! directory's changes whenever an entry is added, removed or renamed in it. So a path whose
//! metadata is the same as when it was read holds the same content, with one exception that
//! git calls "racy": timestamps are coarse (a kernel tick on local file systems, up to two
//! seconds on some others), so a write just after the read can keep the same times. A path
//! changed within [`RACY_WINDOW`] of the moment it was read therefore proves nothing, whatever
//! its metadata says next time. The change time (`ctime`) decides, not the modification time:
//! every write sets it to the clock, and no program can set it back.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, SystemTime};

/// How close to its read a path's change time must be for its metadata not to prove that it
/// is unchanged: more than any file system's timestamp granularity.
pub(crate) const RACY_WINDOW: Duration = Duration::from_secs(2);

/// One version of a path on disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
    /// The inode's change time: set to the clock by every write and every metadata change.
    changed: Option<SystemTime>,
    inode: u64,
}

impl Stamp {
    pub fn of(metadata: &std::fs::Metadata) -> Self {
        #[cfg(unix)]
        let (changed, inode) = {
            use std::os::unix::fs::MetadataExt;
            let changed = u64::try_from(metadata.ctime()).ok().map(|secs| {
                SystemTime::UNIX_EPOCH
                    + Duration::new(secs, u32::try_from(metadata.ctime_nsec()).unwrap_or(0))
            });
            (changed, metadata.ino())
        };
        #[cfg(not(unix))]
        let (changed, inode) = (None, 0);
        Self {
            len: metadata.len(),
            modified: metadata.modified().ok(),
            changed,
            inode,
        }
    }

    /// Whether the path changed too close to `read_at` for this stamp to be trusted later.
    pub fn racy(&self, read_at: SystemTime, window: Duration) -> bool {
        self.changed
            .or(self.modified)
            .is_none_or(|changed| changed + window >= read_at)
    }
}

/// The stamp of `path` itself (a link is stamped, not followed); `None` when nothing is there.
fn stamp_now(path: &Path) -> Option<Stamp> {
    std::fs::symlink_metadata(path).ok().map(|m| Stamp::of(&m))
}

/// The paths a walk read (directories it listed, ignore files it honoured, files it looked
/// for, present or not), each with its stamp: while every stamp holds, the walk would find
/// the same again.
#[derive(Debug, Clone)]
pub(crate) struct Watched {
    /// When the walk started: a path changed after it (or just before) proves nothing.
    started: SystemTime,
    window: Duration,
    paths: Vec<(PathBuf, Option<Stamp>)>,
    racy: bool,
}

impl Watched {
    /// Starts watching, before the walk reads anything.
    pub fn start() -> Self {
        Self::with_window(RACY_WINDOW)
    }

    pub fn with_window(window: Duration) -> Self {
        Self {
            started: SystemTime::now(),
            window,
            paths: Vec::new(),
            racy: false,
        }
    }

    /// Records `path` as the walk saw it (absent included: its creation must be seen).
    pub fn add(&mut self, path: PathBuf) {
        let stamp = stamp_now(&path);
        self.racy |= stamp.is_some_and(|s| s.racy(self.started, self.window));
        self.paths.push((path, stamp));
    }

    /// Records the ignore files the `ignore` crate's walker reads in `dir`, present or not.
    pub fn add_ignore_files(&mut self, dir: &Path) {
        for name in [".gitignore", ".ignore", ".git/info/exclude"] {
            self.add(dir.join(name));
        }
    }

    /// Whether every path still has the stamp the walk saw, and none was racy.
    pub fn unchanged(&self) -> bool {
        !self.racy
            && self
                .paths
                .iter()
                .all(|(path, stamp)| stamp_now(path) == *stamp)
    }

    pub fn len(&self) -> usize {
        self.paths.len()
    }
}

/// A value computed by a walk (for a key: the ignore globs it honoured, say), kept while
/// nothing the walk read changed.
#[derive(Debug)]
pub(crate) struct WalkCache<K, V>(Mutex<Option<(K, V, Watched)>>);

impl<K, V> Default for WalkCache<K, V> {
    fn default() -> Self {
        Self(Mutex::new(None))
    }
}

impl<K: PartialEq, V: Clone> WalkCache<K, V> {
    /// The kept value when its key is `key` and what its walk read is unchanged; otherwise
    /// `walk` again, recording what it reads. Blocks on the file system (and on a concurrent
    /// walk, which then serves both): call it off the async threads.
    pub fn get_or_walk(&self, key: K, walk: impl FnOnce(&mut Watched) -> V) -> V {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((kept_key, value, watched)) = kept.as_ref()
            && *kept_key == key
            && watched.unchanged()
        {
            return value.clone();
        }
        let mut watched = Watched::start();
        let value = walk(&mut watched);
        *kept = Some((key, value.clone(), watched));
        value
    }

    /// Marks the kept walk as old enough to be trusted (as if the project had been written
    /// long before), so that tests see what a later check would.
    #[cfg(test)]
    pub fn trust(&self) {
        if let Some((_, _, watched)) = self.0.lock().unwrap().as_mut() {
            watched.racy = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_added_removed_or_rewritten_entry_is_a_change() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("a"), "one").unwrap();
        let watch = || {
            let mut watched = Watched::with_window(Duration::ZERO);
            watched.add(root.to_owned());
            watched.add(root.join("a"));
            watched.add(root.join("missing"));
            watched
        };
        assert!(watch().unchanged());

        let watched = watch();
        std::fs::write(root.join("b"), "").unwrap();
        assert!(
            !watched.unchanged(),
            "an entry added to a watched directory"
        );

        let watched = watch();
        std::fs::write(root.join("missing"), "").unwrap();
        assert!(!watched.unchanged(), "a watched absent path created");

        let watched = watch();
        std::fs::write(root.join("a"), "three").unwrap();
        assert!(!watched.unchanged(), "a watched file rewritten");
    }

    #[test]
    fn a_path_changed_just_before_the_walk_proves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let mut watched = Watched::start();
        watched.add(dir.path().to_owned());
        assert!(!watched.unchanged(), "created within the racy window");
    }
}
