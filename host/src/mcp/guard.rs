//! A JSON-RPC gate between the client's stream and the protocol library.
//!
//! The library answers well-formed requests, but a hostile or buggy client meets three gaps in
//! it: a line over its size limit is dropped with no answer (the client waits forever), a
//! second request with an id still in flight makes one of the two answers disappear, and
//! `tools/call` arguments that are not an object come back as "method not found". The gate
//! reads every line first, answers those cases itself with the JSON-RPC error the spec names
//! (`-32600` invalid request, `-32602` invalid params), and passes everything else through
//! unchanged. It also watches the answers going out, to know which ids are in flight.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

use super::stdio::{Reader, Writer};

/// The largest request line accepted: far above any real request (a `check_files` of 512 long
/// paths is under 200 KiB), small enough that a client cannot make the server buffer without
/// bound.
pub const MAX_REQUEST_BYTES: usize = 16 * 1024 * 1024;

/// How far into an oversized line the gate looks for its `id`, to address the error to it.
const ID_SCAN_BYTES: usize = 4096;

const INVALID_REQUEST: i64 = -32600;
const INVALID_PARAMS: i64 = -32602;

/// The protocol library's side of the gate.
pub struct Gated {
    pub reader: Reader,
    pub writer: Writer,
    /// Ends once everything the library wrote has reached the client: await it before exit.
    pub flushed: tokio::task::JoinHandle<()>,
}

/// Streams for the protocol library, joined to `client` through the gate. They end when the
/// client's do.
pub fn gate((client_in, client_out): (Reader, Writer)) -> Gated {
    let (library_in, gate_in) = tokio::io::duplex(1 << 16);
    let (library_out, gate_out) = tokio::io::duplex(1 << 16);
    let in_flight = Arc::new(Mutex::new(HashSet::<String>::new()));
    let (to_client, from_gate) = mpsc::unbounded_channel::<Vec<u8>>();
    let flushed = tokio::spawn(write_to_client(client_out, from_gate));
    tokio::spawn(relay_answers(
        gate_out,
        to_client.clone(),
        in_flight.clone(),
    ));
    tokio::spawn(screen_requests(client_in, gate_in, to_client, in_flight));
    Gated {
        reader: Box::new(library_in),
        writer: Box::new(library_out),
        flushed,
    }
}

/// The one writer of the client's stream, so answers and the gate's errors never interleave.
async fn write_to_client(mut out: Writer, mut lines: mpsc::UnboundedReceiver<Vec<u8>>) {
    while let Some(line) = lines.recv().await {
        if out.write_all(&line).await.is_err() || out.flush().await.is_err() {
            return;
        }
    }
}

/// What the gate reads of an outgoing message: its id, and whether it is a request or a
/// notification of the server's own (the rest, however large, is skipped without building it).
#[derive(serde::Deserialize)]
struct Head {
    #[serde(default)]
    id: Option<Value>,
    #[serde(default)]
    method: Option<serde::de::IgnoredAny>,
}

