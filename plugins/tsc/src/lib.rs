//! signalint engine adapter for the TypeScript compiler.
//!
//! A whole-program engine ([`EngineScope::WholeProgram`]): every run type-checks one TypeScript
//! program (one tsconfig) as a whole, with the compiler the project pins (what its CI checks
//! with): the **native** TypeScript 7 binary
//! (`node_modules/@typescript/typescript-<os>-<arch>/lib/tsc`, spawned directly, never through
//! the npm shim, which on Node 20 leaves an orphaned Go child when killed) when it pins 7, else
//! the JavaScript compiler of TypeScript 4.9–6.x (`node_modules/typescript/lib/tsc.js` run
//! with `node`). `[engines.tsc] compiler = "native"` keeps only the native candidate (the
//! project's own, else the managed TypeScript 7), for speed. A project that declares
//! `@typescript/native-preview` (the package the preview candidate names) without installing
//! it gets the same: it type-checks with `tsgo`, whatever TypeScript 5 it also has.
//!
//! What differs between the versions, measured on 4.9.5, 5.9.3 and 7.0.2:
//!
//! * The record format and the message chains (indented continuation lines) are the same.
//! * `--checkers`/`--singleThreaded` and the Go runtime settings exist only for 7 (older
//!   compilers refuse them with TS5025).
//! * `--build` accepts `--noEmit` only from 5.6 on ([`BUILD_NO_EMIT_SINCE`]; 4.9 says
//!   TS5094): a solution on an older compiler is a plan error that names the fix, never a
//!   build that writes into the tree. 5.9 names projects by absolute path in `--verbose`
//!   status lines.
//! * Exit codes: see below. 4.9 also reports its own TS6046 on options it predates
//!   (`moduleResolution: "bundler"`), and words some diagnostics differently (TS2792 for an
//!   unresolved import).

