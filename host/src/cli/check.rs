//! `signalint check`.

use std::collections::{BTreeSet, HashSet};
use std::path::Path;
use std::sync::Arc;

use clap::Args;
use tokio_util::sync::CancellationToken;

use clap::ValueEnum;

use super::{Cli, exit, print, project_root, usage_error};
use crate::check::{Context, Prewalk, ResponseOptions, Scope, Session, Since};
use crate::config::Config;
use crate::core::{CheckResponse, CheckStatus, EngineState};
use crate::plugins::{Registry, plugin_dirs};
use crate::render;
use crate::runner::Runner;
use crate::toolchain::ManagedToolchain;

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files or directories to check, relative to the project root (default: the whole project).
    paths: Vec<String>,
    /// Check exactly these files (the MCP `check_files` behaviour) instead of walking paths.
    #[arg(long)]
    files: bool,
    #[arg(long, value_enum, default_value = "human")]
    format: CheckFormat,
    /// When to exit with 1: `warning` (any issue, the default), `error` (an error-severity
    /// issue), `never`, or a priority N (a cluster of priority N or more urgent).
    #[arg(long, value_name = "SEVERITY|PRIORITY", default_value = "warning", value_parser = parse_fail_on)]
    fail_on: FailOn,
    /// Include every issue in the output, not only the clusters.
    #[arg(long)]
    all_issues: bool,
    /// Continue from a previous response's `nextCursor`.
    #[arg(long)]
    cursor: Option<String>,
    /// Clusters per page.
    #[arg(long, value_name = "N")]
    page_size: Option<usize>,
    /// Only what is new since the recorded baseline, the first check (for the CLI, this run's
    /// check: nothing) or the last check.
    #[arg(long, value_enum, value_name = "REFERENCE")]
    since: Option<SinceArg>,
    /// Only what is new since the baseline `signalint baseline` recorded (`--since baseline`):
    /// with `--fail-on error`, CI fails only on new errors.
    #[arg(long, conflicts_with = "since")]
    new_only: bool,
    /// Check only part I of N of the project (file-local engines by file, whole-program engines
    /// by program, rule packs in shard 1), for a CI matrix; with `--format json` it writes the
    /// shard result that `signalint merge` joins.
    #[arg(long, value_name = "I/N", conflicts_with_all = ["since", "new_only", "cursor"])]
    shard: Option<crate::check::Shard>,
    /// Report only issues on lines changed since the merge-base of REF and HEAD (commits,
    /// uncommitted edits and untracked files; renames followed by git), for pull-request review.
    #[arg(
        long,
        value_name = "REF",
        conflicts_with_all = ["since", "new_only", "cursor", "shard", "files", "paths"]
    )]
    changed_since: Option<String>,
}

pub fn run(cli: &Cli, args: &CheckArgs) -> u8 {
    let root = match project_root(cli) {
        Ok(root) => root,
        Err(e) => return usage_error(e),
    };
    let config = match Config::discover(&root, cli.config.as_deref()) {
        Ok(config) => config,
        Err(e) => return usage_error(e),
    };
    let raw: Vec<String> = args
        .paths
        .iter()
        .map(|p| relative_to_root(&root, p))
        .collect();
    let paths = match crate::paths::validate_all(&root, &raw) {
        Ok(paths) => paths,
        Err(e) => return usage_error(e),
    };
    let scope = if args.files {
        if paths.is_empty() {
            return usage_error("--files needs at least one file");
        }
        Scope::Files { files: paths }
    } else {
        Scope::Project {
            paths: if paths.is_empty() {
                vec![".".into()]
            } else {
                paths
            },
        }
    };
    if let Some(reference) = &args.changed_since {
        let output = super::changed::Output {
            format: args.format,
            fail_on: args.fail_on,
            all_issues: args.all_issues,
        };
        return super::changed::run(cli, root, config, reference, output);
    }
    if let Some(shard) = args.shard {
        return check_shard(cli, root, config, &scope, args, shard);
    }
    let prefix = render::repository_prefix(&root);
    let (mut response, advisory) = match block_on(check(cli, root.clone(), config, &scope, args)) {
        Ok(checked) => checked,
        Err(e) => return usage_error(e),
    };
    let code = exit_code(&response, args.fail_on, &advisory);
    // Fetched only to leave advisory packs' issues out of the exit code.
    if !wants_issues(args) {
        response.issues = None;
    }
    print(&render_response(
        &response,
        args.format,
        &prefix,
        Some(&root),
    ));
    code
}

