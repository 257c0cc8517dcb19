//! `--format human`: a readable summary, coloured when the terminal supports it.

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
            let _ = writeln!(out, "  {} {id}: {message}", paint(RED, "error"));
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
            cluster.root_cause_summary,
            paint(
                DIM,
                format!("[{}] {}", cluster.rule_ids.join(", "), cluster.cluster_id)
            ),
        );
        let _ = writeln!(
            out,
            "      {} {}",
            paint(CYAN, "→"),
            cluster.suggested_action
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
    let location = if issue.line > 0 {
        format!("{}:{}:{}", issue.file, issue.line, issue.col)
    } else {
        issue.file.clone()
    };
    let fix = if issue.fixable {
        paint(GREEN, " [fixable]")
    } else {
        String::new()
    };
    format!(
        "{}  {}{fix}  {}",
        paint(BOLD, location),
        issue.message,
        paint(DIM, &issue.issue_id)
    )
}
