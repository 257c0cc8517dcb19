//! Running one engine: resolve its tool, look up the cache, plan, run every invocation, parse,
//! convert positions, store.
//!
//! Latency matters most on the critical path. On a cold cache nothing can hit, so the engine
//! starts at once and the cache keys are hashed while it runs; a result is stored only when the
//! stamps of its inputs (see [`Stamp`]) did not change by the end of the run.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Instant, SystemTime};

use signalint_plugin_api::{
    Diagnostic, EngineScope, Invocation, ParseOutcome, ParseRequest, Plan, PlanRequest, ReportFile,
    Severity, methods,
};
use tokio_util::sync::CancellationToken;

use super::positions::SourceText;
use super::{Context, EnginePlan, project_relative, tsconfig};
use crate::cache::{self, Cache, ConfigHasher, Shard, Stamp};
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

/// The files of one check, shared by its engines.
#[derive(Debug, Clone, Default)]
pub(crate) struct CheckFiles {
    /// Project-relative files the check covers.
    pub files: Arc<Vec<String>>,
    /// Every project file, when `files` already is that (a check of the whole project).
    pub tree: Option<Arc<Vec<String>>>,
}

/// The scratch directory engines may write to: `.signalint/work/<engine>`.
pub(crate) fn work_dir(root: &Path, engine: &str) -> PathBuf {
    root.join(".signalint").join("work").join(engine)
}

/// How the cache keys of this run are known.
enum Keys {
    /// Computed before the run: file keys of the misses (`None`: unreadable), or the program key.
    Ready {
        files: Vec<(String, Option<String>)>,
        program: Option<String>,
    },
    /// Nothing was cached, so the run starts at once and its keys are hashed while it runs.
    Deferred(Deferred),
}

/// Keys to hash while the engine runs, with the stamps taken before it started: a key is kept
/// only when its files' stamps did not change by the end of the run.
struct Deferred {
    /// File-local: each file with its config hash and stamp, or its key when the file was
    /// written so recently that a stamp cannot vouch for it (hashed before the run).
    files: Vec<(String, Pending)>,
    /// Whole-program: the stamp of every program input.
    inputs: Vec<Option<Stamp>>,
}

enum Pending {
    Known(Option<String>),
    Later { config: String, stamp: Stamp },
}

/// The cache's answer for one engine.
enum Lookup {
    /// Everything is cached.
    Hit(Vec<IssueInput>),
    /// These files (every relevant one for a whole-program engine) need a run.
    Run {
        cached: Vec<IssueInput>,
        to_run: Vec<String>,
        keys: Keys,
    },
}

/// Everything the cache lookup and the store need, owned so it can move to a blocking thread.
#[derive(Clone)]
struct KeyInputs {
    root: PathBuf,
    identity: String,
    scope: EngineScope,
    config_files: Vec<String>,
    relevant: Arc<Vec<String>>,
    program_inputs: Arc<Vec<String>>,
}

impl KeyInputs {
    /// Looks `shard` up: a whole-program engine by its program key, a file-local engine file by
    /// file. An empty shard cannot hit: its keys are deferred instead.
    fn lookup(&self, shard: &mut Shard) -> Lookup {
        if shard.is_empty()
            && let Some(deferred) = self.defer()
        {
            return Lookup::Run {
                cached: Vec::new(),
                to_run: self.relevant.to_vec(),
                keys: Keys::Deferred(deferred),
            };
        }
        match self.scope {
            EngineScope::WholeProgram => {
                let key = cache::program_key(&self.identity, &self.root, &self.program_inputs);
                match shard.get(&key) {
                    Some(issues) => Lookup::Hit(issues),
                    None => Lookup::Run {
                        cached: Vec::new(),
                        to_run: self.relevant.to_vec(),
                        keys: Keys::Ready {
                            files: Vec::new(),
                            program: Some(key),
                        },
                    },
                }
            }
            // File-local, and an engine of an unknown scope never gets here (see `run_engine`).
            _ => {
                let mut cached = Vec::new();
                let mut misses = Vec::new();
                let mut configs = ConfigHasher::new(&self.root, &self.config_files);
                for file in self.relevant.iter() {
                    let key = self.file_key(file, &configs.for_file(file));
                    match key.as_deref().and_then(|key| shard.get(key)) {
                        Some(issues) => cached.extend(issues),
                        None => misses.push((file.clone(), key)),
                    }
                }
                if misses.is_empty() {
                    return Lookup::Hit(cached);
                }
                Lookup::Run {
                    cached,
                    to_run: misses.iter().map(|(file, _)| file.clone()).collect(),
                    keys: Keys::Ready {
                        files: misses,
                        program: None,
                    },
                }
            }
        }
    }

