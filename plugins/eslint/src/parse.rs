//! ESLint's `--format json` report.
//!
//! Shape (ESLint 9 and 10): an array with one result per linted file,
//!
//! ```text
//! [{ "filePath": "/abs/src/a.js",
//!    "messages": [{ "ruleId": "no-debugger" | "@scope/plugin/rule" | null,
//!                   "severity": 1 | 2, "message": "…", "fatal"?: true,
//!                   "line": 3, "column": 5, "endLine"?: 3, "endColumn"?: 11,
//!                   "fix"?: { "range": [84, 99], "text": "…" },
//!                   "suggestions"?: [{ "desc": "…", "fix": { … } }] }],
//!    "source"?: "the file text, when there are messages",
//!    "suppressedMessages": [], "errorCount": 1, … }]
//! ```
//!
//! Exit codes: 0 no errors, 1 lint errors (or too many warnings), 2 a configuration error or a
//! crash, with the reason on stderr and nothing on stdout. The exit code is not needed to read
//! a report: a parsable report is the answer whatever the code, and no report is a failure
//! whatever the code.
//!
//! Rule ids keep ESLint's scope: `eslint/no-debugger` for a core rule,
//! `eslint/@typescript-eslint/no-unused-vars` or `eslint/react/jsx-key` for a plugin rule.
//! Messages without a `ruleId` come from ESLint itself and get a name of their own:
//! `eslint/parse` for a syntax error, `eslint/unused-disable-directive`,
//! `eslint/unused-inline-config`, and `eslint/inline-config` for a broken `/* eslint */` comment.

use serde::Deserialize;
use serde_json::Value;
use signalint_plugin_api::{
    ColumnUnit, Diagnostic, ParseOutcome, ParseRequest, Position, Severity, TextEdit,
};

use crate::text::SourceIndex;

/// One file's result. Only `filePath` is required; a result without messages has no `source`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FileResult {
    file_path: String,
    #[serde(default)]
    messages: Vec<Value>,
    #[serde(default)]
    source: Option<String>,
}

/// One message. Messages are decoded one by one so that an odd one is skipped alone.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Message {
    #[serde(default)]
    rule_id: Option<String>,
    severity: u8,
    message: String,
    #[serde(default)]
    line: Option<u32>,
    #[serde(default)]
    column: Option<u32>,
    #[serde(default)]
    end_line: Option<u32>,
    #[serde(default)]
    end_column: Option<u32>,
    /// Decoded on its own: a malformed fix costs the fix, not the diagnostic.
    #[serde(default)]
    fix: Option<Value>,
    /// Decoded on its own, like `fix`.
    #[serde(default)]
    suggestions: Option<Value>,
}

/// A fix: replace the UTF-16 offsets `range` of the linted text with `text`.
#[derive(Deserialize)]
struct Fix {
    range: [i64; 2],
    text: String,
}

/// Lines of stderr kept in a failure message.
const FAILURE_LINES: usize = 6;

/// Parses one run's output into diagnostics.
pub fn parse_output(request: &ParseRequest) -> ParseOutcome {
    let stdout = &request.stdout;
    // The report is one line starting with `[`. Nothing precedes it today, but a stray line
    // on stdout (a Node warning, a plugin's `console.log`) must not cost the whole batch.
    let start = if stdout.starts_with('[') {
        Some(0)
    } else {
        stdout.find("\n[").map(|i| i + 1)
    };
    let Some(start) = start else {
        return failure(request, "ESLint printed no JSON report");
    };
    let results: Vec<Value> = match serde_json::from_str(&stdout[start..]) {
        Ok(results) => results,
        Err(e) => {
            let reason = if request.truncated {
                "ESLint's report was cut at the output limit; lower [engines.eslint.options] \
                 max_files_per_run"
                    .to_owned()
            } else {
                format!("ESLint's JSON report does not parse ({e})")
            };
            return failure(request, &reason);
        }
    };
    let mut outcome = ParseOutcome::default();
    for value in results {
        let Ok(result) = serde_json::from_value::<FileResult>(value) else {
            outcome.skipped_records += 1;
            continue;
        };
        let index = result.source.as_deref().map(SourceIndex::new);
        for message in result.messages {
            let Ok(message) = serde_json::from_value::<Message>(message) else {
                outcome.skipped_records += 1;
                continue;
            };
            match to_diagnostic(&result.file_path, index.as_ref(), message) {
                Converted::Diagnostic(diagnostic) => outcome.diagnostics.push(*diagnostic),
                Converted::NotAProblem => {}
                Converted::Bad => outcome.skipped_records += 1,
            }
        }
    }
    outcome
}

/// The result of converting one message.
enum Converted {
    Diagnostic(Box<Diagnostic>),
    /// A notice about how ESLint treated the file, not a problem in it.
    NotAProblem,
    /// A message that cannot be understood.
    Bad,
}

