//! Which reported issues a check keeps: only files inside the project root (an engine may
//! follow a symlink out of it), and for a path-scoped check only files under its paths (a
//! whole-program engine checks its whole program and reports everywhere).

use std::collections::HashMap;
use std::path::Path;

use crate::core::IssueInput;

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
}
