//! The oxlint engine adapter.
//!
//! oxlint is file-local: each file is linted on its own, so only changed files need a run. The
//! adapter runs the project's (or the managed) `oxlint` JavaScript entry point under Node with
//! an explicit `--format=json` (oxlint switches to its agent format when it detects a coding
//! agent), and parses the JSON tolerantly: a record it cannot read is skipped and counted,
//! never the whole batch.
//!
//! Columns: oxlint reports UTF-8 byte columns and an exact byte `offset`; the adapter passes
//! the offset on and the host converts it to a UTF-16 column through the file text.

mod parse;
mod plan;

use signalint_plugin_api::{
    EngineAdapter, EngineInfo, EngineScope, ParseOutcome, ParseRequest, Plan, PlanRequest,
    PluginError, PluginKind, PluginManifest, ToolCandidate, ToolSpec,
};

pub use parse::parse_output;
pub use plan::plan_invocations;

/// The oxlint version the managed toolchain installs.
pub const PINNED_VERSION: &str = "1.94.0";

/// File extensions oxlint lints.
pub const EXTENSIONS: &[&str] = &[
    "js", "mjs", "cjs", "jsx", "ts", "mts", "cts", "tsx", "vue", "svelte", "astro",
];

/// The oxlint adapter.
#[derive(Debug, Default)]
pub struct Oxlint;

impl EngineAdapter for Oxlint {
    fn manifest(&self) -> PluginManifest {
        PluginManifest {
            id: "oxlint".into(),
            kind: PluginKind::Engine,
            version: env!("CARGO_PKG_VERSION").into(),
            api_version: String::new(),
            payload_version: 0,
            description: "oxlint, the Oxc JavaScript and TypeScript linter".into(),
            engine: Some(EngineInfo {
                scope: EngineScope::FileLocal,
                tool: ToolSpec {
                    name: "oxlint".into(),
                    version_range: ">=1.0.0, <2.0.0".into(),
                    candidates: vec![ToolCandidate {
                        path: "node_modules/oxlint/bin/oxlint".into(),
                        launcher: Some("node".into()),
                    }],
                    path_names: vec!["oxlint".into()],
                    version_args: vec!["--version".into()],
                    npm_packages: vec![format!("oxlint@{PINNED_VERSION}")],
                },
                extensions: EXTENSIONS.iter().map(|e| (*e).to_owned()).collect(),
                config_files: vec![".oxlintrc.json".into(), ".oxlintrc.jsonc".into()],
            }),
            rule_pack: None,
        }
    }

    fn plan(&self, request: &PlanRequest) -> Result<Plan, PluginError> {
        Ok(plan_invocations(request))
    }

    fn parse(&self, request: &ParseRequest) -> Result<ParseOutcome, PluginError> {
        Ok(parse_output(request))
    }
}

signalint_plugin_api::export_engine!(Oxlint);
