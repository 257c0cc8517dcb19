//! Reading a manifest file with a bound on what it may cost.
//!
//! Only a regular file is read: a FIFO would block the check, a device such as `/dev/zero`
//! never ends. The file is opened with `O_NONBLOCK`, so opening a FIFO with no writer does not
//! hang either, and checked with `fstat` on the open descriptor, so nothing can be swapped in
//! between the check and the read. At most `cap + 1` bytes are read, whatever the file claims.

use std::io;
use std::path::Path;

pub use crate::state::files::Links;
use crate::state::files::{Refusal, read_bounded};

/// The text of the regular file at `path`, at most `cap` bytes; the error says why not, as the
/// end of a sentence that names the file.
pub fn read_regular(path: &Path, cap: u64, links: Links) -> io::Result<String> {
    let invalid = |why: String| io::Error::new(io::ErrorKind::InvalidData, why);
    let bytes = read_bounded(path, cap, links).map_err(|refusal| match refusal {
        Refusal::Missing => io::Error::new(io::ErrorKind::NotFound, "it does not exist"),
        Refusal::Link => invalid(
            "it is a symbolic link, which a project's manifest may not be; name the file it points to"
                .to_owned(),
        ),
        Refusal::NotRegular(what) => {
            invalid(format!("it is {what}, not a regular file; only regular files are read"))
        }
        Refusal::TooLarge => invalid(format!(
            "it is larger than {} ([mcp] max_manifest_mib)",
            super::mib_text(cap)
        )),
        Refusal::Io(e) => e,
    })?;
    String::from_utf8(bytes).map_err(|_| invalid("it is not UTF-8 text".to_owned()))
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
