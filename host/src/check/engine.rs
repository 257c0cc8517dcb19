//! Running one engine: resolve its tool, find its programs, look up the cache, plan, run
//! every invocation, convert positions, store. Each step lives with its subject (the cache
//! lookup in `cache`, the runs in `invocation`, positions in `positions`, tools in
//! `toolchain`); this module only orders them.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use signalint_plugin_api::{
    Diagnostic, EngineInfo, EngineScope, Plan, PlanRequest, PluginManifest, Program, methods,
};
use tokio_util::sync::CancellationToken;

use super::invocation::{self, Ran, Run};
use super::{Context, EngineObserver, EnginePlan, machine, positions, programs};
use crate::cache::{self, Cache, KeyInputs, Keys, Lookup, RunKeys, Shard};
use crate::config::{EngineConfig, options_json};
use crate::core::{Coverage, EngineStatus, IssueInput};
use crate::toolchain::{self, ToolProblem};

/// What one engine produced.
pub(crate) struct EngineOutcome {
    pub status: EngineStatus,
    pub issues: Vec<IssueInput>,
    pub rechecked: Option<Coverage>,
    /// Held back until the check has ended: a new persistent session's load, which would
    /// otherwise share the cores with the check's other engines.
    pub loads_after: Option<tokio_util::sync::DropGuard>,
}

impl EngineOutcome {
    fn status_only(status: EngineStatus) -> Self {
        Self {
            status,
            issues: Vec::new(),
            rechecked: None,
            loads_after: None,
        }
    }
}

/// The files of one check, shared by its engines.
#[derive(Debug, Clone, Default)]
pub(crate) struct CheckFiles {
    /// Project-relative files the check covers.
    pub files: Arc<Vec<String>>,
    /// Every project file, when `files` already is that (a check of the whole project).
    pub tree: Option<Arc<Vec<String>>>,
}

/// Runs one engine; `observer` hears a persistent engine's first results.
pub(crate) async fn run_engine(
    context: &Context,
    plan: &EnginePlan,
    check: &CheckFiles,
    cancel: &CancellationToken,
    observer: Option<&EngineObserver>,
) -> EngineOutcome {
    run(context, plan, check, cancel, observer)
        .await
        .unwrap_or_else(|status| EngineOutcome::status_only(*status))
}

/// An engine that stops before it runs, with its status.
type Stop = Box<EngineStatus>;

async fn run(
    context: &Context,
    plan: &EnginePlan,
    check: &CheckFiles,
    cancel: &CancellationToken,
    observer: Option<&EngineObserver>,
) -> Result<EngineOutcome, Stop> {
    let started = Instant::now();
    let manifest = plan.plugin.manifest();
    let info = engine_info(manifest)?;
    let engine_config = context.config.engines.get(&plan.id);
    let tool = resolve_tool(context, plan, info, engine_config).await?;
    let tool_note = tool.status_note(&context.root, &context.config.trust.command);
    let mut result = run_with(
        context,
        plan,
        check,
        (cancel, observer),
        (info, engine_config),
        tool,
        started,
    )
    .await;
    if let Some(note) = tool_note {
        match &mut result {
            Ok(outcome) => add_note(&mut outcome.status, note),
            Err(stop) => add_note(stop, note),
        }
    }
    result
}

/// Appends `note` to a status's message.
fn add_note(status: &mut EngineStatus, note: String) {
    status.message = Some(match status.message.take() {
        Some(message) => format!("{message}; {note}"),
        None => note,
    });
}

