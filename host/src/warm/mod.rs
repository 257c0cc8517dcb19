//! Persistent engines: a long-lived process per program that a server keeps between checks.
//!
//! An engine plugin declares the capability (`EngineInfo::persistent`) and answers `session`
//! with the process to keep; the host owns everything else:
//!
//! * **Start** lazily, on the first check that needs the engine, and only in a process that
//!   holds a [`Pool`] (the MCP server puts one in its check context). The CLI stays one-shot.
//! * **Feed**: before every answer, each program file whose content fingerprint differs from
//!   what the session was told is sent with its full text (LSP `didOpen`/`didChange`,
//!   tsserver `updateOpen`), deleted and created files go out as `didChangeWatchedFiles`
//!   (tsserver: the file closed, and `reloadProjects` before any file is opened), and the
//!   files are listed again when the set of sources changed or an edited line may change it.
//!   Requests are answered in order after the changes, so no answer is stale.
//! * **Speak** one of two protocols ([`SessionProtocol`](signalint_plugin_api::SessionProtocol)):
//!   LSP pull diagnostics (TypeScript 7's `tsc --lsp`), or tsserver's (TypeScript 4.9–6.x),
//!   which also answers the program's file-less diagnostics; while it has any, the check
//!   runs one-shot, as `tsc` then checks no file.
//! * **Read complete results**: every file of the program has a result; after an edit, the
//!   edited files are pulled first, then the files that import them, and every other file
//!   keeps its result, which cannot have changed. The adapter's `session_reach`, given the
//!   text the server had and the new one, says when an edit reaches everything, and when it
//!   reaches the file alone (what other files see of it did not change, so the importers'
//!   results stand too).
//! * **Restart** on a crash or a failed exchange (once per check, then the one-shot run with
//!   the reason in the engine's status), when a program input changes (the engine's config
//!   files, every config a program's config extends, in the project or in `node_modules`, and
//!   declared program inputs: package.json, lockfiles, `node_modules/.package-lock.json`;
//!   see `inputs`), and after an answer that left the process above its
//!   memory limit (measured after an answer, at most once a second).
//! * **Load in the background**: a new session's first answer loads and checks the whole
//!   program (the server starts, opens every file, pulls every file's diagnostics), which
//!   costs more than a one-shot run, so it is not waited on: that check runs one-shot, the
//!   session starts once that check has ended (not to share the cores with it) and loads on
//!   its own task with a budget of [`BACKGROUND_BUDGET_FACTOR`] times the engine's timeout,
//!   and meanwhile every check of the engine runs one-shot at once instead of waiting on it;
//!   once it has answered, the checks are answered warm. A session that does not load even
//!   then is not tried again for [`GIVE_UP_FOR`]. Below
//!   [`Settings::background_from_files`] source files (none by default) a new session's first
//!   answer is waited on instead, and so is a restarted session's below
//!   [`RESTART_BACKGROUND_FROM_FILES`], for the start budget (the engine's timeout unless
//!   set): past it the check runs one-shot and the session goes on loading in the background.
//! * **Stop** when idle, and when the pool shuts down ([`Pool::shutdown`]). The process is a
//!   [`runner::Persistent`](crate::runner::Persistent): its own group, registered, with the
//!   parent-death signal, so it never outlives the host.

//!
//! The parts: `plan` decides what to tell the server and what to pull (pure, tested on its
//! own); `session` carries the plan out; `dialect` is the protocol, one implementation each
//! in `lsp` and `tsserver`, over the connection in `client`; `adapter` holds the calls into
//! the engine's adapter; `inputs` the files that restart a session; `texts` the program's
//! texts as last read.

mod adapter;
pub(crate) mod client;
pub(crate) mod dialect;
mod error;
pub mod fixes;
mod inputs;
mod lsp;
mod plan;
mod session;
mod texts;
mod tsserver;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

use signalint_plugin_api::{Diagnostic, EngineInfo, PlanRequest};
use tokio_util::sync::CancellationToken;

use crate::plugins::PluginHandle;
use crate::runner::Runner;

pub use error::WarmError;

pub use session::Answer;

