//! The parser on recorded ESLint 10.15.0 output (`tests/fixtures/recorded.json`, the fixture
//! project's report with its absolute root replaced by `/project`) and on hand-made edge cases.

use signalint_plugin_api::Invocation;

use super::*;

const RECORDED: &str = include_str!("../../tests/fixtures/recorded.json");
const CONFIG_ERROR_STDERR: &str = include_str!("../../tests/fixtures/config-error.stderr");
const UNICODE_JS: &str = include_str!("../../tests/fixtures/project/src/unicode.js");
const SEPARATOR_JS: &str = include_str!("../../tests/fixtures/project/src/separator.js");
const BOM_JS: &str = include_str!("../../tests/fixtures/project/src/bom.js");
const CRLF_JS: &str = include_str!("../../tests/fixtures/project/src/crlf.js");

fn request(stdout: &str, exit_code: Option<i32>, stderr: &str) -> ParseRequest {
    ParseRequest::new("/project", Invocation::default(), exit_code)
        .with_stdout(stdout)
        .with_stderr(stderr)
}

fn recorded() -> ParseOutcome {
    parse_output(&request(RECORDED, Some(1), ""))
}

fn find<'a>(outcome: &'a ParseOutcome, file: &str, rule: &str, line: u32) -> &'a Diagnostic {
    let path = format!("/project/src/{file}");
    let found: Vec<&Diagnostic> = outcome
        .diagnostics
        .iter()
        .filter(|d| {
            d.file.as_deref() == Some(path.as_str())
                && d.rule == rule
                && d.start.map(|s| s.line) == Some(line)
        })
        .collect();
    assert_eq!(found.len(), 1, "{file} {rule} line {line}: {found:?}");
    found[0]
}

/// The text at a position's byte offset.
fn at(text: &str, position: Position) -> &str {
    &text[position.byte_offset.expect("exact offset") as usize..]
}

#[test]
fn every_recorded_message_becomes_one_diagnostic() {
    let outcome = recorded();
    assert_eq!(outcome.failure, None);
    assert_eq!(outcome.skipped_records, 0);
    let raw: Vec<Value> = serde_json::from_str(RECORDED).unwrap();
    let messages: usize = raw
        .iter()
        .map(|r| r["messages"].as_array().unwrap().len())
        .sum();
    assert_eq!(messages, 14);
    assert_eq!(outcome.diagnostics.len(), messages);
}

#[test]
fn columns_are_utf16_and_offsets_exact_after_non_ascii_text() {
    let outcome = recorded();
    let first = find(&outcome, "unicode.js", "eslint/no-debugger", 2);
    let start = first.start.unwrap();
    assert_eq!(
        (start.line, start.column, start.unit),
        (2, 22, ColumnUnit::Utf16)
    );
    assert!(at(UNICODE_JS, start).starts_with("debugger;\n"));
    let end = first.end.unwrap();
    assert_eq!((end.line, end.column), (2, 31));
    assert!(at(UNICODE_JS, end).starts_with('\n'));

    let second = find(&outcome, "unicode.js", "eslint/no-debugger", 3);
    let start = second.start.unwrap();
    assert_eq!((start.line, start.column), (3, 42));
    assert!(at(UNICODE_JS, start).starts_with("debugger; }"));

    let eqeqeq = find(&outcome, "unicode.js", "eslint/eqeqeq", 3);
    assert_eq!(eqeqeq.severity, Severity::Warning);
    assert!(at(UNICODE_JS, eqeqeq.start.unwrap()).starts_with("== \"a\""));
}

#[test]
fn rule_ids_keep_the_eslint_scope() {
    let outcome = recorded();
    let parse_error = find(&outcome, "broken.js", "eslint/parse", 3);
    assert_eq!(parse_error.severity, Severity::Error);
    assert!(parse_error.message.starts_with("Parsing error"));
    assert_eq!(
        parse_error.end, None,
        "ESLint gives no end for a parse error"
    );
    assert_eq!(parse_error.url, None);

    let directive = find(
        &outcome,
        "directive.js",
        "eslint/unused-disable-directive",
        1,
    );
    assert_eq!(directive.severity, Severity::Error);
    assert_eq!(directive.fixes.len(), 1);

    let unused = find(&outcome, "unicode.js", "eslint/no-unused-vars", 4);
    assert_eq!(
        unused.url.as_deref(),
        Some("https://eslint.org/docs/latest/rules/no-unused-vars")
    );
    assert_eq!(
        unused.help.as_deref(),
        Some("Suggestion: Remove unused variable 'unused'.")
    );
    assert!(unused.fixes.is_empty(), "a suggestion is not a fix");
}

