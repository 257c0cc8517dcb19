//! `signalint explain <clusterId|issueId>` and `signalint loops`: drill-down into what the
//! latest check (kept under `.signalint/`) found, and the loop memory.

use clap::Args;

use super::{Cli, Format, exit, print, project_root, usage_error};
use crate::config::Config;
use crate::core::{NormalizedIssue, is_cluster_id};
use crate::state::StateDir;

#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// A clusterId (`c-…`) or an issueId from the latest check.
    id: String,
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
}

#[derive(Debug, Args)]
pub struct LoopsArgs {
    /// Forget every loop signature and churn counter.
    #[arg(long)]
    reset: bool,
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
}

/// The stale answer, as the contract words it.
const STALE: &str = "This cluster/issue no longer exists; run check_project again.";

pub fn explain(cli: &Cli, args: &ExplainArgs) -> u8 {
    let root = match project_root(cli) {
        Ok(root) => root,
        Err(e) => return usage_error(e),
    };
    let Some(latest) = StateDir::new(&root).load_latest() else {
        return usage_error("no check has run in this project yet; run `signalint check` first");
    };
    let analysis = latest.into_analysis();
    let issues: Option<Vec<&NormalizedIssue>> = if is_cluster_id(&args.id) {
        analysis.issues_of_cluster(&args.id)
    } else {
        analysis.issue(&args.id).map(|issue| vec![issue])
    };
    let cluster = analysis.cluster(&args.id);
    match (args.format, issues) {
        (Format::Json, Some(issues)) => {
            print(&format!(
                "{}\n",
                serde_json::to_string_pretty(&issues).expect("serializable")
            ));
            exit::CLEAN
        }
        (Format::Json, None) => {
            let stale = serde_json::json!({ "status": "stale", "message": STALE });
            print(&format!(
                "{}\n",
                serde_json::to_string_pretty(&stale).expect("serializable")
            ));
            exit::ISSUES
        }
        (Format::Human, Some(issues)) => {
            let mut out = String::new();
            if let Some(cluster) = cluster {
                out.push_str(&format!(
                    "{}  {}\n  → {}\n\n",
                    cluster.cluster_id, cluster.root_cause_summary, cluster.suggested_action
                ));
            }
            for issue in issues {
                let location = if issue.line > 0 {
                    format!("{}:{}:{}", issue.file, issue.line, issue.col)
                } else {
                    issue.file.clone()
                };
                out.push_str(&format!(
                    "{location}  {} {} [{} {}]{}\n",
                    issue.severity.as_str(),
                    issue.message,
                    issue.engine,
                    issue.rule,
                    if issue.fixable { " fixable" } else { "" }
                ));
                if let Some(help) = &issue.help {
                    out.push_str(&format!("    help: {help}\n"));
                }
                if let Some(url) = &issue.url {
                    out.push_str(&format!("    docs: {url}\n"));
                }
                out.push_str(&format!("    id: {}\n", issue.issue_id));
            }
            print(&out);
            exit::CLEAN
        }
        (Format::Human, None) => {
            print(&format!("{}: {STALE}\n", args.id));
            exit::ISSUES
        }
    }
}

pub fn loops(cli: &Cli, args: &LoopsArgs) -> u8 {
    let root = match project_root(cli) {
        Ok(root) => root,
        Err(e) => return usage_error(e),
    };
    let config = match Config::discover(&root, cli.config.as_deref()) {
        Ok(config) => config,
        Err(e) => return usage_error(e),
    };
    let state = StateDir::new(&root);
    if args.reset {
        state.save_loops(&Default::default());
        print("loop memory cleared\n");
        return exit::CLEAN;
    }
    let status = state.load_loops().status(config.check.loop_threshold);
    match args.format {
        Format::Json => print(&format!(
            "{}\n",
            serde_json::to_string_pretty(&status).expect("serializable")
        )),
        Format::Human => {
            let mut out = String::new();
            if status.signatures.is_empty() && status.file_rule_churns.is_empty() {
                out.push_str("no loops: nothing was fixed and came back\n");
            }
            for signature in &status.signatures {
                out.push_str(&format!(
                    "{}  ×{}\n  {}\n",
                    signature.signature, signature.occurrences, signature.hint
                ));
                if !signature.files.is_empty() {
                    out.push_str(&format!("  files: {}\n", signature.files.join(", ")));
                }
            }
            for churn in &status.file_rule_churns {
                out.push_str(&format!(
                    "churn: {}\n",
                    serde_json::to_string(churn).unwrap_or_default()
                ));
            }
            print(&out);
        }
    }
    if status.looping {
        exit::ISSUES
    } else {
        exit::CLEAN
    }
}
