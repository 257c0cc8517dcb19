//! What a plugin says about itself before it is asked to do anything.

use serde::{Deserialize, Serialize};

/// The two kinds of plugin the host knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum PluginKind {
    /// Wraps an external code-quality tool: plans its invocations, parses its output.
    Engine,
    /// Checks MCP tool definitions (tools, resources, prompts, `server.json`).
    RulePack,
    /// A kind of a newer plugin API; the host refuses such a plugin with a message.
    #[serde(other)]
    Unknown,
}

impl PluginKind {
    pub fn as_str(self) -> &'static str {
        match self {
            PluginKind::Engine => "engine",
            PluginKind::RulePack => "rule-pack",
            PluginKind::Unknown => "unknown",
        }
    }
}

/// How much of a project one engine run has to see.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum EngineScope {
    /// Each file is checked on its own (oxlint, biome): only changed files need a run.
    FileLocal,
    /// The whole program is checked at once (tsc): any input change re-checks every file.
    WholeProgram,
    /// A scope of a newer plugin API; the host reports the engine as an error and runs it not.
    #[serde(other)]
    Unknown,
}

/// Identity and capabilities of a plugin. Returned by the `manifest` method.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct PluginManifest {
    /// Stable id, used in `signalint.toml` and in issue `engine` fields: `oxlint`, `shadow-patterns`.
    pub id: String,
    pub kind: PluginKind,
    /// The plugin's own version (its crate version).
    pub version: String,
    /// The `signalint-plugin-api` version the plugin was built against. Filled in by the export macro.
    #[serde(default)]
    pub api_version: String,
    /// The payload version the plugin speaks. Filled in by the export macro.
    #[serde(default)]
    pub payload_version: u32,
    /// One line for `signalint plugins`.
    pub description: String,
    /// Present for engines.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<EngineInfo>,
    /// Present for rule packs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule_pack: Option<RulePackInfo>,
}

impl PluginManifest {
    /// The manifest of an engine adapter. The export macro fills in `api_version` and
    /// `payload_version`.
    pub fn engine(
        id: impl Into<String>,
        version: impl Into<String>,
        description: impl Into<String>,
        engine: EngineInfo,
    ) -> Self {
        Self {
            id: id.into(),
            kind: PluginKind::Engine,
            version: version.into(),
            api_version: String::new(),
            payload_version: 0,
            description: description.into(),
            engine: Some(engine),
            rule_pack: None,
        }
    }

    /// The manifest of a rule pack. The export macro fills in `api_version` and
    /// `payload_version`.
    pub fn rule_pack(
        id: impl Into<String>,
        version: impl Into<String>,
        description: impl Into<String>,
        rule_pack: RulePackInfo,
    ) -> Self {
        Self {
            id: id.into(),
            kind: PluginKind::RulePack,
            version: version.into(),
            api_version: String::new(),
            payload_version: 0,
            description: description.into(),
            engine: None,
            rule_pack: Some(rule_pack),
        }
    }
}

/// What an engine adapter checks and which tool it drives.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct EngineInfo {
    pub scope: EngineScope,
    pub tool: ToolSpec,
    /// File extensions (without the dot) the engine checks: `["ts", "tsx", "js"]`.
    pub extensions: Vec<String>,
    /// Config file names the engine reads (searched in the file's directory and its ancestors).
    /// Their content is part of every cache key, so an edited config never returns a stale result.
    #[serde(default)]
    pub config_files: Vec<String>,
    /// For a whole-program engine: how its programs are found and what they read (see
    /// [`ProgramSpec`]). Absent: one program, the project, whose inputs are the files with
    /// one of `extensions` and the `config_files`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub programs: Option<ProgramSpec>,
    /// Environment variables whose values the adapter's plan depends on (`GOGC`): the host
    /// passes those set in its environment in [`PlanRequest::env`](crate::PlanRequest::env),
    /// so the adapter never reads the environment itself.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub env_vars: Vec<String>,
    /// When a project uses this engine, so that it runs by default only there (see
    /// [`UsedWhen`]). Absent: it runs whenever its tool is found.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub used_when: Option<UsedWhen>,
    /// Set when the engine can also run as a persistent process (a language server) that the
    /// host keeps between checks; see [`PersistentSpec`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub persistent: Option<PersistentSpec>,
    /// Additive: the engine offers fixes as LSP code actions. These arguments start its tool
    /// as a language server on stdio (`["--lsp"]`); the host asks it, per issue and only when a
    /// fix is requested, for the preferred code action at the range. Empty: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub code_action_args: Vec<String>,
    /// Additive (0.3.5): some fixes cost a run of their own (a formatter's output per file),
    /// so a check leaves them out: such a finding has no `fixes` but states its `fix_safety`.
    /// The host computes them only when fixes are applied, by planning the engine again for
    /// the files concerned with [`PlanRequest::fixes`](crate::PlanRequest::fixes) set, and
    /// takes the fix of the same finding from that run.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fixes_on_request: bool,
}

