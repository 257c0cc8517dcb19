//! The command line: parse arguments, call `check`/`state`, render. No logic of its own.

mod baseline;
mod changed;
mod check;
mod doctor;
mod explain;
mod fix;
mod hook;
mod init;
mod merge;
mod new_plugin;
mod plugins;
mod rules;
mod setup;
mod tools;
mod trust;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// Exit codes, as documented in the README.
pub mod exit {
    /// No issues, every engine ran.
    pub const CLEAN: u8 = 0;
    /// Issues were found (or `--fail-on` matched).
    pub const ISSUES: u8 = 1;
    /// Bad arguments or a bad config.
    pub const USAGE: u8 = 2;
    /// No issues, but an engine or rule pack failed, so the result is incomplete.
    pub const ENGINE_FAILED: u8 = 3;
}

/// Runs code-quality engines and MCP rule packs, clusters what they find by root cause, and
/// tracks fix/regress loops.
#[derive(Debug, Parser)]
#[command(name = "signalint", version, about, max_term_width = 100)]
pub struct Cli {
    /// Project root (defaults to the current directory).
    #[arg(long, global = true, value_name = "DIR")]
    root: Option<PathBuf>,
    /// Config file (defaults to <root>/signalint.toml when it exists).
    #[arg(long, global = true, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Allow plugin directories from the config that lie inside the project.
    #[arg(long, global = true)]
    allow_project_plugins: bool,
    /// Trust the config for this run: its `tool`, `args`, `[[mcp.servers]]` and plugin paths
    /// take effect without `signalint trust` (also `SIGNALINT_TRUST=1`; for CI).
    #[arg(long, global = true)]
    trust: bool,
    /// More logging on stderr (-v info, -vv debug).
    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    verbose: u8,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check the project (or the given paths) with every enabled engine.
    Check(check::CheckArgs),
    /// Check the whole project and record its issues as the baseline (`check --new-only`).
    Baseline(baseline::BaselineArgs),
    /// List every plugin found on the plugin path and whether it loaded.
    Plugins(plugins::PluginsArgs),
    /// List every rule of every loaded rule pack with its documentation, and every engine.
    Rules(rules::RulesArgs),
    /// Apply the engines' fixes to the project (or the given paths), re-check, and keep only
    /// the fixes that introduce no new error.
    Fix(fix::FixArgs),
    /// Show every issue of a cluster (or one issue) from the latest check.
    Explain(explain::ExplainArgs),
    /// Show the fix/regress loops signalint has seen (or reset them with --reset).
    Loops(explain::LoopsArgs),
    /// Join the results of `check --shard I/N` runs into one answer (JSON, SARIF, GitHub).
    Merge(merge::MergeArgs),
    /// Write a new plugin crate (an engine adapter or a rule pack) that builds, loads and passes
    /// its own tests as it is.
    NewPlugin(new_plugin::NewPluginArgs),
    /// Write a starter signalint.toml and print MCP client configuration.
    Init(init::InitArgs),
    /// Say, for every engine and rule pack, whether it runs, with which tool and version, and why.
    Doctor(doctor::DoctorArgs),
    /// Install the managed engine toolchain (pinned oxlint, TypeScript, Biome) with npm.
    Setup(setup::SetupArgs),
    /// Check MCP tool definitions (a manifest, a server.json or a live server) with the rule packs.
    Tools(tools::ToolsArgs),
    /// Check the files an agent just edited (the client's post-edit hook payload on stdin) and
    /// exit with 2 only for errors the edit introduced, reported once each.
    Hook(hook::HookArgs),
    /// Serve the MCP tools (check_project, check_files, get_issue_detail, …) on stdio.
    Mcp(crate::mcp::McpArgs),
    /// Trust the project's config, so the commands it names (`tool`, `args`, `[[mcp.servers]]`,
    /// plugin paths) may run; a change to the file needs trust again.
    Trust(trust::TrustArgs),
}

/// Output format of `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Human,
    Json,
}

