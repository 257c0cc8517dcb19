//! tsserver's wire format (TypeScript 4.9–6.x), spoken by [`super::client::Client`]: a request
//! is one JSON object on one line (`{"seq", "type": "request", "command", "arguments"}`); the
//! server writes responses (`"type": "response"`, the request's `request_seq`, `success`,
//! `body` or `message`) and events (`"type": "event"`: project loading, telemetry, watch
//! requests) framed with `Content-Length` in bytes, the body ending with a newline.
//!
//! Events are dropped: the host asks for everything it reads. A response to a request nobody
//! waits for (`reloadProjects`) is dropped too.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::{Value, json};
use signalint_plugin_api::SessionCommand;

use super::client::{Client, Pending};
use super::dialect::{Answer, Changes, Dialect, Reply};
use super::error::WarmError;
use super::fixes::{FixAsk, Offer, tsserver_offers};

/// The tsserver dialect: files opened (and opened again with their new text) with
/// `updateOpen`, the project read again with `reloadProjects` when files were created or
/// deleted, each file's diagnostics pulled with `syntacticDiagnosticsSync` and
/// `semanticDiagnosticsSync`, and the program's own with `compilerOptionsDiagnostics-full`.
pub(super) struct TsServer {
    client: Client,
    root: PathBuf,
    /// The program's config, absolute.
    config: PathBuf,
    command: SessionCommand,
}

impl TsServer {
    pub fn new(client: Client, root: PathBuf, command: SessionCommand) -> Self {
        Self {
            config: root.join(&command.command.label),
            client,
            root,
            command,
        }
    }

    async fn update_open(&self, arguments: Value, timeout: Duration) -> Result<(), WarmError> {
        self.client
            .request("updateOpen", arguments, timeout)
            .await
            .map(drop)
            .map_err(WarmError::from)
    }

    async fn send_changes(&self, changes: Changes<'_>, timeout: Duration) -> Result<(), WarmError> {
        let sync = changes.sync;
        if !sync.close.is_empty() {
            let closed: Vec<String> = sync
                .close
                .iter()
                .map(|path| self.root.join(path).to_string_lossy().into_owned())
                .collect();
            self.update_open(json!({"closedFiles": closed}), timeout)
                .await?;
        }
        // tsserver reads which files its project has when it loads the config, and a file
        // opened before the project knows it goes to a project of its own: the project is
        // read again first.
        if !changes.first && (!sync.created.is_empty() || !sync.deleted.is_empty()) {
            self.client.notify("reloadProjects", json!({}))?;
        }
        // The files to open (or open again, with their new text), in one request.
        let open: Vec<Value> = sync
            .send
            .iter()
            .filter_map(|(path, _)| {
                let text = changes.texts.get(path)?;
                Some(
                    json!({"file": self.root.join(path), "fileContent": &*text.text,
                            "projectRootPath": self.root}),
                )
            })
            .collect();
        if !open.is_empty() {
            self.update_open(json!({"openFiles": open}), timeout)
                .await?;
        }
        Ok(())
    }

    /// Whether tsserver put each of `paths` in the program's config's project: why not for
    /// the first one it did not.
    async fn project_of(
        &self,
        paths: &[String],
        timeout: Duration,
    ) -> Result<Option<String>, WarmError> {
        // A dependency's files may have a config of their own; the project's are checked.
        let mut paths: Vec<&String> = paths
            .iter()
            .filter(|p| !p.split('/').any(|part| part == "node_modules"))
            .collect();
        paths.sort();
        let mut waiting = Vec::with_capacity(paths.len());
        for path in paths {
            let args = json!({"file": self.root.join(path), "needFileNameList": false});
            waiting.push((path, self.client.start("projectInfo", args)?));
        }
        let mut misplaced = None;
        for (path, reply) in waiting {
            let info = self.client.finish("projectInfo", reply, timeout).await?;
            let project = info["configFileName"].as_str().unwrap_or_default();
            if misplaced.is_none() && Path::new(project) != self.config {
                misplaced = Some(format!(
                    "tsserver checks {path} in the project {project}, not the program's {}, so \
                     tsc runs one-shot",
                    self.command.command.label
                ));
            }
        }
        Ok(misplaced)
    }
}

