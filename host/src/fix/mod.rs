//! Applying the engines' fixes, verified: `signalint fix` and the `apply_fixes` tool.
//!
//! A fix is taken from the latest check and applied only to the content that check saw (its
//! content hash, recorded with the check): a file changed since is `stale` and left alone.
//! Fixes of one file are planned together ([`plan`]), written atomically inside the root and
//! never through a link ([`files`]), then the touched files are re-checked the way
//! `check_files` checks them (warm when a server runs; [`verify`]). An issue without a fix of
//! its own is asked of its engines' servers first ([`asking`], [`actions`]). A file's fixes are kept only when the
//! re-check finds no new error, in that file or elsewhere; otherwise the file is restored and
//! the answer says which fix broke what. The whole sequence holds the project's fix lock, so
//! two agents cannot interleave fixes.

pub mod actions;
mod asking;
pub mod choice;
pub mod files;
mod on_request;
pub mod plan;
mod verify;

use asking::{ask_code_actions, askable_engines};
use verify::verify;

use std::collections::{BTreeMap, BTreeSet, HashSet};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use tokio_util::sync::CancellationToken;

pub use files::{content_hash, contents_of};

use crate::check::Session;
use crate::core::{Analysis, Delta, FixSafetyLevel, NormalizedIssue};
use crate::state::StateDir;
use crate::state::files::DirLock;

/// Which fixes to apply: `safe` ones only, or `all` (also those the engine marks unsafe).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Safety {
    #[default]
    Safe,
    All,
}

/// The issues whose fixes to apply, from the latest check.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Selection {
    /// Every issue of the latest check.
    #[default]
    All,
    Issues(Vec<String>),
    Cluster(String),
    /// The issues of these project-relative files.
    Files(Vec<String>),
}

/// One request to apply fixes.
#[derive(Debug, Clone, Default)]
pub struct FixRequest {
    pub selection: Selection,
    pub safety: Safety,
    /// Plan and answer with the diff; write nothing.
    pub dry_run: bool,
}

/// What happened to one issue's fix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum FixStatus {
    /// Written and kept: the re-check found no new error.
    Applied,
    /// `dryRun`: would be written.
    Planned,
    /// Not written (`reason` says why).
    Skipped,
    /// Written, then restored: the re-check found new errors (`broke`).
    Reverted,
}

/// One issue's outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct IssueOutcome {
    pub issue_id: String,
    pub file: String,
    pub rule: String,
    pub status: FixStatus,
    /// Why it was skipped or reverted, or a note on an applied fix.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The new errors its file's fixes caused (`file:line:col rule message`), when reverted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub broke: Vec<String>,
}

/// The answer of `apply_fixes` and `signalint fix`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FixReport {
    /// Issues whose fix was kept (or, in a dry run, would be written).
    pub applied: usize,
    pub skipped: usize,
    pub reverted: usize,
    /// Per selected issue.
    pub issues: Vec<IssueOutcome>,
    /// The files written and kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<String>,
    /// The re-check against the check the fixes came from: issues resolved, new, persisting
    /// in the touched files (new counts every file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delta: Option<Delta>,
    /// `dryRun`: the unified diff of every file that would change (nothing was written).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diff: Option<String>,
}

impl FixReport {
    fn push(&mut self, issue: &NormalizedIssue, status: FixStatus, reason: Option<String>) {
        self.issues.push(IssueOutcome {
            issue_id: issue.issue_id.clone(),
            file: issue.file.clone(),
            rule: issue.rule.clone(),
            status,
            reason,
            broke: Vec::new(),
        });
    }

    fn count(mut self) -> Self {
        let of = |s: FixStatus| self.issues.iter().filter(|o| o.status == s).count();
        self.applied = of(FixStatus::Applied) + of(FixStatus::Planned);
        self.skipped = of(FixStatus::Skipped);
        self.reverted = of(FixStatus::Reverted);
        self
    }
}

/// Why no fix could be looked at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixError(pub String);

impl std::fmt::Display for FixError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// `file:line:col rule message`, how a broken thing is named.
fn describe(issue: &NormalizedIssue) -> String {
    format!(
        "{}:{}:{} {} {}",
        issue.file, issue.line, issue.col, issue.rule, issue.message
    )
}

