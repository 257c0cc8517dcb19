//! Fixes asked of an engine's server, lazily: only for the issues a fix is requested for,
//! each request time-bounded. Two kinds of engine offer them:
//!
//! * An engine that declares a language server for code actions in its manifest
//!   (`code_action_args`, oxlint: `--lsp`): the host starts its tool with those arguments
//!   through the runner, speaks LSP with the same client the warm TypeScript session uses,
//!   opens each file with the text the check saw, and asks `textDocument/codeAction` at each
//!   issue's range. Only the action the server marks preferred is taken (a `safe` fix): the
//!   "disable the rule" actions are never preferred, so they are never applied.
//! * A persistent engine (tsc): its session is asked (`warm::fixes`), the warm one when it
//!   runs, else one started for the files concerned. Its preferred fix is `safe`; otherwise
//!   the first of a few TypeScript fixes ([`choice::TYPESCRIPT_ALLOWED`]) is a suggestion.
//!
//! [`choice`] picks one fix per issue and never one that silences the engine.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use serde_json::{Value, json};

use super::choice::{self, TYPESCRIPT_ALLOWED};
use crate::check::Context;
use crate::core::{FixEdit, FixSafetyLevel, NormalizedIssue};
use crate::warm::client::{Client, Wire};
use crate::warm::dialect::file_uri;
use crate::warm::fixes::{FixAsk, lsp_offers};

/// How long the server may take to start and answer `initialize`.
const START_TIMEOUT: Duration = Duration::from_secs(20);
/// How long one code action may take.
const ACTION_TIMEOUT: Duration = Duration::from_secs(5);

/// How an engine is asked for fixes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Asker {
    /// Its tool started with these arguments is a language server with code actions.
    LanguageServer(Vec<String>),
    /// Its persistent session (`tsc`) answers code fixes.
    Session,
}

/// The fix taken for an issue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chosen {
    pub edits: Vec<FixEdit>,
    pub safety: FixSafetyLevel,
}

/// The engines of the context whose plugins offer fixes on request, and how to ask them.
pub fn engines(context: &Context) -> BTreeMap<String, Asker> {
    crate::check::loaded_engines(context)
        .filter_map(|(id, engine)| {
            if !engine.code_action_args.is_empty() {
                Some((id, Asker::LanguageServer(engine.code_action_args.clone())))
            } else if engine.persistent.is_some() {
                Some((id, Asker::Session))
            } else {
                None
            }
        })
        .collect()
}

/// The fix each issue of `issues` gets from `engine`, by issue id. `texts` holds each file's
/// text as the check saw it. Failures of single requests are logged: such an issue has no
/// fix.
pub async fn ask(
    context: &Context,
    engine: &str,
    asker: &Asker,
    issues: &[&NormalizedIssue],
    texts: &BTreeMap<String, String>,
) -> Result<BTreeMap<String, Chosen>, String> {
    match asker {
        Asker::LanguageServer(args) => {
            ask_language_server(context, engine, args, issues, texts).await
        }
        Asker::Session => ask_session(context, engine, issues, texts).await,
    }
}

/// The fixes of a persistent engine's session: the warm one when it runs with the check's
/// texts, else one started for these files.
async fn ask_session(
    context: &Context,
    engine: &str,
    issues: &[&NormalizedIssue],
    texts: &BTreeMap<String, String>,
) -> Result<BTreeMap<String, Chosen>, String> {
    let asks: Vec<FixAsk> = issues
        .iter()
        .filter_map(|issue| fix_ask(issue, engine, texts.get(&issue.file)?))
        .collect();
    if asks.is_empty() {
        return Ok(BTreeMap::new());
    }
    let timeout = context.config.engine_timeout(engine);
    let warm = match &context.warm {
        Some(pool) => {
            pool.code_fixes(&context.root, engine, &asks, texts, timeout)
                .await
        }
        None => None,
    };
    let offers = match warm {
        Some(offers) => {
            tracing::debug!(
                engine,
                asks = asks.len(),
                "code fixes from the warm session"
            );
            offers?
        }
        None => {
            tracing::debug!(
                engine,
                asks = asks.len(),
                "code fixes from a short-lived session"
            );
            let parts = crate::check::engine::session_parts(context, engine).await?;
            let cancel = tokio_util::sync::CancellationToken::new();
            let request = crate::warm::Request {
                root: &context.root,
                runner: &context.runner,
                engine,
                plugin: &parts.plugin,
                info: &parts.info,
                plan: &parts.request,
                tree: &parts.tree,
                timeout,
                cancel: &cancel,
                early: None,
            };
            crate::warm::fixes::short_lived(&request, &asks, texts).await?
        }
    };
    Ok(offers
        .into_iter()
        .filter_map(|(id, offers)| {
            let (edits, safety) = choice::choose(&offers, &TYPESCRIPT_ALLOWED)?;
            Some((id, Chosen { edits, safety }))
        })
        .collect())
}

