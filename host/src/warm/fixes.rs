//! Code fixes asked of a persistent engine's server, only when a fix is requested
//! (`signalint fix`, `apply_fixes`): TypeScript 7's `textDocument/codeAction` quick fixes, and
//! tsserver's `getCodeFixes` (TypeScript 4.9–6.x).
//!
//! The warm session answers when one runs and has each file with the text the check saw;
//! otherwise a short-lived session is started for the files concerned (the same start and
//! the same dialect, only those files opened), and stopped after the answers.
//!
//! TypeScript 7 builds a quick fix only from a diagnostic the request carries (its integer
//! code and range), never from the range alone; an empty `context.diagnostics` gets `[]`.
//! 7.0.2 compiles four fix providers in (imports, implementing an interface, a missing
//! member, isolated-declaration annotations): it offers no spelling and no unused-identifier
//! fix, and marks none preferred.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;
use xxhash_rust::xxh3::xxh3_64;

use super::texts::Text;
use super::{Pool, Request, adapter, session};
use crate::core::FixEdit;

/// One diagnostic to ask fixes for, in the server's coordinates.
#[derive(Debug, Clone)]
pub struct FixAsk {
    pub issue_id: String,
    /// Project-relative.
    pub file: String,
    /// The engine's numeric code (`TS2552` is 2552).
    pub code: u32,
    /// 0-based line and UTF-16 character.
    pub start: (u32, u32),
    pub end: (u32, u32),
    pub message: String,
}

/// One fix a server offered, in its order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    /// tsserver's `fixName` (`spelling`, `unusedIdentifier`, `import`…); an LSP action's title.
    pub name: String,
    pub title: String,
    /// The server marks it the fix to take (LSP `isPreferred`).
    pub preferred: bool,
    /// Its edits, or `None` when it changes another file or runs a command.
    pub edits: Option<Vec<FixEdit>>,
}

/// The offers for each ask, by issue id.
pub type Offers = BTreeMap<String, Vec<Offer>>;

impl Pool {
    /// The offers of the engine's running session, or `None` when none runs or it does not
    /// hold each file with the text in `texts` (the check's).
    pub async fn code_fixes(
        &self,
        root: &std::path::Path,
        engine: &str,
        asks: &[FixAsk],
        texts: &BTreeMap<String, String>,
        timeout: Duration,
    ) -> Option<Result<Offers, String>> {
        let slot = self
            .slots
            .lock()
            .ok()?
            .get(&(root.to_path_buf(), engine.to_owned()))
            .cloned()?;
        let mut held = slot.lock().await;
        let session = held.as_mut()?;
        if !session.alive() || !asks.iter().all(|a| session.holds(&a.file, texts)) {
            return None;
        }
        let answer = session.code_fixes(asks, timeout).await;
        session.last_used = std::time::Instant::now();
        Some(answer)
    }
}

/// The offers of a session started for these asks alone: it opens the files concerned with
/// the check's texts, asks, and stops.
pub async fn short_lived(
    request: &Request<'_>,
    asks: &[FixAsk],
    texts: &BTreeMap<String, String>,
) -> Result<Offers, String> {
    let plan = adapter::session(request).await?;
    let mut session = session::Session::start(request, &plan).await?;
    let texts: HashMap<String, Text> = asks
        .iter()
        .filter_map(|a| {
            let text = texts.get(&a.file)?;
            Some((
                a.file.clone(),
                Text {
                    text: Arc::from(text.as_str()),
                    hash: xxh3_64(text.as_bytes()),
                },
            ))
        })
        .collect();
    session
        .open(texts, request.timeout)
        .await
        .map_err(|e| session.explain(&e))?;
    session.code_fixes(asks, request.timeout).await
}

/// The quick fixes of an LSP `textDocument/codeAction` answer, for the document `uri`.
pub(crate) fn lsp_offers(actions: &Value, uri: &str) -> Vec<Offer> {
    let Some(actions) = actions.as_array() else {
        return Vec::new();
    };
    actions
        .iter()
        .filter(|a| a["edit"].is_object())
        .map(|a| {
            let title = a["title"].as_str().unwrap_or_default().to_owned();
            Offer {
                name: title.clone(),
                title,
                preferred: a["isPreferred"] == true,
                edits: lsp_edits(&a["edit"], uri).filter(|_| a["command"].is_null()),
            }
        })
        .collect()
}

