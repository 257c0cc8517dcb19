//! A check and everything it updates: loop history, the project's memory of issues (what the
//! delta compares with), the latest check.
//!
//! The MCP server keeps one `Session` in memory for its lifetime; the CLI opens one per run.
//! Both persist to `.signalint/` so loops and deltas survive restarts.
//!
//! Every check is compared with the memory (the last known issues of every file, from any earlier
//! check that examined it); its new issues carry `new`, and clusters holding a new error rank
//! first. `since` narrows the answer to what is new against another reference.

use tokio_util::sync::CancellationToken;

use super::{Context, EngineObserver, Scope, run};
use crate::core::{self, Analysis, CheckResponse, LoopHistory, ResponseParts, Snapshot};
use crate::state::{Baseline, LatestCheck, Snapshots, StateDir};

/// What `since` narrows an answer to: the issues not present in that reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Since {
    /// The baseline `signalint baseline` recorded (none recorded: every issue is new).
    Baseline,
    /// The state after this session's first check (in the CLI, one run: the same as `last`).
    Start,
    /// The last known state before this check.
    Last,
}

/// How to shape one response.
#[derive(Debug, Clone, Default)]
pub struct ResponseOptions {
    /// Cursor from a previous response's `nextCursor`.
    pub cursor: Option<String>,
    /// Clusters per page (0: the config's page size).
    pub page_size: usize,
    /// Include every issue.
    pub include_issues: bool,
    /// Narrow the answer to what is new since this reference.
    pub since: Option<Since>,
}

/// Loop history, the memory of issues and the latest check of one project.
#[derive(Debug)]
pub struct Session {
    pub context: Context,
    pub loops: LoopHistory,
    snapshots: Snapshots,
    latest: Option<Analysis>,
    /// The content hash of each file with a fix in `latest`, as that check saw it.
    contents: std::collections::BTreeMap<String, String>,
    /// The memory after this session's first check (`since: "start"`).
    start: Option<Snapshot>,
    state: StateDir,
    /// Save the state after the answer instead of before it (the server: its answer is what
    /// the agent waits on).
    deferred_saves: bool,
    /// The last check's state being written, still holding the state's lock.
    saving: Option<tokio::task::JoinHandle<()>>,
    /// Checks are trials (the re-checks of fixes being verified): they advance no loop or
    /// churn history, since a fix tried and restored is not an agent's fix and regression.
    trials: bool,
}

impl Session {
    /// Opens the session, reading what `.signalint/` remembers.
    pub fn open(context: Context) -> Self {
        let state = StateDir::new(&context.root);
        let (latest, contents) = match state.load_latest() {
            Some(mut latest) => {
                let contents = std::mem::take(&mut latest.contents);
                (Some(latest.into_analysis()), contents)
            }
            None => (None, Default::default()),
        };
        Self {
            loops: state.load_loops(),
            snapshots: state.load_snapshots(),
            latest,
            contents,
            start: None,
            state,
            context,
            deferred_saves: false,
            saving: None,
            trials: false,
        }
    }

    /// Writes each check's state after its answer is shaped, on a thread of its own that holds
    /// the state's lock until it is done; the next check, and [`Session::settle`], wait for it.
    pub fn defer_saves(mut self) -> Self {
        self.deferred_saves = true;
        self
    }

    /// Makes the following checks trials (see [`Session::check`]) or ordinary checks again.
    pub fn set_trials(&mut self, trials: bool) {
        self.trials = trials;
    }

    /// Waits until the last check's state is on disk.
    pub async fn settle(&mut self) {
        if let Some(saving) = self.saving.take()
            && let Err(e) = saving.await
        {
            tracing::warn!("the last check's state may not be saved: {e}");
        }
    }

    /// The latest successful check, whole.
    pub fn latest(&self) -> Option<&Analysis> {
        self.latest.as_ref()
    }

    /// The content hash of each file with a fix in the latest check, as that check saw it
    /// (see [`crate::fix::content_hash`]).
    pub fn contents(&self) -> &std::collections::BTreeMap<String, String> {
        &self.contents
    }

    /// Records the issues of the latest check as the baseline; `None` before any check.
    pub fn record_baseline(&self) -> Option<std::io::Result<usize>> {
        let latest = self.latest.as_ref()?;
        let baseline = Baseline::of(latest);
        let count = baseline.issues.len();
        Some(self.state.save_baseline(&baseline).map(|()| count))
    }

    /// Forgets every loop signature and churn counter.
    pub fn reset_loops(&mut self) {
        let _lock = self.lock_state();
        self.loops = LoopHistory::default();
        self.state.save_loops(&self.loops);
    }

    /// The state's advisory lock, or `None` (with a warning) when the state cannot be persisted.
    fn lock_state(&self) -> Option<crate::state::files::DirLock> {
        self.state
            .lock()
            .map_err(|e| tracing::warn!("this check's state will not be saved: {e}"))
            .ok()
    }

