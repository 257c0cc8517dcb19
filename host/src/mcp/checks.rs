//! Running checks for the server: one at a time, identical ones coalesced, cancellable, with
//! progress.
//!
//! * **Serialized**: the [`Session`] sits behind a tokio mutex, so two checks never run engines
//!   at once (two tsc on one tsconfig would race on its build info).
//! * **Coalesced**: a check is a *flight* keyed by its request shape (scope and cursor). A
//!   request identical to one in flight (running or queued) joins it and shares its result.
//! * **Cancellable**: each request holds an interest in its flight; when the last interested
//!   request is cancelled (or dropped) the flight's token is cancelled, which kills that
//!   check's engine process groups.
//! * **Progress**: engine started/finished events are broadcast to every request of the flight,
//!   each of which forwards them with its own progress token.
//!
//! The latest analysis and the loop status are snapshotted after every check, so
//! `get_issue_detail` and `get_loop_status` answer without waiting for a running check.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use tokio::sync::{broadcast, watch};
use tokio_util::sync::CancellationToken;

use super::error::{ToolError, code};
use super::schema::ResetConfirmation;
use crate::check::{EngineEvent, EngineObserver, ResponseOptions, Scope, Session, Since};
use crate::core::{Analysis, LoopStatus};

/// A check's result, rendered once and shared by every request of its flight.
#[derive(Debug)]
pub struct Rendered {
    /// The CheckResponse as structured content.
    pub value: serde_json::Value,
    /// The same, as compact JSON text.
    pub text: String,
}

pub type Outcome = Arc<Result<Rendered, ToolError>>;

/// Receives a flight's engine events; awaited in order, before the result is returned.
pub type Progress<'a> =
    &'a (dyn Fn(EngineEvent) -> Pin<Box<dyn Future<Output = ()> + Send>> + Send + Sync);

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct FlightKey {
    scope: Scope,
    cursor: Option<String>,
    since: Option<Since>,
}

struct Flight {
    result: watch::Sender<Option<Outcome>>,
    events: broadcast::Sender<EngineEvent>,
    cancel: CancellationToken,
    /// Requests still waiting for this flight.
    interest: AtomicUsize,
}

/// Decrements a flight's interest when a request stops waiting without a result; the last one
/// out cancels the flight.
struct Interest {
    flight: Arc<Flight>,
    flights: Flights,
    satisfied: bool,
}

impl Drop for Interest {
    fn drop(&mut self) {
        if self.satisfied {
            return;
        }
        // Under the map's lock, so no request joins between the last one leaving and the
        // cancellation (it would wait for a run that is being stopped).
        let _flights = self.flights.lock().unwrap_or_else(|e| e.into_inner());
        if self.flight.interest.fetch_sub(1, Ordering::SeqCst) == 1 {
            tracing::info!("every request of a check was cancelled; stopping its engines");
            self.flight.cancel.cancel();
        }
    }
}

type Flights = Arc<Mutex<HashMap<FlightKey, Arc<Flight>>>>;

/// What a check tool asks for.
#[derive(Debug, Clone)]
pub struct CheckRequest {
    pub scope: Scope,
    /// A previous response's `nextCursor`.
    pub cursor: Option<String>,
    /// Narrow the answer to what is new since this reference.
    pub since: Option<Since>,
}

/// The server's checks and the state they leave behind.
#[derive(Clone)]
pub struct Checker {
    session: Arc<tokio::sync::Mutex<Session>>,
    flights: Flights,
    latest: Arc<RwLock<Option<Arc<Analysis>>>>,
    loops: Arc<RwLock<LoopStatus>>,
    threshold: u32,
    root: Arc<std::path::PathBuf>,
    /// The session's persistent engines, stopped with the server.
    warm: Option<Arc<crate::warm::Pool>>,
    /// Cancelled when the server shuts down.
    shutdown: CancellationToken,
}

impl Checker {
    pub fn new(session: Session) -> Self {
        let threshold = session.context.config.check.loop_threshold;
        let latest = session.latest().cloned().map(Arc::new);
        let loops = session.loops.status(threshold);
        let root = Arc::new(session.context.root.clone());
        let warm = session.context.warm.clone();
        Self {
            warm,
            session: Arc::new(tokio::sync::Mutex::new(session.defer_saves())),
            flights: Arc::default(),
            latest: Arc::new(RwLock::new(latest)),
            loops: Arc::new(RwLock::new(loops)),
            threshold,
            root,
            shutdown: CancellationToken::new(),
        }
    }