/// Whether the output lists every issue.
fn wants_issues(args: &CheckArgs) -> bool {
    args.all_issues || args.format.lists_issues()
}

/// `check --shard I/N`: one part of the check, with no loop history or delta (a CI shard
/// shares no history with the others). `--format json` writes the shard result for
/// `signalint merge`; the other formats show this shard's own answer.
fn check_shard(
    cli: &Cli,
    root: std::path::PathBuf,
    config: Config,
    scope: &Scope,
    args: &CheckArgs,
    shard: crate::check::Shard,
) -> u8 {
    let prewalk = match scope {
        Scope::Project { paths } => Prewalk::start(&root, paths, &config.check.ignore),
        Scope::Files { .. } => Prewalk::default(),
    };
    let prefix = render::repository_prefix(&root);
    let context_root = root.clone();
    let mut context = context_loading(cli, root, config, Load::ForCheck);
    context.prewalk = Arc::new(prewalk);
    context.shard = Some(shard);
    let advisory = advisory_packs(&context);
    let report = block_on(crate::check::run(
        &context,
        scope,
        &CancellationToken::new(),
        None,
    ));
    let merged = crate::check::Merged {
        analysis: report.analysis.clone(),
        engines: report.engines.clone(),
        rule_packs: report.rule_packs.clone(),
        repository_prefix: prefix.clone(),
    };
    let response = merged.respond(true);
    let text = match args.format {
        CheckFormat::Json => format!(
            "{}\n",
            serde_json::to_string(&crate::check::ShardResult::new(
                shard,
                &report,
                prefix.clone(),
                advisory.clone(),
            ))
            .expect("serializable")
        ),
        format => render_response(&response, format, &prefix, Some(&context_root)),
    };
    print(&text);
    exit_code(&response, args.fail_on, &advisory)
}

/// A response in one of `check`'s formats; SARIF, GitHub and rdjson paths start with
/// `repository_prefix`, so annotations land on the repository's files. rdjson's byte columns
/// are counted on the files under `root` (without it, UTF-16 columns are given as they are).
pub(super) fn render_response(
    response: &CheckResponse,
    format: CheckFormat,
    repository_prefix: &str,
    root: Option<&Path>,
) -> String {
    match format {
        CheckFormat::Human => render::human::check_response(response),
        CheckFormat::Json => render::json::check_response(response),
        CheckFormat::Sarif => render::sarif::check_response_in(response, repository_prefix),
        CheckFormat::Github => render::github::check_response_in(response, repository_prefix),
        CheckFormat::Rdjson => {
            let mut lines = LineTexts::new(root);
            render::rdjson::check_response_in(response, repository_prefix, &mut |file, line| {
                lines.line(file, line)
            })
        }
    }
}

/// The lines of the project's files, each file read once (regular files under 16 MiB only).
struct LineTexts<'a> {
    root: Option<&'a Path>,
    files: std::collections::HashMap<String, Option<Vec<String>>>,
}

impl<'a> LineTexts<'a> {
    fn new(root: Option<&'a Path>) -> Self {
        Self {
            root,
            files: std::collections::HashMap::new(),
        }
    }

    fn line(&mut self, file: &str, line: u32) -> Option<String> {
        let root = self.root?;
        let lines = self.files.entry(file.to_owned()).or_insert_with(|| {
            let bytes = crate::state::files::read_regular(&root.join(file), 16 << 20).ok()??;
            let text = String::from_utf8(bytes).ok()?;
            Some(text.split('\n').map(str::to_owned).collect())
        });
        lines
            .as_ref()?
            .get(line.checked_sub(1)? as usize)
            .map(|l| l.trim_end_matches('\r').to_owned())
    }
}

/// Output formats of `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// A readable summary of the clusters.
    Human,
    /// The CheckResponse.
    Json,
    /// SARIF 2.1.0, every issue.
    Sarif,
    /// GitHub Actions annotations, every issue.
    Github,
    /// reviewdog's Diagnostic Format (rdjson), every issue, fixes as suggestions.
    Rdjson,
}

impl CheckFormat {
    /// Formats for review and CI list every issue, not only the clusters.
    pub(super) fn lists_issues(self) -> bool {
        matches!(
            self,
            CheckFormat::Sarif | CheckFormat::Github | CheckFormat::Rdjson
        )
    }
}

