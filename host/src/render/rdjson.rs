//! `--format rdjson`: reviewdog's Diagnostic Format (a `DiagnosticResult`), so reviewdog posts
//! each issue as a pull-request comment on its line, and each safe fix as a suggestion the
//! reviewer applies with one click.
//!
//! rdjson columns are UTF-8 byte counts; signalint's are UTF-16 code units. The caller supplies
//! each line's text ([`LineText`]) for the conversion: the renderer reads no file.

use serde_json::{Value, json};

use crate::core::{CheckResponse, IssueSeverity, NormalizedIssue};

/// The text of a line (1-based) of a project-relative file, when it can be read.
pub type LineText<'a> = dyn FnMut(&str, u32) -> Option<String> + 'a;

/// Every issue of `response` (it must hold them) as a `DiagnosticResult`; paths start with
/// `repository_prefix`.
pub fn check_response_in(
    response: &CheckResponse,
    repository_prefix: &str,
    line_text: &mut LineText<'_>,
) -> String {
    let diagnostics: Vec<Value> = response
        .issues
        .iter()
        .flatten()
        .map(|issue| diagnostic(issue, repository_prefix, line_text))
        .collect();
    let result = json!({
        "source": { "name": "signalint" },
        "diagnostics": diagnostics,
    });
    format!(
        "{}\n",
        serde_json::to_string(&result).expect("serializable")
    )
}

fn diagnostic(issue: &NormalizedIssue, prefix: &str, line_text: &mut LineText<'_>) -> Value {
    let file = issue.file.as_str();
    let mut position = |line: u32, col: u32| {
        let column = line_text(file, line).map_or(col, |text| utf8_column(&text, col));
        json!({ "line": line, "column": column })
    };
    let start = position(issue.line, issue.col);
    let range = match (issue.end_line, issue.end_col) {
        (Some(end_line), Some(end_col)) => {
            json!({ "start": start, "end": position(end_line, end_col) })
        }
        _ => json!({ "start": start }),
    };
    let mut diagnostic = json!({
        "message": issue.message,
        "location": { "path": super::in_repository(prefix, file), "range": range },
        "severity": match issue.severity {
            IssueSeverity::Error => "ERROR",
            IssueSeverity::Warning => "WARNING",
        },
        "source": { "name": issue.engine },
        "code": match &issue.url {
            Some(url) => json!({ "value": issue.rule, "url": url }),
            None => json!({ "value": issue.rule }),
        },
    });
    // An unsafe fix changes behaviour: shown in the message's engine output, never one click.
    let suggestions: Vec<Value> = issue
        .fixes
        .iter()
        .filter(|fix| fix.safety.as_deref() != Some("unsafe"))
        .map(|fix| {
            json!({
                "range": {
                    "start": position(fix.line, fix.col),
                    "end": position(fix.end_line, fix.end_col),
                },
                "text": fix.new_text,
            })
        })
        .collect();
    if !suggestions.is_empty() && !is_unsafe(issue) {
        diagnostic["suggestions"] = Value::Array(suggestions);
    }
    diagnostic
}

fn is_unsafe(issue: &NormalizedIssue) -> bool {
    issue.fix_safety == Some(crate::core::FixSafetyLevel::Unsafe)
}

/// A 1-based UTF-16 column of `line` as a 1-based UTF-8 byte column (past the end: counted on
/// as if the rest were ASCII, so the position stays where the engine put it).
pub fn utf8_column(line: &str, utf16_column: u32) -> u32 {
    let target = utf16_column.saturating_sub(1) as usize;
    let mut units = 0usize;
    for (byte, c) in line.char_indices() {
        if units >= target {
            return byte as u32 + 1;
        }
        units += c.len_utf16();
    }
    (line.len() + target.saturating_sub(units)) as u32 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_become_utf8_bytes() {
        // rdjson's own example: in 'a𐐀b', b is at byte column 6 (UTF-16 column 4).
        assert_eq!(utf8_column("a𐐀b", 1), 1);
        assert_eq!(utf8_column("a𐐀b", 2), 2);
        assert_eq!(utf8_column("a𐐀b", 4), 6);
        assert_eq!(utf8_column("é = 1", 3), 4);
        // The end of the line and past it.
        assert_eq!(utf8_column("ab", 3), 3);
        assert_eq!(utf8_column("ab", 5), 5);
    }
}
