//! Output formats, one file each. Renderers return text; only the CLI prints it.
//!
//! Issue paths are relative to the project root a check was given. Code-scanning dashboards
//! and workflow annotations resolve paths against the repository instead, so the SARIF and
//! GitHub renderers take a [`repository_prefix`]: the root's place in its git work tree.

pub mod github;
pub mod hook;
pub mod human;
pub mod json;
pub mod rdjson;
pub mod sarif;

use std::path::Path;

/// The project root relative to its git work tree (the nearest ancestor, the root included,
/// holding a `.git` directory or file), with `/` separators and a trailing `/`; empty when the
/// root is the work tree's top or lies in none.
pub fn repository_prefix(root: &Path) -> String {
    let Some(top) = root.ancestors().find(|dir| dir.join(".git").exists()) else {
        return String::new();
    };
    match root.strip_prefix(top) {
        Ok(relative) if !relative.as_os_str().is_empty() => {
            format!("{}/", relative.to_string_lossy().replace('\\', "/"))
        }
        _ => String::new(),
    }
}

/// A project-relative issue path as the repository sees it.
pub(crate) fn in_repository(prefix: &str, file: &str) -> String {
    if file.is_empty() {
        String::new()
    } else {
        format!("{prefix}{file}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prefix_is_the_root_inside_its_work_tree() {
        let dir = tempfile::tempdir().unwrap();
        let top = dir.path();
        std::fs::create_dir_all(top.join("packages/a")).unwrap();
        assert_eq!(repository_prefix(&top.join("packages/a")), "");
        // A worktree or submodule has a `.git` file, a clone a directory.
        std::fs::write(top.join(".git"), "gitdir: elsewhere\n").unwrap();
        assert_eq!(repository_prefix(&top.join("packages/a")), "packages/a/");
        assert_eq!(repository_prefix(top), "");
        std::fs::create_dir(top.join("packages/a/.git")).unwrap();
        assert_eq!(repository_prefix(&top.join("packages/a")), "");
        assert_eq!(
            in_repository("packages/a/", "src/x.ts"),
            "packages/a/src/x.ts"
        );
        assert_eq!(in_repository("packages/a/", ""), "");
    }
}
