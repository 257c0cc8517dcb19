//! `signalint hook`'s judgement: which errors of a check of the edited files this edit
//! introduced, and which of them the agent was already told about.
//!
//! An error blocks when the check marks it `new` (absent from the last known state of its file,
//! see [`crate::core::delta`]) and no earlier hook run reported it while it stayed. What the hook
//! reported is remembered in `.signalint/hook.state` under the state's lock, so the same unchanged
//! issue never blocks twice; once an issue is gone from a re-examined file it is forgotten, so
//! reintroducing it blocks again (with the loop warning when it keeps coming back).
//!
//! A file no check has examined before has no last known state to compare with: there the
//! lines the work tree changed since `HEAD` (git's own diff, see [`crate::changed`]) say which
//! errors the edit introduced ([`introduced_on_changed_lines`]), so the first edit of a file
//! blocks on what it broke and not on what was already there.

pub mod endpoint;
pub mod payload;

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::changed::ChangedLines;
use crate::core::{IssueSeverity, NormalizedIssue, Snapshot};
use crate::state::{ID_VERSION, StateDir, files};

/// The file under `.signalint/`.
const NAME: &str = "hook";

/// The largest `hook.state` read back.
const MAX_BYTES: u64 = 16 << 20;

/// The errors the hook has reported that are still there, by issue id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Reported {
    /// [`ID_VERSION`] when written: ids of another version match nothing.
    pub id_version: u32,
    /// Issue id to its file.
    #[serde(default)]
    pub issues: BTreeMap<String, String>,
}

impl Default for Reported {
    fn default() -> Self {
        Self {
            id_version: ID_VERSION,
            issues: BTreeMap::new(),
        }
    }
}

impl Reported {
    /// What `.signalint/hook.state` holds; empty when absent, unreadable or of another id
    /// version (with a warning when it is damaged).
    pub fn load(state: &StateDir) -> Self {
        let path = state.path().join(crate::state::state_file(NAME));
        let bytes = match files::read_regular(&path, MAX_BYTES) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return Self::default(),
            Err(e) => {
                tracing::warn!("{e}; the hook starts afresh");
                return Self::default();
            }
        };
        match serde_json::from_slice::<Reported>(&bytes) {
            Ok(reported) if reported.id_version == ID_VERSION => reported,
            Ok(_) => Self::default(),
            Err(e) => {
                tracing::warn!(
                    "{} did not parse ({e}); the hook starts afresh",
                    path.display()
                );
                Self::default()
            }
        }
    }

    /// Writes `.signalint/hook.state`; the caller holds the state's lock.
    pub fn save(&self, state: &StateDir) -> std::io::Result<()> {
        state.ensure()?;
        files::write_atomic(
            state.path(),
            &crate::state::state_file(NAME),
            &serde_json::to_vec(self).map_err(std::io::Error::other)?,
        )?;
        // What an earlier signalint remembered is only forgotten: the hook starts afresh.
        state.remove_legacy(NAME);
        Ok(())
    }
}

/// The errors to block on, and what to remember afterwards.
#[derive(Debug)]
pub struct Verdict<'a> {
    /// New errors not reported before, in the check's order.
    pub blocking: Vec<&'a NormalizedIssue>,
    /// Errors present that were new but already reported (not blocked again).
    pub already_reported: usize,
    pub next: Reported,
}

/// Judges a check's issues. `edited` are the files the hook checked: with the files of the
/// issues, they are the files this check re-examined, whose reported errors that are gone now
/// are forgotten.
pub fn judge<'a>(
    issues: &'a [NormalizedIssue],
    reported: &Reported,
    edited: &[String],
) -> Verdict<'a> {
    let errors: Vec<&NormalizedIssue> = issues
        .iter()
        .filter(|i| i.severity == IssueSeverity::Error)
        .collect();
    let present: BTreeSet<&str> = errors.iter().map(|i| i.issue_id.as_str()).collect();
    let covered: BTreeSet<&str> = edited
        .iter()
        .map(String::as_str)
        .chain(issues.iter().map(|i| i.file.as_str()))
        .collect();
    let mut next = Reported::default();
    for (id, file) in &reported.issues {
        if present.contains(id.as_str()) || !covered.contains(file.as_str()) {
            next.issues.insert(id.clone(), file.clone());
        }
    }
    let mut blocking = Vec::new();
    let mut already_reported = 0;
    for issue in errors.into_iter().filter(|i| i.new) {
        if reported.issues.contains_key(&issue.issue_id) {
            already_reported += 1;
        } else {
            blocking.push(issue);
            next.issues
                .insert(issue.issue_id.clone(), issue.file.clone());
        }
    }
    Verdict {
        blocking,
        already_reported,
        next,
    }
}

