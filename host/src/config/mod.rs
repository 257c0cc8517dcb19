//! `signalint.toml`: the schema and its loader.
//!
//! Unknown keys are errors that name the file, the line and the key: a misspelt `timout` must
//! not silently fall back to a default. A project without a config gets the defaults: every
//! built-in engine the project uses ([`usage`]) whose tool is found, and every built-in rule
//! pack.

mod error;
pub mod trust;
pub mod usage;

pub use error::ConfigError;
pub use trust::{ProjectTrust, Untrusted};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

/// The file name looked up in the project root.
pub const CONFIG_FILE_NAME: &str = "signalint.toml";

/// Seconds an engine may run before its process group is killed.
pub const DEFAULT_TIMEOUT_SECS: u64 = 120;
/// Bytes of stdout (and, separately, stderr) kept from one engine run.
pub const DEFAULT_OUTPUT_CAP_MIB: u64 = 10;

/// The largest output cap accepted: each engine keeps up to this much of stdout and of stderr
/// in memory, so a larger value is a typo or an attempt to exhaust memory.
pub const MAX_OUTPUT_CAP_MIB: u64 = 4096;
/// The most engine processes allowed at once; far above any machine's useful parallelism.
pub const MAX_CONCURRENCY: usize = 1024;
/// Upper bound of the `[mcp]` MiB limits: past it the byte count would not fit the
/// platform's sizes, and no MCP listing comes near it.
pub const MAX_MCP_MIB: u64 = 4096;

/// The whole configuration.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    #[serde(default)]
    pub plugins: PluginsSection,
    #[serde(default)]
    pub check: CheckSection,
    /// `[engines.<id>]`: keyed by engine id.
    #[serde(default)]
    pub engines: BTreeMap<String, EngineConfig>,
    /// `[rule_packs.<id>]`: keyed by rule pack id.
    #[serde(default)]
    pub rule_packs: BTreeMap<String, RulePackConfig>,
    #[serde(default)]
    pub mcp: McpSection,
    /// Where the config was read from (`None` for the defaults).
    #[serde(skip)]
    pub source: Option<PathBuf>,
    /// The keys that would run a command and were dropped because the file is not trusted
    /// (see [`trust`]); `None` when nothing was dropped.
    #[serde(skip)]
    pub untrusted: Option<Untrusted>,
    /// Whether the user trusts the project (its root, this config and the files it makes
    /// run); untrusted, nothing the repository provides is executed ([`trust`]).
    #[serde(skip)]
    pub trust: ProjectTrust,
}

/// `[plugins]`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PluginsSection {
    /// Extra directories to load plugins from, after the directory of the `signalint`
    /// executable. Relative paths are relative to the config file.
    #[serde(default)]
    pub path: Vec<PathBuf>,
}

/// `[check]`: limits and presentation shared by all engines.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckSection {
    /// Default per-engine timeout in seconds.
    #[serde(default = "default_timeout")]
    pub timeout_secs: u64,
    /// Cap on each captured output stream, in MiB.
    #[serde(default = "default_output_cap")]
    pub max_output_mib: u64,
    /// Engine processes that may run at once (defaults to the number of cores).
    #[serde(default)]
    pub concurrency: Option<usize>,
    /// Clusters per page.
    #[serde(default = "default_page_size")]
    pub page_size: usize,
    /// Reappearances after a fix that make a signature a loop.
    #[serde(default = "default_loop_threshold")]
    pub loop_threshold: u32,
    /// Path globs (gitignore syntax) never checked, on top of `node_modules` and `.signalint`.
    #[serde(default)]
    pub ignore: Vec<String>,
    /// Niceness (0–19) of the file-local engines while a whole-program engine runs beside
    /// them; 0 runs every engine at normal priority.
    #[serde(default = "default_background_niceness")]
    pub background_niceness: i32,
    /// Milliseconds after which a whole-program engine still running yields the cores to the
    /// file-local engines beside it, if one still runs (its niceness goes five below theirs),
    /// so their single-threaded final phases overlap it instead of trailing it; 0 never yields.
    #[serde(default = "default_yield_after_ms")]
    pub yield_after_ms: u64,
}

impl Default for CheckSection {
    fn default() -> Self {
        Self {
            timeout_secs: DEFAULT_TIMEOUT_SECS,
            max_output_mib: DEFAULT_OUTPUT_CAP_MIB,
            concurrency: None,
            page_size: default_page_size(),
            loop_threshold: default_loop_threshold(),
            ignore: Vec::new(),
            background_niceness: default_background_niceness(),
            yield_after_ms: default_yield_after_ms(),
        }
    }
}