/// The edits of an LSP workspace edit, when every one is in `uri`.
fn lsp_edits(edit: &Value, uri: &str) -> Option<Vec<FixEdit>> {
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
                safety: None,
            })
        })
        .collect();
    edits.filter(|e| !e.is_empty())
}

/// The fixes of a tsserver `getCodeFixes` body, for the absolute `file`. tsserver's lines and
/// offsets are 1-based UTF-16, the issue model's.
pub(crate) fn tsserver_offers(body: &Value, file: &str) -> Vec<Offer> {
    let Some(fixes) = body.as_array() else {
        return Vec::new();
    };
    fixes
        .iter()
        .map(|fix| Offer {
            name: fix["fixName"].as_str().unwrap_or_default().to_owned(),
            title: fix["description"].as_str().unwrap_or_default().to_owned(),
            preferred: false,
            edits: tsserver_edits(fix, file),
        })
        .collect()
}

fn tsserver_edits(fix: &Value, file: &str) -> Option<Vec<FixEdit>> {
    if fix["commands"].as_array().is_some_and(|c| !c.is_empty()) {
        return None;
    }
    let changes = fix["changes"].as_array()?;
    if changes.iter().any(|c| c["fileName"] != file) {
        return None;
    }
    let edits: Option<Vec<FixEdit>> = changes
        .iter()
        .filter_map(|c| c["textChanges"].as_array())
        .flatten()
        .map(|e| {
            Some(FixEdit {
                line: number(&e["start"]["line"])?,
                col: number(&e["start"]["offset"])?,
                end_line: number(&e["end"]["line"])?,
                end_col: number(&e["end"]["offset"])?,
                new_text: e["newText"].as_str()?.to_owned(),
                safety: None,
            })
        })
        .collect();
    edits.filter(|e| !e.is_empty())
}

fn number(v: &Value) -> Option<u32> {
    v.as_u64().and_then(|n| u32::try_from(n).ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lsp_actions_keep_their_order_and_edits_outside_the_file_are_dropped() {
        // Recorded from `tsc --lsp --stdio` 7.0.2 (trimmed).
        let uri = "file:///p/src/a.ts";
        let answer = json!([
            {"title": "Add import from \"./b\"", "kind": "quickfix",
             "edit": {"changes": {uri: [{"range": {"start": {"line": 0, "character": 0},
                      "end": {"line": 0, "character": 0}}, "newText": "import { helper } from \"./b\";\n\n"}]}}},
            {"title": "Elsewhere", "kind": "quickfix", "isPreferred": true,
             "edit": {"changes": {"file:///p/src/b.ts": [{"range": {"start": {"line": 0, "character": 0},
                      "end": {"line": 0, "character": 0}}, "newText": "x"}]}}}
        ]);
        let offers = lsp_offers(&answer, uri);
        assert_eq!(offers.len(), 2);
        assert_eq!(offers[0].name, "Add import from \"./b\"");
        assert!(!offers[0].preferred);
        let edit = &offers[0].edits.as_ref().unwrap()[0];
        assert_eq!(
            (edit.line, edit.col, edit.end_line, edit.end_col),
            (1, 1, 1, 1)
        );
        assert!(offers[1].preferred);
        assert_eq!(offers[1].edits, None);
        assert!(lsp_offers(&Value::Null, uri).is_empty());
    }

    #[test]
    fn tsserver_fixes_read_with_their_names() {
        // Recorded from tsserver 5.9.3 (trimmed).
        let file = "/p/src/a.ts";
        let body = json!([
            {"fixName": "spelling", "description": "Change spelling to 'User'",
             "changes": [{"fileName": file, "textChanges": [
                 {"start": {"line": 2, "offset": 26}, "end": {"line": 2, "offset": 29}, "newText": "User"}]}]},
            {"fixName": "disableJsDiagnostics", "description": "Ignore this error message",
             "changes": [{"fileName": "/p/src/other.ts", "textChanges": []}]}
        ]);
        let offers = tsserver_offers(&body, file);
        assert_eq!(offers[0].name, "spelling");
        assert_eq!(
            offers[0].edits.as_deref().unwrap()[0],
            FixEdit {
                line: 2,
                col: 26,
                end_line: 2,
                end_col: 29,
                new_text: "User".into(),
                safety: None,
            }
        );
        assert_eq!(offers[1].edits, None);
    }
}
