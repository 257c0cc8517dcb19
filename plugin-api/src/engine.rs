//! The engine adapter contract: plan invocations, then parse what they printed.
//!
//! Adapters never spawn processes. The host owns timeouts, process-group kills, output caps,
//! concurrency and cancellation; the adapter stays a pair of pure functions that are easy to
//! test and to fuzz.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The tool the host resolved for this engine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ResolvedTool {
    /// Program to spawn (absolute path, or a launcher such as `node`).
    pub program: String,
    /// Arguments that come before the adapter's own (the script path when a launcher is used).
    #[serde(default)]
    pub prefix_args: Vec<String>,
    /// The version the tool reported.
    pub version: String,
}

/// Asks an adapter what to run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct PlanRequest {
    /// Absolute path of the project root. Invocations run there unless they say otherwise.
    pub project_root: String,
    pub tool: ResolvedTool,
    /// Project-relative files to check. For a whole-program engine these are the files the
    /// request named; the adapter decides which programs (tsconfigs) they reach.
    pub files: Vec<String>,
    /// True when the request named the whole project rather than a list of files.
    #[serde(default)]
    pub whole_project: bool,
    /// Extra arguments from `[engines.<id>] args`.
    #[serde(default)]
    pub extra_args: Vec<String>,
    /// The engine's `[engines.<id>.options]` table, as JSON.
    #[serde(default)]
    pub options: serde_json::Value,
    /// Absolute scratch directory for report files and build info: private to this project and
    /// engine, outside the repository (under the user's cache directory).
    pub work_dir: String,
    /// The programs [`EngineAdapter::discover`](crate::EngineAdapter::discover) found, for an
    /// engine that declares [`ProgramSpec`](crate::ProgramSpec); empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub programs: Vec<Program>,
    /// The machine the host runs on.
    #[serde(default)]
    pub machine: Machine,
    /// The variables of [`EngineInfo::env_vars`](crate::EngineInfo::env_vars) that are set in
    /// the host's environment, with their values.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub env: BTreeMap<String, String>,
    /// Additive (0.3.5): the host is applying fixes, so the runs should compute the fixes an
    /// engine that declares [`EngineInfo::fixes_on_request`](crate::EngineInfo::fixes_on_request)
    /// leaves out of a check (a formatter's output). False for a check.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fixes: bool,
}

/// Facts about the machine an adapter may size its runs by, measured by the host (adapters do
/// no IO). `None` where the host cannot tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Machine {
    /// The cores the host process may use (affinity and cgroup limits included).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cores: Option<u32>,
    /// Total physical memory, in bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory_bytes: Option<u64>,
}

impl Machine {
    pub fn new(cores: Option<u32>, memory_bytes: Option<u64>) -> Self {
        Self {
            cores,
            memory_bytes,
        }
    }
}

/// One file whose text the host read for the adapter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ConfigFile {
    /// Project-relative, with `/` separators.
    pub path: String,
    /// `None` when it could not be read as text.
    pub text: Option<String>,
}

impl ConfigFile {
    pub fn new(path: impl Into<String>, text: Option<String>) -> Self {
        Self {
            path: path.into(),
            text,
        }
    }
}

/// Asks a whole-program engine which programs the project has.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct DiscoverRequest {
    /// Absolute path of the project root.
    pub project_root: String,
    /// Every project file named in [`ProgramSpec::config_names`](crate::ProgramSpec), in
    /// project-walk order, with its text.
    pub configs: Vec<ConfigFile>,
    /// The engine's `[engines.<id>.options]` table, as JSON.
    #[serde(default)]
    pub options: serde_json::Value,
}

impl DiscoverRequest {
    pub fn new(project_root: impl Into<String>, configs: Vec<ConfigFile>) -> Self {
        Self {
            project_root: project_root.into(),
            configs,
            options: serde_json::Value::Null,
        }
    }

    pub fn with_options(mut self, options: serde_json::Value) -> Self {
        self.options = options;
        self
    }
}

/// One program of a whole-program engine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Program {
    /// Project-relative path of the program's config (`packages/web/tsconfig.json`).
    pub config: String,
    /// What the adapter needs to remember about the program for `plan`
    /// (`{"solution": true}`); the host passes it back untouched.
    #[serde(default, skip_serializing_if = "serde_json::Value::is_null")]
    pub detail: serde_json::Value,
}

