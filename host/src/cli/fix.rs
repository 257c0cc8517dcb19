//! `signalint fix`: checks the paths, applies their engines' fixes, re-checks, and keeps only
//! what breaks nothing (see [`crate::fix`]).

use std::sync::Arc;

use clap::Args;
use tokio_util::sync::CancellationToken;

use super::check::{Load, block_on, context_loading};
use super::{Cli, Format, exit, print, project_root, usage_error};
use crate::check::{Prewalk, ResponseOptions, Scope, Session};
use crate::config::Config;
use crate::fix::{FixReport, FixRequest, FixStatus, Safety, Selection};

#[derive(Debug, Args)]
pub struct FixArgs {
    /// Files or directories to fix, relative to the project root (default: the whole project).
    paths: Vec<String>,
    /// Also apply fixes the engine marks unsafe (they may change behaviour).
    #[arg(long)]
    r#unsafe: bool,
    /// Print the unified diff of what would change; write nothing.
    #[arg(long)]
    dry_run: bool,
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
}

pub fn run(cli: &Cli, args: &FixArgs) -> u8 {
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
        .map(|p| super::check::relative_to_root(&root, p))
        .collect();
    let paths = match crate::paths::validate_all(&root, &raw) {
        Ok(paths) if paths.is_empty() => vec![".".to_owned()],
        Ok(paths) => paths,
        Err(e) => return usage_error(e),
    };
    let prewalk = Prewalk::start(&root, &paths, &config.check.ignore);
    let mut context = context_loading(cli, root, config, Load::ForCheck);
    context.prewalk = Arc::new(prewalk);
    let mut session = Session::open(context);
    let request = FixRequest {
        selection: Selection::All,
        safety: if args.r#unsafe {
            Safety::All
        } else {
            Safety::Safe
        },
        dry_run: args.dry_run,
    };
    let cancel = CancellationToken::new();
    let report = block_on(async {
        session
            .check(
                &Scope::Project { paths },
                &ResponseOptions::default(),
                &cancel,
                None,
            )
            .await;
        crate::fix::apply(&mut session, &request, &cancel).await
    });
    let report = match report {
        Ok(report) => report,
        Err(e) => return usage_error(e),
    };
    match args.format {
        Format::Json => print(&format!(
            "{}\n",
            serde_json::to_string_pretty(&report).unwrap_or_default()
        )),
        Format::Human => print(&human(&report)),
    }
    exit::CLEAN
}

/// One line per issue that was not simply skipped for having no fix, then the totals.
fn human(report: &FixReport) -> String {
    let mut out = String::new();
    if let Some(diff) = &report.diff {
        out.push_str(diff);
    }
    for issue in &report.issues {
        let status = match issue.status {
            FixStatus::Applied => "fixed",
            FixStatus::Planned => "would fix",
            FixStatus::Reverted => "reverted",
            FixStatus::Skipped => {
                // Issues without any fix are the common case: counted, not listed.
                if issue
                    .reason
                    .as_deref()
                    .is_some_and(|r| r.ends_with("supplied no fix for it"))
                {
                    continue;
                }
                "skipped"
            }
        };
        out.push_str(&format!("{status:>9}  {} {}", issue.file, issue.rule));
        if let Some(reason) = &issue.reason {
            out.push_str(&format!(": {reason}"));
        }
        out.push('\n');
        for broke in &issue.broke {
            out.push_str(&format!("           broke {broke}\n"));
        }
    }
    let verb = if report.diff.is_some() {
        "would fix"
    } else {
        "fixed"
    };
    out.push_str(&format!(
        "{verb} {} issue{}, skipped {}, reverted {}",
        report.applied,
        if report.applied == 1 { "" } else { "s" },
        report.skipped,
        report.reverted
    ));
    if let Some(delta) = report.delta {
        out.push_str(&format!(
            " (re-check: {} resolved, {} new)",
            delta.resolved, delta.new
        ));
    }
    out.push('\n');
    out
}