impl Dialect for TsServer {
    fn client(&self) -> &Client {
        &self.client
    }

    fn initialize<'a>(&'a self, timeout: Duration) -> Answer<'a, ()> {
        Box::pin(async move {
            self.client
                .request(
                    "configure",
                    json!({"hostInfo": "signalint", "preferences": {}}),
                    timeout,
                )
                .await?;
            Ok(())
        })
    }

    fn tell<'a>(&'a self, changes: Changes<'a>, timeout: Duration) -> Answer<'a, ()> {
        Box::pin(self.send_changes(changes, timeout))
    }

    fn misplaced<'a>(
        &'a self,
        opened: &'a [String],
        timeout: Duration,
    ) -> Answer<'a, Option<String>> {
        Box::pin(self.project_of(opened, timeout))
    }

    fn program_diagnostics<'a>(&'a self, timeout: Duration) -> Answer<'a, Option<Value>> {
        Box::pin(async move {
            let items = self
                .client
                .request(
                    "compilerOptionsDiagnostics-full",
                    json!({"projectFileName": self.config}),
                    timeout,
                )
                .await?;
            Ok(Some(items))
        })
    }

    fn pull(&self, path: &str) -> Result<Vec<Reply>, WarmError> {
        let file = self.root.join(path);
        let mut replies = Vec::with_capacity(2);
        for command in ["syntacticDiagnosticsSync", "semanticDiagnosticsSync"] {
            let args = json!({"file": file, "includeLinePosition": true});
            replies.push(self.client.start(command, args)?);
        }
        Ok(replies)
    }

    fn items(&self, reply: Value) -> Option<Vec<Value>> {
        reply.as_array().cloned()
    }

    fn code_fixes<'a>(&'a self, ask: &'a FixAsk, timeout: Duration) -> Answer<'a, Vec<Offer>> {
        Box::pin(async move {
            let file = self.root.join(&ask.file);
            // tsserver's lines and offsets are 1-based.
            let arguments = json!({"file": file,
                                   "startLine": ask.start.0 + 1, "startOffset": ask.start.1 + 1,
                                   "endLine": ask.end.0 + 1, "endOffset": ask.end.1 + 1,
                                   "errorCodes": [ask.code]});
            let body = self
                .client
                .request("getCodeFixes", arguments, timeout)
                .await?;
            Ok(tsserver_offers(&body, &file.to_string_lossy()))
        })
    }
}

/// One request as tsserver reads it: its JSON and a newline.
pub(super) fn request_line(seq: i64, command: &str, arguments: &Value) -> Vec<u8> {
    let mut line =
        json!({"seq": seq, "type": "request", "command": command, "arguments": arguments})
            .to_string()
            .into_bytes();
    line.push(b'\n');
    line
}

/// Routes one message from tsserver: a response to its waiting request, anything else away.
pub(super) fn dispatch(message: Value, pending: &Pending) {
    if message.get("type").and_then(Value::as_str) != Some("response") {
        return;
    }
    let Some(seq) = message.get("request_seq").and_then(Value::as_i64) else {
        return;
    };
    let Some(waiter) = pending.lock().ok().and_then(|mut p| p.remove(&seq)) else {
        return;
    };
    let answer = if message.get("success").and_then(Value::as_bool) == Some(true) {
        Ok(message.get("body").cloned().unwrap_or(Value::Null))
    } else {
        Err(message.get("message").and_then(Value::as_str).map_or_else(
            || message.to_string(),
            |m| {
                // The first line; the rest is tsserver's stack trace.
                m.lines().next().unwrap_or_default().to_owned()
            },
        ))
    };
    let _ = waiter.send(answer);
}

#[cfg(test)]
mod tests {
    use super::super::client::read_message;
    use super::*;
    use tokio::io::BufReader;
    use tokio::sync::oneshot;

