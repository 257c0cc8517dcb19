//! The only place that spawns processes.
//!
//! Every engine run gets its own process group, a timeout, a cap on captured output (passing
//! it kills the run at once), a slot from a concurrency limit, and a cancellation token. On
//! timeout, cancellation or overflow the whole group is killed, so an engine's grandchildren
//! (tsgolint under oxlint, the native compiler under an npm shim) die with it; [`tree`] sees
//! to the processes that leave the group and to the host's own death.

mod environment;
mod persistent;
mod tree;

pub use environment::{AGENT_ENV_PREFIXES, scrubbed_environment};
pub use persistent::Persistent;
pub use tree::{Tracked, exit_on_signals, guard_process_tree, live_groups, prepare, spawn_tracked};

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use tokio::io::{AsyncRead, AsyncReadExt};
use tokio::sync::{Mutex, Semaphore};
use tokio_util::sync::CancellationToken;

/// One process to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    pub program: String,
    pub args: Vec<String>,
    pub env: BTreeMap<String, String>,
    pub cwd: PathBuf,
    pub timeout: Duration,
    /// Niceness to run at (0: normal), so a process on the check's critical path (the
    /// whole-program engine) gets the cores first when they are scarce.
    pub niceness: i32,
    /// A later, lower priority for a process that is still running after a while.
    pub demotion: Option<Demotion>,
    /// Bytes written to the process's stdin, which is then closed (none: stdin is empty).
    pub stdin: Option<Vec<u8>>,
}

impl Command {
    /// `program args` in `cwd` with the host's environment, at normal priority throughout.
    pub fn new(program: String, args: Vec<String>, cwd: PathBuf, timeout: Duration) -> Self {
        Self {
            program,
            args,
            env: BTreeMap::new(),
            cwd,
            timeout,
            niceness: 0,
            demotion: None,
            stdin: None,
        }
    }
}

/// Lowers a long-running process's priority: once it has run for `after`, its whole process
/// group (every thread of every process in it) goes to `niceness`. The critical path of a small
/// check keeps the cores; a long one hands them to the processes beside it, whose
/// single-threaded final phases then overlap it instead of trailing it.
#[derive(Debug, Clone)]
pub struct Demotion {
    pub after: Duration,
    pub niceness: i32,
    /// How many of the processes the demotion makes room for are still running; when the
    /// time comes and none is, the process keeps its priority. `None`: demote regardless.
    pub only_while: Option<Arc<AtomicUsize>>,
}

impl PartialEq for Demotion {
    fn eq(&self, other: &Self) -> bool {
        let same_count = match (&self.only_while, &other.only_while) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        };
        self.after == other.after && self.niceness == other.niceness && same_count
    }
}

impl Eq for Demotion {}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The process exited on its own (code `None` when the status could not be read).
    Exited(Option<i32>),
    /// A signal the runner did not send ended the process (a crash: SIGSEGV, SIGABRT, or a
    /// kill from outside).
    Signaled(i32),
    /// The timeout fired and the process group was killed.
    TimedOut,
    /// The run was cancelled and the process group was killed.
    Cancelled,
    /// Stdout or stderr went past the output cap and the process group was killed then.
    OutputExceeded,
}

/// What a run produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    pub ending: Ending,
    pub stdout: String,
    pub stderr: String,
    /// True when stdout or stderr went past the cap and was cut (the ending is then
    /// [`Ending::OutputExceeded`], unless a timeout or cancellation came first).
    pub truncated: bool,
    pub duration: Duration,
}

impl Output {
    pub fn exit_code(&self) -> Option<i32> {
        match self.ending {
            Ending::Exited(code) => code,
            _ => None,
        }
    }

    /// The last `lines` lines of stderr, for error messages.
    pub fn stderr_tail(&self, lines: usize) -> String {
        tail(&self.stderr, lines)
    }
}

/// The last `lines` non-empty lines of `text`.
pub fn tail(text: &str, lines: usize) -> String {
    let kept: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    kept[kept.len().saturating_sub(lines)..].join("\n")
}

/// A spawn failure: the program could not be started at all.
#[derive(Debug, thiserror::Error)]
#[error("cannot start `{program}`: {source}")]
pub struct SpawnError {
    pub program: String,
    #[source]
    pub source: std::io::Error,
}