/// Re-marks `new` on the issues of files `known` did not cover before the check: an issue is
/// new when it lies on a line `changed` touches. Without `changed` (no git, no `HEAD`) such
/// issues are taken as they are, as a first check takes them. Returns how many files were
/// judged this way.
pub fn introduced_on_changed_lines(
    issues: &mut [NormalizedIssue],
    known: &Snapshot,
    changed: Option<&ChangedLines>,
) -> usize {
    let mut unknown = BTreeSet::new();
    for issue in issues.iter_mut().filter(|i| !known.knows(&i.file)) {
        issue.new = changed.is_some_and(|changed| {
            changed.touches(
                &issue.file,
                issue.line,
                issue.end_line.unwrap_or(issue.line),
            )
        });
        unknown.insert(issue.file.clone());
    }
    unknown.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn issue(id: &str, file: &str, severity: IssueSeverity, new: bool) -> NormalizedIssue {
        // Built from JSON, as the issue model grows additive fields.
        serde_json::from_value(serde_json::json!({
            "issueId": id, "file": file, "line": 1, "col": 1, "engine": "tsc",
            "rule": "TS2322", "severity": severity, "message": "m", "fixable": false, "new": new,
        }))
        .expect("an issue")
    }

    fn edited(files: &[&str]) -> Vec<String> {
        files.iter().map(|f| (*f).to_owned()).collect()
    }

    #[test]
    fn only_new_errors_block_and_only_once() {
        let issues = [
            issue("i-new", "a.ts", IssueSeverity::Error, true),
            issue("i-old", "a.ts", IssueSeverity::Error, false),
            issue("i-warn", "a.ts", IssueSeverity::Warning, true),
        ];
        let first = judge(&issues, &Reported::default(), &edited(&["a.ts"]));
        let ids: Vec<&str> = first.blocking.iter().map(|i| i.issue_id.as_str()).collect();
        assert_eq!(ids, ["i-new"]);
        // The same check again (a delta that could not be saved, a second hook on one edit).
        let second = judge(&issues, &first.next, &edited(&["a.ts"]));
        assert!(second.blocking.is_empty());
        assert_eq!(second.already_reported, 1);
    }

    #[test]
    fn a_fixed_error_is_forgotten_so_its_return_blocks_again() {
        let broken = [issue("i-1", "a.ts", IssueSeverity::Error, true)];
        let first = judge(&broken, &Reported::default(), &edited(&["a.ts"]));
        assert_eq!(first.blocking.len(), 1);
        let fixed = judge(&[], &first.next, &edited(&["a.ts"]));
        assert!(fixed.next.issues.is_empty());
        let again = judge(&broken, &fixed.next, &edited(&["a.ts"]));
        assert_eq!(again.blocking.len(), 1);
    }

    fn at_line(id: &str, file: &str, line: u32, new: bool) -> NormalizedIssue {
        let mut issue = issue(id, file, IssueSeverity::Error, new);
        issue.line = line;
        issue
    }

    #[test]
    fn in_a_file_seen_first_only_errors_on_changed_lines_are_new() {
        let changed = ChangedLines {
            base: "HEAD".into(),
            ranges: BTreeMap::from([("a.ts".to_owned(), vec![(10, 12)])]),
            whole: BTreeSet::from(["created.ts".to_owned()]),
        };
        // The check marked every issue of the unknown files new (none was in the snapshot).
        let mut issues = [
            at_line("i-edit", "a.ts", 11, true),
            at_line("i-old", "a.ts", 3, true),
            at_line("i-created", "created.ts", 1, true),
        ];
        let files = introduced_on_changed_lines(&mut issues, &Snapshot::default(), Some(&changed));
        assert_eq!(files, 2);
        let new: Vec<&str> = issues
            .iter()
            .filter(|i| i.new)
            .map(|i| i.issue_id.as_str())
            .collect();
        assert_eq!(new, ["i-edit", "i-created"]);
        let verdict = judge(&issues, &Reported::default(), &edited(&["a.ts"]));
        assert_eq!(verdict.blocking.len(), 2);
    }

    #[test]
    fn without_git_a_file_seen_first_blocks_on_nothing() {
        let mut issues = [at_line("i-1", "a.ts", 1, true)];
        introduced_on_changed_lines(&mut issues, &Snapshot::default(), None);
        assert!(!issues[0].new);
    }

    #[test]
    fn errors_of_files_not_rechecked_stay_remembered() {
        let elsewhere = [issue("i-b", "b.ts", IssueSeverity::Error, true)];
        let first = judge(&elsewhere, &Reported::default(), &edited(&["a.ts"]));
        let later = judge(&[], &first.next, &edited(&["a.ts"]));
        assert!(later.next.issues.contains_key("i-b"));
    }
}