fn to_diagnostic(file: &str, index: Option<&SourceIndex<'_>>, message: Message) -> Converted {
    let severity = match message.severity {
        2 => Severity::Error,
        1 => Severity::Warning,
        _ => return Converted::Bad,
    };
    let Some(rule) = rule_id(&message) else {
        return Converted::NotAProblem;
    };
    let start = match (message.line, message.column) {
        // Line 0 marks a file-level message.
        (Some(line), Some(column)) if line > 0 => Some(position(index, line, column.max(1))),
        _ => None,
    };
    let end = match (start, message.end_line, message.end_column) {
        (Some(_), Some(line), Some(column)) if line > 0 => {
            Some(position(index, line, column.max(1)))
        }
        _ => None,
    };
    let fixes = message
        .fix
        .and_then(|fix| serde_json::from_value::<Fix>(fix).ok())
        .and_then(|fix| edit(index, fix))
        .into_iter()
        .collect();
    let help = message.suggestions.as_ref().and_then(suggestions_help);
    let url = message
        .rule_id
        .as_deref()
        .filter(|id| is_core_rule(id))
        .map(|id| format!("https://eslint.org/docs/latest/rules/{id}"));
    // A parse error or a notice of ESLint's own has no `ruleId` and so no fact key.
    let same_as = message
        .rule_id
        .as_deref()
        .map(crate::facts::keys_of)
        .unwrap_or_default();
    let mut diagnostic = Diagnostic::new(rule, severity, message.message)
        .with_file(file)
        .with_fixes(fixes)
        .with_same_as(same_as);
    diagnostic.start = start;
    diagnostic.end = end;
    diagnostic.help = help;
    diagnostic.url = url;
    Converted::Diagnostic(Box::new(diagnostic))
}

/// The scoped rule id, or `None` for a notice that is not a problem.
///
/// Messages without a `ruleId` come from ESLint's own machinery:
/// * `Parsing error: …` and a processor's `Preprocessing error: …` (both fatal: the file could
///   not be linted at all) → `eslint/parse`;
/// * `Unused eslint-disable directive …` / `Unused eslint-enable directive …` →
///   `eslint/unused-disable-directive`;
/// * `Unused inline config …` → `eslint/unused-inline-config`;
/// * `File ignored …` and `No matching configuration …` say a file was skipped; they are not
///   problems in it (and `--no-warn-ignored` already keeps them out);
/// * anything else, fatal or not, concerns a `/* eslint … */` comment (options that are not
///   JSON, a rule configured twice) → `eslint/inline-config`.
fn rule_id(message: &Message) -> Option<String> {
    if let Some(id) = message.rule_id.as_deref().filter(|id| !id.is_empty()) {
        return Some(format!("eslint/{id}"));
    }
    let text = message.message.as_str();
    let name = if text.starts_with("Parsing error") || text.starts_with("Preprocessing error") {
        "parse"
    } else if text.starts_with("Unused eslint-disable") || text.starts_with("Unused eslint-enable")
    {
        "unused-disable-directive"
    } else if text.starts_with("Unused inline config") {
        "unused-inline-config"
    } else if text.starts_with("File ignored") || text.starts_with("No matching configuration") {
        return None;
    } else {
        "inline-config"
    };
    Some(format!("eslint/{name}"))
}

/// A core rule id has no plugin prefix (`no-debugger`, not `react/jsx-key`).
fn is_core_rule(id: &str) -> bool {
    !id.contains('/') && !id.starts_with('@')
}

/// ESLint's 1-based line and UTF-16 column, with the exact byte offset when the text is known.
fn position(index: Option<&SourceIndex<'_>>, line: u32, column: u32) -> Position {
    index
        .and_then(|index| index.at_line_column(line, column))
        .unwrap_or_else(|| Position::new(line, column, ColumnUnit::Utf16))
}

/// The fix as a text edit, only when it converts exactly.
///
/// With the file's `source` (always present next to messages in a plain `--format json` run)
/// the UTF-16 `range` converts exactly. Without it, or with a range that does not fit the
/// text, there is no honest edit to offer, so the diagnostic is not fixable: a fixable issue
/// always carries an edit that can be applied as is.
fn edit(index: Option<&SourceIndex<'_>>, fix: Fix) -> Option<TextEdit> {
    let [from, to] = fix.range;
    let index = index?;
    let (start, end) = (index.at_offset(from)?, index.at_offset(to)?);
    (start.byte_offset <= end.byte_offset).then(|| TextEdit::new(start, end, fix.text))
}

/// Suggestions are choices for a human, not fixes: they travel as help text.
fn suggestions_help(suggestions: &Value) -> Option<String> {
    let descriptions: Vec<&str> = suggestions
        .as_array()?
        .iter()
        .filter_map(|s| s.get("desc")?.as_str())
        .filter(|d| !d.is_empty())
        .collect();
    match descriptions.as_slice() {
        [] => None,
        [one] => Some(format!("Suggestion: {one}")),
        many => Some(format!("Suggestions: {}", many.join(" / "))),
    }
}

fn failure(request: &ParseRequest, reason: &str) -> ParseOutcome {
    let exit = request
        .exit_code
        .map_or("killed by a signal".to_owned(), |c| {
            format!("exit code {c}")
        });
    let detail = stderr_summary(&request.stderr);
    let message = if detail.is_empty() {
        format!("{reason} ({exit})")
    } else {
        format!("{reason} ({exit}): {detail}")
    };
    ParseOutcome::failure(message)
}

/// The end of stderr without the parts that say nothing: ESLint's "Oops! Something went wrong!"
/// banner, its version line, and the JavaScript stack frames that follow the actual error.
pub fn stderr_summary(stderr: &str) -> String {
    let useful: Vec<&str> = stderr
        .lines()
        .map(str::trim)
        .filter(|line| {
            !line.is_empty()
                && !line.starts_with("at ")
                && !line.starts_with("Oops! Something went wrong")
                && !is_version_line(line)
        })
        .collect();
    let keep = useful.len().saturating_sub(FAILURE_LINES);
    useful[keep..].join("\n")
}

/// `ESLint: 10.15.0`.
fn is_version_line(line: &str) -> bool {
    line.strip_prefix("ESLint: ")
        .is_some_and(|v| !v.is_empty() && v.chars().all(|c| c.is_ascii_digit() || c == '.'))
}

#[cfg(test)]
mod tests;
