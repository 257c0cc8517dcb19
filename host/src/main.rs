fn main() -> std::process::ExitCode {
    signalint::cli::main()
}
