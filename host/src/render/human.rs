//! `--format human`: a readable summary, coloured when the terminal supports it.

use std::borrow::Cow;
use std::fmt::Write as _;

use anstyle::{AnsiColor, Style};

use crate::core::{CheckResponse, EngineState, IssueSeverity, NormalizedIssue};

const BOLD: Style = Style::new().bold();
const DIM: Style = Style::new().dimmed();
const RED: Style = AnsiColor::Red.on_default().bold();
const YELLOW: Style = AnsiColor::Yellow.on_default().bold();
const GREEN: Style = AnsiColor::Green.on_default().bold();
const CYAN: Style = AnsiColor::Cyan.on_default();

fn paint(style: Style, text: impl std::fmt::Display) -> String {
    format!("{style}{text}{style:#}")
}

/// Text from the project (file names, engine messages) on one line and inert: a newline in a
/// file name would split a row, and an escape sequence or a bidi override in it could rewrite
/// what the terminal shows. Such characters are printed as escapes (`\n`, `\u{1b}`).
fn inert(text: &str) -> Cow<'_, str> {
    escape_hostile(text, false)
}

/// [`inert`] for a message, whose line breaks (tsc's chained explanations) read as spaces.
pub(crate) fn inert_message(text: &str) -> Cow<'_, str> {
    escape_hostile(text, true)
}

fn escape_hostile(text: &str, breaks_as_spaces: bool) -> Cow<'_, str> {
    let hostile =
        |c: char| c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    if !text.chars().any(hostile) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    // After a line break, the next line's indentation folds into the one space.
    let mut after_break = false;
    for c in text.chars() {
        match c {
            '\n' | '\r' if breaks_as_spaces => {
                if !out.ends_with(' ') {
                    out.push(' ');
                }
                after_break = true;
            }
            ' ' | '\t' if after_break => {}
            c if hostile(c) => {
                after_break = false;
                out.extend(c.escape_default());
            }
            c => {
                after_break = false;
                out.push(c);
            }
        }
    }
    Cow::Owned(out)
}

/// The check summary: engines, then clusters (with their issues when the response has them).
pub fn check_response(response: &CheckResponse) -> String {
    let mut out = String::new();
    let engines: Vec<String> = response
        .engines
        .iter()
        .chain(response.rule_packs.iter())
        .map(|(id, status)| {
            let (style, word) = match status.status {
                EngineState::Ok => (GREEN, "ok"),
                EngineState::Error => (RED, "error"),
                EngineState::Disabled => (DIM, "off"),
            };
            let version = status
                .version
                .as_deref()
                .map(|v| format!(" {v}"))
                .unwrap_or_default();
            format!("{id}{} {}", paint(DIM, version), paint(style, word))
        })
        .collect();
    let _ = writeln!(out, "{} {}", paint(BOLD, "engines:"), engines.join(" · "));
    for (id, status) in response.engines.iter().chain(response.rule_packs.iter()) {
        if status.status == EngineState::Error {
            let message = status.message.as_deref().unwrap_or("failed");
            let _ = writeln!(
                out,
                "  {} {}: {}",
                paint(RED, "error"),
                inert(id),
                inert_message(message)
            );
        }
    }
    if response.total_issues == 0 {
        let _ = writeln!(out, "\n{}", paint(GREEN, "No issues found."));
        return out;
    }
    let _ = writeln!(out);
    for cluster in &response.clusters {
        let (style, label) = match cluster.severity {
            Some(IssueSeverity::Error) => (RED, "error  "),
            _ => (YELLOW, "warning"),
        };
        let _ = writeln!(
            out,
            "{} {} {}  {}",
            paint(BOLD, format!("{:>2}.", cluster.priority)),
            paint(style, label),
            inert_message(&cluster.root_cause_summary),
            paint(
                DIM,
                format!("[{}] {}", cluster.rule_ids.join(", "), cluster.cluster_id)
            ),
        );
        let _ = writeln!(
            out,
            "      {} {}",
            paint(CYAN, "→"),
            inert_message(&cluster.suggested_action)
        );
        if let Some(issues) = &response.issues {
            for issue in issues
                .iter()
                .filter(|i| i.cluster_id.as_deref() == Some(&cluster.cluster_id))
            {
                let _ = writeln!(out, "      {}", issue_line(issue));
            }
        }
    }
    let shown = response.clusters.len();
    let _ = writeln!(
        out,
        "\n{} issue{} in {} cluster{} shown{}",
        paint(BOLD, response.total_issues),
        if response.total_issues == 1 { "" } else { "s" },
        shown,
        if shown == 1 { "" } else { "s" },
        if response.truncated {
            match &response.next_cursor {
                Some(cursor) => format!("; more with --cursor {cursor}"),
                None => "; more exist".to_owned(),
            }
        } else {
            String::new()
        }
    );
    if let Some(warning) = &response.loop_warning {
        let _ = writeln!(
            out,
            "{} {} ({})",
            paint(YELLOW, "loop:"),
            warning.hint,
            warning.signature
        );
    }
    out
}

fn issue_line(issue: &NormalizedIssue) -> String {
    let file = inert(&issue.file);
    let location = if issue.line > 0 {
        format!("{file}:{}:{}", issue.line, issue.col)
    } else {
        file.into_owned()
    };
    let fix = if issue.fixable {
        paint(GREEN, " [fixable]")
    } else {
        String::new()
    };
    format!(
        "{}  {}{fix}  {}",
        paint(BOLD, location),
        inert_message(&issue.message),
        paint(DIM, &issue.issue_id)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn project_text_cannot_split_a_row_or_drive_the_terminal() {
        assert_eq!(inert("src/a\nb.ts"), "src/a\\nb.ts");
        assert_eq!(inert("x\u{1b}[2Jy.ts"), "x\\u{1b}[2Jy.ts");
        assert_eq!(inert("evil\u{202e}st.ts"), "evil\\u{202e}st.ts");
        assert_eq!(inert("plain/ünïcode.ts"), "plain/ünïcode.ts");
        assert!(matches!(inert("plain.ts"), Cow::Borrowed(_)));
        assert_eq!(
            inert_message("Type 'A' is not assignable.\n  Property 'x' is missing."),
            "Type 'A' is not assignable. Property 'x' is missing."
        );
        assert_eq!(inert_message("bell\u{7}"), "bell\\u{7}");
    }
}