#[test]
fn plugin_rules_keep_their_plugin_scope() {
    let stdout = r#"[{"filePath": "/project/src/a.tsx", "messages": [
        {"ruleId": "@typescript-eslint/no-unused-vars", "severity": 2, "message": "m", "line": 1, "column": 7},
        {"ruleId": "react/jsx-key", "severity": 1, "message": "m", "line": 2, "column": 3}
    ]}]"#;
    let outcome = parse_output(&request(stdout, Some(1), ""));
    let rules: Vec<&str> = outcome
        .diagnostics
        .iter()
        .map(|d| d.rule.as_str())
        .collect();
    assert_eq!(
        rules,
        [
            "eslint/@typescript-eslint/no-unused-vars",
            "eslint/react/jsx-key"
        ]
    );
    assert!(
        outcome.diagnostics.iter().all(|d| d.url.is_none()),
        "plugin docs live elsewhere"
    );
    // No `source` in this report: positions stay ESLint's own line and UTF-16 column.
    assert_eq!(
        outcome.diagnostics[0].start,
        Some(Position::new(1, 7, ColumnUnit::Utf16))
    );
}

#[test]
fn fixes_convert_utf16_ranges_into_exact_edits() {
    let outcome = recorded();
    // The range ends after a family emoji (a ZWJ sequence of surrogate pairs).
    let prefer_const = find(&outcome, "unicode.js", "eslint/prefer-const", 4);
    let [fix] = prefer_const.fixes.as_slice() else {
        panic!("one fix: {prefer_const:?}");
    };
    assert_eq!((fix.start.line, fix.start.column), (4, 1));
    let from = fix.start.byte_offset.unwrap() as usize;
    let to = fix.end.byte_offset.unwrap() as usize;
    assert_eq!(&UNICODE_JS[from..to], "let unused = \"é👨‍👩‍👧\";");
    assert_eq!(fix.new_text, "const unused = \"é👨‍👩‍👧\";");

    let no_var = find(&outcome, "unicode.js", "eslint/no-var", 5);
    let fix = &no_var.fixes[0];
    let fixed = format!(
        "{}{}{}",
        &UNICODE_JS[..fix.start.byte_offset.unwrap() as usize],
        fix.new_text,
        &UNICODE_JS[fix.end.byte_offset.unwrap() as usize..]
    );
    assert!(fixed.contains("\nlet total = 2;\n"), "{fixed}");
}

#[test]
fn a_byte_order_mark_is_counted_in_the_offsets() {
    let outcome = recorded();
    let bom = find(&outcome, "bom.js", "eslint/prefer-const", 1);
    let start = bom.start.unwrap();
    assert_eq!((start.line, start.column), (1, 5), "ESLint's own column");
    assert!(at(BOM_JS, start).starts_with("bom = 1;"));
    let fix = &bom.fixes[0];
    let range = fix.start.byte_offset.unwrap() as usize..fix.end.byte_offset.unwrap() as usize;
    assert_eq!(&BOM_JS[range], "let bom = 1;");
}

#[test]
fn a_unicode_line_separator_does_not_shift_the_place() {
    let outcome = recorded();
    // ESLint counts U+2028 as a line break: `after` is on its line 2, the file's line 1.
    let after = find(&outcome, "separator.js", "eslint/prefer-const", 2);
    assert!(at(SEPARATOR_JS, after.start.unwrap()).starts_with("after = sep;"));
}

#[test]
fn crlf_files_resolve_too() {
    let outcome = recorded();
    let debugger = find(&outcome, "crlf.js", "eslint/no-debugger", 3);
    assert!(at(CRLF_JS, debugger.start.unwrap()).starts_with("debugger; }\r\n"));
}

