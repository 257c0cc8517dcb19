//! The parser on outputs recorded from real tsc runs (`tests/fixtures/recorded/`, see its
//! README for how each one was produced).

use signalint_plugin_api::{
    ColumnUnit, EngineAdapter, Invocation, ParseOutcome, ParseRequest, Position, Severity,
    call_engine,
};
use signalint_plugin_tsc::{Tsc, parse_output};

fn recorded(name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/recorded/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    String::from_utf8_lossy(&bytes).into_owned()
}

fn parse(name: &str, exit_code: i32) -> ParseOutcome {
    parse_output(Some(exit_code), &recorded(name), "", false)
}

/// (file, (line, column), rule) of one diagnostic.
type Key = (Option<String>, Option<(u32, u32)>, String);

/// The key of every diagnostic, in output order.
fn keys(outcome: &ParseOutcome) -> Vec<Key> {
    outcome
        .diagnostics
        .iter()
        .map(|d| {
            (
                d.file.clone(),
                d.start.map(|p| (p.line, p.column)),
                d.rule.clone(),
            )
        })
        .collect()
}

fn at(file: &str, line: u32, column: u32, rule: &str) -> Key {
    (Some(file.into()), Some((line, column)), rule.into())
}

const PROJECT: &[(&str, u32, u32, &str)] = &[
    ("src/(group) x/page.ts", 4, 23, "TS2345"),
    ("src/crlf.ts", 5, 14, "TS2322"),
    ("src/sub/nested.ts", 1, 32, "TS2307"),
    ("src/sub/nested.ts", 2, 35, "TS2304"),
    ("src/unicode.ts", 2, 41, "TS2322"),
    ("src/unicode.ts", 3, 40, "TS2322"),
];

#[test]
fn project_output_with_chains_and_odd_paths() {
    let outcome = parse("tsc7-project.stdout", 1);
    assert_eq!(outcome.failure, None);
    assert_eq!(outcome.skipped_records, 0);
    let expected: Vec<_> = PROJECT.iter().map(|&(f, l, c, r)| at(f, l, c, r)).collect();
    assert_eq!(keys(&outcome), expected);

    let chained = &outcome.diagnostics[1];
    assert_eq!(
        chained.message,
        "Type '(a: number) => void' is not assignable to type '(a: string) => void'.\n  \
         Types of parameters 'a' and 'a' are incompatible.\n    \
         Type 'string' is not assignable to type 'number'."
    );
    for d in &outcome.diagnostics {
        assert_eq!(d.severity, Severity::Error);
        assert_eq!(d.start.unwrap().unit, ColumnUnit::Utf16);
        assert_eq!(d.start.unwrap().byte_offset, None);
        assert!(d.end.is_none());
        assert!(d.fixes.is_empty(), "tsc never supplies edits");
        assert!(!d.message.contains('\r'));
    }
    assert_eq!(
        outcome.diagnostics[0].message,
        "Argument of type 'boolean' is not assignable to parameter of type 'number'."
    );
}

#[test]
fn crlf_output_parses_the_same() {
    let text = recorded("tsc7-project.stdout").replace('\n', "\r\n");
    let crlf = parse_output(Some(1), &text, "", false);
    let lf = parse("tsc7-project.stdout", 1);
    assert_eq!(crlf, lf);
}

#[test]
fn global_diagnostic_is_kept_without_file_and_with_its_chain() {
    let outcome = parse("tsc7-global.stdout", 1);
    assert_eq!(
        outcome.failure, None,
        "a global diagnostic is an issue, not a failure"
    );
    assert_eq!(outcome.diagnostics.len(), 1);
    let d = &outcome.diagnostics[0];
    assert_eq!(d.file, None);
    assert_eq!(d.start, None);
    assert_eq!(d.rule, "TS2688");
    assert_eq!(
        d.message,
        "Cannot find type definition file for 'missingpkg'.\n  The file is in the program because:\n    \
         Entry point of type library 'missingpkg' specified in compilerOptions"
    );
}

#[test]
fn syntax_error_output() {
    let outcome = parse("tsc7-syntax.stdout", 1);
    assert_eq!(outcome.failure, None);
    assert_eq!(keys(&outcome), vec![at("src/broken.ts", 2, 25, "TS1005")]);
    assert_eq!(outcome.diagnostics[0].message, "',' expected.");
}