fn default_background_niceness() -> i32 {
    10
}
/// Long enough that the whole-program engine of a small project (rxjs: under 1 s) never
/// yields, short enough that on a large one (effect: 10 s and more) the file-local engines'
/// report phases run beside it.
fn default_yield_after_ms() -> u64 {
    2000
}
fn default_timeout() -> u64 {
    DEFAULT_TIMEOUT_SECS
}
fn default_output_cap() -> u64 {
    DEFAULT_OUTPUT_CAP_MIB
}
fn default_page_size() -> usize {
    10
}
fn default_loop_threshold() -> u32 {
    2
}

/// `[engines.<id>]`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineConfig {
    /// The plugin id that implements this engine; defaults to the table name.
    #[serde(default)]
    pub plugin: Option<String>,
    #[serde(default)]
    pub enabled: Option<bool>,
    /// Overrides `[check] timeout_secs` for this engine.
    #[serde(default)]
    pub timeout_secs: Option<u64>,
    /// Extra arguments passed to the tool.
    #[serde(default)]
    pub args: Vec<String>,
    /// The tool executable to use instead of looking for one.
    #[serde(default)]
    pub tool: Option<PathBuf>,
    /// A named build of the engine's tool (`compiler = "native"` for tsc: the managed
    /// TypeScript 7 instead of the project's own compiler); the adapter names its variants.
    #[serde(default)]
    pub compiler: Option<String>,
    /// Adapter-specific options, passed to the plugin as JSON.
    #[serde(default)]
    pub options: Option<toml::Table>,
}

/// `[rule_packs.<id>]`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulePackConfig {
    #[serde(default)]
    pub plugin: Option<String>,
    #[serde(default)]
    pub enabled: Option<bool>,
    /// Report `info` findings too (they are omitted by default).
    #[serde(default)]
    pub include_info: Option<bool>,
    /// Pack-specific options, passed to the plugin as JSON.
    #[serde(default)]
    pub options: Option<toml::Table>,
}

/// `[mcp]`: the MCP surfaces the rule packs check, and the limits that keep a hostile one
/// from taking the machine's memory.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct McpSection {
    /// JSON manifests (a tools array, `{ "tools": [...] }`, a raw `tools/list` response) and
    /// `server.json` files, relative to the project root.
    #[serde(default)]
    pub manifests: Vec<PathBuf>,
    /// Live servers started over stdio.
    #[serde(default)]
    pub servers: Vec<McpServerConfig>,
    /// Globs (relative to the root) of TypeScript/JavaScript files whose MCP definitions are
    /// read statically (`docs/mcp-source.md`). Unset: the definition files (`**/*.tool.ts`,
    /// `*.resource.ts`, `*.prompt.ts`, `*.app-tool.ts`, `*.app-resource.ts`) and
    /// `src/**/*.{ts,mts,js,mjs}` files that import a framework, when `package.json` depends on
    /// `@modelcontextprotocol/sdk` or `@cyanheads/mcp-ts-core`. `[]` turns source reading off.
    #[serde(default)]
    pub sources: Option<Vec<String>>,
    /// Largest manifest file read, in MiB; a larger one is an error for that manifest.
    #[serde(default = "default_max_manifest_mib")]
    pub max_manifest_mib: u64,
    /// Most tools (and, separately, resources, templates and prompts) kept per surface; the
    /// rest are dropped with an error.
    #[serde(default = "default_max_tools")]
    pub max_tools: usize,
    /// Most pages of one list a live server may return before listing stops with an error.
    #[serde(default = "default_max_pages")]
    pub max_pages: usize,
    /// Most MiB of definitions read from one live server before listing stops with an error.
    #[serde(default = "default_max_listing_mib")]
    pub max_listing_mib: u64,
}

impl Default for McpSection {
    fn default() -> Self {
        Self {
            manifests: Vec::new(),
            servers: Vec::new(),
            sources: None,
            max_manifest_mib: default_max_manifest_mib(),
            max_tools: default_max_tools(),
            max_pages: default_max_pages(),
            max_listing_mib: default_max_listing_mib(),
        }
    }
}

/// The source globs read when `[mcp] sources` is not set.
pub const DEFAULT_MCP_SOURCES: [&str; 6] = [
    "**/*.tool.ts",
    "**/*.resource.ts",
    "**/*.prompt.ts",
    "**/*.app-tool.ts",
    "**/*.app-resource.ts",
    "src/**/*.{ts,mts,js,mjs}",
];

impl McpSection {
    /// The source globs that apply in the project whose `package.json` is `package`: the
    /// configured ones, or the defaults when the project depends on an MCP framework, else none.
    pub fn source_globs(&self, package: &ProjectPackage) -> Vec<String> {
        match &self.sources {
            Some(globs) => globs.clone(),
            None if package.depends_on_a_framework => DEFAULT_MCP_SOURCES
                .iter()
                .map(|g| (*g).to_owned())
                .collect(),
            None => Vec::new(),
        }
    }

