//! The adapter against the real, pinned ESLint from `test-engines/`: `plan` → run every
//! invocation with `std::process::Command` the way the host does → `parse`, and every
//! diagnostic ESLint printed comes back exactly once with the expected rule, line and column.
//!
//! Needs `npm install --prefix test-engines` (run in the workspace root) and Node.js on `PATH`.

mod common;

use std::path::Path;
use std::process::Command;

use serde_json::{Value, json};
use signalint_plugin_api::{
    ColumnUnit, Diagnostic, EngineAdapter, Invocation, ParseOutcome, ParseRequest, Plan,
    PlanRequest, ResolvedTool, Severity,
};
use signalint_plugin_eslint_example::Eslint;

use common::{EXPECTED, eslint_entry, eslint_version, fixture_copy, node, project_files};

fn plan_request(root: &Path, files: Vec<String>, options: Value) -> PlanRequest {
    // What the host resolves for the `node_modules/eslint/bin/eslint.js` candidate.
    let tool = ResolvedTool::new(node(), eslint_version())
        .with_prefix_args(vec![eslint_entry().to_string_lossy().into_owned()]);
    PlanRequest::new(
        root.to_string_lossy(),
        tool,
        files,
        root.join(".signalint/work/eslint").to_string_lossy(),
    )
    .with_whole_project(true)
    .with_options(options)
}

/// Runs one invocation like the host: in the project root unless it says otherwise, with
/// `NO_COLOR=1` and the invocation's environment.
fn run(root: &Path, invocation: &Invocation) -> ParseRequest {
    let output = Command::new(&invocation.program)
        .args(&invocation.args)
        .envs(&invocation.env)
        .env("NO_COLOR", "1")
        .current_dir(invocation.cwd.as_deref().map_or(root, Path::new))
        .output()
        .unwrap();
    ParseRequest::new(
        root.to_string_lossy(),
        invocation.clone(),
        output.status.code(),
    )
    .with_stdout(String::from_utf8(output.stdout).unwrap())
    .with_stderr(String::from_utf8_lossy(&output.stderr))
}

/// One full round: the plan, each run's raw message count, and the parsed outcomes.
struct Round {
    plan: Plan,
    raw_messages: usize,
    outcomes: Vec<ParseOutcome>,
}

fn round(root: &Path, options: Value) -> Round {
    let files = project_files(root);
    let plan = Eslint
        .plan(&plan_request(root, files, options))
        .expect("plan");
    let mut raw_messages = 0;
    let mut outcomes = Vec::new();
    for invocation in &plan.invocations {
        let request = run(root, invocation);
        assert!(
            matches!(request.exit_code, Some(0 | 1)),
            "ESLint failed: {}",
            request.stderr
        );
        // Counted straight from ESLint's JSON, independently of the parser.
        let report: Vec<Value> = serde_json::from_str(&request.stdout).unwrap();
        raw_messages += report
            .iter()
            .map(|r| r["messages"].as_array().map_or(0, Vec::len))
            .sum::<usize>();
        outcomes.push(Eslint.parse(&request).expect("parse"));
    }
    Round {
        plan,
        raw_messages,
        outcomes,
    }
}

fn relative(root: &Path, diagnostic: &Diagnostic) -> String {
    let file = diagnostic
        .file
        .as_deref()
        .expect("every ESLint message has a file");
    Path::new(file)
        .strip_prefix(root)
        .unwrap_or_else(|_| panic!("{file} is absolute and inside {}", root.display()))
        .to_string_lossy()
        .into_owned()
}

/// Every expected diagnostic exactly once, nothing else, and each position pointing at the
/// expected text through its byte offset.
fn assert_expected(root: &Path, diagnostics: &[Diagnostic]) {
    let mut unmatched: Vec<&Diagnostic> = diagnostics.iter().collect();
    for want in EXPECTED {
        let found: Vec<usize> = unmatched
            .iter()
            .enumerate()
            .filter(|(_, d)| {
                let start = d.start.expect("every fixture diagnostic has a position");
                relative(root, d) == want.file
                    && d.rule == want.rule
                    && (start.line, start.column) == (want.line, want.column)
            })
            .map(|(i, _)| i)
            .collect();
        assert_eq!(
            found.len(),
            1,
            "{want:?} must appear exactly once in {diagnostics:#?}"
        );
        let diagnostic = unmatched.remove(found[0]);
        let start = diagnostic.start.unwrap();
        assert_eq!(start.unit, ColumnUnit::Utf16);
        let expected_severity = if want.error {
            Severity::Error
        } else {
            Severity::Warning
        };
        assert_eq!(diagnostic.severity, expected_severity, "{want:?}");
        let text = std::fs::read_to_string(root.join(want.file)).unwrap();
        let at = &text[start.byte_offset.expect("exact offset") as usize..];
        assert!(
            at.starts_with(want.text),
            "{want:?}: the offset points at {at:?}"
        );
    }
    assert!(
        unmatched.is_empty(),
        "unexpected diagnostics: {unmatched:#?}"
    );
}