/// One spawned process, as recorded for diagnostics and tests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpawnRecord {
    pub program: String,
    pub args: Vec<String>,
    pub pid: u32,
}

/// Runs engine processes under shared limits.
#[derive(Debug, Clone)]
pub struct Runner {
    slots: Arc<Semaphore>,
    output_cap: usize,
    spawned: Arc<AtomicU64>,
    record: Arc<Mutex<Vec<SpawnRecord>>>,
}

impl Runner {
    /// `concurrency` processes at once; each output stream is kept up to `output_cap` bytes.
    pub fn new(concurrency: usize, output_cap: usize) -> Self {
        Self {
            slots: Arc::new(Semaphore::new(concurrency.max(1))),
            output_cap,
            spawned: Arc::new(AtomicU64::new(0)),
            record: Arc::new(Mutex::new(Vec::new())),
        }
    }

    /// The output cap in bytes.
    pub fn output_cap(&self) -> usize {
        self.output_cap
    }

    /// How many processes this runner has spawned.
    pub fn spawn_count(&self) -> u64 {
        self.spawned.load(Ordering::SeqCst)
    }

    /// Every process this runner has spawned, oldest first (the last 1,000).
    pub async fn spawn_record(&self) -> Vec<SpawnRecord> {
        self.record.lock().await.clone()
    }

    /// Counts and records one spawned process.
    async fn note_spawn(&self, spawned: SpawnRecord) {
        self.spawned.fetch_add(1, Ordering::SeqCst);
        let mut record = self.record.lock().await;
        if record.len() >= 1000 {
            record.remove(0);
        }
        record.push(spawned);
    }

    /// Spawns the prepared `process` for `command` with its group tracked (killed when the
    /// returned guard drops), and records it: the one way one-shot and persistent engine
    /// processes start.
    async fn spawn_recorded(
        &self,
        process: &mut tokio::process::Command,
        command: &Command,
    ) -> Result<(tokio::process::Child, Tracked), SpawnError> {
        let (child, group) =
            spawn_tracked(|| process.spawn(), tokio::process::Child::id).map_err(|source| {
                SpawnError {
                    program: command.program.clone(),
                    source,
                }
            })?;
        self.note_spawn(SpawnRecord {
            program: command.program.clone(),
            args: command.args.clone(),
            pid: child.id().unwrap_or_default(),
        })
        .await;
        Ok((child, group))
    }

