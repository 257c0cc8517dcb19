//! signalint engine adapter for Biome: `biome check` (lint rules, formatting and import
//! sorting, as Biome's users run it), or `biome lint` with `command = "lint"`.
//!
//! A file-local engine ([`EngineScope::FileLocal`]): each file is linted on its own, so only
//! the requested files are passed. It spawns the **native** Biome binary
//! (`node_modules/@biomejs/cli-<os>-<arch>[-musl]/biome`) directly, not the npm shim (which runs
//! `node`, `sh` and `ldd` before spawning the same binary as a child).
//!
//! # Command
//!
//! cwd = project root; Biome reports paths relative to it.
//!
//! ```text
//! biome check|lint --colors=off --max-diagnostics=none --no-errors-on-unmatched
//!     --files-ignore-unknown=true [--files-max-size=N]
//!     [--reporter=json --reporter-file=<work_dir>/biome-<run>-<n>.json]   (check, or Biome < 2.6)
//!     --reporter=rdjson --reporter-file=<work_dir>/biome-<run>-<n>.rdjson
//!     <[engines.biome] args> -- <files>
//! ```
//!
//! * `check` (the default) reports formatting (`format`, a file-level diagnostic: no span, no
//!   edit; a check states its safe fix, and when fixes are applied the parse turns each into
//!   a follow-up `biome format --stdin-file-path=<file>` run whose output becomes the fix, see
//!   [`format`]) and import sorting (`assist/source/organizeImports`, with its edit) beside the lint
//!   rules. It always writes the json report too: rdjson drops the path of a diagnostic without
//!   a span, and only the json advice says whether Biome marks a fix safe (`Safe fix: …`); a
//!   fix without that word is not called safe.
//! * With `command = "lint"`, from Biome 2.6 the rdjson report alone carries everything read (its records have a
//!   severity from 2.6), and a second reporter would cost Biome as much CPU again per
//!   diagnostic as the first (effect 4.1.0, 7,221 diagnostics: 13–14 s with both, 10–11 s with
//!   one). What rdjson lacks is the path of a diagnostic without a span, so files that produce
//!   one — files missing when planned, and files over the size limit (`files_max_size`, else
//!   Biome's 1 MiB) — run in an invocation of their own, whose one file such a diagnostic then
//!   gets. The json report's advice text (`help`) is not read from 2.6 on.
//! * With `check`, a file over [`FORMAT_MAX_BYTES`] or with a line
//!   over [`FORMAT_MAX_LINE_CHARS`] characters runs in an
//!   invocation of its own with `--formatter-enabled=false`: Biome's report of an unformatted
//!   file that size takes minutes (see `docs/engines.md`). The plan's note names each such file
//!   and why, and the host states it in Biome's status.
//! * The report files go in [`Invocation::report_files`](signalint_plugin_api::Invocation::report_files) (json first, rdjson second); the host
//!   reads them back into [`ParseRequest::report_files`] and may delete them afterwards.
//! * They are written **directly into `work_dir`**, which must exist: Biome does not create the
//!   parent directory of a report file (it fails with `internalError/io`). `<run>` is unique per
//!   plan (a hash of the request, the process id and a counter), so concurrent checks never
//!   share a report file, and a report left over from an earlier run is never read back.
//! * Long file lists are split into several invocations so that no command line exceeds
//!   `batch_bytes` bytes of file arguments (default 100 000; 24 000 on Windows, whose command
//!   line is limited to 32 767 characters). Each invocation `covers` exactly its files.
//! * `whole_project`: one invocation with `.` (Biome walks the project with its own includes
//!   and ignores; `node_modules` is always ignored), `covers` = the request's files.
//!
//! # Options contract (`PlanRequest::options`, `[engines.biome.options]`)
//!
//! ```json
//! { "files_max_size": 2097152, "batch_bytes": 100000, "command": "check" }
//! ```
//!
//! * `files_max_size` (optional, bytes): `--files-max-size=N`. Biome skips larger files (the
//!   default limit is 1 MiB) with a `lint` warning.
//! * `batch_bytes` (optional, ≥ 1): the file-argument budget per invocation.
//! * `command` (optional): `check` (default) or `lint`.
//!
//! Unknown keys are errors.
//!
//! # Parsing
//!
//! The json report gives path, severity, category, message and position; the rdjson report
//! (Biome ≥ 2.5) gives the rule's documentation url and the fix edits (`suggestions`). The two
//! list the same diagnostics in the same order and are zipped by index. When their lengths or
//! categories/positions disagree, each json diagnostic is matched to the first unused rdjson
//! record with the same category and start (and path when rdjson has one); rdjson records left
//! unmatched are counted in `skipped_records` and the json diagnostics without a partner get no
//! fixes (never a wrong fix).
//!
//! * Rule = the category, scope kept: `lint/suspicious/noDebugger`, `parse`, `fs/cantRead`,
//!   `suppressions/unused`, …; a diagnostic without a category gets `biome`.
//! * Severity: `fatal`/`error` → error, `warning` → warning, `info` → info, `hint` → hint.
//! * Positions: 1-based lines, **code-point** columns ([`ColumnUnit::CodePoints`]); the end is
//!   exclusive. A diagnostic with line or column 0, or without a location, is a file-level
//!   diagnostic: it is kept with `start: None` (and `file` when Biome gave a path).
//! * `fixes`: the rdjson suggestions of the diagnostic, all of them, as edits of one fix
//!   (replace range → text; empty text deletes, an empty range inserts). Empty exactly when
//!   Biome supplied no edit, or when any suggestion was malformed (never a partial fix). Biome
//!   does not say whether a fix is safe or unsafe.
//! * `help`: the `text` of the json advices, when there are any.
//! * A json record that is not an object or has no message is skipped and counted.
//!
//! When the json report is missing (Biome ≥ 2.6) or unreadable, the rdjson report is used on
//! its own: a file-level diagnostic gets the invocation's file when it has exactly one, and no
//! file otherwise (a file deleted between plan and run, a lower `files.maxSize` in
//! `biome.json`); then a json report on stdout.
//!
//! # Exit codes
//!
//! Biome exits 0 without errors and 1 with error diagnostics **or** when it failed (bad
//! configuration, bad arguments), so the code alone separates nothing:
//!
//! * no readable report → failure (a configuration error, an unknown flag, an unwritable
//!   `work_dir`), with the tail of stderr, where Biome prints the reason;
//! * exit 1 with a report but no error-level diagnostic → failure (Biome failed after writing);
//! * exit other than 0/1 (a panic), or killed by a signal → failure, diagnostics kept;
//! * an `internalError/*` diagnostic → failure naming it, diagnostics kept.

