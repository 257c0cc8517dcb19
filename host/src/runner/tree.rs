//! No process the host starts outlives it, however it ends.
//!
//! * A registry of the process groups the host leads (every engine run, every live MCP server
//!   being listed): a SIGTERM, SIGINT or SIGHUP of the host kills them all before it exits
//!   ([`exit_on_signals`]).
//! * Every process the host starts gets a parent-death signal ([`prepare`]), and a watchdog
//!   process forked at start-up kills the registered groups, and every process that inherited
//!   the host's marker variable, when the host's end of a pipe closes: a SIGKILL of the host
//!   takes the engines' grandchildren down too.
//! * The host is the child subreaper, so a descendant that left its group (`setsid()`) and lost
//!   its parent is re-parented to the host, which kills and reaps it once the run is over.

use std::io;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// The process groups the host started and has not finished with, by leader pid.
static GROUPS: Mutex<Vec<i32>> = Mutex::new(Vec::new());
/// The write end of the watchdog's pipe, or -1 without a watchdog.
static WATCHDOG_FD: AtomicI32 = AtomicI32::new(-1);
/// The watchdog's pid (a child of the host, which must never kill it), or 0.
static WATCHDOG_PID: AtomicI32 = AtomicI32::new(0);
/// Whether the host is the child subreaper: only then is a child it did not start an orphan
/// of one of its runs (in a test binary it may be another test's process).
static ADOPTING: AtomicBool = AtomicBool::new(false);
/// `SIGNALINT_OWNER=<pid>.<start time>`: set on every process the host starts and inherited by
/// their descendants, so the watchdog can find a descendant that left every group and lost
/// its parent (re-parented to init once the host is gone). Unset without a watchdog.
static OWNER: std::sync::OnceLock<String> = std::sync::OnceLock::new();
const OWNER_VARIABLE: &str = "SIGNALINT_OWNER";

fn groups() -> MutexGuard<'static, Vec<i32>> {
    GROUPS.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Sets the host up as the root of every process it starts: the child subreaper, with a
/// watchdog for the case where it is killed outright. Call it first thing in `main`, while the
/// process has a single thread (the watchdog is forked); later calls do nothing.
pub fn guard_process_tree() {
    static DONE: std::sync::Once = std::sync::Once::new();
    DONE.call_once(|| {
        // SAFETY: prctl with these arguments only changes this process's own reaper flag.
        if unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) } == 0 {
            ADOPTING.store(true, Ordering::SeqCst);
        }
        let pid = std::process::id() as i32;
        let started = stat_field(pid, 19).unwrap_or_default();
        let _ = OWNER.set(format!("{pid}.{started}"));
        // SAFETY: `main` calls this while the process is single-threaded, so the forked child
        // may run any code; it never returns from `watch`.
        unsafe { start_watchdog() };
    });
}

/// Forks the watchdog: it keeps the set of registered groups it is sent and, when the pipe's
/// write end closes (the host exited, however), kills every group still in the set.
///
/// # Safety
/// The process must be single-threaded.
unsafe fn start_watchdog() {
    let mut fds = [0; 2];
    // SAFETY: pipe2 fills the two-element array; both ends close on exec, so no engine holds
    // the write end open after the host is gone.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return;
    }
    let [read, write] = fds;
    // A watchdog that stopped reading must not block the host: registrations are then lost.
    // SAFETY: sets a flag on the write end just made.
    unsafe { libc::fcntl(write, libc::F_SETFL, libc::O_NONBLOCK) };
    // SAFETY: the process is single-threaded (the caller's promise).
    match unsafe { libc::fork() } {
        -1 => {
            // SAFETY: closes the two descriptors just made.
            unsafe {
                libc::close(read);
                libc::close(write);
            }
        }
        0 => {
            // SAFETY: this is the forked child, which owns its copies of the descriptors.
            unsafe {
                libc::close(write);
                watch(read)
            }
        }
        pid => {
            // SAFETY: closes the host's copy of the read end.
            unsafe { libc::close(read) };
            WATCHDOG_PID.store(pid, Ordering::SeqCst);
            WATCHDOG_FD.store(write, Ordering::SeqCst);
        }
    }
}

