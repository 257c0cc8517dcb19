//! The files a project check covers.

use std::path::Path;

use ignore::WalkBuilder;
use ignore::overrides::OverrideBuilder;

/// Project-relative files under `paths` (files or directories), honouring `.gitignore`,
/// skipping `node_modules`, `.signalint` and the configured ignore globs. Sorted.
pub fn project_files(root: &Path, paths: &[String], ignore_globs: &[String]) -> Vec<String> {
    let mut overrides = OverrideBuilder::new(root);
    for glob in ["!**/node_modules/**", "!**/.signalint/**", "!**/.git/**"] {
        overrides.add(glob).expect("static glob");
    }
    for glob in ignore_globs {
        // Validated when the config was read.
        let _ = overrides.add(&format!("!{glob}"));
    }
    let overrides = overrides
        .build()
        .unwrap_or_else(|_| ignore::overrides::Override::empty());
    let mut files = Vec::new();
    let paths: Vec<&str> = if paths.is_empty() {
        vec!["."]
    } else {
        paths.iter().map(String::as_str).collect()
    };
    for path in paths {
        let start = root.join(path);
        let walker = WalkBuilder::new(&start)
            .hidden(false)
            .git_ignore(true)
            .git_global(false)
            .git_exclude(true)
            .require_git(false)
            .parents(true)
            .overrides(overrides.clone())
            .build();
        for entry in walker.filter_map(Result::ok) {
            if entry.file_type().is_some_and(|t| t.is_file()) {
                if let Ok(relative) = entry.path().strip_prefix(root) {
                    files.push(relative.to_string_lossy().replace('\\', "/"));
                }
            }
        }
    }
    files.sort();
    files.dedup();
    files
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
    }
}
