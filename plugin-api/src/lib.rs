//! The stable plugin interface of signalint.
//!
//! A plugin is a `cdylib` that exports either an **engine adapter** (it wraps an external
//! code-quality tool: the host runs the tool, the adapter plans and parses) or a **rule pack**
//! (it checks MCP tool definitions). This crate is the only thing a plugin depends on.
//!
//! # A complete engine plugin
//!
//! `Cargo.toml`:
//!
//! ```toml
//! [package]
//! name = "signalint-plugin-shellcheck"
//! version = "0.1.0"
//! edition = "2024"
//!
//! [lib]
//! crate-type = ["cdylib"]
//!
//! [dependencies]
//! signalint-plugin-api = "0.3"
//! serde_json = "1"
//! ```
//!
//! `src/lib.rs`:
//!
//! ```
//! use signalint_plugin_api::*;
//!
//! struct Shellcheck;
//!
//! impl EngineAdapter for Shellcheck {
//!     fn manifest(&self) -> PluginManifest {
//!         let tool = ToolSpec::new("shellcheck", ">=0.9.0"); // found on PATH, `--version`
//!         let engine = EngineInfo::new(EngineScope::FileLocal, tool, vec!["sh".into()])
//!             .with_config_files(vec![".shellcheckrc".into()]);
//!         // api_version and payload_version are filled in by export_engine!
//!         PluginManifest::engine(
//!             "shellcheck",
//!             env!("CARGO_PKG_VERSION"),
//!             "Shell script analysis",
//!             engine,
//!         )
//!     }
//!
//!     fn plan(&self, request: &PlanRequest) -> Result<Plan, PluginError> {
//!         let mut args = request.tool.prefix_args.clone();
//!         args.push("--format=json1".to_owned());
//!         args.extend(request.files.iter().cloned());
//!         let run = Invocation::new(&request.tool.program, args).with_covers(request.files.clone());
//!         Ok(Plan::new(vec![run]))
//!     }
//!
//!     fn parse(&self, request: &ParseRequest) -> Result<ParseOutcome, PluginError> {
//!         let Ok(report) = serde_json::from_str::<serde_json::Value>(&request.stdout) else {
//!             let why = format!("shellcheck printed no JSON: {}", request.stderr);
//!             return Ok(ParseOutcome::failure(why));
//!         };
//!         let mut diagnostics = Vec::new();
//!         let mut skipped = 0;
//!         for record in report["comments"].as_array().into_iter().flatten() {
//!             let (Some(file), Some(line), Some(column), Some(code)) = (
//!                 record["file"].as_str(),
//!                 record["line"].as_u64(),
//!                 record["column"].as_u64(),
//!                 record["code"].as_u64(),
//!             ) else {
//!                 skipped += 1; // tolerate odd records, count them
//!                 continue;
//!             };
//!             let severity = if record["level"] == "error" { Severity::Error } else { Severity::Warning };
//!             let message = record["message"].as_str().unwrap_or_default();
//!             let start = Position::new(line as u32, column as u32, ColumnUnit::CodePoints);
//!             diagnostics.push(
//!                 Diagnostic::new(format!("SC{code}"), severity, message)
//!                     .with_file(file)
//!                     .with_start(start)
//!                     .with_url(format!("https://www.shellcheck.net/wiki/SC{code}")),
//!             );
//!         }
//!         Ok(ParseOutcome::new(diagnostics).with_skipped(skipped))
//!     }
//! }
//!
//! signalint_plugin_api::export_engine!(Shellcheck);
//! # fn main() {}
//! ```
//!
//! Build it with `cargo build --release`, put the library in a directory on the plugin path
//! (`[plugins] path` in `signalint.toml`, or `SIGNALINT_PLUGIN_PATH`), and declare it:
//!
//! ```toml
//! [engines.shellcheck]
//! plugin = "shellcheck"
//! ```
//!
//! # The contract in brief
//!
//! * The host finds the tool (config override, the project's `node_modules`, `PATH`, then the
//!   managed toolchain), checks its version against [`ToolSpec::version_range`], and calls
//!   [`EngineAdapter::plan`]. It runs every [`Invocation`] itself (timeout, process-group kill,
//!   output cap) and hands each result to [`EngineAdapter::parse`].
//! * Positions are reported in the engine's own unit ([`ColumnUnit`]); the host converts them to
//!   1-based lines and UTF-16 columns through the file text.
//! * Rule ids keep the engine's scope (`eslint/no-debugger`, not `no-debugger`).
//! * A panic inside any entry point becomes an error on the plugin's status; the host carries on.
//!
//! # A whole-program engine
//!
//! An engine that must see a whole program at once (a type checker: tsc, mypy, `cargo check`)
//! says [`EngineScope::WholeProgram`] and declares its programs with a [`ProgramSpec`]; the
//! host then serves it as it serves tsc, knowing nothing else about it:
//!
//! * **Discovery.** The host finds every project file named in
//!   [`ProgramSpec::config_names`] (outside ignored paths), reads it, and calls
//!   [`EngineAdapter::discover`] with the texts. The adapter stays pure: it resolves whatever
//!   the files say (`references`, `extends`) and answers the programs, each with its config
//!   path and a `detail` of its own, or "nothing to check" (the engine is then disabled with
//!   that reason). The default makes every config one program. The programs come back in
//!   [`PlanRequest::programs`]; plan one invocation per program, labelled with its config.
//! * **Inputs.** The result of a whole program is cached by the content of every input: the
//!   files with one of the engine's `extensions` or of `input_extensions`, the files named in
//!   `config_files`, `config_names` or `input_names` (package manifests, lockfiles), and the
//!   `input_paths` outside the project walk. An edit to any of them re-checks.
//! * **Locking.** With `exclusive_runs`, two runs of one program (the same label) never
//!   overlap, for engines whose runs share build state.
//! * **Machine facts.** [`PlanRequest::machine`] has the cores and the memory, and
//!   [`PlanRequest::env`] the variables of [`EngineInfo::env_vars`] that the user set, so a
//!   plan can size itself without reading the machine.
//!
//! ```
//! use signalint_plugin_api::*;
//!
//! let programs = ProgramSpec::new(vec!["mypy.ini".into()])
//!     .with_input_names(vec!["requirements.txt".into(), "poetry.lock".into()])
//!     .with_input_extensions(vec!["pyi".into()])
//!     .with_exclusive_runs(true);
//! let engine = EngineInfo::new(
//!     EngineScope::WholeProgram,
//!     ToolSpec::new("mypy", ">=1.0.0"),
//!     vec!["py".into()],
//! )
//! .with_programs(programs);
//! # let _ = engine;
//! ```
//!
//! # Growing without breaking plugins
//!
//! Every payload type is `#[non_exhaustive]`: build it with its constructor and `with_*`
//! methods (fields stay public to read and assign), so a field added in a later 0.3 release
//! breaks no plugin's build. The enums have an `Unknown` value that a value from a newer peer
//! deserializes to; match them with a wildcard arm. Each manifest carries the
//! [`PAYLOAD_VERSION`] the plugin speaks, and a host refuses a plugin whose payload version it
//! does not speak, naming both and the plugin API to rebuild against.
//!
//! Rule packs implement [`RulePack`] and export it with [`export_rule_pack!`]; [`rule_kit`]
//! declares their rules with documentation whose examples run as tests.

