//! Handing freed memory back to the operating system between the large phases of a scan.
//!
//! The host allocates with mimalloc (see `main.rs`) and plugins, built as separate libraries,
//! with the system allocator, so memory one side frees is never reused by the other. A scan of
//! a very large manifest parses it in the host, frees that, then has each rule pack decode its
//! own copy: without handing the freed memory back, the peaks add up (a 100,000-tool manifest
//! went past 1.4 GB, where the largest single phase needs about half of that).

/// Returns the memory both allocators hold free to the operating system.
pub fn return_freed_memory() {
    // SAFETY: `mi_collect` only purges mimalloc's free pages; it is safe at any time, also when
    // the process's global allocator is another one (then there is nothing to purge).
    unsafe { libmimalloc_sys::mi_collect(true) };
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` only releases free memory at the top of and inside glibc's heaps.
    unsafe {
        libc::malloc_trim(0);
    }
}
