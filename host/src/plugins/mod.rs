//! Finding, probing, loading and version-checking plugins; the registry of what loaded.
//!
//! Loading runs a library's code, so it happens only from the plugin path: the installation's
//! own directories, found from the real path of the `signalint` executable (beside it, its
//! `plugins/` folder, `../lib/signalint/plugins`), then `[plugins] path` from the config, then
//! `SIGNALINT_PLUGIN_PATH`. A config directory inside the checked project's repository (its git
//! work tree), or resolving into it, loads only with an explicit opt-in from outside the
//! repository (`--allow-project-plugins` or `SIGNALINT_ALLOW_PROJECT_PLUGINS=1`); a refused
//! directory is never listed, so none of its libraries is opened. An installation without any
//! built-in plugin is an error ([`missing_installation`]), never an empty check.
//!
//! A library is named after the id it provides: `libsignalint_plugin_<id>.so` (`-` as `_`,
//! with the platform's prefix and suffix). `signalint check` loads only the libraries named
//! for the plugins it may run ([`Registry::load_for`]) and every library only when one of
//! those is missing; `signalint plugins` loads them all and points out a library named for
//! another id.

mod discover;
mod load;

pub(crate) use discover::resolved_prefix;
pub use discover::{
    INSTALL_PLUGIN_DIR, PluginDir, PluginDirSource, install_dirs, is_plugin_file_name,
    missing_installation, plugin_dirs, repository_root,
};
pub use load::{CallError, LoadError, PluginHandle, api_compatible, load_plugin};

