//! Data-driven tests of the core: issues in, ids / clusters / signatures / verdicts out. The
//! messages are real tsc, oxlint and Biome wording, as the engines print them.

mod clustering;
mod delta_and_page;
mod facts;
mod loops;
mod props;

use super::model::{IssueInput, IssueSeverity};

/// An issue as an engine adapter hands it over.
pub(super) fn issue(
    engine: &str,
    rule: &str,
    file: &str,
    line: u32,
    message: &str,
    line_text: &str,
) -> IssueInput {
    let severity = match engine {
        "tsc" => IssueSeverity::Error,
        _ => IssueSeverity::Warning,
    };
    IssueInput {
        file: file.to_owned(),
        line,
        col: 1,
        end_line: None,
        end_col: None,
        engine: engine.to_owned(),
        rule: rule.to_owned(),
        severity,
        message: message.to_owned(),
        fixable: false,
        help: None,
        url: None,
        line_text: line_text.to_owned(),
        fixes: Vec::new(),
        fix_safe: None,
        same_as: Vec::new(),
    }
}

pub(super) fn tsc(code: u32, file: &str, line: u32, message: &str) -> IssueInput {
    issue(
        "tsc",
        &format!("TS{code}"),
        file,
        line,
        message,
        &format!("line {line} of {file}"),
    )
}

pub(super) fn oxlint(rule: &str, file: &str, line: u32, message: &str) -> IssueInput {
    issue(
        "oxlint",
        rule,
        file,
        line,
        message,
        &format!("line {line} of {file}"),
    )
}

pub(super) fn biome(rule: &str, file: &str, line: u32, message: &str) -> IssueInput {
    issue(
        "biome",
        rule,
        file,
        line,
        message,
        &format!("line {line} of {file}"),
    )
}

pub(super) fn unused_var(scope: &str, name: &str, file: &str, line: u32) -> IssueInput {
    oxlint(
        &format!("{scope}/no-unused-vars"),
        file,
        line,
        &format!(
            "Variable '{name}' is declared but never used. Unused variables should start with a '_'."
        ),
    )
}

pub(super) fn missing_name(name: &str, file: &str, line: u32) -> IssueInput {
    tsc(2304, file, line, &format!("Cannot find name '{name}'."))
}