/// What makes `check` exit with 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum FailOn {
    Warning,
    Error,
    Never,
    Priority(u32),
}

pub(super) fn parse_fail_on(text: &str) -> Result<FailOn, String> {
    match text {
        "warning" => Ok(FailOn::Warning),
        "error" => Ok(FailOn::Error),
        "never" => Ok(FailOn::Never),
        other => match other.trim_start_matches("priority:").parse::<u32>() {
            Ok(n) if n >= 1 => Ok(FailOn::Priority(n)),
            _ => Err(format!(
                "`{other}` is not warning, error, never or a priority (1 or more)"
            )),
        },
    }
}

async fn check(
    cli: &Cli,
    root: std::path::PathBuf,
    config: Config,
    scope: &Scope,
    args: &CheckArgs,
) -> Result<(CheckResponse, BTreeSet<String>), String> {
    let started = std::time::Instant::now();
    // The project is walked while the plugin libraries load.
    let prewalk = match scope {
        Scope::Project { paths } => Prewalk::start(&root, paths, &config.check.ignore),
        Scope::Files { .. } => Prewalk::default(),
    };
    let mut context = context_loading(cli, root, config, Load::ForCheck);
    context.prewalk = Arc::new(prewalk);
    tracing::debug!(elapsed = ?started.elapsed(), "plugins loaded");
    let advisory = advisory_packs(&context);
    let mut session = Session::open(context);
    tracing::debug!(elapsed = ?started.elapsed(), "session opened");
    // CI formats and priority thresholds need every issue and every cluster.
    let every_issue = args.format.lists_issues();
    let every_cluster = every_issue || matches!(args.fail_on, FailOn::Priority(_) | FailOn::Error);
    let options = ResponseOptions {
        cursor: args.cursor.clone(),
        page_size: if every_cluster && args.page_size.is_none() {
            usize::MAX
        } else {
            args.page_size.unwrap_or(0)
        },
        // The exit code needs every issue's pack when some pack is advisory.
        include_issues: args.all_issues || every_issue || !advisory.is_empty(),
        since: if args.new_only {
            Some(Since::Baseline)
        } else {
            args.since.map(Since::from)
        },
    };
    let response = session
        .check(scope, &options, &CancellationToken::new(), None)
        .await;
    Ok((response, advisory))
}

/// The configured ids of the rule packs whose plugin marks its findings advisory
/// (`RulePackInfo::advisory`): their issues never change the exit code.
pub(super) fn advisory_packs(context: &Context) -> BTreeSet<String> {
    let advisory = |plugin_id: &str| {
        context.registry.get(plugin_id).is_some_and(|plugin| {
            plugin
                .manifest()
                .rule_pack
                .as_ref()
                .is_some_and(|info| info.advisory)
        })
    };
    let configured = context.config.rule_packs.iter().map(|(id, pack)| {
        let plugin_id = pack.plugin.as_deref().unwrap_or(id);
        (id.clone(), advisory(plugin_id))
    });
    let loaded = context
        .registry
        .of_kind(signalint_plugin_api::PluginKind::RulePack)
        .filter(|p| !context.config.rule_packs.contains_key(p.id()))
        .map(|p| (p.id().to_owned(), advisory(p.id())));
    configured
        .chain(loaded)
        .filter_map(|(id, advisory)| advisory.then_some(id))
        .collect()
}

/// Which libraries on the plugin path a context loads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Load {
    /// Every library: the server, `doctor` and `setup` show or may use any of them.
    Everything,
    /// The libraries of the plugins one check may run ([`crate::check::plugin_ids`]).
    ForCheck,
}

/// Everything a check needs, from the config and every library on the plugin path.
pub(super) fn context(cli: &Cli, root: std::path::PathBuf, config: Config) -> Context {
    context_loading(cli, root, config, Load::Everything)
}

