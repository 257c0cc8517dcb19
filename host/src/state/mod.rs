//! What signalint remembers between checks, under `<root>/.signalint/`.
//!
//! Each file holds JSON but is named `<name>.state`: the project's own formatters and linters
//! pick the files they walk by extension (`biome check .` and `prettier --check .` read every
//! `.json`, `.signalint/` included, and fail the project's own check on its unformatted JSON),
//! and none of them reads a `.state` file. A file of the former name, `<name>.json`, is read
//! when the new one is absent and removed once the new one is written.
//!
//! * `loops.state`: the loop history (bounded by `core`), so fix/regress loops are seen across
//!   restarts; `signalint loops --reset` and the `reset_loop_state` tool clear it.
//! * `snapshots.state`: the last known issues of every file (`memory`), which every check is
//!   compared with for its delta (older files also hold a previous check per scope, unused now).
//! * `baseline.state`: the issue ids `signalint baseline` recorded, for `since: "baseline"` and
//!   `check --new-only` (ids are content-derived, so moved code is not new).
//! * `latest.state`: the latest successful check, whole, so every cluster can be expanded.
//!
//! Every file is written to a random temporary name and renamed into place, so a crash leaves the
//! old version or the new one, never a torn file; nothing is written or read through a link (see
//! [`files`]): a `.signalint` that is a symlink, not a directory, or someone else's is refused. A file that does not parse is set aside as
//! `<name>.corrupt` with a warning, and signalint starts from empty for that part.
//!
//! `snapshots.state` and `latest.state` are keyed by issue and cluster ids, which are content hashes:
//! they carry the [`ID_VERSION`] they were written with, and a file of another version is set aside
//! as `<name>.ids-v<N>` (its ids would match nothing, and a delta against it would call every issue
//! new). `loops.state` is keyed by signatures, not ids, and is read whatever the id version.

pub mod files;
mod work;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::core::{Analysis, Cluster, LoopHistory, NormalizedIssue, Snapshot};

/// The directory name, in the project root.
pub const STATE_DIR: &str = ".signalint";

/// The extension of every state file (JSON inside; see the module's doc for why not `.json`).
pub const STATE_EXTENSION: &str = "state";

/// The extension state files had before [`STATE_EXTENSION`]: read when the new file is absent,
/// removed once it is written.
const LEGACY_EXTENSION: &str = "json";

/// The file name of state `name` (`latest` → `latest.state`).
pub fn state_file(name: &str) -> String {
    format!("{name}.{STATE_EXTENSION}")
}

/// The version of the issue and cluster ids in `snapshots.state` and `latest.state`: bumped whenever
/// the id derivation changes (2: XXH3-128 instead of BLAKE3). Files without it are version 1.
pub const ID_VERSION: u32 = 2;

/// The user's cache directory (`$XDG_CACHE_HOME`, else `~/.cache`), outside every repository.
pub fn cache_home() -> PathBuf {
    if let Some(dir) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    match std::env::var_os("HOME") {
        Some(home) => PathBuf::from(home).join(".cache"),
        None => std::env::temp_dir(),
    }
}

pub use work::work_dir;

/// The largest state file read back (a check of 100,000 issues writes about 60 MB).
const MAX_STATE_BYTES: u64 = 512 << 20;

/// Scopes remembered for deltas; the least recently used are forgotten first.
const MAX_SNAPSHOTS: usize = 64;

/// The latest successful check, whole.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LatestCheck {
    /// [`ID_VERSION`] when written; 1 for files written before ids were versioned.
    #[serde(default = "first_id_version")]
    pub id_version: u32,
    pub issues: Vec<NormalizedIssue>,
    pub clusters: Vec<Cluster>,
    /// The content hash of every file with a fix, as the check saw it: a fix is applied only
    /// to the content it was made for (`signalint fix`, `apply_fixes`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub contents: BTreeMap<String, String>,
}

impl Default for LatestCheck {
    fn default() -> Self {
        Self {
            id_version: ID_VERSION,
            issues: Vec::new(),
            clusters: Vec::new(),
            contents: BTreeMap::new(),
        }
    }
}

fn first_id_version() -> u32 {
    1
}

