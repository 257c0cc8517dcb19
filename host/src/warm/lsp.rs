//! The LSP dialect (TypeScript 7's `tsc --lsp --stdio`): documents opened and changed with
//! their full text, created and deleted files as `workspace/didChangeWatchedFiles`, each
//! file's diagnostics pulled with `textDocument/diagnostic`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::{Value, json};
use signalint_plugin_api::SessionCommand;

use super::client::Client;
use super::dialect::{Answer, Changes, Dialect, Reply, file_uri};
use super::error::WarmError;
use super::fixes::{FixAsk, Offer, lsp_offers};

pub(super) struct Lsp {
    client: Client,
    root: PathBuf,
    command: SessionCommand,
}

impl Lsp {
    pub fn new(client: Client, root: PathBuf, command: SessionCommand) -> Self {
        Self {
            client,
            root,
            command,
        }
    }

    fn uri(&self, path: &str) -> String {
        file_uri(&self.root.join(path))
    }

    fn notify(&self, method: &str, params: Value) -> Result<(), WarmError> {
        Ok(self.client.notify(method, params)?)
    }

    async fn handshake(&self, timeout: Duration) -> Result<(), WarmError> {
        let uri = file_uri(&self.root);
        let params = json!({
            "processId": std::process::id(),
            "rootUri": uri,
            "workspaceFolders": [{"uri": uri, "name": "project"}],
            "capabilities": {
                "general": {"positionEncodings": ["utf-16"]},
                "textDocument": {
                    "synchronization": {"dynamicRegistration": false},
                    "diagnostic": {"dynamicRegistration": false},
                },
                // The host tells the server of every created, changed and deleted file.
                "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}},
            },
            "initializationOptions": self.command.initialization_options,
        });
        let initialized = self.client.request("initialize", params, timeout).await?;
        let capabilities = &initialized["capabilities"];
        if capabilities["diagnosticProvider"].is_null() {
            return Err(WarmError::NoPullDiagnostics);
        }
        let encoding = capabilities["positionEncoding"]
            .as_str()
            .unwrap_or("utf-16");
        if encoding != "utf-16" {
            return Err(WarmError::Encoding(encoding.to_owned()));
        }
        self.notify("initialized", json!({}))
    }

    fn send_changes(&self, changes: &Changes<'_>) -> Result<(), WarmError> {
        let sync = changes.sync;
        let mut events: Vec<Value> = sync
            .created
            .iter()
            .map(|path| json!({"uri": self.uri(path), "type": 1}))
            .collect();
        for path in &sync.close {
            self.notify(
                "textDocument/didClose",
                json!({"textDocument": {"uri": self.uri(path)}}),
            )?;
        }
        events.extend(
            sync.deleted
                .iter()
                .map(|path| json!({"uri": self.uri(path), "type": 3})),
        );
        if !events.is_empty() {
            self.notify(
                "workspace/didChangeWatchedFiles",
                json!({"changes": events}),
            )?;
        }
        for (path, version) in &sync.send {
            let Some(text) = changes.texts.get(path) else {
                continue;
            };
            let text = &*text.text;
            let uri = self.uri(path);
            if *version == 1 {
                self.notify(
                    "textDocument/didOpen",
                    json!({"textDocument": {"uri": uri, "languageId": language_id(path, &self.command),
                                            "version": 1, "text": text}}),
                )?;
            } else {
                self.notify(
                    "textDocument/didChange",
                    json!({"textDocument": {"uri": uri, "version": version},
                           "contentChanges": [{"text": text}]}),
                )?;
            }
        }
        Ok(())
    }
}

impl Dialect for Lsp {
    fn client(&self) -> &Client {
        &self.client
    }

    fn initialize<'a>(&'a self, timeout: Duration) -> Answer<'a, ()> {
        Box::pin(self.handshake(timeout))
    }

    fn tell<'a>(&'a self, changes: Changes<'a>, _timeout: Duration) -> Answer<'a, ()> {
        // Notifications only: nothing to wait for.
        let sent = self.send_changes(&changes);
        Box::pin(async move { sent })
    }

    fn misplaced<'a>(
        &'a self,
        _opened: &'a [String],
        _timeout: Duration,
    ) -> Answer<'a, Option<String>> {
        // One workspace: every document is the program's.
        Box::pin(async { Ok(None) })
    }

    fn program_diagnostics<'a>(&'a self, _timeout: Duration) -> Answer<'a, Option<Value>> {
        Box::pin(async { Ok(None) })
    }

    fn pull(&self, path: &str) -> Result<Vec<Reply>, WarmError> {
        let reply = self.client.start(
            "textDocument/diagnostic",
            json!({"textDocument": {"uri": self.uri(path)}}),
        )?;
        Ok(vec![reply])
    }

    fn code_fixes<'a>(&'a self, ask: &'a FixAsk, timeout: Duration) -> Answer<'a, Vec<Offer>> {
        Box::pin(async move {
            let uri = self.uri(&ask.file);
            let range = json!({"start": {"line": ask.start.0, "character": ask.start.1},
                               "end": {"line": ask.end.0, "character": ask.end.1}});
            // The server builds a quick fix only from a diagnostic the request carries.
            let diagnostic = json!({"range": range, "severity": 1, "code": ask.code,
                                    "source": "ts", "message": ask.message});
            let actions = self
                .client
                .request(
                    "textDocument/codeAction",
                    json!({"textDocument": {"uri": uri}, "range": range,
                           "context": {"diagnostics": [diagnostic], "only": ["quickfix"]}}),
                    timeout,
                )
                .await?;
            Ok(lsp_offers(&actions, &uri))
        })
    }

    fn items(&self, reply: Value) -> Option<Vec<Value>> {
        if reply["kind"] == "full" {
            reply["items"].as_array().cloned()
        } else {
            None
        }
    }
}

/// The LSP language id of `path`, as the session command maps its extension.
fn language_id(path: &str, command: &SessionCommand) -> String {
    let ext = Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default();
    command
        .language_ids
        .get(ext)
        .cloned()
        .unwrap_or_else(|| ext.to_owned())
}