/// [`run`] once the engine's tool is known.
async fn run_with(
    context: &Context,
    plan: &EnginePlan,
    check: &CheckFiles,
    (cancel, observer): (&CancellationToken, Option<&EngineObserver>),
    (info, engine_config): (&EngineInfo, Option<&EngineConfig>),
    tool: toolchain::Resolution,
    started: Instant,
) -> Result<EngineOutcome, Stop> {
    let version = tool.tool.version.clone();
    tracing::debug!(engine = %plan.id, elapsed = ?started.elapsed(), "tool resolved");

    let relevant = Arc::new(with_extension(&check.files, &info.extensions));
    let tree = project_tree(context, check, info).await;
    let options = options_json(engine_config.and_then(|e| e.options.as_ref()));
    tracing::debug!(engine = %plan.id, elapsed = ?started.elapsed(), files = tree.len(), "tree walked");
    let programs = find_programs(context, plan, info, &tree, &options, &version).await?;
    tracing::debug!(engine = %plan.id, elapsed = ?started.elapsed(), "programs found");

    // A persistent engine answers from its warm session where the process keeps one, before
    // the cache: a result served from the cache would leave the session behind on the edits
    // (a revert), and the next check would pay for them.
    let mut one_shot_note = None;
    // A new session loads in the background once the check has ended.
    let mut loads_after = None;
    if context.warm.is_some() && info.persistent.is_some() {
        let request = plan_request(
            context,
            plan,
            info,
            &tool,
            &relevant,
            options.clone(),
            programs.clone(),
        )?;
        match warm_run(context, plan, info, &request, &tree, cancel, observer).await {
            Some(Ok((ran, note))) => {
                tracing::debug!(engine = %plan.id, elapsed = ?started.elapsed(), diagnostics = ran.diagnostics.len(), "warm answered");
                let issues = convert(context, plan, ran.diagnostics).await;
                tracing::debug!(engine = %plan.id, elapsed = ?started.elapsed(), "warm converted");
                let mut outcome = EngineOutcome {
                    status: EngineStatus::ok(),
                    rechecked: Some(coverage(info.scope, &relevant, None)),
                    issues,
                    loads_after: None,
                };
                outcome.status.version = Some(version.clone());
                outcome.status.issue_count = Some(outcome.issues.len());
                outcome.status.skipped_records = (ran.skipped > 0).then_some(ran.skipped);
                outcome.status.duration_ms = Some(started.elapsed().as_millis() as u64);
                outcome.status.message = note;
                return Ok(outcome);
            }
            Some(Err((why, guard))) => {
                one_shot_note = Some(why);
                loads_after = guard;
            }
            None => {}
        }
    }

    // A file-local engine runs only on the files whose result is not cached; a whole-program
    // engine runs only when an input of its program changed.
    let key_inputs = KeyInputs {
        root: context.root.clone(),
        identity: engine_identity(plan, &tool, engine_config, &options, &programs),
        scope: info.scope,
        config_files: info.config_files.clone(),
        relevant: relevant.clone(),
        program_inputs: Arc::new(match info.scope {
            EngineScope::WholeProgram => programs::inputs(&tree, info),
            _ => Vec::new(),
        }),
    };
    // The project's size, when this check walked all of it.
    let project_files = check
        .tree
        .as_ref()
        .map(|tree| tree.len())
        .or((!tree.is_empty()).then(|| tree.len()));
    let (shard, lookup) = look_up(context, &plan.id, &key_inputs, project_files).await?;
    let (cached, to_run, keys) = match lookup {
        Lookup::Hit(issues) => {
            cache::save(shard).await;
            let coverage = coverage(info.scope, &relevant, None);
            let mut outcome = cached_outcome(issues, &version, started, coverage);
            outcome.status.message = one_shot_note;
            outcome.loads_after = loads_after;
            return Ok(outcome);
        }
        Lookup::Run {
            cached,
            to_run,
            keys,
        } => (cached, to_run, keys),
    };
    tracing::debug!(engine = %plan.id, elapsed = ?started.elapsed(), to_run = to_run.len(), deferred = matches!(keys, Keys::Deferred(_)), "cache looked up");

    let request = plan_request(context, plan, info, &tool, &to_run, options, programs)?;
    // On a cold cache the keys are hashed while the engine runs.
    let keys = RunKeys::start(&key_inputs, keys);
    // A persistent engine answers from its warm session where the process keeps one.
    let planned = call_plan(plan, request).await?;
    tracing::debug!(engine = %plan.id, elapsed = ?started.elapsed(), "planned");
    let run = run_settings(context, plan, info);
    let mut ran = invocation::run_all(context, &run, planned.invocations, cancel).await;
    tracing::debug!(engine = %plan.id, elapsed = ?started.elapsed(), "ran and parsed");

    let diagnostics = std::mem::take(&mut ran.diagnostics);
    let mut issues =
        convert_and_store(context, plan, diagnostics, keys, &key_inputs, &ran, shard).await;
    tracing::debug!(engine = %plan.id, elapsed = ?started.elapsed(), "converted and stored");
    issues.extend(cached);
    let mut outcome = ran_outcome(
        info.scope, ran, issues, &relevant, &to_run, &version, started,
    );
    // What the plan left unchecked on purpose is stated, never silent.
    for note in one_shot_note.into_iter().chain(planned.notes) {
        add_note(&mut outcome.status, note);
    }
    outcome.loads_after = loads_after;
    Ok(outcome)
}

