//! Asking the engines' servers for the fixes an issue does not carry.

use std::collections::{BTreeMap, BTreeSet};

use super::{FixReport, FixStatus, actions, content_hash, files};
use crate::check::Session;
use crate::core::{FixSafetyLevel, NormalizedIssue};

/// The engines to ask for a code action for `issue`, in order: its own, then the others
/// reporting the same code fact (oxlint's `no-unused-vars` may offer nothing where tsc's
/// "remove unused declaration" exists).
pub(super) fn askable_engines<'a>(
    issue: &'a NormalizedIssue,
    askable: &BTreeMap<String, actions::Asker>,
) -> Vec<&'a str> {
    let mut engines: Vec<&str> = Vec::new();
    for engine in std::iter::once(&issue.engine).chain(&issue.engines) {
        if askable.contains_key(engine) && !engines.contains(&engine.as_str()) {
            engines.push(engine);
        }
    }
    engines
}

/// An issue waiting for a fix: the index of the engine to ask next among its askable ones, and
/// why the engines asked before offered none.
type Pending<'a> = (&'a NormalizedIssue, usize, Vec<String>);

/// The issues of `to_ask` with the fix their engine's server offers (asked with the text the
/// check saw: a stale file is skipped first), with its safety; the others are recorded as
/// skipped.
pub(super) async fn ask_code_actions(
    session: &Session,
    root: &std::path::Path,
    contents: &BTreeMap<String, String>,
    askable: &BTreeMap<String, actions::Asker>,
    to_ask: Vec<&NormalizedIssue>,
    report: &mut FixReport,
) -> Vec<NormalizedIssue> {
    let mut texts: BTreeMap<String, String> = BTreeMap::new();
    let mut refused: BTreeMap<String, String> = BTreeMap::new();
    for file in to_ask
        .iter()
        .map(|i| i.file.clone())
        .collect::<BTreeSet<_>>()
    {
        let why = match files::Source::read(root, &file) {
            Err(why) => why,
            Ok(source) if contents.get(&file) != Some(&content_hash(&source.bytes)) => format!(
                "stale: `{file}` changed since the check that produced the issue; nothing \
                 written (check it again)"
            ),
            Ok(source) => match String::from_utf8(source.bytes) {
                Ok(text) => {
                    texts.insert(file, text);
                    continue;
                }
                Err(_) => format!("`{file}` is not UTF-8 text"),
            },
        };
        refused.insert(file, why);
    }
    // Each issue is asked of its engines in turn until one offers a fix; the reasons of those
    // that offered none are kept for the report.
    let mut pending: Vec<Pending> = Vec::new();
    for issue in to_ask {
        match refused.get(&issue.file) {
            Some(why) => report.push(issue, FixStatus::Skipped, Some(why.clone())),
            None => pending.push((issue, 0, Vec::new())),
        }
    }
    let mut asked = Vec::new();
    while !pending.is_empty() {
        let mut by_engine: BTreeMap<&str, Vec<Pending>> = BTreeMap::new();
        for (issue, turn, reasons) in pending.drain(..) {
            let engines = askable_engines(issue, askable);
            by_engine
                .entry(engines[turn])
                .or_default()
                .push((issue, turn, reasons));
        }
        for (engine, waiting) in by_engine {
            let Some(asker) = askable.get(engine) else {
                continue;
            };
            let issues: Vec<&NormalizedIssue> = waiting.iter().map(|(issue, ..)| *issue).collect();
            let found = actions::ask(&session.context, engine, asker, &issues, &texts).await;
            for (issue, turn, mut reasons) in waiting {
                let chosen = found.as_ref().ok().and_then(|f| f.get(&issue.issue_id));
                match chosen {
                    // A safe fix of its own stays before another engine's suggestion.
                    Some(chosen)
                        if chosen.safety == FixSafetyLevel::Safe || issue.fixes.is_empty() =>
                    {
                        let mut issue = issue.clone();
                        issue.fixes = chosen.edits.clone();
                        issue.fixable = true;
                        issue.fix_safety = Some(chosen.safety);
                        asked.push(issue);
                        continue;
                    }
                    // Its own engine's fix, not safe: the safety choice decides.
                    _ if !issue.fixes.is_empty() => {
                        asked.push(issue.clone());
                        continue;
                    }
                    _ => {}
                }
                reasons.push(match (&found, asker) {
                    (Err(e), _) => format!("{engine} could not be asked for a fix: {e}"),
                    (Ok(_), actions::Asker::LanguageServer(_)) => {
                        format!("{engine} offers no preferred fix for it")
                    }
                    (Ok(_), actions::Asker::Session) => format!("{engine} offers no fix for it"),
                });
                if turn + 1 < askable_engines(issue, askable).len() {
                    pending.push((issue, turn + 1, reasons));
                } else {
                    report.push(issue, FixStatus::Skipped, Some(reasons.join("; ")));
                }
            }
        }
    }
    asked
}
