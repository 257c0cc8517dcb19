//! `signalint check --changed-since REF`: the check of the files a change touched, reporting
//! only the issues on its changed lines (what a pull-request review comments on), and the
//! issues it caused on lines it did not touch (an importer broken by an export change).
//!
//! Only an engine that checks a whole program can report an issue in a file the change left
//! alone, so those engines alone check the whole project twice: as it is, and at the
//! merge-base in a git worktree with the same config. An issue of an unchanged file present
//! now and absent at the base (ids derive from content, so an unchanged file's issues keep
//! theirs) is one the change caused; its message says so.

use std::collections::{BTreeSet, HashSet};
use std::path::PathBuf;
use std::sync::Arc;

use signalint_plugin_api::{EngineScope, PluginKind};

use tokio_util::sync::CancellationToken;

use super::check::{
    CheckFormat, FailOn, Load, advisory_packs, block_on, context_loading, exit_code,
    render_response,
};
use super::{Cli, print, usage_error};
use crate::changed::BaseTree;
use crate::check::{Context, Merged, Prewalk, Scope};
use crate::config::Config;
use crate::core::{Analysis, EngineState, EngineStatus, NormalizedIssue};
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
        let changed_files: BTreeSet<String> = files.iter().cloned().collect();
        let scope = Scope::Project { paths: files };
        let report = block_on(crate::check::run(
            &context,
            &scope,
            &CancellationToken::new(),
            None,
        ));
        let mut combined = report.analysis;
        let mut engines = report.engines;
        let mut caused = BTreeSet::new();
        match block_on(caused_elsewhere(
            &context,
            &changed.base,
            &changed_files,
            &ignore,
        )) {
            Ok(Some(elsewhere)) => {
                caused = elsewhere.caused;
                add_caused(&mut combined, elsewhere.analysis, &caused);
                for (id, status) in engines.iter_mut() {
                    if elsewhere.engines.contains(id) && !caused.is_empty() {
                        let note = format!(
                            "{} issue(s) on unchanged lines this change caused (absent at the \
                             merge-base), marked `caused by this change`",
                            caused.len()
                        );
                        status.message = Some(match status.message.take() {
                            Some(message) => format!("{message}; {note}"),
                            None => note,
                        });
                    }
                }
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(
                "issues the change caused on unchanged lines were not looked for: {e}"
            ),
        }
        let left_out: Vec<&str> = combined
            .issues
            .iter()
            .filter(|i| !caused.contains(&i.issue_id) && !on_changed_lines(&changed, i))
            .map(|i| i.issue_id.as_str())
            .collect();
        let analysis = crate::core::narrow(&combined, left_out);
        (analysis, engines, report.rule_packs)
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

/// Prefix of the message of an issue the change caused on a line it did not touch.
const CAUSED: &str = "caused by this change: ";

/// What the whole-program engines found now, and which of their issues the change caused.
struct Elsewhere {
    analysis: Analysis,
    caused: BTreeSet<String>,
    /// The engines that looked.
    engines: BTreeSet<String>,
}

/// The issues of unchanged files that the project's whole-program engines report now and did
/// not report at the merge-base `base`; `None` when no such engine runs.
async fn caused_elsewhere(
    context: &Context,
    base: &str,
    changed_files: &BTreeSet<String>,
    ignore: &[String],
) -> Result<Option<Elsewhere>, String> {
    let Some((whole, engines)) = whole_program_only(context) else {
        return Ok(None);
    };
    let everything = vec![".".to_owned()];
    let scope = Scope::Project {
        paths: everything.clone(),
    };
    let mut head = whole.clone();
    head.prewalk = Arc::new(Prewalk::start(&context.root, &everything, ignore));
    let now = crate::check::run(&head, &scope, &CancellationToken::new(), None).await;
    let candidates: Vec<&NormalizedIssue> = now
        .analysis
        .issues
        .iter()
        .filter(|i| !i.file.is_empty() && !changed_files.contains(&i.file))
        .collect();
    if candidates.is_empty() {
        return Ok(None);
    }
    let tree = BaseTree::check_out(&context.runner, &context.root, base).await?;
    let mut at_base = whole.clone();
    at_base.root = tree.root.clone();
    at_base.prewalk = Arc::new(Prewalk::start(&tree.root, &everything, ignore));
    at_base.kept = Arc::default();
    let then = crate::check::run(&at_base, &scope, &CancellationToken::new(), None).await;
    tree.remove(&context.runner).await;
    if let Some((id, status)) = then
        .engines
        .iter()
        .find(|(_, s)| s.status == EngineState::Error)
    {
        return Err(format!(
            "{id} failed at the merge-base: {}",
            status.message.as_deref().unwrap_or("no message")
        ));
    }
    let before: HashSet<&str> = then
        .analysis
        .issues
        .iter()
        .map(|i| i.issue_id.as_str())
        .collect();
    let caused = candidates
        .iter()
        .filter(|i| !before.contains(i.issue_id.as_str()))
        .map(|i| i.issue_id.clone())
        .collect();
    Ok(Some(Elsewhere {
        analysis: now.analysis,
        caused,
        engines,
    }))
}

/// The context with only the whole-program engines on (no file-local engine, no rule pack),
/// and their ids; `None` when the config runs none.
fn whole_program_only(context: &Context) -> Option<(Context, BTreeSet<String>)> {
    let whole_program = |plugin: &str| {
        context.registry.get(plugin).is_some_and(|p| {
            p.manifest()
                .engine
                .as_ref()
                .is_some_and(|e| e.scope == EngineScope::WholeProgram)
        })
    };
    let mut config = (*context.config).clone();
    let ids: BTreeSet<String> = crate::plugins::BUILTIN_ENGINES
        .iter()
        .map(|id| (*id).to_owned())
        .chain(config.engines.keys().cloned())
        .chain(
            context
                .registry
                .of_kind(PluginKind::Engine)
                .map(|p| p.id().to_owned()),
        )
        .collect();
    let mut engines = BTreeSet::new();
    for id in ids {
        if whole_program(&config.engine_plugin(&id)) {
            if config.engines.get(&id).and_then(|e| e.enabled) != Some(false) {
                engines.insert(id);
            }
        } else {
            config.engines.entry(id).or_default().enabled = Some(false);
        }
    }
    config.mcp.manifests.clear();
    config.mcp.servers.clear();
    config.mcp.sources = Some(Vec::new());
    for pack in config.rule_packs.values_mut() {
        pack.enabled = Some(false);
    }
    (!engines.is_empty()).then(|| {
        let mut whole = context.clone();
        whole.config = Arc::new(config);
        (whole, engines)
    })
}

/// Adds the caused issues (marked in their message) and their clusters to the analysis.
fn add_caused(analysis: &mut Analysis, elsewhere: Analysis, caused: &BTreeSet<String>) {
    let known: HashSet<String> = analysis.issues.iter().map(|i| i.issue_id.clone()).collect();
    let clusters: HashSet<String> = analysis
        .clusters
        .iter()
        .map(|c| c.cluster_id.clone())
        .collect();
    for mut issue in elsewhere.issues {
        if caused.contains(&issue.issue_id) && !known.contains(&issue.issue_id) {
            issue.message = format!("{CAUSED}{}", issue.message);
            analysis.issues.push(issue);
        }
    }
    analysis.clusters.extend(
        elsewhere
            .clusters
            .into_iter()
            .filter(|c| !clusters.contains(&c.cluster_id)),
    );
}
