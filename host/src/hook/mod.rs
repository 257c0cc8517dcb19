//! `signalint hook`'s judgement: which errors of a check of the edited files this edit
//! introduced, and which of them the agent was already told about.
//!
//! An error blocks when the check marks it `new` (absent from the last known state of its file,
//! see [`crate::core::delta`]) and no earlier hook run reported it while it stayed. What the hook
//! reported is remembered in `.signalint/hook.json` under the state's lock, so the same unchanged
//! issue never blocks twice; once an issue is gone from a re-examined file it is forgotten, so
//! reintroducing it blocks again (with the loop warning when it keeps coming back).

pub mod endpoint;
pub mod payload;

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::core::{IssueSeverity, NormalizedIssue};
use crate::state::{ID_VERSION, StateDir, files};

/// The file under `.signalint/`.
const FILE_NAME: &str = "hook.json";

/// The largest `hook.json` read back.
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
    /// What `.signalint/hook.json` holds; empty when absent, unreadable or of another id
    /// version (with a warning when it is damaged).
    pub fn load(state: &StateDir) -> Self {
        let path = state.path().join(FILE_NAME);
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

    /// Writes `.signalint/hook.json`; the caller holds the state's lock.
    pub fn save(&self, state: &StateDir) -> std::io::Result<()> {
        state.ensure()?;
        files::write_atomic(
            state.path(),
            FILE_NAME,
            &serde_json::to_vec(self).map_err(std::io::Error::other)?,
        )
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

    #[test]
    fn errors_of_files_not_rechecked_stay_remembered() {
        let elsewhere = [issue("i-b", "b.ts", IssueSeverity::Error, true)];
        let first = judge(&elsewhere, &Reported::default(), &edited(&["a.ts"]));
        let later = judge(&[], &first.next, &edited(&["a.ts"]));
        assert!(later.next.issues.contains_key("i-b"));
    }
}
