//! The files a project check covers.

use std::path::{Path, PathBuf};

use globset::{Glob, GlobSet, GlobSetBuilder};
use ignore::WalkBuilder;

/// Directories never checked, wherever they are.
const ALWAYS_SKIPPED: &[&str] = &["**/node_modules", ".signalint", "**/.git"];

/// Project-relative files under `paths` (files or directories), honouring `.gitignore`,
/// skipping `node_modules`, `.signalint`, `.git` and the configured ignore globs. Sorted.
pub fn project_files(root: &Path, paths: &[String], ignore_globs: &[String]) -> Vec<String> {
    let skipped = skip_set(ignore_globs);
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
        let walker = WalkBuilder::new(&start)
            .hidden(false)
            .git_ignore(true)
            .git_global(false)
            .git_exclude(true)
            .require_git(false)
            .parents(true)
            .filter_entry(move |entry| {
                entry
                    .path()
                    .strip_prefix(&root_for_filter)
                    .map_or(true, |relative| !skipped_for_filter.is_match(relative))
            })
            .build();
        for entry in walker.filter_map(Result::ok) {
            if entry.file_type().is_some_and(|t| t.is_file())
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