impl Program {
    pub fn new(config: impl Into<String>) -> Self {
        Self {
            config: config.into(),
            detail: serde_json::Value::Null,
        }
    }

    pub fn with_detail(mut self, detail: serde_json::Value) -> Self {
        self.detail = detail;
        self
    }
}

/// The programs a project has for one engine.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Discovery {
    pub programs: Vec<Program>,
    /// Set when the project has nothing for the engine to check (no `tsconfig.json`): the host
    /// then reports the engine as disabled with this reason and runs nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nothing_to_check: Option<String>,
}

impl Discovery {
    pub fn new(programs: Vec<Program>) -> Self {
        Self {
            programs,
            nothing_to_check: None,
        }
    }

    /// Nothing to check, for this reason.
    pub fn nothing_to_check(reason: impl Into<String>) -> Self {
        Self {
            programs: Vec::new(),
            nothing_to_check: Some(reason.into()),
        }
    }
}

/// What to run.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Plan {
    pub invocations: Vec<Invocation>,
    /// What these runs leave unchecked on purpose and why, one sentence each (a file whose
    /// line is too long for the formatter, say). The host states them in the engine's status
    /// message, so a skip is never silent. Added in 0.3.3; an older host ignores them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// One process to run.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Invocation {
    pub program: String,
    pub args: Vec<String>,
    /// Extra environment. The host already scrubs agent-detection variables and sets
    /// `NO_COLOR=1`.
    #[serde(default)]
    pub env: BTreeMap<String, String>,
    /// Absolute working directory; the project root when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
    /// Project-relative files this run re-checks. Empty for a whole-program run, which
    /// re-checks every file of its program.
    #[serde(default)]
    pub covers: Vec<String>,
    /// Absolute paths of report files the tool writes; the host reads them back for `parse`.
    #[serde(default)]
    pub report_files: Vec<String>,
    /// A label for logs and status messages (`tsconfig.json`).
    #[serde(default)]
    pub label: String,
    /// A project-relative file whose contents the host pipes to the process's stdin (a
    /// formatter reading `--stdin-file-path`); the text comes back in
    /// [`ParseRequest::stdin`], so the adapter compares without reading files. The host
    /// refuses a file that resolves outside the project root.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stdin_file: Option<String>,
    /// Absolute paths of the files the run writes in the project (build info a tool places
    /// where its config says). The host refuses to run it when any of them, or a directory
    /// between the project root and it, is a symlink, or it resolves outside the root.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub writes: Vec<String>,
}

/// A report file read back after the run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ReportFile {
    pub path: String,
    /// `None` when the tool did not write it.
    pub contents: Option<String>,
}

/// What one invocation produced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ParseRequest {
    pub project_root: String,
    pub invocation: Invocation,
    /// `None` when the process was killed by a signal.
    pub exit_code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    /// True when stdout or stderr was cut at the host's output cap.
    #[serde(default)]
    pub truncated: bool,
    #[serde(default)]
    pub report_files: Vec<ReportFile>,
    /// The text piped to stdin ([`Invocation::stdin_file`]'s contents), when there was one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stdin: Option<String>,
    /// Additive (0.3.5): the run belongs to a plan made with [`PlanRequest::fixes`] set: the
    /// fixes left out of a check are wanted (a formatter's follow-up runs).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fixes: bool,
}

/// The diagnostics parsed from one invocation.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ParseOutcome {
    pub diagnostics: Vec<crate::Diagnostic>,
    /// Records that could not be understood and were skipped (never fail a batch for one record).
    #[serde(default)]
    pub skipped_records: u32,
    /// Set when the run failed as a whole (no parsable output, a crash, a config error). The
    /// host reports it in the engine's status; diagnostics parsed so far are still kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
    /// From `session_parse`: the persistent session's answer for this state is not the
    /// one-shot run's (tsc prints only syntax errors while any file has one), for this
    /// reason; the host answers this check with the one-shot run and keeps the session.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub one_shot: Option<String>,
    /// Runs the host makes next, because this output asked for them (a formatter's text for
    /// each file the check found unformatted). Each is parsed like a planned run and its
    /// diagnostics join the engine's; follow-ups of a follow-up are not run.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub follow_ups: Vec<Invocation>,
}

