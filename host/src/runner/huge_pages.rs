//! Transparent huge pages off for signalint's own process, as they were for the engines.
//!
//! mimalloc advises its arena for transparent huge pages, so where THP is in `madvise` mode
//! (the common default) each 2 MiB region a thread first allocates in is faulted in as one huge
//! page and zeroed whole. A check allocates a few MiB spread over a dozen short-lived threads
//! (plugin loading, tokio workers, key hashing): on rxjs that was 8 huge-page faults, 16 MiB
//! zeroed, much of it on the path to the engine's start. The host turns THP off for itself
//! while it loads, before mimalloc's own initialisation (`host/src/main.rs`). The setting is
//! inherited across fork and exec, so the host puts back the setting it started with while it
//! spawns an engine, which then runs as it would from a shell. A check large enough for huge
//! pages to pay off turns them back on for its analysis ([`allow_for_large_check`]).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether THP was already off when the host started (the user's own choice, kept for engines).
static DISABLED_BY_PARENT: AtomicBool = AtomicBool::new(false);

/// Turns transparent huge pages off for this process. Call once, before the allocator's first
/// use and before other threads exist; it allocates nothing.
pub fn disable_for_this_process() {
    if is_disabled() {
        DISABLED_BY_PARENT.store(true, Ordering::Relaxed);
    } else {
        set_disabled(true);
    }
}

/// Whether THP is off now because the host turned it off (not the host's parent).
fn off_by_the_host() -> bool {
    !DISABLED_BY_PARENT.load(Ordering::Relaxed) && is_disabled()
}

/// Runs `spawn` (which starts a child process) with the huge-page policy the host started with,
/// so the child inherits that policy rather than the host's own.
///
/// The policy is switched around the spawn, not in the child before `exec`: a `pre_exec` hook
/// would make std fork the host instead of using `posix_spawn`, and a fork copies the host's
/// page tables and then every page the host writes until the child has executed. Spawns are
/// serialised while the policy is switched; another host thread allocating meanwhile may get
/// a huge page, which is harmless.
pub(crate) fn spawn_with_start_policy<T>(spawn: impl FnOnce() -> T) -> T {
    static SWITCHED: Mutex<()> = Mutex::new(());
    if !off_by_the_host() {
        return spawn();
    }
    let _switched = SWITCHED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    set_disabled(false);
    let spawned = spawn();
    set_disabled(true);
    spawned
}

fn set_disabled(disabled: bool) {
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE only sets a flag of this process's memory descriptor; a failure
    // leaves THP as it was, which is harmless.
    unsafe {
        libc::prctl(
            libc::PR_SET_THP_DISABLE,
            libc::c_ulong::from(disabled),
            0,
            0,
            0,
        );
    }
    #[cfg(not(target_os = "linux"))]
    let _ = disabled;
}

/// Issues in one check from which its analysis allocates tens of MiB, densely enough that huge
/// pages save more page faults than their zeroing costs: the core benchmark (100,000 issues)
/// runs 15-25 % faster with them.
pub const LARGE_CHECK_ISSUES: usize = 10_000;

/// Puts back the policy the host started with before the analysis of a check with at least
/// [`LARGE_CHECK_ISSUES`] issues; it stays so for the rest of the process.
pub fn allow_for_large_check(issues: usize) {
    if issues >= LARGE_CHECK_ISSUES && off_by_the_host() {
        set_disabled(false);
    }
}

/// Whether THP is off for this process now.
pub fn is_disabled() -> bool {
    #[cfg(target_os = "linux")]
    // SAFETY: reads a flag of this process.
    unsafe {
        libc::prctl(libc::PR_GET_THP_DISABLE, 0, 0, 0, 0) == 1
    }
    #[cfg(not(target_os = "linux"))]
    false
}
