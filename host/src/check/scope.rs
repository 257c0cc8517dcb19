//! Which reported issues a check keeps: only files inside the project root (an engine may
//! follow a symlink out of it), and for a path-scoped check only files under its paths (a
//! whole-program engine checks its whole program and reports everywhere).
//!
//! A check of exact files ([`FilesScope`]) answers with the issues of those files, plus the
//! issues of other files that are new against the project's memory (what the edit broke
//! elsewhere). That needs the memory and the issue ids, so it narrows the analysis after the
//! memory has taken the whole check in: leaving an issue out of the answer must never make the
//! memory think it was fixed.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;

use crate::core::{Analysis, EngineStatus, IssueInput, Snapshot};

/// The paths a check reports on: `None` for the whole project.
#[derive(Debug, Clone, Default)]
pub(crate) struct ReportScope {
    paths: Option<Vec<String>>,
}

/// What [`ReportScope::keep`] dropped from one engine's issues.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Dropped {
    /// Files that resolve outside the root.
    pub outside_root: usize,
    /// Files outside the check's paths.
    pub outside_paths: usize,
}

impl ReportScope {
    /// The scope of a project check of `paths` (project-relative, already validated).
    pub fn of_paths(paths: &[String]) -> Self {
        let paths: Vec<String> = paths
            .iter()
            .map(|p| p.trim_start_matches("./").trim_end_matches('/').to_owned())
            .collect();
        if paths.is_empty() || paths.iter().any(|p| p.is_empty() || p == ".") {
            return Self::default();
        }
        Self { paths: Some(paths) }
    }

    /// Whether the check reports on part of the project only.
    pub fn is_partial(&self) -> bool {
        self.paths.is_some()
    }

    fn covers(&self, file: &str) -> bool {
        let Some(paths) = &self.paths else {
            return true;
        };
        paths.iter().any(|p| {
            file == p || (file.starts_with(p.as_str()) && file[p.len()..].starts_with('/'))
        })
    }

    /// Keeps the issues this check reports and counts the others. An issue without a file (a
    /// program-level diagnostic) concerns the whole program and is kept.
    pub fn keep(&self, root: &Path, issues: &mut Vec<IssueInput>) -> Dropped {
        let mut dropped = Dropped::default();
        let mut inside: HashMap<String, bool> = HashMap::new();
        issues.retain(|issue| {
            if issue.file.is_empty() {
                return true;
            }
            let in_root = *inside
                .entry(issue.file.clone())
                .or_insert_with(|| resolves_inside(root, &issue.file));
            if !in_root {
                dropped.outside_root += 1;
                return false;
            }
            if !self.covers(&issue.file) {
                dropped.outside_paths += 1;
                return false;
            }
            true
        });
        dropped
    }
}

/// The files of a `check_files`, whose answer keeps to them.
#[derive(Debug, Clone)]
pub(crate) struct FilesScope {
    files: HashSet<String>,
}

/// What [`FilesScope::narrow`] did to one engine's issues of other files.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Elsewhere {
    /// Left out: the memory already held them, or never examined their file with this engine.
    pub left_out: usize,
    /// Reported: new against the memory, in a file the engine had examined before.
    pub new: usize,
}

impl FilesScope {
    /// The scope of a check of `files` (project-relative, already validated).
    pub fn of_files(files: &[String]) -> Self {
        Self {
            files: files
                .iter()
                .map(|f| f.trim_start_matches("./").to_owned())
                .collect(),
        }
    }

    /// The ids to leave out of the answer, and per engine what was left out and kept. An issue
    /// of another file is kept only when `memory` knows that engine examined the file before
    /// and does not hold the issue; an issue without a file is kept.
    pub fn elsewhere(
        &self,
        analysis: &Analysis,
        memory: &Snapshot,
    ) -> (HashSet<String>, BTreeMap<String, Elsewhere>) {
        let mut left_out = HashSet::new();
        let mut counts: BTreeMap<String, Elsewhere> = BTreeMap::new();
        for issue in &analysis.issues {
            if issue.file.is_empty() || self.files.contains(&issue.file) {
                continue;
            }
            let examined = memory
                .seen
                .get(&issue.engine)
                .is_some_and(|c| c.covers(&issue.file));
            let count = counts.entry(issue.engine.clone()).or_default();
            if examined && !memory.issues.contains_key(&issue.issue_id) {
                count.new += 1;
            } else {
                count.left_out += 1;
                left_out.insert(issue.issue_id.clone());
            }
        }
        (left_out, counts)
    }

    /// The answer of this check: `analysis` without the issues of other files that are not
    /// new (`None`: nothing to leave out), with each engine's status saying what was left out
    /// (and counting what was kept).
    pub fn narrow(
        &self,
        analysis: &Analysis,
        memory: &Snapshot,
        statuses: &mut BTreeMap<String, EngineStatus>,
    ) -> Option<Analysis> {
        let (left_out, counts) = self.elsewhere(analysis, memory);
        for (engine, count) in counts {
            let Some(status) = statuses.get_mut(&engine) else {
                continue;
            };
            let mut note = format!(
                "checked its whole programs; {} issue(s) outside the requested files not reported",
                count.left_out
            );
            if count.new > 0 {
                note.push_str(&format!(
                    "; {} new issue(s) in other files reported (new since the last check of \
                     those files: this edit may have caused them)",
                    count.new
                ));
            }
            if let Some(n) = status.issue_count.as_mut() {
                *n = n.saturating_sub(count.left_out);
            }
            status.message = Some(match status.message.take() {
                Some(message) => format!("{message}; {note}"),
                None => note,
            });
        }
        (!left_out.is_empty())
            .then(|| crate::core::narrow(analysis, left_out.iter().map(String::as_str)))
    }
}

