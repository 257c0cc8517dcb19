//! `signalint check --changed-since REF`: the check of the files a change touched, reporting
//! only the issues on its changed lines (what a pull-request review comments on).

use std::path::PathBuf;
use std::sync::Arc;

use tokio_util::sync::CancellationToken;

use super::check::{
    CheckFormat, FailOn, Load, advisory_packs, block_on, context_loading, exit_code,
    render_response,
};
use super::{Cli, print, usage_error};
use crate::check::{Merged, Prewalk, Scope};
use crate::config::Config;
use crate::core::{Analysis, EngineStatus, NormalizedIssue};
use crate::render;

/// How to answer.
#[derive(Debug, Clone, Copy)]
pub(super) struct Output {
    pub format: CheckFormat,
    pub fail_on: FailOn,
    pub all_issues: bool,
}

pub(super) fn run(cli: &Cli, root: PathBuf, config: Config, reference: &str, output: Output) -> u8 {
    let prefix = render::repository_prefix(&root);
    let ignore = config.check.ignore.clone();
    let mut context = context_loading(cli, root.clone(), config, Load::ForCheck);
    let advisory = advisory_packs(&context);
    let changed = match block_on(crate::changed::since(&context.runner, &root, reference)) {
        Ok(changed) => changed,
        Err(e) => return usage_error(e),
    };
    // The files the change left in the project (a deleted file has nothing to report), each
    // as the check accepts paths.
    let files: Vec<String> = changed
        .files()
        .filter(|f| root.join(f).is_file())
        .filter_map(|f| crate::paths::validate_all(&root, &[f.to_owned()]).ok())
        .flatten()
        .collect();
    tracing::info!(
        base = %changed.base,
        files = files.len(),
        "checking the files changed since the merge-base"
    );
    let (analysis, engines, rule_packs) = if files.is_empty() {
        (
            Analysis::default(),
            std::collections::BTreeMap::<String, EngineStatus>::new(),
            std::collections::BTreeMap::new(),
        )
    } else {
        context.prewalk = Arc::new(Prewalk::start(&root, &files, &ignore));
        let scope = Scope::Project { paths: files };
        let report = block_on(crate::check::run(
            &context,
            &scope,
            &CancellationToken::new(),
            None,
        ));
        let unchanged: Vec<&str> = report
            .analysis
            .issues
            .iter()
            .filter(|i| !on_changed_lines(&changed, i))
            .map(|i| i.issue_id.as_str())
            .collect();
        let analysis = crate::core::narrow(&report.analysis, unchanged);
        (analysis, report.engines, report.rule_packs)
    };
    let merged = Merged {
        analysis,
        engines,
        rule_packs,
        repository_prefix: prefix.clone(),
    };
    let every_issue = output.all_issues || output.format.lists_issues();
    let mut response = merged.respond(every_issue || !advisory.is_empty());
    let code = exit_code(&response, output.fail_on, &advisory);
    if !every_issue {
        response.issues = None;
    }
    print(&render_response(
        &response,
        output.format,
        &prefix,
        Some(&root),
    ));
    code
}

/// Whether an issue's lines overlap the change; an issue of a whole file (line 0: a formatting
/// issue) counts when its fix does.
fn on_changed_lines(changed: &crate::changed::ChangedLines, issue: &NormalizedIssue) -> bool {
    if issue.line == 0 {
        return changed.touches(&issue.file, 0, 0)
            || issue
                .fixes
                .iter()
                .any(|fix| changed.touches(&issue.file, fix.line, fix.end_line));
    }
    changed.touches(
        &issue.file,
        issue.line,
        issue.end_line.unwrap_or(issue.line),
    )
}
