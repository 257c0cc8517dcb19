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
//! Each engine's entries live in one file under `.signalint/cache/v<CACHE_VERSION>/<engine>.json`, read once
//! and written once per check (one file per source file was measured to cost more than the
//! engine run on a slow disk). It is written to a random temporary name and renamed, so a crash
//! never leaves a torn file, and neither a write nor a read follows a link a repository planted
//! (see `state::files`); a file that does not parse is ignored and everything is recomputed. The
//! cache is bounded: past [`MAX_ENTRIES`] per engine the least recently used entries go.

mod keys;
mod lookup;

pub use keys::{ConfigHasher, Stamp, file_key, program_key};
pub(crate) use lookup::{KeyInputs, Keys, Lookup, RunKeys, save, store};

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::core::IssueInput;
use crate::state::{StateDir, files};

/// Bump when the entry format or the key derivation changes. 3: entries carry the subjects the
/// adapters state (an entry of 2 lacks them and would cluster by rule alone). 4: entries carry
/// the programs that reported each issue.
pub const CACHE_VERSION: u32 = 4;
/// Entries kept per project before the oldest are evicted.
pub const MAX_ENTRIES: usize = 20_000;
/// The largest shard read back (20,000 entries of a noisy engine stay well below it).
const MAX_SHARD_BYTES: u64 = 1 << 30;
/// Checks after which a used entry's recency is written back.
const TOUCH_EVERY: u64 = 16;

/// One engine's cached results.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
struct ShardFile {
    version: u32,
    tick: u64,
    /// key → (last use, issues).
    entries: HashMap<String, (u64, Vec<IssueInput>)>,
}

/// One engine's cache, loaded for one check; [`Shard::save`] writes it back once.
#[derive(Debug)]
pub struct Shard {
    /// `.signalint/`, checked level by level before anything is written below it.
    state: StateDir,
    path: PathBuf,
    file: ShardFile,
    dirty: bool,
}

impl Shard {
    /// The cached issues for `key`.
    pub fn get(&mut self, key: &str) -> Option<Vec<IssueInput>> {
        let tick = self.file.tick;
        let entry = self.file.entries.get_mut(key)?;
        // Recency is kept to within TOUCH_EVERY checks, so an unchanged project's check does not
        // rewrite its shards every time.
        if tick.saturating_sub(entry.0) >= TOUCH_EVERY {
            entry.0 = tick;
            self.dirty = true;
        }
        Some(entry.1.clone())
    }

    /// True when nothing is cached: every lookup would miss, so a run need not wait for keys.
    pub fn is_empty(&self) -> bool {
        self.file.entries.is_empty()
    }

    /// Stores `issues` under `key`.
    pub fn put(&mut self, key: &str, issues: &[IssueInput]) {
        self.file
            .entries
            .insert(key.to_owned(), (self.file.tick, issues.to_vec()));
        self.dirty = true;
    }

    /// Writes the shard back when it changed, evicting the least recently used entries past
    /// [`MAX_ENTRIES`]. Failures are logged, never fatal: the cache is an optimisation.
    pub fn save(mut self) {
        if !self.dirty {
            return;
        }
        if self.file.entries.len() > MAX_ENTRIES {
            let mut by_use: Vec<(u64, String)> = self
                .file
                .entries
                .iter()
                .map(|(k, (t, _))| (*t, k.clone()))
                .collect();
            by_use.sort_unstable_by(|a, b| b.cmp(a));
            for (_, key) in by_use.into_iter().skip(MAX_ENTRIES) {
                self.file.entries.remove(&key);
            }
        }
        let result = (|| -> std::io::Result<()> {
            self.state.ensure()?;
            let dir = files::ensure_private_dirs(self.state.path(), &["cache", &version_dir()])?;
            let name = self.path.file_name().expect("shard paths have a file name");
            files::write_atomic(
                &dir,
                &name.to_string_lossy(),
                &serde_json::to_vec(&self.file)?,
            )
        })();
        if let Err(e) = result {
            tracing::warn!("cannot write the cache {}: {e}", self.path.display());
        }
    }
}

/// The cache of one project.
#[derive(Debug, Clone)]
pub struct Cache {
    state: StateDir,
    dir: PathBuf,
}

fn version_dir() -> String {
    format!("v{CACHE_VERSION}")
}

impl Cache {
    pub fn new(root: &Path) -> Self {
        let state = StateDir::new(root);
        Self {
            dir: state.path().join("cache").join(version_dir()),
            state,
        }
    }

    /// Loads one engine's cache (empty when absent or unreadable).
    pub fn shard(&self, engine: &str) -> Shard {
        let path = self.dir.join(format!("{engine}.cache.json"));
        let mut file = match files::read_regular(&path, MAX_SHARD_BYTES) {
            Ok(None) => ShardFile::default(),
            Ok(Some(bytes)) => match serde_json::from_slice::<ShardFile>(&bytes) {
                Ok(file) if file.version == CACHE_VERSION => file,
                _ => {
                    tracing::warn!(
                        "ignoring the unreadable cache {}; results are recomputed",
                        path.display()
                    );
                    ShardFile::default()
                }
            },
            Err(e) => {
                tracing::warn!("{e}; results are recomputed");
                ShardFile::default()
            }
        };
        file.version = CACHE_VERSION;
        file.tick += 1;
        Shard {
            state: self.state.clone(),
            path,
            file,
            dirty: false,
        }
    }
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
            fixes: Vec::new(),
            fix_safe: None,
            same_as: Vec::new(),
            programs: Vec::new(),
            subject: None,
        }
    }

    #[test]
    fn a_planted_cache_link_receives_nothing() {
        let root = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        let state = root.path().join(crate::state::STATE_DIR);
        std::fs::create_dir(&state).unwrap();
        std::os::unix::fs::symlink(outside.path(), state.join("cache")).unwrap();
        let cache = Cache::new(root.path());
        let mut shard = cache.shard("oxlint");
        shard.put("k", &[issue("planted")]);
        shard.save();
        let written: Vec<_> = std::fs::read_dir(outside.path()).unwrap().collect();
        assert!(written.is_empty(), "{written:?}");
    }

    #[test]
    fn round_trip_and_torn_files() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path());
        let mut shard = cache.shard("oxlint");
        assert_eq!(shard.get("k"), None);
        shard.put("k", &[issue("x")]);
        shard.put("empty", &[]);
        shard.save();
        let mut shard = cache.shard("oxlint");
        assert_eq!(shard.get("k").unwrap(), [issue("x")]);
        assert_eq!(shard.get("empty").unwrap(), []);
        assert_eq!(
            cache.shard("biome").get("k"),
            None,
            "engines do not share entries"
        );
        // Truncate the file as a crash mid-write would (without the rename) and read again.
        let path = root.path().join(format!(
            ".signalint/cache/v{CACHE_VERSION}/oxlint.cache.json"
        ));
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        assert_eq!(
            cache.shard("oxlint").get("k"),
            None,
            "a torn file is never trusted"
        );
    }

    #[test]
    fn eviction_keeps_the_recently_used() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path());
        for round in 0..3 {
            let mut shard = cache.shard("biome");
            shard.put(&format!("round{round}"), &[]);
            shard.file.entries.extend(
                (0..MAX_ENTRIES / 2)
                    .map(|i| (format!("r{round}-{i}"), (shard.file.tick, Vec::new()))),
            );
            shard.save();
        }
        let mut shard = cache.shard("biome");
        assert!(shard.file.entries.len() <= MAX_ENTRIES);
        assert!(shard.get("round2").is_some());
        assert!(shard.get("round0").is_none());
    }
}
