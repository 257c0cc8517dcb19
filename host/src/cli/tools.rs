//! `signalint tools scan`: the rule packs on one manifest, `server.json` or live server, with
//! no project configuration needed.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Subcommand};
use serde::Serialize;
use signalint_plugin_api::{Finding, FindingSeverity, PluginKind, methods};

use super::{Cli, Format, exit, print, usage_error};
use crate::check::rule_packs::SharedSurfaces;
use crate::config::{Config, options_json};
use crate::mcp_sources::{self, LiveServer, LoadedSurface, lock};
use crate::plugins::{CallError, Registry, plugin_dirs};

#[derive(Debug, Args)]
pub struct ToolsArgs {
    #[command(subcommand)]
    command: ToolsCommand,
}

#[derive(Debug, Subcommand)]
enum ToolsCommand {
    /// Scan MCP tool definitions for poisoning, parameter conflicts, hygiene and lint problems.
    Scan(ScanArgs),
    /// Pin what the project's MCP servers tell the model in signalint-tools.lock, so that
    /// `check` and `tools scan` report any later change (a "rug pull") until it is accepted.
    Lock(LockArgs),
}

#[derive(Debug, Args)]
struct LockArgs {
    /// Manifest files (or source) to lock; by default the project's `[mcp] manifests`,
    /// `[[mcp.servers]]` (which run commands, so the config must be trusted) and source
    /// definitions. Named files update only their own entries.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Accept what the servers say now: rewrite the lock with the changes.
    #[arg(long, conflicts_with = "locked")]
    update: bool,
    /// Write nothing; exit 1 if what the servers say differs from the lock in any way (CI).
    #[arg(long)]
    locked: bool,
}

#[derive(Debug, Args)]
struct ScanArgs {
    /// Tools manifests (tools array, {"tools": [...]}, a tools/list response), server.json
    /// files, files of several servers, or TypeScript/JavaScript source (a directory or a
    /// file) whose MCP definitions are read statically; all are checked together.
    #[arg(
        value_name = "FILE",
        required_unless_present = "server",
        conflicts_with = "server"
    )]
    files: Vec<PathBuf>,
    /// Start this server over stdio and scan what it lists, e.g. --server "npx -y some-mcp-server".
    #[arg(long, value_name = "COMMAND LINE")]
    server: Option<String>,
    /// Seconds to wait for a live server.
    #[arg(long, default_value_t = 30)]
    timeout: u64,
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
}

/// One finding in the scan report.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ScanFinding {
    severity: FindingSeverity,
    code: String,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    tool: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    related_tool: Option<String>,
    // Additive: which server (for files of several), in which file, where, and by which pack.
    server: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<String>,
    pack: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pointer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    col: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    evidence: Option<String>,
    /// Read from source: the human report names the file of each finding, as a server's
    /// definitions span many files.
    #[serde(skip)]
    from_source: bool,
}

/// The scan report (`--format json`).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ScanReport {
    server: String,
    tool_count: usize,
    findings: Vec<ScanFinding>,
    scanned_at: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    errors: Vec<String>,
}

pub fn run(cli: &Cli, args: &ToolsArgs) -> u8 {
    match &args.command {
        ToolsCommand::Scan(scan) => run_scan(cli, scan),
        ToolsCommand::Lock(lock) => run_lock(cli, lock),
    }
}

