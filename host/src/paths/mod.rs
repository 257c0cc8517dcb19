//! The one place that validates user-supplied paths.
//!
//! A path an agent or a person passes must name something inside the project: not absolute,
//! not escaping through `..`, not escaping through a symlink (it is resolved, then checked
//! again), no NUL, not empty, and not starting with `-` (it could be read as an engine flag).
//! A backslash is a separator here as it is on Windows (an agent may send `src\a.ts`): it is
//! turned into `/` before anything else is checked, so `src\..\..\x` escapes nothing.

use std::path::{Component, Path, PathBuf};

/// The most paths one request may carry.
pub const MAX_PATHS: usize = 512;

/// Why a path was refused. `code` is stable and machine-readable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct PathError {
    pub code: &'static str,
    pub path: String,
    pub message: String,
}

impl PathError {
    fn new(code: &'static str, path: &str, why: &str) -> Self {
        Self {
            code,
            path: path.to_owned(),
            message: format!("path {path:?} refused: {why}"),
        }
    }
}

/// Engines take their file arguments from the command line, where such a name reads as an option,
/// and every spelling of it (`./-x.ts`) names the same project-relative path.
const LEADING_DASH: &str = "a project path starting with '-' would be read as an engine option; \
     rename the file or directory, or check the directory that contains it";

/// Validates `raw` against the canonical project root and returns it project-relative, with
/// `/` separators (`.` for the root itself).
pub fn validate(root: &Path, raw: &str) -> Result<String, PathError> {
    let normalized = raw.replace('\\', "/");
    if raw.is_empty() {
        return Err(PathError::new(
            "empty_path",
            raw,
            "it is empty; pass a project-relative path such as \"src\"",
        ));
    }
    if raw.contains('\0') {
        return Err(PathError::new("nul_in_path", raw, "it contains a NUL byte"));
    }
    if raw.starts_with('-') {
        return Err(PathError::new("leading_dash", raw, LEADING_DASH));
    }
    let path = Path::new(&normalized);
    if path.is_absolute() || raw.as_bytes().get(1) == Some(&b':') {
        return Err(PathError::new(
            "absolute_path",
            raw,
            "it is absolute; pass a path relative to the project root",
        ));
    }
    let mut relative = PathBuf::new();
    for component in path.components() {
        match component {
            Component::Normal(part) => relative.push(part),
            Component::CurDir => {}
            Component::ParentDir => {
                if !relative.pop() {
                    return Err(PathError::new(
                        "escaping_path",
                        raw,
                        "it leads outside the project root",
                    ));
                }
            }
            Component::RootDir | Component::Prefix(_) => {
                return Err(PathError::new(
                    "absolute_path",
                    raw,
                    "it is absolute; pass a path relative to the project root",
                ));
            }
        }
    }
    let joined = root.join(&relative);
    // Resolve the deepest part that exists (the whole path, or the directory a new file would
    // go in), so a symlink on the way out of the project is caught even for a missing file.
    let (existing, missing) = split_existing(&joined);
    if let Ok(real) = existing.canonicalize() {
        match real.join(&missing).strip_prefix(root) {
            Ok(inside) => relative = inside.to_owned(),
            Err(_) => {
                return Err(PathError::new(
                    "escaping_path",
                    raw,
                    "it resolves (through a symlink) to a place outside the project root",
                ));
            }
        }
    }
    let text = relative.to_string_lossy().into_owned();
    if text.starts_with('-') {
        return Err(PathError::new("leading_dash", raw, LEADING_DASH));
    }
    Ok(if text.is_empty() {
        ".".to_owned()
    } else {
        text
    })
}

/// The longest existing prefix of `path` and the rest.
fn split_existing(path: &Path) -> (PathBuf, PathBuf) {
    let mut existing = path.to_owned();
    let mut missing = Vec::new();
    while !existing.exists() {
        match (
            existing.file_name().map(ToOwned::to_owned),
            existing.parent(),
        ) {
            (Some(name), Some(parent)) => {
                missing.push(name);
                existing = parent.to_owned();
            }
            _ => break,
        }
    }
    (existing, missing.iter().rev().collect())
}

/// Validates a whole request's paths; refuses more than [`MAX_PATHS`], and every path when the
/// root itself is gone (deleted or moved while a server ran: every engine would find nothing,
/// and "clean" would be a lie).
pub fn validate_all(root: &Path, raw: &[String]) -> Result<Vec<String>, PathError> {
    if !root.is_dir() {
        return Err(PathError {
            code: "root_missing",
            path: String::new(),
            message: format!(
                "the project root {} is no longer a directory (deleted or moved?); \
                 start signalint again in the project's root",
                root.display()
            ),
        });
    }
    if raw.len() > MAX_PATHS {
        return Err(PathError {
            code: "too_many_paths",
            path: String::new(),
            message: format!(
                "{} paths given; at most {MAX_PATHS} are accepted per request",
                raw.len()
            ),
        });
    }
    raw.iter().map(|p| validate(root, p)).collect()
}

/// Makes an engine-reported path project-relative with `/` separators.
pub fn project_relative(root: &Path, cwd: &Path, reported: &str) -> String {
    let joined = cwd.join(reported);
    let mut normal = PathBuf::new();
    for component in joined.components() {
        match component {
            std::path::Component::ParentDir => {
                normal.pop();
            }
            std::path::Component::CurDir => {}
            other => normal.push(other),
        }
    }
    match normal.strip_prefix(root) {
        Ok(relative) => relative.to_string_lossy().replace('\\', "/"),
        Err(_) => normal.to_string_lossy().into_owned(),
    }
}

