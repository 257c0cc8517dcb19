/// mimalloc: the core frees and allocates hundreds of thousands of small strings per check, where
/// glibc's malloc spent a third of the time. Plugins are cdylibs with their own allocators and
/// exchange only abi_stable types and JSON strings with the host, so no allocation crosses over.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    // First, while the process has one thread: the watchdog is forked here.
    signalint::runner::guard_process_tree();
    signalint::cli::main()
}