    /// The canonical project root.
    pub fn root(&self) -> &std::path::Path {
        &self.root
    }

    /// The latest check's analysis (none before the first check).
    pub fn latest(&self) -> Option<Arc<Analysis>> {
        self.latest.read().map(|l| l.clone()).unwrap_or_default()
    }

    /// Every oscillating signature and churning file.
    pub fn loop_status(&self) -> LoopStatus {
        self.loops.read().map(|l| l.clone()).unwrap_or_default()
    }

    /// Forgets all loop memory (waits for a running check).
    pub async fn reset_loops(&self) -> ResetConfirmation {
        let mut session = self.session.lock().await;
        session.settle().await;
        let signatures = session.loops.tracks.len() as u64;
        let looping = session.loops.status(self.threshold).signatures.len() as u64;
        let churns = session.loops.churn.values().map(|r| r.len() as u64).sum();
        session.reset_loops();
        let status = session.loops.status(self.threshold);
        drop(session);
        if let Ok(mut loops) = self.loops.write() {
            *loops = status;
        }
        ResetConfirmation {
            reset: true,
            signatures_forgotten: signatures,
            looping_signatures_forgotten: looping,
            churn_counters_forgotten: churns,
        }
    }

    /// A check of `files` for `signalint hook` (the hook endpoint), in this session and in turn
    /// with the tools' checks: every issue and every cluster, for the hook to judge.
    pub async fn check_for_hook(&self, files: Vec<String>) -> crate::core::CheckResponse {
        let options = ResponseOptions {
            cursor: None,
            page_size: usize::MAX,
            include_issues: true,
            since: None,
        };
        let cancel = self.shutdown.child_token();
        let mut session = self.session.lock().await;
        let response = session
            .check(&Scope::Files { files }, &options, &cancel, None)
            .await;
        let latest = session.latest().cloned().map(Arc::new);
        let loops = session.loops.status(self.threshold);
        drop(session);
        if let Ok(mut slot) = self.latest.write() {
            *slot = latest;
        }
        if let Ok(mut slot) = self.loops.write() {
            *slot = loops;
        }
        response
    }

    /// Applies fixes of the latest check and re-checks (waits for a running check; see
    /// [`crate::fix`]).
    pub async fn apply_fixes(
        &self,
        request: crate::fix::FixRequest,
        cancel: &CancellationToken,
    ) -> Result<crate::fix::FixReport, ToolError> {
        let mut session = self.session.lock().await;
        session.settle().await;
        let report = crate::fix::apply(&mut session, &request, cancel).await;
        let latest = session.latest().cloned().map(Arc::new);
        let loops = session.loops.status(self.threshold);
        drop(session);
        if let Ok(mut slot) = self.latest.write() {
            *slot = latest;
        }
        if let Ok(mut slot) = self.loops.write() {
            *slot = loops;
        }
        report.map_err(|e| ToolError::invalid(e.0))
    }

    /// Runs (or joins) the check of `scope`; `cancel` is the request's token, `progress`
    /// receives the engine events of the flight.
    pub async fn check(
        &self,
        request: CheckRequest,
        cancel: &CancellationToken,
        progress: Progress<'_>,
    ) -> Outcome {
        let key = FlightKey {
            scope: normalized(request.scope),
            cursor: request.cursor,
            since: request.since,
        };
        let (flight, leader) = self.join_or_start(&key);
        let mut results = flight.result.subscribe();
        let mut events = flight.events.subscribe();
        let mut interest = Interest {
            flight: flight.clone(),
            flights: self.flights.clone(),
            satisfied: false,
        };
        if leader {
            self.launch(key, flight);
        }
        loop {
            let current = results.borrow_and_update().clone();
            if let Some(outcome) = current {
                // Events sent before the result are delivered before it.
                loop {
                    match events.try_recv() {
                        Ok(event) => progress(event).await,
                        Err(broadcast::error::TryRecvError::Lagged(_)) => {}
                        Err(_) => break,
                    }
                }
                interest.satisfied = true;
                return outcome;
            }
            tokio::select! {
                biased;
                () = cancel.cancelled() => {
                    return Arc::new(Err(ToolError::new(
                        code::CANCELLED,
                        "the request was cancelled; its engines were stopped unless an identical request still waits for them",
                    )));
                }
                event = events.recv() => match event {
                    Ok(event) => progress(event).await,
                    Err(broadcast::error::RecvError::Lagged(_)) => {}
                    Err(broadcast::error::RecvError::Closed) => {
                        return Arc::new(Err(ToolError::new(code::INTERNAL, "the check ended without a result")));
                    }
                },
                changed = results.changed() => {
                    if changed.is_err() {
                        return Arc::new(Err(ToolError::new(code::INTERNAL, "the check ended without a result")));
                    }
                }
            }
        }
    }