#[test]
fn build_mode_status_lines_are_folded_away() {
    let outcome = parse("tsc7-build-verbose.stdout", 1);
    assert_eq!(outcome.failure, None);
    assert_eq!(outcome.skipped_records, 0, "status lines are not records");
    assert_eq!(
        keys(&outcome),
        vec![
            at("packages/a/src/a.ts", 1, 14, "TS2322"),
            at("packages/b/src/b.ts", 4, 3, "TS2345"),
        ]
    );
    // The indented project list never leaks into a message.
    for d in &outcome.diagnostics {
        assert!(!d.message.contains('\n'), "{}", d.message);
    }
}

#[test]
fn typescript_6_exit_code_2_means_issues() {
    let outcome = parse("tsc6-project.stdout", 2);
    assert_eq!(outcome.failure, None);
    assert_eq!(outcome.diagnostics.len(), 7);
    assert!(
        outcome
            .diagnostics
            .iter()
            .any(|d| d.file.as_deref() == Some("src/overload.ts")
                && d.start == Some(Position::new(3, 23, ColumnUnit::Utf16)))
    );
}

/// 5.9 and 4.9 print the same records as 7 for the same program (4.9 adds its own complaint
/// about `moduleResolution: "bundler"`, which it predates), with the exit code 2 of the
/// JavaScript compiler.
#[test]
fn typescript_5_and_4_9_project_outputs_match_7() {
    let native = parse("tsc7-project.stdout", 1);
    for (name, extra) in [("tsc5-project.stdout", 0), ("tsc4-project.stdout", 1)] {
        let outcome = parse(name, 2);
        assert_eq!(outcome.failure, None, "{name}");
        assert_eq!(outcome.skipped_records, 0, "{name}");
        assert_eq!(
            outcome.diagnostics.len(),
            native.diagnostics.len() + extra,
            "{name}"
        );
        // The three-deep chain of the crlf diagnostic folds the same way.
        assert_eq!(
            outcome.diagnostics[1].message, native.diagnostics[1].message,
            "{name}"
        );
        for d in &outcome.diagnostics {
            assert_eq!(d.start.unwrap().unit, ColumnUnit::Utf16);
        }
    }
    assert_eq!(keys(&parse("tsc5-project.stdout", 2)), keys(&native));
    let old = parse("tsc4-project.stdout", 2);
    let rules: Vec<_> = old.diagnostics.iter().map(|d| d.rule.as_str()).collect();
    // 4.9 words an unresolved import as TS2792 (its `moduleResolution` hint), not TS2307.
    assert_eq!(
        rules,
        [
            "TS2345", "TS2322", "TS2792", "TS2304", "TS2322", "TS2322", "TS6046"
        ]
    );
    let last = old.diagnostics.last().unwrap();
    assert_eq!(last.file.as_deref(), Some("tsconfig.json"));
    assert_eq!(last.start.map(|p| (p.line, p.column)), Some((7, 25)));
}

#[test]
fn typescript_5_syntax_global_and_build_outputs() {
    let syntax = parse("tsc5-syntax.stdout", 2);
    assert_eq!(keys(&syntax), keys(&parse("tsc7-syntax.stdout", 1)));
    let global = parse("tsc5-global.stdout", 2);
    assert_eq!(global.failure, None);
    assert_eq!(global.diagnostics.len(), 1);
    assert_eq!(global.diagnostics[0].file, None);
    assert_eq!(
        global.diagnostics[0].message,
        parse("tsc7-global.stdout", 1).diagnostics[0].message
    );
    // 5.9's build mode names each project by its absolute path in its status lines; they
    // are still status lines, and the diagnostics are the same as 7's.
    let build = parse("tsc5-build-verbose.stdout", 1);
    assert_eq!(build.failure, None);
    assert_eq!(build.skipped_records, 0);
    assert_eq!(keys(&build), keys(&parse("tsc7-build-verbose.stdout", 1)));
}