/// How the host tells that a project uses an engine. Any one sign is enough; an
/// `[engines.<id>]` table in `signalint.toml` runs the engine regardless.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct UsedWhen {
    /// Config file names (`biome.json`): found in the project root, one of its ancestors, or a
    /// directory of the project a few levels down (a workspace package's own config).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub config_files: Vec<String>,
    /// npm package names (`@biomejs/biome`) in the `dependencies`, `devDependencies`,
    /// `peerDependencies` or `optionalDependencies` of the root's (or an ancestor's)
    /// `package.json`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub packages: Vec<String>,
    /// The baseline linter: it also runs when the project uses no other file-local engine.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub baseline: bool,
}

impl UsedWhen {
    /// Used when one of `config_files` is found.
    pub fn config_files(config_files: Vec<String>) -> Self {
        Self {
            config_files,
            ..Self::default()
        }
    }

    pub fn with_packages(mut self, packages: Vec<String>) -> Self {
        self.packages = packages;
        self
    }

    pub fn with_baseline(mut self, baseline: bool) -> Self {
        self.baseline = baseline;
        self
    }
}

/// The persistent-engine capability: the engine answers the `session` method
/// ([`EngineAdapter::session`]) with the process to keep, and `session_parse` with its
/// diagnostics. Only a host that keeps engines warm (the MCP server) uses it; the others, and
/// any session that fails, run the one-shot plan.
///
/// The host restarts a session when one of the engine's program inputs changes
/// ([`ProgramSpec::config_names`], [`ProgramSpec::input_names`], [`ProgramSpec::input_paths`]
/// and [`Self::restart_inputs`]): a language server may not notice a changed tsconfig or a
/// reinstalled dependency, and a restart is always right.
///
/// [`EngineAdapter::session`]: crate::EngineAdapter::session
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct PersistentSpec {
    /// Further project-relative paths whose change restarts the session.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restart_inputs: Vec<String>,
}

impl PersistentSpec {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with_restart_inputs(mut self, restart_inputs: Vec<String>) -> Self {
        self.restart_inputs = restart_inputs;
        self
    }
}

/// The programs of a whole-program engine, served by the host for any engine that declares
/// them: it finds the program configs, reads them for [`EngineAdapter::discover`], hashes
/// every program input into the cache key, and keeps two runs of one program apart.
///
/// [`EngineAdapter::discover`]: crate::EngineAdapter::discover
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ProgramSpec {
    /// File names that define a program (`tsconfig.json`), found anywhere in the project
    /// outside ignored paths. The host hands each one's text to `discover`.
    #[serde(default)]
    pub config_names: Vec<String>,
    /// File names every program reads besides its sources, anywhere in the project: package
    /// manifests and lockfiles (`package.json`, `yarn.lock`). A change to one re-checks.
    #[serde(default)]
    pub input_names: Vec<String>,
    /// Extensions (without the dot) of further files a program may read besides the engine's
    /// own `extensions`: `json` for imported JSON and configs.
    #[serde(default)]
    pub input_extensions: Vec<String>,
    /// Project-relative paths that are inputs even where the project walk does not go
    /// (`node_modules/.package-lock.json`, which changes with every install).
    #[serde(default)]
    pub input_paths: Vec<String>,
    /// Two runs of one program (invocations with the same `label`) never overlap: they would
    /// write the same build state (tsc's build info).
    #[serde(default)]
    pub exclusive_runs: bool,
}

