//! One engine's invocations: run each (timeout, process-group kill, output cap, report files
//! read back), hand its output to the adapter's `parse`, and gather the results.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use signalint_plugin_api::{
    Diagnostic, Invocation, ParseOutcome, ParseRequest, ReportFile, methods,
};
use tokio_util::sync::CancellationToken;

use super::{Context, positions};
use crate::plugins::PluginHandle;
use crate::runner::{self, Demotion, Ending};

/// Runs of one program (one label of an exclusive engine) share build state: one at a time.
fn program_lock(engine: &str, label: &str) -> Arc<tokio::sync::Mutex<()>> {
    use std::sync::{Mutex, OnceLock};
    static LOCKS: OnceLock<Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>> = OnceLock::new();
    let mut locks = LOCKS
        .get_or_init(Default::default)
        .lock()
        .expect("program locks");
    locks
        .entry(format!("{engine}\0{label}"))
        .or_default()
        .clone()
}

/// How to run one engine's invocations.
#[derive(Clone)]
pub(crate) struct Run {
    pub engine: String,
    pub plugin: Arc<PluginHandle>,
    pub timeout: Duration,
    pub niceness: i32,
    pub demotion: Option<Demotion>,
    /// Runs of one program (one label) wait for each other.
    pub exclusive: bool,
    /// The runs compute the fixes a check leaves out ([`ParseRequest::fixes`]).
    pub fixes: bool,
}

/// What an engine's invocations produced together.
#[derive(Default)]
pub(crate) struct Ran {
    pub failures: Vec<String>,
    pub skipped: u32,
    /// Each with the directory its path is relative to and the programs (run labels) that
    /// reported it.
    pub diagnostics: Vec<(PathBuf, Diagnostic, Vec<String>)>,
    /// The files the runs that completed re-checked.
    pub covered: Vec<String>,
}

/// Runs every invocation side by side and gathers what they produced, in plan order. A
/// diagnostic whose position the host cannot place (a column unit of a newer plugin API) is
/// dropped and counted, with a failure that says so.
pub(crate) async fn run_all(
    context: &Context,
    run: &Run,
    invocations: Vec<Invocation>,
    cancel: &CancellationToken,
) -> Ran {
    let mut results = run_side_by_side(context, run, invocations, cancel).await;
    // The runs the outputs asked for, once: a follow-up's own follow-ups are not run.
    let follow_ups: Vec<Invocation> = results
        .iter_mut()
        .filter_map(|result| result.as_mut().ok())
        .flat_map(|(_, outcome)| std::mem::take(&mut outcome.follow_ups))
        .collect();
    if !follow_ups.is_empty() {
        results.extend(run_side_by_side(context, run, follow_ups, cancel).await);
    }

    let mut ran = Ran::default();
    let mut unplaceable = 0;
    let mut reported: Vec<(PathBuf, Diagnostic, String)> = Vec::new();
    for result in results {
        let (invocation, outcome) = match result {
            Ok(done) => done,
            Err(failure) => {
                ran.failures.push(failure);
                continue;
            }
        };
        ran.skipped += outcome.skipped_records;
        ran.failures.extend(outcome.failure);
        let cwd = invocation
            .cwd
            .map(PathBuf::from)
            .unwrap_or_else(|| context.root.clone());
        for diagnostic in outcome.diagnostics {
            let placeable = [diagnostic.start, diagnostic.end]
                .iter()
                .flatten()
                .all(positions::placeable);
            if placeable {
                reported.push((cwd.clone(), diagnostic, invocation.label.clone()));
            } else {
                unplaceable += 1;
            }
        }
        ran.covered.extend(invocation.covers);
    }
    // Programs overlap: a finding several of them report is one.
    ran.diagnostics = super::once::once(reported);
    if unplaceable > 0 {
        ran.skipped += unplaceable;
        ran.failures.push(format!(
            "{unplaceable} diagnostics of {} count columns in a unit this signalint does not know \
             (a newer plugin API); they were dropped: update signalint",
            run.engine
        ));
    }
    ran
}

/// Runs invocations side by side; their results in the given order.
async fn run_side_by_side(
    context: &Context,
    run: &Run,
    invocations: Vec<Invocation>,
    cancel: &CancellationToken,
) -> Vec<Result<(Invocation, ParseOutcome), String>> {
    let mut runs = tokio::task::JoinSet::new();
    for (index, invocation) in invocations.into_iter().enumerate() {
        let (context, run, cancel) = (context.clone(), run.clone(), cancel.clone());
        runs.spawn(async move {
            let result = run_invocation(&context, &run, invocation, &cancel).await;
            (index, result)
        });
    }
    let mut results = Vec::new();
    while let Some(joined) = runs.join_next().await {
        if let Ok(result) = joined {
            results.push(result);
        }
    }
    results.sort_by_key(|(index, _)| *index);
    results.into_iter().map(|(_, result)| result).collect()
}

