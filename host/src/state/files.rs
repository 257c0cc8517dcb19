//! Reading and writing signalint's own files inside a repository that may be hostile.
//!
//! A cloned repository can commit anything under `.signalint/`: a symlink in place of the
//! directory, of a state file, or of the temporary name a write would use. So nothing here
//! follows a link signalint did not create:
//! * the directory must be a real directory owned by the user ([`ensure_private_dir`]);
//! * files are written under an unpredictable temporary name created with `O_EXCL` (the
//!   `tempfile` crate) and renamed over the target, which replaces a planted link instead of
//!   writing through it ([`write_atomic`]);
//! * files are read with `O_NOFOLLOW`, and only when they are regular files ([`read_regular`]).

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::Path;

/// Creates `dir` (mode 0700) if it is missing, then checks that it is a real directory owned by
/// the user running signalint. A symlink, a file, or someone else's directory is refused with an
/// error that says what was found and what to do.
pub fn ensure_private_dir(dir: &Path) -> io::Result<()> {
    match std::fs::symlink_metadata(dir) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            if let Some(parent) = dir.parent() {
                std::fs::create_dir_all(parent)?;
            }
            let mut builder = std::fs::DirBuilder::new();
            std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
            match builder.create(dir) {
                Ok(()) => {}
                // Another process made it meanwhile: check what it made.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(e),
            }
            check_private_dir(dir)
        }
        Err(e) => Err(e),
        Ok(_) => check_private_dir(dir),
    }
}

/// [`ensure_private_dir`] for `base` and then for each of `components` below it in turn, so
/// that no level of the path can be a link a repository planted. Returns the deepest directory.
pub fn ensure_private_dirs(base: &Path, components: &[&str]) -> io::Result<std::path::PathBuf> {
    ensure_private_dir(base)?;
    let mut dir = base.to_owned();
    for component in components {
        dir.push(component);
        ensure_private_dir(&dir)?;
    }
    Ok(dir)
}

fn check_private_dir(dir: &Path) -> io::Result<()> {
    let meta = std::fs::symlink_metadata(dir)?;
    let refuse = |what: &str| {
        Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!(
                "{} is {what}, not a directory of your own; signalint writes nothing through it \
                 (remove it, or move it aside, and run again)",
                dir.display()
            ),
        ))
    };
    if meta.file_type().is_symlink() {
        return refuse("a symbolic link");
    }
    if !meta.is_dir() {
        return refuse("not a directory");
    }
    // SAFETY: geteuid has no preconditions and cannot fail.
    let me = unsafe { libc::geteuid() };
    if meta.uid() != me {
        return refuse(&format!("owned by another user (uid {})", meta.uid()));
    }
    Ok(())
}

/// Writes `bytes` to `dir/name` atomically: a crash of the process leaves the old file or the
/// new one (there is no fsync: a power cut may cost the latest state, which only means one
/// delta less, and an fsync per file would cost a warm check several times its work). The
/// temporary file has a random name created exclusively in `dir` (a link planted at a
/// predictable name cannot redirect it), and is removed when the write fails (a full disk
/// leaves nothing behind). `dir` must have passed [`ensure_private_dir`].
pub fn write_atomic(dir: &Path, name: &str, bytes: &[u8]) -> io::Result<()> {
    let mut temporary = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(dir)?;
    temporary.write_all(bytes)?;
    temporary
        .persist(dir.join(name))
        .map(drop)
        .map_err(|e| e.error)
}

/// Creates `path` only if nothing is there yet, not even a dangling link (`O_EXCL`). `Ok(false)`
/// when something already was.
pub fn create_new(path: &Path, bytes: &[u8]) -> io::Result<bool> {
    match OpenOptions::new().write(true).create_new(true).open(path) {
        Ok(mut file) => file.write_all(bytes).map(|()| true),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(false),
        Err(e) => Err(e),
    }
}

/// Whether a symbolic link at the path itself is followed when reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Links {
    /// Named by the user on the command line: the link is theirs.
    Follow,
    /// Named by a repository (a state file, a project's manifest): a committed link could point
    /// anywhere (`/dev/zero`, a secret), so it is refused.
    Refuse,
}

/// Why [`read_bounded`] read nothing.
#[derive(Debug)]
pub enum Refusal {
    /// Nothing is there.
    Missing,
    /// A symbolic link where [`Links::Refuse`] was asked.
    Link,
    /// A directory, FIFO, device or socket: reading it would block, never end, or mean nothing.
    NotRegular(&'static str),
    /// Larger than the cap (also when it grew past it while being read).
    TooLarge,
    Io(io::Error),
}

/// Reads `path` if it is a regular file of at most `cap` bytes. It is opened with `O_NONBLOCK`
/// (a FIFO with no writer does not hang the open) and, with [`Links::Refuse`], `O_NOFOLLOW`;
/// then checked with `fstat` on the open descriptor, so nothing can be swapped in between; and
/// at most `cap + 1` bytes are read, whatever the file claims.
pub fn read_bounded(path: &Path, cap: u64, links: Links) -> Result<Vec<u8>, Refusal> {
    let mut flags = libc::O_NONBLOCK;
    if links == Links::Refuse {
        flags |= libc::O_NOFOLLOW;
    }
    let file = match OpenOptions::new().read(true).custom_flags(flags).open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(Refusal::Missing),
        Err(e) if e.raw_os_error() == Some(libc::ELOOP) => return Err(Refusal::Link),
        Err(e) => return Err(Refusal::Io(e)),
    };
    let meta = file.metadata().map_err(Refusal::Io)?;
    if !meta.is_file() {
        return Err(Refusal::NotRegular(kind_of(&meta.file_type())));
    }
    if meta.len() > cap {
        return Err(Refusal::TooLarge);
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(Refusal::Io)?;
    if bytes.len() as u64 > cap {
        return Err(Refusal::TooLarge);
    }
    Ok(bytes)
}

fn kind_of(kind: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_dir() {
        "a directory"
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "a special file"
    }
}

/// Reads one of signalint's own files: `Ok(None)` when there is nothing there; an error that
/// names the file for a link, a special file or a file over the cap (never a hang, never an
/// unbounded read).
pub fn read_regular(path: &Path, cap: u64) -> io::Result<Option<Vec<u8>>> {
    let refused = |why: String| {
        Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{} {why}; not read", path.display()),
        ))
    };
    match read_bounded(path, cap, Links::Refuse) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(Refusal::Missing) => Ok(None),
        Err(Refusal::Link) => refused("is a symbolic link".to_owned()),
        Err(Refusal::NotRegular(what)) => refused(format!("is {what}, not a regular file")),
        Err(Refusal::TooLarge) => refused(format!("is over the {cap}-byte limit")),
        Err(Refusal::Io(e)) => Err(e),
    }
}

