//! One check: decide which engines run on which files, run them side by side, and turn what
//! they report into `core` input.
//!
//! Failure is per engine: a missing tool, a crash, a timeout, an output overflow or unparsable
//! output lands in that engine's status with the command and the tail of its stderr, and every
//! other engine's issues are kept.

pub(crate) mod engine;
mod engine_text;
mod files;
pub(crate) mod ignores;
mod invocation;
mod kept;
mod machine;
mod once;
mod outside_config;
pub mod positions;
mod programs;
mod project_code;
pub mod rule_packs;
mod scope;
mod session;
mod shard;
mod undo_writes;
mod workspace;

pub use files::{Prewalk, project_files};
pub use programs::{ProgramLine, list as list_programs};
pub use session::{ResponseOptions, Session, Since};
pub use shard::{Merged, Shard, ShardResult, merge};

pub(crate) use crate::paths::project_relative;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use signalint_plugin_api::PluginKind;
use tokio_util::sync::CancellationToken;

use crate::config::{Config, ProjectPackage};
use crate::core::{self, Analysis, EngineStatus, IssueInput, Rechecked};
use crate::plugins::{BUILTIN_ENGINES, BUILTIN_RULE_PACKS, PluginHandle, Registry};
use crate::runner::Runner;
use crate::toolchain::ManagedToolchain;

/// What a check covers.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Scope {
    /// Project-relative paths (files or directories), walked with the project's ignores.
    Project { paths: Vec<String> },
    /// Exactly these project-relative files.
    Files { files: Vec<String> },
}

/// Everything a check needs that outlives one check.
#[derive(Debug, Clone)]
pub struct Context {
    /// Canonical project root.
    pub root: PathBuf,
    pub config: Arc<Config>,
    pub registry: Arc<Registry>,
    pub runner: Runner,
    /// The managed engine toolchain, installed on first need.
    pub toolchain: Arc<ManagedToolchain>,
    /// A walk of the project started before the first check (empty for the server).
    pub prewalk: Arc<Prewalk>,
    /// The last whole walk of the project, kept while nothing it read changed.
    pub kept: Arc<kept::KeptWalks>,
    /// The part of the check this run does, when CI splits it (`check --shard I/N`).
    pub shard: Option<Shard>,
    /// The persistent engines kept warm between checks: the MCP server's, `None` for the CLI
    /// (every engine one-shot).
    pub warm: Option<Arc<crate::warm::Pool>>,
}

/// Every engine the config may run, by engine id: its plugin id and whether a `[engines.*]`
/// table names it (the built-in engines run without one).
fn engine_table(config: &Config) -> BTreeMap<String, (String, bool)> {
    let mut engines: BTreeMap<String, (String, bool)> = BUILTIN_ENGINES
        .iter()
        .map(|id| ((*id).to_owned(), ((*id).to_owned(), false)))
        .collect();
    for id in config.engines.keys() {
        engines.insert(id.clone(), (config.engine_plugin(id), true));
    }
    engines
}

/// Every engine the config may run whose plugin is loaded, by engine id, with what its
/// manifest says of it: the fix path reads how each one offers fixes.
pub(crate) fn loaded_engines(
    context: &Context,
) -> impl Iterator<Item = (String, &signalint_plugin_api::EngineInfo)> {
    engine_table(&context.config)
        .into_iter()
        .filter_map(|(id, (plugin, _))| {
            let engine = context.registry.get(&plugin)?.manifest().engine.as_ref()?;
            Some((id, engine))
        })
}

/// Whether the config turns engine `id` off.
fn turned_off(config: &Config, id: &str) -> bool {
    config.engines.get(id).and_then(|e| e.enabled) == Some(false)
}

/// The plugin ids of the engines the config may run: the built-in engines and every
/// `[engines.*]` table's plugin.
pub fn engine_plugin_ids(config: &Config) -> BTreeSet<String> {
    engine_table(config)
        .into_values()
        .map(|(plugin, _)| plugin)
        .collect()
}

