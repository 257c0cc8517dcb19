//! Re-checking written fixes: what is kept, what is restored, and why.

use std::collections::{BTreeMap, HashSet};

use tokio_util::sync::CancellationToken;

use super::{FixReport, FixStatus, IssueOutcome, Written, describe};
use crate::check::{ResponseOptions, Scope, Session};
use crate::core::{Analysis, Delta, EngineState, IssueSeverity, NormalizedIssue};

/// A group of written files re-checked together: kept when the re-check finds no new error,
/// else restored and, when it holds more than one file, split in halves that are tried again.
/// One file's fixes are reverted only when they alone break something, whichever file the
/// new error is in (a fix can break an importer).
pub(super) enum Verdict {
    Kept,
    /// Restored: why, and the new errors it caused.
    Reverted(String, Vec<String>),
}

/// The errors of `after` that `before` did not have. An id changes with its line's text, so
/// an error on a line a fix touched gets a new id: it counts as new only when its file holds
/// more errors of its rule and message than before.
pub(super) fn new_errors(before: &Analysis, after: &Analysis) -> Vec<String> {
    new_issues(before, after)
        .into_iter()
        .filter(|i| i.severity == IssueSeverity::Error)
        .map(describe)
        .collect()
}

/// The issues of `after` that `before` did not have (see [`new_errors`]).
pub(super) fn new_issues<'a>(before: &Analysis, after: &'a Analysis) -> Vec<&'a NormalizedIssue> {
    let ids: HashSet<&str> = before.issues.iter().map(|i| i.issue_id.as_str()).collect();
    let key = |i: &NormalizedIssue| (i.file.clone(), i.rule.clone(), i.message.clone());
    let mut known: BTreeMap<(String, String, String), isize> = BTreeMap::new();
    for issue in &before.issues {
        *known.entry(key(issue)).or_default() += 1;
    }
    for issue in &after.issues {
        *known.entry(key(issue)).or_default() -= 1;
    }
    after
        .issues
        .iter()
        .filter(|i| {
            !ids.contains(i.issue_id.as_str()) && known.get(&key(i)).is_some_and(|&n| n < 0)
        })
        .collect()
}

/// Re-checks `files` the way `check_files` does; `Err` when the re-check cannot be trusted.
pub(super) async fn recheck(
    session: &mut Session,
    files: Vec<String>,
    cancel: &CancellationToken,
) -> Result<Analysis, String> {
    let response = session
        .check(
            &Scope::Files { files },
            &ResponseOptions::default(),
            cancel,
            None,
        )
        .await;
    if cancel.is_cancelled() {
        return Err("the request was cancelled before the re-check ended; restored".to_owned());
    }
    let failed: Vec<&str> = response
        .engines
        .iter()
        .filter(|(_, status)| status.status == EngineState::Error)
        .map(|(engine, _)| engine.as_str())
        .collect();
    if !failed.is_empty() {
        return Err(format!(
            "the re-check failed ({}), so the fix could not be verified; restored",
            failed.join(", ")
        ));
    }
    Ok(session.latest().cloned().unwrap_or_default())
}

pub(super) fn restore(written: &Written) -> Option<String> {
    written
        .source
        .replace(&written.source.bytes)
        .err()
        .map(|e| {
            tracing::error!("cannot restore {}: {e}", written.file);
            format!(", but restoring it failed: {e}")
        })
}

