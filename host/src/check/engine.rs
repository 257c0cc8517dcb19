//! Running one engine: resolve its tool, plan, run every invocation, parse, convert positions.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use signalint_plugin_api::{
    Diagnostic, EngineScope, Invocation, ParseOutcome, ParseRequest, Plan, PlanRequest, ReportFile,
    Severity, methods,
};
use tokio_util::sync::CancellationToken;

use super::positions::SourceText;
use super::{Context, EnginePlan, project_relative, tsconfig};
use crate::cache::{self, Cache, ConfigHasher, Shard};
use crate::config::options_json;
use crate::core::{Coverage, EngineStatus, IssueInput, IssueSeverity};
use crate::runner::{self, Ending};
use crate::toolchain::{self, ToolProblem};

/// What one engine produced.
pub(crate) struct EngineOutcome {
    pub status: EngineStatus,
    pub issues: Vec<IssueInput>,
    pub rechecked: Option<Coverage>,
}

impl EngineOutcome {
    fn status_only(status: EngineStatus) -> Self {
        Self {
            status,
            issues: Vec::new(),
            rechecked: None,
        }
    }
}

/// The scratch directory engines may write to: `.signalint/work/<engine>`.
pub(crate) fn work_dir(root: &Path, engine: &str) -> PathBuf {
    root.join(".signalint").join("work").join(engine)
}

