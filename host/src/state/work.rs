//! Engine scratch directories (tsc's build info, report files) under the user's cache
//! directory, one per project and engine, and their pruning once the project is gone.
//!
//! They live outside the repository so that a cloned repository cannot plant a link for an
//! engine to write through (as it could under `.signalint/`), and so a read-only checkout works.
//! Each project directory records the root it belongs to (`root`), so one whose project was
//! deleted or moved can be removed: at most once a day, the first check that needs a scratch
//! directory removes those of projects that no longer exist (and, for directories without a
//! record, those untouched for [`UNRECORDED_AGE`]).

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::files;

/// How often the scratch directories are pruned.
const PRUNE_EVERY: Duration = Duration::from_secs(24 * 60 * 60);

/// A scratch directory younger than this is never pruned: its project may be being created,
/// or its engine still running.
const GRACE: Duration = Duration::from_secs(60 * 60);

/// A directory without a `root` record (written by an older version) is pruned once it has not
/// been touched for this long.
const UNRECORDED_AGE: Duration = Duration::from_secs(30 * 24 * 60 * 60);

/// The file in each project directory that names the project root.
const ROOT_RECORD: &str = "root";

/// The file whose modification time says when the scratch directories were last pruned.
const PRUNED_STAMP: &str = ".pruned";

/// The scratch directory of one engine for one project, created on demand with every level
/// checked (private, a real directory, the user's own).
pub fn work_dir(root: &Path, engine: &str) -> std::io::Result<PathBuf> {
    let base = super::cache_home();
    std::fs::create_dir_all(&base)?;
    let work = files::ensure_private_dirs(&base.join("signalint"), &["work"])?;
    prune_if_due(&work, SystemTime::now());
    let project = blake3::hash(root.as_os_str().as_encoded_bytes()).to_hex();
    let project_dir = files::ensure_private_dirs(&work, &[&project.as_str()[..16]])?;
    if !project_dir.join(ROOT_RECORD).is_file() {
        // Best effort: a directory without a record is pruned by age instead.
        let _ = files::write_atomic(
            &project_dir,
            ROOT_RECORD,
            root.as_os_str().as_encoded_bytes(),
        );
    }
    files::ensure_private_dirs(&project_dir, &[&safe_name(engine)])
}

/// An engine id as one path component.
fn safe_name(engine: &str) -> String {
    engine
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Prunes `work` when the last pruning is older than [`PRUNE_EVERY`].
fn prune_if_due(work: &Path, now: SystemTime) {
    let stamp = work.join(PRUNED_STAMP);
    let last = std::fs::symlink_metadata(&stamp)
        .and_then(|m| m.modified())
        .ok();
    if last.is_some_and(|last| now.duration_since(last).unwrap_or_default() < PRUNE_EVERY) {
        return;
    }
    // Stamp first: several processes starting at once prune once between them, mostly.
    let _ = files::write_atomic(work, PRUNED_STAMP, b"");
    let removed = prune(work, now);
    if removed > 0 {
        tracing::debug!(
            removed,
            "pruned scratch directories of projects that are gone"
        );
    }
}

/// Removes the project directories under `work` whose project is gone; returns how many.
/// Only real directories are considered (a link is never followed or removed through).
pub(super) fn prune(work: &Path, now: SystemTime) -> usize {
    let Ok(entries) = std::fs::read_dir(work) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        if !meta.is_dir() {
            continue;
        }
        let age = meta
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok())
            .unwrap_or_default();
        if age < GRACE {
            continue;
        }
        let gone = match files::read_regular(&path.join(ROOT_RECORD), 64 << 10) {
            Ok(Some(bytes)) => !Path::new(&String::from_utf8_lossy(&bytes).into_owned()).is_dir(),
            Ok(None) | Err(_) => age >= UNRECORDED_AGE,
        };
        if gone && std::fs::remove_dir_all(&path).is_ok() {
            removed += 1;
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project_dir(work: &Path, name: &str, root: Option<&Path>, age: Duration) -> PathBuf {
        let dir = work.join(name);
        std::fs::create_dir_all(dir.join("tsc")).unwrap();
        std::fs::write(dir.join("tsc/x.tsbuildinfo"), "{}").unwrap();
        if let Some(root) = root {
            std::fs::write(dir.join(ROOT_RECORD), root.as_os_str().as_encoded_bytes()).unwrap();
        }
        let when = SystemTime::now() - age;
        std::fs::File::open(&dir)
            .unwrap()
            .set_modified(when)
            .unwrap();
        dir
    }

    #[test]
    fn removes_the_scratch_of_projects_that_are_gone_and_keeps_the_rest() {
        let work = tempfile::tempdir().unwrap();
        let live_root = tempfile::tempdir().unwrap();
        let day = Duration::from_secs(24 * 60 * 60);
        let live = project_dir(work.path(), "live", Some(live_root.path()), 2 * day);
        let gone = project_dir(
            work.path(),
            "gone",
            Some(Path::new("/nonexistent/x")),
            2 * day,
        );
        let fresh = project_dir(
            work.path(),
            "fresh",
            Some(Path::new("/nonexistent/y")),
            Duration::ZERO,
        );
        let old = project_dir(work.path(), "old-unrecorded", None, 40 * day);
        let recent = project_dir(work.path(), "recent-unrecorded", None, 2 * day);
        // A link to a directory elsewhere is neither followed nor removed.
        let elsewhere = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(elsewhere.path(), work.path().join("link")).unwrap();

        assert_eq!(prune(work.path(), SystemTime::now()), 2);
        assert!(live.is_dir() && fresh.is_dir() && recent.is_dir());
        assert!(!gone.exists() && !old.exists());
        assert!(work.path().join("link").exists() && elsewhere.path().is_dir());
    }

    #[test]
    fn prunes_at_most_once_a_day() {
        let work = tempfile::tempdir().unwrap();
        let day = Duration::from_secs(24 * 60 * 60);
        let first = project_dir(work.path(), "a", Some(Path::new("/nonexistent/a")), 2 * day);
        prune_if_due(work.path(), SystemTime::now());
        assert!(!first.exists());
        let second = project_dir(work.path(), "b", Some(Path::new("/nonexistent/b")), 2 * day);
        prune_if_due(work.path(), SystemTime::now());
        assert!(second.exists(), "pruned less than a day ago: not again");
        prune_if_due(work.path(), SystemTime::now() + PRUNE_EVERY + GRACE);
        assert!(!second.exists());
    }
}