/// How long a session may sit unused before it is stopped. An agent's edit loop comes back
/// within seconds to minutes; a language server on a large program holds one to three GB
/// (TypeScript 7 on effect 4.1.0, 572 files), which an idle machine should get back.
pub const DEFAULT_IDLE: Duration = Duration::from_secs(15 * 60);

/// The resident memory above which a session is restarted after its answer. A warm
/// TypeScript 7 server holds 1.1–3 GB on a 600-file program and grows with every snapshot
/// it keeps; 4 GiB leaves that room and stops a leak well before an 8 GB machine swaps.
pub const DEFAULT_MAX_RSS: u64 = 4 << 30;

/// How many engine timeouts a session loading in the background may take for its first
/// answer: a program that a one-shot run checks in time but a language server loads slowly
/// (the first answer also opens every file) gets this much longer, off every call's path.
pub const BACKGROUND_BUDGET_FACTOR: u32 = 4;

/// From how many source files a new session loads in the background, its first check
/// running one-shot: every program. A language server's first answer starts the server,
/// opens every file and pulls every file's diagnostics, which costs more than a one-shot run
/// of the same program: on tiny-invariant (one file) the first `check_project` that waited
/// for it took 2.06 times the CLI's cold check, on rxjs 1.2 times; and TypeScript 7's
/// grows faster than the program: on generated programs of small modules it took 6.4 s at
/// 2,000 files, 35 s at 5,000 and more than 120 s at 20,000, where a one-shot tsc of the
/// 20,000 took 8 s. `SIGNALINT_WARM_BACKGROUND_FROM_FILES` sets a size below which the first
/// check waits for the session's first answer instead (up to the start budget).
pub const DEFAULT_BACKGROUND_FROM_FILES: usize = 0;

/// From how many source files a restarted session (a crash, a program input changed) loads
/// in the background, the check that restarted it running one-shot. A restart comes within an
/// edit loop, whose next checks are answered warm once it has loaded, so below this size it is
/// waited on; from it, TypeScript 7's first answer takes longer than a one-shot run by far.
pub const RESTART_BACKGROUND_FROM_FILES: usize = 3_000;

/// How long an engine whose session did not load even in the background runs one-shot
/// before a session is tried again.
pub const GIVE_UP_FOR: Duration = Duration::from_secs(30 * 60);

/// The pool's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    pub idle: Duration,
    pub max_rss: u64,
    /// How long a check waits for a new session's first answer before it runs one-shot and
    /// leaves the session to load in the background (`None`: the engine's timeout).
    pub start_budget: Option<Duration>,
    /// From how many source files a new session is not waited on at all, its first check
    /// running one-shot (see [`DEFAULT_BACKGROUND_FROM_FILES`]).
    pub background_from_files: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            idle: DEFAULT_IDLE,
            max_rss: DEFAULT_MAX_RSS,
            start_budget: None,
            background_from_files: DEFAULT_BACKGROUND_FROM_FILES,
        }
    }
}

impl Settings {
    /// The defaults, changed by `SIGNALINT_WARM_IDLE_SECS`, `SIGNALINT_WARM_MAX_RSS_MIB`,
    /// `SIGNALINT_WARM_START_BUDGET_MS` and `SIGNALINT_WARM_BACKGROUND_FROM_FILES`;
    /// `None` when `SIGNALINT_WARM` is `0` or `off` (every check one-shot). An unreadable
    /// value is an error that names the variable.
    pub fn from_env() -> Result<Option<Self>, String> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        if var("SIGNALINT_WARM").is_some_and(|v| matches!(v.trim(), "0" | "off" | "false")) {
            return Ok(None);
        }
        let number = |name: &str| -> Result<Option<u64>, String> {
            var(name)
                .map(|v| {
                    v.trim().parse::<u64>().map_err(|_| {
                        format!(
                            "{name} must be a whole number, not `{v}`; unset it for the default"
                        )
                    })
                })
                .transpose()
        };
        let mut settings = Self::default();
        if let Some(secs) = number("SIGNALINT_WARM_IDLE_SECS")? {
            settings.idle = Duration::from_secs(secs.max(1));
        }
        if let Some(mib) = number("SIGNALINT_WARM_MAX_RSS_MIB")? {
            settings.max_rss = mib.max(1) << 20;
        }
        if let Some(ms) = number("SIGNALINT_WARM_START_BUDGET_MS")? {
            settings.start_budget = Some(Duration::from_millis(ms));
        }
        if let Some(files) = number("SIGNALINT_WARM_BACKGROUND_FROM_FILES")? {
            settings.background_from_files = usize::try_from(files).unwrap_or(usize::MAX);
        }
        Ok(Some(settings))
    }
}

