//! `signalint hook`: the command an agent client runs after every edit. It reads the client's
//! hook payload on stdin, checks the edited files (in the running `signalint mcp`'s warm
//! session when one serves the project, else here, incrementally, like `check --files`), and
//! exits with 2 only for errors this edit introduced, with a short report on stderr (Claude
//! Code shows a PostToolUse hook's stderr to the model on exit 2). Everything else, including a
//! bad payload or a broken config, exits 0 with a note on stderr: a hook must never wedge the
//! agent.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use tokio_util::sync::CancellationToken;

use super::check::{Load, block_on, context_loading};
use super::{Cli, exit};
use crate::changed::ChangedLines;
use crate::check::{ResponseOptions, Scope, Session};
use crate::config::Config;
use crate::core::Snapshot;
use crate::core::{CheckResponse, EngineState};
use crate::hook::endpoint::{self, AskError};
use crate::hook::payload::{self, MAX_PAYLOAD_BYTES};
use crate::hook::{Reported, introduced_on_changed_lines, judge};
use crate::runner::Runner;
use crate::state::StateDir;

/// The exit code that makes Claude Code show stderr to the model.
const BLOCK: u8 = 2;

/// How long the hook waits for the running `signalint mcp` (Claude Code stops a hook after
/// 60 s unless its entry says otherwise).
const WARM_TIMEOUT: Duration = Duration::from_secs(50);

/// Most bytes of `git diff` output read to judge first-seen files.
const GIT_OUTPUT_CAP: usize = 64 << 20;

#[derive(Debug, Args)]
pub struct HookArgs {
    /// Read the payload from this file instead of stdin (to try a hook by hand).
    #[arg(long, value_name = "FILE")]
    payload: Option<PathBuf>,
}

pub fn run(cli: &Cli, args: &HookArgs) -> u8 {
    match hook(cli, args) {
        Ok(code) => code,
        Err(note) => {
            stderr(&format!("signalint hook: {note}\n"));
            exit::CLEAN
        }
    }
}

fn hook(cli: &Cli, args: &HookArgs) -> Result<u8, String> {
    let text = read_payload(args.payload.as_deref())?;
    let edit = payload::parse(&text).map_err(|e| e.to_string())?;
    if edit.files.is_empty() {
        return Ok(exit::CLEAN);
    }
    let root = project_root(cli, edit.cwd.as_deref())?;
    let base = edit.cwd.clone().unwrap_or_else(|| root.clone());
    let mut raw = Vec::new();
    for file in &edit.files {
        match relative_file(&root, &base, file) {
            Ok(Some(relative)) => raw.push(relative),
            Ok(None) => {}
            Err(note) => stderr(&format!("signalint hook: {note}\n")),
        }
    }
    if raw.is_empty() {
        return Ok(exit::CLEAN);
    }
    let files = crate::paths::validate_all(&root, &raw).map_err(|e| e.to_string())?;
    // What the checks knew before this one: files outside it are judged by git's diff.
    let known = StateDir::new(&root).load_snapshots().memory;
    match endpoint::ask(&root, &files, WARM_TIMEOUT) {
        Ok(Some(response)) => {
            tracing::info!("checked by the running signalint mcp");
            return Ok(answer(&root, &files, &known, response));
        }
        Ok(None) => {}
        Err(AskError::TimedOut(after)) => {
            return Err(format!(
                "the running signalint mcp did not answer within {} s (a long check is under \
                 way); not checked",
                after.as_secs()
            ));
        }
        Err(AskError::Failed(e)) => {
            tracing::info!("the running signalint mcp did not answer ({e}); checking here");
        }
    }
    // The server checks with its own config; only a check here needs this one.
    let config = Config::discover(&root, cli.config.as_deref()).map_err(|e| e.to_string())?;
    let dirs = crate::plugins::plugin_dirs(&config.plugins.path, &root, cli.allow_project_plugins);
    if let Some(missing) = crate::plugins::missing_installation(&dirs) {
        return Err(missing);
    }
    let context = context_loading(cli, root.clone(), config, Load::ForCheck);
    let mut session = Session::open(context);
    let options = ResponseOptions {
        cursor: None,
        page_size: usize::MAX,
        include_issues: true,
        since: None,
    };
    let scope = Scope::Files {
        files: files.clone(),
    };
    let response = block_on(session.check(&scope, &options, &CancellationToken::new(), None));
    Ok(answer(&root, &files, &known, response))
}

/// The lines the work tree changed since `HEAD`, untracked files whole; `None` outside a git
/// repository or before its first commit.
fn changed_since_head(root: &Path) -> Option<ChangedLines> {
    let runner = Runner::new(1, GIT_OUTPUT_CAP);
    block_on(crate::changed::since(&runner, root, "HEAD"))
        .map_err(|e| tracing::info!("no git diff to judge first-seen files by: {e}"))
        .ok()
}

