//! Persistent engines: a long-lived process per program that a server keeps between checks.
//!
//! An engine plugin declares the capability (`EngineInfo::persistent`) and answers `session`
//! with the process to keep; the host owns everything else:
//!
//! * **Start** lazily, on the first check that needs the engine, and only in a process that
//!   enabled the pool ([`enable`]: the MCP server). The CLI stays one-shot.
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
//!   files and declared program inputs: tsconfig, package.json, lockfiles,
//!   `node_modules/.package-lock.json`), and after an answer that left the process above its
//!   memory limit (measured after an answer, at most once a second).
//! * **Stop** when idle, and when the pool shuts down ([`shutdown`]). The process is a
//!   [`runner::Persistent`](crate::runner::Persistent): its own group, registered, with the
//!   parent-death signal, so it never outlives the host.

mod client;
mod plan;
mod session;
mod texts;
mod tsserver;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use signalint_plugin_api::{Diagnostic, EngineInfo, PlanRequest};
use tokio_util::sync::CancellationToken;

use crate::check::Context;
use crate::plugins::PluginHandle;

pub use session::Answer;

/// How long a session may sit unused before it is stopped. An agent's edit loop comes back
/// within seconds to minutes; a language server on a large program holds one to three GB
/// (TypeScript 7 on effect 4.1.0, 572 files), which an idle machine should get back.
pub const DEFAULT_IDLE: Duration = Duration::from_secs(15 * 60);

/// The resident memory above which a session is restarted after its answer. A warm
/// TypeScript 7 server holds 1.1–3 GB on a 600-file program and grows with every snapshot
/// it keeps; 4 GiB leaves that room and stops a leak well before an 8 GB machine swaps.
pub const DEFAULT_MAX_RSS: u64 = 4 << 30;

/// The pool's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    pub idle: Duration,
    pub max_rss: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            idle: DEFAULT_IDLE,
            max_rss: DEFAULT_MAX_RSS,
        }
    }
}

impl Settings {
    /// The defaults, changed by `SIGNALINT_WARM_IDLE_SECS` and `SIGNALINT_WARM_MAX_RSS_MIB`;
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
        Ok(Some(settings))
    }
}

/// One engine's session slot within one project.
type Slot = Arc<tokio::sync::Mutex<Option<session::Session>>>;

/// The sessions of this process.
pub struct Pool {
    settings: Settings,
    slots: std::sync::Mutex<HashMap<(PathBuf, String), Slot>>,
}

static POOL: OnceLock<Pool> = OnceLock::new();

/// Receives a persistent engine's first results, before the rest of its program.
pub type EarlySink = Arc<dyn Fn(crate::check::EngineEvent) + Send + Sync>;

/// The sink of the check running in each project (the server runs one at a time).
static SINKS: std::sync::Mutex<Vec<(PathBuf, EarlySink)>> = std::sync::Mutex::new(Vec::new());

/// Sends the early results of `root`'s checks to `sink` until [`clear_early_sink`].
pub fn set_early_sink(root: &std::path::Path, sink: EarlySink) {
    let mut sinks = SINKS.lock().unwrap_or_else(|e| e.into_inner());
    sinks.retain(|(r, _)| r != root);
    sinks.push((root.to_path_buf(), sink));
}

pub fn clear_early_sink(root: &std::path::Path) {
    let mut sinks = SINKS.lock().unwrap_or_else(|e| e.into_inner());
    sinks.retain(|(r, _)| r != root);
}

fn early_sink(root: &std::path::Path) -> Option<EarlySink> {
    let sinks = SINKS.lock().unwrap_or_else(|e| e.into_inner());
    sinks
        .iter()
        .find(|(r, _)| r == root)
        .map(|(_, s)| s.clone())
}

/// Keeps persistent engines warm for the rest of this process (the MCP server). Must be
/// called inside a tokio runtime: it starts the idle reaper.
pub fn enable(settings: Settings) {
    if POOL
        .set(Pool {
            settings,
            slots: Default::default(),
        })
        .is_ok()
    {
        tokio::spawn(reap_idle(settings.idle));
    }
}

/// The pool, when this process keeps engines warm.
pub(crate) fn active() -> Option<&'static Pool> {
    POOL.get()
}

