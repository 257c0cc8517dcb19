//! Which configs may make signalint run a command, as `direnv allow` and `mise trust` decide it.
//!
//! A repository's `signalint.toml` is written by whoever wrote the repository. The keys that make
//! signalint run something other than the engines found the usual way (`[engines.<id>] tool`
//! and `args`, `[[mcp.servers]]`, `[plugins] path`) take effect only once the user has trusted
//! that file: `signalint trust` records the hash of its content in the user's config directory,
//! outside every repository, so any change to the file needs trust again. `--trust` or
//! `SIGNALINT_TRUST=1` trust for one run (CI). Untrusted, those keys are dropped, and
//! [`Untrusted`] says which: the warning on stderr and the status of every engine (and rule pack)
//! a dropped key was for name them and the command that trusts the file.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use serde::{Deserialize, Serialize};

use super::Config;
use crate::state::files;

/// The environment variable that trusts every config for one run.
pub const TRUST_ENV: &str = "SIGNALINT_TRUST";
/// The environment variable naming the directory of the trust store (default: the user's config
/// directory, `$XDG_CONFIG_HOME/signalint` or `~/.config/signalint`).
pub const CONFIG_DIR_ENV: &str = "SIGNALINT_CONFIG_DIR";
const STORE_FILE: &str = "trusted.json";
/// What the store records for a trusted project directory, in place of a content hash.
const PROJECT_MARK: &str = "project";
/// The trust store is a short list of paths and hashes; anything larger is not ours.
const MAX_STORE_BYTES: u64 = 16 << 20;

static TRUST_THIS_RUN: AtomicBool = AtomicBool::new(false);

/// Trusts every config for the rest of this process (`--trust`).
pub fn trust_this_run() {
    TRUST_THIS_RUN.store(true, Ordering::Relaxed);
}

/// What a config asked for that was not applied because the file is not trusted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Untrusted {
    /// The config file.
    pub path: PathBuf,
    /// The keys dropped, as `[engines.oxlint] tool`, in file order of their tables.
    pub ignored: Vec<String>,
}

impl Untrusted {
    /// One sentence for a status line or a response: what was ignored and how to trust it.
    pub fn message(&self) -> String {
        format!(
            "{} is not trusted, so {} {} ignored; if you trust it, run `signalint trust{}` (or pass --trust)",
            self.path.display(),
            self.ignored.join(", "),
            if self.ignored.len() == 1 { "is" } else { "are" },
            if self.path.file_name() == Some(std::ffi::OsStr::new(super::CONFIG_FILE_NAME)) {
                String::new()
            } else {
                format!(" --config {}", self.path.display())
            },
        )
    }

    /// Whether a key of `[engines.<engine>]` was dropped.
    pub fn affects_engine(&self, engine: &str) -> bool {
        let table = format!("[engines.{engine}] ");
        self.ignored.iter().any(|key| key.starts_with(&table))
    }
}

/// The keys of `config` that run a command, as shown in [`Untrusted::ignored`].
fn command_keys(config: &Config) -> Vec<String> {
    let mut keys = Vec::new();
    if !config.plugins.path.is_empty() {
        keys.push("[plugins] path".to_owned());
    }
    for (id, engine) in &config.engines {
        if engine.tool.is_some() {
            keys.push(format!("[engines.{id}] tool"));
        }
        if !engine.args.is_empty() {
            keys.push(format!("[engines.{id}] args"));
        }
    }
    if !config.mcp.servers.is_empty() {
        keys.push("[[mcp.servers]]".to_owned());
    }
    keys
}

/// Drops the command keys of an untrusted config and records which. A config without such keys
/// needs no trust at all.
pub(super) fn apply(config: &mut Config, text: &[u8]) {
    restrict(config, |path| is_trusted(path, text));
}

/// [`apply`] with the trust decision given.
fn restrict(config: &mut Config, trusted: impl FnOnce(&Path) -> bool) {
    let Some(path) = config.source.clone() else {
        return;
    };
    let ignored = command_keys(config);
    if ignored.is_empty() || trusted(&path) {
        return;
    }
    config.plugins.path.clear();
    for engine in config.engines.values_mut() {
        engine.tool = None;
        engine.args.clear();
    }
    config.mcp.servers.clear();
    tracing::warn!(
        "{}",
        Untrusted {
            path: path.clone(),
            ignored: ignored.clone()
        }
        .message()
    );
    config.untrusted = Some(Untrusted { path, ignored });
}