pub(crate) async fn run_engine(
    context: &Context,
    plan: &EnginePlan,
    files: &[String],
    cancel: &CancellationToken,
) -> EngineOutcome {
    let started = Instant::now();
    let manifest = plan.plugin.manifest();
    let info = manifest
        .engine
        .as_ref()
        .expect("checked when the plugin loaded");
    let engine_config = context.config.engines.get(&plan.id);

    let override_path = engine_config.and_then(|e| e.tool.as_deref());
    let managed = &context.toolchain;
    let mut resolved = toolchain::resolve(
        &info.tool,
        override_path,
        &context.root,
        managed.root_if_installed(),
        &context.runner,
    )
    .await;
    if let Err(ToolProblem::NotFound { .. }) = &resolved
        && override_path.is_none()
        && !info.tool.npm_packages.is_empty()
        && managed.root_if_installed().is_none()
    {
        match managed.ensure(&context.runner).await {
            Ok(root) => {
                resolved = toolchain::resolve(
                    &info.tool,
                    None,
                    &context.root,
                    Some(root),
                    &context.runner,
                )
                .await;
            }
            Err(e) => tracing::warn!("{e}"),
        }
    }
    let resolution = match resolved {
        Ok(resolution) => resolution,
        Err(problem @ ToolProblem::NotFound { .. }) if !plan.explicit => {
            return EngineOutcome::status_only(EngineStatus::disabled(problem.to_string()));
        }
        Err(problem) => {
            return EngineOutcome::status_only(EngineStatus::error(problem.to_string()));
        }
    };

    let relevant: Vec<String> = files
        .iter()
        .filter(|file| {
            Path::new(file)
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|ext| info.extensions.iter().any(|x| x.eq_ignore_ascii_case(ext)))
        })
        .cloned()
        .collect();
    // A whole-program engine needs the whole tree (its inputs, and for tsc its tsconfigs):
    // walk it once for everything below.
    let tree = (info.scope == EngineScope::WholeProgram || manifest.id == "tsc").then(|| {
        super::project_files(
            &context.root,
            &[".".to_owned()],
            &context.config.check.ignore,
        )
    });
    let programs = (manifest.id == "tsc")
        .then(|| tsconfig::discover_in(&context.root, tree.as_deref().unwrap_or_default()));
    if manifest.id == "tsc"
        && !has_user_tsconfigs(engine_config)
        && programs.as_ref().is_some_and(Vec::is_empty)
    {
        let mut status = EngineStatus::disabled("no tsconfig.json in the project");
        status.version = Some(resolution.tool.version.clone());
        return EngineOutcome::status_only(status);
    }

    // Cache lookups: a file-local engine runs only on the files whose result is not cached; a
    // whole-program engine runs only when an input of its program changed.
    let options = adapter_options(engine_config, programs.as_deref());
    let mut cache = Cache::new(&context.root).shard(&plan.id);
    let identity = engine_identity(plan, &resolution, engine_config, &options);
    let mut cached_issues: Vec<IssueInput> = Vec::new();
    let mut misses: Vec<(String, Option<String>)> = Vec::new();
    let mut program_key = None;
    match info.scope {
        EngineScope::WholeProgram => {
            let inputs = program_inputs(tree.as_deref().unwrap_or_default(), &info.extensions);
            let key = cache::program_key(&identity, &context.root, &inputs);
            if let Some(issues) = cache.get(&key) {
                cache.save();
                return cached_outcome(issues, &resolution.tool.version, started, Coverage::All);
            }
            program_key = Some(key);
        }
        EngineScope::FileLocal => {
            let mut configs = ConfigHasher::new(&context.root, &info.config_files);
            for file in &relevant {
                let Ok(content) = std::fs::read(context.root.join(file)) else {
                    misses.push((file.clone(), None));
                    continue;
                };
                let key = cache::file_key(&identity, &configs.for_file(file), file, &content);
                match cache.get(&key) {
                    Some(issues) => cached_issues.extend(issues),
                    None => misses.push((file.clone(), Some(key))),
                }
            }
            if misses.is_empty() {
                cache.save();
                return cached_outcome(
                    cached_issues,
                    &resolution.tool.version,
                    started,
                    Coverage::files(relevant),
                );
            }
        }
    }
    let to_run: Vec<String> = match info.scope {
        EngineScope::WholeProgram => relevant.clone(),
        EngineScope::FileLocal => misses.iter().map(|(file, _)| file.clone()).collect(),
    };
    let work = work_dir(&context.root, &plan.id);
    if let Err(e) = std::fs::create_dir_all(&work) {
        return EngineOutcome::status_only(EngineStatus::error(format!(
            "cannot create {}: {e}",
            work.display()
        )));
    }
    let request = PlanRequest {
        project_root: context.root.to_string_lossy().into_owned(),
        tool: resolution.tool.clone(),
        files: to_run,
        // A whole-program engine always checks every program, so its result does not depend on
        // which files were asked about (and can be cached by its inputs alone). A file-local
        // engine always gets the explicit list of cache misses, walked with the project's
        // ignores, never "the whole directory".
        whole_project: info.scope == EngineScope::WholeProgram,
        extra_args: engine_config.map(|e| e.args.clone()).unwrap_or_default(),
        options,
        work_dir: work.to_string_lossy().into_owned(),
    };
    let plugin = plan.plugin.clone();
    let planned =
        tokio::task::spawn_blocking(move || plugin.call::<_, Plan>(methods::PLAN, &request)).await;
    let invocations = match planned {
        Ok(Ok(plan)) => plan.invocations,
        Ok(Err(e)) => return EngineOutcome::status_only(EngineStatus::error(e.to_string())),
        Err(e) => {
            return EngineOutcome::status_only(EngineStatus::error(format!(
                "planning failed: {e}"
            )));
        }
    };

    let timeout = context.config.engine_timeout(&plan.id);
    let mut runs = tokio::task::JoinSet::new();
    for (index, invocation) in invocations.into_iter().enumerate() {
        let context = context.clone();
        let cancel = cancel.clone();
        let plugin = plan.plugin.clone();
        let id = plan.id.clone();
        runs.spawn(async move {
            (
                index,
                run_invocation(&context, &id, &plugin, invocation, timeout, &cancel).await,
            )
        });
    }
    let mut results = Vec::new();
    while let Some(joined) = runs.join_next().await {
        if let Ok(result) = joined {
            results.push(result);
        }
    }
    results.sort_by_key(|(index, _)| *index);

    let mut failures = Vec::new();
    let mut skipped = 0;
    let mut diagnostics: Vec<(PathBuf, Diagnostic)> = Vec::new();
    let mut covered: Vec<String> = Vec::new();
    for (_, result) in results {
        match result {
            Ok((invocation, outcome)) => {
                skipped += outcome.skipped_records;
                if let Some(failure) = outcome.failure {
                    failures.push(failure);
                }
                let cwd = invocation
                    .cwd
                    .map(PathBuf::from)
                    .unwrap_or_else(|| context.root.clone());
                diagnostics.extend(outcome.diagnostics.into_iter().map(|d| (cwd.clone(), d)));
                covered.extend(invocation.covers);
            }
            Err(failure) => failures.push(failure),
        }
    }

    let mut issues = to_issues(&context.root, &plan.id, diagnostics);
    if failures.is_empty() {
        store(&mut cache, program_key.as_deref(), &misses, &issues);
    }
    cache.save();
    let missed: std::collections::HashSet<&str> = misses.iter().map(|(f, _)| f.as_str()).collect();
    covered.extend(
        relevant
            .iter()
            .filter(|f| !missed.contains(f.as_str()))
            .cloned(),
    );
    issues.extend(cached_issues);
    let mut status = if failures.is_empty() {
        EngineStatus::ok()
    } else {
        EngineStatus::error(failures.join("; "))
    };
    status.version = Some(resolution.tool.version.clone());
    status.issue_count = Some(issues.len());
    status.skipped_records = (skipped > 0).then_some(skipped);
    status.duration_ms = Some(started.elapsed().as_millis() as u64);
    let rechecked = match info.scope {
        EngineScope::WholeProgram => Coverage::All,
        EngineScope::FileLocal => Coverage::files(if failures.is_empty() {
            relevant
        } else {
            covered
        }),
    };
    EngineOutcome {
        status,
        issues,
        rechecked: Some(rechecked),
    }
}