    /// Whether any surface is configured: manifests, servers, or source read in the project.
    pub fn has_sources(&self, package: &ProjectPackage) -> bool {
        !self.manifests.is_empty()
            || !self.servers.is_empty()
            || !self.source_globs(package).is_empty()
    }
}

/// What MCP source reading needs from a project's `package.json`, read once per check (an
/// agent may add a dependency between two checks, so it is not kept longer).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectPackage {
    /// `name`, which names the server read from source.
    pub name: Option<String>,
    /// Whether the SDK or mcp-ts-core is among its dependencies.
    pub depends_on_a_framework: bool,
}

impl ProjectPackage {
    /// `root/package.json`'s facts; a missing or unreadable file has none.
    pub fn read(root: &Path) -> Self {
        let Ok(text) = std::fs::read_to_string(root.join("package.json")) else {
            return Self::default();
        };
        let Ok(manifest) = serde_json::from_str::<serde_json::Value>(&text) else {
            return Self::default();
        };
        let depends_on_a_framework = ["dependencies", "devDependencies", "peerDependencies"]
            .iter()
            .filter_map(|key| manifest.get(*key)?.as_object())
            .any(|deps| {
                deps.contains_key("@modelcontextprotocol/sdk")
                    || deps.contains_key("@cyanheads/mcp-ts-core")
            });
        Self {
            name: manifest
                .get("name")
                .and_then(|n| n.as_str())
                .map(str::to_owned),
            depends_on_a_framework,
        }
    }
}

/// Real `tools/list` answers are well under 1 MiB and the largest registry dumps a few MiB;
/// the JSON is held parsed, at about fifteen times its size per pack that decodes it, so 32 MiB
/// keeps the peak near a gigabyte (measured: 25 MiB, 100,000 tools, 1.2 GB).
fn default_max_manifest_mib() -> u64 {
    32
}
/// The largest real servers list a few hundred tools; 100,000 is the size measured to scan
/// in about 5 s of CPU, so a surface at the cap is still checked in full.
fn default_max_tools() -> usize {
    100_000
}
/// Servers page by tens or hundreds of items: 1,000 pages is far past any honest listing,
/// and stops one that hands out a new cursor forever.
fn default_max_pages() -> usize {
    1000
}
/// The same bound as a manifest file: what a live server sends is held in memory the same way.
fn default_max_listing_mib() -> u64 {
    32
}

/// `[[mcp.servers]]`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct McpServerConfig {
    pub name: String,
    pub command: String,
    #[serde(default)]
    pub args: Vec<String>,
    #[serde(default)]
    pub env: BTreeMap<String, String>,
    /// Seconds to wait for the server to list its tools.
    #[serde(default)]
    pub timeout_secs: Option<u64>,
}

impl Config {
    /// The plugin that runs engine `engine`: its `[engines.*]` table's `plugin`, else the
    /// plugin of the engine's own id.
    pub fn engine_plugin(&self, engine: &str) -> String {
        self.engines
            .get(engine)
            .and_then(|e| e.plugin.clone())
            .unwrap_or_else(|| engine.to_owned())
    }

    /// Reads `path`, the config of the project at `root`. Every problem is a [`ConfigError`]
    /// naming the file, line and key. The keys that run a command are kept only if the user
    /// trusts the project ([`trust`]).
    pub fn load(path: &Path, root: &Path) -> Result<Self, ConfigError> {
        let (mut config, text) = Self::read(path)?;
        config.trust = trust::apply(&mut config, Some(text.as_bytes()), root);
        Ok(config)
    }

