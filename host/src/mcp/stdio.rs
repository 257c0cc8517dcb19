//! The protocol's standard streams.
//!
//! stdout carries JSON-RPC and nothing else. Code in this process that is not ours (a plugin
//! library's `println!`, a dependency) could still write to file descriptor 1 and corrupt the
//! stream, so the server takes a private duplicate of stdout for the protocol (close-on-exec, so
//! engine processes never inherit it) and points descriptor 1 at stderr: stray writes end up in
//! the log, and only the transport can reach the client.
//!
//! The duplicate is driven by tokio's non-blocking pipe driver when it is a FIFO (how most
//! clients spawn servers), and through tokio's file wrapper otherwise (a socket, a file).

use std::io;
use std::os::fd::{FromRawFd, OwnedFd};

use tokio::io::{AsyncRead, AsyncWrite};

/// Reader half of the protocol streams.
pub type Reader = Box<dyn AsyncRead + Send + Unpin>;
/// Writer half of the protocol streams.
pub type Writer = Box<dyn AsyncWrite + Send + Unpin>;

/// stdin, and a private stdout; descriptor 1 goes to stderr from here on. Falls back to rmcp's
/// plain stdio when the descriptors cannot be duplicated.
pub fn protocol_streams() -> (Reader, Writer) {
    let (reader, writer) = rmcp::transport::stdio_pipes();
    match private_stdout() {
        Ok(private) => {
            drop(writer);
            (Box::new(reader), private)
        }
        Err(e) => {
            tracing::warn!("stdout stays shared with the rest of the process: {e}");
            (Box::new(reader), Box::new(writer))
        }
    }
}

fn private_stdout() -> io::Result<Writer> {
    // SAFETY: plain descriptor calls; the new descriptor is owned by `OwnedFd` right away.
    let duplicate = unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_DUPFD_CLOEXEC, 3) };
    if duplicate < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `duplicate` is a fresh descriptor that nothing else owns.
    let owned = unsafe { OwnedFd::from_raw_fd(duplicate) };
    // SAFETY: both descriptors are open; dup2 replaces 1 atomically.
    if unsafe { libc::dup2(libc::STDERR_FILENO, libc::STDOUT_FILENO) } < 0 {
        return Err(io::Error::last_os_error());
    }
    let file = std::fs::File::from(owned);
    if std::os::unix::fs::FileTypeExt::is_fifo(&file.metadata()?.file_type()) {
        // Reopen for an open file description of our own, so O_NONBLOCK stays private.
        if let Ok(sender) = reopen_fifo(&file) {
            return Ok(Box::new(sender));
        }
    }
    Ok(Box::new(tokio::fs::File::from_std(file)))
}

fn reopen_fifo(file: &std::fs::File) -> io::Result<tokio::net::unix::pipe::Sender> {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::OpenOptionsExt;
    let reopened = std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(format!("/proc/self/fd/{}", file.as_raw_fd()))?;
    tokio::net::unix::pipe::Sender::from_file(reopened)
}
