//! `signalint hook`'s report: the errors an edit introduced, short enough for an agent's
//! context (one error well under 2 KB), each with where it is, what it says and its fix.

use std::fmt::Write as _;

use crate::core::{LoopWarning, NormalizedIssue};

/// Errors listed in full; the rest are counted.
const MAX_LISTED: usize = 5;
/// Characters of one message (tsc's chained explanations can run to pages).
const MAX_MESSAGE_CHARS: usize = 400;
/// Characters of one fix's replacement text.
const MAX_FIX_CHARS: usize = 160;

/// The report for errors an edit introduced, and the loop warning when the agent keeps
/// reintroducing something it fixed.
pub fn new_errors(blocking: &[&NormalizedIssue], loop_warning: Option<&LoopWarning>) -> String {
    let mut out = String::new();
    let count = blocking.len();
    let _ = writeln!(
        out,
        "signalint: this edit introduced {count} error{}:",
        if count == 1 { "" } else { "s" }
    );
    for issue in blocking.iter().take(MAX_LISTED) {
        let _ = writeln!(
            out,
            "{}:{}:{} {}: {}",
            inert(&issue.file),
            issue.line,
            issue.col,
            inert(&issue.rule),
            clip(&inert(&issue.message), MAX_MESSAGE_CHARS)
        );
        if let Some(fix) = issue.fixes.first() {
            let _ = writeln!(
                out,
                "  fix: replace {}:{}-{}:{} with \"{}\"",
                fix.line,
                fix.col,
                fix.end_line,
                fix.end_col,
                clip(&fix.new_text.escape_debug().to_string(), MAX_FIX_CHARS)
            );
        } else if let Some(help) = &issue.help {
            let _ = writeln!(out, "  help: {}", clip(&inert(help), MAX_MESSAGE_CHARS));
        }
    }
    if count > MAX_LISTED {
        let _ = writeln!(
            out,
            "… and {} more; `signalint check --files <file>` lists them all",
            count - MAX_LISTED
        );
    }
    if let Some(warning) = loop_warning {
        out.push_str(&loop_line(warning));
    }
    out
}

/// One line about a fix/regress loop.
pub fn loop_line(warning: &LoopWarning) -> String {
    format!(
        "loop: `{}` came back {} time{} after it was fixed; {}\n",
        clip(&inert(&warning.signature), MAX_MESSAGE_CHARS),
        warning.occurrences,
        if warning.occurrences == 1 { "" } else { "s" },
        clip(&inert(&warning.hint), MAX_MESSAGE_CHARS)
    )
}

fn inert(text: &str) -> String {
    super::human::inert_message(text).into_owned()
}

/// At most `max` characters, with `…` when cut.
fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::FixEdit;

    fn issue(message: &str) -> NormalizedIssue {
        // Built from JSON, as the issue model grows additive fields.
        serde_json::from_value(serde_json::json!({
            "issueId": "i-1", "file": "src/a.ts", "line": 3, "col": 7, "engine": "tsc",
            "rule": "TS2322", "severity": "error", "message": message, "fixable": false,
            "new": true,
        }))
        .expect("an issue")
    }

    #[test]
    fn one_error_is_short_and_says_where_and_how_to_fix() {
        let mut fixed = issue("Unexpected `debugger` statement\u{1b}[2J");
        fixed.fixes.push(FixEdit {
            line: 3,
            col: 1,
            end_line: 3,
            end_col: 10,
            new_text: String::new(),
            safety: None,
        });
        let text = new_errors(&[&fixed], None);
        assert!(text.contains("src/a.ts:3:7 TS2322: Unexpected"), "{text}");
        assert!(text.contains("fix: replace 3:1-3:10 with \"\""), "{text}");
        assert!(
            !text.contains('\u{1b}'),
            "escape sequences are printed inert"
        );
        let huge = issue(&"x".repeat(100_000));
        let text = new_errors(&[&huge], None);
        assert!(text.len() < 2048, "{} bytes", text.len());
    }

    #[test]
    fn many_errors_are_counted_not_listed() {
        let issues: Vec<NormalizedIssue> = (0..8).map(|_| issue("m")).collect();
        let refs: Vec<&NormalizedIssue> = issues.iter().collect();
        let text = new_errors(&refs, None);
        assert!(text.starts_with("signalint: this edit introduced 8 errors"));
        assert!(text.contains("… and 3 more"), "{text}");
    }
}
