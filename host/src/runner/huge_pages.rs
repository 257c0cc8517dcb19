//! Transparent huge pages off for signalint's own process, as they were for the engines.
//!
//! mimalloc advises its arena for transparent huge pages, so where THP is in `madvise` mode
//! (the common default) each 2 MiB region a thread first allocates in is faulted in as one huge
//! page and zeroed whole. A check allocates a few MiB spread over a dozen short-lived threads
//! (plugin loading, tokio workers, key hashing): on rxjs that was 8 huge-page faults, 16 MiB
//! zeroed, much of it on the path to the engine's start. The host turns THP off for itself
//! while it loads, before mimalloc's own initialisation (`host/src/main.rs`). The setting is inherited across fork and exec, so each engine process puts back the
//! setting the host started with before it executes, and runs as it would from a shell.

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether THP was already off when the host started (the user's own choice, kept for engines).
static DISABLED_BY_PARENT: AtomicBool = AtomicBool::new(false);

/// Turns transparent huge pages off for this process. Call once, before the allocator's first
/// use and before other threads exist; it allocates nothing.
pub fn disable_for_this_process() {
    #[cfg(target_os = "linux")]
    // SAFETY: PR_GET/PR_SET_THP_DISABLE only read or set a flag of this process's memory
    // descriptor; a failure leaves THP as it was, which is harmless.
    unsafe {
        let before = libc::prctl(libc::PR_GET_THP_DISABLE, 0, 0, 0, 0);
        if before == 0 {
            libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
        } else if before == 1 {
            DISABLED_BY_PARENT.store(true, Ordering::Relaxed);
        }
    }
}

/// Whether a child must put THP back on before it executes its program: the host turned it
/// off for itself, and the host's parent had not.
pub(crate) fn children_need_restore() -> bool {
    is_disabled() && !DISABLED_BY_PARENT.load(Ordering::Relaxed)
}

/// Puts THP back on in a forked child, before `exec`. Async-signal-safe (one system call).
pub(crate) fn restore_in_child() {
    #[cfg(target_os = "linux")]
    // SAFETY: as above; prctl is a plain system call, safe between fork and exec.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 0, 0, 0, 0);
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