impl ProgramSpec {
    pub fn new(config_names: Vec<String>) -> Self {
        Self {
            config_names,
            ..Self::default()
        }
    }

    pub fn with_input_names(mut self, input_names: Vec<String>) -> Self {
        self.input_names = input_names;
        self
    }

    pub fn with_input_extensions(mut self, input_extensions: Vec<String>) -> Self {
        self.input_extensions = input_extensions;
        self
    }

    pub fn with_input_paths(mut self, input_paths: Vec<String>) -> Self {
        self.input_paths = input_paths;
        self
    }

    pub fn with_exclusive_runs(mut self, exclusive_runs: bool) -> Self {
        self.exclusive_runs = exclusive_runs;
        self
    }
}

/// Where the engine's external tool is and which versions the adapter understands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ToolSpec {
    /// Display name: `oxlint`.
    pub name: String,
    /// Semver requirement the tool's version must satisfy: `">=1.0.0, <2.0.0"`.
    pub version_range: String,
    /// Locations relative to a package root (the project, or the managed toolchain), tried in order.
    #[serde(default)]
    pub candidates: Vec<ToolCandidate>,
    /// Executable names looked up on `PATH`, tried after the project's own install.
    #[serde(default)]
    pub path_names: Vec<String>,
    /// Arguments that make the tool print its version.
    #[serde(default = "default_version_args")]
    pub version_args: Vec<String>,
    /// npm package and pinned version for the managed toolchain (`["oxlint@1.94.0"]`).
    #[serde(default)]
    pub npm_packages: Vec<String>,
}

impl EngineInfo {
    pub fn new(scope: EngineScope, tool: ToolSpec, extensions: Vec<String>) -> Self {
        Self {
            scope,
            tool,
            extensions,
            config_files: Vec::new(),
            programs: None,
            env_vars: Vec::new(),
            used_when: None,
            persistent: None,
            code_action_args: Vec::new(),
            fixes_on_request: false,
        }
    }

    /// Some of the engine's fixes are computed only when fixes are applied (see
    /// [`EngineInfo::fixes_on_request`]).
    pub fn with_fixes_on_request(mut self, fixes_on_request: bool) -> Self {
        self.fixes_on_request = fixes_on_request;
        self
    }

    /// The engine's tool answers `textDocument/codeAction` when started with `args`.
    pub fn with_code_action_args(mut self, args: Vec<String>) -> Self {
        self.code_action_args = args;
        self
    }

    pub fn with_used_when(mut self, used_when: UsedWhen) -> Self {
        self.used_when = Some(used_when);
        self
    }

    pub fn with_persistent(mut self, persistent: PersistentSpec) -> Self {
        self.persistent = Some(persistent);
        self
    }

    pub fn with_programs(mut self, programs: ProgramSpec) -> Self {
        self.programs = Some(programs);
        self
    }

    pub fn with_env_vars(mut self, env_vars: Vec<String>) -> Self {
        self.env_vars = env_vars;
        self
    }

    pub fn with_config_files(mut self, config_files: Vec<String>) -> Self {
        self.config_files = config_files;
        self
    }
}

impl ToolSpec {
    /// A tool found on `PATH` under its own name, asked for its version with `--version`.
    pub fn new(name: impl Into<String>, version_range: impl Into<String>) -> Self {
        let name = name.into();
        Self {
            path_names: vec![name.clone()],
            name,
            version_range: version_range.into(),
            candidates: Vec::new(),
            version_args: default_version_args(),
            npm_packages: Vec::new(),
        }
    }

    pub fn with_candidates(mut self, candidates: Vec<ToolCandidate>) -> Self {
        self.candidates = candidates;
        self
    }

    pub fn with_path_names(mut self, path_names: Vec<String>) -> Self {
        self.path_names = path_names;
        self
    }