//! # Command
//!
//! For a plain tsconfig (cwd = project root):
//!
//! ```text
//! tsc --noEmit --pretty false --locale en -p <tsconfig>
//!     --incremental --tsBuildInfoFile <work_dir>/tsc/<hash of the tsconfig path>.tsbuildinfo
//!     [--checkers N | --singleThreaded]   (TypeScript 7 only)
//!     <extra args>
//! ```
//!
//! For a solution-style tsconfig (one with `references`, usually `"files": []`):
//!
//! ```text
//! tsc --build <tsconfig> --noEmit --pretty false --locale en [--checkers N | --singleThreaded] <extra args>
//! ```
//!
//! Build mode refuses `--tsBuildInfoFile` (TS5094), so each referenced project keeps its build
//! info where its own config puts it (next to the tsconfig, or in its `outDir`). With
//! `--noEmit`, build mode reports TS6310 (`Referenced project '…' may not disable emit`) on
//! every reference from one project to another (TypeScript 5.9 and 7 alike): that is the flag's
//! doing, not the project's, so the adapter drops TS6310 from a `--build --noEmit` run.
//!
//! # Programs
//!
//! The manifest declares the programs capability ([`ProgramSpec`]): the host finds every
//! `tsconfig.json`, `tsconfig.*.json`, `package.json` and the root's `pnpm-workspace.yaml`
//! outside ignored paths, hands their text to `discover`, and passes the programs it returns
//! back in `PlanRequest::programs`. `discover` (see its module for the rules) takes in the root's
//! and the workspace members' tsconfigs, the configs their scripts run and those a solution
//! references, and leaves out configs of packages outside the workspace and base configs only
//! extended; every config it found is returned with a `reason` in its detail, and those not run
//! on their own with `excluded: true`, which `plan` skips. A config with references is a
//! solution (`{"solution": true}`, run with `--build`), and no config that another one
//! references is run again: a solution builds its references and theirs (`tsc -b`), so each
//! project is checked once. A solution with no files of its own over projects that reference
//! nothing is run as those projects, each with `-p`. A config in a reference cycle, reachable
//! from no other, still runs once.
//! With no tsconfig and no `tsconfigs` option, there is nothing to check and the engine is
//! disabled. Every program input (sources, JSON files, `package.json` and the lockfiles,
//! `node_modules/.package-lock.json`) is part of the cache key, and two runs of one tsconfig
//! never overlap (they share build info).
//!
//! The adapter reads no machine facts itself: the cores and the memory come in
//! `PlanRequest::machine`, and `GOGC`/`GOMEMLIMIT`, when the user sets them, in
//! `PlanRequest::env`.
//!
//! # Options contract (`PlanRequest::options`)
//!
//! The adapter never reads files, so it cannot open a tsconfig to see what it includes. The
//! host's discovered programs, or the user's list in `[engines.tsc.options]`, tell it:
//!
//! ```json
//! {
//!   "tsconfigs": [
//!     { "path": "tsconfig.json", "solution": true },
//!     { "path": "packages/web/tsconfig.json", "solution": false },
//!     { "path": "tools/tsconfig.json", "files": ["tools/gen.ts", "tools/lib/x.ts"] }
//!   ],
//!   "checkers": 2,
//!   "single_threaded": false,
//!   "gc_percent": "off",
//!   "incremental": true
//! }
//! ```
//!
//! * `tsconfigs` (optional; default: the programs in `PlanRequest::programs`, or
//!   `[{"path": "tsconfig.json", "solution": false}]` when there are none): the programs of
//!   the project.
//!   * `path` (required): project-relative path of the tsconfig (an absolute path under the
//!     project root is accepted too). It is passed to tsc as written, relative to the cwd.
//!   * `solution` (optional, default `false`): `true` when the config has `references`; it is
//!     then run with `--build`, which checks every referenced project. List either a solution
//!     config or the projects it references, not both, or their diagnostics appear twice.
//!   * `files` (optional): the project-relative files of this program, when the host knows them
//!     (for example from `tsc --listFilesOnly`). When present, a requested file reaches this
//!     tsconfig exactly when it is in the list.
//! * `checkers` (optional, positive integer): `--checkers N` (TypeScript 7 only; ignored before).
//!   Default: one per core on a machine with fewer than four cores (tsc's own default is four,
//!   and each checker re-checks the global types), else tsc's default; nothing is added when
//!   the engine's `args` already say `--checkers` or `--singleThreaded`.
//! * `single_threaded` (optional, default `false`): `--singleThreaded` (TypeScript 7 only). Wins
//!   over `checkers`. Under CPU contention it is faster and uses less memory.
//! * `gc_percent` (optional, a number or `"off"`, default `"off"`): the Go collector's `GOGC`
//!   for the native compiler. It keeps nearly its whole program alive (effect 4.1.0 peaks at
//!   1.66 GB with `GOGC=800` and 1.70 GB with no collection), so collections are almost all
//!   wasted work: Go's default of 100 spends half again the CPU of the check (effect: 38 s of
//!   CPU at 100, 21 s at 800, 19 s off). With `"off"` or a value above 100 comes `GOMEMLIMIT`
//!   at half the machine's memory (`PlanRequest::machine`), so a huge program collects before
//!   it swaps. Either is left to the user's environment when it sets `GOGC` or `GOMEMLIMIT`
//!   (`PlanRequest::env`).
//! * `programs` (optional, project-relative paths): configs checked on top of those discovery
//!   finds. `exclude_programs` (optional, globs): configs discovery finds that are not checked.
//! * `incremental` (optional, default `true`): `--incremental --tsBuildInfoFile …` in project
//!   mode. The build info lives under `work_dir`, keyed by a hash of the tsconfig path, so two
//!   programs never share one file. Two *concurrent* runs of the same tsconfig would; the host
//!   must not run the same label twice at once.
//!
//! Which tsconfigs run:
//!
//! * `whole_project`: every listed tsconfig, one invocation each, in the listed order.
//! * Otherwise, each requested file reaches (1) every entry whose `files` list contains it and,
//!   when there is none, (2) the entry *without* a `files` list whose directory is the nearest
//!   ancestor of the file (the tsserver rule). A file that reaches no entry is not part of any
//!   known program and causes no run. Each reached tsconfig runs once, in the listed order.
//!
//! Every invocation has `label` = the tsconfig path and empty `covers` (it re-checks its
//! whole program). Paths in diagnostics are relative to the project root (tsc prints them
//! relative to its cwd).
//!
//! # Parsing and exit codes
//!
//! Head lines match `file(line,col): error TS1234: message`, or `error TS1234: message` for a
//! diagnostic about no file. Indented lines that follow are the message chain; they are folded
//! into the diagnostic's message, joined with `\n`, indentation kept (it encodes the depth).
//! Build-mode status lines (`09:22:29 PM - Building project …` and their indented lists),
//! blank lines and a `Found N errors` summary are recognised and dropped. Any other line is an
//! unrecognised record: it is skipped and counted in `skipped_records`, together with the
//! indented lines under it.
//!
//! * Columns are UTF-16 code units ([`ColumnUnit::Utf16`]), 1-based; there is no end position.
//! * Rule = `TS<code>`; `error` → error, `warning` → warning, `message` → info. No fixes: the
//!   CLI never prints code fixes.
//! * **File-less diagnostics** (`error TS2688: Cannot find type definition file for 'x'.`,
//!   `error TS6053: …`) are kept with `file: None` and `start: None`; their chain is folded
//!   the same way.
//!
//! Classification (`docs/engines.md`, tsc's exit codes): exit 0 = clean; exit 1 (TypeScript 7 `--noEmit`, build
//! mode, and 4.9–6.x replaying their diagnostics from the build info) or 2 (4.9–6.x `--noEmit`
//! on a fresh check) with at least one diagnostic = issues; anything
//! else is a failure (`ParseOutcome::failure`), with a message naming what happened and the
//! tail of stderr:
//!
//! * exit 1/2 without any diagnostic (the help screen, an unreadable config);
//! * only invocation-level, file-less diagnostics (TS5058 the tsconfig does not exist, TS6053,
//!   TS5023/TS5072 unknown option, TS5094, TS5112, …): the program was never checked;
//! * exit 3/4 (build mode: an invalid project or a reference cycle, whose files were skipped);
//! * killed by a signal (timeout), a crash (a Go `panic:` or a Node stack trace on stderr);
//! * output cut at the host's cap, or unrecognised output and no diagnostic at all.
//!
//! Diagnostics parsed before a failure are always kept.
//!
//! # Persistent session
//!
//! The manifest declares [`PersistentSpec`]: a host that keeps engines warm (the MCP server)
//! asks `session` for TypeScript 7's language server (each file's diagnostics with LSP pull
//! diagnostics) or, for 4.9–6.x, `tsserver` (`syntacticDiagnosticsSync` and
//! `semanticDiagnosticsSync`); see the `session` and `tsserver` modules for what they map and
//! when tsc stays one-shot.
//!
//! Remember that tsc reports only syntax errors when any file of the program has one; the
//! semantic errors come back once the syntax is fixed.