#[test]
fn every_eslint_diagnostic_comes_back_once_with_its_place() {
    assert!(
        eslint_version().starts_with("10."),
        "test-engines pins ESLint 10"
    );
    let root = fixture_copy("live-one-batch");
    let round = round(&root, Value::Null);
    assert_eq!(round.plan.invocations.len(), 1);
    let outcome = &round.outcomes[0];
    assert_eq!(outcome.failure, None);
    assert_eq!(outcome.skipped_records, 0);
    assert_eq!(outcome.diagnostics.len(), round.raw_messages);
    assert_expected(&root, &outcome.diagnostics);

    // The files ESLint skipped were handed to it all the same: they count as re-checked.
    let covers = &round.plan.invocations[0].covers;
    for skipped in ["ignored/skipped.js", "src/types.ts", "src/clean.js"] {
        assert!(covers.iter().any(|c| c == skipped), "{skipped}");
    }
}

#[test]
fn fixes_apply_to_the_real_text() {
    let root = fixture_copy("live-fixes");
    let round = round(&root, Value::Null);
    let fixable: Vec<&Diagnostic> = round.outcomes[0]
        .diagnostics
        .iter()
        .filter(|d| !d.fixes.is_empty())
        .collect();
    // prefer-const (4), no-var and the unused directive carry fixes; the suggestions of
    // eqeqeq and no-unused-vars are not fixes.
    let mut rules: Vec<&str> = fixable.iter().map(|d| d.rule.as_str()).collect();
    rules.sort();
    assert_eq!(
        rules,
        [
            "eslint/no-var",
            "eslint/prefer-const",
            "eslint/prefer-const",
            "eslint/prefer-const",
            "eslint/prefer-const",
            "eslint/unused-disable-directive",
        ]
    );
    for diagnostic in fixable {
        let file = relative(&root, diagnostic);
        let text = std::fs::read_to_string(root.join(&file)).unwrap();
        let fix = &diagnostic.fixes[0];
        let from = fix.start.byte_offset.unwrap() as usize;
        let to = fix.end.byte_offset.unwrap() as usize;
        let replaced = &text[from..to];
        match diagnostic.rule.as_str() {
            "eslint/prefer-const" => {
                assert!(replaced.starts_with("let "), "{file}: {replaced:?}");
                assert_eq!(fix.new_text, replaced.replacen("let ", "const ", 1));
            }
            "eslint/no-var" => {
                assert_eq!(replaced, "var total = 2;");
                assert_eq!(fix.new_text, "let total = 2;");
            }
            _ => assert_eq!(replaced, "// eslint-disable-next-line no-debugger"),
        }
    }
}

#[test]
fn batches_see_the_same_diagnostics() {
    let root = fixture_copy("live-batches");
    let round = round(&root, json!({ "max_files_per_run": 3 }));
    let files = project_files(&root);
    assert_eq!(round.plan.invocations.len(), files.len().div_ceil(3));
    let diagnostics: Vec<Diagnostic> = round
        .outcomes
        .into_iter()
        .flat_map(|o| {
            assert_eq!(o.failure, None);
            o.diagnostics
        })
        .collect();
    assert_eq!(diagnostics.len(), round.raw_messages);
    assert_expected(&root, &diagnostics);
}

#[test]
fn a_broken_config_is_a_failure_that_names_the_problem() {
    let root = fixture_copy("live-broken-config");
    std::fs::write(
        root.join("eslint.config.mjs"),
        "export default [{ rules: { \"no-such-rule\": \"error\" } }];\n",
    )
    .unwrap();
    let plan = Eslint
        .plan(&plan_request(
            &root,
            vec!["src/clean.js".into()],
            Value::Null,
        ))
        .unwrap();
    let request = run(&root, &plan.invocations[0]);
    assert_eq!(request.exit_code, Some(2));
    let outcome = Eslint.parse(&request).unwrap();
    assert!(outcome.diagnostics.is_empty());
    let failure = outcome.failure.unwrap();
    assert!(failure.contains("no-such-rule"), "{failure}");
    assert!(failure.contains("exit code 2"), "{failure}");
}

#[test]
fn a_file_deleted_before_the_run_does_not_sink_the_batch() {
    let root = fixture_copy("live-deleted");
    let plan = Eslint
        .plan(&plan_request(
            &root,
            vec!["src/gone.js".into(), "src/-leading-dash.js".into()],
            Value::Null,
        ))
        .unwrap();
    let outcome = Eslint.parse(&run(&root, &plan.invocations[0])).unwrap();
    assert_eq!(outcome.failure, None);
    let rules: Vec<&str> = outcome
        .diagnostics
        .iter()
        .map(|d| d.rule.as_str())
        .collect();
    assert_eq!(rules, ["eslint/no-debugger"]);
}
