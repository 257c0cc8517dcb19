//! Reading a manifest file with a bound on what it may cost.
//!
//! Only a regular file is read: a FIFO would block the check, a device such as `/dev/zero`
//! never ends. The file is opened with `O_NONBLOCK`, so opening a FIFO with no writer does not
//! hang either, and checked with `fstat` on the open descriptor, so nothing can be swapped in
//! between the check and the read. At most `cap + 1` bytes are read, whatever the file claims.

use std::fs::OpenOptions;
use std::io::{self, Read};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// Whether a symbolic link at the path itself is followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Links {
    /// Named by the user on the command line: the link is theirs.
    Follow,
    /// Named by a project's config: a committed link could point anywhere (`/dev/zero`, a
    /// secret), so it is refused.
    Refuse,
}

/// The text of the regular file at `path`, at most `cap` bytes.
pub fn read_regular(path: &Path, cap: u64, links: Links) -> io::Result<String> {
    let mut flags = libc::O_NONBLOCK;
    if links == Links::Refuse {
        flags |= libc::O_NOFOLLOW;
    }
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(flags)
        .open(path)
        .map_err(|e| {
            if e.raw_os_error() == Some(libc::ELOOP) {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    "it is a symbolic link, which a project's manifest may not be; name the file it points to",
                )
            } else {
                e
            }
        })?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        let what = kind_of(&meta.file_type());
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("it is {what}, not a regular file; only regular files are read"),
        ));
    }
    if meta.len() > cap {
        return Err(too_large(cap));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // One byte past the cap tells a file that grew since `fstat` from one that fits.
    file.take(cap + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(too_large(cap));
    }
    String::from_utf8(bytes)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "it is not UTF-8 text"))
}

fn too_large(cap: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!(
            "it is larger than {} ([mcp] max_manifest_mib)",
            super::mib_text(cap)
        ),
    )
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regular_files_are_read_up_to_the_cap() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.json");
        std::fs::write(&path, "[]").unwrap();
        assert_eq!(read_regular(&path, 2, Links::Refuse).unwrap(), "[]");
        let error = read_regular(&path, 1, Links::Refuse).unwrap_err();
        assert!(error.to_string().contains("larger than"), "{error}");
    }

    #[test]
    fn devices_fifos_and_directories_are_refused_at_once() {
        let error = read_regular(Path::new("/dev/zero"), 1 << 20, Links::Follow).unwrap_err();
        assert!(error.to_string().contains("character device"), "{error}");
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: mkfifo only reads the NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        // No writer ever opens it: a blocking open would hang here.
        let error = read_regular(&fifo, 1 << 20, Links::Follow).unwrap_err();
        assert!(error.to_string().contains("a FIFO"), "{error}");
        let error = read_regular(dir.path(), 1 << 20, Links::Follow).unwrap_err();
        assert!(error.to_string().contains("a directory"), "{error}");
    }

    #[test]
    fn links_are_refused_only_when_asked() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("real.json");
        std::fs::write(&target, "[]").unwrap();
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert_eq!(read_regular(&link, 10, Links::Follow).unwrap(), "[]");
        let error = read_regular(&link, 10, Links::Refuse).unwrap_err();
        assert!(error.to_string().contains("symbolic link"), "{error}");
    }
}