fn is_trusted(path: &Path, text: &[u8]) -> bool {
    if trusted_this_run() {
        return true;
    }
    TrustStore::user().is_some_and(|store| store.contains(path, text))
}

/// Whether this run trusts everything (`--trust`, `SIGNALINT_TRUST=1`).
fn trusted_this_run() -> bool {
    TRUST_THIS_RUN.load(Ordering::Relaxed)
        || std::env::var_os(TRUST_ENV).is_some_and(|v| v == "1" || v == "true")
}

/// Whether the project at `root` may run its own code: a tool from its `node_modules` that
/// loads an executable config (ESLint's `eslint.config.js`). Trusted for this run, or
/// `signalint trust` recorded the project directory, or its config file (`config`) with its
/// current content.
pub fn project_trusted(root: &Path, config: Option<&Path>) -> bool {
    if trusted_this_run() {
        return true;
    }
    let Some(store) = TrustStore::user() else {
        return false;
    };
    store.contains_project(root)
        || config
            .is_some_and(|path| std::fs::read(path).is_ok_and(|text| store.contains(path, &text)))
}

/// The user's record of trusted config files: canonical path → BLAKE3 of the content.
#[derive(Debug, Clone)]
pub struct TrustStore {
    dir: PathBuf,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct StoreFile {
    #[serde(default)]
    trusted: BTreeMap<String, String>,
}

impl TrustStore {
    /// The store in the user's config directory, if there is a home to put it in.
    pub fn user() -> Option<Self> {
        let dir = std::env::var_os(CONFIG_DIR_ENV)
            .map(PathBuf::from)
            .or_else(|| {
                std::env::var_os("XDG_CONFIG_HOME")
                    .map(PathBuf::from)
                    .filter(|p| p.is_absolute())
                    .map(|p| p.join("signalint"))
            })
            .or_else(|| {
                std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".config/signalint"))
            })?;
        Some(Self { dir })
    }

    /// A store in `dir` (tests, or a team's own location).
    pub fn at(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    /// The file the store lives in.
    pub fn file(&self) -> PathBuf {
        self.dir.join(STORE_FILE)
    }

    /// Whether `path` is trusted with exactly this content.
    pub fn contains(&self, path: &Path, text: &[u8]) -> bool {
        let key = key_of(path);
        self.read()
            .trusted
            .get(&key)
            .is_some_and(|hash| *hash == hash_of(text))
    }

    /// Records `path` with its current content as trusted; returns the key it was stored under.
    pub fn trust(&self, path: &Path) -> io::Result<String> {
        let text = std::fs::read(path)?;
        let key = key_of(path);
        let mut store = self.read();
        store.trusted.insert(key.clone(), hash_of(&text));
        self.write(&store)?;
        Ok(key)
    }

    /// Records the project directory `root` as trusted, whatever its files say: its own tools
    /// and configs may run. Returns the key it was stored under.
    pub fn trust_project(&self, root: &Path) -> io::Result<String> {
        let key = key_of(root);
        let mut store = self.read();
        store.trusted.insert(key.clone(), PROJECT_MARK.to_owned());
        self.write(&store)?;
        Ok(key)
    }

    /// Whether `signalint trust` recorded the project directory `root`.
    pub fn contains_project(&self, root: &Path) -> bool {
        self.read()
            .trusted
            .get(&key_of(root))
            .is_some_and(|mark| mark == PROJECT_MARK)
    }

    /// Forgets `path` (a config file or a project directory); `Ok(false)` when it was not
    /// trusted.
    pub fn revoke(&self, path: &Path) -> io::Result<bool> {
        let mut store = self.read();
        let removed = store.trusted.remove(&key_of(path)).is_some();
        if removed {
            self.write(&store)?;
        }
        Ok(removed)
    }

    fn read(&self) -> StoreFile {
        match files::read_regular(&self.file(), MAX_STORE_BYTES) {
            Ok(Some(bytes)) => serde_json::from_slice(&bytes).unwrap_or_else(|e| {
                tracing::warn!(
                    "{} does not parse ({e}); no config counts as trusted",
                    self.file().display()
                );
                StoreFile::default()
            }),
            Ok(None) => StoreFile::default(),
            Err(e) => {
                tracing::warn!("{e}; no config counts as trusted");
                StoreFile::default()
            }
        }
    }

    fn write(&self, store: &StoreFile) -> io::Result<()> {
        files::ensure_private_dir(&self.dir)?;
        files::write_atomic(&self.dir, STORE_FILE, &serde_json::to_vec_pretty(store)?)
    }
}