/// The plugin ids a check may use: the engines the config does not turn off, and the rule
/// packs when the config lists MCP sources (built-in and configured). Without sources no pack
/// runs, and only a configured pack is looked up, so that one missing from the plugin path is
/// still reported.
pub fn plugin_ids(config: &Config, root: &std::path::Path) -> BTreeSet<String> {
    let mut ids: BTreeSet<String> = engine_table(config)
        .into_iter()
        .filter(|(id, _)| !turned_off(config, id))
        .map(|(_, (plugin, _))| plugin)
        .collect();
    let packs = config
        .rule_packs
        .iter()
        .map(|(id, pack)| pack.plugin.clone().unwrap_or_else(|| id.clone()));
    if !config.mcp.has_sources(&ProjectPackage::read(root)) {
        ids.extend(packs.filter(|id| !BUILTIN_RULE_PACKS.contains(&id.as_str())));
    } else {
        ids.extend(BUILTIN_RULE_PACKS.iter().map(|id| (*id).to_owned()));
        ids.extend(packs);
    }
    ids
}

/// The raw result of one check, before paging.
#[derive(Debug, Clone)]
pub struct Report {
    pub analysis: Analysis,
    pub engines: BTreeMap<String, EngineStatus>,
    pub rule_packs: BTreeMap<String, EngineStatus>,
    /// What each engine re-checked (an engine that did not run is absent), and the files the
    /// check focused on.
    pub rechecked: Rechecked,
    /// A sharded check's issue inputs, for `signalint merge` (empty unsharded).
    pub inputs: Vec<IssueInput>,
}

/// One engine to run, as the config and the registry decide.
#[derive(Debug, Clone)]
pub(crate) struct EnginePlan {
    pub id: String,
    /// Why it runs (see [`crate::config::usage`]).
    pub reason: Option<String>,
    pub plugin: Arc<PluginHandle>,
    pub explicit: bool,
    /// Niceness of its processes: `[check] background_niceness` for a file-local engine beside a
    /// whole-program one (the check's critical path), else 0.
    pub niceness: i32,
    /// For a whole-program engine beside file-local ones: the lower priority it takes once it
    /// has run for `[check] yield_after_ms`, if a file-local engine is still running then.
    pub demotion: Option<crate::runner::Demotion>,
    /// For a file-local engine: the count of the check's file-local engines still running
    /// (what a whole-program engine's demotion waits on), which it leaves when it finishes.
    pub running_beside: Option<Arc<AtomicUsize>>,
}

/// Leaves a count of running engines when dropped, however the engine's run ended.
struct LeavesOnDrop(Option<Arc<AtomicUsize>>);