/// The selected issues of `latest`, and the ids that name none of them.
fn select<'a>(
    latest: &'a Analysis,
    selection: &Selection,
) -> Result<(Vec<&'a NormalizedIssue>, Vec<String>), FixError> {
    Ok(match selection {
        Selection::All => (latest.issues.iter().collect(), Vec::new()),
        Selection::Cluster(id) => match latest.issues_of_cluster(id) {
            Some(issues) => (issues, Vec::new()),
            None => {
                return Err(FixError(format!(
                    "cluster {id} is not in the latest check (stale); check again and use a \
                     clusterId from that answer"
                )));
            }
        },
        Selection::Issues(ids) => {
            let mut found = Vec::new();
            let mut unknown = Vec::new();
            for id in ids.iter().collect::<BTreeSet<_>>() {
                match latest.issue(id) {
                    Some(issue) => found.push(issue),
                    None => unknown.push(id.clone()),
                }
            }
            (found, unknown)
        }
        Selection::Files(files) => {
            let files: HashSet<&str> = files.iter().map(String::as_str).collect();
            (
                latest
                    .issues
                    .iter()
                    .filter(|i| files.contains(i.file.as_str()))
                    .collect(),
                Vec::new(),
            )
        }
    })
}

/// Holds the project's fix lock (blocking on a thread of its own while another fix runs).
async fn lock(session: &Session) -> Result<DirLock, FixError> {
    let state = StateDir::new(&session.context.root);
    let taken = tokio::task::spawn_blocking(move || {
        state.ensure()?;
        DirLock::acquire(state.path(), "fix.lock")
    })
    .await;
    match taken {
        Ok(Ok(lock)) => Ok(lock),
        Ok(Err(e)) => Err(FixError(format!(
            "cannot take the project's fix lock under .signalint/: {e}"
        ))),
        Err(e) => Err(FixError(format!("cannot take the project's fix lock: {e}"))),
    }
}

/// A file written with fixes: how to restore it, and whose fixes it holds.
struct Written {
    file: String,
    source: files::Source,
    /// The content with its fixes.
    fixed: Vec<u8>,
    issues: Vec<String>,
}