/// Everything that makes one engine's results differ for the same input.
fn engine_identity(
    plan: &EnginePlan,
    resolution: &toolchain::Resolution,
    engine_config: Option<&crate::config::EngineConfig>,
    options: &serde_json::Value,
) -> String {
    let manifest = plan.plugin.manifest();
    let args = engine_config
        .map(|e| e.args.join("\u{1f}"))
        .unwrap_or_default();
    format!(
        "{}\u{1e}{}\u{1e}{}\u{1e}{}\u{1e}{}\u{1e}{args}\u{1e}{options}",
        plan.id,
        manifest.id,
        manifest.version,
        resolution.tool.version,
        resolution.location.display()
    )
}

/// The files a whole program reads, as far as the host can tell without the compiler: every
/// project file with one of the engine's extensions, JSON files (tsconfigs, package manifests,
/// imported JSON) and the lockfiles that change when dependencies (and their declarations) do.
fn program_inputs(tree: &[String], extensions: &[String]) -> Vec<String> {
    let mut inputs: Vec<String> = tree
        .iter()
        .filter(|file| {
            Path::new(file)
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|ext| {
                    ext.eq_ignore_ascii_case("json")
                        || extensions.iter().any(|x| x.eq_ignore_ascii_case(ext))
                })
                || matches!(
                    Path::new(file).file_name().and_then(|n| n.to_str()),
                    Some("yarn.lock" | "pnpm-lock.yaml" | "bun.lockb")
                )
        })
        .cloned()
        .collect();
    inputs.push("node_modules/.package-lock.json".to_owned());
    inputs
}

/// A result served entirely from the cache: no process started.
fn cached_outcome(
    issues: Vec<IssueInput>,
    version: &str,
    started: Instant,
    coverage: Coverage,
) -> EngineOutcome {
    let mut status = EngineStatus::ok();
    status.version = Some(version.to_owned());
    status.issue_count = Some(issues.len());
    status.duration_ms = Some(started.elapsed().as_millis() as u64);
    EngineOutcome {
        status,
        issues,
        rechecked: Some(coverage),
    }
}

/// Stores a successful run's results: the whole program's, or each checked file's (an empty
/// list for a file without issues, so it is a hit next time).
fn store(
    cache: &mut Shard,
    program_key: Option<&str>,
    misses: &[(String, Option<String>)],
    issues: &[IssueInput],
) {
    match program_key {
        Some(key) => cache.put(key, issues),
        None => {
            let mut by_file: HashMap<&str, Vec<IssueInput>> = HashMap::new();
            for issue in issues {
                by_file
                    .entry(issue.file.as_str())
                    .or_default()
                    .push(issue.clone());
            }
            for (file, key) in misses {
                if let Some(key) = key {
                    cache.put(
                        key,
                        by_file
                            .get(file.as_str())
                            .map(Vec::as_slice)
                            .unwrap_or_default(),
                    );
                }
            }
        }
    }
}

/// The adapter's options: the config's table, plus the programs the host found for tsc.
fn adapter_options(
    engine_config: Option<&crate::config::EngineConfig>,
    programs: Option<&[tsconfig::Program]>,
) -> serde_json::Value {
    let options = options_json(engine_config.and_then(|e| e.options.as_ref()));
    match programs {
        Some(programs) => tsconfig::with_programs(options, programs),
        None => options,
    }
}

fn has_user_tsconfigs(engine_config: Option<&crate::config::EngineConfig>) -> bool {
    engine_config
        .and_then(|e| e.options.as_ref())
        .is_some_and(|o| o.contains_key("tsconfigs"))
}

/// Whole-program runs that share a label (a tsconfig) share build info: one at a time.
fn program_lock(engine: &str, label: &str) -> std::sync::Arc<tokio::sync::Mutex<()>> {
    use std::sync::{Mutex, OnceLock};
    static LOCKS: OnceLock<Mutex<HashMap<String, std::sync::Arc<tokio::sync::Mutex<()>>>>> =
        OnceLock::new();
    let mut locks = LOCKS
        .get_or_init(Default::default)
        .lock()
        .expect("program locks");
    locks
        .entry(format!("{engine}\0{label}"))
        .or_default()
        .clone()
}