impl LatestCheck {
    pub fn of(analysis: &Analysis, contents: &BTreeMap<String, String>) -> Self {
        Self {
            id_version: ID_VERSION,
            issues: analysis.issues.clone(),
            clusters: analysis.clusters.clone(),
            contents: contents.clone(),
        }
    }

    pub fn into_analysis(self) -> Analysis {
        Analysis {
            issues: self.issues,
            clusters: self.clusters,
            // Subjects serve the advice of the check that produced them; none is kept.
            subjects: Default::default(),
        }
    }
}

/// Snapshots by scope key, with a use counter for eviction.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshots {
    /// [`ID_VERSION`] when written; 1 for files written before ids were versioned.
    #[serde(default = "first_id_version")]
    pub id_version: u32,
    #[serde(default)]
    pub tick: u64,
    #[serde(default)]
    pub scopes: BTreeMap<String, (u64, Snapshot)>,
    /// The last known issues of every file, advanced by every check.
    #[serde(default)]
    pub memory: Snapshot,
}

impl Default for Snapshots {
    fn default() -> Self {
        Self {
            id_version: ID_VERSION,
            tick: 0,
            scopes: BTreeMap::new(),
            memory: Snapshot::default(),
        }
    }
}

impl Snapshots {
    pub fn get(&self, scope: &str) -> Option<&Snapshot> {
        self.scopes.get(scope).map(|(_, s)| s)
    }

    pub fn put(&mut self, scope: String, snapshot: Snapshot) {
        self.tick += 1;
        self.scopes.insert(scope, (self.tick, snapshot));
        while self.scopes.len() > MAX_SNAPSHOTS {
            let oldest = self
                .scopes
                .iter()
                .min_by_key(|(_, (t, _))| *t)
                .map(|(k, _)| k.clone());
            match oldest {
                Some(key) => self.scopes.remove(&key),
                None => break,
            };
        }
    }
}

/// The issues a project accepted (`signalint baseline`): their content ids.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Baseline {
    /// [`ID_VERSION`] when written.
    #[serde(default = "first_id_version")]
    pub id_version: u32,
    pub issues: std::collections::BTreeSet<String>,
}

impl Baseline {
    pub fn of(analysis: &Analysis) -> Self {
        Self {
            id_version: ID_VERSION,
            issues: analysis.issues.iter().map(|i| i.issue_id.clone()).collect(),
        }
    }
}

/// The `.signalint/` directory of one project.
#[derive(Debug, Clone)]
pub struct StateDir {
    dir: PathBuf,
}

impl StateDir {
    pub fn new(root: &Path) -> Self {
        Self {
            dir: root.join(STATE_DIR),
        }
    }

    pub fn path(&self) -> &Path {
        &self.dir
    }

    pub fn load_loops(&self) -> LoopHistory {
        self.load("loops")
    }

    pub fn save_loops(&self, loops: &LoopHistory) {
        self.save("loops", loops);
    }

    pub fn load_snapshots(&self) -> Snapshots {
        self.load_opt("snapshots")
            .filter(|(s, path): &(Snapshots, PathBuf)| self.current_ids(path, s.id_version))
            .map(|(s, _)| s)
            .unwrap_or_default()
    }

    pub fn save_snapshots(&self, snapshots: &Snapshots) {
        self.save("snapshots", snapshots);
    }

    pub fn load_latest(&self) -> Option<LatestCheck> {
        self.load_opt("latest")
            .filter(|(l, path): &(LatestCheck, PathBuf)| self.current_ids(path, l.id_version))
            .map(|(l, _)| l)
    }

    /// Whether the file at `path`, keyed by ids, has the current [`ID_VERSION`]; if not, it is
    /// set aside.
    fn current_ids(&self, path: &Path, version: u32) -> bool {
        if version == ID_VERSION {
            return true;
        }
        let aside = set_aside_name(path, &format!("ids-v{version}"));
        let _ = std::fs::rename(path, &aside);
        tracing::info!(
            "{} has ids of version {version} (now {ID_VERSION}); moved it to {} and started afresh",
            path.display(),
            aside.display()
        );
        false
    }

    /// The recorded baseline; `None` when none was recorded (or its ids are of another version).
    pub fn load_baseline(&self) -> Option<Baseline> {
        self.load_opt("baseline")
            .filter(|(b, path): &(Baseline, PathBuf)| self.current_ids(path, b.id_version))
            .map(|(b, _)| b)
    }