/// The text of the project file an invocation reads on stdin: inside the root only (no
/// symlink out of it), at most `cap` bytes.
fn stdin_text(root: &std::path::Path, file: &str, cap: usize) -> Result<String, String> {
    let inside = root
        .canonicalize()
        .and_then(|root| Ok((root.join(file).canonicalize()?, root)))
        .map_err(|e| format!("cannot read {file}: {e}"))?;
    let (path, root) = inside;
    if !path.starts_with(&root) {
        return Err(format!(
            "{file} resolves outside the project root ({}); it is not read",
            path.display()
        ));
    }
    read_capped(&path.to_string_lossy(), cap)
        .ok_or_else(|| format!("cannot read {file} (not a readable file)"))
}

/// Why a run must not write `path` (absolute, or relative to `root`), or `None` when it may:
/// the path leaves the root, or it or a directory between the root and it is a symbolic link
/// (a cloned repository can commit one pointing at any file of the user's).
fn unsafe_write(root: &std::path::Path, path: &str) -> Option<String> {
    use std::path::{Component, Path, PathBuf};
    let root = root.canonicalize().unwrap_or_else(|_| root.to_owned());
    let joined = root.join(path);
    let mut normal = PathBuf::new();
    for component in joined.components() {
        match component {
            Component::ParentDir => {
                normal.pop();
            }
            Component::CurDir => {}
            other => normal.push(other),
        }
    }
    let Ok(relative) = normal.strip_prefix(&root) else {
        return Some(format!(
            "it would write {} (a path its config gives), which resolves outside the project root",
            normal.display()
        ));
    };
    let mut at = root.clone();
    for part in relative.components() {
        at.push(part);
        let Ok(meta) = std::fs::symlink_metadata(&at) else {
            return None; // nothing exists from here on: the run creates it
        };
        if meta.file_type().is_symlink() {
            let shown = at.strip_prefix(&root).unwrap_or(&at).display().to_string();
            let target = std::fs::read_link(&at)
                .map(|t| format!(" (to {})", t.display()))
                .unwrap_or_default();
            let inside = if Path::new(&at) == normal.as_path() {
                String::new()
            } else {
                format!(" inside {shown}")
            };
            return Some(format!(
                "it would write {} (a path its config gives){inside}, which is a symbolic \
                 link{target}; writing through it could change a file outside the project. \
                 Remove the link if the repository should not have it",
                relative.display()
            ));
        }
    }
    None
}