/// The rule `engine` reported for `issue`: its own, or its part of a merged code fact
/// (`tsc:TS6133` beside oxlint's `eslint/no-unused-vars`).
fn rule_of<'a>(issue: &'a NormalizedIssue, engine: &str) -> Option<&'a str> {
    if issue.engine == engine {
        return Some(&issue.rule);
    }
    issue.rules.iter().find_map(|reporter| {
        reporter
            .strip_prefix(engine)
            .and_then(|rest| rest.strip_prefix(':'))
    })
}

/// What to ask a TypeScript server for an issue (`TS2552` at its range, the code `engine`
/// reported); `None` for an issue without a numeric code. An issue without an end spans the
/// name at its start, where TypeScript's fixes look.
fn fix_ask(issue: &NormalizedIssue, engine: &str, text: &str) -> Option<FixAsk> {
    let code = rule_of(issue, engine)?.strip_prefix("TS")?.parse().ok()?;
    let start = (issue.line.saturating_sub(1), issue.col.saturating_sub(1));
    let end = match (issue.end_line, issue.end_col) {
        (Some(line), Some(col)) => (line.saturating_sub(1), col.saturating_sub(1)),
        _ => name_end(text, start),
    };
    Some(FixAsk {
        issue_id: issue.issue_id.clone(),
        file: issue.file.clone(),
        code,
        start,
        end,
        message: issue.message.clone(),
    })
}

/// The end of the identifier at `start` (0-based line, UTF-16 character), or `start`.
fn name_end(text: &str, start: (u32, u32)) -> (u32, u32) {
    let Some(line) = text.lines().nth(start.0 as usize) else {
        return start;
    };
    let mut units = 0u32;
    let mut end = start.1;
    for c in line.chars() {
        if units >= start.1 {
            if c.is_alphanumeric() || c == '_' || c == '$' {
                end = units + c.len_utf16() as u32;
            } else {
                break;
            }
        }
        units += c.len_utf16() as u32;
    }
    (start.0, end)
}

/// The preferred code action of each issue that has one, from the engine's language server.
async fn ask_language_server(
    context: &Context,
    engine: &str,
    args: &[String],
    issues: &[&NormalizedIssue],
    texts: &BTreeMap<String, String>,
) -> Result<BTreeMap<String, Chosen>, String> {
    let plugin = context
        .registry
        .get(&context.config.engine_plugin(engine))
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
                // Only the preferred action: nothing is allowed by name.
                if let Some((edits, safety)) = choice::choose(&lsp_offers(&actions, &uri), &[]) {
                    found.insert(issue.issue_id.clone(), Chosen { edits, safety });
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

#[cfg(test)]
mod tests {
    use super::*;

    fn preferred(answer: &Value, uri: &str) -> Option<Vec<FixEdit>> {
        choice::choose(&lsp_offers(answer, uri), &[]).map(|(edits, _)| edits)
    }

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

    #[test]
    fn an_issue_without_an_end_spans_the_name_at_its_start() {
        let text = "const a = 1;\nlet s: Usr = \"😀\" + Usr;\n";
        assert_eq!(name_end(text, (1, 7)), (1, 10));
        // After the emoji (two UTF-16 units).
        assert_eq!(name_end(text, (1, 20)), (1, 23));
        assert_eq!(name_end(text, (1, 3)), (1, 3));
        assert_eq!(name_end(text, (9, 0)), (9, 0));
    }
}