/// What the plan never asks of a JavaScript compiler, and what comes back if it did: flags
/// of 7 only (`--checkers`) and `--noEmit` in 4.9's build mode are invocation errors, never
/// a clean check.
#[test]
fn flags_older_compilers_refuse_are_failures() {
    for (name, code) in [
        ("tsc5-checkers.stdout", "TS5025"),
        ("tsc4-build.stdout", "TS5094"),
    ] {
        let outcome = parse(name, 1);
        let failure = outcome
            .failure
            .unwrap_or_else(|| panic!("{name} must fail"));
        assert!(failure.contains(code), "{name}: {failure}");
        assert!(failure.contains("did not check"), "{name}: {failure}");
    }
}

#[test]
fn help_screen_is_a_failure() {
    let outcome = parse("tsc7-help.stdout", 1);
    assert!(outcome.diagnostics.is_empty());
    let failure = outcome.failure.expect("help screen must fail");
    assert!(failure.contains("help screen"), "{failure}");
    assert!(failure.contains("exit code 1"), "{failure}");
}

#[test]
fn missing_tsconfig_is_a_failure_that_names_the_error() {
    let outcome = parse("tsc7-missing-tsconfig.stdout", 1);
    let failure = outcome.failure.expect("missing tsconfig must fail");
    assert!(failure.contains("TS5058"), "{failure}");
    assert!(failure.contains("nope/tsconfig.json"), "{failure}");
    assert!(
        failure.contains("[engines.tsc.options] tsconfigs"),
        "{failure}"
    );
    assert_eq!(outcome.diagnostics.len(), 1, "the diagnostic is kept");

    let outcome = parse("tsc7-unknown-flag.stdout", 1);
    assert!(outcome.failure.unwrap().contains("TS5023"));
}

#[test]
fn garbage_is_a_failure() {
    for code in [0, 1, 2] {
        let outcome = parse("garbage.stdout", code);
        assert!(outcome.diagnostics.is_empty());
        assert!(outcome.skipped_records >= 2);
        let failure = outcome.failure.expect("garbage must fail");
        assert!(failure.contains("Segmentation fault"), "{failure}");
    }
}

#[test]
fn bad_records_are_skipped_and_counted_with_their_chain() {
    let outcome = parse("tsc7-bad-record.stdout", 1);
    assert_eq!(outcome.failure, None, "one bad record never fails the run");
    assert_eq!(outcome.skipped_records, 2);
    assert_eq!(
        keys(&outcome),
        vec![
            at("src/(group) x/page.ts", 4, 23, "TS2345"),
            at("src/sub/nested.ts", 1, 32, "TS2307"),
            at("src/sub/nested.ts", 2, 35, "TS2304"),
            at("src/unicode.ts", 3, 40, "TS2322"),
        ]
    );
    // The chain of the broken crlf.ts record is not glued onto page.ts.
    assert!(!outcome.diagnostics[0].message.contains('\n'));
}

#[test]
fn exit_code_classification() {
    let project = recorded("tsc7-project.stdout");
    assert_eq!(parse_output(Some(0), "", "", false).failure, None);
    assert!(
        parse_output(Some(1), "", "", false)
            .failure
            .unwrap()
            .contains("printed nothing")
    );
    assert_eq!(parse_output(Some(1), &project, "", false).failure, None);
    assert_eq!(parse_output(Some(2), &project, "", false).failure, None);

    let killed = parse_output(None, &project, "", false);
    assert!(killed.failure.unwrap().contains("killed"));
    assert_eq!(
        killed.diagnostics.len(),
        6,
        "diagnostics read so far are kept"
    );

    let build = parse_output(Some(3), &project, "", false);
    assert!(build.failure.unwrap().contains("code 3"));

    let odd = parse_output(Some(7), &project, "", false);
    assert!(odd.failure.unwrap().contains("unexpected code 7"));

    let panic = parse_output(
        Some(2),
        "",
        "panic: runtime error: index out of range [3] with length 3\n\ngoroutine 1 [running]:\nmain.main()\n",
        false,
    );
    let failure = panic.failure.unwrap();
    assert!(failure.contains("crashed"), "{failure}");
    assert!(
        failure.contains("goroutine 1"),
        "stderr tail is in the message: {failure}"
    );

    let truncated = parse_output(Some(1), &project, "", true);
    assert!(truncated.failure.unwrap().contains("cap"));
}