/// The engine's warm answer, as its runs would have given it, with the note for its status:
/// `None` where no session is kept (the CLI, an engine without the capability),
/// `Some(Err((why, guard)))` when this check runs one-shot instead (the guard, held until
/// the check ends, holds back a new session's load).
async fn warm_run(
    context: &Context,
    plan: &EnginePlan,
    info: &EngineInfo,
    request: &PlanRequest,
    tree: &[String],
    cancel: &CancellationToken,
    observer: Option<&EngineObserver>,
) -> Option<Result<(Ran, Option<String>), (String, Option<tokio_util::sync::DropGuard>)>> {
    let pool = context.warm.as_ref()?;
    if info.persistent.is_none() || info.scope != EngineScope::WholeProgram {
        return None;
    }
    let early = observer.map(|observer| {
        let observer = observer.clone();
        move |early: crate::warm::Early| observer(early.into())
    });
    let warm = crate::warm::Request {
        root: &context.root,
        runner: &context.runner,
        engine: &plan.id,
        plugin: &plan.plugin,
        info,
        plan: request,
        tree,
        timeout: context.config.engine_timeout(&plan.id),
        cancel,
        early: early
            .as_ref()
            .map(|sink| sink as crate::warm::EarlySink<'_>),
    };
    Some(match pool.check(&warm).await {
        crate::warm::Outcome::Answered(answer) => Ok((
            Ran {
                skipped: answer.skipped,
                // The session reports each diagnostic once, from one program or another.
                diagnostics: answer
                    .diagnostics
                    .into_iter()
                    .map(|(cwd, diagnostic)| (cwd, diagnostic, Vec::new()))
                    .collect(),
                ..Ran::default()
            },
            Some(answer.note),
        )),
        crate::warm::Outcome::OneShot(why) => Err((why, None)),
        crate::warm::Outcome::Loading(why, guard) => Err((why, Some(guard))),
    })
}

/// How the engine's invocations run: its timeout and priorities, and whether runs of one
/// program wait for each other.
fn run_settings(context: &Context, plan: &EnginePlan, info: &EngineInfo) -> Run {
    Run {
        engine: plan.id.clone(),
        plugin: plan.plugin.clone(),
        timeout: context.config.engine_timeout(&plan.id),
        niceness: plan.niceness,
        demotion: plan.demotion.clone(),
        exclusive: info.programs.as_ref().is_some_and(|p| p.exclusive_runs),
        fixes: false,
    }
}

/// The run's issues, converted while the keys of a cold run settle, and stored in the cache
/// when every invocation succeeded.
async fn convert_and_store(
    context: &Context,
    plan: &EnginePlan,
    diagnostics: Vec<(PathBuf, Diagnostic, Vec<String>)>,
    keys: RunKeys,
    key_inputs: &KeyInputs,
    ran: &Ran,
    mut shard: Shard,
) -> Vec<IssueInput> {
    let (root, id) = (context.root.clone(), plan.id.clone());
    let on_request = fixes_on_request(plan);
    let converting = tokio::task::spawn_blocking(move || {
        positions::to_issues(&root, &id, diagnostics, on_request)
    });
    let keys = keys.settle(key_inputs).await;
    let issues = match converting.await {
        Ok(issues) => issues,
        // As if it had run on this task: the engine's task reports it.
        Err(e) => std::panic::resume_unwind(e.into_panic()),
    };
    if ran.failures.is_empty()
        && let Some(keys) = &keys
    {
        cache::store(&mut shard, keys, &issues);
    }
    cache::save(shard).await;
    issues
}

/// A warm answer's diagnostics as issues (positions converted on a blocking thread).
async fn convert(
    context: &Context,
    plan: &EnginePlan,
    diagnostics: Vec<(PathBuf, Diagnostic, Vec<String>)>,
) -> Vec<IssueInput> {
    let (root, id) = (context.root.clone(), plan.id.clone());
    let on_request = fixes_on_request(plan);
    match tokio::task::spawn_blocking(move || {
        positions::to_issues(&root, &id, diagnostics, on_request)
    })
    .await
    {
        Ok(issues) => issues,
        Err(e) => std::panic::resume_unwind(e.into_panic()),
    }
}

/// The engine part of the manifest, for an engine of a scope this host knows.
fn engine_info(manifest: &PluginManifest) -> Result<&EngineInfo, Stop> {
    let info = manifest
        .engine
        .as_ref()
        .expect("checked when the plugin loaded");
    match info.scope {
        EngineScope::FileLocal | EngineScope::WholeProgram => Ok(info),
        _ => Err(Box::new(EngineStatus::error(format!(
            "plugin `{}` declares an engine scope this signalint does not know (built against a \
             newer plugin API); update signalint or use a plugin built against \
             signalint-plugin-api {}",
            manifest.id,
            signalint_plugin_api::PLUGIN_API_VERSION
        )))),
    }
}

/// The engine's tool. A tool that is not found disables an engine the config does not name,
/// and is an error for one it names.
async fn resolve_tool(
    context: &Context,
    plan: &EnginePlan,
    info: &EngineInfo,
    engine_config: Option<&EngineConfig>,
) -> Result<toolchain::Resolution, Stop> {
    let choice = toolchain::ToolChoice::from_config(&plan.id, engine_config)
        .trusted(context.config.trust.trusted);
    let resolved = toolchain::resolve_engine_tool(
        &info.tool,
        &choice,
        &context.root,
        &context.toolchain,
        &context.runner,
    )
    .await;
    resolved.map_err(|problem| {
        Box::new(match problem {
            ToolProblem::NotFound { .. } if !plan.explicit => {
                EngineStatus::disabled(problem.to_string())
            }
            _ => EngineStatus::error(problem.to_string()),
        })
    })
}

/// The files of `files` with one of the engine's extensions.
fn with_extension(files: &[String], extensions: &[String]) -> Vec<String> {
    files
        .iter()
        .filter(|file| {
            Path::new(file.as_str())
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|ext| extensions.iter().any(|x| x.eq_ignore_ascii_case(ext)))
        })
        .cloned()
        .collect()
}