/// An exclusive advisory lock on `dir/name`, released when dropped. Writers that read, change and
/// write back the same state hold it across the whole sequence, so concurrent servers and CLIs
/// on one project lose none of each other's updates.
#[derive(Debug)]
pub struct DirLock {
    _file: File,
}

impl DirLock {
    /// Blocks until the lock is held. The lock file is opened without following a link.
    pub fn acquire(dir: &Path, name: &str) -> io::Result<Self> {
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .custom_flags(libc::O_NOFOLLOW)
            .mode(0o600)
            .open(dir.join(name))?;
        file.lock()?;
        Ok(Self { _file: file })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_symlinked_or_foreign_state_dir_is_refused() {
        let project = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        let link = project.path().join(".signalint");
        std::os::unix::fs::symlink(outside.path(), &link).unwrap();
        let err = ensure_private_dir(&link).unwrap_err();
        assert!(err.to_string().contains("symbolic link"), "{err}");

        let file = project.path().join("plain");
        std::fs::write(&file, "").unwrap();
        let err = ensure_private_dir(&file).unwrap_err();
        assert!(err.to_string().contains("not a directory"), "{err}");

        let fresh = project.path().join("fresh/.signalint");
        ensure_private_dir(&fresh).unwrap();
        let mode = std::fs::metadata(&fresh).unwrap().mode() & 0o777;
        assert_eq!(mode, 0o700);
        ensure_private_dir(&fresh).unwrap();
    }

    #[test]
    fn every_level_of_a_private_tree_is_checked() {
        let base = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        let state = base.path().join("state");
        std::fs::create_dir(&state).unwrap();
        std::os::unix::fs::symlink(outside.path(), state.join("cache")).unwrap();
        let err = ensure_private_dirs(&state, &["cache", "v2"]).unwrap_err();
        assert!(err.to_string().contains("symbolic link"), "{err}");
        assert!(!outside.path().join("v2").exists());
        let made = ensure_private_dirs(&state, &["work", "tsc"]).unwrap();
        assert_eq!(made, state.join("work/tsc"));
    }

    #[test]
    fn a_write_replaces_a_planted_link_instead_of_writing_through_it() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "precious").unwrap();
        let state = dir.path().join("state");
        ensure_private_dir(&state).unwrap();
        std::os::unix::fs::symlink(&victim, state.join("latest.json")).unwrap();
        write_atomic(&state, "latest.json", b"{}").unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
        assert_eq!(
            std::fs::read_to_string(state.join("latest.json")).unwrap(),
            "{}"
        );
        assert!(
            !std::fs::symlink_metadata(state.join("latest.json"))
                .unwrap()
                .file_type()
                .is_symlink()
        );
        let leftovers: Vec<_> = std::fs::read_dir(&state)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .filter(|n| n.to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty(), "{leftovers:?}");
    }

    #[test]
    fn create_new_never_writes_through_a_dangling_link() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("would-be-created");
        std::os::unix::fs::symlink(&target, dir.path().join(".gitignore")).unwrap();
        assert!(!create_new(&dir.path().join(".gitignore"), b"*\n").unwrap());
        assert!(!target.exists());
        assert!(create_new(&dir.path().join("new"), b"x").unwrap());
    }

    #[test]
    fn reads_only_regular_files_under_the_cap() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.json");
        std::fs::write(&file, "12345").unwrap();
        assert_eq!(read_regular(&file, 5).unwrap().unwrap(), b"12345");
        assert!(read_regular(&file, 4).is_err(), "over the cap");
        assert_eq!(read_regular(&dir.path().join("missing"), 5).unwrap(), None);
        std::os::unix::fs::symlink(&file, dir.path().join("link")).unwrap();
        let err = read_regular(&dir.path().join("link"), 5).unwrap_err();
        assert!(err.to_string().contains("symbolic link"), "{err}");
        let fifo = dir.path().join("fifo");
        let name = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        let err = read_regular(&fifo, 5).unwrap_err();
        assert!(err.to_string().contains("not a regular file"), "{err}");
    }

    #[test]
    fn the_lock_excludes_a_second_holder() {
        let dir = tempfile::tempdir().unwrap();
        let held = DirLock::acquire(dir.path(), "state.lock").unwrap();
        let file = OpenOptions::new()
            .write(true)
            .open(dir.path().join("state.lock"))
            .unwrap();
        assert!(matches!(
            file.try_lock(),
            Err(std::fs::TryLockError::WouldBlock)
        ));
        drop(held);
        file.try_lock().unwrap();
    }
}
