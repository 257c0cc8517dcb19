//! The two protocols a session speaks, behind one trait: what the session decided
//! ([`plan::Sync`]) goes out in the dialect's own requests, and each file's diagnostics come
//! back in its own shape. The protocol is chosen once, when the session starts
//! ([`start`]); nothing else in the session knows which one it speaks.
//!
//! * [`super::lsp::Lsp`]: TypeScript 7's `tsc --lsp --stdio` (LSP pull diagnostics).
//! * [`super::tsserver::TsServer`]: `tsserver` of TypeScript 4.9–6.x.
//!
//! A new request of either protocol is a method of its implementation; a request both need is a
//! method of [`Dialect`].

use std::collections::HashMap;
use std::future::Future;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::time::Duration;

use serde_json::Value;
use signalint_plugin_api::{SessionCommand, SessionProtocol};
use tokio::process::{ChildStdin, ChildStdout};
use tokio::sync::oneshot;

use super::client::{Client, Wire};
use super::error::WarmError;
use super::plan;
use super::texts::Text;

/// A dialect's answer to come.
pub(super) type Answer<'a, T> = Pin<Box<dyn Future<Output = Result<T, WarmError>> + Send + 'a>>;

/// One request's reply to come.
pub(super) type Reply = oneshot::Receiver<Result<Value, String>>;

/// What one check tells the server: the plan, and the texts it names.
pub(super) struct Changes<'a> {
    pub sync: &'a plan::Sync,
    pub texts: &'a HashMap<String, Text>,
    /// The session's first check (nothing was opened before).
    pub first: bool,
}

pub(super) trait Dialect: Send + Sync {
    /// The connection, for what both dialects do alike (closing, waiting for a reply).
    fn client(&self) -> &Client;

    /// Starts the protocol.
    fn initialize<'a>(&'a self, timeout: Duration) -> Answer<'a, ()>;

    /// Tells the server every change of the plan: closed, created and deleted files, then the
    /// new text of each opened and changed one. Requests sent after it see the changes.
    fn tell<'a>(&'a self, changes: Changes<'a>, timeout: Duration) -> Answer<'a, ()>;

    /// After `opened` were opened: why the server's answers for them are not the program's
    /// (it put one in another project), or `None`.
    fn misplaced<'a>(
        &'a self,
        opened: &'a [String],
        timeout: Duration,
    ) -> Answer<'a, Option<String>>;

    /// The program's diagnostics that belong to no file (options, globals) as the server
    /// reports them, or `None` when the protocol has no such request.
    fn program_diagnostics<'a>(&'a self, timeout: Duration) -> Answer<'a, Option<Value>>;

    /// Asks for one file's diagnostics; its items come from every reply.
    fn pull(&self, path: &str) -> Result<Vec<Reply>, WarmError>;

    /// The diagnostics of one reply to [`Self::pull`], or `None` when it is not a full report.
    fn items(&self, reply: Value) -> Option<Vec<Value>>;

    /// The fixes the server offers for one diagnostic of an open file, in its order.
    fn code_fixes<'a>(
        &'a self,
        ask: &'a super::fixes::FixAsk,
        timeout: Duration,
    ) -> Answer<'a, Vec<super::fixes::Offer>>;
}

/// Starts speaking the session's protocol over the process's pipes.
pub(super) fn start(
    command: &SessionCommand,
    root: &Path,
    stdin: ChildStdin,
    stdout: ChildStdout,
    cap: usize,
) -> Box<dyn Dialect> {
    let root: PathBuf = root.to_owned();
    match command.protocol {
        SessionProtocol::TsServer => Box::new(super::tsserver::TsServer::new(
            Client::new(Wire::TsServer, stdin, stdout, cap),
            root,
            command.clone(),
        )),
        _ => Box::new(super::lsp::Lsp::new(
            Client::new(Wire::Lsp, stdin, stdout, cap),
            root,
            command.clone(),
        )),
    }
}

/// A `file://` URI, percent-encoding every byte outside the unreserved set and `/`.
pub(crate) fn file_uri(path: &Path) -> String {
    use std::os::unix::ffi::OsStrExt;
    let mut uri = String::from("file://");
    for &byte in path.as_os_str().as_bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/".contains(&byte) {
            uri.push(byte as char);
        } else {
            uri.push_str(&format!("%{byte:02X}"));
        }
    }
    uri
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_encode_what_is_not_plain() {
        assert_eq!(file_uri(Path::new("/a b/c#d.ts")), "file:///a%20b/c%23d.ts");
        assert_eq!(file_uri(Path::new("/src/x-y_z.ts")), "file:///src/x-y_z.ts");
    }
}