impl ResolvedTool {
    pub fn new(program: impl Into<String>, version: impl Into<String>) -> Self {
        Self {
            program: program.into(),
            prefix_args: Vec::new(),
            version: version.into(),
        }
    }

    pub fn with_prefix_args(mut self, prefix_args: Vec<String>) -> Self {
        self.prefix_args = prefix_args;
        self
    }
}

impl PlanRequest {
    pub fn new(
        project_root: impl Into<String>,
        tool: ResolvedTool,
        files: Vec<String>,
        work_dir: impl Into<String>,
    ) -> Self {
        Self {
            project_root: project_root.into(),
            tool,
            files,
            whole_project: false,
            extra_args: Vec::new(),
            options: serde_json::Value::Null,
            work_dir: work_dir.into(),
            programs: Vec::new(),
            machine: Machine::default(),
            env: BTreeMap::new(),
            fixes: false,
        }
    }

    /// Asks for the fixes a check leaves out (see [`PlanRequest::fixes`]).
    pub fn with_fixes(mut self, fixes: bool) -> Self {
        self.fixes = fixes;
        self
    }

    pub fn with_programs(mut self, programs: Vec<Program>) -> Self {
        self.programs = programs;
        self
    }

    pub fn with_machine(mut self, machine: Machine) -> Self {
        self.machine = machine;
        self
    }

    pub fn with_env(mut self, env: BTreeMap<String, String>) -> Self {
        self.env = env;
        self
    }

    pub fn with_whole_project(mut self, whole_project: bool) -> Self {
        self.whole_project = whole_project;
        self
    }

    pub fn with_extra_args(mut self, extra_args: Vec<String>) -> Self {
        self.extra_args = extra_args;
        self
    }

    pub fn with_options(mut self, options: serde_json::Value) -> Self {
        self.options = options;
        self
    }
}

impl Plan {
    pub fn new(invocations: Vec<Invocation>) -> Self {
        Self {
            invocations,
            notes: Vec::new(),
        }
    }

    /// The plan, stating `notes` in the engine's status.
    pub fn with_notes(mut self, notes: Vec<String>) -> Self {
        self.notes = notes;
        self
    }
}

impl Invocation {
    pub fn new(program: impl Into<String>, args: Vec<String>) -> Self {
        Self {
            program: program.into(),
            args,
            ..Self::default()
        }
    }

    pub fn with_env(mut self, env: BTreeMap<String, String>) -> Self {
        self.env = env;
        self
    }

    pub fn with_cwd(mut self, cwd: impl Into<String>) -> Self {
        self.cwd = Some(cwd.into());
        self
    }

    pub fn with_covers(mut self, covers: Vec<String>) -> Self {
        self.covers = covers;
        self
    }

    pub fn with_report_files(mut self, report_files: Vec<String>) -> Self {
        self.report_files = report_files;
        self
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    pub fn with_stdin_file(mut self, file: impl Into<String>) -> Self {
        self.stdin_file = Some(file.into());
        self
    }

    pub fn with_writes(mut self, writes: Vec<String>) -> Self {
        self.writes = writes;
        self
    }
}

impl ReportFile {
    pub fn new(path: impl Into<String>, contents: Option<String>) -> Self {
        Self {
            path: path.into(),
            contents,
        }
    }
}

impl ParseRequest {
    /// The result of a run that exited with `exit_code` (`None`: killed by a signal); add its
    /// output with the `with_*` methods.
    pub fn new(
        project_root: impl Into<String>,
        invocation: Invocation,
        exit_code: Option<i32>,
    ) -> Self {
        Self {
            project_root: project_root.into(),
            invocation,
            exit_code,
            stdout: String::new(),
            stderr: String::new(),
            truncated: false,
            report_files: Vec::new(),
            stdin: None,
            fixes: false,
        }
    }

    /// Marks a run whose plan asked for fixes (see [`ParseRequest::fixes`]).
    pub fn with_fixes(mut self, fixes: bool) -> Self {
        self.fixes = fixes;
        self
    }

