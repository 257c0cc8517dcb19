//! A client of a persistent server over its stdin and stdout, for the two dialects the host
//! speaks: the Language Server Protocol (JSON-RPC with `Content-Length` framing both ways) and
//! tsserver's (requests as one JSON object per line, responses and events framed with
//! `Content-Length`; see [`super::tsserver`]).
//!
//! One task reads the server's messages: a response completes its request, a request from the
//! server (`client/registerCapability`, `workspace/configuration`, …) is answered at once with
//! an empty result, and notifications and events (logs, pushed diagnostics, watch requests)
//! are dropped. Messages are written by one task, in the order they were sent, which is what
//! makes the protocol's ordering guarantee ours: a request sent after a change is answered
//! with the change applied. A message larger than the runner's output cap ends the session.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::process::{ChildStdin, ChildStdout};
use tokio::sync::{mpsc, oneshot};

/// Why an exchange with the server failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LspError {
    #[error("the language server closed its output ({0})")]
    Closed(String),
    #[error("the language server did not answer `{method}` within {seconds}s")]
    TimedOut { method: String, seconds: u64 },
    #[error("the language server answered `{method}` with an error: {message}")]
    Server { method: String, message: String },
}

pub(super) type Pending = Arc<Mutex<HashMap<i64, oneshot::Sender<Result<Value, String>>>>>;

/// The framing a server speaks (see [`super::dialect`] for the protocols on top).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wire {
    Lsp,
    TsServer,
}

/// The client side of one server.
#[derive(Debug)]
pub struct Client {
    wire: Wire,
    outgoing: mpsc::UnboundedSender<Vec<u8>>,
    pending: Pending,
    next_id: AtomicI64,
    /// Set with the reason once the server's output ended.
    closed: Arc<Mutex<Option<String>>>,
}

impl Client {
    /// Speaks `wire` over `stdin`/`stdout`; a message past `cap` bytes closes the session.
    pub fn new(wire: Wire, stdin: ChildStdin, stdout: ChildStdout, cap: usize) -> Self {
        let (outgoing, queue) = mpsc::unbounded_channel();
        let pending: Pending = Arc::default();
        let closed: Arc<Mutex<Option<String>>> = Arc::default();
        tokio::spawn(write_all(stdin, queue));
        tokio::spawn(read_all(
            wire,
            stdout,
            cap,
            outgoing.clone(),
            pending.clone(),
            closed.clone(),
        ));
        Self {
            wire,
            outgoing,
            pending,
            next_id: AtomicI64::new(1),
            closed,
        }
    }

    /// Why the session ended, once it has.
    pub fn closed(&self) -> Option<String> {
        self.closed.lock().ok().and_then(|c| c.clone())
    }

    /// Sends a notification (LSP), or a tsserver request whose answer nobody waits for
    /// (`reloadProjects`, which 4.9 does not answer at all).
    pub fn notify(&self, method: &str, params: Value) -> Result<(), LspError> {
        match self.wire {
            Wire::Lsp => self.send(frame(
                &json!({"jsonrpc": "2.0", "method": method, "params": params}),
            )),
            Wire::TsServer => {
                let seq = self.next_id.fetch_add(1, Ordering::SeqCst);
                self.send(super::tsserver::request_line(seq, method, &params))
            }
        }
    }

    /// Sends a request and waits up to `timeout` for its result.
    pub async fn request(
        &self,
        method: &str,
        params: Value,
        timeout: Duration,
    ) -> Result<Value, LspError> {
        let answer = self.start(method, params)?;
        self.finish(method, answer, timeout).await
    }