    /// Stamps for a run whose keys are hashed while it runs; `None` when an input of a whole
    /// program was written too recently for its stamp to vouch for it.
    fn defer(&self) -> Option<Deferred> {
        let now = SystemTime::now();
        match self.scope {
            EngineScope::WholeProgram => {
                let inputs: Vec<Option<Stamp>> = self
                    .program_inputs
                    .iter()
                    .map(|input| Stamp::of(&self.root.join(input)))
                    .collect();
                let recent = inputs.iter().flatten().any(|stamp| stamp.is_recent(now));
                (!recent).then_some(Deferred {
                    files: Vec::new(),
                    inputs,
                })
            }
            // File-local, and an engine of an unknown scope never gets here (see `run_engine`).
            _ => {
                let mut configs = ConfigHasher::new(&self.root, &self.config_files);
                let files = self
                    .relevant
                    .iter()
                    .map(|file| {
                        let config = configs.for_file(file);
                        let pending = match Stamp::of(&self.root.join(file)) {
                            Some(stamp) if !stamp.is_recent(now) => {
                                Pending::Later { config, stamp }
                            }
                            _ => Pending::Known(self.file_key(file, &config)),
                        };
                        (file.clone(), pending)
                    })
                    .collect();
                Some(Deferred {
                    files,
                    inputs: Vec::new(),
                })
            }
        }
    }

    /// The key of one file's result; `None` when it cannot be read.
    fn file_key(&self, file: &str, config: &str) -> Option<String> {
        let content = std::fs::read(self.root.join(file)).ok()?;
        Some(cache::file_key(&self.identity, config, file, &content))
    }

    /// Hashes what a deferred run stores under (while the engine runs).
    fn hash_deferred(&self, deferred: &Deferred) -> Keys {
        match self.scope {
            EngineScope::WholeProgram => Keys::Ready {
                files: Vec::new(),
                program: Some(cache::program_key(
                    &self.identity,
                    &self.root,
                    &self.program_inputs,
                )),
            },
            _ => Keys::Ready {
                files: deferred
                    .files
                    .iter()
                    .map(|(file, pending)| {
                        let key = match pending {
                            Pending::Known(key) => key.clone(),
                            Pending::Later { config, .. } => self.file_key(file, config),
                        };
                        (file.clone(), key)
                    })
                    .collect(),
                program: None,
            },
        }
    }

    /// Drops the deferred keys whose files were written while the engine ran.
    fn settle(&self, deferred: &Deferred, keys: Keys) -> Keys {
        let Keys::Ready { files, program } = keys else {
            return keys;
        };
        match self.scope {
            EngineScope::WholeProgram => {
                let unchanged = self
                    .program_inputs
                    .iter()
                    .zip(&deferred.inputs)
                    .all(|(input, before)| Stamp::of(&self.root.join(input)) == *before);
                Keys::Ready {
                    files,
                    program: program.filter(|_| unchanged),
                }
            }
            _ => Keys::Ready {
                files: files
                    .into_iter()
                    .zip(&deferred.files)
                    .map(|((file, key), (_, pending))| {
                        let unchanged = match pending {
                            Pending::Known(_) => true,
                            Pending::Later { stamp, .. } => {
                                Stamp::of(&self.root.join(&file)) == Some(*stamp)
                            }
                        };
                        (file, key.filter(|_| unchanged))
                    })
                    .collect(),
                program,
            },
        }
    }
}