fn run_scan(cli: &Cli, args: &ScanArgs) -> u8 {
    // The project's own config when there is one (its packs, options and `include_info`, as
    // in `check`); none is needed to scan a manifest.
    let root = cli
        .root
        .clone()
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_default();
    let config = match Config::discover(&root, cli.config.as_deref()) {
        Ok(config) => config,
        Err(e) => return usage_error(e),
    };
    let limits = mcp_sources::Limits::of(&config.mcp);
    // Files that could not be read: each is an error in the report, the others are scanned.
    let mut unreadable = Vec::new();
    let surfaces = match (args.files.as_slice(), &args.server) {
        ([], None) => return usage_error("give a manifest file or --server"),
        ([], Some(command_line)) => {
            let words = split_command_line(command_line);
            let Some((command, rest)) = words.split_first() else {
                return usage_error("--server needs a command line");
            };
            let name = PathBuf::from(command)
                .file_name()
                .map_or_else(|| command.clone(), |n| n.to_string_lossy().into_owned());
            let server = LiveServer {
                name,
                named_by_user: false,
                command: command.clone(),
                args: rest.to_vec(),
                env: Default::default(),
                timeout: Duration::from_secs(args.timeout),
                limits,
            };
            match super::check::block_on(mcp_sources::list_live_server(&server)) {
                Ok(surface) => vec![surface],
                Err(e) => return usage_error(e),
            }
        }
        (files, _) => match load_targets(files, &limits) {
            Ok((surfaces, errors)) => {
                unreadable = errors;
                surfaces
            }
            Err(e) => return usage_error(e),
        },
    };
    let cwd = std::env::current_dir().unwrap_or_default();
    // Engines and disabled packs take no part in a scan: their libraries are not loaded.
    let unused = crate::check::engine_plugin_ids(&config)
        .into_iter()
        .chain(
            config
                .rule_packs
                .iter()
                .filter(|(_, pack)| pack.enabled == Some(false))
                .map(|(id, _)| id.clone()),
        )
        .collect();
    let registry = Registry::load_without(
        &plugin_dirs(&config.plugins.path, &cwd, cli.allow_project_plugins),
        &unused,
    );
    let mut surfaces = surfaces;
    let mut report = scan(&registry, &config, &root, &mut surfaces);
    report.errors.splice(0..0, unreadable);
    match args.format {
        Format::Json => print(&format!(
            "{}\n",
            serde_json::to_string_pretty(&report).expect("serializable")
        )),
        Format::Human => print(&human(&report)),
    }
    // Findings of an advisory pack (`RulePackInfo::advisory`) never change the exit code.
    let advisory = |pack: &str| {
        registry
            .get(pack)
            .and_then(|p| p.manifest().rule_pack.as_ref())
            .is_some_and(|info| info.advisory)
    };
    if report.findings.iter().any(|f| {
        matches!(
            f.severity,
            FindingSeverity::Critical | FindingSeverity::Error
        ) && !advisory(&f.pack)
    }) {
        exit::ISSUES
    } else if !report.errors.is_empty() {
        exit::ENGINE_FAILED
    } else {
        exit::CLEAN
    }
}

/// The surfaces of manifest files and source named on the command line, and the files that
/// could not be read (an error when none could, or the only one could not).
fn load_targets(
    files: &[PathBuf],
    limits: &mcp_sources::Limits,
) -> Result<(Vec<LoadedSurface>, Vec<String>), String> {
    let mut surfaces = Vec::new();
    let mut unreadable = Vec::new();
    for file in files {
        let display = file.to_string_lossy().into_owned();
        if mcp_sources::is_source_target(file) {
            match scan_source(file, &display, limits) {
                Ok((surface, errors)) => {
                    surfaces.push(surface);
                    unreadable.extend(errors);
                }
                Err(e) if files.len() == 1 => return Err(e),
                Err(e) => unreadable.push(e),
            }
            continue;
        }
        // Named on the command line: a symbolic link is the user's own choice.
        match mcp_sources::load_file_surfaces(file, &display, limits, mcp_sources::Links::Follow) {
            Ok(more) => surfaces.extend(more),
            Err(e) if files.len() == 1 => return Err(e.to_string()),
            Err(e) => unreadable.push(e.to_string()),
        }
    }
    if surfaces.is_empty() {
        return Err(unreadable.join("; "));
    }
    Ok((surfaces, unreadable))
}