    pub fn with_version_args(mut self, version_args: Vec<String>) -> Self {
        self.version_args = version_args;
        self
    }

    pub fn with_npm_packages(mut self, npm_packages: Vec<String>) -> Self {
        self.npm_packages = npm_packages;
        self
    }
}

impl ToolCandidate {
    /// A native executable at `path` inside a package root.
    pub fn new(path: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            launcher: None,
            variant: None,
            package: None,
        }
    }

    /// Names this candidate as a variant the user may pick with `[engines.<id>] compiler`.
    pub fn with_variant(mut self, variant: impl Into<String>) -> Self {
        self.variant = Some(variant.into());
        self
    }

    pub fn with_launcher(mut self, launcher: impl Into<String>) -> Self {
        self.launcher = Some(launcher.into());
        self
    }

    /// Names the npm package that installs this candidate, so that a project declaring it
    /// without installing it gets the managed build of the candidate's variant.
    pub fn with_package(mut self, package: impl Into<String>) -> Self {
        self.package = Some(package.into());
        self
    }
}

fn default_version_args() -> Vec<String> {
    vec!["--version".to_owned()]
}

/// One possible location of a tool inside a package root.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ToolCandidate {
    /// Path relative to the package root: `node_modules/oxlint/bin/oxlint`.
    pub path: String,
    /// Interpreter to run it with (`node` for a JavaScript entry point), if it is not native.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub launcher: Option<String>,
    /// A name for this build of the tool (`native`): `[engines.<id>] compiler = "<name>"`
    /// runs only the candidates of that name, from the project or else the managed toolchain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// Additive (0.3.4): the npm package that provides this candidate
    /// (`@typescript/native-preview`). When a project's `package.json` declares it but no
    /// candidate of this `variant` is installed, the host runs the managed build of the
    /// variant, as the project type-checks with that build, not with another one it happens
    /// to have. Name it only on a candidate that no other variant's package also installs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub package: Option<String>,
}

/// The rules a rule pack can report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct RulePackInfo {
    pub rules: Vec<RuleInfo>,
    /// The pack's findings are advice: they show in every report like any others but never
    /// change an exit code (a similarity score is a prompt to look, not a defect). A host
    /// that predates the field ignores it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub advisory: bool,
    /// The pack runs only where the configuration names it (`[rule_packs.<id>]`), in `tools
    /// scan` as in `check`: for a pack that costs seconds or needs a model installed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub opt_in: bool,
}

impl RulePackInfo {
    pub fn new(rules: impl Into<Vec<RuleInfo>>) -> Self {
        Self {
            rules: rules.into(),
            advisory: false,
            opt_in: false,
        }
    }

    /// Runs the pack only where the configuration names it.
    pub fn opt_in(mut self) -> Self {
        self.opt_in = true;
        self
    }

    /// Marks the pack's findings as advice that never changes an exit code.
    pub fn advisory(mut self) -> Self {
        self.advisory = true;
        self
    }
}

/// One rule of a rule pack.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct RuleInfo {
    /// Stable code: `SHADOW_PATTERN`, `name-format`.
    pub code: String,
    pub default_severity: crate::rules::FindingSeverity,
    /// One line: what the rule finds.
    pub summary: String,
    /// Documentation link, if there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// The rule's full documentation in markdown, in ruff's sections (`## What it does`,
    /// `## Why is this bad?`, `## Example`, `Use instead:`); `signalint rules` prints it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doc: Option<String>,
}

impl RuleInfo {
    pub fn new(
        code: impl Into<String>,
        default_severity: crate::rules::FindingSeverity,
        summary: impl Into<String>,
    ) -> Self {
        Self {
            code: code.into(),
            default_severity,
            summary: summary.into(),
            url: None,
            doc: None,
        }
    }

    pub fn with_url(mut self, url: impl Into<String>) -> Self {
        self.url = Some(url.into());
        self
    }

    /// The rule's documentation (markdown).
    pub fn with_doc(mut self, doc: impl Into<String>) -> Self {
        self.doc = Some(doc.into());
        self
    }
}