    pub fn with_stdout(mut self, stdout: impl Into<String>) -> Self {
        self.stdout = stdout.into();
        self
    }

    pub fn with_stderr(mut self, stderr: impl Into<String>) -> Self {
        self.stderr = stderr.into();
        self
    }

    pub fn with_truncated(mut self, truncated: bool) -> Self {
        self.truncated = truncated;
        self
    }

    pub fn with_report_files(mut self, report_files: Vec<ReportFile>) -> Self {
        self.report_files = report_files;
        self
    }

    pub fn with_stdin(mut self, stdin: impl Into<String>) -> Self {
        self.stdin = Some(stdin.into());
        self
    }
}

impl ParseOutcome {
    pub fn new(diagnostics: Vec<crate::Diagnostic>) -> Self {
        Self {
            diagnostics,
            ..Self::default()
        }
    }

    /// A run that failed as a whole, with nothing parsed.
    pub fn failure(message: impl Into<String>) -> Self {
        Self::default().with_failure(message)
    }

    pub fn with_skipped(mut self, skipped_records: u32) -> Self {
        self.skipped_records = skipped_records;
        self
    }

    pub fn with_failure(mut self, message: impl Into<String>) -> Self {
        self.failure = Some(message.into());
        self
    }

    pub fn with_one_shot(mut self, reason: impl Into<String>) -> Self {
        self.one_shot = Some(reason.into());
        self
    }

    pub fn with_follow_ups(mut self, follow_ups: Vec<Invocation>) -> Self {
        self.follow_ups = follow_ups;
        self
    }
}

/// How the host starts a persistent engine for one program, the answer to the `session`
/// method: a long-lived process the host feeds changes to and reads complete results from,
/// instead of one process per check. The host owns its lifecycle (start on first need,
/// restart on crash or when a program input changes, stop when idle or above its memory
/// limit) and falls back to [`EngineAdapter::plan`](crate::EngineAdapter::plan) when the
/// session fails.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct SessionPlan {
    /// One session per program; empty when [`Self::unavailable`] says why not.
    #[serde(default)]
    pub sessions: Vec<SessionCommand>,
    /// Why this tool, version or configuration runs one-shot (shown in the engine's status).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unavailable: Option<String>,
}

impl SessionPlan {
    pub fn new(sessions: Vec<SessionCommand>) -> Self {
        Self {
            sessions,
            unavailable: None,
        }
    }

    /// No persistent session, for this reason: the host runs the one-shot plan.
    pub fn unavailable(reason: impl Into<String>) -> Self {
        Self {
            sessions: Vec::new(),
            unavailable: Some(reason.into()),
        }
    }
}

/// The protocol a persistent engine speaks on its stdin and stdout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum SessionProtocol {
    /// The Language Server Protocol over stdio (`Content-Length` framing), with pull
    /// diagnostics (`textDocument/diagnostic`): every open document's text is the host's, so
    /// an answer reflects exactly the content the host fingerprinted.
    #[default]
    LspPullDiagnostics,
    /// TypeScript's `tsserver` (4.9–6.x): requests as one JSON object per line, responses and
    /// events framed with `Content-Length`. The host opens every program file with its own
    /// text (`updateOpen` with `fileContent`), so no answer reads a file the host did not
    /// fingerprint, and asks each file's `syntacticDiagnosticsSync` and
    /// `semanticDiagnosticsSync`, and the program's file-less
    /// `compilerOptionsDiagnostics-full`. [`SessionCommand::command`]'s `label` is the
    /// program's `tsconfig.json`; the host checks that tsserver chose that one. A host older
    /// than this value reads [`Self::Unknown`] and runs one-shot.
    #[serde(rename = "tsserver")]
    TsServer,
    /// A protocol of a newer plugin API; the host runs the one-shot plan instead.
    #[serde(other)]
    Unknown,
}

