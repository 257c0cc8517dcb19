//! `signalint merge`: the shards of a check split across CI runners, joined into one answer.

use std::path::PathBuf;

use clap::Args;

use super::check::{CheckFormat, FailOn, exit_code, parse_fail_on, render_response};
use super::{Cli, print, usage_error};
use crate::check::{ShardResult, merge};

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shard results (`signalint check --shard I/N --format json > shard-I.json`), one per
    /// shard of the split.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    #[arg(long, value_enum, default_value = "human")]
    format: CheckFormat,
    /// When to exit with 1, as for `check`.
    #[arg(long, value_name = "SEVERITY|PRIORITY", default_value = "warning", value_parser = parse_fail_on)]
    fail_on: FailOn,
    /// Include every issue in JSON output, not only the clusters.
    #[arg(long)]
    all_issues: bool,
}

/// The largest shard result read (a shard of a huge monorepo stays far below it).
const MAX_RESULT_BYTES: u64 = 1 << 30;

pub fn run(_cli: &Cli, args: &MergeArgs) -> u8 {
    let mut results = Vec::new();
    for file in &args.files {
        let name = file.display().to_string();
        let text = match read(file) {
            Ok(text) => text,
            Err(e) => return usage_error(format!("{name}: {e}")),
        };
        match ShardResult::parse(&name, &text) {
            Ok(result) => results.push(result),
            Err(e) => return usage_error(e),
        }
    }
    let merged = match merge(&results) {
        Ok(merged) => merged,
        Err(e) => return usage_error(e),
    };
    // Packs advisory in any shard's config: their findings never change the exit code.
    let advisory: std::collections::BTreeSet<String> = results
        .iter()
        .flat_map(|r| r.advisory_packs.iter().cloned())
        .collect();
    let every_issue = args.all_issues || args.format.lists_issues();
    let mut response = merged.respond(every_issue || !advisory.is_empty());
    let code = exit_code(&response, args.fail_on, &advisory);
    // Fetched only to leave advisory packs' issues out of the exit code.
    if !every_issue {
        response.issues = None;
    }
    print(&render_response(
        &response,
        args.format,
        &merged.repository_prefix,
        None,
    ));
    code
}

fn read(file: &std::path::Path) -> std::io::Result<String> {
    use std::io::Read;
    let mut text = String::new();
    std::fs::File::open(file)?
        .take(MAX_RESULT_BYTES)
        .read_to_string(&mut text)?;
    Ok(text)
}