/// The watchdog's life: detach from the host's terminal signals and descriptors, follow the
/// registrations (`+pid`, `-pid`, four bytes each), and kill what is left at end of file.
///
/// # Safety
/// Only in the freshly forked watchdog, with `read` the pipe's read end.
unsafe fn watch(read: i32) -> ! {
    // SAFETY: plain system calls on this process's own signal dispositions and descriptors.
    unsafe {
        // A Ctrl-C reaches the whole foreground group: the watchdog must stay to see the host go.
        for signal in [
            libc::SIGINT,
            libc::SIGTERM,
            libc::SIGHUP,
            libc::SIGQUIT,
            libc::SIGPIPE,
        ] {
            libc::signal(signal, libc::SIG_IGN);
        }
        libc::prctl(libc::PR_SET_NAME, c"signalint-watch".as_ptr(), 0, 0, 0);
        // Hold none of the host's streams: an MCP client waits for the host's stdout to close.
        let null = libc::open(c"/dev/null".as_ptr(), libc::O_RDWR);
        if null >= 0 {
            for fd in 0..3 {
                libc::dup2(null, fd);
            }
        }
        let read = if libc::dup2(read, 3) == 3 { 3 } else { read };
        if read == 3 {
            libc::syscall(libc::SYS_close_range, 4u32, u32::MAX, 0u32);
        }
    }
    let mut live: Vec<i32> = Vec::new();
    let mut started_any = false;
    let mut pending: Vec<u8> = Vec::new();
    let mut buffer = [0u8; 512];
    loop {
        // SAFETY: reads into a local buffer of the given length.
        let n = unsafe { libc::read(read, buffer.as_mut_ptr().cast(), buffer.len()) };
        if n < 0 && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
            continue;
        }
        if n <= 0 {
            break;
        }
        pending.extend_from_slice(&buffer[..n as usize]);
        let whole = pending.len() / 4 * 4;
        for message in pending[..whole].chunks_exact(4) {
            let pid = i32::from_ne_bytes(message.try_into().expect("four bytes"));
            if pid > 0 {
                live.push(pid);
                started_any = true;
            } else {
                live.retain(|&p| p != -pid);
            }
        }
        pending.drain(..whole);
    }
    for pid in live {
        // SAFETY: killpg only sends a signal.
        unsafe { libc::killpg(pid, libc::SIGKILL) };
    }
    // Twice: a process may fork while the first pass runs. A host that started nothing (most
    // commands but `check`, `mcp` and `tools`) has nothing to look for.
    if let Some(owner) = OWNER.get().filter(|_| started_any) {
        let marker = format!("{OWNER_VARIABLE}={owner}");
        for _ in 0..2 {
            kill_marked(marker.as_bytes());
            std::thread::sleep(Duration::from_millis(10));
        }
    }
    // SAFETY: ends the watchdog without running the host's exit handlers.
    unsafe { libc::_exit(0) }
}