    /// Sends a request; [`Self::finish`] waits for its answer. Requests started in a row are
    /// in flight together.
    pub fn start(
        &self,
        method: &str,
        params: Value,
    ) -> Result<oneshot::Receiver<Result<Value, String>>, LspError> {
        let id = self.next_id.fetch_add(1, Ordering::SeqCst);
        let (tx, rx) = oneshot::channel();
        if let Ok(mut pending) = self.pending.lock() {
            pending.insert(id, tx);
        }
        let message = match self.wire {
            Wire::Lsp => {
                frame(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
            }
            Wire::TsServer => super::tsserver::request_line(id, method, &params),
        };
        self.send(message)?;
        Ok(rx)
    }

    /// The answer to a request [`Self::start`]ed.
    pub async fn finish(
        &self,
        method: &str,
        answer: oneshot::Receiver<Result<Value, String>>,
        timeout: Duration,
    ) -> Result<Value, LspError> {
        match tokio::time::timeout(timeout, answer).await {
            Ok(Ok(Ok(value))) => Ok(value),
            Ok(Ok(Err(message))) => Err(LspError::Server {
                method: method.to_owned(),
                message,
            }),
            Ok(Err(_)) => Err(LspError::Closed(
                self.closed().unwrap_or_else(|| "no reason".into()),
            )),
            Err(_) => Err(LspError::TimedOut {
                method: method.to_owned(),
                seconds: timeout.as_secs(),
            }),
        }
    }

    fn send(&self, message: Vec<u8>) -> Result<(), LspError> {
        if let Some(reason) = self.closed() {
            return Err(LspError::Closed(reason));
        }
        self.outgoing
            .send(message)
            .map_err(|_| LspError::Closed("its input is closed".into()))
    }
}

/// One message with its header.
fn frame(message: &Value) -> Vec<u8> {
    let body = message.to_string();
    let mut bytes = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    bytes.extend_from_slice(body.as_bytes());
    bytes
}

async fn write_all(mut stdin: ChildStdin, mut queue: mpsc::UnboundedReceiver<Vec<u8>>) {
    while let Some(bytes) = queue.recv().await {
        if stdin.write_all(&bytes).await.is_err() || stdin.flush().await.is_err() {
            break;
        }
    }
}

async fn read_all(
    wire: Wire,
    stdout: ChildStdout,
    cap: usize,
    outgoing: mpsc::UnboundedSender<Vec<u8>>,
    pending: Pending,
    closed: Arc<Mutex<Option<String>>>,
) {
    let mut reader = BufReader::new(stdout);
    let reason = loop {
        let message = match read_message(&mut reader, cap).await {
            Ok(Some(message)) => message,
            Ok(None) => break "it exited".to_owned(),
            Err(reason) => break reason,
        };
        match wire {
            Wire::Lsp => dispatch(message, &outgoing, &pending),
            Wire::TsServer => super::tsserver::dispatch(message, &pending),
        }
    };
    if let Ok(mut closed) = closed.lock() {
        *closed = Some(reason);
    }
    // Every waiting request learns that no answer comes.
    if let Ok(mut pending) = pending.lock() {
        pending.clear();
    }
}

/// Routes one message from the server.
fn dispatch(message: Value, outgoing: &mpsc::UnboundedSender<Vec<u8>>, pending: &Pending) {
    let id = message.get("id").cloned();
    match (message.get("method").and_then(Value::as_str), id) {
        // A request from the server: answered at once, so it never waits on us.
        (Some(method), Some(id)) => {
            let result = match method {
                "workspace/configuration" => {
                    let items = message["params"]["items"].as_array().map_or(0, Vec::len);
                    Value::Array(vec![Value::Null; items])
                }
                _ => Value::Null,
            };
            let _ = outgoing.send(frame(
                &json!({"jsonrpc": "2.0", "id": id, "result": result}),
            ));
        }
        (Some(_), None) => {}
        (None, Some(id)) => {
            let waiter = id.as_i64().and_then(|id| pending.lock().ok()?.remove(&id));
            if let Some(waiter) = waiter {
                let answer = match message.get("error") {
                    Some(error) => Err(error["message"]
                        .as_str()
                        .map_or_else(|| error.to_string(), str::to_owned)),
                    None => Ok(message.get("result").cloned().unwrap_or(Value::Null)),
                };
                let _ = waiter.send(answer);
            }
        }
        (None, None) => {}
    }
}

/// The next message: `Ok(None)` at the end of the stream, `Err` for a broken frame or one
/// past `cap`.
pub(super) async fn read_message<R: tokio::io::AsyncBufRead + Unpin>(
    reader: &mut R,
    cap: usize,
) -> Result<Option<Value>, String> {
    let mut length = None;
    let mut line = String::new();
    loop {
        line.clear();
        let read = reader
            .read_line(&mut line)
            .await
            .map_err(|e| format!("reading its output failed: {e}"))?;
        if read == 0 {
            return Ok(None);
        }
        let header = line.trim_end();
        if header.is_empty() {
            if length.is_some() {
                break;
            }
            continue;
        }
        if let Some((name, value)) = header.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse::<usize>().ok();
        }
    }
    let length = length.ok_or("a message without Content-Length")?;
    if length > cap {
        return Err(format!(
            "a message of {length} bytes passed the {} MiB output limit",
            cap / (1024 * 1024)
        ));
    }
    let mut body = vec![0u8; length];
    reader
        .read_exact(&mut body)
        .await
        .map_err(|e| format!("its output ended inside a message: {e}"))?;
    serde_json::from_slice(&body)
        .map(Some)
        .map_err(|e| format!("it sent a message that is not JSON: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn frames_are_read_whole_and_bounded() {
        let input = b"Content-Length: 13\r\n\r\n{\"id\":1,\"a\":2}".to_vec();
        // 14 bytes of body announced as 13: the parse sees a cut message.
        let mut reader = BufReader::new(&input[..]);
        assert!(read_message(&mut reader, 1 << 20).await.is_err());
        let body = br#"{"jsonrpc":"2.0","id":1,"result":[]}"#;
        let mut ok = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        ok.extend_from_slice(body);
        let mut reader = BufReader::new(&ok[..]);
        let message = read_message(&mut reader, 1 << 20).await.unwrap().unwrap();
        assert_eq!(message["result"], json!([]));
        assert_eq!(read_message(&mut reader, 1 << 20).await, Ok(None));
        let mut reader = BufReader::new(&ok[..]);
        let too_big = read_message(&mut reader, 10).await.unwrap_err();
        assert!(too_big.contains("output limit"), "{too_big}");
    }

    #[test]
    fn server_requests_are_answered_and_responses_routed() {
        let (tx, mut rx) = mpsc::unbounded_channel();
        let pending: Pending = Arc::default();
        let (waiter, answer) = oneshot::channel();
        pending.lock().unwrap().insert(7, waiter);
        dispatch(
            json!({"jsonrpc": "2.0", "id": 3, "method": "workspace/configuration",
                   "params": {"items": [{}, {}]}}),
            &tx,
            &pending,
        );
        let reply = String::from_utf8(rx.try_recv().unwrap()).unwrap();
        assert!(reply.ends_with(r#""result":[null,null]}"#), "{reply}");
        dispatch(
            json!({"jsonrpc": "2.0", "id": 7, "result": {"kind": "full"}}),
            &tx,
            &pending,
        );
        let mut answer = answer;
        assert_eq!(answer.try_recv().unwrap(), Ok(json!({"kind": "full"})));
    }
}