/// One persistent process for one program.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct SessionCommand {
    pub protocol: SessionProtocol,
    /// The process: program, arguments, environment and working directory, as for a run. Its
    /// `label` names the program (the tsconfig), `covers` and `report_files` are not used.
    pub command: Invocation,
    /// A one-shot run that lists the program's files, read with the `session_files` method
    /// ([`SessionFiles`]); the host pulls the diagnostics of those under the project root.
    /// `None`: every project file with one of the engine's extensions, each of which may
    /// affect every other.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub list_files: Option<Invocation>,
    /// Substrings of a line whose change may change which files the program has (`import`):
    /// an edit of such a line lists the files again. Files created or deleted always do.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub list_again_on: Vec<String>,
    /// The LSP `initializationOptions`.
    #[serde(default, skip_serializing_if = "serde_json::Value::is_null")]
    pub initialization_options: serde_json::Value,
    /// The LSP language id of each extension (`ts` → `typescript`); the extension itself
    /// when absent.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub language_ids: BTreeMap<String, String>,
    /// Endings of the program's files the engine reads but reports nothing on (`.d.ts` when
    /// tsc's `skipLibCheck` is on): the host keeps them in the program, so their edits still
    /// re-check their importers, but asks the server for no diagnostics of them, which would
    /// cost a check of every declaration file a one-shot run skips.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unchecked_endings: Vec<String>,
}

impl SessionCommand {
    pub fn lsp(command: Invocation) -> Self {
        Self {
            protocol: SessionProtocol::LspPullDiagnostics,
            command,
            ..Self::default()
        }
    }

    /// A `tsserver` session ([`SessionProtocol::TsServer`]).
    pub fn tsserver(command: Invocation) -> Self {
        Self {
            protocol: SessionProtocol::TsServer,
            command,
            ..Self::default()
        }
    }

    pub fn with_list_files(mut self, list_files: Invocation) -> Self {
        self.list_files = Some(list_files);
        self
    }

    pub fn with_list_again_on(mut self, list_again_on: Vec<String>) -> Self {
        self.list_again_on = list_again_on;
        self
    }

    pub fn with_initialization_options(mut self, options: serde_json::Value) -> Self {
        self.initialization_options = options;
        self
    }

    pub fn with_language_ids(mut self, language_ids: BTreeMap<String, String>) -> Self {
        self.language_ids = language_ids;
        self
    }

    pub fn with_unchecked_endings(mut self, endings: Vec<String>) -> Self {
        self.unchecked_endings = endings;
        self
    }

    /// Whether the engine reports on `path`, a file of the program (not one of
    /// [`Self::unchecked_endings`]).
    pub fn reports_on(&self, path: &str) -> bool {
        !self
            .unchecked_endings
            .iter()
            .any(|ending| path.ends_with(ending.as_str()))
    }
}

/// The diagnostics a persistent engine reported for one file, to map into [`Diagnostic`]s
/// with the `session_parse` method.
///
/// [`Diagnostic`]: crate::Diagnostic
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct SessionDiagnostics {
    pub project_root: String,
    /// The program's label (its config), as in [`SessionCommand::command`].
    pub label: String,
    /// Project-relative path of the file, with `/` separators; empty for the diagnostics of
    /// the program rather than one file (tsserver's `compilerOptionsDiagnostics-full`).
    pub file: String,
    /// The protocol's payload as the engine sent it: for
    /// [`SessionProtocol::LspPullDiagnostics`], the `items` array of the report (LSP
    /// `Diagnostic`s, 0-based lines, columns in the negotiated position encoding: UTF-16);
    /// for [`SessionProtocol::TsServer`], the bodies of the file's `syntacticDiagnosticsSync`
    /// and `semanticDiagnosticsSync` in one array (asked with `includeLinePosition`:
    /// `startLocation` with a 1-based `line` and a 1-based `offset` in UTF-16 units,
    /// `category`, `code`, `message`), or the body of `compilerOptionsDiagnostics-full`.
    pub items: serde_json::Value,
    /// The protocol the items come in; absent from a host older than the field, which speaks
    /// only [`SessionProtocol::LspPullDiagnostics`].
    #[serde(default)]
    pub protocol: SessionProtocol,
}

impl SessionDiagnostics {
    pub fn new(
        project_root: impl Into<String>,
        label: impl Into<String>,
        file: impl Into<String>,
        items: serde_json::Value,
    ) -> Self {
        Self {
            project_root: project_root.into(),
            label: label.into(),
            file: file.into(),
            items,
            protocol: SessionProtocol::LspPullDiagnostics,
        }
    }