pub mod abi;
mod diagnostic;
mod engine;
pub mod export;
pub mod json;
mod manifest;
pub mod names;
pub mod quoted;
pub mod rule_kit;
mod rules;
mod subject;

pub use abi::{ABI_PROBE_SYMBOL, SIGNALINT_ABI_VERSION};
pub use diagnostic::{ColumnUnit, Diagnostic, FixSafety, Position, Severity, TextEdit};
pub use engine::{
    ConfigFile, DiscoverRequest, Discovery, ImporterReach, ImporterRequest, Invocation, Machine,
    ParseOutcome, ParseRequest, Plan, PlanRequest, Program, Reach, ReachRequest, ReportFile,
    ResolvedTool, SessionCommand, SessionDiagnostics, SessionFile, SessionFiles, SessionPlan,
    SessionProtocol,
};
pub use export::{EngineAdapter, PluginError, RulePack, call_engine, call_rule_pack, guard};
pub use json::{Json, JsonIndex, Object};
pub use manifest::{
    EngineInfo, EngineScope, PersistentSpec, PluginKind, PluginManifest, ProgramSpec, RuleInfo,
    RulePackInfo, ToolCandidate, ToolSpec, UsedWhen,
};
pub use rules::{
    AnalyzeOutcome, AnalyzeRequest, Finding, FindingSeverity, McpSurface, SurfaceOrigin,
    pointer_segment,
};
pub use subject::{Role, Subject, SubjectKind};

/// The version of this crate; plugins built against another major (or, before 1.0, another
/// minor) version are refused.
pub const PLUGIN_API_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The version of the serde payloads that cross the boundary, stamped into every manifest. A
/// host refuses a plugin whose payload version it does not speak. Version 2: the non-exhaustive
/// payloads of plugin API 0.2 (`Unknown` enum values, program discovery, machine facts).
pub const PAYLOAD_VERSION: u32 = 2;

/// The methods of the single entry point.
pub mod methods {
    pub const MANIFEST: &str = "manifest";
    pub const DISCOVER: &str = "discover";
    pub const PLAN: &str = "plan";
    pub const PARSE: &str = "parse";
    pub const ANALYZE: &str = "analyze";
    /// A persistent engine's sessions (engines that declare
    /// [`PersistentSpec`](crate::PersistentSpec)).
    pub const SESSION: &str = "session";
    /// Maps one file's diagnostics from a persistent session.
    pub const SESSION_PARSE: &str = "session_parse";
    /// Reads a session's file listing.
    pub const SESSION_FILES: &str = "session_files";
    /// How far an edit of one file reaches.
    pub const SESSION_REACH: &str = "session_reach";
    /// Whether the names a module gained or lost change one of its importers.
    pub const SESSION_IMPORTER: &str = "session_importer";
}
