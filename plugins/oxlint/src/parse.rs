//! oxlint's `--format=json` output.
//!
//! Shape (oxlint 1.x): `{ "diagnostics": [ { message, code?, severity, url?, help?, note?,
//! filename?, labels: [ { label?, span: { offset, length, line, column } } ] } ], ... }`.
//! Every field but `message` may be missing; the top level has odd whitespace but is valid
//! JSON. Anything printed before the first `{` (a banner) is ignored.

use serde::Deserialize;
use signalint_plugin_api::{
    ColumnUnit, Diagnostic, ParseOutcome, ParseRequest, Position, Severity,
};

#[derive(Deserialize)]
struct Report {
    diagnostics: Vec<serde_json::Value>,
}

#[derive(Deserialize)]
struct Record {
    message: String,
    #[serde(default)]
    code: Option<String>,
    #[serde(default)]
    severity: Option<String>,
    #[serde(default)]
    url: Option<String>,
    #[serde(default)]
    help: Option<String>,
    #[serde(default)]
    note: Option<String>,
    #[serde(default)]
    filename: Option<String>,
    #[serde(default)]
    labels: Vec<Label>,
}

#[derive(Deserialize)]
struct Label {
    span: Span,
}

#[derive(Deserialize)]
struct Span {
    offset: u64,
    #[serde(default)]
    length: u64,
    #[serde(default)]
    line: Option<u32>,
    #[serde(default)]
    column: Option<u32>,
}

/// Parses one run's stdout into diagnostics.
pub fn parse_output(request: &ParseRequest) -> ParseOutcome {
    let stdout = &request.stdout;
    let Some(start) = stdout.find('{') else {
        return failure(request, "oxlint printed no JSON report");
    };
    let report: Report = match serde_json::from_str(&stdout[start..]) {
        Ok(report) => report,
        Err(e) => {
            let reason = if request.truncated {
                "oxlint's output was cut at the output limit".to_owned()
            } else {
                format!("oxlint's JSON report does not parse ({e})")
            };
            return failure(request, &reason);
        }
    };
    let mut outcome = ParseOutcome::default();
    for value in report.diagnostics {
        match serde_json::from_value::<Record>(value)
            .ok()
            .and_then(to_diagnostic)
        {
            Some(diagnostic) => outcome.diagnostics.push(diagnostic),
            None => outcome.skipped_records += 1,
        }
    }
    outcome
}

fn failure(request: &ParseRequest, reason: &str) -> ParseOutcome {
    // Config errors arrive on stdout as plain text; argument errors on stderr.
    let detail = [request.stdout.trim(), request.stderr.trim()]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    let tail: Vec<&str> = detail.lines().rev().take(8).collect();
    let tail: Vec<&str> = tail.into_iter().rev().collect();
    let exit = request
        .exit_code
        .map_or("a signal".to_owned(), |c| format!("exit code {c}"));
    ParseOutcome::failure(
        format!("{reason} ({exit}): {}", tail.join("\n"))
            .trim_end_matches(": ")
            .to_owned(),
    )
}

fn to_diagnostic(record: Record) -> Option<Diagnostic> {
    let severity = match record.severity.as_deref() {
        Some("error") => Severity::Error,
        Some("warning") | None => Severity::Warning,
        Some("advice") => Severity::Info,
        Some(_) => return None,
    };
    let rule = match &record.code {
        Some(code) => scoped_rule(code)?,
        None if record.message.contains("eslint-disable") => "oxlint/unused-directive".to_owned(),
        None => "oxlint/parse".to_owned(),
    };
    // oxlint's own text formatters use the first label as the position.
    let (start, end) = match record.labels.first() {
        Some(label) => {
            let span = &label.span;
            let start = Position::new(
                span.line.unwrap_or(0),
                span.column.unwrap_or(0),
                ColumnUnit::Utf8Bytes,
            )
            .with_byte_offset(span.offset);
            let end = Position::new(0, 0, ColumnUnit::Utf8Bytes)
                .with_byte_offset(span.offset + span.length);
            (Some(start), Some(end))
        }
        None => (None, None),
    };
    let help = match (record.help, record.note) {
        (Some(help), Some(note)) => Some(format!("{help} ({note})")),
        (help, note) => help.or(note),
    };
    // oxlint names its rules `scope/eslint-name`: that name is the canonical fact key other
    // engines' rule metadata refers to (see `scripts/fact-keys`).
    // A `--type-check` diagnostic is TypeScript's, with TypeScript's fact keys (an unused
    // binding is ESLint's `no-unused-vars`).
    let same_as = match (&record.code, crate::subject::typescript_code(&rule)) {
        (Some(_), Some(code)) => {
            let mut keys = vec![rule.clone()];
            keys.extend(signalint_ts_subject::fact_keys(code.into()));
            keys
        }
        (Some(_), None) => vec![rule.clone()],
        (None, _) => Vec::new(),
    };
    let mut diagnostic = Diagnostic::new(rule, severity, record.message).with_same_as(same_as);
    diagnostic.subject = crate::subject::subject(&diagnostic.rule, &diagnostic.message);
    diagnostic.file = record.filename;
    diagnostic.start = start;
    diagnostic.end = end;
    diagnostic.help = help;
    diagnostic.url = record.url;
    Some(diagnostic)
}

/// `eslint(no-debugger)` → `eslint/no-debugger`; the plugin scope is kept, so
/// `typescript(no-unused-vars)` stays a different rule from `eslint(no-unused-vars)`.
fn scoped_rule(code: &str) -> Option<String> {
    let open = code.find('(')?;
    let inner = code[open + 1..].strip_suffix(')')?;
    let scope = &code[..open];
    if scope.is_empty() || inner.is_empty() {
        return None;
    }
    Some(format!("{scope}/{inner}"))
}