/// The whole project tree, for an engine that needs it (a whole-program engine's inputs, and
/// its program configs): walked once, unless the check already did. Empty for the others.
async fn project_tree(
    context: &Context,
    check: &CheckFiles,
    info: &EngineInfo,
) -> Arc<Vec<String>> {
    if info.scope != EngineScope::WholeProgram && info.programs.is_none() {
        return Arc::default();
    }
    if let Some(tree) = &check.tree {
        return tree.clone();
    }
    let (root, kept) = (context.root.clone(), context.kept.clone());
    let ignore = context.config.check.ignore.clone();
    tokio::task::spawn_blocking(move || kept.tree(&root, &ignore))
        .await
        .unwrap_or_default()
}

/// The programs of an engine that declares them; none for the others. An engine with nothing
/// to check is disabled.
async fn find_programs(
    context: &Context,
    plan: &EnginePlan,
    info: &EngineInfo,
    tree: &[String],
    options: &serde_json::Value,
    version: &str,
) -> Result<Vec<Program>, Stop> {
    let Some(spec) = &info.programs else {
        return programs::in_shard(context.shard, info.scope, None, version);
    };
    let discovery = programs::discover(
        &plan.plugin,
        &context.root,
        tree,
        &spec.config_names,
        options,
    )
    .await
    .map_err(|e| Box::new(EngineStatus::error(e)))?;
    match discovery.nothing_to_check {
        Some(reason) => {
            let mut status = EngineStatus::disabled(reason);
            status.version = Some(version.to_owned());
            Err(Box::new(status))
        }
        None => programs::in_shard(context.shard, info.scope, Some(discovery.programs), version),
    }
}

/// The engine's cache shard and its answer, read on a blocking thread.
async fn look_up(
    context: &Context,
    engine: &str,
    key_inputs: &KeyInputs,
    project_files: Option<usize>,
) -> Result<(Shard, Lookup), Stop> {
    let (key_inputs, cache, id) = (
        key_inputs.clone(),
        Cache::new(&context.root),
        engine.to_owned(),
    );
    tokio::task::spawn_blocking(move || {
        // Sized from the whole project, not from this check's files: a check of one file must
        // not evict the rest.
        let mut shard = cache.shard(&id, project_files);
        let lookup = key_inputs.lookup(&mut shard);
        (shard, lookup)
    })
    .await
    .map_err(|_| Box::new(EngineStatus::error("the cache lookup failed")))
}

