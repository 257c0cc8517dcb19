//! Nothing left in the project but `.signalint/`: a run that must write in the project (the
//! files its invocation declares in `writes`, such as the build info `tsc --build` puts where
//! each config says and cannot be told to put elsewhere) has what it created removed when it
//! ends. Only what did not exist before the run goes: a file the user had there stays.

use std::path::{Component, Path, PathBuf};

/// The declared writes that did not exist before the run, and the directories the run would
/// have to create for them, deepest first.
#[derive(Debug, Default)]
pub(crate) struct Absent {
    files: Vec<PathBuf>,
    dirs: Vec<PathBuf>,
}

/// What of `writes` (absolute, or relative to `root`) is absent inside `root` now.
pub(crate) fn absent(root: &Path, writes: &[String]) -> Absent {
    let mut absent = Absent::default();
    for write in writes {
        let Some(path) = inside(root, Path::new(write)) else {
            continue;
        };
        if std::fs::symlink_metadata(&path).is_ok() {
            continue;
        }
        let mut dir = path.parent();
        while let Some(at) = dir {
            if at == root || std::fs::symlink_metadata(at).is_ok() {
                break;
            }
            if !absent.dirs.contains(&at.to_path_buf()) {
                absent.dirs.push(at.to_path_buf());
            }
            dir = at.parent();
        }
        absent.files.push(path);
    }
    absent
        .dirs
        .sort_by_key(|d| std::cmp::Reverse(d.components().count()));
    absent
}

/// Removes what the run created of what was absent: the files, then the directories left empty.
pub(crate) fn undo(absent: Absent) {
    for file in &absent.files {
        if std::fs::symlink_metadata(file).is_ok_and(|m| m.is_file()) {
            let _ = std::fs::remove_file(file);
        }
    }
    for dir in &absent.dirs {
        // Fails, as it should, when the directory holds anything else.
        let _ = std::fs::remove_dir(dir);
    }
}

/// `path` made absolute and lexically normal, when it stays inside `root`.
fn inside(root: &Path, path: &Path) -> Option<PathBuf> {
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        root.join(path)
    };
    let mut normal = PathBuf::new();
    for component in joined.components() {
        match component {
            Component::ParentDir => {
                normal.pop();
            }
            Component::CurDir => {}
            other => normal.push(other),
        }
    }
    (normal.starts_with(root) && normal != root).then_some(normal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_the_run_created_goes_and_what_was_there_stays() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("own.tsbuildinfo"), "the user's").unwrap();
        std::fs::create_dir(root.join("dist")).unwrap();
        std::fs::write(root.join("dist/keep.js"), "").unwrap();
        let writes = [
            "own.tsbuildinfo".to_owned(),
            root.join("dist/x.tsbuildinfo").display().to_string(),
            "out/deep/y.tsbuildinfo".to_owned(),
            "../outside.tsbuildinfo".to_owned(),
        ];
        let absent = absent(root, &writes);
        // The run writes them all.
        std::fs::write(root.join("own.tsbuildinfo"), "rewritten").unwrap();
        std::fs::write(root.join("dist/x.tsbuildinfo"), "").unwrap();
        std::fs::create_dir_all(root.join("out/deep")).unwrap();
        std::fs::write(root.join("out/deep/y.tsbuildinfo"), "").unwrap();
        undo(absent);
        assert!(root.join("own.tsbuildinfo").exists());
        assert!(root.join("dist/keep.js").exists());
        assert!(!root.join("dist/x.tsbuildinfo").exists());
        assert!(!root.join("out").exists());
    }

    #[test]
    fn a_directory_the_run_filled_with_more_stays() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let absent = absent(root, &["out/a.tsbuildinfo".to_owned()]);
        std::fs::create_dir_all(root.join("out")).unwrap();
        std::fs::write(root.join("out/a.tsbuildinfo"), "").unwrap();
        std::fs::write(root.join("out/other"), "").unwrap();
        undo(absent);
        assert!(!root.join("out/a.tsbuildinfo").exists());
        assert!(root.join("out/other").exists());
    }
}