/// The canonical path when the file exists (so `./signalint.toml` and its absolute path are one
/// entry, and a symlink is trusted for what it points at), else the path as given.
fn key_of(path: &Path) -> String {
    path.canonicalize()
        .unwrap_or_else(|_| path.to_owned())
        .to_string_lossy()
        .into_owned()
}

fn hash_of(text: &[u8]) -> String {
    blake3::hash(text).to_hex().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const RISKY: &str = "[engines.oxlint]\ntool = \"/bin/sh\"\nargs = [\"--fix\"]\n\n[[mcp.servers]]\nname = \"x\"\ncommand = \"sh\"\n";

    #[test]
    fn untrusted_command_keys_are_dropped_and_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("signalint.toml");
        std::fs::write(&path, RISKY).unwrap();
        let mut config = Config::parse(RISKY, &path).unwrap();
        apply_with(
            &mut config,
            RISKY.as_bytes(),
            &TrustStore::at(dir.path().join("store")),
        );
        let untrusted = config.untrusted.as_ref().expect("recorded");
        assert_eq!(
            untrusted.ignored,
            [
                "[engines.oxlint] tool",
                "[engines.oxlint] args",
                "[[mcp.servers]]"
            ]
        );
        assert!(untrusted.affects_engine("oxlint"));
        assert!(!untrusted.affects_engine("tsc"));
        assert!(
            untrusted.message().contains("`signalint trust`"),
            "{}",
            untrusted.message()
        );
        assert_eq!(config.engines["oxlint"].tool, None);
        assert!(config.engines["oxlint"].args.is_empty());
        assert!(config.mcp.servers.is_empty());
    }

    #[test]
    fn trust_holds_for_exactly_the_content_it_saw() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("signalint.toml");
        std::fs::write(&path, RISKY).unwrap();
        let store = TrustStore::at(dir.path().join("store"));
        store.trust(&path).unwrap();
        let mut config = Config::parse(RISKY, &path).unwrap();
        apply_with(&mut config, RISKY.as_bytes(), &store);
        assert_eq!(config.untrusted, None);
        assert!(config.engines["oxlint"].tool.is_some());

        let changed = format!("{RISKY}# one more line\n");
        std::fs::write(&path, &changed).unwrap();
        let mut config = Config::parse(&changed, &path).unwrap();
        apply_with(&mut config, changed.as_bytes(), &store);
        assert!(config.untrusted.is_some(), "a change needs trust again");

        assert!(store.revoke(&path).unwrap());
        assert!(!store.revoke(&path).unwrap());
    }

    #[test]
    fn a_config_without_command_keys_needs_no_trust() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("signalint.toml");
        let text = "[engines.oxlint]\nargs = []\n[check]\npage_size = 5\n";
        let mut config = Config::parse(text, &path).unwrap();
        apply_with(&mut config, text.as_bytes(), &TrustStore::at(dir.path()));
        assert_eq!(config.untrusted, None);
    }

    #[test]
    fn a_trusted_project_directory_is_trusted_until_revoked() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("project");
        std::fs::create_dir(&root).unwrap();
        let store = TrustStore::at(dir.path().join("store"));
        assert!(!store.contains_project(&root));
        store.trust_project(&root).unwrap();
        assert!(store.contains_project(&root));
        assert!(!store.contains_project(dir.path()), "only that directory");
        // A file's trust is no directory's.
        let file = root.join("signalint.toml");
        std::fs::write(&file, "").unwrap();
        store.trust(&file).unwrap();
        assert!(!store.contains_project(&file));
        assert!(store.revoke(&root).unwrap());
        assert!(!store.contains_project(&root));
    }

    fn apply_with(config: &mut Config, text: &[u8], store: &TrustStore) {
        restrict(config, |path| store.contains(path, text));
    }
}