/// One engine's session slot within one project.
type Slot = Arc<tokio::sync::Mutex<Option<session::Session>>>;

/// Whether a slot's session is loading on a task of its own, or gave up loading.
#[derive(Debug, Clone, Copy)]
enum Warming {
    /// Since this instant.
    Loading(Instant),
    /// Until this instant, every check runs one-shot.
    GaveUp(Instant),
}

/// The sessions of one server.
pub struct Pool {
    settings: Settings,
    slots: std::sync::Mutex<HashMap<(PathBuf, String), Slot>>,
    /// Per slot, a session loading in the background or given up.
    warming: Arc<std::sync::Mutex<HashMap<(PathBuf, String), Warming>>>,
    /// Cancelled on shutdown: a background load ends with the pool.
    stopping: CancellationToken,
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool")
            .field("settings", &self.settings)
            .finish_non_exhaustive()
    }
}

/// A persistent engine's first results, before the rest of its program: the edited `files`
/// and their direct importers, and their issues, one line each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Early {
    pub engine: String,
    pub files: Vec<String>,
    pub issues: Vec<String>,
}

/// Receives a persistent engine's [`Early`] results.
pub type EarlySink<'a> = &'a (dyn Fn(Early) + Send + Sync);

impl Pool {
    /// A pool that keeps persistent engines warm until it is dropped or shut down. Must be
    /// called inside a tokio runtime: it starts the idle reaper, which ends with the pool.
    pub fn start(settings: Settings) -> Arc<Self> {
        let pool = Arc::new(Self {
            settings,
            slots: Default::default(),
            warming: Default::default(),
            stopping: CancellationToken::new(),
        });
        tokio::spawn(reap_idle(Arc::downgrade(&pool), settings.idle));
        pool
    }

    /// Stops every session (their process groups are killed).
    pub async fn shutdown(&self) {
        self.stopping.cancel();
        for slot in self.all_slots() {
            slot.lock().await.take();
        }
    }

    /// The resident memory of every running session, in bytes.
    pub async fn rss_bytes(&self) -> u64 {
        let mut total = 0;
        for slot in self.all_slots() {
            if let Some(session) = slot.lock().await.as_ref() {
                total += session.rss_bytes().unwrap_or(0);
            }
        }
        total
    }
}

/// Stops the sessions unused for `idle`, checking a few times per period, while the pool
/// lives.
async fn reap_idle(pool: Weak<Pool>, idle: Duration) {
    let every = (idle / 4).clamp(Duration::from_millis(200), Duration::from_secs(30));
    loop {
        tokio::time::sleep(every).await;
        let Some(pool) = pool.upgrade() else { return };
        for slot in pool.all_slots() {
            // A slot in use is not idle.
            if let Ok(mut session) = slot.try_lock()
                && session
                    .as_ref()
                    .is_some_and(|s| s.last_used.elapsed() >= idle)
            {
                tracing::info!("stopping an idle persistent engine");
                session.take();
            }
        }
    }
}

/// One warm check of one engine.
pub struct Request<'a> {
    /// The canonical project root.
    pub root: &'a Path,
    pub runner: &'a Runner,
    pub engine: &'a str,
    pub plugin: &'a Arc<PluginHandle>,
    pub info: &'a EngineInfo,
    pub plan: &'a PlanRequest,
    /// Every project file (the walk).
    pub tree: &'a [String],
    pub timeout: Duration,
    pub cancel: &'a CancellationToken,
    /// Receives the first results of an edit, before the rest of the program.
    pub early: Option<EarlySink<'a>>,
}

/// A [`Request`] that owns its parts, for a session that loads on a task of its own.
struct OwnedRequest {
    root: PathBuf,
    runner: Runner,
    engine: String,
    plugin: Arc<PluginHandle>,
    info: EngineInfo,
    plan: PlanRequest,
    tree: Vec<String>,
    timeout: Duration,
    cancel: CancellationToken,
}

