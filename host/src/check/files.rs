//! The files a project check covers.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use globset::{Glob, GlobSet, GlobSetBuilder};
use ignore::WalkBuilder;

use super::ignores::IgnoreRules;
use crate::stamp::Watched;

/// Directories never checked, wherever they are.
const ALWAYS_SKIPPED: &[&str] = &["**/node_modules", ".signalint", "**/.git"];

/// A project walk started ahead of the check that uses it: the CLI walks the project while the
/// plugin libraries load, which takes as long again, so the walk is off the way to the engines'
/// start. One check takes it, and only for the paths and ignores it was started with.
#[derive(Debug, Default)]
pub struct Prewalk(Mutex<Option<Started>>);

#[derive(Debug)]
struct Started {
    paths: Vec<String>,
    ignore: Vec<String>,
    walking: std::thread::JoinHandle<Vec<String>>,
}

impl Prewalk {
    /// Starts walking `paths` under `root` on a thread of its own (nothing, if it cannot start).
    pub fn start(root: &Path, paths: &[String], ignore: &[String]) -> Self {
        let (root, walk_paths, walk_ignore) = (root.to_owned(), paths.to_vec(), ignore.to_vec());
        let walking = std::thread::Builder::new()
            .name("signalint-walk".into())
            .spawn(move || project_files(&root, &walk_paths, &walk_ignore));
        Self(Mutex::new(walking.ok().map(|walking| Started {
            paths: paths.to_vec(),
            ignore: ignore.to_vec(),
            walking,
        })))
    }

    /// The walk's files, when it was started for these `paths` and `ignore` globs and no check
    /// took it yet.
    pub(crate) fn take(&self, paths: &[String], ignore: &[String]) -> Option<Vec<String>> {
        let started = self.0.lock().ok()?.take()?;
        if started.paths != paths || started.ignore != ignore {
            return None;
        }
        started.walking.join().ok()
    }
}

/// Project-relative files under `paths` (files or directories), honouring `.gitignore`,
/// skipping `node_modules`, `.signalint`, `.git` and the configured ignore globs. Sorted.
pub fn project_files(root: &Path, paths: &[String], ignore_globs: &[String]) -> Vec<String> {
    walk(root, paths, ignore_globs, |_| {})
}

/// Every project file (as [`project_files`] of `.`), with what the walk read recorded in
/// `watched`: each directory it listed and the ignore files that could apply, there and in
/// the root's ancestors, so that a change to any of them is seen.
pub(crate) fn watched_project_files(
    root: &Path,
    ignore_globs: &[String],
    watched: &mut Watched,
) -> Vec<String> {
    for ancestor in root.ancestors().skip(1) {
        watched.add_ignore_files(ancestor);
    }
    walk(root, &[".".to_owned()], ignore_globs, |dir| {
        watched.add(dir.to_owned());
        watched.add_ignore_files(dir);
    })
}