/// What the adapter is asked to plan, with its scratch directory created.
fn plan_request(
    context: &Context,
    plan: &EnginePlan,
    info: &EngineInfo,
    tool: &toolchain::Resolution,
    to_run: &[String],
    options: serde_json::Value,
    programs: Vec<Program>,
) -> Result<PlanRequest, Stop> {
    let work = crate::state::work_dir(&context.root, &plan.id).map_err(|e| {
        Box::new(EngineStatus::error(format!(
            "cannot create the engine's scratch directory under {}: {e}",
            crate::state::cache_home().display()
        )))
    })?;
    let extra_args = context
        .config
        .engines
        .get(&plan.id)
        .map(|e| e.args.clone())
        .unwrap_or_default();
    // A whole-program engine always checks every program, so its result does not depend on
    // which files were asked about (and can be cached by its inputs alone). A file-local
    // engine always gets the explicit list of cache misses, walked with the project's
    // ignores, never "the whole directory": the engine's own ignore rules (a parent
    // repository's .gitignore, say) could otherwise drop files silently.
    Ok(PlanRequest::new(
        context.root.to_string_lossy(),
        tool.tool.clone(),
        to_run.to_vec(),
        work.to_string_lossy(),
    )
    .with_whole_project(info.scope == EngineScope::WholeProgram)
    .with_extra_args(extra_args)
    .with_options(options)
    .with_programs(programs)
    .with_machine(machine::facts())
    .with_env(machine::env(&info.env_vars)))
}

/// The adapter's plan, asked on a blocking thread.
async fn call_plan(plan: &EnginePlan, request: PlanRequest) -> Result<Plan, Stop> {
    let plugin = plan.plugin.clone();
    let planned =
        tokio::task::spawn_blocking(move || plugin.call::<_, Plan>(methods::PLAN, &request)).await;
    match planned {
        Ok(Ok(plan)) => Ok(plan),
        Ok(Err(e)) => Err(Box::new(EngineStatus::error(e.to_string()))),
        Err(e) => Err(Box::new(EngineStatus::error(format!(
            "planning failed: {e}"
        )))),
    }
}

/// Everything that makes one engine's results differ for the same input.
fn engine_identity(
    plan: &EnginePlan,
    resolution: &toolchain::Resolution,
    engine_config: Option<&EngineConfig>,
    options: &serde_json::Value,
    programs: &[Program],
) -> String {
    let manifest = plan.plugin.manifest();
    let programs = serde_json::to_string(programs).unwrap_or_default();
    let args = engine_config
        .map(|e| e.args.join("\u{1f}"))
        .unwrap_or_default();
    format!(
        "{}\u{1e}{}\u{1e}{}\u{1e}{}\u{1e}{}\u{1e}{args}\u{1e}{options}\u{1e}{programs}",
        plan.id,
        manifest.id,
        manifest.version,
        resolution.tool.version,
        resolution.location.display()
    )
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
        loads_after: None,
    }
}

/// What a whole-program engine re-checked (everything), or a file-local one: every relevant
/// file, or after a failure the files of the runs that completed and those served from the
/// cache.
fn coverage(scope: EngineScope, relevant: &[String], partial: Option<Vec<String>>) -> Coverage {
    match (scope, partial) {
        (EngineScope::WholeProgram, _) => Coverage::All,
        (_, Some(covered)) => Coverage::files(covered),
        (_, None) => Coverage::files(relevant.to_vec()),
    }
}

/// The outcome of an engine that ran: its status, issues (run and cached) and coverage.
fn ran_outcome(
    scope: EngineScope,
    ran: Ran,
    issues: Vec<IssueInput>,
    relevant: &[String],
    to_run: &[String],
    version: &str,
    started: Instant,
) -> EngineOutcome {
    let mut status = if ran.failures.is_empty() {
        EngineStatus::ok()
    } else {
        EngineStatus::error(ran.failures.join("; "))
    };
    status.version = Some(version.to_owned());
    status.issue_count = Some(issues.len());
    status.skipped_records = (ran.skipped > 0).then_some(ran.skipped);
    status.duration_ms = Some(started.elapsed().as_millis() as u64);
    let partial = (!ran.failures.is_empty()).then(|| {
        let ran_now: HashSet<&str> = to_run.iter().map(String::as_str).collect();
        let mut covered = ran.covered;
        covered.extend(
            relevant
                .iter()
                .filter(|f| !ran_now.contains(f.as_str()))
                .cloned(),
        );
        covered
    });
    EngineOutcome {
        status,
        issues,
        rechecked: Some(coverage(scope, relevant, partial)),
        loads_after: None,
    }
}