pub(crate) async fn run_engine(
    context: &Context,
    plan: &EnginePlan,
    check: &CheckFiles,
    cancel: &CancellationToken,
) -> EngineOutcome {
    let started = Instant::now();
    let manifest = plan.plugin.manifest();
    let info = manifest
        .engine
        .as_ref()
        .expect("checked when the plugin loaded");
    if !matches!(
        info.scope,
        EngineScope::FileLocal | EngineScope::WholeProgram
    ) {
        return EngineOutcome::status_only(EngineStatus::error(format!(
            "plugin `{}` declares an engine scope this signalint does not know (built against a \
             newer plugin API); update signalint or use a plugin built against \
             signalint-plugin-api {}",
            manifest.id,
            signalint_plugin_api::PLUGIN_API_VERSION
        )));
    }
    let engine_config = context.config.engines.get(&plan.id);

    let override_path = engine_config.and_then(|e| e.tool.as_deref());
    let managed = &context.toolchain;
    // A configured tool is used or missing, never looked for elsewhere: the managed
    // toolchain (which may mean reading the libraries of engines turned off) is not needed.
    let managed_root = match override_path {
        Some(_) => None,
        None => managed.root_if_installed(),
    };
    let mut resolved = toolchain::resolve(
        &info.tool,
        override_path,
        &context.root,
        managed_root,
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
    tracing::debug!(engine = %plan.id, elapsed = ?started.elapsed(), "tool resolved");

    let has_extension = |file: &&String| {
        Path::new(file.as_str())
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|ext| info.extensions.iter().any(|x| x.eq_ignore_ascii_case(ext)))
    };
    let relevant: Arc<Vec<String>> =
        Arc::new(check.files.iter().filter(has_extension).cloned().collect());
    // A whole-program engine needs the whole tree (its inputs, and for tsc its tsconfigs):
    // walk it once for everything below, unless the check already did.
    let needs_tree = info.scope == EngineScope::WholeProgram || manifest.id == "tsc";
    let tree = match (&check.tree, needs_tree) {
        (Some(tree), true) => Some(tree.clone()),
        (None, true) => {
            let root = context.root.clone();
            let ignore = context.config.check.ignore.clone();
            let walked = tokio::task::spawn_blocking(move || {
                super::project_files(&root, &[".".to_owned()], &ignore)
            })
            .await
            .unwrap_or_default();
            Some(Arc::new(walked))
        }
        (_, false) => None,
    };
    let tree_files: &[String] = tree.as_deref().map(Vec::as_slice).unwrap_or_default();
    let programs = (manifest.id == "tsc").then(|| tsconfig::discover_in(&context.root, tree_files));
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
    let key_inputs = KeyInputs {
        root: context.root.clone(),
        identity: engine_identity(plan, &resolution, engine_config, &options),
        scope: info.scope,
        config_files: info.config_files.clone(),
        relevant: relevant.clone(),
        program_inputs: Arc::new(if info.scope == EngineScope::WholeProgram {
            program_inputs(tree_files, &info.extensions)
        } else {
            Vec::new()
        }),
    };
    let looked_up = {
        let key_inputs = key_inputs.clone();
        let cache = Cache::new(&context.root);
        let id = plan.id.clone();
        tokio::task::spawn_blocking(move || {
            let mut shard = cache.shard(&id);
            let lookup = key_inputs.lookup(&mut shard);
            (shard, lookup)
        })
        .await
    };
    let Ok((mut shard, lookup)) = looked_up else {
        return EngineOutcome::status_only(EngineStatus::error("the cache lookup failed"));
    };
    let (cached_issues, to_run, keys) = match lookup {
        Lookup::Hit(issues) => {
            save(shard).await;
            let coverage = match info.scope {
                EngineScope::WholeProgram => Coverage::All,
                _ => Coverage::files(relevant.to_vec()),
            };
            return cached_outcome(issues, &resolution.tool.version, started, coverage);
        }
        Lookup::Run {
            cached,
            to_run,
            keys,
        } => (cached, to_run, keys),
    };
    tracing::debug!(engine = %plan.id, elapsed = ?started.elapsed(), to_run = to_run.len(), deferred = matches!(keys, Keys::Deferred(_)), "cache looked up");

    let work = work_dir(&context.root, &plan.id);
    if let Err(e) = std::fs::create_dir_all(&work) {
        return EngineOutcome::status_only(EngineStatus::error(format!(
            "cannot create {}: {e}",
            work.display()
        )));
    }
    // A whole-program engine always checks every program, so its result does not depend on
    // which files were asked about (and can be cached by its inputs alone). A file-local
    // engine always gets the explicit list of cache misses, walked with the project's
    // ignores, never "the whole directory": the engine's own ignore rules (a parent
    // repository's .gitignore, say) could otherwise drop files silently.
    let request = PlanRequest::new(
        context.root.to_string_lossy(),
        resolution.tool.clone(),
        to_run.clone(),
        work.to_string_lossy(),
    )
    .with_whole_project(info.scope == EngineScope::WholeProgram)
    .with_extra_args(engine_config.map(|e| e.args.clone()).unwrap_or_default())
    .with_options(options);
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
    tracing::debug!(engine = %plan.id, elapsed = ?started.elapsed(), "planned");

    // On a cold cache the keys are hashed while the engine runs.
    let (ready, deferred, hashing) = match keys {
        Keys::Deferred(deferred) => {
            let deferred = Arc::new(deferred);
            let key_inputs = key_inputs.clone();
            let pending = deferred.clone();
            let hashing = in_background(move || key_inputs.hash_deferred(&pending));
            (None, Some(deferred), Some(hashing))
        }
        ready => (Some(ready), None, None),
    };
    let timeout = context.config.engine_timeout(&plan.id);
    let mut runs = tokio::task::JoinSet::new();
    for (index, invocation) in invocations.into_iter().enumerate() {
        let context = context.clone();
        let cancel = cancel.clone();
        let plugin = plan.plugin.clone();
        let id = plan.id.clone();
        let (niceness, demotion) = (plan.niceness, plan.demotion.clone());
        runs.spawn(async move {
            let run = Run {
                engine: &id,
                plugin: &plugin,
                timeout,
                niceness,
                demotion,
            };
            (
                index,
                run_invocation(&context, &run, invocation, &cancel).await,
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
    tracing::debug!(engine = %plan.id, elapsed = ?started.elapsed(), "ran and parsed");

    let mut failures = Vec::new();
    let mut skipped = 0;
    let mut diagnostics: Vec<(PathBuf, Diagnostic)> = Vec::new();
    let mut covered: Vec<String> = Vec::new();
    let mut unplaceable = 0;
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
                for diagnostic in outcome.diagnostics {
                    let placeable = [diagnostic.start, diagnostic.end]
                        .iter()
                        .flatten()
                        .all(super::positions::placeable);
                    if placeable {
                        diagnostics.push((cwd.clone(), diagnostic));
                    } else {
                        unplaceable += 1;
                    }
                }
                covered.extend(invocation.covers);
            }
            Err(failure) => failures.push(failure),
        }
    }

    if unplaceable > 0 {
        skipped += unplaceable;
        failures.push(format!(
            "{unplaceable} diagnostics of {} count columns in a unit this signalint does not know \
             (a newer plugin API); they were dropped: update signalint",
            plan.id
        ));
    }

    // Positions are converted while the keys of a cold run settle.
    let converting = {
        let (root, id) = (context.root.clone(), plan.id.clone());
        tokio::task::spawn_blocking(move || to_issues(&root, &id, diagnostics))
    };
    let keys = match (hashing, deferred) {
        (Some(hashing), Some(deferred)) => hashing
            .await
            .ok()
            .map(|keys| key_inputs.settle(&deferred, keys)),
        _ => ready,
    };
    let mut issues = match converting.await {
        Ok(issues) => issues,
        // As if it had run on this task: the engine's task reports it.
        Err(e) => std::panic::resume_unwind(e.into_panic()),
    };
    if failures.is_empty()
        && let Some(Keys::Ready { files, program }) = &keys
    {
        store(&mut shard, program.as_deref(), files, &issues);
    }
    save(shard).await;
    tracing::debug!(engine = %plan.id, elapsed = ?started.elapsed(), "converted and stored");
    let ran: HashSet<&str> = to_run.iter().map(String::as_str).collect();
    covered.extend(
        relevant
            .iter()
            .filter(|f| !ran.contains(f.as_str()))
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
        _ => Coverage::files(if failures.is_empty() {
            relevant.to_vec()
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

/// Runs `work` on a thread of its own at the lowest CPU priority and hands back its result:
/// the keys of a cold run are hashed in the cycles the engine leaves idle (Node starting up,
/// the single-threaded phases of a compiler), not taken from it. The result is lost, and
/// nothing stored, if the thread cannot start.
fn in_background<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> tokio::sync::oneshot::Receiver<T> {
    let (done, result) = tokio::sync::oneshot::channel();
    let spawned = std::thread::Builder::new()
        .name("signalint-keys".into())
        .spawn(move || {
            lowest_thread_priority();
            let _ = done.send(work());
        });
    if let Err(e) = spawned {
        tracing::warn!("cannot start a thread to hash cache keys: {e}");
    }
    result
}

/// Lowers the calling thread (only it: Linux keeps a niceness per thread) to niceness 19.
fn lowest_thread_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority on this thread's own id changes nothing but its scheduling; a
    // failure leaves it at normal priority, which is harmless.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, 19);
    }
}

/// Writes a shard back on a blocking thread, so other engines' tasks keep running.
async fn save(shard: Shard) {
    let _ = tokio::task::spawn_blocking(move || shard.save()).await;
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

/// How to run one engine's invocations.
struct Run<'a> {
    engine: &'a str,
    plugin: &'a Arc<crate::plugins::PluginHandle>,
    timeout: std::time::Duration,
    niceness: i32,
    demotion: Option<crate::runner::Demotion>,
}

/// Runs one invocation and parses its output. `Err` carries the message for the status.
async fn run_invocation(
    context: &super::Context,
    run: &Run<'_>,
    invocation: Invocation,
    cancel: &CancellationToken,
) -> Result<(Invocation, ParseOutcome), String> {
    let Run {
        engine,
        plugin,
        timeout,
        niceness,
        ref demotion,
    } = *run;
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
        niceness,
        demotion: demotion.clone(),
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
    .with_report_files(report_files);
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

/// The text of every distinct file in `files`, read and indexed side by side: after a run
/// this is all that stands between the engine's output and the answer.
fn read_sources<'a>(root: &Path, files: &'a [String]) -> HashMap<&'a str, Option<SourceText>> {
    let mut distinct: Vec<&str> = files
        .iter()
        .map(String::as_str)
        .filter(|f| !f.is_empty())
        .collect();
    distinct.sort_unstable();
    distinct.dedup();
    let read = |file: &&'a str| {
        let text = std::fs::read_to_string(root.join(file)).ok();
        (*file, text.map(SourceText::new))
    };
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(distinct.len().div_ceil(16));
    if threads <= 1 {
        return distinct.iter().map(read).collect();
    }
    let chunk = distinct.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let parts: Vec<_> = distinct
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().map(read).collect::<Vec<_>>()))
            .collect();
        parts
            .into_iter()
            .flat_map(|part| part.join().unwrap_or_default())
            .collect()
    })
}

