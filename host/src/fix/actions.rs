//! Fixes asked of an engine's language server as code actions (`oxlint --lsp`), lazily: only
//! for the issues a fix is requested for, each request time-bounded.
//!
//! An engine declares the capability in its manifest (`code_action_args`): the host starts its
//! tool with those arguments through the runner, speaks LSP with the same client the warm
//! TypeScript session uses, opens each file with the text the check saw, and asks
//! `textDocument/codeAction` at each issue's range. Only the action the server marks preferred
//! is taken, and only when its edits stay in that file: the "disable the rule" actions are
//! never preferred, so they are never applied. A preferred action is a `safe` fix.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use serde_json::{Value, json};

use crate::check::Context;
use crate::core::{FixEdit, NormalizedIssue};
use crate::warm::client::{Client, Wire};
use crate::warm::dialect::file_uri;

/// How long the server may take to start and answer `initialize`.
const START_TIMEOUT: Duration = Duration::from_secs(20);
/// How long one code action may take.
const ACTION_TIMEOUT: Duration = Duration::from_secs(5);

/// The engines of the context whose plugins offer code actions, with their arguments.
pub fn engines(context: &Context) -> BTreeMap<String, Vec<String>> {
    let mut ids: BTreeSet<String> = crate::plugins::BUILTIN_ENGINES
        .iter()
        .map(|id| (*id).to_owned())
        .collect();
    ids.extend(context.config.engines.keys().cloned());
    ids.into_iter()
        .filter_map(|id| {
            let plugin = context
                .config
                .engines
                .get(&id)
                .and_then(|e| e.plugin.clone())
                .unwrap_or_else(|| id.clone());
            let handle = context.registry.get(&plugin)?;
            let args = handle.manifest().engine.as_ref()?.code_action_args.clone();
            (!args.is_empty()).then_some((id, args))
        })
        .collect()
}

/// The preferred code action of each issue that has one, by issue id. `texts` holds each
/// file's text as the check saw it. Failures are logged: an issue without an answer has no fix.
pub async fn ask(
    context: &Context,
    engine: &str,
    args: &[String],
    issues: &[&NormalizedIssue],
    texts: &BTreeMap<String, String>,
) -> Result<BTreeMap<String, Vec<FixEdit>>, String> {
    let plugin = context
        .registry
        .get(
            &context
                .config
                .engines
                .get(engine)
                .and_then(|e| e.plugin.clone())
                .unwrap_or_else(|| engine.to_owned()),
        )
        .ok_or_else(|| format!("the {engine} plugin is not loaded"))?;
    let info = plugin
        .manifest()
        .engine
        .clone()
        .ok_or_else(|| format!("{engine} is not an engine"))?;
    let choice =
        crate::toolchain::ToolChoice::from_config(engine, context.config.engines.get(engine))
            .trusted(context.config.trust.trusted);
    let resolution = crate::toolchain::resolve_engine_tool(
        &info.tool,
        &choice,
        &context.root,
        &context.toolchain,
        &context.runner,
    )
    .await
    .map_err(|e| e.to_string())?;
    let mut command_args = resolution.tool.prefix_args.clone();
    command_args.extend(args.iter().cloned());
    let command = crate::runner::Command::new(
        resolution.tool.program.clone(),
        command_args,
        context.root.clone(),
        START_TIMEOUT,
    );
    let mut process = context
        .runner
        .spawn_persistent(&command)
        .await
        .map_err(|e| format!("cannot start {engine}'s language server: {e}"))?;
    let (Some(stdin), Some(stdout)) = (process.stdin.take(), process.stdout.take()) else {
        return Err(format!("{engine}'s language server has no pipes"));
    };
    let client = Client::new(Wire::Lsp, stdin, stdout, context.runner.output_cap());
    let root_uri = file_uri(&context.root);
    client
        .request(
            "initialize",
            json!({
                "processId": std::process::id(),
                "rootUri": root_uri,
                "workspaceFolders": [{"uri": root_uri, "name": "project"}],
                "capabilities": {
                    "general": {"positionEncodings": ["utf-16"]},
                    "textDocument": {"codeAction": {"codeActionLiteralSupport": {
                        "codeActionKind": {"valueSet": ["quickfix"]}}}},
                },
            }),
            START_TIMEOUT,
        )
        .await
        .map_err(|e| e.to_string())?;
    client
        .notify("initialized", json!({}))
        .map_err(|e| e.to_string())?;
    let mut opened = BTreeSet::new();
    let mut found = BTreeMap::new();
    for issue in issues {
        let Some(text) = texts.get(&issue.file) else {
            continue;
        };
        let uri = file_uri(&context.root.join(&issue.file));
        if opened.insert(issue.file.clone()) {
            client
                .notify(
                    "textDocument/didOpen",
                    json!({"textDocument": {"uri": uri, "languageId": language_id(&issue.file),
                                            "version": 1, "text": text}}),
                )
                .map_err(|e| e.to_string())?;
        }
        let start = position(issue.line, issue.col);
        let end = position(
            issue.end_line.unwrap_or(issue.line),
            issue.end_col.unwrap_or(issue.col),
        );
        let answer = client
            .request(
                "textDocument/codeAction",
                json!({"textDocument": {"uri": uri}, "range": {"start": start, "end": end},
                       "context": {"diagnostics": [], "only": ["quickfix"]}}),
                ACTION_TIMEOUT,
            )
            .await;
        match answer {
            Ok(actions) => {
                if let Some(edits) = preferred(&actions, &uri) {
                    found.insert(issue.issue_id.clone(), edits);
                }
            }
            Err(e) => tracing::warn!("{engine}: no code action for {}: {e}", issue.file),
        }
    }
    let _ = client
        .request("shutdown", Value::Null, ACTION_TIMEOUT)
        .await;
    drop(process);
    Ok(found)
}