/// Stops every session (their process groups are killed).
pub async fn shutdown() {
    let Some(pool) = POOL.get() else { return };
    for slot in pool.all_slots() {
        slot.lock().await.take();
    }
}

/// The resident memory of every running session, in bytes.
pub async fn rss_bytes() -> u64 {
    let Some(pool) = POOL.get() else { return 0 };
    let mut total = 0;
    for slot in pool.all_slots() {
        if let Some(session) = slot.lock().await.as_ref() {
            total += session.rss_bytes().unwrap_or(0);
        }
    }
    total
}

/// Stops the sessions unused for `idle`, checking a few times per period.
async fn reap_idle(idle: Duration) {
    let every = (idle / 4).clamp(Duration::from_millis(200), Duration::from_secs(30));
    loop {
        tokio::time::sleep(every).await;
        let Some(pool) = POOL.get() else { return };
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
pub(crate) struct Request<'a> {
    pub context: &'a Context,
    pub engine: &'a str,
    pub plugin: &'a Arc<PluginHandle>,
    pub info: &'a EngineInfo,
    pub plan: &'a PlanRequest,
    /// Every project file (the walk).
    pub tree: &'a [String],
    pub timeout: Duration,
    pub cancel: &'a CancellationToken,
}

/// What a warm check did.
pub(crate) enum Outcome {
    /// The complete diagnostics of every program, relative to the project root.
    Answered(Answer),
    /// The engine runs one-shot this time, for this reason.
    OneShot(String),
}

impl Pool {
    fn all_slots(&self) -> Vec<Slot> {
        self.slots
            .lock()
            .map(|slots| slots.values().cloned().collect())
            .unwrap_or_default()
    }

    fn slot(&self, root: &std::path::Path, engine: &str) -> Slot {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        slots
            .entry((root.to_path_buf(), engine.to_owned()))
            .or_default()
            .clone()
    }

    /// Answers from the engine's session, starting or restarting it as needed; a session
    /// that fails twice in a row leaves this check to the one-shot run.
    pub(crate) async fn check(&self, request: &Request<'_>) -> Outcome {
        let started = Instant::now();
        let plan = match session::plan(request).await {
            Ok(plan) => plan,
            Err(reason) => return Outcome::OneShot(reason),
        };
        let slot = self.slot(&request.context.root, request.engine);
        let mut held = slot.lock().await;
        let mut restarted: Option<String> = None;
        for attempt in 0..2 {
            let why_new = match held.as_mut() {
                Some(session) => session.stale(request, &plan),
                None => Some("started".to_owned()),
            };
            let fresh = why_new.is_some();
            if let Some(why) = why_new {
                held.take();
                match session::Session::start(request, &plan).await {
                    Ok(session) => {
                        tracing::info!(engine = request.engine, why, "persistent engine started");
                        if attempt == 0 && why != "started" {
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
            let answer = tokio::select! {
                answer = session.check(request) => answer,
                () = request.cancel.cancelled() => {
                    return Outcome::OneShot(format!("{} was cancelled", request.engine));
                }
                () = tokio::time::sleep(request.timeout) => {
                    // A session's first answer loads and checks the whole program, about what
                    // a cold run costs: a second session would only take as long again.
                    if fresh {
                        held.take();
                        return Outcome::OneShot(first_answer_too_slow(request));
                    }
                    Err(format!("it did not answer within {}s", request.timeout.as_secs()))
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
                Err(reason) => {
                    let reason = match held.take() {
                        Some(mut failed) => failed.explain(reason),
                        None => reason,
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

/// Why a check ran one-shot when a new session's first answer took the whole timeout.
fn first_answer_too_slow(request: &Request<'_>) -> String {
    format!(
        "the persistent {engine}'s first answer (loading and checking the whole program) took \
         longer than its {secs} s timeout, so this check ran one-shot; a program this large \
         needs a longer `timeout_secs` in `[engines.{engine}]` to be kept warm",
        engine = request.engine,
        secs = request.timeout.as_secs()
    )
}

/// A diagnostic with the directory its path is relative to, as `check::invocation` gathers.
pub(crate) type Placed = (PathBuf, Diagnostic);
