//! An ESLint engine adapter, written the way a third party would write one: it depends on
//! `signalint-plugin-api` (plus serde) and nothing else from signalint.
//!
//! The adapter is a pair of pure functions. [`plan`](EngineAdapter::plan) turns the files the
//! host wants checked into ESLint command lines; [`parse`](EngineAdapter::parse) turns what one
//! of those runs printed into [`Diagnostic`](signalint_plugin_api::Diagnostic)s. The host does
//! everything else: it finds ESLint (the `tool` override in `signalint.toml`, the project's
//! `node_modules/eslint/bin/eslint.js` run under `node`, `eslint` on `PATH`), checks its
//! version against [`VERSION_RANGE`], runs the invocations with a timeout and an output cap,
//! converts positions to UTF-16 columns through the file text, and clusters the result.
//!
//! * [`plan`]: the command line, batching, and the `[engines.eslint-example]` arguments and
//!   options this adapter accepts.
//! * [`parse`]: ESLint's `--format json` report, read tolerantly.
//! * [`text`]: ESLint's positions (UTF-16, its own line breaks) turned into exact
//!   byte offsets through the `source` ESLint echoes back.
//!
//! ESLint is file-local (each file is linted on its own), so the host re-runs it only on the
//! files that changed. Third-party engines run only when `signalint.toml` declares them:
//!
//! ```toml
//! [engines.eslint-example]
//! # plugin = "eslint-example"  # the plugin id; defaults to the table name
//! # tool = "node_modules/eslint/bin/eslint.js"
//! # args = ["--max-warnings", "-1"]
//! # options = { max_files_per_run = 100 }
//! ```

pub mod parse;
pub mod plan;
pub mod subject;
pub mod text;

use signalint_plugin_api::{
    EngineAdapter, EngineInfo, EngineScope, ParseOutcome, ParseRequest, Plan, PlanRequest,
    PluginError, PluginManifest, ToolCandidate, ToolSpec,
};

pub use parse::parse_output;
pub use plan::plan_invocations;

/// The engine id: the `[engines.eslint-example]` table and the `engine` field of every issue.
pub const ENGINE_ID: &str = "eslint-example";

/// ESLint versions this adapter understands: flat config only (9.x made it the default, 10.x
/// removed eslintrc) and the `--format json` report shape both share.
pub const VERSION_RANGE: &str = ">=9.0.0, <11.0.0";

/// Extensions handed to ESLint. A file that no `files` pattern of the project's config matches
/// is skipped by ESLint itself (silently, thanks to `--no-warn-ignored`), so listing TypeScript
/// or Vue here costs nothing for a plain JavaScript project.
pub const EXTENSIONS: &[&str] = &[
    "js", "mjs", "cjs", "jsx", "ts", "mts", "cts", "tsx", "vue", "svelte", "astro",
];

/// Flat config file names, all of which ESLint 9 and 10 look up. Their content is part of the
/// host's cache key, so an edited config never serves a stale result.
pub const CONFIG_FILES: &[&str] = &[
    "eslint.config.js",
    "eslint.config.mjs",
    "eslint.config.cjs",
    "eslint.config.ts",
    "eslint.config.mts",
    "eslint.config.cts",
];

/// The adapter. It holds no state: every call gets everything it needs in its request.
#[derive(Debug, Default)]
pub struct Eslint;

impl EngineAdapter for Eslint {
    fn manifest(&self) -> PluginManifest {
        // Found on `PATH` as `eslint`, asked `--version` (it prints `v10.15.0`; the host takes
        // the first `x.y.z` it sees). No npm packages for the managed toolchain: ESLint is the
        // project's own tool. Its config imports plugins from the project's `node_modules`, and
        // without a config ESLint 10 refuses to run, so an ESLint installed by signalint would
        // serve no project that lacks one. (Declaring a package would also add it to every
        // user's managed toolchain.)
        let tool = ToolSpec::new("eslint", VERSION_RANGE).with_candidates(vec![
            // The JavaScript entry point, not `node_modules/.bin/eslint`: the `.bin` shim is a
            // shell script on some package managers and a symlink on others, while
            // `node <entry point>` behaves the same everywhere.
            ToolCandidate::new("node_modules/eslint/bin/eslint.js").with_launcher("node"),
        ]);
        let extensions = EXTENSIONS.iter().map(|e| (*e).to_owned()).collect();
        let engine = EngineInfo::new(EngineScope::FileLocal, tool, extensions)
            .with_config_files(CONFIG_FILES.iter().map(|c| (*c).to_owned()).collect());
        // `api_version` and `payload_version` are stamped by `export_engine!` with the
        // versions this plugin was built against.
        PluginManifest::engine(
            ENGINE_ID,
            env!("CARGO_PKG_VERSION"),
            "ESLint, the pluggable JavaScript linter (example third-party plugin)",
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
    fn the_manifest_crosses_the_boundary_stamped() {
        // `call_engine` is exactly what the exported entry point runs.
        let json = call_engine(&Eslint, methods::MANIFEST, "").unwrap();
        let manifest: PluginManifest = serde_json::from_str(&json).unwrap();
        assert_eq!(manifest.id, "eslint-example");
        assert_eq!(manifest.kind, PluginKind::Engine);
        assert_eq!(
            manifest.api_version,
            signalint_plugin_api::PLUGIN_API_VERSION
        );
        assert_eq!(
            manifest.payload_version,
            signalint_plugin_api::PAYLOAD_VERSION
        );
        let engine = manifest.engine.unwrap();
        assert_eq!(engine.scope, EngineScope::FileLocal);
        assert_eq!(engine.tool.version_range, ">=9.0.0, <11.0.0");
        assert_eq!(
            engine.tool.candidates,
            [ToolCandidate::new("node_modules/eslint/bin/eslint.js").with_launcher("node")]
        );
        for name in [
            "eslint.config.js",
            "eslint.config.mjs",
            "eslint.config.cjs",
            "eslint.config.ts",
        ] {
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
