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
//! Each engine's entries live in one file under `.signalint/cache/v<CACHE_VERSION>/<engine>.cache`, read once
//! and written once per check (one file per source file was measured to cost more than the
//! engine run on a slow disk). It is written to a random temporary name and renamed, so a crash
//! never leaves a torn file, and neither a write nor a read follows a link a repository planted
//! (see `state::files`); a file that does not parse is ignored and everything is recomputed.
//!
//! The cache is bounded, and sized from the project so that it holds every file: a shard keeps
//! [`capacity_for`] the project's file count entries (two per file, at least [`MIN_ENTRIES`],
//! at most [`MAX_ENTRIES`]), and at most [`SHARD_BUDGET_BYTES`] of them as written; past
//! either, the least recently used entries go. One entry is at most [`MAX_ENTRY_BYTES`]
//! written (a file with more issues than that is run again on each check, never cached in
//! part), and each issue quotes at most `check::positions::MAX_LINE_TEXT` bytes of its line.

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
/// The fewest entries a shard keeps, however small the project.
pub const MIN_ENTRIES: usize = 20_000;
/// The most entries a shard keeps, however large the project.
pub const MAX_ENTRIES: usize = 1_000_000;
/// Entries per project file: its current version and as many older ones (an agent's edits
/// leave the keys of earlier contents behind, and recency is only written every
/// [`TOUCH_EVERY`] checks, so a cap of one per file could evict a current entry).
const ENTRIES_PER_FILE: usize = 2;
/// The largest shard read back.
const MAX_SHARD_BYTES: u64 = 1 << 30;
/// What a shard's entries may take as written: half of what is read back, so a shard never
/// grows past being read.
pub const SHARD_BUDGET_BYTES: u64 = MAX_SHARD_BYTES / 2;
/// The largest entry stored, as written.
pub const MAX_ENTRY_BYTES: u64 = 8 << 20;

/// The entries a shard keeps for a project of `project_files` files.
pub fn capacity_for(project_files: usize) -> usize {
    project_files
        .saturating_mul(ENTRIES_PER_FILE)
        .clamp(MIN_ENTRIES, MAX_ENTRIES)
}

/// The bytes `value` takes as JSON, without keeping them.
fn written_size(value: &impl Serialize) -> u64 {
    struct Count(u64);
    impl std::io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len() as u64;
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    serde_json::to_writer(&mut count, value).map_or(u64::MAX, |()| count.0)
}
/// Checks after which a used entry's recency is written back.
const TOUCH_EVERY: u64 = 16;

/// One engine's cached results.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
struct ShardFile {
    version: u32,
    tick: u64,
    /// The project's file count as the last check that walked the whole project saw it: what
    /// the capacity follows in checks of a few files.
    #[serde(default)]
    project_files: usize,
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
    /// Entries kept when written back ([`capacity_for`] the project).
    capacity: usize,
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

    /// Stores `issues` under `key`, unless they are past [`MAX_ENTRY_BYTES`] as written.
    pub fn put(&mut self, key: &str, issues: &[IssueInput]) {
        let size = written_size(&issues);
        if size > MAX_ENTRY_BYTES {
            tracing::debug!(
                key,
                size,
                "an entry past the cache's entry bound is not stored"
            );
            return;
        }
        self.file
            .entries
            .insert(key.to_owned(), (self.file.tick, issues.to_vec()));
        self.dirty = true;
    }

    /// Writes the shard back when it changed, evicting the least recently used entries past
    /// its capacity or [`SHARD_BUDGET_BYTES`]. Failures are logged, never fatal: the cache is
    /// an optimisation.
    pub fn save(mut self) {
        if !self.dirty {
            return;
        }
        self.evict(SHARD_BUDGET_BYTES);
        let result = (|| -> std::io::Result<()> {
            self.state.ensure()?;
            let dir = files::ensure_private_dirs(self.state.path(), &["cache", &version_dir()])?;
            let name = self.path.file_name().expect("shard paths have a file name");
            files::write_atomic(
                &dir,
                &name.to_string_lossy(),
                &serde_json::to_vec(&self.file)?,
            )?;
            // Its former name, `<engine>.cache.json`, is read by the project's own formatters
            // (see `state`): gone once the shard is written under its name.
            let mut legacy = name.to_os_string();
            legacy.push(".json");
            let _ = std::fs::remove_file(dir.join(legacy));
            Ok(())
        })();
        if let Err(e) = result {
            tracing::warn!("cannot write the cache {}: {e}", self.path.display());
        }
    }

