//! Reading and rewriting the project's own source files for a fix.
//!
//! A repository may be hostile: a file named by an issue can be a symbolic link to a file
//! outside the project (or to a secret inside it), or sit below a linked directory. A fix is
//! written only to a regular file whose real directory lies inside the project root, never
//! through a link, by a temporary file in the same directory renamed over it (a crash leaves
//! the old content or the new, never half a file), with the file's mode kept.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Component, Path, PathBuf};

use crate::core::Analysis;
use crate::state::files::{Links, Refusal, read_bounded};

/// The largest source file a fix is applied to.
const MAX_SOURCE_BYTES: u64 = 16 << 20;

/// The hash a check records of a file's content, and a fix compares before it writes.
pub fn content_hash(bytes: &[u8]) -> String {
    format!("{:032x}", xxhash_rust::xxh3::xxh3_128(bytes))
}

/// The content hash of every file with a fix in `analysis` (or one its engine computes when
/// fixes are applied), or with an issue of an engine that offers fixes as code actions
/// (`askable`). Files that cannot be read are left out: a fix to
/// them is refused as stale.
pub fn contents_of<V>(
    root: &Path,
    analysis: &Analysis,
    askable: &BTreeMap<String, V>,
) -> BTreeMap<String, String> {
    let files: BTreeSet<&str> = analysis
        .issues
        .iter()
        .filter(|issue| {
            let asks = std::iter::once(&issue.engine)
                .chain(&issue.engines)
                .any(|engine| askable.contains_key(engine));
            (issue.fixable || !issue.fixes.is_empty() || asks) && !issue.file.is_empty()
        })
        .map(|issue| issue.file.as_str())
        .collect();
    files
        .into_iter()
        .filter_map(|file| {
            let source = Source::read(root, file).ok()?;
            Some((file.to_owned(), content_hash(&source.bytes)))
        })
        .collect()
}

/// A project file read for a fix: its real location, content and mode.
#[derive(Debug)]
pub struct Source {
    /// Its real directory (inside the root) joined with its name.
    path: PathBuf,
    pub bytes: Vec<u8>,
    mode: u32,
}

impl Source {
    /// Reads project-relative `file` under the canonical `root`, or says why it may not be fixed.
    pub fn read(root: &Path, file: &str) -> Result<Self, String> {
        let relative = Path::new(file);
        let plain = !file.is_empty()
            && relative
                .components()
                .all(|c| matches!(c, Component::Normal(_)));
        let name = match relative.file_name() {
            Some(name) if plain => name,
            _ => return Err(format!("`{file}` is not a path inside the project")),
        };
        let parent = root.join(relative.parent().unwrap_or(Path::new("")));
        let parent = parent
            .canonicalize()
            .map_err(|e| format!("cannot read `{file}`: {e}"))?;
        if !parent.starts_with(root) {
            return Err(format!(
                "`{file}` lies outside the project through a symbolic link; signalint writes \
                 nothing there (fix it by hand)"
            ));
        }
        let path = parent.join(name);
        let bytes = match read_bounded(&path, MAX_SOURCE_BYTES, Links::Refuse) {
            Ok(bytes) => bytes,
            Err(Refusal::Link) => {
                return Err(format!(
                    "`{file}` is a symbolic link; signalint never writes through one (fix the \
                     file it points to by hand)"
                ));
            }
            Err(Refusal::Missing) => return Err(format!("`{file}` no longer exists")),
            Err(Refusal::NotRegular(kind)) => {
                return Err(format!("`{file}` is a {kind}, not a regular file"));
            }
            Err(Refusal::TooLarge) => {
                return Err(format!(
                    "`{file}` is larger than {} MiB; fix it by hand",
                    MAX_SOURCE_BYTES >> 20
                ));
            }
            Err(Refusal::Io(e)) => return Err(format!("cannot read `{file}`: {e}")),
        };
        let mode = std::fs::symlink_metadata(&path)
            .map_err(|e| format!("cannot read `{file}`: {e}"))?
            .permissions()
            .mode();
        Ok(Self { path, bytes, mode })
    }

    /// Replaces the file's content atomically, keeping its mode (also to restore it).
    pub fn replace(&self, bytes: &[u8]) -> io::Result<()> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        let mut temporary = tempfile::Builder::new()
            .prefix(".signalint-fix.")
            .suffix(".tmp")
            .tempfile_in(dir)?;
        temporary.write_all(bytes)?;
        temporary
            .as_file()
            .set_permissions(std::fs::Permissions::from_mode(self.mode))?;
        temporary.persist(&self.path).map(drop).map_err(|e| e.error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        (dir, root)
    }

    #[test]
    fn a_rewrite_keeps_the_mode_and_replaces_the_content() {
        let (_dir, root) = root();
        std::fs::create_dir(root.join("src")).unwrap();
        let file = root.join("src/run.sh");
        std::fs::write(&file, "old").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o751)).unwrap();
        let source = Source::read(&root, "src/run.sh").unwrap();
        assert_eq!(source.bytes, b"old");
        source.replace(b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "new");
        let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o751);
        let left: Vec<_> = std::fs::read_dir(root.join("src")).unwrap().collect();
        assert_eq!(left.len(), 1, "no temporary file is left behind");
    }

    #[test]
    fn links_and_escapes_are_refused() {
        let (_dir, root) = root();
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.ts"), "x").unwrap();
        std::os::unix::fs::symlink(outside.path().join("secret.ts"), root.join("a.ts")).unwrap();
        std::os::unix::fs::symlink(outside.path(), root.join("linked")).unwrap();
        let link = Source::read(&root, "a.ts").unwrap_err();
        assert!(link.contains("symbolic link"), "{link}");
        let below = Source::read(&root, "linked/secret.ts").unwrap_err();
        assert!(below.contains("outside the project"), "{below}");
        let up = Source::read(&root, "../x.ts").unwrap_err();
        assert!(up.contains("not a path inside"), "{up}");
    }
}