    /// Reads and parses `path` without deciding its trust (`signalint trust` records what it
    /// read); returns the text too.
    pub fn read(path: &Path) -> Result<(Self, String), ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: path.to_owned(),
            source,
        })?;
        Ok((Self::parse(&text, path)?, text))
    }

    /// Parses config text; `path` is used in messages and to resolve relative plugin paths.
    pub fn parse(text: &str, path: &Path) -> Result<Self, ConfigError> {
        let mut config: Config =
            toml::from_str(text).map_err(|e| ConfigError::from_toml(path, text, &e))?;
        config.validate(path, text)?;
        let base = path.parent().unwrap_or(Path::new("."));
        for dir in &mut config.plugins.path {
            if dir.is_relative() {
                *dir = base.join(&*dir);
            }
        }
        config.source = Some(path.to_owned());
        Ok(config)
    }

    /// The project's config: `--config FILE` when given, else `<root>/signalint.toml` when it
    /// exists, else the defaults.
    pub fn discover(root: &Path, explicit: Option<&Path>) -> Result<Self, ConfigError> {
        match explicit {
            Some(path) => Self::load(path, root),
            None => {
                let candidate = root.join(CONFIG_FILE_NAME);
                if candidate.is_file() {
                    Self::load(&candidate, root)
                } else {
                    let mut config = Self::default();
                    config.trust = trust::apply(&mut config, None, root);
                    Ok(config)
                }
            }
        }
    }

    fn validate(&self, path: &Path, text: &str) -> Result<(), ConfigError> {
        let invalid = |key: &str, message: String| ConfigError::Invalid {
            path: path.to_owned(),
            line: error::line_of_key_in(text, "check", key),
            key: key.to_owned(),
            message,
        };
        if self.check.timeout_secs == 0 {
            return Err(invalid("timeout_secs", "must be at least 1 second".into()));
        }
        if self.check.max_output_mib == 0 {
            return Err(invalid("max_output_mib", "must be at least 1 MiB".into()));
        }
        if self.check.max_output_mib > MAX_OUTPUT_CAP_MIB {
            return Err(invalid(
                "max_output_mib",
                format!("must be at most {MAX_OUTPUT_CAP_MIB} MiB (it is a per-stream memory cap)"),
            ));
        }
        if self.check.page_size == 0 {
            return Err(invalid("page_size", "must be at least 1".into()));
        }
        if self.check.loop_threshold == 0 {
            return Err(invalid("loop_threshold", "must be at least 1".into()));
        }
        if self.check.concurrency == Some(0) {
            return Err(invalid("concurrency", "must be at least 1".into()));
        }
        if self.check.concurrency.is_some_and(|n| n > MAX_CONCURRENCY) {
            return Err(invalid(
                "concurrency",
                format!("must be at most {MAX_CONCURRENCY} engine processes at once"),
            ));
        }
        if !(0..=19).contains(&self.check.background_niceness) {
            return Err(invalid(
                "background_niceness",
                "must be between 0 (normal priority) and 19 (lowest)".into(),
            ));
        }
        for (id, engine) in &self.engines {
            if engine.timeout_secs == Some(0) {
                return Err(ConfigError::Invalid {
                    path: path.to_owned(),
                    line: error::line_of_key_in(text, &format!("engines.{id}"), "timeout_secs"),
                    key: "timeout_secs".to_owned(),
                    message: format!("[engines.{id}] timeout_secs must be at least 1 second"),
                });
            }
            if engine.tool.is_some() && engine.compiler.is_some() {
                return Err(ConfigError::Invalid {
                    path: path.to_owned(),
                    line: error::line_of_key_in(text, &format!("engines.{id}"), "compiler"),
                    key: "compiler".to_owned(),
                    message: format!(
                        "[engines.{id}] sets both `tool` and `compiler`: `tool` names the executable \
                         itself, so keep one of them"
                    ),
                });
            }
        }
        let invalid_mcp = |key: &str, message: &str| ConfigError::Invalid {
            path: path.to_owned(),
            line: error::line_of_key_in(text, "mcp", key),
            key: key.to_owned(),
            message: format!("[mcp] {key} {message}"),
        };
        let mcp = &self.mcp;
        if mcp.max_manifest_mib == 0 || mcp.max_manifest_mib > MAX_MCP_MIB {
            return Err(invalid_mcp(
                "max_manifest_mib",
                &format!("must be between 1 and {MAX_MCP_MIB} MiB"),
            ));
        }
        if mcp.max_listing_mib == 0 || mcp.max_listing_mib > MAX_MCP_MIB {
            return Err(invalid_mcp(
                "max_listing_mib",
                &format!("must be between 1 and {MAX_MCP_MIB} MiB"),
            ));
        }
        if mcp.max_tools == 0 {
            return Err(invalid_mcp("max_tools", "must be at least 1"));
        }
        if mcp.max_pages == 0 {
            return Err(invalid_mcp("max_pages", "must be at least 1"));
        }
        for glob in &self.check.ignore {
            if let Err(e) = globset::Glob::new(glob) {
                return Err(invalid(
                    "ignore",
                    format!("`{glob}` is not a valid glob: {e}"),
                ));
            }
        }
        Ok(())
    }

    /// The timeout for one engine.
    pub fn engine_timeout(&self, engine: &str) -> std::time::Duration {
        let secs = self
            .engines
            .get(engine)
            .and_then(|e| e.timeout_secs)
            .unwrap_or(self.check.timeout_secs);
        std::time::Duration::from_secs(secs)
    }
}

/// Converts a TOML table of options into the JSON the plugin receives (`null` when absent).
pub fn options_json(options: Option<&toml::Table>) -> serde_json::Value {
    options
        .and_then(|table| serde_json::to_value(table).ok())
        .unwrap_or(serde_json::Value::Null)
}

#[cfg(test)]
mod tests;