impl Drop for LeavesOnDrop {
    fn drop(&mut self) {
        if let Some(running) = &self.0 {
            running.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// An engine starting or finishing within a check, for callers that report progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineEvent {
    /// The engine's task started; `of` engines run in this check.
    Started { engine: String, of: usize },
    /// The engine finished with this status.
    Finished {
        engine: String,
        status: EngineStatus,
    },
    /// A persistent engine's first results, before the rest of its program: the edited
    /// `files` and their direct importers, and their issues, one line each (`crate::warm`).
    Early {
        engine: String,
        files: Vec<String>,
        issues: Vec<String>,
    },
}

impl From<crate::warm::Early> for EngineEvent {
    fn from(early: crate::warm::Early) -> Self {
        Self::Early {
            engine: early.engine,
            files: early.files,
            issues: early.issues,
        }
    }
}

/// Receives [`EngineEvent`]s while a check runs.
pub type EngineObserver = Arc<dyn Fn(EngineEvent) + Send + Sync>;

/// Runs a check, telling `observer` (when there is one) when each engine starts and
/// finishes, and what a persistent engine found first.
pub async fn run(
    context: &Context,
    scope: &Scope,
    cancel: &CancellationToken,
    observer: Option<&EngineObserver>,
) -> Report {
    let started = std::time::Instant::now();
    let (engines, mut statuses) = select_engines(context);
    let check_files = match scope {
        Scope::Project { paths } => {
            let ignore = &context.config.check.ignore;
            let whole = paths.iter().all(|p| p == ".");
            let files = match context.prewalk.take(paths, ignore) {
                Some(files) => Arc::new(files),
                None if whole => context.kept.tree(&context.root, ignore),
                None => Arc::new(project_files(&context.root, paths, ignore)),
            };
            engine::CheckFiles {
                tree: whole.then(|| files.clone()),
                files,
            }
        }
        Scope::Files { files } => engine::CheckFiles {
            files: Arc::new(files.clone()),
            ..Default::default()
        },
    };
    tracing::debug!(elapsed = ?started.elapsed(), files = check_files.files.len(), "project walked");

    let report_scope = match scope {
        Scope::Project { paths } => scope::ReportScope::of_paths(paths),
        Scope::Files { .. } => scope::ReportScope::default(),
    };
    let whole_program: BTreeSet<String> = engines
        .iter()
        .filter(|plan| is_whole_program(plan))
        .map(|plan| plan.id.clone())
        .collect();
    let reasons: BTreeMap<String, String> = engines
        .iter()
        .filter_map(|plan| Some((plan.id.clone(), plan.reason.clone()?)))
        .collect();

    let mut tasks = tokio::task::JoinSet::new();
    let of = engines.len();
    for plan in engines {
        let context = context.clone();
        let files = shard::engine_files(&context, &plan, &check_files);
        let cancel = cancel.clone();
        let observer = observer.cloned();
        if let Some(observer) = &observer {
            observer(EngineEvent::Started {
                engine: plan.id.clone(),
                of,
            });
        }
        tasks.spawn(async move {
            let _leaves = LeavesOnDrop(plan.running_beside.clone());
            let outcome =
                engine::run_engine(&context, &plan, &files, &cancel, observer.as_ref()).await;
            (plan.id, outcome)
        });
    }
    let packs = {
        let context = context.clone();
        tokio::spawn(async move {
            if !shard::runs_rule_packs(&context) {
                return shard::no_rule_packs();
            }
            let package = ProjectPackage::read(&context.root);
            let (surfaces, errors) = rule_packs::load_surfaces(&context, &package).await;
            let outcome = rule_packs::run(&context, &package, surfaces, errors).await;
            tracing::debug!(elapsed = ?started.elapsed(), "rule packs done");
            outcome
        })
    };
    let mut inputs: Vec<IssueInput> = Vec::new();
    // A new persistent session loads once the check has ended, off its cores.
    let mut loads_after = Vec::new();
    let mut rechecked = Rechecked::new();
    if let Scope::Files { files } = scope {
        rechecked = rechecked.focus(files.iter().cloned());
    }
    while let Some(joined) = tasks.join_next().await {
        match joined {
            Ok((id, mut outcome)) => {
                outcome.status.message = outcome.status.message.as_deref().map(engine_text::inert);
                let dropped = report_scope.keep(&context.root, &mut outcome.issues);
                let whole = report_scope.is_partial() && whole_program.contains(&id);
                note_dropped(&mut outcome.status, dropped, outcome.issues.len(), whole);
                if outcome.status.reason.is_none() {
                    outcome.status.reason = reasons.get(&id).cloned();
                }
                inputs.extend(outcome.issues);
                loads_after.extend(outcome.loads_after);
                if let Some(coverage) = outcome.rechecked {
                    rechecked.engines.insert(id.clone(), coverage);
                }
                if let Some(observer) = observer {
                    observer(EngineEvent::Finished {
                        engine: id.clone(),
                        status: outcome.status.clone(),
                    });
                }
                statuses.insert(id, outcome.status);
            }
            Err(e) => tracing::error!("an engine task failed: {e}"),
        }
    }
    let mut pack_statuses = BTreeMap::new();
    match packs.await {
        Ok(outcome) => {
            inputs.extend(outcome.issues);
            for id in outcome.ran {
                rechecked.engines.insert(id, core::Coverage::All);
            }
            pack_statuses = outcome.statuses;
        }
        Err(e) => tracing::error!("the rule packs task failed: {e}"),
    }
    if let Some(untrusted) = &context.config.untrusted {
        note_untrusted(untrusted, &mut statuses, &mut pack_statuses);
    }
    tracing::debug!(elapsed = ?started.elapsed(), "engines and rule packs done");
    let kept_inputs = shard::kept_inputs(context, &inputs);
    let root = context.root.clone();
    let analysis = tokio::task::spawn_blocking(move || {
        let mut analysis = core::analyze(inputs);
        // An unresolved import of a workspace package gets advice from the workspace's facts.
        let unresolved = core::unresolved_packages(&analysis);
        if !unresolved.is_empty()
            && let Some(mut workspace) = workspace::read(&root)
        {
            workspace::read_states(&root, &mut workspace, &unresolved);
            core::advise_workspace(&mut analysis, &workspace);
        }
        analysis
    })
    .await
    .unwrap_or_default();
    tracing::debug!(elapsed = ?started.elapsed(), "analysed");
    drop(loads_after);
    Report {
        analysis,
        engines: statuses,
        rule_packs: pack_statuses,
        rechecked,
        inputs: kept_inputs,
    }
}

/// Says on an engine's status what the report scope dropped (and counts only the issues it
/// kept), and that a whole-program engine checked its whole programs for a path-scoped check.
fn note_dropped(status: &mut EngineStatus, dropped: scope::Dropped, kept: usize, whole: bool) {
    let mut notes = Vec::new();
    if whole {
        notes.push(format!(
            "checked its whole programs; {} issue(s) outside the requested paths not reported",
            dropped.outside_paths
        ));
    } else if dropped.outside_paths > 0 {
        notes.push(format!(
            "{} issue(s) outside the requested paths not reported",
            dropped.outside_paths
        ));
    }
    if dropped.outside_root > 0 {
        tracing::warn!(
            dropped = dropped.outside_root,
            "issues whose file resolves outside the project root were dropped"
        );
        notes.push(format!(
            "{} issue(s) dropped: their files resolve outside the project root (a symlink the \
             engine followed)",
            dropped.outside_root
        ));
    }
    if notes.is_empty() {
        return;
    }
    if status.issue_count.is_some() {
        status.issue_count = Some(kept);
    }
    let note = notes.join("; ");
    status.message = Some(match status.message.take() {
        Some(message) => format!("{message}; {note}"),
        None => note,
    });
}

/// Whether an engine checks whole programs.
fn is_whole_program(plan: &EnginePlan) -> bool {
    plan.plugin
        .manifest()
        .engine
        .as_ref()
        .is_some_and(|e| e.scope == signalint_plugin_api::EngineScope::WholeProgram)
}

/// Says on every status a dropped key would have changed that the config is not trusted, and
/// how to trust it: the engine ran with its tool found the usual way and without its `args`,
/// the rule packs without the config's live servers.
fn note_untrusted(
    untrusted: &crate::config::Untrusted,
    engines: &mut BTreeMap<String, EngineStatus>,
    packs: &mut BTreeMap<String, EngineStatus>,
) {
    let note = untrusted.message();
    let mut add = |status: &mut EngineStatus| {
        status.message = Some(match status.message.take() {
            Some(message) => format!("{message}; {note}"),
            None => note.clone(),
        });
    };
    for (id, status) in engines.iter_mut() {
        if untrusted.affects_engine(id) {
            add(status);
        }
    }
    if untrusted
        .ignored
        .iter()
        .any(|key| key == "[[mcp.servers]]" || key.starts_with("[mcp] "))
    {
        packs.values_mut().for_each(&mut add);
    }
}

/// The engines to run and the statuses of those that will not run. The three built-in
/// engines always have a status.
fn select_engines(context: &Context) -> (Vec<EnginePlan>, BTreeMap<String, EngineStatus>) {
    let config = &context.config;
    let registry = &context.registry;
    let mut plans = Vec::new();
    let mut statuses = BTreeMap::new();

    let table = engine_table(config);
    let uses = engine_uses(context, &table);
    for (id, (plugin_id, explicit)) in table {
        let reason = uses.get(&id).map(|u| u.reason.clone());
        if turned_off(config, &id) {
            let status = EngineStatus::disabled("disabled in signalint.toml");
            statuses.insert(id, with_reason(status, reason));
            continue;
        }
        if let Some(off) = uses.get(&id).filter(|u| !u.on) {
            statuses.insert(
                id,
                EngineStatus::disabled(off.reason.clone()).because(off.reason.clone()),
            );
            continue;
        }
        match registry.get(&plugin_id) {
            Some(plugin) if plugin.manifest().kind == PluginKind::Engine => {
                plans.push(EnginePlan {
                    reason,
                    id,
                    plugin: plugin.clone(),
                    explicit,
                    niceness: 0,
                    demotion: None,
                    running_beside: None,
                });
            }
            Some(_) => {
                statuses.insert(id, EngineStatus::error(format!("plugin `{plugin_id}` is a rule pack, not an engine; move it to [rule_packs.{plugin_id}]")));
            }
            None => {
                let why = registry
                    .refusal_for(&plugin_id)
                    .map(|r| format!("plugin `{plugin_id}` did not load: {r}"))
                    .unwrap_or_else(|| {
                        format!("plugin `{plugin_id}` not found on the plugin path; run `signalint plugins` to see what is installed")
                    });
                let status = if explicit {
                    EngineStatus::error(why)
                } else {
                    EngineStatus::disabled(why)
                };
                statuses.insert(id, status);
            }
        }
    }
    // The whole-program engine is the check's critical path: it starts first, and the
    // file-local engines beside it yield the CPU to it. If it runs long, it yields in turn:
    // each file-local engine ends in a single-threaded report phase (Biome's takes seconds on
    // a large project), which should overlap the whole-program run rather than trail it with
    // a core idle.
    plans.sort_by_key(|plan| !is_whole_program(plan));
    let scopes: Vec<bool> = plans.iter().map(is_whole_program).collect();
    // The whole-program engine yields only while a file-local engine is still running.
    let file_local = scopes.iter().filter(|&&whole| !whole).count();
    let running_beside = Arc::new(AtomicUsize::new(file_local));
    let priorities = priorities(&scopes, &config.check);
    for ((plan, (niceness, demotion)), whole) in plans.iter_mut().zip(priorities).zip(scopes) {
        plan.niceness = niceness;
        plan.demotion = demotion.map(|d| crate::runner::Demotion {
            only_while: Some(running_beside.clone()),
            ..d
        });
        plan.running_beside = (!whole).then(|| running_beside.clone());
    }
    (plans, statuses)
}

/// Whether each engine the config may run runs on this project, and why (for `doctor`).
pub fn engine_usage(context: &Context) -> BTreeMap<String, crate::config::usage::Use> {
    engine_uses(context, &engine_table(&context.config))
}

/// Whether each engine of the table runs on this project, and why.
fn engine_uses(
    context: &Context,
    table: &BTreeMap<String, (String, bool)>,
) -> BTreeMap<String, crate::config::usage::Use> {
    let candidates: Vec<crate::config::usage::Candidate<'_>> = table
        .iter()
        .map(
            |(id, (plugin_id, explicit))| crate::config::usage::Candidate {
                id,
                info: context
                    .registry
                    .get(plugin_id)
                    .and_then(|p| p.manifest().engine.as_ref()),
                explicit: *explicit,
                turned_off: turned_off(&context.config, id),
            },
        )
        .collect();
    let mut uses = context.kept.uses(&context.root, &candidates);
    project_code::require_project_trust(&mut uses, &candidates, context.config.trust.trusted);
    outside_config::refuse_outside_configs(
        &mut uses,
        &candidates,
        &context.root,
        context.config.trust.trusted,
    );
    uses
}

fn with_reason(status: EngineStatus, reason: Option<String>) -> EngineStatus {
    match reason {
        Some(reason) => status.because(reason),
        None => status,
    }
}

/// Each engine's starting niceness and later demotion, from whether it is whole-program.
fn priorities(
    whole_program: &[bool],
    check: &crate::config::CheckSection,
) -> Vec<(i32, Option<crate::runner::Demotion>)> {
    let background = check.background_niceness;
    let beside = |scope: bool| whole_program.contains(&scope);
    if background == 0 || !beside(true) {
        return vec![(0, None); whole_program.len()];
    }
    let demotion = (check.yield_after_ms > 0 && beside(false)).then(|| crate::runner::Demotion {
        after: std::time::Duration::from_millis(check.yield_after_ms),
        niceness: (background + 5).min(19),
        only_while: None,
    });
    whole_program
        .iter()
        .map(|&whole| {
            if whole {
                (0, demotion.clone())
            } else {
                (background, None)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::Demotion;
    use std::time::Duration;

    #[test]
    fn file_local_engines_yield_to_the_whole_program_one_until_it_runs_long() {
        let check = crate::config::CheckSection::default();
        let later = Some(Demotion {
            after: Duration::from_millis(2000),
            niceness: 15,
            only_while: None,
        });
        assert_eq!(
            priorities(&[true, false, false], &check),
            [(0, later), (10, None), (10, None)]
        );
        // Nothing beside the whole-program engine: nothing to yield to, either way.
        assert_eq!(priorities(&[true], &check), [(0, None)]);
        assert_eq!(priorities(&[false, false], &check), [(0, None), (0, None)]);
    }

    #[test]
    fn priorities_follow_the_check_settings() {
        let mut check = crate::config::CheckSection {
            background_niceness: 17,
            yield_after_ms: 500,
            ..Default::default()
        };
        assert_eq!(
            priorities(&[true, false], &check),
            [
                (
                    0,
                    Some(Demotion {
                        after: Duration::from_millis(500),
                        niceness: 19,
                        only_while: None,
                    })
                ),
                (17, None)
            ]
        );
        check.yield_after_ms = 0;
        assert_eq!(priorities(&[true, false], &check), [(0, None), (17, None)]);
        check.background_niceness = 0;
        check.yield_after_ms = 500;
        assert_eq!(priorities(&[true, false], &check), [(0, None), (0, None)]);
    }
}