/// Kills every process whose environment holds `marker` (only the user's own are readable).
fn kill_marked(marker: &[u8]) {
    let own = std::process::id() as i32;
    for pid in processes().filter(|&pid| pid != own) {
        let marked = std::fs::read(format!("/proc/{pid}/environ"))
            .is_ok_and(|environ| environ.split(|&b| b == 0).any(|entry| entry == marker));
        if marked {
            // SAFETY: kill only sends a signal.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    }
}

/// Tells the watchdog about a registration (`pid`) or its end (`-pid`).
fn tell_watchdog(message: i32) {
    let fd = WATCHDOG_FD.load(Ordering::SeqCst);
    if fd >= 0 {
        let bytes = message.to_ne_bytes();
        // SAFETY: writes four bytes from a local array; a pipe write this small is atomic.
        unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
    }
}

/// Makes `command` start a process that leads its own group, is killed when the host is, and
/// is killed when its handle is dropped. Spawn it with [`spawn_tracked`].
///
/// The parent-death signal fires when the *thread* that spawned the process exits, not the
/// process: every spawn happens in an async function polled by a runtime worker thread or by
/// the thread in `block_on`, both of which live as long as the runtime (the host never calls
/// the runner from `spawn_blocking`, whose idle threads exit after a few seconds).
pub fn prepare(command: &mut tokio::process::Command) {
    // The signal listener starts with the first process: a host that starts none (a warm check,
    // `loops`, `explain`) has nothing to clean up, and the default action of the signal ends it
    // as it should, without the cost of the listener's thread.
    exit_on_signals();
    command.process_group(0).kill_on_drop(true);
    if let Some(owner) = OWNER.get() {
        command.env(OWNER_VARIABLE, owner);
    }
    let parent = std::process::id() as libc::pid_t;
    // SAFETY: prctl and getppid are async-signal-safe and touch only the new process.
    unsafe {
        command.pre_exec(move || {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
            // The host may have died between fork and prctl: then nothing would fire.
            if libc::getppid() != parent {
                return Err(io::Error::other(
                    "the host exited before the engine started",
                ));
            }
            Ok(())
        });
    }
}

/// Starts a process with `spawn` (prepared with [`prepare`]) and registers its group, both
/// under the registry's lock, so no sweep ever takes it for an orphan.
pub fn spawn_tracked<T>(
    spawn: impl FnOnce() -> io::Result<T>,
    pid_of: impl FnOnce(&T) -> Option<u32>,
) -> io::Result<(T, Tracked)> {
    let mut groups = groups();
    let spawned = spawn()?;
    let pid = pid_of(&spawned).map_or(0, |pid| pid as i32);
    if pid > 0 {
        groups.push(pid);
        tell_watchdog(pid);
    }
    Ok((spawned, Tracked { pid }))
}

/// The process groups registered now, by leader pid.
pub fn live_groups() -> Vec<i32> {
    groups().clone()
}

/// A registered process group; dropping it kills the group and ends the registration.
#[derive(Debug)]
pub struct Tracked {
    pid: i32,
}

impl Tracked {
    /// The group leader's pid (0 when the spawn gave none).
    pub fn pid(&self) -> i32 {
        self.pid
    }

    /// Kills every process still in the group.
    pub fn kill(&self) {
        if self.pid > 0 {
            // SAFETY: killpg only sends a signal; a stale group id fails with ESRCH.
            unsafe { libc::killpg(self.pid, libc::SIGKILL) };
        }
    }

    /// Kills the group, ends the registration, then kills and reaps the orphans the host
    /// adopted, until the group is gone (one second at most).
    pub async fn end(self) {
        let pid = self.pid;
        drop(self);
        let deadline = Instant::now() + Duration::from_secs(1);
        // SAFETY: kill with signal 0 only asks whether the group still has a process.
        while (sweep() > 0 || (pid > 0 && unsafe { libc::kill(-pid, 0) } == 0))
            && Instant::now() < deadline
        {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}

impl Drop for Tracked {
    fn drop(&mut self) {
        self.kill();
        if self.pid > 0 {
            groups().retain(|&p| p != self.pid);
            tell_watchdog(-self.pid);
        }
        sweep();
    }
}

/// Kills every child of the host it adopted (neither registered nor the watchdog), reaps those
/// already dead, and returns how many it saw. Nothing when the host is no subreaper.
///
/// Call it until it sees none: the children lists are read thread by thread, so a scan can
/// miss orphans that moved to an earlier thread's list while it ran (an adoptee reaped in one
/// scan had its own children re-parented by then, so the next scan sees them).
fn sweep() -> usize {
    if !ADOPTING.load(Ordering::SeqCst) {
        return 0;
    }
    let groups = groups();
    let watchdog = WATCHDOG_PID.load(Ordering::SeqCst);
    // The registry stays locked to the end, so no pid is freed and reused meanwhile.
    let adopted: Vec<i32> = children()
        .into_iter()
        .filter(|pid| *pid != watchdog && !groups.contains(pid))
        .collect();
    for &pid in &adopted {
        kill_and_reap(pid);
    }
    adopted.len()
}

/// Reaps the host's children that are dead and not registered (adopted orphans, a watchdog
/// that was killed) on SIGCHLD, killing none.
fn reap_dead_orphans() {
    if !ADOPTING.load(Ordering::SeqCst) {
        return;
    }
    let groups = groups();
    for pid in children() {
        if !groups.contains(&pid) && zombie(pid) {
            reap(pid);
        }
    }
}

/// Kills `pid` and the group it leads, if any; true when it is reaped.
fn kill_and_reap(pid: i32) -> bool {
    // SAFETY: signals to a child of this process (and its own group, if it leads one).
    unsafe {
        if libc::getpgid(pid) == pid {
            libc::killpg(pid, libc::SIGKILL);
        }
        libc::kill(pid, libc::SIGKILL);
    }
    reap(pid)
}

/// Reaps `pid` if it has ended; true when it has (or is no child any more).
fn reap(pid: i32) -> bool {
    let mut status = 0;
    // SAFETY: waits without blocking for one specific child.
    let reaped = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
    reaped == pid || reaped < 0
}

/// The host's children, from every thread's `children` list in /proc (each thread has its
/// own), or from every process's parent pid where the kernel has no such list.
fn children() -> Vec<i32> {
    let mut found = Vec::new();
    let mut listed = false;
    if let Ok(tasks) = std::fs::read_dir("/proc/self/task") {
        for task in tasks.flatten() {
            if let Ok(text) = std::fs::read_to_string(task.path().join("children")) {
                listed = true;
                found.extend(
                    text.split_whitespace()
                        .filter_map(|p| p.parse::<i32>().ok()),
                );
            }
        }
    }
    if !listed {
        let own = std::process::id() as i32;
        found = processes()
            .filter(|&pid| stat_field(pid, 1).is_some_and(|ppid| ppid == own.to_string()))
            .collect();
    }
    found.sort_unstable();
    found.dedup();
    found
}

fn processes() -> impl Iterator<Item = i32> {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
}

/// Field `index` of `/proc/<pid>/stat` after the command name: 0 is the state, 1 the parent.
fn stat_field(pid: i32, index: usize) -> Option<String> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = stat.rsplit_once(") ")?.1;
    rest.split_whitespace().nth(index).map(str::to_owned)
}

fn zombie(pid: i32) -> bool {
    stat_field(pid, 0).is_none_or(|state| state == "Z" || state == "X")
}

/// Kills every registered group, then kills and reaps every child of the host (the watchdog
/// aside) until two scans in a row find none (two seconds at most), then exits with
/// `128 + signal`. Holds the registry to the end, so no new process starts meanwhile.
fn terminate(signal: i32) -> ! {
    let groups = groups();
    for &pid in groups.iter() {
        // SAFETY: killpg only sends a signal.
        unsafe { libc::killpg(pid, libc::SIGKILL) };
    }
    let watchdog = WATCHDOG_PID.load(Ordering::SeqCst);
    let deadline = Instant::now() + Duration::from_secs(2);
    let mut quiet = 0;
    while quiet < 2 && Instant::now() < deadline {
        let seen: Vec<i32> = children()
            .into_iter()
            .filter(|&pid| pid != watchdog)
            .collect();
        quiet = if seen.is_empty() { quiet + 1 } else { 0 };
        // Each child seen is killed, and reaped once dead: by then its own children are the
        // host's, and the next scan sees them.
        for pid in seen {
            kill_and_reap(pid);
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    // SAFETY: ends the process at once: no exit handler runs while other threads are still
    // inside plugin code, and a killed command has nothing left to print.
    unsafe { libc::_exit(128 + signal) }
}

/// Makes a SIGTERM, SIGINT or SIGHUP of the host kill every process it started, then exit
/// with `128 + signal`; meanwhile adopted orphans are reaped as they die, so no zombie piles up.
///
/// The listener runs on a thread of its own for the rest of the process, started on the first
/// call (later calls do nothing): a handler, once installed, stays for the life of the process,
/// so a listener that went away with its runtime would leave these signals swallowed. Returns
/// once the signals are caught.
pub fn exit_on_signals() {
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(|| {
        let (ready, listening) = std::sync::mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("signalint-signals".into())
            .spawn(move || listen(&ready));
        if spawned.is_ok() {
            let _ = listening.recv_timeout(Duration::from_secs(5));
        }
    });
}

/// The signal thread: says when it listens on `ready`, and ends the host on the first signal.
fn listen(ready: &std::sync::mpsc::Sender<()>) {
    use tokio::signal::unix::{SignalKind, signal};
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build();
    let Ok(runtime) = runtime else {
        tracing::warn!("cannot listen for signals: no runtime");
        let _ = ready.send(());
        return;
    };
    runtime.block_on(async {
        // A signal the host was started with ignored (`nohup`, a background job of a script)
        // stays ignored: the host never dies of it, so it has nothing to clean up.
        let listen = |kind: SignalKind| {
            if ignored(kind.as_raw_value()) {
                return None;
            }
            signal(kind)
                .inspect_err(|e| tracing::warn!("cannot listen for a signal: {e}"))
                .ok()
        };
        let mut term = listen(SignalKind::terminate());
        let mut int = listen(SignalKind::interrupt());
        let mut hup = listen(SignalKind::hangup());
        let child = signal(SignalKind::child());
        let _ = ready.send(());
        let mut child = child.ok();
        let signal = loop {
            tokio::select! {
                Some(()) = recv(&mut term) => break libc::SIGTERM,
                Some(()) = recv(&mut int) => break libc::SIGINT,
                Some(()) = recv(&mut hup) => break libc::SIGHUP,
                Some(()) = recv(&mut child) => reap_dead_orphans(),
                else => return,
            }
        };
        terminate(signal)
    });
}

/// The next delivery of a signal listened for, or never when it is not.
async fn recv(stream: &mut Option<tokio::signal::unix::Signal>) -> Option<()> {
    match stream {
        Some(stream) => stream.recv().await,
        None => std::future::pending().await,
    }
}

/// Whether `signal` is ignored in this process.
fn ignored(signal: i32) -> bool {
    // SAFETY: sigaction with no new action only reads the current one into a zeroed struct.
    unsafe {
        let mut current: libc::sigaction = std::mem::zeroed();
        libc::sigaction(signal, std::ptr::null(), &mut current) == 0
            && current.sa_sigaction == libc::SIG_IGN
    }
}
