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
//! signalint-plugin-api = "0.1"
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
//!         PluginManifest {
//!             id: "shellcheck".into(),
//!             kind: PluginKind::Engine,
//!             version: env!("CARGO_PKG_VERSION").into(),
//!             api_version: String::new(), // filled in by export_engine!
//!             payload_version: 0,         // filled in by export_engine!
//!             description: "Shell script analysis".into(),
//!             engine: Some(EngineInfo {
//!                 scope: EngineScope::FileLocal,
//!                 tool: ToolSpec {
//!                     name: "shellcheck".into(),
//!                     version_range: ">=0.9.0".into(),
//!                     candidates: vec![],
//!                     path_names: vec!["shellcheck".into()],
//!                     version_args: vec!["--version".into()],
//!                     npm_packages: vec![],
//!                 },
//!                 extensions: vec!["sh".into()],
//!                 config_files: vec![".shellcheckrc".into()],
//!             }),
//!             rule_pack: None,
//!         }
//!     }
//!
//!     fn plan(&self, request: &PlanRequest) -> Result<Plan, PluginError> {
//!         let mut args = request.tool.prefix_args.clone();
//!         args.extend(["--format=json1".to_owned()]);
//!         args.extend(request.files.iter().cloned());
//!         Ok(Plan {
//!             invocations: vec![Invocation {
//!                 program: request.tool.program.clone(),
//!                 args,
//!                 covers: request.files.clone(),
//!                 ..Invocation::default()
//!             }],
//!         })
//!     }
//!
//!     fn parse(&self, request: &ParseRequest) -> Result<ParseOutcome, PluginError> {
//!         let Ok(report) = serde_json::from_str::<serde_json::Value>(&request.stdout) else {
//!             return Ok(ParseOutcome {
//!                 failure: Some(format!("shellcheck printed no JSON: {}", request.stderr)),
//!                 ..ParseOutcome::default()
//!             });
//!         };
//!         let mut outcome = ParseOutcome::default();
//!         for record in report["comments"].as_array().into_iter().flatten() {
//!             let (Some(file), Some(line), Some(column), Some(code)) = (
//!                 record["file"].as_str(),
//!                 record["line"].as_u64(),
//!                 record["column"].as_u64(),
//!                 record["code"].as_u64(),
//!             ) else {
//!                 outcome.skipped_records += 1; // tolerate odd records, count them
//!                 continue;
//!             };
//!             outcome.diagnostics.push(Diagnostic {
//!                 file: Some(file.to_owned()),
//!                 start: Some(Position::new(line as u32, column as u32, ColumnUnit::CodePoints)),
//!                 end: None,
//!                 rule: format!("SC{code}"),
//!                 severity: if record["level"] == "error" { Severity::Error } else { Severity::Warning },
//!                 message: record["message"].as_str().unwrap_or_default().to_owned(),
//!                 help: None,
//!                 url: Some(format!("https://www.shellcheck.net/wiki/SC{code}")),
//!                 fixes: vec![],
//!             });
//!         }
//!         Ok(outcome)
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
//! Rule packs implement [`RulePack`] and export it with [`export_rule_pack!`]; [`rule_kit`]
//! declares their rules with documentation whose examples run as tests.

pub mod abi;
mod diagnostic;
mod engine;
pub mod export;
mod manifest;
pub mod rule_kit;
mod rules;

pub use abi::{ABI_PROBE_SYMBOL, SIGNALINT_ABI_VERSION};
pub use diagnostic::{ColumnUnit, Diagnostic, Position, Severity, TextEdit};
pub use engine::{
    Invocation, ParseOutcome, ParseRequest, Plan, PlanRequest, ReportFile, ResolvedTool,
};
pub use export::{EngineAdapter, PluginError, RulePack, call_engine, call_rule_pack, guard};
pub use manifest::{
    EngineInfo, EngineScope, PluginKind, PluginManifest, RuleInfo, RulePackInfo, ToolCandidate,
    ToolSpec,
};
pub use rules::{
    AnalyzeOutcome, AnalyzeRequest, Finding, FindingSeverity, McpSurface, SurfaceOrigin,
    pointer_segment,
};

/// The version of this crate; plugins built against another major (or, before 1.0, another
/// minor) version are refused.
pub const PLUGIN_API_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The version of the serde payloads that cross the boundary.
pub const PAYLOAD_VERSION: u32 = 1;

/// The methods of the single entry point.
pub mod methods {
    pub const MANIFEST: &str = "manifest";
    pub const PLAN: &str = "plan";
    pub const PARSE: &str = "parse";
    pub const ANALYZE: &str = "analyze";
}