/// An LSP position (0-based line, UTF-16 character) of a 1-based issue position.
fn position(line: u32, col: u32) -> Value {
    json!({"line": line.saturating_sub(1), "character": col.saturating_sub(1)})
}

fn language_id(file: &str) -> &'static str {
    match std::path::Path::new(file)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default()
    {
        "ts" | "mts" | "cts" => "typescript",
        "tsx" => "typescriptreact",
        "jsx" => "javascriptreact",
        _ => "javascript",
    }
}

/// The edits of the first preferred action, when every edit is in `uri`.
fn preferred(actions: &Value, uri: &str) -> Option<Vec<FixEdit>> {
    let action = actions
        .as_array()?
        .iter()
        .find(|a| a["isPreferred"] == true)?;
    let edit = &action["edit"];
    let edits: Vec<&Value> = if let Some(changes) = edit["changes"].as_object() {
        if changes.keys().any(|k| k != uri) {
            return None;
        }
        changes.get(uri)?.as_array()?.iter().collect()
    } else {
        let documents = edit["documentChanges"].as_array()?;
        if documents.iter().any(|d| d["textDocument"]["uri"] != uri) {
            return None;
        }
        documents
            .iter()
            .filter_map(|d| d["edits"].as_array())
            .flatten()
            .collect()
    };
    let number = |v: &Value| v.as_u64().and_then(|n| u32::try_from(n).ok());
    let edits: Option<Vec<FixEdit>> = edits
        .into_iter()
        .map(|e| {
            let range = &e["range"];
            Some(FixEdit {
                line: number(&range["start"]["line"])? + 1,
                col: number(&range["start"]["character"])? + 1,
                end_line: number(&range["end"]["line"])? + 1,
                end_col: number(&range["end"]["character"])? + 1,
                new_text: e["newText"].as_str()?.to_owned(),
                safety: Some("safe".to_owned()),
            })
        })
        .collect();
    edits.filter(|e| !e.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_preferred_action_inside_the_file_is_taken() {
        let uri = "file:///p/a.js";
        let answer = json!([
            {"title": "Disable no-debugger for this line", "isPreferred": false,
             "edit": {"changes": {uri: [{"range": {"start": {"line": 1, "character": 0},
                      "end": {"line": 1, "character": 0}}, "newText": "// oxlint-disable-next-line\n"}]}}},
            {"title": "Remove the debugger statement", "isPreferred": true,
             "edit": {"changes": {uri: [{"range": {"start": {"line": 1, "character": 2},
                      "end": {"line": 1, "character": 11}}, "newText": ""}]}}}
        ]);
        let edits = preferred(&answer, uri).unwrap();
        assert_eq!(
            edits,
            [FixEdit {
                line: 2,
                col: 3,
                end_line: 2,
                end_col: 12,
                new_text: String::new(),
                safety: Some("safe".into()),
            }]
        );
        let elsewhere = json!([{"isPreferred": true, "edit": {"changes": {
            "file:///p/b.js": [{"range": {"start": {"line": 0, "character": 0},
                                "end": {"line": 0, "character": 0}}, "newText": "x"}]}}}]);
        assert_eq!(preferred(&elsewhere, uri), None);
        let disable_only = json!([answer[0].clone()]);
        assert_eq!(preferred(&disable_only, uri), None);
        assert_eq!(preferred(&Value::Null, uri), None);
    }
}