/// What starts a persistent engine's session outside a check (to ask it for fixes): its
/// plugin, and the plan request and project tree a check would build.
pub(crate) struct SessionParts {
    pub plugin: Arc<crate::plugins::PluginHandle>,
    pub info: EngineInfo,
    pub request: PlanRequest,
    pub tree: Arc<Vec<String>>,
}

/// The [`SessionParts`] of `engine`, built as [`run`] builds them; why not, as its status
/// would say.
pub(crate) async fn session_parts(context: &Context, engine: &str) -> Result<SessionParts, String> {
    let (_, parts) = parts(context, engine, None).await?;
    Ok(parts)
}

/// The plan and [`SessionParts`] of `engine` for `files` (`None`: every file of its tree).
async fn parts(
    context: &Context,
    engine: &str,
    files: Option<&[String]>,
) -> Result<(EnginePlan, SessionParts), String> {
    let why = |stop: Stop| {
        stop.message
            .unwrap_or_else(|| format!("{engine} cannot be started"))
    };
    let plugin_id = context.config.engine_plugin(engine);
    let plugin = context
        .registry
        .get(&plugin_id)
        .ok_or_else(|| format!("the {plugin_id} plugin is not loaded"))?;
    let plan = EnginePlan {
        id: engine.to_owned(),
        reason: None,
        plugin: plugin.clone(),
        explicit: context.config.engines.contains_key(engine),
        niceness: 0,
        demotion: None,
        running_beside: None,
    };
    let info = engine_info(plugin.manifest()).map_err(why)?.clone();
    let engine_config = context.config.engines.get(engine);
    let tool = resolve_tool(context, &plan, &info, engine_config)
        .await
        .map_err(why)?;
    let tree = project_tree(context, &CheckFiles::default(), &info).await;
    let relevant = with_extension(files.unwrap_or(&tree), &info.extensions);
    let options = options_json(engine_config.and_then(|e| e.options.as_ref()));
    let programs = find_programs(context, &plan, &info, &tree, &options, &tool.tool.version)
        .await
        .map_err(why)?;
    let request =
        plan_request(context, &plan, &info, &tool, &relevant, options, programs).map_err(why)?;
    let parts = SessionParts {
        plugin: plugin.clone(),
        info,
        request,
        tree,
    };
    Ok((plan, parts))
}

/// Whether the engine of `plan` leaves some fixes out of a check (see
/// [`EngineInfo::fixes_on_request`]).
fn fixes_on_request(plan: &EnginePlan) -> bool {
    plan.plugin
        .manifest()
        .engine
        .as_ref()
        .is_some_and(|e| e.fixes_on_request)
}

/// The issues `engine` reports on `files` when asked for the fixes a check leaves out (an
/// engine that declares [`EngineInfo::fixes_on_request`]): planned and run as a check runs
/// it, follow-up runs included, never from or into the cache.
pub(crate) async fn issues_with_fixes(
    context: &Context,
    engine: &str,
    files: &[String],
    cancel: &CancellationToken,
) -> Result<Vec<IssueInput>, String> {
    let (plan, parts) = parts(context, engine, Some(files)).await?;
    if parts.request.files.is_empty() {
        return Ok(Vec::new());
    }
    let planned = call_plan(&plan, parts.request.with_fixes(true))
        .await
        .map_err(|stop| {
            stop.message
                .unwrap_or_else(|| format!("{engine} could not plan its fixes"))
        })?;
    let run = Run {
        fixes: true,
        ..run_settings(context, &plan, &parts.info)
    };
    let ran = invocation::run_all(context, &run, planned.invocations, cancel).await;
    if !ran.failures.is_empty() {
        return Err(ran.failures.join("; "));
    }
    Ok(convert(context, &plan, ran.diagnostics).await)
}