/// Everything a check needs, from the config and the plugin path.
pub(super) fn context_loading(
    cli: &Cli,
    root: std::path::PathBuf,
    config: Config,
    load: Load,
) -> Context {
    let dirs = plugin_dirs(&config.plugins.path, &root, cli.allow_project_plugins);
    let (registry, toolchain) = match load {
        Load::Everything => {
            let registry = Registry::load(&dirs);
            let toolchain =
                ManagedToolchain::for_registry(&registry, crate::check::engine_plugin_ids(&config));
            (registry, toolchain)
        }
        Load::ForCheck => {
            let registry = Registry::load_for(&dirs, &crate::check::plugin_ids(&config, &root));
            let toolchain = ManagedToolchain::for_check(
                &registry,
                crate::check::engine_plugin_ids(&config),
                dirs,
            );
            (registry, toolchain)
        }
    };
    let concurrency = config
        .check
        .concurrency
        // Engines are mostly waiting on each other's output or on their own threads: let the
        // three built-in engines run side by side even on two cores, as a shell `&` would.
        .unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map_or(2, |n| n.get())
                .max(4)
        });
    let cap = (config.check.max_output_mib * 1024 * 1024) as usize;
    Context {
        root,
        config: Arc::new(config),
        toolchain: Arc::new(toolchain),
        registry: Arc::new(registry),
        runner: Runner::new(concurrency, cap),
        prewalk: Arc::default(),
        kept: Arc::default(),
        shard: None,
        warm: None,
    }
}

/// Runs a future on a fresh multi-threaded runtime. (A SIGTERM, SIGINT or SIGHUP is made to
/// kill every process the host started from the first spawn on: see `runner::prepare`.)
pub(super) fn block_on<F: std::future::Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime")
        .block_on(future)
}

/// People type paths relative to where they are; the check wants them relative to the root.
pub(super) fn relative_to_root(root: &Path, raw: &str) -> String {
    let path = Path::new(raw);
    let absolute = if path.is_absolute() {
        path.to_owned()
    } else {
        match std::env::current_dir() {
            Ok(cwd) => cwd.join(path),
            Err(_) => return raw.to_owned(),
        }
    };
    let absolute = absolute.canonicalize().unwrap_or(absolute);
    match absolute.strip_prefix(root) {
        Ok(relative) if relative.as_os_str().is_empty() => ".".to_owned(),
        Ok(relative) => relative.to_string_lossy().into_owned(),
        Err(_) => raw.to_owned(),
    }
}

/// The exit code. Issues that only advisory packs reported count for nothing: the response then
/// holds every issue (see `check`), and a cluster counts when one of its issues does.
pub(super) fn exit_code(
    response: &CheckResponse,
    fail_on: FailOn,
    advisory: &BTreeSet<String>,
) -> u8 {
    let by_advisory = |engine: &String| advisory.contains(engine);
    let counted: Option<Vec<&crate::core::NormalizedIssue>> = (!advisory.is_empty()).then(|| {
        response
            .issues
            .iter()
            .flatten()
            .filter(|i| !(by_advisory(&i.engine) && i.engines.iter().all(by_advisory)))
            .collect()
    });
    let failing = match (fail_on, &counted) {
        (FailOn::Never, _) => false,
        (FailOn::Warning, None) => response.status == CheckStatus::IssuesFound,
        (FailOn::Warning, Some(counted)) => !counted.is_empty(),
        (FailOn::Error, None) => response
            .clusters
            .iter()
            .any(|c| c.severity == Some(crate::core::IssueSeverity::Error)),
        (FailOn::Error, Some(counted)) => counted
            .iter()
            .any(|i| i.severity == crate::core::IssueSeverity::Error),
        (FailOn::Priority(n), None) => response.clusters.iter().any(|c| c.priority <= n),
        (FailOn::Priority(n), Some(counted)) => {
            let clusters: HashSet<&str> = counted
                .iter()
                .filter_map(|i| i.cluster_id.as_deref())
                .collect();
            response
                .clusters
                .iter()
                .any(|c| c.priority <= n && clusters.contains(c.cluster_id.as_str()))
        }
    };
    if failing {
        return exit::ISSUES;
    }
    let failed = response
        .engines
        .values()
        .chain(response.rule_packs.values())
        .any(|s| s.status == EngineState::Error);
    if failed {
        exit::ENGINE_FAILED
    } else {
        exit::CLEAN
    }
}

/// `--since`'s values: the check's [`Since`], spelled for the command line here, so the check
/// does not depend on the command-line parser.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum SinceArg {
    /// The baseline `signalint baseline` recorded (none recorded: every issue is new).
    Baseline,
    /// The state after this session's first check (in the CLI, one run: the same as `last`).
    Start,
    /// The last known state before this check.
    Last,
}

impl From<SinceArg> for Since {
    fn from(arg: SinceArg) -> Self {
        match arg {
            SinceArg::Baseline => Since::Baseline,
            SinceArg::Start => Since::Start,
            SinceArg::Last => Since::Last,
        }
    }
}
