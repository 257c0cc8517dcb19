//! Content-addressed results, so an unchanged file (or an unchanged program) is never checked
//! twice.
//!
//! * File-local engines: one entry per file, keyed by the file's content, the engine, its tool
//!   version, the plugin version, the engine's configuration in `signalint.toml`, and the
//!   content of every engine config file that applies to the file (found in its directory and
//!   every ancestor up to the project root, following relative `extends`).
//! * Whole-program engines: one entry per program, keyed by the content of every input of the
//!   program (sources, declarations, tsconfigs, package manifests and lockfiles), so an edit to
//!   any file the program reads, passed or not, runs the engine again.
//!
//! Entries live under `.signalint/cache/v1/` (the only place signalint writes in a project),
//! one small JSON file each, written to a temporary name and renamed, so a crash never leaves
//! a torn entry; an entry that does not parse, or whose recorded key differs, is ignored and
//! recomputed. The cache is bounded: past [`MAX_ENTRIES`] the least recently written entries
//! are removed.

mod keys;

pub use keys::{ConfigHasher, file_key, program_key};

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::core::IssueInput;

/// Bump when the entry format or the key derivation changes.
pub const CACHE_VERSION: u32 = 1;
/// Entries kept per project before the oldest are evicted.
pub const MAX_ENTRIES: usize = 20_000;

/// One cached result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Entry {
    version: u32,
    key: String,
    issues: Vec<IssueInput>,
}

/// The cache of one project.
#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    pub fn new(root: &Path) -> Self {
        Self {
            dir: root
                .join(crate::state::STATE_DIR)
                .join("cache")
                .join(format!("v{CACHE_VERSION}")),
        }
    }

    fn path(&self, engine: &str, key: &str) -> PathBuf {
        self.dir
            .join(engine)
            .join(&key[..2])
            .join(format!("{key}.json"))
    }

    /// The cached issues for `key`, or `None` (absent, corrupt, or from another key).
    pub fn get(&self, engine: &str, key: &str) -> Option<Vec<IssueInput>> {
        let bytes = std::fs::read(self.path(engine, key)).ok()?;
        match serde_json::from_slice::<Entry>(&bytes) {
            Ok(entry) if entry.version == CACHE_VERSION && entry.key == key => Some(entry.issues),
            _ => {
                tracing::debug!("ignoring an unreadable cache entry {key}");
                None
            }
        }
    }

    /// Stores `issues` under `key`. Failures are logged, never fatal: the cache is an
    /// optimisation.
    pub fn put(&self, engine: &str, key: &str, issues: &[IssueInput]) {
        let path = self.path(engine, key);
        let result = (|| -> std::io::Result<()> {
            std::fs::create_dir_all(path.parent().expect("entry paths have a parent"))?;
            let entry = Entry {
                version: CACHE_VERSION,
                key: key.to_owned(),
                issues: issues.to_vec(),
            };
            let temporary = path.with_extension(format!("tmp{}", std::process::id()));
            std::fs::write(&temporary, serde_json::to_vec(&entry)?)?;
            std::fs::rename(&temporary, &path)
        })();
        if let Err(e) = result {
            tracing::warn!("cannot write the cache entry {}: {e}", path.display());
        }
    }

    /// Removes the oldest entries past [`MAX_ENTRIES`].
    pub fn evict(&self) {
        self.evict_to(MAX_ENTRIES);
    }

    fn evict_to(&self, limit: usize) {
        let mut entries: Vec<(std::time::SystemTime, PathBuf)> = walkdir(&self.dir)
            .into_iter()
            .filter_map(|p| Some((p.metadata().ok()?.modified().ok()?, p)))
            .collect();
        if entries.len() <= limit {
            return;
        }
        entries.sort();
        let excess = entries.len() - limit;
        for (_, path) in entries.into_iter().take(excess) {
            let _ = std::fs::remove_file(path);
        }
    }
}

fn walkdir(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(dir) = stack.pop() {
        let Ok(read) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in read.flatten() {
            let path = entry.path();
            match entry.file_type() {
                Ok(t) if t.is_dir() => stack.push(path),
                Ok(_) => found.push(path),
                Err(_) => {}
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::IssueSeverity;

    fn issue(message: &str) -> IssueInput {
        IssueInput {
            file: "src/a.ts".into(),
            line: 1,
            col: 2,
            end_line: None,
            end_col: None,
            engine: "oxlint".into(),
            rule: "eslint/no-debugger".into(),
            severity: IssueSeverity::Warning,
            message: message.into(),
            fixable: false,
            help: None,
            url: None,
            line_text: "debugger;".into(),
        }
    }

    #[test]
    fn round_trip_and_torn_entries() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path());
        let key = "ab".repeat(32);
        assert_eq!(cache.get("oxlint", &key), None);
        cache.put("oxlint", &key, &[issue("x")]);
        assert_eq!(cache.get("oxlint", &key).unwrap(), [issue("x")]);
        // Truncate the entry as a crash mid-write would (without the rename) and read again.
        let path = cache.path("oxlint", &key);
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        assert_eq!(
            cache.get("oxlint", &key),
            None,
            "a torn entry is never returned"
        );
        cache.put("oxlint", &key, &[]);
        assert_eq!(cache.get("oxlint", &key).unwrap(), []);
    }

    #[test]
    fn an_entry_under_the_wrong_key_is_ignored() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path());
        let (a, b) = ("aa".repeat(32), "aa".to_owned() + &"b".repeat(62));
        cache.put("oxlint", &a, &[issue("x")]);
        std::fs::create_dir_all(cache.path("oxlint", &b).parent().unwrap()).unwrap();
        std::fs::copy(cache.path("oxlint", &a), cache.path("oxlint", &b)).unwrap();
        assert_eq!(cache.get("oxlint", &b), None);
    }

    #[test]
    fn eviction_keeps_the_newest() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path());
        let keys: Vec<String> = (0..5).map(|i| format!("{i:0>64}")).collect();
        for key in &keys {
            cache.put("biome", key, &[]);
            std::thread::sleep(std::time::Duration::from_millis(15));
        }
        cache.evict_to(2);
        assert_eq!(walkdir(&cache.dir).len(), 2);
        assert!(cache.get("biome", &keys[4]).is_some());
        assert!(cache.get("biome", &keys[0]).is_none());
    }
}