impl OwnedRequest {
    fn of(request: &Request<'_>, timeout: Duration, cancel: CancellationToken) -> Self {
        Self {
            root: request.root.to_owned(),
            runner: request.runner.clone(),
            engine: request.engine.to_owned(),
            plugin: request.plugin.clone(),
            info: request.info.clone(),
            plan: request.plan.clone(),
            tree: request.tree.to_vec(),
            timeout,
            cancel,
        }
    }

    fn request(&self) -> Request<'_> {
        Request {
            root: &self.root,
            runner: &self.runner,
            engine: &self.engine,
            plugin: &self.plugin,
            info: &self.info,
            plan: &self.plan,
            tree: &self.tree,
            timeout: self.timeout,
            cancel: &self.cancel,
            early: None,
        }
    }
}

impl Request<'_> {
    /// The project's files with one of the engine's extensions.
    fn sources(&self) -> Vec<String> {
        self.tree
            .iter()
            .filter(|f| session::has_extension(f, &self.info.extensions))
            .cloned()
            .collect()
    }
}

/// What a warm check did.
pub enum Outcome {
    /// The complete diagnostics of every program, relative to the project root.
    Answered(Answer),
    /// The engine runs one-shot this time, for this reason.
    OneShot(String),
    /// The engine runs one-shot this time, for this reason, while a new session loads in the
    /// background once the guard is dropped: after the check (its one-shot run and the other
    /// engines beside it), whose cores it would otherwise share.
    Loading(String, tokio_util::sync::DropGuard),
}

impl Pool {
    fn all_slots(&self) -> Vec<Slot> {
        self.slots
            .lock()
            .map(|slots| slots.values().cloned().collect())
            .unwrap_or_default()
    }

    fn slot(&self, root: &Path, engine: &str) -> Slot {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        slots
            .entry((root.to_path_buf(), engine.to_owned()))
            .or_default()
            .clone()
    }

    /// Why this check runs one-shot without waiting: the engine's session is loading in the
    /// background, or gave up loading a while ago.
    fn warming(&self, key: &(PathBuf, String)) -> Option<String> {
        let mut warming = self.warming.lock().unwrap_or_else(|e| e.into_inner());
        match warming.get(key).copied()? {
            Warming::Loading(since) => Some(format!(
                "the persistent {} is still loading the program in the background ({} s so \
                 far), so this check ran one-shot",
                key.1,
                since.elapsed().as_secs()
            )),
            Warming::GaveUp(until) if Instant::now() < until => Some(format!(
                "the persistent {} could not load the program even in the background, so it \
                 runs one-shot (tried again in {} min)",
                key.1,
                until
                    .saturating_duration_since(Instant::now())
                    .as_secs()
                    .div_ceil(60)
            )),
            Warming::GaveUp(_) => {
                warming.remove(key);
                None
            }
        }
    }