    /// Runs `command` to completion, timeout, cancellation or overflow.
    pub async fn run(
        &self,
        command: &Command,
        cancel: &CancellationToken,
    ) -> Result<Output, SpawnError> {
        let _slot = tokio::select! {
            slot = self.slots.acquire() => slot.expect("the runner's semaphore is never closed"),
            () = cancel.cancelled() => {
                return Ok(Output {
                    ending: Ending::Cancelled,
                    stdout: String::new(),
                    stderr: String::new(),
                    truncated: false,
                    duration: Duration::ZERO,
                });
            }
        };
        let started = Instant::now();
        let mut process = tokio::process::Command::new(&command.program);
        process
            .args(&command.args)
            .env_clear()
            .envs(scrubbed_environment())
            .envs(&command.env)
            .current_dir(&command.cwd)
            .stdin(if command.stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        prepare(&mut process);
        if command.niceness > 0 {
            let niceness = command.niceness;
            // SAFETY: setpriority is async-signal-safe and touches only the new process; a
            // failure leaves it at normal priority, which is harmless.
            unsafe {
                process.pre_exec(move || {
                    libc::setpriority(libc::PRIO_PROCESS, 0, niceness);
                    Ok(())
                });
            }
        }
        // The group is killed when this guard drops, also if the future running us is dropped
        // (a cancelled request): no engine outlives the check that started it.
        let (mut child, group) = self.spawn_recorded(&mut process, command).await?;
        let pid = child.id().unwrap_or_default();
        let cap = self.output_cap;
        let exceeded = CancellationToken::new();
        let stdout = child.stdout.take().expect("piped");
        let stderr = child.stderr.take().expect("piped");
        let stdout = tokio::spawn(read_capped(stdout, cap, exceeded.clone()));
        let stderr = tokio::spawn(read_capped(stderr, cap, exceeded.clone()));
        // Written beside the readers, so a child that prints before reading never blocks us;
        // a child that exits without reading it all is not an error.
        if let (Some(mut input), Some(bytes)) = (child.stdin.take(), command.stdin.clone()) {
            tokio::spawn(async move {
                use tokio::io::AsyncWriteExt;
                let _ = input.write_all(&bytes).await;
            });
        }

        let ending = tokio::select! {
            status = child.wait() => ending_of(status.ok()),
            () = exceeded.cancelled() => Ending::OutputExceeded,
            never = demote(pid, command.demotion.as_ref()) => match never {},
            () = tokio::time::sleep(command.timeout) => Ending::TimedOut,
            () = cancel.cancelled() => Ending::Cancelled,
        };
        // Kill whatever is left of the group: the leader on timeout, cancel or overflow, and
        // on a normal exit any grandchild still holding our pipes; then the orphans that left
        // the group, so the pipes close.
        group.kill();
        if !matches!(ending, Ending::Exited(_) | Ending::Signaled(_)) {
            let _ = child.wait().await;
        }
        group.end().await;
        let grace = Duration::from_secs(2);
        let (stdout, cut_out) = collect(stdout, grace).await;
        let (stderr, cut_err) = collect(stderr, grace).await;
        let truncated = cut_out || cut_err;
        Ok(Output {
            // A process that printed past the cap and exited before the kill still overflowed.
            ending: match ending {
                Ending::Exited(_) | Ending::Signaled(_) if truncated => Ending::OutputExceeded,
                ending => ending,
            },
            stdout,
            stderr,
            truncated,
            duration: started.elapsed(),
        })
    }
}

/// Applies `demotion` to the process group led by `pid` when its time comes; never returns.
async fn demote(pid: u32, demotion: Option<&Demotion>) -> std::convert::Infallible {
    if let Some(demotion) = demotion {
        tokio::time::sleep(demotion.after).await;
        let wanted = demotion
            .only_while
            .as_ref()
            .is_none_or(|running| running.load(Ordering::SeqCst) > 0);
        // SAFETY: setpriority only changes the scheduling of the group this runner started
        // (it is killed, not reused, before the runner lets go of it); raising a niceness
        // needs no privilege, and a failure leaves the group as it was.
        if wanted {
            unsafe {
                libc::setpriority(libc::PRIO_PGRP, pid as libc::id_t, demotion.niceness);
            }
        }
    }
    std::future::pending().await
}

/// How a process that ended on its own ended.
fn ending_of(status: Option<std::process::ExitStatus>) -> Ending {
    use std::os::unix::process::ExitStatusExt;
    match status.map(|s| (s.code(), s.signal())) {
        Some((None, Some(signal))) => Ending::Signaled(signal),
        Some((code, _)) => Ending::Exited(code),
        None => Ending::Exited(None),
    }
}

/// A signal's name for messages: `SIGSEGV`, or the number when it is not a common one.
pub fn signal_name(signal: i32) -> String {
    let name = match signal {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        _ => return format!("signal {signal}"),
    };
    name.to_owned()
}

type Captured = tokio::task::JoinHandle<std::io::Result<(Vec<u8>, bool)>>;

async fn collect(handle: Captured, grace: Duration) -> (String, bool) {
    match tokio::time::timeout(grace, handle).await {
        Ok(Ok(Ok((bytes, truncated)))) => (String::from_utf8_lossy(&bytes).into_owned(), truncated),
        _ => (String::new(), false),
    }
}

/// Keeps at most `cap` bytes; one byte more cancels `exceeded` (the run is then killed) and
/// ends the reading.
async fn read_capped<R: AsyncRead + Unpin>(
    mut reader: R,
    cap: usize,
    exceeded: CancellationToken,
) -> std::io::Result<(Vec<u8>, bool)> {
    let mut kept = Vec::with_capacity(8192.min(cap));
    (&mut reader)
        .take(cap as u64)
        .read_to_end(&mut kept)
        .await?;
    let past = reader.read(&mut [0u8; 1]).await? > 0;
    if past {
        exceeded.cancel();
    }
    Ok((kept, past))
}

#[cfg(test)]
mod tests;