mod body_edit;
mod declarations;
mod diagnostic;
mod discover;
mod importer_use;
mod name_edit;
mod parse;
mod plan;
mod scripts;
mod session;
mod tsserver;
mod workspace;

use signalint_plugin_api::{
    ColumnUnit, DiscoverRequest, Discovery, EngineAdapter, EngineInfo, EngineScope, ImporterReach,
    ImporterRequest, ParseOutcome, ParseRequest, PersistentSpec, Plan, PlanRequest, PluginError,
    PluginManifest, ProgramSpec, Reach, ReachRequest, SessionDiagnostics, SessionFiles,
    SessionPlan, ToolCandidate, ToolSpec, UsedWhen,
};

pub use parse::parse_output;
pub use plan::{BUILD_NO_EMIT_SINCE, TscOptions, TsconfigEntry};

/// The unit tsc counts columns in.
pub const COLUMN_UNIT: ColumnUnit = ColumnUnit::Utf16;

/// The TypeScript compiler adapter.
#[derive(Debug, Default, Clone, Copy)]
pub struct Tsc;

impl Tsc {
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
        "x86" => "ia32",
        "powerpc64" => "ppc64",
        other => other,
    }
}

/// Where the native TypeScript 7 binary lives inside a package root, for this platform.
pub fn native_binary_path() -> String {
    format!(
        "node_modules/@typescript/typescript-{}-{}/lib/tsc{}",
        node_platform(),
        node_arch(),
        std::env::consts::EXE_SUFFIX
    )
}

/// Where the native binary of `@typescript/native-preview` (the TypeScript 7 preview that
/// `tsgo` scripts run) lives inside a package root, for this platform.
pub fn native_preview_binary_path() -> String {
    format!(
        "node_modules/@typescript/native-preview-{}-{}/lib/tsgo{}",
        node_platform(),
        node_arch(),
        std::env::consts::EXE_SUFFIX
    )
}

/// The npm package of the TypeScript 7 preview (`tsgo`).
pub const NATIVE_PREVIEW_PACKAGE: &str = "@typescript/native-preview";

/// The JavaScript entry point of TypeScript 4.9–6.x (run with `node`).
pub const JS_COMPILER_PATH: &str = "node_modules/typescript/lib/tsc.js";

/// Every TypeScript a project may pin: the JavaScript compiler of 4.9–6.x and the native 7.x.
pub const SUPPORTED_RANGE: &str = ">=4.9.0, <8.0.0";

/// The variant name of the native TypeScript 7 binary: `[engines.tsc] compiler = "native"`.
pub const NATIVE_VARIANT: &str = "native";

