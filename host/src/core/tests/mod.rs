//! Data-driven tests of the core: issues in, ids / clusters / signatures / verdicts out. The
//! messages are real tsc, oxlint and Biome wording, as the engines print them, and each issue
//! carries the subject its engine's adapter reads from that wording (the adapters' own readers
//! run here), so the core sees what it sees in a check.

mod clustering;
mod custom_engine;
mod delta_and_page;
mod facts;
mod loops;
mod props;

use super::model::{IssueInput, IssueSeverity};

/// The adapters' own subject readers, compiled in: a plugin's library cannot be linked next to
/// another's, since both export the plugin entry points (TypeScript's reader is a crate of its
/// own, which both the tsc and oxlint adapters use).
#[allow(dead_code)]
#[path = "../../../../plugins/biome/src/subject.rs"]
mod biome_subject;
/// The example custom engine's (ESLint on the plugin API): a team's own engine.
#[allow(dead_code)]
#[path = "../../../../examples/custom-engine/src/subject.rs"]
mod eslint_subject;
#[allow(dead_code)]
#[path = "../../../../plugins/oxlint/src/subject.rs"]
mod oxlint_subject;

/// The subject the adapter of `engine` states for a diagnostic of `rule` with `message`.
pub(super) fn stated(
    engine: &str,
    rule: &str,
    message: &str,
) -> Option<signalint_plugin_api::Subject> {
    match engine {
        "tsc" => rule
            .strip_prefix("TS")
            .and_then(|code| code.parse().ok())
            .and_then(|code| signalint_ts_subject::subject(code, message)),
        "oxlint" => oxlint_subject::subject(rule, message),
        "biome" => biome_subject::subject(rule, message),
        "eslint" => eslint_subject::subject(rule, message),
        _ => None,
    }
}

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
        programs: Vec::new(),
        subject: stated(engine, rule, message),
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