    /// A message as tsserver frames it: the length counts the body's bytes and its newline.
    fn framed(body: &str) -> Vec<u8> {
        let mut bytes = format!("Content-Length: {}\r\n\r\n", body.len() + 1).into_bytes();
        bytes.extend_from_slice(body.as_bytes());
        bytes.push(b'\n');
        bytes
    }

    #[test]
    fn a_request_is_one_line_of_json() {
        let line = request_line(
            3,
            "updateOpen",
            &json!({"openFiles": [{"file": "/a\nb.ts"}]}),
        );
        assert_eq!(line.iter().filter(|&&b| b == b'\n').count(), 1);
        assert_eq!(line.last(), Some(&b'\n'));
        let request: Value = serde_json::from_slice(&line).unwrap();
        assert_eq!(request["seq"], 3);
        assert_eq!(request["type"], "request");
        assert_eq!(request["command"], "updateOpen");
        assert_eq!(request["arguments"]["openFiles"][0]["file"], "/a\nb.ts");
    }

    #[tokio::test]
    async fn responses_find_their_request_and_events_are_dropped() {
        // Recorded from tsserver 5.9.3 (trimmed): an event before each response, one
        // response to a request nobody waits for, one failure, multi-byte text.
        let mut stream = Vec::new();
        for body in [
            r#"{"seq":0,"type":"event","event":"projectLoadingStart","body":{"projectName":"/p/tsconfig.json"}}"#,
            r#"{"seq":0,"type":"response","command":"updateOpen","request_seq":1,"success":true,"body":true}"#,
            r#"{"seq":0,"type":"response","command":"reloadProjects","request_seq":2,"success":true}"#,
            r#"{"seq":0,"type":"event","event":"telemetry","body":{"payload":{}}}"#,
            r#"{"seq":0,"type":"response","command":"semanticDiagnosticsSync","request_seq":4,"success":true,"body":[{"message":"Type '\"😀\"' is not assignable to type 'number'.","code":2322}]}"#,
            r#"{"seq":0,"type":"response","command":"semanticDiagnosticsSync","request_seq":3,"success":false,"message":"Error processing request. No Project.\nError: No Project.\n    at Object.ThrowNoProject"}"#,
        ] {
            stream.extend(framed(body));
        }
        let pending: Pending = Default::default();
        let mut answers = Vec::new();
        for seq in [1, 3, 4] {
            let (tx, rx) = oneshot::channel();
            pending.lock().unwrap().insert(seq, tx);
            answers.push(rx);
        }
        let mut reader = BufReader::new(&stream[..]);
        while let Some(message) = read_message(&mut reader, 1 << 20).await.unwrap() {
            dispatch(message, &pending);
        }
        assert!(pending.lock().unwrap().is_empty());
        let [mut open, mut failed, mut diagnostics] = <[_; 3]>::try_from(answers).unwrap();
        assert_eq!(open.try_recv().unwrap(), Ok(json!(true)));
        assert_eq!(
            failed.try_recv().unwrap(),
            Err("Error processing request. No Project.".to_owned())
        );
        let body = diagnostics.try_recv().unwrap().unwrap();
        assert_eq!(body[0]["code"], 2322);
        assert!(body[0]["message"].as_str().unwrap().contains('😀'));
    }

    #[tokio::test]
    async fn a_frame_past_the_cap_or_cut_short_ends_the_stream() {
        let big = framed(&format!(
            r#"{{"type":"event","body":"{}"}}"#,
            "x".repeat(64)
        ));
        let mut reader = BufReader::new(&big[..]);
        let error = read_message(&mut reader, 32).await.unwrap_err();
        assert!(error.contains("output limit"), "{error}");
        let cut = &big[..big.len() - 10];
        let mut reader = BufReader::new(cut);
        let error = read_message(&mut reader, 1 << 20).await.unwrap_err();
        assert!(error.contains("inside a message"), "{error}");
    }
}