/// Runs one invocation and parses its output. `Err` carries the message for the status.
async fn run_invocation(
    context: &super::Context,
    engine: &str,
    plugin: &std::sync::Arc<crate::plugins::PluginHandle>,
    invocation: Invocation,
    timeout: std::time::Duration,
    cancel: &CancellationToken,
) -> Result<(Invocation, ParseOutcome), String> {
    let cwd = invocation
        .cwd
        .as_ref()
        .map(PathBuf::from)
        .unwrap_or_else(|| context.root.clone());
    for report in &invocation.report_files {
        let _ = std::fs::remove_file(report);
    }
    let command = runner::Command {
        program: invocation.program.clone(),
        args: invocation.args.clone(),
        env: invocation.env.clone(),
        cwd,
        timeout,
    };
    let shown = command_line(&command);
    // Never two runs of one program at once: they would write the same build info.
    let program = (invocation.covers.is_empty() && !invocation.label.is_empty()).then(|| {
        program_lock(
            engine,
            &format!("{}:{}", context.root.display(), invocation.label),
        )
    });
    let _running = match &program {
        Some(lock) => Some(lock.lock().await),
        None => None,
    };
    let output = context
        .runner
        .run(&command, cancel)
        .await
        .map_err(|e| format!("{engine}: {e}"))?;
    match output.ending {
        Ending::TimedOut => {
            return Err(format!(
                "{engine} did not complete within {}s (`{shown}`)",
                timeout.as_secs()
            ));
        }
        Ending::Cancelled => return Err(format!("{engine} was cancelled")),
        Ending::Exited(_) | Ending::Signaled(_) => {}
    }
    let report_files: Vec<ReportFile> = invocation
        .report_files
        .iter()
        .map(|path| ReportFile {
            path: path.clone(),
            contents: read_capped(path, context.runner.output_cap()),
        })
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
    let request = ParseRequest {
        project_root: context.root.to_string_lossy().into_owned(),
        invocation: invocation.clone(),
        exit_code: output.exit_code(),
        stdout: output.stdout.clone(),
        stderr: output.stderr.clone(),
        truncated: overflow,
        report_files,
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

/// Converts engine diagnostics into core input: project-relative paths, UTF-16 columns, the
/// flagged line's text.
fn to_issues(
    root: &Path,
    engine: &str,
    diagnostics: Vec<(PathBuf, Diagnostic)>,
) -> Vec<IssueInput> {
    let mut sources: HashMap<String, Option<SourceText>> = HashMap::new();
    diagnostics
        .into_iter()
        .map(|(cwd, diagnostic)| {
            let file = diagnostic
                .file
                .as_deref()
                .map(|f| project_relative(root, &cwd, f))
                .unwrap_or_default();
            let source = if file.is_empty() {
                None
            } else {
                sources
                    .entry(file.clone())
                    .or_insert_with(|| {
                        std::fs::read_to_string(root.join(&file))
                            .ok()
                            .map(SourceText::new)
                    })
                    .as_ref()
            };
            let resolve = |position: Option<&signalint_plugin_api::Position>| {
                let position = position?;
                match source {
                    Some(source) => source.resolve(position).map(|r| (r.line, r.col)),
                    // Without the text only a UTF-16 position can be trusted as is.
                    None => (position.line > 0
                        && position.unit == signalint_plugin_api::ColumnUnit::Utf16)
                        .then_some((position.line, position.column)),
                }
            };
            let (line, col) = resolve(diagnostic.start.as_ref()).unwrap_or((0, 0));
            let end = resolve(diagnostic.end.as_ref());
            let line_text = source
                .map(|s| s.line_text(line).trim().to_owned())
                .unwrap_or_default();
            IssueInput {
                file,
                line,
                col,
                end_line: end.map(|e| e.0),
                end_col: end.map(|e| e.1),
                engine: engine.to_owned(),
                rule: diagnostic.rule,
                severity: match diagnostic.severity {
                    Severity::Error => IssueSeverity::Error,
                    Severity::Warning | Severity::Info | Severity::Hint => IssueSeverity::Warning,
                },
                message: diagnostic.message,
                fixable: !diagnostic.fixes.is_empty(),
                help: diagnostic.help,
                url: diagnostic.url,
                line_text,
            }
        })
        .collect()
}