#[cfg(test)]
mod tests {
    use signalint_plugin_api::Invocation;

    use super::*;

    fn request(stdout: &str, exit_code: i32) -> ParseRequest {
        ParseRequest::new("/p", Invocation::default(), Some(exit_code)).with_stdout(stdout)
    }

    const RECORDED: &str = include_str!("../tests/fixtures/recorded.json");

    #[test]
    fn parses_a_recorded_report() {
        let outcome = parse_output(&request(RECORDED, 1));
        assert_eq!(outcome.failure, None);
        assert_eq!(outcome.skipped_records, 0);
        let debugger = outcome
            .diagnostics
            .iter()
            .find(|d| d.rule == "eslint/no-debugger" && d.file.as_deref() == Some("src/unicode.ts"))
            .unwrap();
        assert_eq!(debugger.severity, Severity::Error);
        let start = debugger.start.unwrap();
        assert_eq!(
            (start.line, start.column, start.byte_offset),
            (1, 29, Some(28))
        );
        assert_eq!(
            debugger.help.as_deref(),
            Some("Remove the debugger statement")
        );
        assert!(debugger.url.as_deref().unwrap().contains("no-debugger"));
        let parse_error = outcome
            .diagnostics
            .iter()
            .find(|d| d.rule == "oxlint/parse")
            .unwrap();
        assert_eq!(parse_error.file.as_deref(), Some("src/broken.ts"));
    }

    #[test]
    fn scope_is_kept() {
        assert_eq!(
            scoped_rule("eslint(no-unused-vars)").unwrap(),
            "eslint/no-unused-vars"
        );
        assert_eq!(
            scoped_rule("typescript(no-unused-vars)").unwrap(),
            "typescript/no-unused-vars"
        );
        assert_eq!(
            scoped_rule("jsx-a11y(alt-text)").unwrap(),
            "jsx-a11y/alt-text"
        );
        assert_eq!(
            scoped_rule("typescript(TS2322)").unwrap(),
            "typescript/TS2322"
        );
        assert!(scoped_rule("nonsense").is_none());
    }

    /// A `--type-check` diagnostic carries TypeScript's subject and fact keys: an unused binding
    /// is one fact with `no-unused-vars` at the same place.
    #[test]
    fn type_check_diagnostics_carry_typescript_knowledge() {
        let stdout = r#"{"diagnostics": [
            {"message": "'helper' is declared but its value is never read.", "code": "typescript(TS6133)", "severity": "error", "filename": "a.ts", "labels": [{"span": {"offset": 6, "length": 6, "line": 1, "column": 7}}]},
            {"message": "Cannot find module './db' or its corresponding type declarations.", "code": "typescript(TS2307)", "severity": "error", "filename": "a.ts", "labels": [{"span": {"offset": 40, "length": 6, "line": 2, "column": 20}}]}
        ]}"#;
        let outcome = parse_output(&request(stdout, 1));
        let [unused, module] = outcome.diagnostics.as_slice() else {
            panic!("{:?}", outcome.diagnostics)
        };
        assert_eq!(
            unused.same_as,
            ["typescript/TS6133", "eslint/no-unused-vars"]
        );
        assert_eq!(
            unused.subject.as_ref().map(|s| s.name.as_str()),
            Some("helper")
        );
        assert_eq!(module.same_as, ["typescript/TS2307"]);
        assert_eq!(
            module.subject.as_ref().map(|s| (s.role, s.name.as_str())),
            Some((signalint_plugin_api::Role::Cause, "./db"))
        );
    }

    #[test]
    fn a_bad_record_is_skipped_not_fatal() {
        let stdout = r#"{"diagnostics": [
            {"message": "ok", "code": "eslint(no-debugger)", "severity": "warning", "filename": "a.ts", "labels": [{"span": {"offset": 0, "length": 1, "line": 1, "column": 1}}]},
            {"code": "eslint(no-debugger)"},
            {"message": "odd", "severity": "catastrophic"},
            {"message": "advice", "code": "oxc(x)", "severity": "advice", "labels": []}
        ]}"#;
        let outcome = parse_output(&request(stdout, 0));
        assert_eq!(outcome.diagnostics.len(), 2);
        assert_eq!(outcome.skipped_records, 2);
        assert_eq!(outcome.diagnostics[1].severity, Severity::Info);
        assert_eq!(outcome.diagnostics[1].start, None, "no label, no position");
    }

    #[test]
    fn banner_before_json_is_ignored() {
        let stdout = "No files found to lint.\n{\"diagnostics\": []}";
        let outcome = parse_output(&request(stdout, 1));
        assert!(outcome.failure.is_none());
        assert!(outcome.diagnostics.is_empty());
    }

    #[test]
    fn config_error_text_is_a_failure_with_the_message() {
        let stdout = "Failed to parse oxlint configuration file.\n\n  x Rule 'no-such-rule' not found in plugin 'eslint'\n";
        let outcome = parse_output(&request(stdout, 1));
        let failure = outcome.failure.unwrap();
        assert!(failure.contains("no JSON"), "{failure}");
        assert!(failure.contains("no-such-rule"), "{failure}");
        assert!(failure.contains("exit code 1"), "{failure}");
    }

    #[test]
    fn truncated_output_says_so() {
        let mut req = request("{\"diagnostics\": [{\"message\":", 1);
        req.truncated = true;
        assert!(parse_output(&req).failure.unwrap().contains("output limit"));
    }
}
