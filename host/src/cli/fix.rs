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

/// Why an issue was skipped, when the reason is common enough to be counted, not listed.
fn common_reason(reason: &str) -> Option<&'static str> {
    if reason.ends_with("supplied no fix for it")
        || reason.ends_with("offers no preferred fix for it")
        || reason.ends_with("offers no fix for it")
    {
        Some("without a fix")
    } else if reason.starts_with("its fix is not marked safe") {
        Some("with an unsafe fix only (--unsafe applies them)")
    } else {
        None
    }
}

/// One line per issue fixed, reverted or skipped for a reason of its own; the issues without
/// a fix or with an unsafe one only are counted; then the totals.
fn human(report: &FixReport) -> String {
    let mut out = String::new();
    if let Some(diff) = &report.diff {
        out.push_str(diff);
    }
    let mut counted: std::collections::BTreeMap<&str, usize> = Default::default();
    for issue in &report.issues {
        let status = match issue.status {
            FixStatus::Applied => "fixed",
            FixStatus::Planned => "would fix",
            FixStatus::Reverted => "reverted",
            FixStatus::Skipped => {
                if let Some(common) = issue.reason.as_deref().and_then(common_reason) {
                    *counted.entry(common).or_default() += 1;
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
    for (what, count) in counted {
        out.push_str(&format!(
            "  skipped  {count} issue{} {what}\n",
            if count == 1 { "" } else { "s" }
        ));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fix::IssueOutcome;

    fn outcome(status: FixStatus, reason: Option<&str>) -> IssueOutcome {
        IssueOutcome {
            issue_id: "i".into(),
            file: "src/a.ts".into(),
            rule: "r".into(),
            status,
            reason: reason.map(str::to_owned),
            broke: Vec::new(),
        }
    }

    #[test]
    fn common_skips_are_counted_and_the_rest_listed() {
        let report = FixReport {
            applied: 1,
            skipped: 3,
            reverted: 0,
            issues: vec![
                outcome(FixStatus::Applied, None),
                outcome(FixStatus::Skipped, Some("tsc supplied no fix for it")),
                outcome(
                    FixStatus::Skipped,
                    Some("oxlint offers no preferred fix for it"),
                ),
                outcome(FixStatus::Skipped, Some("stale: `src/a.ts` changed")),
            ],
            ..FixReport::default()
        };
        let text = human(&report);
        assert!(text.contains("skipped  2 issues without a fix"), "{text}");
        assert!(text.contains("skipped  src/a.ts r: stale"), "{text}");
        assert!(text.contains("fixed  src/a.ts r\n"), "{text}");
        assert!(!text.contains("supplied no fix"), "{text}");
    }
}