    /// Keeps the most recently used entries, up to the capacity and `budget` bytes as written.
    fn evict(&mut self, budget: u64) {
        let over_count = self.file.entries.len() > self.capacity;
        // Sizing every entry costs a serialization: only when the whole may be past the budget
        // (each entry is at most MAX_ENTRY_BYTES, so a few entries never are).
        let may_be_over_budget =
            (self.file.entries.len() as u64).saturating_mul(MAX_ENTRY_BYTES) > budget;
        let over_budget = may_be_over_budget && written_size(&self.file.entries) > budget;
        if !over_count && !over_budget {
            return;
        }
        let mut by_use: Vec<(u64, String, u64)> = self
            .file
            .entries
            .iter()
            .map(|(key, (tick, issues))| {
                (*tick, key.clone(), written_size(issues) + key.len() as u64)
            })
            .collect();
        by_use.sort_unstable_by(|a, b| b.cmp(a));
        let (mut kept, mut bytes) = (0usize, 0u64);
        for (_, key, size) in by_use {
            if kept < self.capacity && bytes + size <= budget {
                kept += 1;
                bytes += size;
            } else {
                self.file.entries.remove(&key);
            }
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

    /// Loads one engine's cache (empty when absent or unreadable), to keep
    /// [`capacity_for`] a project of `project_files` files (`None`: as many as last known).
    pub fn shard(&self, engine: &str, project_files: Option<usize>) -> Shard {
        let path = self.dir.join(format!("{engine}.cache"));
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
        if let Some(count) = project_files {
            file.project_files = count;
        }
        let capacity = capacity_for(file.project_files);
        Shard {
            state: self.state.clone(),
            path,
            file,
            dirty: false,
            capacity,
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
        let mut shard = cache.shard("oxlint", None);
        shard.put("k", &[issue("planted")]);
        shard.save();
        let written: Vec<_> = std::fs::read_dir(outside.path()).unwrap().collect();
        assert!(written.is_empty(), "{written:?}");
    }

    #[test]
    fn round_trip_and_torn_files() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path());
        let mut shard = cache.shard("oxlint", None);
        assert_eq!(shard.get("k"), None);
        shard.put("k", &[issue("x")]);
        shard.put("empty", &[]);
        shard.save();
        let mut shard = cache.shard("oxlint", None);
        assert_eq!(shard.get("k").unwrap(), [issue("x")]);
        assert_eq!(shard.get("empty").unwrap(), []);
        assert_eq!(
            cache.shard("biome", None).get("k"),
            None,
            "engines do not share entries"
        );
        // Truncate the file as a crash mid-write would (without the rename) and read again.
        let path = root
            .path()
            .join(format!(".signalint/cache/v{CACHE_VERSION}/oxlint.cache"));
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        assert_eq!(
            cache.shard("oxlint", None).get("k"),
            None,
            "a torn file is never trusted"
        );
    }

    #[test]
    fn eviction_keeps_the_recently_used() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path());
        for round in 0..3 {
            let mut shard = cache.shard("biome", None);
            shard.put(&format!("round{round}"), &[]);
            shard.file.entries.extend(
                (0..MIN_ENTRIES / 2)
                    .map(|i| (format!("r{round}-{i}"), (shard.file.tick, Vec::new()))),
            );
            shard.save();
        }
        let mut shard = cache.shard("biome", None);
        assert!(shard.file.entries.len() <= MIN_ENTRIES);
        assert!(shard.get("round2").is_some());
        assert!(shard.get("round0").is_none());
    }

    #[test]
    fn the_capacity_follows_the_project_between_a_floor_and_a_ceiling() {
        assert_eq!(capacity_for(0), MIN_ENTRIES);
        assert_eq!(capacity_for(100_000), 200_000);
        assert_eq!(capacity_for(usize::MAX), MAX_ENTRIES);

        // A project of 30,000 files keeps every one of 30,000 entries, past the floor.
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path());
        let mut shard = cache.shard("oxlint", Some(30_000));
        for i in 0..30_000 {
            shard.put(&format!("file{i}"), &[]);
        }
        shard.save();
        // A check of a few files keeps the count the last whole-project check saw.
        let mut shard = cache.shard("oxlint", None);
        shard.put("one more", &[]);
        shard.save();
        let mut shard = cache.shard("oxlint", None);
        assert_eq!(shard.file.entries.len(), 30_001);
        assert!(shard.get("file0").is_some() && shard.get("file29999").is_some());
    }

    #[test]
    fn entries_are_bounded_in_bytes_one_by_one_and_together() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path());
        let mut shard = cache.shard("oxlint", None);
        let mut huge = issue("x");
        huge.message = "m".repeat(MAX_ENTRY_BYTES as usize);
        shard.put("huge", &[huge]);
        assert_eq!(
            shard.get("huge"),
            None,
            "an entry past the bound is not stored"
        );

        for i in 0..10 {
            shard.file.tick += 1;
            shard.put(&format!("k{i}"), &[issue(&"y".repeat(1000))]);
        }
        let one = written_size(&vec![issue(&"y".repeat(1000))]) + 2;
        shard.evict(one * 4);
        let mut kept: Vec<&String> = shard.file.entries.keys().collect();
        kept.sort();
        assert_eq!(
            kept,
            ["k6", "k7", "k8", "k9"],
            "the most recently used fit the budget"
        );
    }
}