    /// Records the baseline; unlike the other state, a failure is the caller's to report.
    pub fn save_baseline(&self, baseline: &Baseline) -> std::io::Result<()> {
        self.try_save("baseline", baseline)
    }

    pub fn save_latest(&self, latest: &LatestCheck) {
        self.save("latest", latest);
    }

    fn load<T: DeserializeOwned + Default>(&self, name: &str) -> T {
        self.load_opt(name)
            .map(|(value, _)| value)
            .unwrap_or_default()
    }

    /// State `name` and the file it was read from: `<name>.state`, else the former
    /// `<name>.json`.
    fn load_opt<T: DeserializeOwned>(&self, name: &str) -> Option<(T, PathBuf)> {
        let current = self.dir.join(state_file(name));
        let legacy = self.dir.join(format!("{name}.{LEGACY_EXTENSION}"));
        let (path, bytes) =
            [current, legacy].into_iter().find_map(|path| {
                match files::read_regular(&path, MAX_STATE_BYTES) {
                    Ok(bytes) => bytes.map(|bytes| (path, bytes)),
                    Err(e) => {
                        tracing::warn!("{e}; starting afresh for it");
                        None
                    }
                }
            })?;
        match serde_json::from_slice(&bytes) {
            Ok(value) => Some((value, path)),
            Err(e) => {
                let aside = set_aside_name(&path, "corrupt");
                let _ = std::fs::rename(&path, &aside);
                tracing::warn!(
                    "{} did not parse ({e}); moved it to {} and started afresh",
                    path.display(),
                    aside.display()
                );
                None
            }
        }
    }

    fn save<T: Serialize>(&self, name: &str, value: &T) {
        if let Err(e) = self.try_save(name, value) {
            tracing::warn!(
                "cannot write {}: {e}",
                self.dir.join(state_file(name)).display()
            );
        }
    }

    /// Writes state `name` as `<name>.state` and removes a former `<name>.json`.
    fn try_save<T: Serialize>(&self, name: &str, value: &T) -> std::io::Result<()> {
        self.ensure()?;
        files::write_atomic(&self.dir, &state_file(name), &serde_json::to_vec(value)?)?;
        self.remove_legacy(name);
        Ok(())
    }