/// Converts engine diagnostics into core input: project-relative paths, UTF-16 columns, the
/// flagged line's text.
fn to_issues(
    root: &Path,
    engine: &str,
    diagnostics: Vec<(PathBuf, Diagnostic)>,
) -> Vec<IssueInput> {
    let files: Vec<String> = diagnostics
        .iter()
        .map(|(cwd, diagnostic)| {
            diagnostic
                .file
                .as_deref()
                .map(|f| project_relative(root, cwd, f))
                .unwrap_or_default()
        })
        .collect();
    let sources = read_sources(root, &files);
    diagnostics
        .into_iter()
        .zip(&files)
        .map(|((_, diagnostic), file)| {
            let source = sources.get(file.as_str()).and_then(Option::as_ref);
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
                file: file.clone(),
                line,
                col,
                end_line: end.map(|e| e.0),
                end_col: end.map(|e| e.1),
                engine: engine.to_owned(),
                rule: diagnostic.rule,
                severity: match diagnostic.severity {
                    Severity::Error => IssueSeverity::Error,
                    // Info, hint, and a severity of a newer plugin API.
                    _ => IssueSeverity::Warning,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn background_work_runs_at_the_lowest_priority_and_hands_back_its_result() {
        let (value, niceness) = in_background(|| {
            // SAFETY: reads this thread's own scheduling priority.
            let niceness =
                unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t) };
            (42, niceness)
        })
        .await
        .expect("the thread hands back its result");
        assert_eq!((value, niceness), (42, 19));
        // SAFETY: as above, for the test's own thread.
        let own = unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t) };
        assert_ne!(own, 19, "only the background thread is lowered");
    }

    fn inputs(root: &Path, scope: EngineScope, files: &[&str]) -> KeyInputs {
        let files: Vec<String> = files.iter().map(|f| (*f).to_owned()).collect();
        KeyInputs {
            root: root.to_owned(),
            identity: "engine".into(),
            scope,
            config_files: vec![".enginerc".into()],
            program_inputs: Arc::new(files.clone()),
            relevant: Arc::new(files),
        }
    }

    fn write_old(path: &Path, text: &str) {
        std::fs::write(path, text).unwrap();
        let file = std::fs::File::options().write(true).open(path).unwrap();
        file.set_modified(SystemTime::now() - std::time::Duration::from_secs(600))
            .unwrap();
    }

    fn ready(keys: Keys) -> (Vec<(String, Option<String>)>, Option<String>) {
        match keys {
            Keys::Ready { files, program } => (files, program),
            Keys::Deferred(_) => panic!("keys are ready after settling"),
        }
    }

    #[test]
    fn a_file_written_while_the_engine_ran_is_not_stored() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write_old(&root.join("a.ts"), "a");
        write_old(&root.join("b.ts"), "b");
        let key_inputs = inputs(root, EngineScope::FileLocal, &["a.ts", "b.ts"]);
        let deferred = key_inputs.defer().unwrap();
        assert!(
            deferred
                .files
                .iter()
                .all(|(_, p)| matches!(p, Pending::Later { .. })),
            "settled files are hashed during the run"
        );
        // The engine runs; meanwhile b.ts is saved again.
        let hashed = key_inputs.hash_deferred(&deferred);
        std::fs::write(root.join("b.ts"), "b2").unwrap();
        let (files, _) = ready(key_inputs.settle(&deferred, hashed));
        assert!(files[0].1.is_some(), "a.ts did not change: stored");
        assert_eq!(files[1].1, None, "b.ts changed during the run: not stored");
    }

    #[test]
    fn recently_written_files_are_hashed_before_the_run() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("a.ts"), "a").unwrap();
        let key_inputs = inputs(root, EngineScope::FileLocal, &["a.ts"]);
        let deferred = key_inputs.defer().unwrap();
        let (_, Pending::Known(Some(key))) = &deferred.files[0] else {
            panic!("a file saved just now is hashed before the run");
        };
        // Whatever happens to it during the run, the key is of the content before the run.
        std::fs::write(root.join("a.ts"), "a2").unwrap();
        let hashed = key_inputs.hash_deferred(&deferred);
        let (files, _) = ready(key_inputs.settle(&deferred, hashed));
        assert_eq!(files[0].1.as_ref(), Some(key));
        // A whole program with a file saved just now is not deferred at all.
        let program = inputs(root, EngineScope::WholeProgram, &["a.ts"]);
        assert!(program.defer().is_none());
    }

    #[test]
    fn a_program_is_stored_only_when_no_input_changed() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write_old(&root.join("a.ts"), "a");
        write_old(&root.join("b.ts"), "b");
        let key_inputs = inputs(
            root,
            EngineScope::WholeProgram,
            &["a.ts", "b.ts", "gone.ts"],
        );
        let deferred = key_inputs.defer().unwrap();
        let hashed = key_inputs.hash_deferred(&deferred);
        let (_, program) = ready(key_inputs.settle(&deferred, hashed));
        assert_eq!(
            program,
            Some(cache::program_key(
                "engine",
                root,
                &key_inputs.program_inputs
            ))
        );
        let hashed = key_inputs.hash_deferred(&deferred);
        std::fs::write(root.join("gone.ts"), "now here").unwrap();
        let (_, program) = ready(key_inputs.settle(&deferred, hashed));
        assert_eq!(program, None);
    }
}