/// `tools lock`: writes, updates or verifies `signalint-tools.lock` in the project root.
fn run_lock(cli: &Cli, args: &LockArgs) -> u8 {
    let root = cli
        .root
        .clone()
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_default();
    let config = match Config::discover(&root, cli.config.as_deref()) {
        Ok(config) => config,
        Err(e) => return usage_error(e),
    };
    let limits = mcp_sources::Limits::of(&config.mcp);
    let whole = args.files.is_empty();
    let surfaces = if whole {
        // A lock of part of the servers would report the rest as removed: refuse instead.
        if let Some(untrusted) = config
            .untrusted
            .as_ref()
            .filter(|u| u.ignored.iter().any(|key| key == "[[mcp.servers]]"))
        {
            return usage_error(format!(
                "the servers of [[mcp.servers]] run commands and are not locked: {}",
                untrusted.message()
            ));
        }
        let package = crate::config::ProjectPackage::read(&root);
        let (surfaces, errors) = super::check::block_on(
            crate::check::rule_packs::load_project_surfaces(&root, &config, &package),
        );
        if !errors.is_empty() {
            return usage_error(format!(
                "{}; nothing was written: a lock must hold every server",
                errors.join("; ")
            ));
        }
        if surfaces.is_empty() {
            return usage_error(
                "nothing to lock: configure [mcp] manifests, [[mcp.servers]] or sources in signalint.toml, or name manifest files",
            );
        }
        surfaces
    } else {
        match load_targets(&args.files, &limits) {
            Ok((surfaces, errors)) if errors.is_empty() => surfaces,
            Ok((_, errors)) => {
                return usage_error(format!("{}; nothing was written", errors.join("; ")));
            }
            Err(e) => return usage_error(e),
        }
    };
    let now = lock::ToolsLock::new(
        surfaces
            .iter()
            .map(|s| lock::lock_server(s, lock::source_key(&root, &s.display_path)))
            .collect(),
    );
    let existing = match lock::read(&root) {
        Ok(existing) => existing,
        Err(e) => return usage_error(e),
    };
    let tools: usize = now.servers.iter().map(|s| s.tools.len()).sum();
    let summary = format!(
        "{} ({} servers, {tools} tools)",
        lock::LOCK_FILE,
        now.servers.len()
    );
    let Some(existing) = existing else {
        if args.locked {
            return usage_error(format!(
                "there is no {}; run `signalint tools lock` and commit it",
                lock::LOCK_FILE
            ));
        }
        if let Err(e) = lock::write(&root, &now) {
            return usage_error(e);
        }
        print(&format!("wrote {summary}\n"));
        return exit::CLEAN;
    };
    let differences = lock::differences(&existing, &now, whole);
    if differences.is_empty() {
        print(&format!("{summary} is up to date\n"));
        return exit::CLEAN;
    }
    let listed: String = differences.iter().map(|d| format!("  {d}\n")).collect();
    if !args.update {
        print(&format!(
            "what the servers say differs from {}:\n{listed}",
            lock::LOCK_FILE
        ));
        if !args.locked {
            print("review the changes, then run `signalint tools lock --update` to accept them\n");
        }
        return exit::ISSUES;
    }
    let updated = if whole {
        now
    } else {
        existing.merged(now.servers)
    };
    if let Err(e) = lock::write(&root, &updated) {
        return usage_error(e);
    }
    print(&format!(
        "updated {}, accepting:\n{listed}",
        lock::LOCK_FILE
    ));
    exit::CLEAN
}

/// Definitions read from a source directory or file: the surface and the files that could
/// not be read.
fn scan_source(
    target: &std::path::Path,
    display: &str,
    limits: &mcp_sources::Limits,
) -> Result<(LoadedSurface, Vec<String>), String> {
    let root = mcp_sources::project_root_of(target);
    let files = mcp_sources::source_files(target, limits.manifest_bytes);
    let name = mcp_sources::server_name(&root, &crate::config::ProjectPackage::read(&root));
    let scan = mcp_sources::load_source(&root, &files, &name, display, limits);
    match scan.surface {
        Some(surface) => Ok((surface, scan.errors)),
        None => {
            let mut why = format!(
                "{display}: no MCP definitions found in {} source files (looked for *.tool.ts, *.resource.ts, *.prompt.ts, *.app-tool.ts, *.app-resource.ts and files that import @modelcontextprotocol/sdk or @cyanheads/mcp-ts-core)",
                files.len()
            );
            for error in scan.errors {
                why.push_str(&format!("; {error}"));
            }
            Err(why)
        }
    }
}

/// The rule packs a scan runs: every loaded one, minus those disabled in the config and
/// opt-in packs the config does not name.
pub(super) fn scanning_packs<'r>(
    registry: &'r Registry,
    config: &Config,
) -> Vec<&'r std::sync::Arc<crate::plugins::PluginHandle>> {
    registry
        .of_kind(PluginKind::RulePack)
        .filter(|pack| {
            let configured = config.rule_packs.get(pack.id());
            let opt_in = pack.manifest().rule_pack.as_ref().is_some_and(|i| i.opt_in);
            configured.and_then(|c| c.enabled) != Some(false) && (configured.is_some() || !opt_in)
        })
        .collect()
}