/// [`validate_all`] for a request that names files (`check_files`): a directory is refused with
/// `directory_not_file`, since an engine given one checks nothing in it and would answer "ok".
pub fn validate_files(root: &Path, raw: &[String]) -> Result<Vec<String>, PathError> {
    let files = validate_all(root, raw)?;
    for (file, raw) in files.iter().zip(raw) {
        if root.join(file).is_dir() {
            return Err(PathError::new(
                "directory_not_file",
                raw,
                "it is a directory, and check_files checks files; name the files, or call \
                 check_project with this directory in `paths`",
            ));
        }
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_is_not_a_file_to_check() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join("src/sub")).unwrap();
        std::fs::write(root.join("src/a.ts"), "").unwrap();
        for raw in ["src", "src/sub/", ".", "src/sub/.."] {
            let err = validate_files(&root, &[raw.to_owned()]).unwrap_err();
            assert_eq!(err.code, "directory_not_file", "{raw}");
            assert!(err.message.contains("check_project"), "{}", err.message);
        }
        assert_eq!(
            validate_files(&root, &["src/a.ts".to_owned(), "src/new.ts".to_owned()]).unwrap(),
            ["src/a.ts", "src/new.ts"]
        );
        // A project path (check_project) may still be a directory.
        assert_eq!(validate_all(&root, &["src".to_owned()]).unwrap(), ["src"]);
    }

    fn root() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join("src/sub")).unwrap();
        std::fs::write(root.join("src/a.ts"), "").unwrap();
        (dir, root)
    }

    #[test]
    fn accepts_project_relative_paths() {
        let (_d, root) = root();
        assert_eq!(validate(&root, "src/a.ts").unwrap(), "src/a.ts");
        assert_eq!(validate(&root, "./src/../src/a.ts").unwrap(), "src/a.ts");
        assert_eq!(validate(&root, ".").unwrap(), ".");
        assert_eq!(validate(&root, "src\\a.ts").unwrap(), "src/a.ts");
        assert_eq!(validate(&root, "src\\sub\\..\\a.ts").unwrap(), "src/a.ts");
        assert_eq!(
            validate(&root, "src/new-file.ts").unwrap(),
            "src/new-file.ts",
            "a file that does not exist yet"
        );
    }

    #[test]
    fn refuses_each_bad_shape_with_its_code() {
        let (_d, root) = root();
        for (raw, code) in [
            ("", "empty_path"),
            ("a\0b", "nul_in_path"),
            ("-rf", "leading_dash"),
            ("/etc/passwd", "absolute_path"),
            ("../outside", "escaping_path"),
            ("src/../../x", "escaping_path"),
            ("C:\\x", "absolute_path"),
            ("\\etc\\passwd", "absolute_path"),
            ("..\\outside", "escaping_path"),
            ("src\\..\\..\\outside\\secret.ts", "escaping_path"),
            ("./-dash.ts", "leading_dash"),
        ] {
            let err = validate(&root, raw).unwrap_err();
            assert_eq!(err.code, code, "{raw:?}");
            assert!(err.message.contains("refused"), "{err}");
        }
    }

    #[test]
    fn refuses_symlink_escapes() {
        let (_d, root) = root();
        let outside = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(outside.path(), root.join("link")).unwrap();
        assert_eq!(validate(&root, "link").unwrap_err().code, "escaping_path");
        assert_eq!(
            validate(&root, "link/new-file.ts").unwrap_err().code,
            "escaping_path",
            "a file that does not exist yet"
        );
        assert_eq!(
            validate(&root, "link/new/deeper.ts").unwrap_err().code,
            "escaping_path"
        );
        std::os::unix::fs::symlink(root.join("src"), root.join("inner")).unwrap();
        assert_eq!(validate(&root, "inner/a.ts").unwrap(), "src/a.ts");
    }

    #[test]
    fn refuses_every_path_once_the_root_is_gone() {
        let (dir, root) = root();
        drop(dir);
        let err = validate_all(&root, &[".".to_owned()]).unwrap_err();
        assert_eq!(err.code, "root_missing");
        assert!(
            err.message.contains(&root.display().to_string()),
            "{}",
            err.message
        );
    }

    #[test]
    fn caps_the_number_of_paths() {
        let (_d, root) = root();
        let many = vec!["src".to_owned(); MAX_PATHS + 1];
        assert_eq!(
            validate_all(&root, &many).unwrap_err().code,
            "too_many_paths"
        );
        assert_eq!(
            validate_all(&root, &many[..MAX_PATHS]).unwrap().len(),
            MAX_PATHS
        );
    }

    #[test]
    fn engine_paths_become_project_relative() {
        let root = Path::new("/repo");
        assert_eq!(project_relative(root, root, "src/a.ts"), "src/a.ts");
        assert_eq!(project_relative(root, root, "./src/a.ts"), "src/a.ts");
        assert_eq!(project_relative(root, root, "/repo/src/a.ts"), "src/a.ts");
        assert_eq!(
            project_relative(root, Path::new("/repo/pkg"), "../src/a.ts"),
            "src/a.ts"
        );
        assert_eq!(
            project_relative(root, root, "/elsewhere/x.ts"),
            "/elsewhere/x.ts"
        );
    }
}