#[test]
fn without_source_a_fix_is_no_edit_and_the_issue_not_fixable() {
    let stdout = r#"[{"filePath": "/project/a.js", "messages": [
        {"ruleId": "no-var", "severity": 1, "message": "m", "line": 2, "column": 3,
         "fix": {"range": [10, 20], "text": "let x = 1;"}}
    ]}]"#;
    let outcome = parse_output(&request(stdout, Some(0), ""));
    let diagnostic = &outcome.diagnostics[0];
    assert_eq!(
        diagnostic.start,
        Some(Position::new(2, 3, ColumnUnit::Utf16))
    );
    assert!(diagnostic.fixes.is_empty(), "{:?}", diagnostic.fixes);
}

#[test]
fn a_fix_range_that_does_not_fit_the_source_is_no_edit() {
    let stdout = r#"[{"filePath": "/project/a.js", "source": "var x = 1;\n", "messages": [
        {"ruleId": "no-var", "severity": 1, "message": "m", "line": 1, "column": 1,
         "fix": {"range": [0, 400], "text": "let x = 1;"}},
        {"ruleId": "no-var", "severity": 1, "message": "m", "line": 1, "column": 1,
         "fix": {"range": [0, 3], "text": "let"}}
    ]}]"#;
    let outcome = parse_output(&request(stdout, Some(0), ""));
    assert!(outcome.diagnostics[0].fixes.is_empty());
    let fix = &outcome.diagnostics[1].fixes[0];
    assert_eq!(
        (fix.start.byte_offset, fix.end.byte_offset),
        (Some(0), Some(3))
    );
}

#[test]
fn rules_other_engines_implement_carry_their_fact_key() {
    let outcome = recorded();
    let debugger = outcome
        .diagnostics
        .iter()
        .find(|d| d.rule == "eslint/no-debugger")
        .unwrap();
    assert_eq!(debugger.same_as, ["eslint/no-debugger"]);
    let parse = outcome
        .diagnostics
        .iter()
        .find(|d| d.rule == "eslint/parse")
        .unwrap();
    assert!(parse.same_as.is_empty());
}

#[test]
fn bad_records_are_skipped_and_counted() {
    let stdout = r#"[
        {"filePath": "/project/a.js", "messages": [
            {"ruleId": "no-debugger", "severity": 2, "message": "kept", "line": 1, "column": 1},
            {"ruleId": "no-debugger", "severity": 3, "message": "unknown severity", "line": 1, "column": 1},
            {"ruleId": "no-debugger", "message": "no severity"},
            "not an object",
            {"ruleId": null, "severity": 1, "message": "File ignored because no matching configuration was supplied."},
            {"ruleId": "no-alert", "severity": 1, "message": "file level", "line": 0, "column": 0}
        ]},
        {"messages": []},
        42
    ]"#;
    let outcome = parse_output(&request(stdout, Some(1), ""));
    assert_eq!(outcome.failure, None);
    assert_eq!(outcome.skipped_records, 5);
    let messages: Vec<&str> = outcome
        .diagnostics
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(
        messages,
        ["kept", "file level"],
        "the ignore notice is no problem"
    );
    assert_eq!(outcome.diagnostics[1].start, None);
}

#[test]
fn eslint_messages_without_a_rule_get_names() {
    let stdout = r#"[{"filePath": "/project/a.js", "messages": [
        {"ruleId": null, "fatal": true, "severity": 2, "message": "Failed to parse JSON from '\"no-debugger\": [bogus]': Unexpected token", "line": 1, "column": 1},
        {"ruleId": null, "severity": 2, "message": "Unused inline config ('no-debugger' is already configured to 'error').", "line": 2, "column": 1},
        {"ruleId": null, "severity": 1, "message": "Unused eslint-enable directive (no matching eslint-disable directives were found).", "line": 3, "column": 1},
        {"ruleId": null, "fatal": true, "severity": 2, "message": "Preprocessing error: Unexpected token", "line": 4, "column": 1}
    ]}]"#;
    let rules: Vec<String> = parse_output(&request(stdout, Some(1), ""))
        .diagnostics
        .into_iter()
        .map(|d| d.rule)
        .collect();
    assert_eq!(
        rules,
        [
            "eslint/inline-config",
            "eslint/unused-inline-config",
            "eslint/unused-disable-directive",
            "eslint/parse"
        ]
    );
}

#[test]
fn a_clean_run_is_an_empty_array() {
    let outcome = parse_output(&request("[]\n", Some(0), ""));
    assert_eq!(outcome, ParseOutcome::default());
}