/// Applies the selected fixes of the session's latest check, re-checks, and keeps what breaks
/// nothing.
pub async fn apply(
    session: &mut Session,
    request: &FixRequest,
    cancel: &CancellationToken,
) -> Result<FixReport, FixError> {
    let _lock = lock(session).await?;
    let on_request = on_request::engines(&session.context);
    let mut previous = session.latest().cloned().unwrap_or_default();
    let mut report = round(session, request, cancel).await?;
    // A fix that gave way to an overlapping one is tried again on the fixed text, with the
    // positions of the re-check (ids survive the edit): one call applies both when it can.
    // The attempted ids only grow, so the rounds end.
    for _ in 0..MORE_ROUNDS {
        let overlapped: Vec<String> = report
            .issues
            .iter()
            .filter(|o| o.status == FixStatus::Skipped)
            .filter(|o| o.reason.as_deref().is_some_and(|r| r.starts_with(OVERLAP)))
            .map(|o| o.issue_id.clone())
            .collect();
        // A fix can leave its file needing another (formatting after a lint fix): when every
        // issue of the files was asked for, their new safe fixes are applied too.
        let follow_up: Vec<String> = match (&request.selection, session.latest()) {
            (Selection::All | Selection::Files(_), Some(now)) => {
                // An applied fix whose issue is still reported was made for other text (the
                // file's other fixes changed it): it is asked again too.
                let attempted: HashSet<&str> = report
                    .issues
                    .iter()
                    .filter(|o| o.status != FixStatus::Applied)
                    .map(|o| o.issue_id.as_str())
                    .collect();
                now.issues
                    .iter()
                    .filter(|i| {
                        report.files.contains(&i.file)
                            && (!i.fixes.is_empty() || on_request::pending(i, &on_request))
                    })
                    .filter(|i| {
                        request.safety == Safety::All || i.fix_safety == Some(FixSafetyLevel::Safe)
                    })
                    .filter(|i| !attempted.contains(i.issue_id.as_str()))
                    .map(|i| i.issue_id.clone())
                    .collect()
            }
            _ => Vec::new(),
        };
        if request.dry_run
            || (overlapped.is_empty() && follow_up.is_empty())
            || cancel.is_cancelled()
        {
            break;
        }
        let mut ids = renamed(&previous, session.latest(), &overlapped);
        for id in follow_up {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        let again = FixRequest {
            selection: Selection::Issues(ids),
            ..request.clone()
        };
        previous = session.latest().cloned().unwrap_or_default();
        let mut next = round(session, &again, cancel).await?;
        let earlier: BTreeMap<String, IssueOutcome> = report
            .issues
            .iter()
            .filter(|o| overlapped.contains(&o.issue_id))
            .map(|o| (o.issue_id.clone(), o.clone()))
            .collect();
        for outcome in &mut next.issues {
            // Its line changed with the fix applied first, and with it its id.
            if outcome.file.is_empty()
                && let Some(first) = earlier.get(&outcome.issue_id)
            {
                outcome.file = first.file.clone();
                outcome.rule = first.rule.clone();
                outcome.reason = Some(format!(
                    "the re-check after the fix applied first shows it under another id; \
                     check again ({})",
                    first.reason.as_deref().unwrap_or_default()
                ));
            }
        }
        report.issues.retain(|o| !overlapped.contains(&o.issue_id));
        for outcome in next.issues {
            match report
                .issues
                .iter_mut()
                .find(|o| o.issue_id == outcome.issue_id)
            {
                // Applied before; this round found nothing more to do for it.
                Some(first)
                    if first.status == FixStatus::Applied
                        && outcome.status == FixStatus::Skipped => {}
                Some(first) => *first = outcome,
                None => report.issues.push(outcome),
            }
        }
        for file in next.files {
            if !report.files.contains(&file) {
                report.files.push(file);
            }
        }
        report.delta = match (report.delta, next.delta) {
            (Some(first), Some(then)) => Some(Delta {
                new: first.new + then.new,
                resolved: first.resolved + then.resolved,
                persisting: first.persisting.saturating_sub(then.resolved),
            }),
            (first, then) => first.or(then),
        };
    }
    Ok(report.count())
}

/// The ids in `now` of the issues `ids` named in `before`: the same id, or, when the fix
/// applied first changed the issue's line (and with it its id), the issue of the same file,
/// rule and message not yet taken. An id found in neither stays as it is (it is stale).
fn renamed(before: &Analysis, now: Option<&Analysis>, ids: &[String]) -> Vec<String> {
    let Some(now) = now else {
        return ids.to_vec();
    };
    let mut taken: HashSet<&str> = ids
        .iter()
        .filter(|id| now.issue(id).is_some())
        .map(String::as_str)
        .collect();
    ids.iter()
        .map(|id| {
            if now.issue(id).is_some() {
                return id.clone();
            }
            let Some(old) = before.issue(id) else {
                return id.clone();
            };
            let same = now.issues.iter().find(|i| {
                i.file == old.file
                    && i.rule == old.rule
                    && i.message == old.message
                    && !taken.contains(i.issue_id.as_str())
            });
            match same {
                Some(issue) => {
                    taken.insert(&issue.issue_id);
                    issue.issue_id.clone()
                }
                None => id.clone(),
            }
        })
        .collect()
}

/// Why a fix the engine does not mark safe is left alone.
const NOT_SAFE: &str = "its fix is not marked safe; ask for safety \"all\" to apply it";

/// Rounds after the first for fixes that overlapped another.
const MORE_ROUNDS: usize = 2;

/// How the reason of a fix that gave way to an overlapping one starts.
const OVERLAP: &str = "its edit overlaps";

/// One round of [`apply`], under its lock.
async fn round(
    session: &mut Session,
    request: &FixRequest,
    cancel: &CancellationToken,
) -> Result<FixReport, FixError> {
    let Some(latest) = session.latest().cloned() else {
        return Err(FixError(
            "no check to take fixes from: run check_project or check_files (or `signalint \
             check`) first"
                .to_owned(),
        ));
    };
    let root = session.context.root.clone();
    let contents = session.contents().clone();
    let (selected, unknown) = select(&latest, &request.selection)?;
    let mut report = FixReport::default();
    for id in unknown {
        report.issues.push(IssueOutcome {
            issue_id: id,
            file: String::new(),
            rule: String::new(),
            status: FixStatus::Skipped,
            reason: Some("not in the latest check (stale); check again".to_owned()),
            broke: Vec::new(),
        });
    }
    let askable = actions::engines(&session.context);
    let on_request = on_request::engines(&session.context);
    let mut fixed: Vec<&NormalizedIssue> = Vec::new();
    let mut to_ask: Vec<&NormalizedIssue> = Vec::new();
    let mut to_compute: Vec<&NormalizedIssue> = Vec::new();
    for issue in selected {
        let safe_enough =
            request.safety == Safety::All || issue.fix_safety == Some(FixSafetyLevel::Safe);
        if !issue.fixes.is_empty() && safe_enough {
            fixed.push(issue);
        } else if on_request::pending(issue, &on_request) && safe_enough {
            to_compute.push(issue);
        } else if !askable_engines(issue, &askable).is_empty() && !issue.file.is_empty() {
            // Another engine reporting the same fact may have a safe fix where this one
            // has none, or an unsafe one.
            to_ask.push(issue);
        } else if !issue.fixes.is_empty() {
            fixed.push(issue);
        } else if on_request::pending(issue, &on_request) {
            report.push(issue, FixStatus::Skipped, Some(NOT_SAFE.to_owned()));
        } else {
            report.push(
                issue,
                FixStatus::Skipped,
                Some(format!("{} supplied no fix for it", issue.engine)),
            );
        }
    }
    let asked = ask_code_actions(session, &root, &contents, &askable, to_ask, &mut report).await;
    let computed = on_request::compute(session, &contents, to_compute, &mut report, cancel).await;
    let mut by_file: BTreeMap<&str, Vec<&NormalizedIssue>> = BTreeMap::new();
    for issue in fixed.into_iter().chain(&asked).chain(&computed) {
        if request.safety == Safety::Safe && issue.fix_safety != Some(FixSafetyLevel::Safe) {
            report.push(issue, FixStatus::Skipped, Some(NOT_SAFE.to_owned()));
        } else {
            by_file.entry(issue.file.as_str()).or_default().push(issue);
        }
    }

    let mut written: Vec<Written> = Vec::new();
    let mut diff = String::new();
    for (file, issues) in by_file {
        let refuse = |report: &mut FixReport, why: &str| {
            for issue in &issues {
                report.push(issue, FixStatus::Skipped, Some(why.to_owned()));
            }
        };
        let source = match files::Source::read(&root, file) {
            Ok(source) => source,
            Err(why) => {
                refuse(&mut report, &why);
                continue;
            }
        };
        if contents.get(file) != Some(&content_hash(&source.bytes)) {
            refuse(
                &mut report,
                &format!(
                    "stale: `{file}` changed since the check that produced the fix; nothing \
                     written (check it again)"
                ),
            );
            continue;
        }
        let Ok(text) = std::str::from_utf8(&source.bytes) else {
            refuse(&mut report, &format!("`{file}` is not UTF-8 text"));
            continue;
        };
        let candidates: Vec<plan::Candidate<'_>> = issues
            .iter()
            .map(|i| plan::Candidate {
                issue_id: &i.issue_id,
                edits: &i.fixes,
            })
            .collect();
        let planned = plan::plan(text, &candidates);
        let by_id = |id: &str| issues.iter().find(|i| i.issue_id == id).copied();
        for (id, why) in &planned.skipped {
            if let Some(issue) = by_id(id) {
                report.push(issue, FixStatus::Skipped, Some(why.clone()));
            }
        }
        if planned.applied.is_empty() {
            continue;
        }
        if request.dry_run {
            diff.push_str(&plan::unified_diff(file, text, &planned.text));
            for id in &planned.applied {
                if let Some(issue) = by_id(id) {
                    report.push(issue, FixStatus::Planned, None);
                }
            }
            continue;
        }
        if let Err(e) = source.replace(planned.text.as_bytes()) {
            refuse(&mut report, &format!("cannot write `{file}`: {e}"));
            continue;
        }
        written.push(Written {
            file: file.to_owned(),
            source,
            fixed: planned.text.into_bytes(),
            issues: planned.applied,
        });
    }
    if request.dry_run {
        report.diff = Some(diff);
        return Ok(report.count());
    }
    if written.is_empty() {
        return Ok(report.count());
    }
    verify(session, &latest, written, &mut report, cancel).await;
    Ok(report.count())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::IssueSeverity;

    fn issue(id: &str, file: &str, message: &str) -> NormalizedIssue {
        NormalizedIssue {
            issue_id: id.into(),
            file: file.into(),
            line: 1,
            col: 1,
            engine: "biome".into(),
            rule: "lint/style/useConst".into(),
            severity: IssueSeverity::Error,
            message: message.into(),
            fixable: true,
            cluster_id: None,
            end_line: None,
            end_col: None,
            help: None,
            url: None,
            new: false,
            fixes: Vec::new(),
            fix_safety: None,
            engines: Vec::new(),
            rules: Vec::new(),
            caused_by: None,
            programs: Vec::new(),
        }
    }

    fn analysis(issues: Vec<NormalizedIssue>) -> Analysis {
        Analysis {
            issues,
            ..Analysis::default()
        }
    }

    #[test]
    fn an_issue_whose_line_changed_is_found_by_file_rule_and_message() {
        let before = analysis(vec![
            issue("kept", "a.ts", "one"),
            issue("old", "a.ts", "two"),
            issue("gone", "a.ts", "three"),
        ]);
        let now = analysis(vec![
            issue("kept", "a.ts", "one"),
            issue("new", "a.ts", "two"),
            issue("other", "b.ts", "three"),
        ]);
        let ids = ["kept", "old", "gone"].map(String::from);
        assert_eq!(
            renamed(&before, Some(&now), &ids),
            ["kept", "new", "gone"],
            "the same id, the renamed one, and a stale id left as it is"
        );
    }
}
