//! Fixes an engine computes only when they are applied. Biome's formatting fix costs a
//! formatter run per file, ten times the check itself on a project Biome does not format, so a
//! check states that the fix exists and the edits are computed here: the engine is planned
//! again for the files concerned with fixes wanted (`EngineInfo::fixes_on_request`), and each
//! issue takes the fix of the same finding from that run.

use std::collections::{BTreeMap, BTreeSet};

use tokio_util::sync::CancellationToken;

use super::{FixReport, FixStatus, content_hash, files};
use crate::check::{Context, Session};
use crate::core::NormalizedIssue;

/// The engines of the context that compute some fixes only when fixes are applied.
pub(super) fn engines(context: &Context) -> BTreeSet<String> {
    crate::check::loaded_engines(context)
        .filter(|(_, engine)| engine.fixes_on_request)
        .map(|(id, _)| id)
        .collect()
}

/// Whether `issue`'s fix is one its engine computes when fixes are applied. A fact several
/// engines reported is not: its fix comes from another reporter, asked as such.
pub(super) fn pending(issue: &NormalizedIssue, engines: &BTreeSet<String>) -> bool {
    issue.fixable
        && issue.fixes.is_empty()
        && !issue.file.is_empty()
        && issue.engines.is_empty()
        && engines.contains(&issue.engine)
}

/// Where an issue is found again in the run that computed fixes.
fn place(issue: &NormalizedIssue) -> (&str, &str, u32, u32, &str) {
    (
        &issue.file,
        &issue.rule,
        issue.line,
        issue.col,
        &issue.message,
    )
}

/// The issues of `to_compute` with the fix their engine computes for the text the check saw
/// (a file changed since is skipped as stale); the others are recorded as skipped, with why.
pub(super) async fn compute(
    session: &Session,
    contents: &BTreeMap<String, String>,
    to_compute: Vec<&NormalizedIssue>,
    report: &mut FixReport,
    cancel: &CancellationToken,
) -> Vec<NormalizedIssue> {
    let root = &session.context.root;
    let mut by_engine: BTreeMap<&str, Vec<&NormalizedIssue>> = BTreeMap::new();
    for issue in to_compute {
        let current = files::Source::read(root, &issue.file)
            .map(|source| contents.get(&issue.file) == Some(&content_hash(&source.bytes)));
        match current {
            Ok(true) => by_engine.entry(&issue.engine).or_default().push(issue),
            Ok(false) => report.push(
                issue,
                FixStatus::Skipped,
                Some(format!(
                    "stale: `{}` changed since the check that produced the issue; nothing \
                     written (check it again)",
                    issue.file
                )),
            ),
            Err(why) => report.push(issue, FixStatus::Skipped, Some(why)),
        }
    }
    let mut computed = Vec::new();
    for (engine, issues) in by_engine {
        let wanted: Vec<String> = issues
            .iter()
            .map(|i| i.file.clone())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let found =
            crate::check::engine::issues_with_fixes(&session.context, engine, &wanted, cancel)
                .await
                .map(crate::core::analyze);
        let found = match found {
            Ok(found) => found,
            Err(e) => {
                for issue in issues {
                    report.push(
                        issue,
                        FixStatus::Skipped,
                        Some(format!("{engine} could not compute its fix: {e}")),
                    );
                }
                continue;
            }
        };
        let by_place: BTreeMap<_, &NormalizedIssue> =
            found.issues.iter().map(|i| (place(i), i)).collect();
        for issue in issues {
            match by_place.get(&place(issue)) {
                Some(again) if !again.fixes.is_empty() => {
                    let mut issue = issue.clone();
                    issue.fixes = again.fixes.clone();
                    issue.fix_safety = again.fix_safety;
                    computed.push(issue);
                }
                Some(again) => report.push(
                    issue,
                    FixStatus::Skipped,
                    Some(match &again.help {
                        Some(help) => format!("{engine} computed no fix for it: {help}"),
                        None => format!("{engine} computed no fix for it"),
                    }),
                ),
                None => report.push(
                    issue,
                    FixStatus::Skipped,
                    Some(format!(
                        "{engine} no longer reports it on the file as it is (check again)"
                    )),
                ),
            }
        }
    }
    computed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn format_issue() -> NormalizedIssue {
        serde_json::from_value(serde_json::json!({
            "issueId": "i", "file": "a.ts", "line": 0, "col": 0, "engine": "biome",
            "rule": "format", "severity": "error", "message": "not formatted",
            "fixable": true, "fixSafety": "safe",
        }))
        .unwrap()
    }

    #[test]
    fn only_an_unmerged_fixable_issue_of_a_declaring_engine_without_edits_is_computed() {
        let engines = BTreeSet::from(["biome".to_owned()]);
        assert!(pending(&format_issue(), &engines));
        assert!(!pending(&format_issue(), &BTreeSet::new()), "undeclared");

        let mut merged = format_issue();
        merged.engines = vec!["biome".into(), "oxlint".into()];
        assert!(!pending(&merged, &engines), "asked of its other reporters");

        let mut with_edits = format_issue();
        with_edits.fixes = serde_json::from_value(serde_json::json!([
            {"line": 1, "col": 1, "endLine": 1, "endCol": 2, "newText": ""}
        ]))
        .unwrap();
        assert!(!pending(&with_edits, &engines), "its fix is already there");

        let mut not_fixable = format_issue();
        not_fixable.fixable = false;
        assert!(!pending(&not_fixable, &engines));
    }
}