pub mod facts;
pub mod format;
mod parse;
mod plan;
pub mod subject;

use signalint_plugin_api::{
    ColumnUnit, EngineAdapter, EngineInfo, EngineScope, ParseOutcome, ParseRequest, Plan,
    PlanRequest, PluginError, PluginManifest, ToolCandidate, ToolSpec, UsedWhen,
};

pub use parse::parse_reports;
pub use plan::{BiomeOptions, FORMAT_MAX_BYTES, FORMAT_MAX_LINE_CHARS};

/// The unit Biome counts columns in.
pub const COLUMN_UNIT: ColumnUnit = ColumnUnit::CodePoints;

/// The Biome adapter.
#[derive(Debug, Default, Clone, Copy)]
pub struct Biome;

impl Biome {
    pub fn new() -> Self {
        Self
    }
}

/// Node's name for the operating system (`process.platform`).
fn node_platform() -> &'static str {
    match std::env::consts::OS {
        "macos" => "darwin",
        "windows" => "win32",
        other => other,
    }
}

/// Node's name for the CPU architecture (`process.arch`).
fn node_arch() -> &'static str {
    match std::env::consts::ARCH {
        "x86_64" => "x64",
        "aarch64" => "arm64",
        other => other,
    }
}

/// Where the native Biome binary lives inside a package root, for this platform; the musl
/// build first when the plugin itself was built for musl.
pub fn native_binary_paths() -> Vec<String> {
    let base = format!(
        "node_modules/@biomejs/cli-{}-{}",
        node_platform(),
        node_arch()
    );
    let exe = std::env::consts::EXE_SUFFIX;
    let gnu = format!("{base}/biome{exe}");
    if std::env::consts::OS != "linux" {
        return vec![gnu];
    }
    let musl = format!("{base}-musl/biome{exe}");
    if cfg!(target_env = "musl") {
        vec![musl, gnu]
    } else {
        vec![gnu, musl]
    }
}

impl EngineAdapter for Biome {
    fn manifest(&self) -> PluginManifest {
        // --reporter-file needs 2.4; rdjson suggestions are real edits from 2.5.
        let tool = ToolSpec::new("biome", ">=2.5.0, <3.0.0")
            .with_candidates(
                native_binary_paths()
                    .into_iter()
                    .map(ToolCandidate::new)
                    .collect(),
            )
            .with_npm_packages(vec!["@biomejs/biome@2.6.8".into()]);
        let extensions = [
            "js", "jsx", "mjs", "cjs", "ts", "tsx", "mts", "cts", "json", "jsonc", "css",
            "graphql", "gql",
        ]
        .into_iter()
        .map(String::from)
        .collect();
        let engine = EngineInfo::new(EngineScope::FileLocal, tool, extensions)
            .with_config_files(vec!["biome.json".into(), "biome.jsonc".into()])
            .with_used_when(
                UsedWhen::config_files(vec!["biome.json".into(), "biome.jsonc".into()])
                    .with_packages(vec!["@biomejs/biome".into()]),
            )
            // The formatter's output costs a run per file: computed when fixes are applied.
            .with_fixes_on_request(true);
        PluginManifest::engine(
            "biome",
            env!("CARGO_PKG_VERSION"),
            "Biome check: lint, formatting and import sorting (fixes from Biome's own edits)",
            engine,
        )
    }

    fn plan(&self, request: &PlanRequest) -> Result<Plan, PluginError> {
        plan::plan(request)
    }

    fn parse(&self, request: &ParseRequest) -> Result<ParseOutcome, PluginError> {
        Ok(parse::parse_request(request))
    }
}

signalint_plugin_api::export_engine!(Biome::new());