impl EngineAdapter for Tsc {
    fn manifest(&self) -> PluginManifest {
        // The project's own compiler comes first, whichever it pins: its native binary exists
        // only when it pins TypeScript 7, or installs `@typescript/native-preview` (whose
        // `tsgo` its scripts type-check with; such a project often keeps TypeScript 5 too, for
        // its other tools). `compiler = "native"` keeps the native ones only. Only the preview
        // names its package: a project that declares it but has not installed it type-checks
        // with TypeScript 7, so the managed 7 runs rather than the TypeScript 5 it also has.
        // `typescript` is not named: it also installs the JavaScript compiler of 5.x, so every
        // 5.x project would look like it asked for the native build.
        let tool = ToolSpec::new("tsc", SUPPORTED_RANGE)
            .with_candidates(vec![
                ToolCandidate::new(native_binary_path()).with_variant(NATIVE_VARIANT),
                ToolCandidate::new(native_preview_binary_path())
                    .with_variant(NATIVE_VARIANT)
                    .with_package(NATIVE_PREVIEW_PACKAGE),
                ToolCandidate::new(JS_COMPILER_PATH).with_launcher("node"),
            ])
            .with_npm_packages(vec!["typescript@7.0.2".into()]);
        let extensions = ["ts", "tsx", "mts", "cts", "js", "jsx", "mjs", "cjs"]
            .into_iter()
            .map(String::from)
            .collect();
        let strings = |items: &[&str]| items.iter().map(|s| (*s).to_owned()).collect();
        // A program reads its sources, imported JSON and its configs, and the declarations of
        // its dependencies, which change with the package manifests and lockfiles.
        let programs = ProgramSpec::new(strings(&discover::DISCOVERY_NAMES))
            .with_input_names(strings(&[
                "package.json",
                "package-lock.json",
                "yarn.lock",
                "pnpm-lock.yaml",
                "bun.lockb",
            ]))
            .with_input_extensions(strings(&["json"]))
            .with_input_paths(strings(&["node_modules/.package-lock.json"]))
            .with_exclusive_runs(true);
        let engine = EngineInfo::new(EngineScope::WholeProgram, tool, extensions)
            .with_config_files(vec!["tsconfig.json".into(), "package.json".into()])
            .with_programs(programs)
            .with_used_when(UsedWhen::config_files(vec!["tsconfig.json".into()]))
            .with_env_vars(strings(&["GOGC", "GOMEMLIMIT"]))
            .with_persistent(PersistentSpec::new());
        PluginManifest::engine(
            "tsc",
            env!("CARGO_PKG_VERSION"),
            "TypeScript type checking with the project's own tsc (4.9 to 7.x), one run per tsconfig",
            engine,
        )
    }

    fn discover(&self, request: &DiscoverRequest) -> Result<Discovery, PluginError> {
        discover::discover(request)
    }

    fn plan(&self, request: &PlanRequest) -> Result<Plan, PluginError> {
        plan::plan(request)
    }

    fn parse(&self, request: &ParseRequest) -> Result<ParseOutcome, PluginError> {
        Ok(parse::parse_request(request))
    }

    fn session(&self, request: &PlanRequest) -> Result<SessionPlan, PluginError> {
        session::session(request)
    }

    fn session_parse(&self, request: &SessionDiagnostics) -> Result<ParseOutcome, PluginError> {
        Ok(session::session_parse(request))
    }

    fn session_files(&self, request: &ParseRequest) -> Result<SessionFiles, PluginError> {
        Ok(session::session_files(request))
    }

    fn session_reach(&self, request: &ReachRequest) -> Result<Reach, PluginError> {
        Ok(session::session_reach(request))
    }

    fn session_importer(&self, request: &ImporterRequest) -> Result<ImporterReach, PluginError> {
        Ok(importer_use::importer_reach(request))
    }
}

signalint_plugin_api::export_engine!(Tsc::new());

#[cfg(test)]
mod tests {
    use super::*;

    /// `@typescript/native-preview` (what `tsgo` scripts run) wins over the TypeScript 5 a
    /// project keeps beside it, and is a build of the native variant.
    #[test]
    fn the_native_preview_comes_before_the_javascript_compiler() {
        let manifest = Tsc::new().manifest();
        let candidates = &manifest.engine.unwrap().tool.candidates;
        let paths: Vec<&str> = candidates.iter().map(|c| c.path.as_str()).collect();
        let preview = paths
            .iter()
            .position(|p| p.contains("@typescript/native-preview-"))
            .expect("a native-preview candidate");
        let javascript = paths.iter().position(|p| *p == JS_COMPILER_PATH).unwrap();
        assert!(preview < javascript, "{paths:?}");
        assert!(paths[preview].ends_with("/lib/tsgo") || paths[preview].ends_with("tsgo.exe"));
        assert_eq!(candidates[preview].variant.as_deref(), Some(NATIVE_VARIANT));
    }

    /// Only the preview names its package: `typescript` also installs the JavaScript compiler
    /// of 5.x, and naming it would send every 5.x project that declares it to the native build.
    #[test]
    fn only_the_native_preview_names_its_package() {
        let manifest = Tsc::new().manifest();
        let candidates = &manifest.engine.unwrap().tool.candidates;
        let named: Vec<(&str, &str)> = candidates
            .iter()
            .filter_map(|c| Some((c.path.as_str(), c.package.as_deref()?)))
            .collect();
        assert_eq!(
            named,
            [(
                native_preview_binary_path().as_str(),
                "@typescript/native-preview"
            )]
        );
    }
}