/// Passes the library's answers on, clearing each answered id from the in-flight set.
async fn relay_answers(
    library: impl AsyncRead + Unpin,
    to_client: mpsc::UnboundedSender<Vec<u8>>,
    in_flight: Arc<Mutex<HashSet<String>>>,
) {
    let mut lines = BufReader::new(library);
    let mut line = Vec::new();
    loop {
        line.clear();
        match lines.read_until(b'\n', &mut line).await {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let answered = serde_json::from_slice::<Head>(&line)
            .ok()
            .filter(|head| head.method.is_none())
            .and_then(|head| head.id.as_ref().map(id_key));
        if let Some(id) = answered {
            lock(&in_flight).remove(&id);
        }
        if to_client.send(line.clone()).is_err() {
            return;
        }
    }
}

/// Reads the client's lines, answering the ones the library would mishandle.
async fn screen_requests(
    client: Reader,
    mut library: impl AsyncWrite + Unpin,
    to_client: mpsc::UnboundedSender<Vec<u8>>,
    in_flight: Arc<Mutex<HashSet<String>>>,
) {
    let mut client = BufReader::new(client);
    loop {
        let line = match read_bounded_line(&mut client, MAX_REQUEST_BYTES).await {
            Ok(Line::Eof) | Err(_) => break,
            Ok(Line::Oversized { prefix, length }) => {
                let id = id_in_prefix(&prefix);
                let _ = to_client.send(error_line(
                    id,
                    INVALID_REQUEST,
                    &format!(
                        "request of {length} bytes refused: the limit is {} MiB per message",
                        MAX_REQUEST_BYTES >> 20
                    ),
                ));
                continue;
            }
            Ok(Line::Complete(line)) => line,
        };
        match screen(&line, &in_flight) {
            Verdict::Pass => {
                if library.write_all(&line).await.is_err() {
                    break;
                }
            }
            Verdict::Refuse { id, code, message } => {
                let _ = to_client.send(error_line(Some(id), code, &message));
            }
        }
    }
    let _ = library.shutdown().await;
}

enum Verdict {
    Pass,
    Refuse {
        id: Value,
        code: i64,
        message: String,
    },
}

fn screen(line: &[u8], in_flight: &Mutex<HashSet<String>>) -> Verdict {
    // Lines that are not a JSON object are the library's to answer (a parse error).
    let Ok(message @ Value::Object(_)) = serde_json::from_slice::<Value>(line) else {
        return Verdict::Pass;
    };
    let method = message.get("method").and_then(Value::as_str);
    if method == Some("notifications/cancelled") {
        // A cancelled request may never be answered: its id is free again.
        if let Some(id) = message.pointer("/params/requestId") {
            lock(in_flight).remove(&id_key(id));
        }
        return Verdict::Pass;
    }
    let (Some(method), Some(id)) = (method, message.get("id")) else {
        return Verdict::Pass;
    };
    // MCP's params are always an object; the library drops a request whose params are not.
    if message
        .get("params")
        .is_some_and(|params| !params.is_object() && !params.is_null())
    {
        return Verdict::Refuse {
            id: id.clone(),
            code: INVALID_PARAMS,
            message: format!("{method}: params must be a JSON object"),
        };
    }
    if method == "tools/call"
        && message
            .pointer("/params/arguments")
            .is_some_and(|arguments| !arguments.is_object() && !arguments.is_null())
    {
        return Verdict::Refuse {
            id: id.clone(),
            code: INVALID_PARAMS,
            message: "tools/call arguments must be a JSON object of the tool's parameters"
                .to_owned(),
        };
    }
    if !lock(in_flight).insert(id_key(id)) {
        return Verdict::Refuse {
            id: id.clone(),
            code: INVALID_REQUEST,
            message: format!("request id {id} is already in flight; give every request its own id"),
        };
    }
    Verdict::Pass
}

/// Ids compare by their JSON text (`1` and `"1"` are different ids).
fn id_key(id: &Value) -> String {
    id.to_string()
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn error_line(id: Option<Value>, code: i64, message: &str) -> Vec<u8> {
    let mut line = serde_json::to_vec(&json!({
        "jsonrpc": "2.0",
        "id": id.unwrap_or(Value::Null),
        "error": { "code": code, "message": message },
    }))
    .unwrap_or_default();
    line.push(b'\n');
    line
}

enum Line {
    Complete(Vec<u8>),
    /// Longer than the limit: dropped through its newline; the first bytes kept to find its id.
    Oversized {
        prefix: Vec<u8>,
        length: usize,
    },
    Eof,
}

/// One `\n`-terminated line, never buffering more than `limit` bytes of it.
async fn read_bounded_line(
    reader: &mut (impl tokio::io::AsyncBufRead + Unpin),
    limit: usize,
) -> std::io::Result<Line> {
    let mut line = Vec::new();
    let mut prefix = Vec::new();
    let mut length = 0usize;
    let mut oversized = false;
    loop {
        let available = reader.fill_buf().await?;
        if available.is_empty() {
            return Ok(match (oversized, line.is_empty()) {
                (true, _) => Line::Oversized { prefix, length },
                (false, true) => Line::Eof,
                (false, false) => {
                    line.push(b'\n');
                    Line::Complete(line)
                }
            });
        }
        let (chunk, done) = match memchr::memchr(b'\n', available) {
            Some(end) => (&available[..=end], true),
            None => (available, false),
        };
        let taken = chunk.len();
        length += taken;
        if !oversized && line.len() + taken > limit {
            oversized = true;
            prefix = line[..line.len().min(ID_SCAN_BYTES)].to_vec();
            line = Vec::new();
        }
        if !oversized {
            line.extend_from_slice(chunk);
        } else if prefix.len() < ID_SCAN_BYTES {
            let room = ID_SCAN_BYTES - prefix.len();
            prefix.extend_from_slice(&chunk[..chunk.len().min(room)]);
        }
        reader.consume(taken);
        if done {
            return Ok(if oversized {
                Line::Oversized { prefix, length }
            } else {
                Line::Complete(line)
            });
        }
    }
}

/// The `id` of a message from its first bytes, when it comes before the payload (as clients
/// write it: `{"jsonrpc":"2.0","id":7,"method":…`).
fn id_in_prefix(prefix: &[u8]) -> Option<Value> {
    let text = String::from_utf8_lossy(prefix);
    let start = text.find("\"id\"")? + 4;
    let rest = text[start..].trim_start().strip_prefix(':')?.trim_start();
    let mut values = serde_json::Deserializer::from_str(rest).into_iter::<Value>();
    // A number or a string ends where the next `,` begins; the stream reader stops there.
    match values.next()? {
        Ok(id @ (Value::Number(_) | Value::String(_))) => Some(id),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_id_of_an_oversized_line_is_found_in_its_first_bytes() {
        assert_eq!(
            id_in_prefix(br#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"#),
            Some(json!(7))
        );
        assert_eq!(
            id_in_prefix(br#"{"jsonrpc":"2.0", "id" : "a-1", "method""#),
            Some(json!("a-1"))
        );
        assert_eq!(
            id_in_prefix(br#"{"jsonrpc":"2.0","method":"x","params":{"#),
            None
        );
    }

    #[test]
    fn screens_arguments_and_duplicate_ids() {
        let in_flight = Mutex::new(HashSet::new());
        let call = |id: u32, arguments: &str| {
            format!(
                r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"ping","arguments":{arguments}}}}}"#
            )
        };
        assert!(matches!(
            screen(call(1, "[1]").as_bytes(), &in_flight),
            Verdict::Refuse {
                code: INVALID_PARAMS,
                ..
            }
        ));
        assert!(matches!(
            screen(call(2, "{}").as_bytes(), &in_flight),
            Verdict::Pass
        ));
        assert!(matches!(
            screen(call(2, "{}").as_bytes(), &in_flight),
            Verdict::Refuse {
                code: INVALID_REQUEST,
                ..
            }
        ));
        let cancel =
            r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}"#;
        assert!(matches!(
            screen(cancel.as_bytes(), &in_flight),
            Verdict::Pass
        ));
        assert!(
            matches!(screen(call(2, "{}").as_bytes(), &in_flight), Verdict::Pass),
            "a cancelled id is free again"
        );
        assert!(matches!(screen(b"not json\n", &in_flight), Verdict::Pass));
    }

    #[tokio::test]
    async fn a_line_over_the_limit_is_dropped_through_its_newline() {
        let mut input: &[u8] = b"{\"id\":1,\"x\":\"aaaaaaaaaaaa\"}\n{\"id\":2}\n";
        let mut reader = BufReader::with_capacity(4, &mut input);
        match read_bounded_line(&mut reader, 10).await.unwrap() {
            Line::Oversized { prefix, length } => {
                assert_eq!(length, 28);
                assert_eq!(id_in_prefix(&prefix), Some(json!(1)));
            }
            _ => panic!("not refused"),
        }
        match read_bounded_line(&mut reader, 10).await.unwrap() {
            Line::Complete(line) => assert_eq!(line, b"{\"id\":2}\n"),
            _ => panic!("the next line is lost"),
        }
        assert!(matches!(
            read_bounded_line(&mut reader, 10).await.unwrap(),
            Line::Eof
        ));
    }
}