/// Runs every loaded rule pack (minus those disabled in the config, and opt-in packs the config
/// does not name) over the surfaces of the files or server, all in one request, so duplicates
/// across servers are seen too. The packs run side by side and are sent the same serialized
/// surfaces.
fn scan(
    registry: &Registry,
    config: &Config,
    root: &std::path::Path,
    surfaces: &mut [LoadedSurface],
) -> ScanReport {
    let packs = scanning_packs(registry, config);
    // Compared before the definitions are released; raised by the packs' findings below.
    let locked = crate::check::rule_packs::compare_with_lock(root, surfaces);
    let shared = SharedSurfaces::new(surfaces);
    let tool_count = surfaces.iter_mut().map(|s| s.release_definitions()).sum();
    crate::memory::return_freed_memory();
    let surfaces = &*surfaces;
    share_one_heap();
    // One pack at a time on a large request: each decodes its own copy of the surfaces.
    let gate = std::sync::Mutex::new(());
    let one_at_a_time = shared.is_large();
    let outcomes: Vec<_> = std::thread::scope(|scope| {
        let calls: Vec<_> = packs
            .iter()
            .map(|pack| {
                let options = options_json(
                    config
                        .rule_packs
                        .get(pack.id())
                        .and_then(|c| c.options.as_ref()),
                );
                let (shared, gate) = (&shared, &gate);
                scope.spawn(move || {
                    let _turn =
                        one_at_a_time.then(|| gate.lock().unwrap_or_else(|e| e.into_inner()));
                    let outcome = shared.analyze(pack, options);
                    if one_at_a_time {
                        crate::memory::return_freed_memory();
                    }
                    outcome
                })
            })
            .collect();
        calls
            .into_iter()
            .zip(&packs)
            .map(|(call, pack)| {
                call.join().unwrap_or_else(|_| {
                    Err(CallError {
                        plugin: pack.id().to_owned(),
                        method: methods::ANALYZE.to_owned(),
                        message: "the call panicked".to_owned(),
                    })
                })
            })
            .collect()
    });
    let mut found = Vec::new();
    let mut poisoned = Vec::new();
    // A source past a cap is still scanned as far as it was kept; the cap is an error.
    let mut errors: Vec<String> = surfaces.iter().flat_map(|s| s.notes.clone()).collect();
    for (pack, outcome) in packs.iter().zip(outcomes) {
        // `include_info` as in `check`: info findings are left out unless the pack asks.
        let include_info = config
            .rule_packs
            .get(pack.id())
            .and_then(|c| c.include_info)
            .unwrap_or(false);
        match outcome {
            Ok(outcome) => {
                poisoned.extend(lock::poisoning_pointers(pack.id(), &outcome.findings));
                found.extend(
                    outcome
                        .findings
                        .into_iter()
                        .filter(|f| include_info || f.severity != FindingSeverity::Info)
                        .map(|f| (pack.id(), f)),
                )
            }
            Err(e) => errors.push(e.to_string()),
        }
    }
    match locked {
        Some(Ok(changes)) => found.extend(
            lock::to_findings(changes, &poisoned)
                .into_iter()
                .map(|f| (lock::LOCK_PACK, f)),
        ),
        Some(Err(e)) => errors.push(e),
        None => {}
    }
    let places = crate::check::rule_packs::positions(surfaces, found.iter().map(|(_, f)| f));
    let mut findings: Vec<ScanFinding> = found
        .into_iter()
        .zip(places)
        .map(|((pack, f), place)| to_scan_finding(pack, surfaces, f, place))
        .collect();
    findings.sort_by(|a, b| {
        (a.severity, &a.server, &a.tool, &a.code).cmp(&(b.severity, &b.server, &b.tool, &b.code))
    });
    let mut files: Vec<&str> = surfaces.iter().map(|s| s.display_path.as_str()).collect();
    files.dedup();
    let server = match (surfaces, files.as_slice()) {
        ([one], _) => one.surface.server.clone(),
        (many, [file]) => format!("{file} ({} servers)", many.len()),
        (many, files) => format!("{} servers in {} files", many.len(), files.len()),
    };
    ScanReport {
        server,
        tool_count,
        findings,
        scanned_at: rfc3339_now(),
        errors,
    }
}