/// Re-checks the written files; restores those whose fixes break something, and records each
/// issue's outcome and the delta.
pub(super) async fn verify(
    session: &mut Session,
    before: &Analysis,
    written: Vec<Written>,
    report: &mut FixReport,
    cancel: &CancellationToken,
) {
    let touched: Vec<String> = written.iter().map(|w| w.file.clone()).collect();
    session.set_trials(true);
    let mut verdicts: BTreeMap<usize, Verdict> = BTreeMap::new();
    // Groups of indices into `written`, the next to try last; the first is on disk already.
    let mut groups: Vec<Vec<usize>> = vec![(0..written.len()).collect()];
    let mut first = true;
    let mut rounds = 0;
    let mut last: Option<Analysis> = None;
    while let Some(group) = groups.pop() {
        rounds += 1;
        if !first {
            for &i in &group {
                if let Err(e) = written[i].source.replace(&written[i].fixed) {
                    verdicts.insert(
                        i,
                        Verdict::Reverted(format!("cannot write it: {e}"), vec![]),
                    );
                }
            }
        }
        first = false;
        let files = group.iter().map(|&i| written[i].file.clone()).collect();
        let outcome = match recheck(session, files, cancel).await {
            Ok(after) => {
                let broke = new_errors(before, &after);
                last = Some(after);
                if broke.is_empty() {
                    Ok(())
                } else {
                    Err((None, broke))
                }
            }
            Err(why) => Err((Some(why), Vec::new())),
        };
        match outcome {
            Ok(()) => {
                for &i in &group {
                    verdicts.entry(i).or_insert(Verdict::Kept);
                }
            }
            Err((why, broke)) => {
                let mut notes = BTreeMap::new();
                for &i in &group {
                    if let Some(note) = restore(&written[i]) {
                        notes.insert(i, note);
                    }
                }
                last = None;
                let give_up = why.is_some();
                if group.len() > 1 && !give_up {
                    let (a, b) = group.split_at(group.len() / 2);
                    groups.push(b.to_vec());
                    groups.push(a.to_vec());
                    continue;
                }
                let why = why.unwrap_or_else(|| {
                    if group.len() == 1 {
                        "its file's fixes introduced new errors; restored".to_owned()
                    } else {
                        "the fixes introduced new errors; restored".to_owned()
                    }
                });
                for &i in &group {
                    let note = notes.remove(&i).unwrap_or_default();
                    verdicts.insert(i, Verdict::Reverted(format!("{why}{note}"), broke.clone()));
                }
                // Nothing can be verified any more: every group still waiting goes back too.
                if give_up {
                    for i in groups.drain(..).flatten() {
                        verdicts.insert(i, Verdict::Reverted(why.clone(), Vec::new()));
                        let _ = restore(&written[i]);
                    }
                }
            }
        }
    }
    // The state (and the delta) must describe every touched file as it is now.
    let after = match last {
        Some(after) if rounds == 1 => after,
        _ => recheck(session, touched.clone(), &CancellationToken::new())
            .await
            .unwrap_or_else(|_| session.latest().cloned().unwrap_or_default()),
    };
    session.set_trials(false);
    let after_ids: HashSet<&str> = after.issues.iter().map(|i| i.issue_id.as_str()).collect();
    for (index, written) in written.iter().enumerate() {
        let verdict = verdicts.get(&index).unwrap_or(&Verdict::Kept);
        for id in &written.issues {
            let Some(issue) = before.issue(id) else {
                continue;
            };
            match verdict {
                Verdict::Reverted(why, broke) => report.issues.push(IssueOutcome {
                    issue_id: issue.issue_id.clone(),
                    file: issue.file.clone(),
                    rule: issue.rule.clone(),
                    status: FixStatus::Reverted,
                    reason: Some(why.clone()),
                    broke: broke.clone(),
                }),
                Verdict::Kept => {
                    let note = after_ids
                        .contains(id.as_str())
                        .then(|| "applied, but its engine still reports it".to_owned());
                    report.push(issue, FixStatus::Applied, note);
                }
            }
        }
        if matches!(verdict, Verdict::Kept) {
            report.files.push(written.file.clone());
        }
    }
    let touched: HashSet<&str> = touched.iter().map(String::as_str).collect();
    let in_touched = |i: &&NormalizedIssue| touched.contains(i.file.as_str());
    let was: Vec<&NormalizedIssue> = before.issues.iter().filter(in_touched).collect();
    report.delta = Some(Delta {
        new: new_issues(before, &after).len(),
        resolved: was
            .iter()
            .filter(|i| !after_ids.contains(i.issue_id.as_str()))
            .count(),
        persisting: was
            .iter()
            .filter(|i| after_ids.contains(i.issue_id.as_str()))
            .count(),
    });
}
