//! The ESLint engine adapter: the project's own ESLint, with the project's own config.
//!
//! A project that uses ESLint (a flat or legacy config, or `eslint` in its `package.json`) is
//! linted by ESLint rather than by oxlint's defaults, so the answer carries the findings the
//! project's own linter reports. ESLint is the project's tool: its config is JavaScript that
//! imports plugins from the project's `node_modules`, so the adapter declares no managed
//! install, and the host runs it only in a trusted project.
//!
//! * [`plan`]: the command line and batching; `[engines.eslint]` args and options.
//! * [`parse`]: ESLint's `--format json` report, read tolerantly (a bad record is skipped and
//!   counted, never the batch).
//! * [`text`]: ESLint's positions (1-based lines, 1-based UTF-16 columns, its own line breaks)
//!   turned into exact byte offsets through the `source` ESLint echoes back.
//! * [`facts`]: the fact keys ESLint rules share with oxlint and Biome.
//!
//! ESLint is file-local (each file is linted on its own), so the host re-runs it only on the
//! files that changed.

pub mod facts;
pub mod parse;
pub mod plan;
pub mod text;

use signalint_plugin_api::{
    EngineAdapter, EngineInfo, EngineScope, ParseOutcome, ParseRequest, Plan, PlanRequest,
    PluginError, PluginManifest, ToolCandidate, ToolSpec, UsedWhen,
};

pub use parse::parse_output;
pub use plan::plan_invocations;

/// The engine id: the `[engines.eslint]` table and the `engine` field of every issue.
pub const ENGINE_ID: &str = "eslint";

/// ESLint versions this adapter runs: flat config (9.x made it the default, 10.x removed
/// eslintrc) and the `--format json` report shape both share.
pub const VERSION_RANGE: &str = ">=9.0.0, <11.0.0";

/// Extensions handed to ESLint. A file that no `files` pattern of the project's config matches
/// is skipped by ESLint itself (silently, thanks to `--no-warn-ignored`), so listing TypeScript
/// or Vue here costs nothing for a plain JavaScript project.
pub const EXTENSIONS: &[&str] = &[
    "js", "mjs", "cjs", "jsx", "ts", "mts", "cts", "tsx", "vue", "svelte", "astro",
];

/// Flat config file names, all of which ESLint 9 and 10 look up.
pub const FLAT_CONFIG_FILES: &[&str] = &[
    "eslint.config.js",
    "eslint.config.mjs",
    "eslint.config.cjs",
    "eslint.config.ts",
    "eslint.config.mts",
    "eslint.config.cts",
];

/// Legacy (eslintrc) config file names. They show that a project uses ESLint; ESLint 9 and 10
/// no longer read them by default, and the run says so in ESLint's own words.
pub const LEGACY_CONFIG_FILES: &[&str] = &[
    ".eslintrc.js",
    ".eslintrc.cjs",
    ".eslintrc.yaml",
    ".eslintrc.yml",
    ".eslintrc.json",
    ".eslintrc",
];

/// Every config name: their content is part of the host's cache key, so an edited config
/// never serves a stale result.
pub fn config_files() -> Vec<String> {
    FLAT_CONFIG_FILES
        .iter()
        .chain(LEGACY_CONFIG_FILES)
        .map(|c| (*c).to_owned())
        .collect()
}

/// The adapter. It holds no state: every call gets everything it needs in its request.
#[derive(Debug, Default)]
pub struct Eslint;

impl EngineAdapter for Eslint {
    fn manifest(&self) -> PluginManifest {
        // The project's ESLint only: no npm packages for the managed toolchain. Its config
        // imports plugins from the project's `node_modules`, and without a config ESLint 10
        // refuses to run, so an ESLint installed by signalint would serve no project.
        let tool = ToolSpec::new("eslint", VERSION_RANGE).with_candidates(vec![
            // The JavaScript entry point, not `node_modules/.bin/eslint`: the `.bin` shim is a
            // shell script on some package managers and a symlink on others, while
            // `node <entry point>` behaves the same everywhere.
            ToolCandidate::new("node_modules/eslint/bin/eslint.js").with_launcher("node"),
        ]);
        let extensions = EXTENSIONS.iter().map(|e| (*e).to_owned()).collect();
        let engine = EngineInfo::new(EngineScope::FileLocal, tool, extensions)
            .with_config_files(config_files())
            .with_used_when(
                UsedWhen::config_files(config_files()).with_packages(vec!["eslint".into()]),
            );
        PluginManifest::engine(
            ENGINE_ID,
            env!("CARGO_PKG_VERSION"),
            "ESLint, the project's own JavaScript and TypeScript linter",
            engine,
        )
    }

    fn plan(&self, request: &PlanRequest) -> Result<Plan, PluginError> {
        plan_invocations(request)
    }

    fn parse(&self, request: &ParseRequest) -> Result<ParseOutcome, PluginError> {
        Ok(parse_output(request))
    }
}

// Exports the ABI probe and the root module. The expression runs once, on the first call.
signalint_plugin_api::export_engine!(Eslint);

#[cfg(test)]
mod tests {
    use signalint_plugin_api::{PluginKind, PluginManifest, call_engine, methods};

    use super::*;

    #[test]
    fn the_manifest_declares_the_projects_eslint_and_its_signs_of_use() {
        let json = call_engine(&Eslint, methods::MANIFEST, "").unwrap();
        let manifest: PluginManifest = serde_json::from_str(&json).unwrap();
        assert_eq!(manifest.id, "eslint");
        assert_eq!(manifest.kind, PluginKind::Engine);
        let engine = manifest.engine.unwrap();
        assert_eq!(engine.scope, EngineScope::FileLocal);
        assert_eq!(engine.tool.version_range, ">=9.0.0, <11.0.0");
        assert!(
            engine.tool.npm_packages.is_empty(),
            "ESLint is the project's own tool"
        );
        let used = engine.used_when.unwrap();
        assert_eq!(used.packages, ["eslint"]);
        assert!(!used.baseline);
        for name in [
            "eslint.config.mjs",
            "eslint.config.ts",
            ".eslintrc.json",
            ".eslintrc",
        ] {
            assert!(used.config_files.iter().any(|c| c == name), "{name}");
            assert!(engine.config_files.iter().any(|c| c == name), "{name}");
        }
    }

    #[test]
    fn unknown_methods_and_bad_payloads_are_errors_not_panics() {
        assert!(call_engine(&Eslint, "analyze", "{}").is_err());
        let error = call_engine(&Eslint, methods::PLAN, "{not json").unwrap_err();
        assert!(error.message().contains("plan"), "{error}");
    }
}