    pub fn with_protocol(mut self, protocol: SessionProtocol) -> Self {
        self.protocol = protocol;
        self
    }
}

/// The files of a session's program and who imports whom, the answer to `session_files` (from
/// the output of [`SessionCommand::list_files`], passed as a [`ParseRequest`]).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct SessionFiles {
    pub files: Vec<SessionFile>,
    /// Set when the listing failed; the host then runs the one-shot plan.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
}

impl SessionFiles {
    pub fn new(files: Vec<SessionFile>) -> Self {
        Self {
            files,
            failure: None,
        }
    }

    pub fn failure(message: impl Into<String>) -> Self {
        Self {
            files: Vec::new(),
            failure: Some(message.into()),
        }
    }
}

/// One file of a session's program.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct SessionFile {
    /// Project-relative (or absolute, for a file outside the project), `/` separators.
    pub path: String,
    /// The program's files that import this one, as `path`s. After an edit of a file, the
    /// host re-checks it, then the files that import it, directly or not; the others cannot
    /// change.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub importers: Vec<String>,
    /// Set when an edit of this file may change files that do not import it (a global
    /// script, an ambient declaration): the host then re-checks every file.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub global: bool,
}

impl SessionFile {
    pub fn new(path: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            ..Self::default()
        }
    }

    pub fn with_importers(mut self, importers: Vec<String>) -> Self {
        self.importers = importers;
        self
    }

    pub fn with_global(mut self, global: bool) -> Self {
        self.global = global;
        self
    }
}

/// Asks how far an edit of one file reaches (the `session_reach` method): the adapter reads
/// the new text, the host knows the importers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ReachRequest {
    /// Project-relative path.
    pub file: String,
    /// The file's new text; `None` when it was deleted.
    pub text: Option<String>,
    /// The text the engine had before this edit, when the host sent it one: with both, the
    /// adapter can tell that what other files see of it did not change ([`Reach::File`]).
    /// `None` for a file new to the session (and from a host older than the field).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub previous: Option<String>,
}

impl ReachRequest {
    pub fn new(file: impl Into<String>, text: Option<String>) -> Self {
        Self {
            file: file.into(),
            text,
            previous: None,
        }
    }

    pub fn with_previous(mut self, previous: Option<String>) -> Self {
        self.previous = previous;
        self
    }
}

/// Asks whether the names a module gained or lost ([`Reach::Names`]) change one of its
/// direct importers (the `session_importer` method).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ImporterRequest {
    /// The importer, project-relative.
    pub file: String,
    /// The importer's current text.
    pub text: String,
    /// The edited module it imports, project-relative.
    pub module: String,
    /// The names the module gained or lost.
    pub names: Vec<String>,
    /// The rules of the importer's last diagnostics: an error about a name the module lacked
    /// may change when the module gains one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
    /// The importer's last diagnostics themselves (their rules are [`Self::rules`]): the
    /// message says which name was looked up where, so an error about another type's member
    /// need not re-check the importer. An older host sends none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub diagnostics: Vec<crate::Diagnostic>,
}

impl ImporterRequest {
    pub fn new(
        file: impl Into<String>,
        text: impl Into<String>,
        module: impl Into<String>,
        names: Vec<String>,
    ) -> Self {
        Self {
            file: file.into(),
            text: text.into(),
            module: module.into(),
            names,
            rules: Vec::new(),
            diagnostics: Vec::new(),
        }
    }

    pub fn with_rules(mut self, rules: Vec<String>) -> Self {
        self.rules = rules;
        self
    }

    /// The importer's last diagnostics, and their rules as [`Self::rules`].
    pub fn with_diagnostics(mut self, diagnostics: Vec<crate::Diagnostic>) -> Self {
        self.rules = diagnostics.iter().map(|d| d.rule.clone()).collect();
        self.diagnostics = diagnostics;
        self
    }
}

/// Whether an importer can change when its module gains or loses names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ImporterReach {
    /// It uses none of the names and not the module as a whole: its last diagnostics
    /// hold, and so do those of the files that import it.
    Unaffected,
    /// It may change: it is re-checked, and the files that import it too.
    #[default]
    #[serde(other)]
    Affected,
}