/// glibc gives each thread that allocates its own heap, grown a few pages at a time with one
/// `mprotect` each, all serialised on the address-space lock. The packs decode the same large
/// request side by side, so one shared heap is faster here, and smaller.
fn share_one_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only tunes the allocator; it is called before the pack threads start.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}

fn to_scan_finding(
    pack: &str,
    surfaces: &[LoadedSurface],
    finding: Finding,
    place: Option<(String, u32, u32)>,
) -> ScanFinding {
    let surface = surfaces.get(finding.surface);
    let (file, place) = match place {
        Some((file, line, col)) => (Some(file), Some((line, col))),
        None => (
            surface
                .filter(|s| s.text.is_some() || s.places.is_some())
                .map(|s| s.display_path.clone()),
            None,
        ),
    };
    ScanFinding {
        server: surface
            .map(|s| s.surface.server.clone())
            .unwrap_or_default(),
        file,
        // A severity from a newer pack counts as a warning, as in `check`.
        severity: match finding.severity {
            FindingSeverity::Unknown => FindingSeverity::Warning,
            known => known,
        },
        code: finding.code,
        message: finding.message,
        tool: finding.tool,
        related_tool: finding.related_tool,
        pack: pack.to_owned(),
        pointer: finding.pointer,
        line: place.map(|p| p.0),
        col: place.map(|p| p.1),
        evidence: finding.evidence,
        from_source: surface.is_some_and(|s| s.places.is_some()),
    }
}

fn human(report: &ScanReport) -> String {
    let mut out = format!(
        "{}: {} tools, {} findings\n",
        report.server,
        report.tool_count,
        report.findings.len()
    );
    for finding in &report.findings {
        let style = match finding.severity {
            FindingSeverity::Critical | FindingSeverity::Error => {
                anstyle::AnsiColor::Red.on_default().bold()
            }
            FindingSeverity::Info => anstyle::Style::new().dimmed(),
            // Warning, and a severity from a newer pack, which counts as one.
            _ => anstyle::AnsiColor::Yellow.on_default().bold(),
        };
        let severity = serde_json::to_value(finding.severity)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        let place = match (finding.line, finding.col, &finding.file) {
            (Some(line), Some(col), Some(file)) if finding.from_source => {
                format!(" {file}:{line}:{col}")
            }
            (Some(line), Some(col), _) => format!(" {line}:{col}"),
            _ => String::new(),
        };
        out.push_str(&format!(
            "{style}{severity:<8}{style:#} {:<22} {}{place}  {}{}\n",
            finding.code,
            finding.tool.as_deref().unwrap_or("-"),
            schema_label(finding.pointer.as_deref()),
            finding.message
        ));
        if let Some(evidence) = &finding.evidence {
            out.push_str(&format!("         quoted: {evidence}\n"));
        }
    }
    for error in &report.errors {
        out.push_str(&format!("error: {error}\n"));
    }
    out
}

/// `[output schema] ` for a finding inside a tool's `outputSchema`: the same field name means
/// something else in what the tool returns than in what it is called with.
fn schema_label(pointer: Option<&str>) -> &'static str {
    match pointer {
        Some(p) if p.split('/').nth(3) == Some("outputSchema") => "[output schema] ",
        _ => "",
    }
}

/// Splits a command line on whitespace, honouring single and double quotes and backslashes.
fn split_command_line(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') | (None, '\\') => {
                if let Some(next) = chars.next() {
                    current.push(next);
                    in_word = true;
                }
            }
            (Some(_), c) => current.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut current));
                    in_word = false;
                }
            }
            (None, c) => {
                current.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(current);
    }
    words
}

/// The current UTC time as RFC 3339 (seconds precision).
fn rfc3339_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_like_a_shell() {
        assert_eq!(
            split_command_line("npx -y  server"),
            ["npx", "-y", "server"]
        );
        assert_eq!(
            split_command_line(r#"node "my server.js" --name='a b'"#),
            ["node", "my server.js", "--name=a b"]
        );
        assert_eq!(split_command_line(r"a\ b c"), ["a b", "c"]);
        assert!(split_command_line("   ").is_empty());
    }

    #[test]
    fn timestamps_are_rfc3339() {
        let now = rfc3339_now();
        assert_eq!(now.len(), 20, "{now}");
        assert!(now.ends_with('Z') && now.as_bytes()[10] == b'T', "{now}");
    }
}
