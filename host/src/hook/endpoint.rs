//! The warm endpoint: while `signalint mcp` runs, it answers `signalint hook` on a Unix socket
//! in the project's `.signalint/` (`hook.sock`, mode 0600 in the private state directory), so
//! a hook's check runs in the server's session, with its warm engines, instead of a process
//! that starts every engine afresh.
//!
//! One request kind, one line each way: `{"files": [...]}` (project-relative paths, validated
//! as every path from outside is) and the answer `{"checked": CheckResponse}` with every issue,
//! or `{"error": "..."}`. Only a peer of the same user is answered, and the hook connects only
//! to a socket of its own user; a socket nobody listens on (a server that died) is ignored and
//! replaced by the next server.

use std::future::Future;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};
use tokio_util::sync::CancellationToken;

use crate::core::CheckResponse;
use crate::state::StateDir;

/// The socket's name in `.signalint/`.
pub const SOCKET_NAME: &str = "hook.sock";

/// The largest request line the server reads.
const MAX_REQUEST_BYTES: u64 = 1 << 20;
/// The most files one request may name (as `check_files`).
const MAX_FILES: usize = 512;
/// The largest answer the hook reads.
const MAX_ANSWER_BYTES: u64 = 256 << 20;

/// What the hook sends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    pub files: Vec<String>,
}

/// What the server answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Answer {
    Checked(Box<CheckResponse>),
    Error(String),
}

/// Checks files in the server's session: every issue, every cluster.
pub type Handler =
    Arc<dyn Fn(Vec<String>) -> Pin<Box<dyn Future<Output = CheckResponse> + Send>> + Send + Sync>;

/// Serves the endpoint for the project at `root` until `stop`; the socket is removed after.
/// Not serving (another live server has the socket, the path is too long for a socket, the
/// state directory cannot be used) only costs the hook its warm answers, so it is logged.
pub async fn serve(root: PathBuf, handler: Handler, stop: CancellationToken) {
    let state = StateDir::new(&root);
    if let Err(e) = state.ensure() {
        tracing::info!("no hook endpoint: {e}");
        return;
    }
    let path = state.path().join(SOCKET_NAME);
    if let Ok(meta) = std::fs::symlink_metadata(&path) {
        if !meta.file_type().is_socket() || meta.uid() != effective_uid() {
            tracing::warn!(
                "no hook endpoint: {} is not a socket of this user; remove it",
                path.display()
            );
            return;
        }
        if std::os::unix::net::UnixStream::connect(&path).is_ok() {
            tracing::info!("another signalint mcp serves the hook endpoint of this project");
            return;
        }
        let _ = std::fs::remove_file(&path);
    }
    let listener = match tokio::net::UnixListener::bind(&path) {
        Ok(listener) => listener,
        Err(e) => {
            tracing::info!("no hook endpoint at {}: {e}", path.display());
            return;
        }
    };
    if let Err(e) = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)) {
        tracing::warn!("no hook endpoint: cannot restrict {}: {e}", path.display());
        let _ = std::fs::remove_file(&path);
        return;
    }
    tracing::info!(socket = %path.display(), "hook endpoint ready");
    loop {
        tokio::select! {
            () = stop.cancelled() => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => {
                    tokio::spawn(answer(stream, root.clone(), handler.clone()));
                }
                Err(e) => tracing::debug!("hook endpoint: {e}"),
            },
        }
    }
    drop(listener);
    let _ = std::fs::remove_file(&path);
}

/// Answers one connection.
async fn answer(stream: tokio::net::UnixStream, root: PathBuf, handler: Handler) {
    match stream.peer_cred() {
        Ok(cred) if cred.uid() == effective_uid() => {}
        _ => {
            tracing::warn!("hook endpoint: refused a peer of another user");
            return;
        }
    }
    let (read, mut write) = stream.into_split();
    let mut line = String::new();
    let mut reader = tokio::io::BufReader::new(read.take(MAX_REQUEST_BYTES));
    let answer = match reader.read_line(&mut line).await {
        Err(e) => Answer::Error(format!("cannot read the request: {e}")),
        Ok(_) => match request_files(&root, &line) {
            Ok(files) => Answer::Checked(Box::new(handler(files).await)),
            Err(e) => Answer::Error(e),
        },
    };
    let mut text = serde_json::to_string(&answer).expect("serializable");
    text.push('\n');
    let _ = write.write_all(text.as_bytes()).await;
    let _ = write.shutdown().await;
}

/// The request's files, validated as project paths.
fn request_files(root: &Path, line: &str) -> Result<Vec<String>, String> {
    let request: Request =
        serde_json::from_str(line).map_err(|e| format!("not a hook request: {e}"))?;
    if request.files.is_empty() || request.files.len() > MAX_FILES {
        return Err(format!("a request names 1 to {MAX_FILES} files"));
    }
    crate::paths::validate_all(root, &request.files).map_err(|e| e.to_string())
}

/// Why the running server did not answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AskError {
    /// No answer in time: the check is still running in the server.
    TimedOut(Duration),
    /// The server refused the request or the exchange broke.
    Failed(String),
}

/// Asks the running `signalint mcp` of the project at `root` to check `files`; `Ok(None)` when
/// none serves the project (no socket, or one nobody listens on).
pub fn ask(
    root: &Path,
    files: &[String],
    timeout: Duration,
) -> Result<Option<CheckResponse>, AskError> {
    let path = StateDir::new(root).path().join(SOCKET_NAME);
    let Ok(meta) = std::fs::symlink_metadata(&path) else {
        return Ok(None);
    };
    if !meta.file_type().is_socket() || meta.uid() != effective_uid() {
        tracing::warn!(
            "{} is not a socket of this user; checking without the server",
            path.display()
        );
        return Ok(None);
    }
    let Ok(mut stream) = std::os::unix::net::UnixStream::connect(&path) else {
        return Ok(None);
    };
    let failed = |e: std::io::Error| {
        if matches!(
            e.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
        ) {
            AskError::TimedOut(timeout)
        } else {
            AskError::Failed(e.to_string())
        }
    };
    stream
        .set_read_timeout(Some(timeout))
        .and_then(|()| stream.set_write_timeout(Some(timeout)))
        .map_err(failed)?;
    let mut request = serde_json::to_string(&Request {
        files: files.to_vec(),
    })
    .expect("serializable");
    request.push('\n');
    stream.write_all(request.as_bytes()).map_err(failed)?;
    let mut line = String::new();
    BufReader::new((&stream).take(MAX_ANSWER_BYTES))
        .read_line(&mut line)
        .map_err(failed)?;
    match serde_json::from_str::<Answer>(&line) {
        Ok(Answer::Checked(response)) => Ok(Some(*response)),
        Ok(Answer::Error(e)) => Err(AskError::Failed(e)),
        Err(e) => Err(AskError::Failed(format!(
            "an answer that did not parse: {e}"
        ))),
    }
}

fn effective_uid() -> u32 {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_validated_as_project_paths() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::write(root.join("a.ts"), "").unwrap();
        assert_eq!(
            request_files(&root, r#"{"files": ["a.ts"]}"#).unwrap(),
            ["a.ts"]
        );
        for bad in [
            r#"{"files": []}"#,
            r#"{"files": ["../etc/passwd"]}"#,
            r#"{"files": ["a.ts"], "run": "rm"}"#,
            "nope",
        ] {
            assert!(request_files(&root, bad).is_err(), "{bad}");
        }
    }
}