/// Whether a reported file (project-relative, or absolute when the engine reported a file
/// outside the root) resolves inside `root` (canonical). A file that no longer exists is judged
/// by its name.
fn resolves_inside(root: &Path, file: &str) -> bool {
    let path = Path::new(file);
    if path.is_absolute()
        || path
            .components()
            .any(|c| c == std::path::Component::ParentDir)
    {
        return false;
    }
    match root.join(path).canonicalize() {
        Ok(real) => real.starts_with(root),
        Err(_) => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn issue(file: &str) -> IssueInput {
        IssueInput {
            file: file.to_owned(),
            line: 1,
            col: 1,
            end_line: None,
            end_col: None,
            engine: "tsc".into(),
            rule: "TS2322".into(),
            severity: crate::core::IssueSeverity::Error,
            message: "m".into(),
            fixable: false,
            help: None,
            url: None,
            line_text: String::new(),
            fixes: Vec::new(),
            fix_safe: None,
            same_as: Vec::new(),
            programs: Vec::new(),
            subject: None,
        }
    }

    fn files(issues: &[IssueInput]) -> Vec<&str> {
        issues.iter().map(|i| i.file.as_str()).collect()
    }

    #[test]
    fn a_path_scope_keeps_what_lies_under_its_paths() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let scope = ReportScope::of_paths(&["./packages/a/".to_owned(), "lib/x.ts".to_owned()]);
        assert!(scope.is_partial());
        let mut issues = vec![
            issue("packages/a/src/i.ts"),
            issue("packages/ab/src/i.ts"),
            issue("packages/b/src/i.ts"),
            issue("lib/x.ts"),
            issue(""),
        ];
        let dropped = scope.keep(&root, &mut issues);
        assert_eq!(files(&issues), ["packages/a/src/i.ts", "lib/x.ts", ""]);
        assert_eq!(
            dropped,
            Dropped {
                outside_root: 0,
                outside_paths: 2
            }
        );
        assert!(!ReportScope::of_paths(&[".".to_owned()]).is_partial());
        assert!(!ReportScope::of_paths(&[]).is_partial());
    }

    #[test]
    fn files_that_resolve_outside_the_root_are_dropped_and_counted() {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.ts"), "x").unwrap();
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir(root.join("src")).unwrap();
        std::fs::write(root.join("src/a.ts"), "x").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(outside.path(), root.join("src/link")).unwrap();
        let mut issues = vec![
            issue("src/a.ts"),
            issue("src/link/secret.ts"),
            issue("/etc/passwd"),
            issue("../outside.ts"),
            issue("src/deleted.ts"),
        ];
        let dropped = ReportScope::default().keep(&root, &mut issues);
        assert_eq!(files(&issues), ["src/a.ts", "src/deleted.ts"]);
        assert_eq!(dropped.outside_root, if cfg!(unix) { 3 } else { 2 });
        assert_eq!(dropped.outside_paths, 0);
    }

    #[test]
    fn a_files_check_keeps_its_files_and_what_is_new_elsewhere() {
        let message = |i: &mut IssueInput, m: &str| i.message = m.to_owned();
        let mut known = issue("src/old.ts");
        message(&mut known, "known");
        let before = crate::core::analyze(vec![known.clone()]);
        let mut memory = Snapshot::of(&before);
        memory.seen.insert("tsc".into(), crate::core::Coverage::All);
        let mut broke = issue("src/leaf.ts");
        message(&mut broke, "broken by the edit");
        let mut unseen = issue("src/other.ts");
        unseen.engine = "other".into();
        let now = crate::core::analyze(vec![issue("src/hub.ts"), known, broke, unseen, issue("")]);
        let scope = FilesScope::of_files(&["./src/hub.ts".to_owned()]);
        let (left_out, counts) = scope.elsewhere(&now, &memory);
        assert_eq!(
            left_out.len(),
            2,
            "the known issue and the one of an engine never run before"
        );
        assert_eq!(
            counts["tsc"],
            Elsewhere {
                left_out: 1,
                new: 1
            }
        );
        assert_eq!(
            counts["other"],
            Elsewhere {
                left_out: 1,
                new: 0
            }
        );

        let mut tsc = EngineStatus::ok();
        tsc.issue_count = Some(4);
        let mut statuses = BTreeMap::from([("tsc".to_owned(), tsc)]);
        let shown = scope.narrow(&now, &memory, &mut statuses).unwrap();
        let files: Vec<&str> = shown.issues.iter().map(|i| i.file.as_str()).collect();
        assert_eq!(files.len(), 3);
        assert!(files.contains(&"src/leaf.ts") && !files.contains(&"src/old.ts"));
        assert_eq!(statuses["tsc"].issue_count, Some(3));
        assert_eq!(
            statuses["tsc"].message.as_deref(),
            Some(
                "checked its whole programs; 1 issue(s) outside the requested files not reported; \
                 1 new issue(s) in other files reported (new since the last check of those files: \
                 this edit may have caused them)"
            )
        );
        // With no memory, nothing in another file is known to be new: all of it is left out.
        assert!(
            scope
                .narrow(&before, &Snapshot::default(), &mut BTreeMap::new())
                .is_some_and(|shown| shown.issues.is_empty())
        );
        assert!(
            FilesScope::of_files(&["src/old.ts".to_owned()])
                .narrow(&before, &memory, &mut statuses)
                .is_none()
        );
    }
}