    /// Leaves a session to load on a task of its own; it goes back into its slot once it
    /// answers. `loading` is the session whose first answer took longer than the start budget,
    /// or a session to start once `after` is cancelled (the check that runs one-shot ended,
    /// so that the two do not share the cores).
    fn load_in_background(
        &self,
        request: &Request<'_>,
        slot: Slot,
        loading: Loading,
        after: Option<CancellationToken>,
    ) {
        let key = (request.root.to_path_buf(), request.engine.to_owned());
        let budget = request.timeout * BACKGROUND_BUDGET_FACTOR;
        let owned = OwnedRequest::of(request, budget, self.stopping.child_token());
        let warming = self.warming.clone();
        warming
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key.clone(), Warming::Loading(Instant::now()));
        tokio::spawn(async move {
            let request = owned.request();
            if let Some(after) = after {
                tokio::select! {
                    () = after.cancelled() => {}
                    () = request.cancel.cancelled() => {}
                }
            }
            let loaded = tokio::select! {
                loaded = load(&request, loading) => loaded,
                () = request.cancel.cancelled() => Err("the server stopped".to_owned()),
                () = tokio::time::sleep(budget) => Err(format!("not loaded within {budget:?}")),
            };
            match loaded {
                Ok(mut session) => {
                    tracing::info!(
                        engine = request.engine,
                        "persistent engine loaded in the background"
                    );
                    session.last_used = Instant::now();
                    let mut held = slot.lock().await;
                    if held.is_none() {
                        *held = Some(session);
                    }
                    warming
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .remove(&key);
                }
                Err(reason) => {
                    tracing::warn!(
                        engine = request.engine,
                        reason,
                        "persistent engine did not load in the background"
                    );
                    warming
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .insert(key, Warming::GaveUp(Instant::now() + GIVE_UP_FOR));
                }
            }
        });
    }

    /// Answers from the engine's session, starting or restarting it as needed; a session
    /// that fails twice in a row leaves this check to the one-shot run. A new session of a
    /// program of [`Settings::background_from_files`] files or more (by default every one)
    /// is not waited on: this check runs one-shot, and the session starts and loads in the
    /// background once that check has ended; so is a restarted one from
    /// [`RESTART_BACKGROUND_FROM_FILES`] files.
    pub async fn check(&self, request: &Request<'_>) -> Outcome {
        let started = Instant::now();
        let key = (request.root.to_path_buf(), request.engine.to_owned());
        if let Some(reason) = self.warming(&key) {
            return Outcome::OneShot(reason);
        }
        let plan = match adapter::session(request).await {
            Ok(plan) => plan,
            Err(reason) => return Outcome::OneShot(reason),
        };
        let slot = self.slot(request.root, request.engine);
        let mut held = slot.lock().await;
        // It may have gone to load in the background while this check waited for the slot.
        if let Some(reason) = self.warming(&key) {
            return Outcome::OneShot(reason);
        }
        let mut restarted: Option<String> = None;
        for attempt in 0..2 {
            let why_new = match held.as_mut() {
                Some(session) => session.stale(request, &plan),
                None => Some("started".to_owned()),
            };
            let fresh = why_new.is_some();
            if let Some(why) = why_new {
                held.take();
                let why = restarted.take().unwrap_or(why);
                // A new session's first answer opens and checks every file, which takes
                // longer than a one-shot run: not waited on. (Counted for a new session
                // only: a warm check does not walk the tree again.)
                let sources = request.sources().len();
                let from = if why == "started" {
                    self.settings.background_from_files
                } else {
                    // A restart comes within an edit loop, whose next checks want the warm
                    // answers soon: it is waited on below the size where it never is.
                    self.settings
                        .background_from_files
                        .max(RESTART_BACKGROUND_FROM_FILES)
                };
                if sources >= from {
                    // Marked loading before the slot is let go, so no check waiting for the
                    // slot starts a second session.
                    let after = CancellationToken::new();
                    self.load_in_background(
                        request,
                        slot.clone(),
                        Loading::ToStart(Box::new(plan)),
                        Some(after.clone()),
                    );
                    drop(held);
                    return Outcome::Loading(
                        loads_in_background(request, &why, sources, from),
                        after.drop_guard(),
                    );
                }
                match session::Session::start(request, &plan).await {
                    Ok(session) => {
                        tracing::info!(engine = request.engine, why, "persistent engine started");
                        if why != "started" {
                            restarted = Some(why);
                        }
                        *held = Some(session);
                    }
                    Err(e) => {
                        return Outcome::OneShot(format!(
                            "the persistent {} did not start: {e}",
                            request.engine
                        ));
                    }
                }
            }
            let session = held.as_mut().expect("started above");
            // A session's first answer loads and checks the whole program: past the start
            // budget it goes on loading in the background, and this check runs one-shot.
            let budget = match (fresh, self.settings.start_budget) {
                (true, Some(budget)) => budget.min(request.timeout),
                _ => request.timeout,
            };
            let answer = tokio::select! {
                answer = session.check(request) => answer,
                () = request.cancel.cancelled() => {
                    return Outcome::OneShot(format!("{} was cancelled", request.engine));
                }
                () = tokio::time::sleep(budget) => {
                    if fresh {
                        // Marked loading before the slot is let go, so no check waiting for
                        // the slot starts a second session.
                        let loading = held.take().expect("the session just checked");
                        self.load_in_background(
                            request,
                            slot.clone(),
                            Loading::Started(Box::new(loading)),
                            None,
                        );
                        drop(held);
                        return Outcome::OneShot(first_answer_too_slow(request, budget));
                    }
                    Err(WarmError::TimedOut(request.timeout.as_secs()))
                }
            };
            match answer {
                Ok(session::Checked::OneShot(reason)) => {
                    session.last_used = Instant::now();
                    return Outcome::OneShot(reason);
                }
                Ok(session::Checked::Answer(mut answer)) => {
                    session.last_used = Instant::now();
                    if let Some(rss) = session.rss_bytes_due()
                        && rss > self.settings.max_rss
                    {
                        tracing::info!(rss, "persistent engine above its memory limit: stopped");
                        held.take();
                        answer.note.push_str(&format!(
                            "; stopped after this answer at {} MiB, above its {} MiB limit",
                            rss >> 20,
                            self.settings.max_rss >> 20
                        ));
                    }
                    if let Some(why) = restarted {
                        answer.note.push_str(&format!("; restarted: {why}"));
                    }
                    tracing::debug!(engine = request.engine, elapsed = ?started.elapsed(), "warm check");
                    return Outcome::Answered(answer);
                }
                Err(error) => {
                    let reason = match held.take() {
                        Some(mut failed) => failed.explain(&error),
                        None => error.to_string(),
                    };
                    tracing::warn!(engine = request.engine, reason, "persistent engine failed");
                    if attempt == 1 {
                        return Outcome::OneShot(format!(
                            "the persistent {} failed twice, so this check ran one-shot: {reason}",
                            request.engine
                        ));
                    }
                    restarted = Some(format!("after a failure: {reason}"));
                }
            }
        }
        unreachable!("the loop returns on its second attempt")
    }
}

