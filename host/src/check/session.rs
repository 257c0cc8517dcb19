//! A check and everything it updates: loop history, the delta baseline, the latest check.
//!
//! The MCP server keeps one `Session` in memory for its lifetime; the CLI opens one per run.
//! Both persist to `.signalint/` so loops and deltas survive restarts.

use tokio_util::sync::CancellationToken;

use super::{Context, EngineObserver, Scope, run_observed};
use crate::core::{self, Analysis, CheckResponse, Delta, LoopHistory, ResponseParts, Snapshot};
use crate::state::{LatestCheck, Snapshots, StateDir};

/// How to shape one response.
#[derive(Debug, Clone, Default)]
pub struct ResponseOptions {
    /// Cursor from a previous response's `nextCursor`.
    pub cursor: Option<String>,
    /// Clusters per page (0: the config's page size).
    pub page_size: usize,
    /// Include every issue.
    pub include_issues: bool,
}

/// Loop history, delta baselines and the latest check of one project.
#[derive(Debug)]
pub struct Session {
    pub context: Context,
    pub loops: LoopHistory,
    snapshots: Snapshots,
    latest: Option<Analysis>,
    state: StateDir,
}

impl Session {
    /// Opens the session, reading what `.signalint/` remembers.
    pub fn open(context: Context) -> Self {
        let state = StateDir::new(&context.root);
        Self {
            loops: state.load_loops(),
            snapshots: state.load_snapshots(),
            latest: state.load_latest().map(LatestCheck::into_analysis),
            state,
            context,
        }
    }

    /// The latest successful check, whole.
    pub fn latest(&self) -> Option<&Analysis> {
        self.latest.as_ref()
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

    /// Runs a check, updates loops, delta and the latest check, and shapes the response.
    pub async fn check(
        &mut self,
        scope: &Scope,
        options: &ResponseOptions,
        cancel: &CancellationToken,
    ) -> CheckResponse {
        self.check_observed(scope, options, cancel, None).await
    }

    /// [`Session::check`], telling `observer` when each engine starts and finishes (the MCP
    /// server turns these into progress notifications).
    pub async fn check_observed(
        &mut self,
        scope: &Scope,
        options: &ResponseOptions,
        cancel: &CancellationToken,
        observer: Option<&EngineObserver>,
    ) -> CheckResponse {
        let report = run_observed(&self.context, scope, cancel, observer).await;
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
        let loops = if cancelled {
            self.loops
                .clone()
                .update(&analysis, &report.rechecked, threshold)
        } else {
            self.loops.update(&analysis, &report.rechecked, threshold)
        };

        let key = scope_key(scope);
        let previous = self.snapshots.get(&key).cloned();
        let delta = previous.as_ref().map(|previous| {
            let report = core::delta(previous, &analysis, &report.rechecked);
            report.annotate(&mut analysis.clusters);
            report.overall
        });
        if !cancelled {
            let next = Snapshot::advance(previous.as_ref(), &analysis, &report.rechecked);
            self.snapshots.put(key, next);
        }

        let page_size = if options.page_size == 0 {
            self.context.config.check.page_size
        } else {
            options.page_size
        };
        let page = core::page(&analysis.clusters, options.cursor.as_deref(), page_size);
        let response = core::respond(ResponseParts {
            engines: report.engines,
            rule_packs: report.rule_packs,
            analysis: &analysis,
            page,
            loops: Some(&loops),
            delta: delta.map(|d: Delta| d),
            include_issues: options.include_issues,
        });

        tracing::debug!("response shaped");
        if !cancelled {
            if lock.is_some() {
                self.state.save_loops(&self.loops);
                self.state.save_snapshots(&self.snapshots);
                self.state.save_latest(&LatestCheck::of(&analysis));
                tracing::debug!("state saved");
            }
            self.latest = Some(analysis);
        }
        drop(lock);
        response
    }
}

/// A stable key for "the same scope": the kind and the sorted paths.
fn scope_key(scope: &Scope) -> String {
    let (kind, paths) = match scope {
        Scope::Project { paths } => ("project", paths),
        Scope::Files { files } => ("files", files),
    };
    let mut sorted: Vec<&str> = paths.iter().map(String::as_str).collect();
    sorted.sort_unstable();
    sorted.dedup();
    let mut parts = vec![kind];
    parts.extend(sorted);
    core::short_hash(&parts)
}