    /// Removes the former `<name>.json` of state `name`, if any (a link is removed, never
    /// followed).
    pub fn remove_legacy(&self, name: &str) {
        let legacy = self.dir.join(format!("{name}.{LEGACY_EXTENSION}"));
        match std::fs::remove_file(&legacy) {
            Ok(()) => tracing::info!("removed {}, now {}", legacy.display(), state_file(name)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => tracing::warn!("cannot remove {}: {e}", legacy.display()),
        }
    }

    /// Creates the directory if needed and checks it is a plain directory of the user's (see
    /// [`files::ensure_private_dir`]), with a `.gitignore` that keeps it out of commits.
    pub fn ensure(&self) -> std::io::Result<()> {
        files::ensure_private_dir(&self.dir)?;
        files::create_new(&self.dir.join(".gitignore"), b"*\n")?;
        Ok(())
    }

    /// Holds the state's advisory lock: take it around a read, change and write-back of the state
    /// so that several servers and CLIs on one project lose none of each other's updates.
    pub fn lock(&self) -> std::io::Result<files::DirLock> {
        self.ensure()?;
        files::DirLock::acquire(&self.dir, "state.lock")
    }
}

/// Where a state file that cannot be used is set aside: `latest.state` → `latest.state.<why>`.
fn set_aside_name(path: &Path, why: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{why}"));
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_corruption_recovery() {
        let root = tempfile::tempdir().unwrap();
        let state = StateDir::new(root.path());
        assert_eq!(state.load_loops(), LoopHistory::default());
        let loops = LoopHistory {
            checks: 7,
            ..LoopHistory::default()
        };
        state.save_loops(&loops);
        assert_eq!(state.load_loops().checks, 7);
        std::fs::write(state.path().join("loops.state"), "{\"checks\": 7, \"tra").unwrap();
        assert_eq!(
            state.load_loops(),
            LoopHistory::default(),
            "a torn file is not trusted"
        );
        assert!(state.path().join("loops.state.corrupt").exists());
        assert!(state.path().join(".gitignore").exists());
    }

    #[test]
    fn files_with_other_ids_are_set_aside_and_loops_are_kept() {
        let root = tempfile::tempdir().unwrap();
        let state = StateDir::new(root.path());
        state.ensure().unwrap();
        // Written before ids were versioned (BLAKE3 ids), under the former names.
        std::fs::write(
            state.path().join("snapshots.json"),
            r#"{"tick": 3, "scopes": {"scope": [3, {"issues": {}}]}}"#,
        )
        .unwrap();
        std::fs::write(
            state.path().join("latest.json"),
            r#"{"issues": [], "clusters": []}"#,
        )
        .unwrap();
        std::fs::write(state.path().join("loops.json"), r#"{"checks": 4}"#).unwrap();
        assert!(state.load_snapshots().scopes.is_empty());
        assert!(state.load_latest().is_none());
        assert_eq!(
            state.load_loops().checks,
            4,
            "loops are keyed by signatures"
        );
        assert!(state.path().join("snapshots.json.ids-v1").exists());
        assert!(state.path().join("latest.json.ids-v1").exists());
        assert!(!state.path().join("snapshots.json").exists());
    }

    #[test]
    fn a_former_json_file_is_read_then_replaced_by_its_state_file() {
        let root = tempfile::tempdir().unwrap();
        let state = StateDir::new(root.path());
        let mut snapshots = Snapshots::default();
        snapshots.put("scope".to_owned(), Snapshot::default());
        state.save_snapshots(&snapshots);
        state
            .save_baseline(&Baseline::of(&Analysis::default()))
            .unwrap();
        let dir = state.path();
        assert!(dir.join("snapshots.state").is_file());
        // As an earlier signalint left them (a baseline committed beside them).
        std::fs::rename(dir.join("snapshots.state"), dir.join("snapshots.json")).unwrap();
        std::fs::rename(dir.join("baseline.state"), dir.join("baseline.json")).unwrap();
        assert_eq!(
            state.load_snapshots().scopes.len(),
            1,
            "read under its former name"
        );
        assert!(state.load_baseline().is_some());
        state.save_snapshots(&snapshots);
        assert!(dir.join("snapshots.state").is_file());
        assert!(
            !dir.join("snapshots.json").exists(),
            "a formatter walking the project must not find it"
        );
        assert_eq!(state.load_snapshots().scopes.len(), 1);
    }

    #[test]
    fn a_committed_state_symlink_receives_nothing() {
        let root = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(elsewhere.path(), root.path().join(STATE_DIR)).unwrap();
        let state = StateDir::new(root.path());
        state.save_loops(&LoopHistory {
            checks: 1,
            ..LoopHistory::default()
        });
        state.save_latest(&LatestCheck::default());
        assert!(state.lock().is_err());
        let written: Vec<_> = std::fs::read_dir(elsewhere.path()).unwrap().collect();
        assert!(written.is_empty(), "{written:?}");
    }

    #[test]
    fn a_planted_state_file_link_is_not_read_or_written_through() {
        let root = tempfile::tempdir().unwrap();
        let state = StateDir::new(root.path());
        state.ensure().unwrap();
        let victim = root.path().join("victim.json");
        std::fs::write(&victim, r#"{"checks": 9}"#).unwrap();
        std::os::unix::fs::symlink(&victim, state.path().join("loops.state")).unwrap();
        std::os::unix::fs::symlink(&victim, state.path().join("latest.json")).unwrap();
        assert_eq!(state.load_loops(), LoopHistory::default(), "not read");
        assert!(state.load_latest().is_none(), "nor under a former name");
        state.save_loops(&LoopHistory::default());
        assert_eq!(
            std::fs::read_to_string(&victim).unwrap(),
            r#"{"checks": 9}"#
        );
    }

    #[test]
    fn snapshots_are_bounded() {
        let mut snapshots = Snapshots::default();
        for i in 0..(MAX_SNAPSHOTS + 5) {
            snapshots.put(format!("scope{i}"), Snapshot::default());
        }
        assert_eq!(snapshots.scopes.len(), MAX_SNAPSHOTS);
        assert!(snapshots.get("scope0").is_none());
        assert!(
            snapshots
                .get(&format!("scope{}", MAX_SNAPSHOTS + 4))
                .is_some()
        );
    }
}