/// A session to load in the background.
enum Loading {
    /// Started, its first answer still to come.
    Started(Box<session::Session>),
    /// To start, as the adapter planned it.
    ToStart(Box<adapter::Plan>),
}

/// The session, started where needed, once its first answer (loading and checking the whole
/// program) came; one that answered that this state needs the one-shot run (a syntax error)
/// took in the program too, and is kept, as a check keeps it.
async fn load(request: &Request<'_>, loading: Loading) -> Result<session::Session, String> {
    let mut session = match loading {
        Loading::Started(session) => *session,
        Loading::ToStart(plan) => session::Session::start(request, &plan).await?,
    };
    match session.check(request).await {
        Ok(session::Checked::Answer(_) | session::Checked::OneShot(_)) => Ok(session),
        Err(error) => Err(session.explain(&error)),
    }
}

/// Why a check ran one-shot when a new session's first answer took the whole start budget.
fn first_answer_too_slow(request: &Request<'_>, budget: Duration) -> String {
    format!(
        "the persistent {engine}'s first answer (loading and checking the whole program) took \
         longer than {budget:?}, so this check ran one-shot while it loads in the background \
         (up to {factor} times the {secs} s `timeout_secs` in `[engines.{engine}]`); checks \
         run one-shot until it has loaded",
        engine = request.engine,
        factor = BACKGROUND_BUDGET_FACTOR,
        secs = request.timeout.as_secs()
    )
}

/// Why a check ran one-shot while a new session (`why`: started, or restarted and why) loads
/// in the background.
fn loads_in_background(request: &Request<'_>, why: &str, files: usize, from: usize) -> String {
    let new = if why == "started" {
        format!("a new persistent {}", request.engine)
    } else {
        format!("the persistent {} (restarted: {why})", request.engine)
    };
    let size = if from > 0 {
        format!(
            "; from {from} source files (`SIGNALINT_WARM_BACKGROUND_FROM_FILES`), the program \
             has {files}"
        )
    } else {
        String::new()
    };
    format!(
        "{new} loads the program in the background (its first answer opens and checks every \
         file, which takes longer than a one-shot run{size}), so this check ran one-shot; \
         checks run one-shot until it has loaded (up to {factor} times the {secs} s \
         `timeout_secs` in `[engines.{engine}]`)",
        engine = request.engine,
        factor = BACKGROUND_BUDGET_FACTOR,
        secs = request.timeout.as_secs()
    )
}

/// A diagnostic with the directory its path is relative to, as a one-shot run gathers them.
pub type Placed = (PathBuf, Diagnostic);
