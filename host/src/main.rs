/// mimalloc: the core frees and allocates hundreds of thousands of small strings per check, where
/// glibc's malloc spent a third of the time. Plugins are cdylibs with their own allocators and
/// exchange only abi_stable types and JSON strings with the host, so no allocation crosses over.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The host's huge-page policy (see `runner::huge_pages`), set while the process loads:
/// mimalloc reserves and first touches its arena in a constructor of its own, which has no
/// priority and so runs after this prioritised one.
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array.00101")]
static HUGE_PAGES_OFF: extern "C" fn() = huge_pages_off;

#[cfg(target_os = "linux")]
extern "C" fn huge_pages_off() {
    signalint::runner::huge_pages::disable_for_this_process();
}

fn main() -> std::process::ExitCode {
    signalint::cli::main()
}