/// How far an edit reaches.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Reach {
    /// Only the file itself: what other files can see of it did not change (a body or a
    /// comment edited, the declarations the same), so their last diagnostics still hold.
    /// Answered only with [`ReachRequest::previous`]; an older host reads it as
    /// [`Reach::Everything`].
    File,
    /// What other files see of it changed only by these names, which the module gained or
    /// lost (an export or a local added or removed, nothing else changed): an importer that
    /// uses none of them and does not use the module as a whole cannot change. The host asks the adapter about each
    /// direct importer ([`ImporterRequest`]) and treats the others as [`Reach::Importers`].
    /// Answered only with [`ReachRequest::previous`]; an older host reads it as
    /// [`Reach::Everything`].
    Names(Vec<String>),
    /// The file itself and the files that import it, directly or not.
    Importers,
    /// Every file of the program (a global declaration, an augmentation).
    #[default]
    #[serde(other)]
    Everything,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_crosses_as_kebab_case_and_an_unknown_one_reads_as_everything() {
        assert_eq!(serde_json::to_string(&Reach::File).unwrap(), r#""file""#);
        let read = |text: &str| serde_json::from_str::<Reach>(text).unwrap();
        assert_eq!(read(r#""file""#), Reach::File);
        assert_eq!(read(r#""importers""#), Reach::Importers);
        assert_eq!(read(r#""a-later-reach""#), Reach::Everything);
        let names = Reach::Names(vec!["extra".into()]);
        assert_eq!(
            serde_json::to_string(&names).unwrap(),
            r#"{"names":["extra"]}"#
        );
        assert_eq!(read(r#"{"names":["extra"]}"#), names);
    }

    #[test]
    fn an_importer_reach_unknown_to_the_host_reads_as_affected() {
        let read = |text: &str| serde_json::from_str::<ImporterReach>(text).unwrap();
        assert_eq!(read(r#""unaffected""#), ImporterReach::Unaffected);
        assert_eq!(read(r#""a-later-answer""#), ImporterReach::Affected);
    }

    #[test]
    fn the_tsserver_protocol_crosses_by_name_and_old_payloads_read_as_lsp() {
        let command = SessionCommand::tsserver(Invocation::new("node", vec![]));
        let text = serde_json::to_string(&command).unwrap();
        assert!(text.contains(r#""protocol":"tsserver""#), "{text}");
        assert_eq!(
            serde_json::from_str::<SessionCommand>(&text).unwrap(),
            command
        );
        // What a host that predates the value reads: `Unknown`, so it runs one-shot.
        let later = text.replace(r#""tsserver""#, r#""a-later-protocol""#);
        assert_eq!(
            serde_json::from_str::<SessionCommand>(&later)
                .unwrap()
                .protocol,
            SessionProtocol::Unknown
        );
        let old: SessionDiagnostics = serde_json::from_str(
            r#"{"project_root": "/r", "label": "tsconfig.json", "file": "a.ts", "items": []}"#,
        )
        .unwrap();
        assert_eq!(old.protocol, SessionProtocol::LspPullDiagnostics);
        let new = old.clone().with_protocol(SessionProtocol::TsServer);
        let text = serde_json::to_string(&new).unwrap();
        assert_eq!(
            serde_json::from_str::<SessionDiagnostics>(&text).unwrap(),
            new
        );
    }

    #[test]
    fn a_reach_request_without_the_previous_text_still_reads() {
        let old: ReachRequest = serde_json::from_str(r#"{"file": "a.ts", "text": "x"}"#).unwrap();
        assert_eq!(old.previous, None);
        let new = ReachRequest::new("a.ts", Some("x".into())).with_previous(Some("y".into()));
        let text = serde_json::to_string(&new).unwrap();
        assert_eq!(serde_json::from_str::<ReachRequest>(&text).unwrap(), new);
        // Absent rather than null, so an older adapter sees the request it knows.
        let none = serde_json::to_string(&ReachRequest::new("a.ts", None)).unwrap();
        assert!(!none.contains("previous"), "{none}");
    }
}