/// [`project_files`], calling `entered` with every directory the walk lists.
fn walk(
    root: &Path,
    paths: &[String],
    ignore_globs: &[String],
    mut entered: impl FnMut(&Path),
) -> Vec<String> {
    let skipped = skip_set(ignore_globs);
    let rules = Arc::new(IgnoreRules::default());
    let mut files = Vec::new();
    let paths: Vec<&str> = if paths.is_empty() {
        vec!["."]
    } else {
        paths.iter().map(String::as_str).collect()
    };
    for path in paths {
        let start: PathBuf = match path.trim_start_matches("./") {
            "" | "." => root.to_owned(),
            relative => root.join(relative),
        };
        if start
            .strip_prefix(root)
            .is_ok_and(|relative| skipped.is_match(relative))
        {
            continue;
        }
        let (root_for_filter, skipped_for_filter) = (root.to_owned(), skipped.clone());
        let rules = rules.clone();
        // The ignore files are honoured by `IgnoreRules`, compiled once per content, not by
        // the walker, which would compile each again for every walk.
        let walker = WalkBuilder::new(&start)
            .standard_filters(false)
            .filter_entry(move |entry| {
                let skipped = entry
                    .path()
                    .strip_prefix(&root_for_filter)
                    .is_ok_and(|relative| skipped_for_filter.is_match(relative));
                !skipped
                    && !rules.ignored(
                        entry.path(),
                        entry.file_type().is_some_and(|kind| kind.is_dir()),
                    )
            })
            .build();
        for entry in walker.filter_map(Result::ok) {
            let Some(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                entered(entry.path());
            } else if kind.is_file()
                && let Ok(relative) = entry.path().strip_prefix(root)
            {
                files.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    files.sort();
    files.dedup();
    files
}

/// Globs matched against root-relative paths; a directory that matches is not entered.
fn skip_set(ignore_globs: &[String]) -> GlobSet {
    let mut builder = GlobSetBuilder::new();
    for glob in ALWAYS_SKIPPED
        .iter()
        .map(|g| (*g).to_owned())
        .chain(ignore_globs.iter().cloned())
    {
        // `dist/**` also skips the `dist` directory itself, so it is never walked.
        let trimmed = glob
            .trim_end_matches("/**")
            .trim_end_matches('/')
            .to_owned();
        for pattern in [glob, trimmed] {
            if let Ok(glob) = Glob::new(&pattern) {
                builder.add(glob);
            }
        }
    }
    builder.build().unwrap_or_else(|_| GlobSet::empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prewalk_serves_one_check_of_its_own_paths_and_ignores() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for file in ["src/a.ts", "lib/b.ts", "gen/c.ts"] {
            std::fs::create_dir_all(root.join(file).parent().unwrap()).unwrap();
            std::fs::write(root.join(file), "").unwrap();
        }
        let dot = vec![".".to_owned()];
        let ignore = vec!["gen/**".to_owned()];
        let expected = project_files(root, &dot, &ignore);
        assert_eq!(expected, ["lib/b.ts", "src/a.ts"]);

        let prewalk = Prewalk::start(root, &dot, &ignore);
        assert_eq!(prewalk.take(&dot, &ignore), Some(expected));
        assert_eq!(prewalk.take(&dot, &ignore), None, "taken once");

        let prewalk = Prewalk::start(root, &dot, &ignore);
        assert_eq!(
            prewalk.take(&["src".to_owned()], &ignore),
            None,
            "other paths"
        );
        let prewalk = Prewalk::start(root, &dot, &ignore);
        assert_eq!(prewalk.take(&dot, &[]), None, "other ignores");
        assert_eq!(Prewalk::default().take(&dot, &ignore), None);
    }

    #[test]
    fn a_gitignore_is_compiled_once_for_every_walk_of_its_content() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("src")).unwrap();
        std::fs::write(root.join("src/a.ts"), "").unwrap();
        std::fs::write(root.join("src/a.log"), "").unwrap();
        let gitignore = root.join(".gitignore");
        std::fs::write(&gitignore, "*.log\n").unwrap();
        let dot = [".".to_owned()];
        for _ in 0..3 {
            assert_eq!(project_files(root, &dot, &[]), [".gitignore", "src/a.ts"]);
            assert_eq!(project_files(root, &["src".to_owned()], &[]), ["src/a.ts"]);
        }
        assert_eq!(super::super::ignores::compiles_of(&gitignore), 1);
        std::fs::write(&gitignore, "*.ts\n").unwrap();
        assert_eq!(project_files(root, &dot, &[]), [".gitignore", "src/a.log"]);
        assert_eq!(super::super::ignores::compiles_of(&gitignore), 2);
    }

    #[test]
    fn walks_with_ignores() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for file in [
            "src/a.ts",
            "src/b.js",
            "node_modules/x/y.js",
            "dist/out.js",
            ".signalint/c.json",
            "gen/skip.ts",
        ] {
            std::fs::create_dir_all(root.join(file).parent().unwrap()).unwrap();
            std::fs::write(root.join(file), "").unwrap();
        }
        std::fs::write(root.join(".gitignore"), "dist/\n").unwrap();
        let files = project_files(root, &[".".into()], &["gen/**".into()]);
        assert_eq!(files, [".gitignore", "src/a.ts", "src/b.js"]);
        assert_eq!(project_files(root, &["src/a.ts".into()], &[]), ["src/a.ts"]);
        assert_eq!(
            project_files(root, &["src".into(), "./.signalint".into()], &[]),
            ["src/a.ts", "src/b.js"]
        );
    }
}