/// Judges the check under the state's lock, remembers what is reported, and says it. `known`
/// is the snapshot before the check: in files it did not cover, the errors on lines changed
/// since `HEAD` are the ones this edit introduced.
fn answer(root: &Path, files: &[String], known: &Snapshot, mut response: CheckResponse) -> u8 {
    let mut issues = response.issues.take().unwrap_or_default();
    let mut no_diff = false;
    if issues.iter().any(|i| !known.knows(&i.file)) {
        let changed = changed_since_head(root);
        no_diff = changed.is_none();
        introduced_on_changed_lines(&mut issues, known, changed.as_ref());
    }
    let issues = issues.as_slice();
    let state = StateDir::new(root);
    let lock = state
        .lock()
        .map_err(|e| tracing::warn!("what the hook reports will not be remembered: {e}"))
        .ok();
    let reported = Reported::load(&state);
    let verdict = judge(issues, &reported, files);
    if lock.is_some()
        && let Err(e) = verdict.next.save(&state)
    {
        tracing::warn!("what the hook reports will not be remembered: {e}");
    }
    drop(lock);

    let mut notes = String::new();
    for (id, status) in response.engines.iter().chain(&response.rule_packs) {
        if status.status == EngineState::Error {
            let message = status.message.as_deref().unwrap_or("failed");
            let first = message.lines().next().unwrap_or_default();
            notes.push_str(&format!("signalint hook: {id} did not run: {first}\n"));
        }
    }
    if no_diff {
        let errors = issues
            .iter()
            .filter(|i| i.severity == crate::core::IssueSeverity::Error && !known.knows(&i.file))
            .count();
        if errors > 0 {
            notes.push_str(&format!(
                "signalint hook: first check of {} and no git diff to compare with; its \
                 {errors} error(s) are taken as they are, later edits are compared with them\n",
                files.join(", ")
            ));
        }
    }
    let touches_edit = |warning: &crate::core::LoopWarning| {
        warning.files.is_empty() || warning.files.iter().any(|f| files.contains(f))
    };
    let loop_warning = response.loop_warning.as_ref().filter(|w| touches_edit(w));
    if verdict.blocking.is_empty() {
        if let Some(warning) = loop_warning {
            notes.push_str(&crate::render::hook::loop_line(warning));
        }
        stderr(&notes);
        return exit::CLEAN;
    }
    notes.push_str(&crate::render::hook::new_errors(
        &verdict.blocking,
        loop_warning,
    ));
    stderr(&notes);
    BLOCK
}

/// The project: `--root`, else the directory the client names as the project
/// (`CLAUDE_PROJECT_DIR`), else the payload's `cwd`, else the current directory.
fn project_root(cli: &Cli, cwd: Option<&Path>) -> Result<PathBuf, String> {
    let root = match (&cli.root, std::env::var_os("CLAUDE_PROJECT_DIR"), cwd) {
        (Some(root), _, _) => root.clone(),
        (None, Some(dir), _) if !dir.is_empty() => PathBuf::from(dir),
        (None, _, Some(cwd)) => cwd.to_owned(),
        _ => std::env::current_dir()
            .map_err(|e| format!("cannot read the current directory: {e}"))?,
    };
    root.canonicalize()
        .map_err(|e| format!("project root {}: {e}", root.display()))
}

/// An edited file relative to the root; `None` for a file that is gone (a deleted file has
/// nothing to check), an error for one outside the project.
fn relative_file(root: &Path, base: &Path, file: &Path) -> Result<Option<String>, String> {
    let absolute = if file.is_absolute() {
        file.to_owned()
    } else {
        base.join(file)
    };
    let Ok(real) = absolute.canonicalize() else {
        return Ok(None);
    };
    match real.strip_prefix(root) {
        Ok(relative) => Ok(Some(relative.to_string_lossy().into_owned())),
        Err(_) => Err(format!(
            "{} is outside the project {}; not checked",
            file.display(),
            root.display()
        )),
    }
}

/// The payload, from `--payload` or stdin, bounded.
fn read_payload(file: Option<&Path>) -> Result<String, String> {
    let mut bytes = Vec::new();
    let limit = MAX_PAYLOAD_BYTES as u64 + 1;
    let read = match file {
        Some(path) => std::fs::File::open(path)
            .and_then(|f| f.take(limit).read_to_end(&mut bytes))
            .map_err(|e| format!("cannot read {}: {e}", path.display())),
        None => std::io::stdin()
            .lock()
            .take(limit)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read the hook payload on stdin: {e}")),
    };
    read?;
    if bytes.len() > MAX_PAYLOAD_BYTES {
        return Err(format!(
            "the hook payload is over {} MiB; not checked",
            MAX_PAYLOAD_BYTES >> 20
        ));
    }
    String::from_utf8(bytes).map_err(|_| "the hook payload is not UTF-8 text; not checked".into())
}

/// Writes to stderr, where a hook's report goes.
fn stderr(text: &str) {
    if text.is_empty() {
        return;
    }
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
    let _ = err.flush();
}