#[test]
fn parse_through_the_plugin_boundary() {
    let invocation = Invocation::default().with_label("tsconfig.json");
    let request =
        ParseRequest::new("/p", invocation, Some(1)).with_stdout(recorded("tsc7-project.stdout"));
    let direct = Tsc::new().parse(&request).unwrap();
    let json = call_engine(
        &Tsc::new(),
        "parse",
        &serde_json::to_string(&request).unwrap(),
    )
    .unwrap();
    let across: ParseOutcome = serde_json::from_str(&json).unwrap();
    assert_eq!(direct, across);
    assert_eq!(across.diagnostics.len(), 6);
}

#[test]
fn manifest_describes_a_whole_program_engine() {
    let json = call_engine(&Tsc::new(), "manifest", "").unwrap();
    let manifest: signalint_plugin_api::PluginManifest = serde_json::from_str(&json).unwrap();
    assert_eq!(manifest.id, "tsc");
    let engine = manifest.engine.unwrap();
    assert_eq!(
        engine.scope,
        signalint_plugin_api::EngineScope::WholeProgram
    );
    // TypeScript 7's native binary, the native preview a `tsgo` project installs, then tsc.js.
    assert_eq!(engine.tool.candidates.len(), 3);
    assert!(
        engine.tool.candidates[0]
            .path
            .starts_with("node_modules/@typescript/typescript-")
    );
    assert!(
        engine.tool.candidates[1]
            .path
            .starts_with("node_modules/@typescript/native-preview-")
            && engine.tool.candidates[1].path.contains("/lib/tsgo"),
        "{:?}",
        engine.tool.candidates[1]
    );
    assert_eq!(engine.tool.candidates[0].launcher, None);
    assert_eq!(engine.tool.candidates[1].launcher, None);
    assert_eq!(
        engine.tool.candidates[2].path,
        "node_modules/typescript/lib/tsc.js"
    );
    assert_eq!(engine.tool.candidates[2].launcher.as_deref(), Some("node"));
    assert!(engine.config_files.contains(&"tsconfig.json".to_owned()));
    assert_eq!(engine.tool.version_range, ">=4.9.0, <8.0.0");
    // `compiler = "native"` picks a native binary only; the project's tsc.js has no name.
    assert_eq!(engine.tool.candidates[0].variant.as_deref(), Some("native"));
    assert_eq!(engine.tool.candidates[1].variant.as_deref(), Some("native"));
    assert_eq!(engine.tool.candidates[2].variant, None);
}

#[test]
fn every_prefix_of_the_output_parses_without_panicking() {
    // What a run cut short (timeout, output cap) leaves behind.
    let full = recorded("tsc7-project.stdout") + &recorded("tsc7-build-verbose.stdout");
    let complete = parse_output(Some(1), &full, "", false).diagnostics.len();
    for (cut, _) in full.char_indices() {
        let outcome = parse_output(None, &full[..cut], "", true);
        assert!(outcome.diagnostics.len() <= complete);
        assert!(outcome.failure.is_some(), "a cut run is never clean");
    }
}

#[test]
fn plan_through_the_plugin_boundary() {
    let request = signalint_plugin_api::PlanRequest::new(
        "/p",
        signalint_plugin_api::ResolvedTool::new("/p/tsc", "7.0.2"),
        vec!["src/a.ts".into()],
        "/p/.signalint/work/tsc",
    )
    .with_options(serde_json::json!({"tsconfigs": [{"path": "tsconfig.json", "solution": true}]}));
    let direct = Tsc::new().plan(&request).unwrap();
    let json = call_engine(
        &Tsc::new(),
        "plan",
        &serde_json::to_string(&request).unwrap(),
    )
    .unwrap();
    let across: signalint_plugin_api::Plan = serde_json::from_str(&json).unwrap();
    assert_eq!(direct, across);
    assert_eq!(across.invocations[0].args[0], "--build");

    let mut bad = request.clone();
    bad.options = serde_json::json!({"tsconfigs": "tsconfig.json"});
    let err = call_engine(&Tsc::new(), "plan", &serde_json::to_string(&bad).unwrap()).unwrap_err();
    assert!(
        err.message().contains("invalid [engines.tsc.options]"),
        "{err}"
    );
}