/// Parses arguments, runs the command, and returns the process exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging(cli.verbose);
    if cli.trust {
        crate::config::trust::trust_this_run();
    }
    if let Some(code) = require_installation(&cli) {
        return ExitCode::from(code);
    }
    let code = match cli.command {
        Command::Check(ref args) => check::run(&cli, args),
        Command::Baseline(ref args) => baseline::run(&cli, args),
        Command::Plugins(ref args) => plugins::run(&cli, args),
        Command::Rules(ref args) => rules::run(&cli, args),
        Command::Fix(ref args) => fix::run(&cli, args),
        Command::Explain(ref args) => explain::explain(&cli, args),
        Command::Loops(ref args) => explain::loops(&cli, args),
        Command::Mcp(ref args) => mcp(&cli, args),
        Command::Hook(ref args) => hook::run(&cli, args),
        Command::Setup(ref args) => setup::run(&cli, args),
        Command::Doctor(ref args) => doctor::run(&cli, args),
        Command::Init(ref args) => init::run(&cli, args),
        Command::Merge(ref args) => merge::run(&cli, args),
        Command::NewPlugin(ref args) => new_plugin::run(&cli, args),
        Command::Tools(ref args) => tools::run(&cli, args),
        Command::Trust(ref args) => trust::run(&cli, args),
    };
    ExitCode::from(code)
}

/// Commands that check or list plugins fail when the installation has lost its built-in
/// plugins (a binary copied away from them), with where it looked and how to reinstall.
fn require_installation(cli: &Cli) -> Option<u8> {
    let needs_plugins = match &cli.command {
        Command::Check(_)
        | Command::Fix(_)
        | Command::Baseline(_)
        | Command::Plugins(_)
        | Command::Rules(_)
        | Command::Doctor(_)
        | Command::Tools(_) => true,
        Command::Mcp(args) => !args.print_schemas,
        _ => false,
    };
    if !needs_plugins {
        return None;
    }
    let root = project_root(cli).ok()?;
    // A config that does not load is the command's own error to report.
    let config = crate::config::Config::discover(&root, cli.config.as_deref()).ok()?;
    let dirs = crate::plugins::plugin_dirs(&config.plugins.path, &root, cli.allow_project_plugins);
    crate::plugins::missing_installation(&dirs).map(usage_error)
}

/// `signalint mcp`: serve until the client disconnects.
fn mcp(cli: &Cli, args: &crate::mcp::McpArgs) -> u8 {
    if args.print_schemas {
        print(&crate::mcp::schemas_json());
        return exit::CLEAN;
    }
    let root = match project_root(cli) {
        Ok(root) => root,
        Err(e) => return usage_error(e),
    };
    let config = match crate::config::Config::discover(&root, cli.config.as_deref()) {
        Ok(config) => config,
        Err(e) => return usage_error(e),
    };
    let context = check::context(cli, root, config);
    match check::block_on(crate::mcp::serve(context)) {
        Ok(()) => exit::CLEAN,
        Err(e) => usage_error(e),
    }
}

fn init_logging(verbose: u8) {
    let default = match verbose {
        0 => "warn",
        1 => "info",
        _ => "debug",
    };
    let filter = tracing_subscriber::EnvFilter::try_from_env("SIGNALINT_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default));
    let debugging = filter
        .max_level_hint()
        .is_some_and(|level| level >= tracing::level_filters::LevelFilter::DEBUG);
    // Colour only for a person at a terminal: a log file or an MCP client's stderr capture gets
    // plain text.
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr)
        .with_target(false);
    // Debug output is for finding where time goes: stamp it with the time since start.
    let _ = if debugging {
        builder
            .with_timer(tracing_subscriber::fmt::time::uptime())
            .try_init()
    } else {
        builder.without_time().try_init()
    };
}

/// The canonical project root.
fn project_root(cli: &Cli) -> Result<PathBuf, String> {
    let root = match &cli.root {
        Some(root) => root.clone(),
        None => std::env::current_dir()
            .map_err(|e| format!("cannot read the current directory: {e}"))?,
    };
    root.canonicalize()
        .map_err(|e| format!("project root {}: {e}", root.display()))
}

/// Prints an error for a person and returns the usage exit code.
fn usage_error(message: impl std::fmt::Display) -> u8 {
    let style = anstyle::AnsiColor::Red.on_default().bold();
    anstream::eprintln!("{style}error{style:#}: {message}");
    exit::USAGE
}

/// Writes to stdout (the one place the CLI does).
#[allow(clippy::print_stdout)]
fn print(text: &str) {
    use std::io::Write;
    let mut stdout = anstream::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
}