/// Runs one invocation and parses its output. `Err` carries the message for the status.
async fn run_invocation(
    context: &Context,
    run: &Run,
    invocation: Invocation,
    cancel: &CancellationToken,
) -> Result<(Invocation, ParseOutcome), String> {
    let Run {
        ref engine,
        ref plugin,
        timeout,
        niceness,
        ref demotion,
        exclusive,
        fixes,
    } = *run;
    let cwd = invocation
        .cwd
        .as_ref()
        .map(PathBuf::from)
        .unwrap_or_else(|| context.root.clone());
    // A file the run writes in the project must not be a link a repository planted.
    if let Some(refusal) = invocation
        .writes
        .iter()
        .find_map(|path| unsafe_write(&context.root, path))
    {
        let label = if invocation.label.is_empty() {
            invocation.program.as_str()
        } else {
            invocation.label.as_str()
        };
        return Err(format!("{engine} was not run for {label}: {refusal}"));
    }
    let stdin = match &invocation.stdin_file {
        Some(file) => Some(
            stdin_text(&context.root, file, context.runner.output_cap())
                .map_err(|e| format!("{engine}: {e}"))?,
        ),
        None => None,
    };
    for report in &invocation.report_files {
        let _ = std::fs::remove_file(report);
    }
    let command = runner::Command {
        program: invocation.program.clone(),
        args: invocation.args.clone(),
        env: invocation.env.clone(),
        cwd,
        timeout,
        niceness,
        demotion: demotion.clone(),
        stdin: stdin.as_ref().map(|text| text.clone().into_bytes()),
    };
    let shown = command_line(&command);
    // Never two runs of one program at once: they would write the same build info.
    let program = (exclusive && !invocation.label.is_empty()).then(|| {
        program_lock(
            engine,
            &format!("{}:{}", context.root.display(), invocation.label),
        )
    });
    let _running = match &program {
        Some(lock) => Some(lock.lock().await),
        None => None,
    };
    // What the run must write in the project is removed when it ends.
    let absent = super::undo_writes::absent(&context.root, &invocation.writes);
    let output = context.runner.run(&command, cancel).await;
    super::undo_writes::undo(absent);
    let output = output.map_err(|e| format!("{engine}: {e}"))?;
    match output.ending {
        Ending::TimedOut => {
            return Err(format!(
                "{engine} did not complete within {}s (`{shown}`)",
                timeout.as_secs()
            ));
        }
        Ending::Cancelled => return Err(format!("{engine} was cancelled")),
        Ending::Exited(_) | Ending::Signaled(_) | Ending::OutputExceeded => {}
    }
    let report_files: Vec<ReportFile> = invocation
        .report_files
        .iter()
        .map(|path| ReportFile::new(path, read_capped(path, context.runner.output_cap())))
        .collect();
    for report in &invocation.report_files {
        let _ = std::fs::remove_file(report);
    }
    let overflow = output.truncated
        || report_files.iter().any(|r| {
            r.contents
                .as_ref()
                .is_some_and(|c| c.len() >= context.runner.output_cap())
        });
    let request = ParseRequest::new(
        context.root.to_string_lossy(),
        invocation.clone(),
        output.exit_code(),
    )
    .with_stdout(output.stdout.clone())
    .with_stderr(output.stderr.clone())
    .with_truncated(overflow)
    .with_report_files(report_files)
    .with_fixes(fixes);
    let request = match stdin {
        Some(text) => request.with_stdin(text),
        None => request,
    };
    let plugin = plugin.clone();
    let parsed = tokio::task::spawn_blocking(move || {
        plugin.call::<_, ParseOutcome>(methods::PARSE, &request)
    })
    .await
    .map_err(|e| format!("{engine}: parsing failed: {e}"))?;
    let mut outcome = parsed.map_err(|e| e.to_string())?;
    // A crashed tool's output is incomplete, whatever the adapter made of it.
    if let Ending::Signaled(signal) = output.ending {
        let crash = format!(
            "{engine} was killed by signal {signal} ({})",
            runner::signal_name(signal)
        );
        outcome.failure = Some(match outcome.failure.take() {
            Some(failure) => format!("{failure}; {crash}"),
            None => crash,
        });
    }
    if overflow {
        let limit = context.runner.output_cap() / (1024 * 1024);
        outcome.failure = Some(format!("{engine} output exceeded the {limit} MiB limit"));
    } else if let Some(failure) = &mut outcome.failure {
        let tail = output.stderr_tail(5);
        if !tail.is_empty() && !failure.contains(tail.lines().last().unwrap_or_default()) {
            failure.push_str(&format!("; stderr: {tail}"));
        }
        failure.push_str(&format!(" (`{shown}`)"));
    }
    Ok((invocation, outcome))
}

fn read_capped(path: &str, cap: usize) -> Option<String> {
    use std::io::Read;
    let file = std::fs::File::open(path).ok()?;
    let mut bytes = Vec::new();
    file.take(cap as u64).read_to_end(&mut bytes).ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// A shortened command line for messages.
fn command_line(command: &runner::Command) -> String {
    let mut parts = vec![command.program.clone()];
    parts.extend(command.args.iter().take(8).cloned());
    if command.args.len() > 8 {
        parts.push(format!("… {} more", command.args.len() - 8));
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::unsafe_write;

    #[test]
    fn writes_through_links_or_out_of_the_root_are_refused() {
        let outside = tempfile::tempdir().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join("packages/a")).unwrap();
        std::os::unix::fs::symlink(
            outside.path().join("bashrc"),
            root.join("packages/a/tsconfig.tsbuildinfo"),
        )
        .unwrap();
        std::os::unix::fs::symlink(outside.path(), root.join("linked")).unwrap();
        let link = unsafe_write(&root, "packages/a/tsconfig.tsbuildinfo").unwrap();
        assert!(
            link.starts_with(
                "it would write packages/a/tsconfig.tsbuildinfo (a path its config gives), \
                 which is a symbolic link (to "
            ),
            "{link}"
        );
        let parent = unsafe_write(
            &root,
            &format!("{}/linked/out/x.tsbuildinfo", root.display()),
        )
        .unwrap();
        assert!(
            parent.contains("(a path its config gives) inside linked, which is a symbolic link"),
            "{parent}"
        );
        let out = unsafe_write(&root, "../x.tsbuildinfo").unwrap();
        assert!(out.contains("it would write"), "{out}");
        assert!(out.contains("resolves outside the project root"), "{out}");
        assert_eq!(
            unsafe_write(&root, "packages/a/out/tsconfig.tsbuildinfo"),
            None
        );
        assert_eq!(unsafe_write(&root, "packages/b/tsconfig.tsbuildinfo"), None);
        std::fs::write(root.join("packages/a/real.tsbuildinfo"), "{}").unwrap();
        assert_eq!(unsafe_write(&root, "packages/a/real.tsbuildinfo"), None);
    }
}
