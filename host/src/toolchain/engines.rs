//! The managed toolchain of the engines a config may run, shared by every check of a process,
//! and the search for one engine's tool that falls back to it.

use std::collections::BTreeSet;
use std::path::Path;

use signalint_plugin_api::{PluginKind, ToolSpec};

use super::{NO_INSTALL_ENV, Resolution, ToolChoice, ToolProblem, Toolchain, resolve};
use crate::plugins::{PluginDir, Registry};
use crate::runner::Runner;

/// The managed toolchain of a check context: installed at most once per process.
pub struct ManagedToolchain {
    toolchain: std::sync::OnceLock<Toolchain>,
    /// The engines' npm packages, worked out on first need (see [`Self::for_check`]).
    packages: Box<dyn Fn() -> Vec<String> + Send + Sync>,
    /// Install on first need (off with `SIGNALINT_NO_INSTALL=1`).
    pub auto_install: bool,
    installed: tokio::sync::OnceCell<Result<(), String>>,
}

impl std::fmt::Debug for ManagedToolchain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ManagedToolchain")
            .field("toolchain", &self.toolchain.get())
            .field("auto_install", &self.auto_install)
            .finish()
    }
}

impl ManagedToolchain {
    /// The toolchain made of the pinned npm packages of the engines the config may run (the
    /// built-in ones, enabled or not, and those with a table). Neither an engine turned off
    /// nor an extra library on the plugin path changes the set, so every command finds the
    /// same installation.
    pub fn for_registry(registry: &Registry, engines: BTreeSet<String>) -> Self {
        Self::for_check(registry, engines, Vec::new())
    }

    /// The same toolchain for a check that loaded only the libraries of the engines it runs:
    /// the packages of the others (turned off in the config) are read from their libraries in
    /// `dirs` when the toolchain is first needed, which a check whose tools are all found in
    /// the project or the config never does.
    pub fn for_check(registry: &Registry, engines: BTreeSet<String>, dirs: Vec<PluginDir>) -> Self {
        let loaded = engine_packages(registry, &engines);
        let unloaded: BTreeSet<String> = engines
            .into_iter()
            .filter(|id| registry.get(id).is_none())
            .collect();
        let packages = Box::new(move || {
            let mut packages = loaded.clone();
            if !unloaded.is_empty() {
                packages.extend(engine_packages(
                    &Registry::load_for(&dirs, &unloaded),
                    &unloaded,
                ));
            }
            packages
        });
        let auto_install = !std::env::var(NO_INSTALL_ENV).is_ok_and(|v| v == "1" || v == "true");
        Self {
            toolchain: std::sync::OnceLock::new(),
            packages,
            auto_install,
            installed: tokio::sync::OnceCell::new(),
        }
    }

    /// The toolchain: its packages and where it is installed.
    pub fn toolchain(&self) -> &Toolchain {
        self.toolchain
            .get_or_init(|| Toolchain::new((self.packages)()))
    }

    /// The package root when the toolchain is installed.
    pub fn root_if_installed(&self) -> Option<&Path> {
        let toolchain = self.toolchain();
        toolchain.is_installed().then_some(toolchain.root.as_path())
    }

    /// Installs the toolchain once; later calls share the first result.
    pub async fn ensure(&self, runner: &Runner) -> Result<&Path, String> {
        let toolchain = self.toolchain();
        if toolchain.packages.is_empty() {
            return Err("no engine declares npm packages to install".into());
        }
        let result = self
            .installed
            .get_or_init(|| async {
                if toolchain.is_installed() {
                    return Ok(());
                }
                if !self.auto_install {
                    return Err(format!("the managed toolchain is not installed and {}=1; run `signalint setup`", NO_INSTALL_ENV));
                }
                tracing::warn!(
                    "installing the managed engine toolchain ({}) into {} (first use; `signalint setup` does this ahead of time)",
                    toolchain.packages.join(" "),
                    toolchain.root.display()
                );
                toolchain.install(runner, &mut |line| tracing::info!("{line}")).await
            })
            .await;
        result.clone().map(|()| toolchain.root.as_path())
    }
}

/// The npm packages of the engine plugins in `registry` whose ids are in `engines`.
fn engine_packages(registry: &Registry, engines: &BTreeSet<String>) -> Vec<String> {
    registry
        .of_kind(PluginKind::Engine)
        .filter(|p| engines.contains(&p.manifest().id))
        .filter_map(|p| p.manifest().engine.as_ref())
        .flat_map(|e| e.tool.npm_packages.iter().cloned())
        .collect()
}

/// Finds one engine's tool: the configured path (used or missing, never looked for
/// elsewhere), else the project, `PATH` and the managed toolchain, which is installed on first
/// need for a tool that declares npm packages.
pub async fn resolve_engine_tool(
    spec: &ToolSpec,
    choice: &ToolChoice<'_>,
    root: &Path,
    managed: &ManagedToolchain,
    runner: &Runner,
) -> Result<Resolution, ToolProblem> {
    // With a configured tool the managed toolchain (which may mean reading the libraries of
    // engines turned off) is not needed.
    let managed_root = match choice.tool {
        Some(_) => None,
        None => managed.root_if_installed(),
    };
    let resolved = resolve(spec, choice, root, managed_root, runner).await;
    let installable = choice.tool.is_none()
        && !spec.npm_packages.is_empty()
        && managed.root_if_installed().is_none();
    if !(installable && matches!(resolved, Err(ToolProblem::NotFound { .. }))) {
        return resolved;
    }
    match managed.ensure(runner).await {
        Ok(managed_root) => resolve(spec, choice, root, Some(managed_root), runner).await,
        Err(e) => {
            tracing::warn!("{e}");
            resolved
        }
    }
}
