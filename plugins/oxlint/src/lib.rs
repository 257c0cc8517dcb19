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
pub mod subject;

use signalint_plugin_api::{
    EngineAdapter, EngineInfo, EngineScope, ParseOutcome, ParseRequest, Plan, PlanRequest,
    PluginError, PluginManifest, ToolCandidate, ToolSpec, UsedWhen,
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
        let tool = ToolSpec::new("oxlint", ">=1.0.0, <2.0.0")
            .with_candidates(vec![
                ToolCandidate::new("node_modules/oxlint/bin/oxlint").with_launcher("node"),
            ])
            .with_npm_packages(vec![format!("oxlint@{PINNED_VERSION}")]);
        let extensions = EXTENSIONS.iter().map(|e| (*e).to_owned()).collect();
        let engine = EngineInfo::new(EngineScope::FileLocal, tool, extensions)
            .with_config_files(vec![".oxlintrc.json".into(), ".oxlintrc.jsonc".into()])
            // `oxlint --lsp` answers code actions: a preferred fix, and "disable" ones.
            .with_code_action_args(vec!["--lsp".into()])
            .with_used_when(
                UsedWhen::config_files(vec![".oxlintrc.json".into(), ".oxlintrc.jsonc".into()])
                    .with_packages(vec!["oxlint".into()])
                    // With no linter configured, oxlint's default rules (its correctness
                    // category) are the baseline: few, and almost never wrong.
                    .with_baseline(true),
            );
        PluginManifest::engine(
            "oxlint",
            env!("CARGO_PKG_VERSION"),
            "oxlint, the Oxc JavaScript and TypeScript linter",
            engine,
        )
    }

    fn plan(&self, request: &PlanRequest) -> Result<Plan, PluginError> {
        Ok(plan_invocations(request))
    }

    fn parse(&self, request: &ParseRequest) -> Result<ParseOutcome, PluginError> {
        Ok(parse_output(request))
    }
}

signalint_plugin_api::export_engine!(Oxlint);
