//! The program's texts as a session last read them, read again only where the disk says they
//! may have changed.
//!
//! A check must see every edit made before it (never a stale answer), and reading every file
//! of the program for that costs more than the engine's own re-check of a leaf edit. A file
//! whose [`Stamp`] is the one it had when read, and was not racy then, holds the same text
//! (`crate::stamp` says why); any other is read again.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use xxhash_rust::xxh3::xxh3_64;

use crate::stamp::{RACY_WINDOW, Stamp};

/// One file's text as read, with its fingerprint.
#[derive(Debug, Clone)]
pub(super) struct Text {
    pub text: Arc<str>,
    pub hash: u64,
}

#[derive(Debug)]
struct Read {
    stamp: Stamp,
    /// Written too close to the read for the stamp to be trusted next time.
    racy: bool,
    text: Text,
}

/// The texts of the program's files, kept between checks.
#[derive(Debug)]
pub(super) struct Texts {
    files: HashMap<String, Read>,
    racy_window: Duration,
}

impl Default for Texts {
    fn default() -> Self {
        Self {
            files: HashMap::new(),
            racy_window: RACY_WINDOW,
        }
    }
}

impl Texts {
    /// The text of every one of `paths` (relative to `root`) on disk now; a file that cannot
    /// be read is absent. Only files whose metadata changed, or that were racy, are read.
    pub fn refresh(&mut self, root: &Path, paths: &[String]) -> HashMap<String, Text> {
        let mut current = HashMap::with_capacity(paths.len());
        let mut kept = HashMap::with_capacity(paths.len());
        for path in paths {
            let full = root.join(path);
            let Ok(metadata) = std::fs::metadata(&full) else {
                continue;
            };
            let stamp = Stamp::of(&metadata);
            let read = match self.files.remove(path) {
                Some(read) if read.stamp == stamp && !read.racy => read,
                _ => {
                    let Some(read) = read_now(&full, self.racy_window) else {
                        continue;
                    };
                    read
                }
            };
            current.insert(path.clone(), read.text.clone());
            kept.insert(path.clone(), read);
        }
        self.files = kept;
        current
    }
}

/// Reads `path`, stamping it with the metadata taken before the read (a write during the read
/// then changes the stamp next time, or makes it racy).
fn read_now(path: &Path, racy_window: Duration) -> Option<Read> {
    let metadata = std::fs::metadata(path).ok()?;
    let read_at = SystemTime::now();
    let bytes = std::fs::read(path).ok()?;
    let stamp = Stamp::of(&metadata);
    let racy = stamp.racy(read_at, racy_window);
    let text: Arc<str> = String::from_utf8_lossy(&bytes).into();
    Some(Read {
        stamp,
        racy,
        text: Text {
            hash: xxh3_64(text.as_bytes()),
            text,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_old_unchanged_file_is_not_read_again_and_any_write_is_seen() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.ts");
        std::fs::write(&file, "export const a = 1;\n").unwrap();
        let paths = vec!["a.ts".to_owned()];
        // As if the file had been written long before: no window.
        let mut texts = Texts {
            racy_window: Duration::ZERO,
            ..Texts::default()
        };
        std::thread::sleep(Duration::from_millis(20));
        assert_eq!(
            &*texts.refresh(dir.path(), &paths)["a.ts"].text,
            "export const a = 1;\n"
        );
        assert!(!texts.files["a.ts"].racy);

        // Same metadata: the kept text is answered, not the disk's (proved by a file whose
        // bytes changed behind an identical stamp, which only a racy write could do).
        let stamp = texts.files["a.ts"].stamp;
        texts.files.get_mut("a.ts").unwrap().text.text = "kept".into();
        assert_eq!(texts.files["a.ts"].stamp, stamp);
        assert_eq!(&*texts.refresh(dir.path(), &paths)["a.ts"].text, "kept");

        // A write of the same length changes the times: read again.
        std::fs::write(&file, "export const b = 1;\n").unwrap();
        assert_eq!(
            &*texts.refresh(dir.path(), &paths)["a.ts"].text,
            "export const b = 1;\n"
        );
    }

    #[test]
    fn a_file_written_just_before_its_read_is_read_again_whatever_its_metadata() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.ts");
        std::fs::write(&file, "one\n").unwrap();
        let paths = vec!["a.ts".to_owned()];
        let mut texts = Texts::default();
        texts.refresh(dir.path(), &paths);
        assert!(texts.files["a.ts"].racy);
        // What a write in the same timestamp tick would leave: other bytes, the same stamp.
        texts.files.get_mut("a.ts").unwrap().text.text = "stale".into();
        assert_eq!(&*texts.refresh(dir.path(), &paths)["a.ts"].text, "one\n");
    }

    #[test]
    fn a_deleted_file_is_absent_and_forgotten() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.ts"), "a").unwrap();
        let paths = vec!["a.ts".to_owned()];
        let mut texts = Texts::default();
        assert_eq!(texts.refresh(dir.path(), &paths).len(), 1);
        std::fs::remove_file(dir.path().join("a.ts")).unwrap();
        assert!(texts.refresh(dir.path(), &paths).is_empty());
        assert!(texts.files.is_empty());
    }
}