    /// The flight for `key`: an existing live one (joined), or a new one (led).
    fn join_or_start(&self, key: &FlightKey) -> (Arc<Flight>, bool) {
        let mut flights = self.flights.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(flight) = flights.get(key)
            && !flight.cancel.is_cancelled()
        {
            flight.interest.fetch_add(1, Ordering::SeqCst);
            tracing::debug!(?key, "joining an identical check in flight");
            return (flight.clone(), false);
        }
        let flight = Arc::new(Flight {
            result: watch::Sender::new(None),
            events: broadcast::channel(64).0,
            cancel: self.shutdown.child_token(),
            interest: AtomicUsize::new(1),
        });
        flights.insert(key.clone(), flight.clone());
        (flight, true)
    }

    /// Runs the flight's check in its own task, so a request that goes away does not drop it
    /// half-way, and a panic becomes an error result instead of a lost response.
    fn launch(&self, key: FlightKey, flight: Arc<Flight>) {
        let this = self.clone();
        tokio::spawn(async move {
            let events = flight.events.clone();
            let observer: EngineObserver = Arc::new(move |event| {
                let _ = events.send(event);
            });
            let cancel = flight.cancel.clone();
            let scope = key.scope.clone();
            let options = ResponseOptions {
                cursor: key.cursor.clone(),
                page_size: 0,
                include_issues: false,
                since: key.since,
            };
            let worker = this.clone();
            let run = tokio::spawn(async move {
                let mut session = worker.session.lock().await;
                if cancel.is_cancelled() {
                    return Err(ToolError::new(
                        code::CANCELLED,
                        "the check was cancelled before it started",
                    ));
                }
                // Engine events, and a persistent engine's first results, reach this
                // flight's requests as they come.
                let response = session
                    .check(&scope, &options, &cancel, Some(&observer))
                    .await;
                let latest = session.latest().cloned().map(Arc::new);
                let loops = session.loops.status(worker.threshold);
                drop(session);
                if let Ok(mut slot) = worker.latest.write() {
                    *slot = latest;
                }
                if let Ok(mut slot) = worker.loops.write() {
                    *slot = loops;
                }
                let render = || {
                    Ok::<_, serde_json::Error>((
                        serde_json::to_value(&response)?,
                        serde_json::to_string(&response)?,
                    ))
                };
                let (value, text) =
                    render().map_err(|e| ToolError::new(code::INTERNAL, e.to_string()))?;
                Ok(Rendered { value, text })
            });
            let outcome = match run.await {
                Ok(outcome) => outcome,
                Err(e) => {
                    tracing::error!("a check failed: {e}");
                    Err(ToolError::new(
                        code::INTERNAL,
                        format!("the check failed unexpectedly: {e}"),
                    ))
                }
            };
            {
                let mut flights = this.flights.lock().unwrap_or_else(|e| e.into_inner());
                if flights.get(&key).is_some_and(|f| Arc::ptr_eq(f, &flight)) {
                    flights.remove(&key);
                }
            }
            flight.result.send_replace(Some(Arc::new(outcome)));
        });
    }

    /// Stops every check in flight and waits (up to `grace`) for the running one to end.
    pub async fn shut_down(&self, grace: Duration) {
        self.shutdown.cancel();
        let settled = async { self.session.lock().await.settle().await };
        let _ = tokio::time::timeout(grace, settled).await;
        // Every persistent engine dies with the server.
        if let Some(pool) = &self.warm {
            pool.shutdown().await;
        }
    }
}

/// The same request written differently is the same flight: paths sorted, duplicates dropped.
fn normalized(scope: Scope) -> Scope {
    let tidy = |mut paths: Vec<String>| {
        paths.sort_unstable();
        paths.dedup();
        paths
    };
    match scope {
        Scope::Project { paths } => Scope::Project { paths: tidy(paths) },
        Scope::Files { files } => Scope::Files { files: tidy(files) },
    }
}