#[test]
fn a_config_error_is_a_failure_with_the_reason_not_the_stack() {
    let outcome = parse_output(&request("", Some(2), CONFIG_ERROR_STDERR));
    assert!(outcome.diagnostics.is_empty());
    let failure = outcome.failure.unwrap();
    assert!(failure.contains("no JSON report"), "{failure}");
    assert!(failure.contains("exit code 2"), "{failure}");
    assert!(
        failure.contains(r#"Could not find "no-such" in plugin "@""#),
        "{failure}"
    );
    assert!(!failure.contains("throwRuleNotFoundError"), "{failure}");
    assert!(!failure.contains("Oops"), "{failure}");
    assert!(!failure.contains("ESLint: 10"), "{failure}");
}

#[test]
fn a_crash_by_signal_says_so() {
    let failure = parse_output(&request("", None, "")).failure.unwrap();
    assert_eq!(
        failure,
        "ESLint printed no JSON report (killed by a signal)"
    );
}

#[test]
fn a_truncated_report_says_how_to_avoid_it() {
    let mut req = request(&RECORDED[..RECORDED.len() / 2], Some(1), "");
    req.truncated = true;
    let failure = parse_output(&req).failure.unwrap();
    assert!(failure.contains("output limit"), "{failure}");
    assert!(failure.contains("max_files_per_run"), "{failure}");
}

#[test]
fn a_report_that_does_not_parse_is_a_failure() {
    let failure = parse_output(&request("[{\"filePath\": ", Some(1), ""))
        .failure
        .unwrap();
    assert!(failure.contains("does not parse"), "{failure}");
}

#[test]
fn text_before_the_report_is_ignored() {
    let stdout = format!("(node:123) [DEP0040] Warning: something\n{RECORDED}");
    let outcome = parse_output(&request(&stdout, Some(1), ""));
    assert_eq!(outcome.diagnostics.len(), 14);
}

#[test]
fn a_malformed_fix_or_suggestion_costs_only_itself() {
    let stdout = r#"[{"filePath": "/project/a.js", "source": "var x = 1;\n", "messages": [
        {"ruleId": "no-var", "severity": 1, "message": "bad fix", "line": 1, "column": 1,
         "fix": {"range": "everything", "text": 1}},
        {"ruleId": "eqeqeq", "severity": 1, "message": "odd suggestions", "line": 1, "column": 1,
         "suggestions": [42, {"desc": "Use '==='."}, {"fix": {}}]}
    ]}]"#;
    let outcome = parse_output(&request(stdout, Some(0), ""));
    assert_eq!(outcome.skipped_records, 0);
    assert_eq!(outcome.diagnostics.len(), 2);
    assert!(outcome.diagnostics[0].fixes.is_empty());
    assert_eq!(
        outcome.diagnostics[1].help.as_deref(),
        Some("Suggestion: Use '==='.")
    );
}

#[test]
fn a_file_level_fix_converts_when_the_source_allows() {
    // unicode-bom's fix removes the byte order mark: the range [-1, 0] on a message at line 1.
    // A file-level message (line 0) keeps an exact fix too.
    let stdout = r#"[{"filePath": "/project/a.js", "source": "\ufeffconst a = 1;\n", "messages": [
        {"ruleId": "unicode-bom", "severity": 2, "message": "Unexpected Unicode BOM (Byte Order Mark).", "line": 1, "column": 1,
         "fix": {"range": [-1, 0], "text": ""}},
        {"ruleId": "x/whole-file", "severity": 1, "message": "file level", "line": 0, "column": 0,
         "fix": {"range": [0, 5], "text": "let"}},
        {"ruleId": "x/whole-file", "severity": 1, "message": "file level, bad range", "line": 0, "column": 0,
         "fix": {"range": [0, 500], "text": "let"}}
    ]}]"#;
    let outcome = parse_output(&request(stdout, Some(1), ""));
    let bom = &outcome.diagnostics[0].fixes[0];
    assert_eq!(
        (bom.start.byte_offset, bom.end.byte_offset),
        (Some(0), Some(3))
    );
    let file_level = &outcome.diagnostics[1];
    assert_eq!(file_level.start, None);
    let fix = &file_level.fixes[0];
    assert_eq!(
        (fix.start.byte_offset, fix.end.byte_offset),
        (Some(3), Some(8))
    );
    assert!(
        outcome.diagnostics[2].fixes.is_empty(),
        "no place to anchor it"
    );
}