use std::collections::{BTreeSet, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use signalint_plugin_api::{PluginKind, PluginManifest};

/// Built-in engines: enabled by default when their tool is found.
pub const BUILTIN_ENGINES: &[&str] = &["oxlint", "tsc", "biome", "eslint"];

/// Built-in rule packs: enabled by default.
pub const BUILTIN_RULE_PACKS: &[&str] = &[
    "shadow-patterns",
    "param-synonyms",
    "tool-hygiene",
    "mcp-lint",
];

/// What happened to one plugin library.
#[derive(Debug, Clone)]
pub enum PluginState {
    Loaded(Arc<PluginHandle>),
    /// Not loaded; the reason names the file, the versions and the fix.
    Refused(String),
    /// Loaded, but another library with the same id came first on the plugin path.
    Shadowed {
        by: PathBuf,
    },
}

/// One library found on the plugin path.
#[derive(Debug, Clone)]
pub struct PluginEntry {
    pub path: PathBuf,
    pub source: PluginDirSource,
    pub state: PluginState,
}

impl PluginEntry {
    pub fn manifest(&self) -> Option<&PluginManifest> {
        match &self.state {
            PluginState::Loaded(handle) => Some(handle.manifest()),
            _ => None,
        }
    }
}

/// Every plugin found, in plugin-path order.
#[derive(Debug, Clone, Default)]
pub struct Registry {
    pub entries: Vec<PluginEntry>,
    /// Plugin directories that were skipped, with the reason.
    pub skipped_dirs: Vec<(PathBuf, String)>,
}

impl Registry {
    /// Loads every plugin in `dirs`. Never fails: a refused library is recorded with its
    /// reason and the others load.
    pub fn load(dirs: &[PluginDir]) -> Self {
        Self::load_where(dirs, |_| true)
    }

    /// Loads the libraries named for `ids` (see [`library_stem`]): a check needs a few of the
    /// installed plugins, and each library costs mapping, layout checks and a manifest call
    /// before the first engine can start. When one of `ids` is still missing afterwards — a
    /// library named otherwise may provide it, and a refusal needs the whole plugin path to
    /// explain — every library loads, as [`Registry::load`] does.
    pub fn load_for(dirs: &[PluginDir], ids: &BTreeSet<String>) -> Self {
        let stems: HashSet<String> = ids.iter().map(|id| library_stem(id)).collect();
        let registry = Self::load_where(dirs, |path| {
            file_stem(path).is_some_and(|stem| stems.contains(stem))
        });
        if ids.iter().all(|id| registry.get(id).is_some()) {
            registry
        } else {
            Self::load(dirs)
        }
    }

    /// Loads every library except those named for `ids`: the plugins a command has no use
    /// for (the engines, for `tools scan`), whose loading would only delay it.
    pub fn load_without(dirs: &[PluginDir], ids: &BTreeSet<String>) -> Self {
        let stems: HashSet<String> = ids.iter().map(|id| library_stem(id)).collect();
        Self::load_where(dirs, |path| {
            file_stem(path).is_none_or(|stem| !stems.contains(stem))
        })
    }

    /// Loads the libraries in `dirs` that `wanted` accepts, in plugin-path order.
    fn load_where(dirs: &[PluginDir], wanted: impl Fn(&Path) -> bool) -> Self {
        let mut registry = Registry::default();
        let mut libraries = Vec::new();
        for dir in dirs {
            if let Some(reason) = &dir.refused {
                registry
                    .skipped_dirs
                    .push((dir.path.clone(), reason.clone()));
                continue;
            }
            libraries.extend(
                dir.libraries()
                    .into_iter()
                    .filter(|path| wanted(path))
                    .map(|path| (dir, path)),
            );
        }
        // Libraries load side by side (mapping, layout checks and manifests take a few
        // milliseconds each, on the path of every check); which one wins an id stays the order
        // of the plugin path.
        let loaded: Vec<_> = std::thread::scope(|scope| {
            let handles: Vec<_> = libraries
                .iter()
                .map(|(_, path)| scope.spawn(|| load_plugin(path)))
                .collect();
            handles
                .into_iter()
                .zip(&libraries)
                .map(|(handle, (_, path))| {
                    handle.join().unwrap_or_else(|_| {
                        Err(LoadError::NotAPlugin {
                            path: path.clone(),
                            detail: "loading it panicked".into(),
                        })
                    })
                })
                .collect()
        });
        for ((dir, path), result) in libraries.into_iter().zip(loaded) {
            let state = match result {
                Ok(handle) => {
                    let id = handle.manifest().id.clone();
                    match registry.get(&id) {
                        Some(first) => PluginState::Shadowed {
                            by: first.path().to_owned(),
                        },
                        None => PluginState::Loaded(Arc::new(handle)),
                    }
                }
                Err(error) => PluginState::Refused(error.to_string()),
            };
            registry.entries.push(PluginEntry {
                path,
                source: dir.source,
                state,
            });
        }
        registry
    }

    /// The loaded plugin with this id.
    pub fn get(&self, id: &str) -> Option<&Arc<PluginHandle>> {
        self.entries.iter().find_map(|entry| match &entry.state {
            PluginState::Loaded(handle) if handle.manifest().id == id => Some(handle),
            _ => None,
        })
    }

    /// Loaded plugins of one kind.
    pub fn of_kind(&self, kind: PluginKind) -> impl Iterator<Item = &Arc<PluginHandle>> {
        self.entries
            .iter()
            .filter_map(move |entry| match &entry.state {
                PluginState::Loaded(handle) if handle.manifest().kind == kind => Some(handle),
                _ => None,
            })
    }

    /// The refusal reason for a library whose file name suggests `id`, for messages about a
    /// configured plugin that did not load.
    pub fn refusal_for(&self, id: &str) -> Option<&str> {
        let stem = id.replace('-', "_");
        self.entries.iter().find_map(|entry| match &entry.state {
            PluginState::Refused(reason)
                if entry
                    .path
                    .file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.contains(&stem)) =>
            {
                Some(reason.as_str())
            }
            _ => None,
        })
    }
}

/// The file stem of the library that provides plugin `id`: `signalint_plugin_<id>`, with `-`
/// as `_` (Cargo's name for the library of a crate `signalint-plugin-<id>`).
pub fn library_stem(id: &str) -> String {
    format!("signalint_plugin_{}", id.replace('-', "_"))
}

/// The file name of the library that provides plugin `id` on this platform
/// (`libsignalint_plugin_oxlint.so`, `signalint_plugin_oxlint.dll`).
pub fn library_file_name(id: &str) -> String {
    format!(
        "{}{}{}",
        std::env::consts::DLL_PREFIX,
        library_stem(id),
        std::env::consts::DLL_SUFFIX
    )
}

/// A library's stem without the platform's prefix and suffix (`libX.so` → `X`).
pub fn file_stem(path: &Path) -> Option<&str> {
    discover::library_name_stem(path.file_name()?.to_str()?)
}

/// Whether `path` lies inside `root` (both canonicalized when possible).
pub fn is_inside(path: &Path, root: &Path) -> bool {
    let path = path.canonicalize().unwrap_or_else(|_| path.to_owned());
    let root = root.canonicalize().unwrap_or_else(|_| root.to_owned());
    path.starts_with(root)
}