    /// Runs a check, updates loops, delta and the latest check, and shapes the response;
    /// `observer` hears when each engine starts and finishes (the MCP server turns these
    /// into progress notifications).
    pub async fn check(
        &mut self,
        scope: &Scope,
        options: &ResponseOptions,
        cancel: &CancellationToken,
        observer: Option<&EngineObserver>,
    ) -> CheckResponse {
        self.settle().await;
        let report = run(&self.context, scope, cancel, observer).await;
        let mut analysis = report.analysis;
        let threshold = self.context.config.check.loop_threshold;
        // A cancelled check saw only part of the engines: answer it, but remember nothing of it
        // (no loop history, no delta baseline, not the latest check).
        let cancelled = cancel.is_cancelled();
        // Other servers and CLIs on the same project may have recorded checks since this session
        // last looked: under the state's lock, start from what is on disk, so that none of their
        // checks (and no oscillation split across them) is lost.
        let lock = if cancelled { None } else { self.lock_state() };
        if lock.is_some() {
            self.loops = self.state.load_loops();
            self.snapshots = self.state.load_snapshots();
        }
        let loops = if cancelled || self.trials {
            self.loops
                .clone()
                .update(&analysis, &report.rechecked, threshold)
        } else {
            self.loops.update(&analysis, &report.rechecked, threshold)
        };

        let previous = self.snapshots.memory.clone();
        let known = !previous.is_empty()
            && match scope {
                Scope::Project { .. } => true,
                Scope::Files { files } => files.iter().any(|f| previous.knows(f)),
            };
        let delta = known.then(|| {
            let report = core::delta(&previous, &analysis, &report.rechecked);
            report.annotate(&mut analysis.clusters);
            core::mark_new(&mut analysis, previous.ids());
            core::rank_new_errors_first(&mut analysis);
            report.overall
        });
        let next = Snapshot::advance(Some(&previous), &analysis, &report.rechecked);
        if !cancelled {
            self.snapshots.memory = next.clone();
            if self.start.is_none() {
                self.start = Some(next.clone());
            }
        }

        let page_size = if options.page_size == 0 {
            self.context.config.check.page_size
        } else {
            options.page_size
        };
        // `check_files` answers for its files and for what it broke elsewhere (scope.rs).
        let mut engines = report.engines;
        let scoped = match scope {
            Scope::Files { files } => {
                super::scope::FilesScope::of_files(files).narrow(&analysis, &previous, &mut engines)
            }
            Scope::Project { .. } => None,
        };
        let baseline = match options.since {
            Some(Since::Baseline) => {
                let baseline = self.state.load_baseline();
                if baseline.is_none() {
                    tracing::info!("no baseline recorded (signalint baseline): every issue is new");
                }
                baseline
            }
            _ => None,
        };
        let narrowed = options.since.map(|since| {
            let reference: Vec<&str> = match since {
                Since::Last => previous.ids().collect(),
                Since::Start => self.start.as_ref().unwrap_or(&next).ids().collect(),
                Since::Baseline => baseline
                    .iter()
                    .flat_map(|b| b.issues.iter().map(String::as_str))
                    .collect(),
            };
            core::narrow(scoped.as_ref().unwrap_or(&analysis), reference)
        });
        let shown = narrowed.as_ref().or(scoped.as_ref()).unwrap_or(&analysis);
        let page = core::page(&shown.clusters, options.cursor.as_deref(), page_size);
        let response = core::respond(ResponseParts {
            engines,
            rule_packs: report.rule_packs,
            analysis: shown,
            page,
            loops: Some(&loops),
            delta,
            include_issues: options.include_issues,
        });

        tracing::debug!("response shaped");
        if !cancelled {
            self.contents = crate::fix::contents_of(
                &self.context.root,
                &analysis,
                &crate::fix::actions::engines(&self.context),
            );
            if let Some(lock) = lock {
                let latest = LatestCheck::of(&analysis, &self.contents);
                if self.deferred_saves {
                    let (state, loops, snapshots) = (
                        self.state.clone(),
                        self.loops.clone(),
                        self.snapshots.clone(),
                    );
                    self.saving = Some(tokio::task::spawn_blocking(move || {
                        save_state(&state, &loops, &snapshots, &latest);
                        drop(lock);
                    }));
                } else {
                    save_state(&self.state, &self.loops, &self.snapshots, &latest);
                    drop(lock);
                }
            }
            self.latest = Some(analysis);
        }
        response
    }
}

/// Writes one check's state; the caller holds the state's lock.
fn save_state(state: &StateDir, loops: &LoopHistory, snapshots: &Snapshots, latest: &LatestCheck) {
    state.save_loops(loops);
    state.save_snapshots(snapshots);
    state.save_latest(latest);
    tracing::debug!("state saved");
}
