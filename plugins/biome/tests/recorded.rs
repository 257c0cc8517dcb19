//! The parser on reports recorded from real Biome 2.6.8 runs (`tests/fixtures/recorded/`, see
//! its README for how each one was produced, and which ones are hand-made).

use signalint_plugin_api::{
    ColumnUnit, EngineAdapter, Invocation, ParseOutcome, ParseRequest, Position, ReportFile,
    Severity, call_engine,
};
use signalint_plugin_biome::{Biome, parse_reports};

fn recorded(name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/recorded/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    String::from_utf8_lossy(&bytes).into_owned()
}

fn parse(code: i32, json: Option<&str>, rdjson: Option<&str>) -> ParseOutcome {
    let json = json.map(recorded);
    let rdjson = rdjson.map(recorded);
    parse_reports(
        &[],
        Some(code),
        json.as_deref(),
        rdjson.as_deref(),
        "",
        &recorded("project.stderr"),
    )
}

type Key = (Option<String>, Option<(u32, u32)>, String);

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

/// What `project.json` holds, in order (code-point columns).
fn project_keys() -> Vec<Key> {
    vec![
        at("src/sub/nested.ts", 1, 18, "lint/style/useTemplate"),
        at(
            "src/(group) x/page.ts",
            1,
            22,
            "lint/suspicious/noExplicitAny",
        ),
        at("src/crlf.ts", 3, 3, "lint/style/useConst"),
        at(
            "src/sub/nested.ts",
            2,
            5,
            "lint/correctness/noUnusedVariables",
        ),
        at("src/unicode.ts", 2, 7, "lint/correctness/noUnusedVariables"),
        at("src/(group) x/page.ts", 2, 3, "lint/suspicious/noDebugger"),
        at(
            "src/(group) x/page.ts",
            3,
            12,
            "lint/suspicious/noDoubleEquals",
        ),
        at("src/broken.ts", 1, 19, "parse"),
        at("src/crlf.ts", 4, 3, "lint/suspicious/noDebugger"),
        (Some("src/missing.ts".into()), None, "fs/cantRead".into()),
        at("src/unicode.ts", 2, 22, "lint/suspicious/noDebugger"),
        at("src/unicode.ts", 3, 30, "lint/suspicious/noDoubleEquals"),
        at("src/unicode.ts", 3, 40, "lint/suspicious/noDebugger"),
        at("src/unicode.ts", 4, 21, "lint/suspicious/noDebugger"),
    ]
}

/// Diagnostics Biome supplied no edit for in `project.rdjson`.
const WITHOUT_FIX: &[&str] = &["lint/suspicious/noExplicitAny", "parse", "fs/cantRead"];

#[test]
fn project_reports_zip_into_diagnostics_with_fixes() {
    let outcome = parse(1, Some("project.json"), Some("project.rdjson"));
    assert_eq!(outcome.failure, None);
    assert_eq!(outcome.skipped_records, 0);
    assert_eq!(keys(&outcome), project_keys());

    for d in &outcome.diagnostics {
        if let Some(start) = d.start {
            assert_eq!(start.unit, ColumnUnit::CodePoints);
            let end = d.end.expect("a positioned diagnostic has an end");
            assert!((end.line, end.column) >= (start.line, start.column));
        } else {
            assert_eq!(d.end, None);
        }
        assert_eq!(
            d.fixes.is_empty(),
            WITHOUT_FIX.contains(&d.rule.as_str()),
            "{}",
            d.rule
        );
        if d.rule.starts_with("lint/") {
            assert!(
                d.url
                    .as_deref()
                    .unwrap()
                    .starts_with("https://biomejs.dev/linter/rules/")
            );
        }
    }

    // The severities: info, warnings and errors.
    let sev: Vec<Severity> = outcome.diagnostics.iter().map(|d| d.severity).collect();
    assert_eq!(sev[0], Severity::Info);
    assert_eq!(sev[1..5], [Severity::Warning; 4]);
    assert!(sev[5..].iter().all(|s| *s == Severity::Error));

    // `debugger;` after é, 日本語: code-point column 22 (bytes would be 29), deletion fix.
    let d = &outcome.diagnostics[10];
    assert_eq!(
        d.message,
        "This is an unexpected use of the debugger statement."
    );
    assert_eq!(
        d.url.as_deref(),
        Some("https://biomejs.dev/linter/rules/no-debugger")
    );
    assert_eq!(d.fixes.len(), 1);
    assert_eq!(d.fixes[0].new_text, "");
    assert_eq!(
        d.fixes[0].start,
        Position::new(2, 22, ColumnUnit::CodePoints)
    );

    // `==` → `===` is an insertion (empty range).
    let eq = &outcome.diagnostics[11];
    assert_eq!(eq.fixes[0].start, eq.fixes[0].end);
    assert_eq!(eq.fixes[0].new_text, "=");

    // The CRLF file: `let` → `const`; the debugger deletion spans the line break.
    let let_fix = &outcome.diagnostics[2].fixes[0];
    assert_eq!(let_fix.new_text, "const");
    let dbg = &outcome.diagnostics[8].fixes[0];
    assert!(dbg.start.line < dbg.end.line);

    // The file-level diagnostic keeps its path, has no position and no fix.
    let missing = &outcome.diagnostics[9];
    assert_eq!(missing.file.as_deref(), Some("src/missing.ts"));
    assert_eq!(missing.start, None);
    assert_eq!(missing.message, "Cannot read file.");
}

#[test]
fn file_too_large_is_a_file_level_warning_with_its_path() {
    let outcome = parse(0, Some("too-large.json"), Some("too-large.rdjson"));
    assert_eq!(outcome.failure, None);
    assert_eq!(outcome.diagnostics.len(), 1);
    let d = &outcome.diagnostics[0];
    assert_eq!(d.rule, "lint");
    assert_eq!(
        d.file.as_deref(),
        Some("src/crlf.ts"),
        "json keeps the path rdjson drops"
    );
    assert_eq!(d.start, None);
    assert_eq!(d.severity, Severity::Warning);
    assert!(d.fixes.is_empty());
}

#[test]
fn all_severities_and_odd_records() {
    let outcome = parse(1, Some("severities.json"), None);
    assert_eq!(outcome.failure, None);
    assert_eq!(
        outcome.skipped_records, 2,
        "a number and a record with a bad path"
    );
    let got: Vec<(String, Severity)> = outcome
        .diagnostics
        .iter()
        .map(|d| (d.rule.clone(), d.severity))
        .collect();
    assert_eq!(
        got,
        vec![
            ("lint/x/hintRule".to_owned(), Severity::Hint),
            ("lint/x/infoRule".to_owned(), Severity::Info),
            ("lint/x/warnRule".to_owned(), Severity::Warning),
            ("lint/x/errorRule".to_owned(), Severity::Error),
            ("lint/x/fatalRule".to_owned(), Severity::Error),
            ("lint/x/newLevel".to_owned(), Severity::Warning),
            ("flags/invalid".to_owned(), Severity::Error),
            ("biome".to_owned(), Severity::Warning),
            ("lint/x/markup".to_owned(), Severity::Error),
        ]
    );
    let d = &outcome.diagnostics;
    assert_eq!(d[2].help.as_deref(), Some("Safe fix: do it."));
    assert_eq!((d[6].file.as_deref(), d[6].start), (None, None));
    assert_eq!((d[7].file.as_deref(), d[7].start), (Some("b.ts"), None));
    assert_eq!(d[8].message, "markup message");
    assert!(d.iter().all(|d| d.fixes.is_empty()), "no rdjson, no fixes");
}

#[test]
fn a_bad_record_is_skipped_and_the_rest_still_zip() {
    let outcome = parse(1, Some("bad-record.json"), Some("project.rdjson"));
    assert_eq!(outcome.failure, None);
    assert_eq!(outcome.skipped_records, 1);
    let mut expected = project_keys();
    expected.remove(1);
    assert_eq!(keys(&outcome), expected);
    assert_eq!(outcome.diagnostics[1].fixes[0].new_text, "const");
}

#[test]
fn lengths_disagree_fall_back_to_matching_by_rule_and_position() {
    let outcome = parse(1, Some("project.json"), Some("mismatch.rdjson"));
    assert_eq!(outcome.failure, None);
    assert_eq!(
        outcome.skipped_records, 0,
        "every rdjson record found its diagnostic"
    );
    assert_eq!(
        keys(&outcome),
        project_keys(),
        "all json diagnostics are kept"
    );
    for d in &outcome.diagnostics {
        let expect_fix = !WITHOUT_FIX.contains(&d.rule.as_str()) && d.rule != "lint/style/useConst";
        assert_eq!(!d.fixes.is_empty(), expect_fix, "{}", d.rule);
    }
    // Fixes went to the right diagnostics, not shifted by one.
    let debugger = &outcome.diagnostics[10];
    assert_eq!(
        debugger.fixes[0].start,
        Position::new(2, 22, ColumnUnit::CodePoints)
    );

    let outcome = parse(1, Some("project.json"), Some("extra.rdjson"));
    assert_eq!(
        outcome.skipped_records, 1,
        "the unmatched rdjson record is counted"
    );
    assert_eq!(keys(&outcome), project_keys());
    assert_eq!(
        outcome
            .diagnostics
            .iter()
            .filter(|d| !d.fixes.is_empty())
            .count(),
        11
    );
}

#[test]
fn rdjson_alone_still_gives_diagnostics() {
    let outcome = parse(1, None, Some("project.rdjson"));
    assert_eq!(outcome.failure, None);
    assert_eq!(outcome.diagnostics.len(), 14);
    let missing = outcome
        .diagnostics
        .iter()
        .find(|d| d.rule == "fs/cantRead")
        .unwrap();
    assert_eq!(
        missing.file, None,
        "rdjson drops the path of file-level diagnostics"
    );
    assert_eq!(outcome.diagnostics[0].severity, Severity::Info);
}

#[test]
fn json_on_stdout_is_read_when_no_report_file_was_written() {
    let stdout = format!("some preamble\n{}", recorded("project.json"));
    let outcome = parse_reports(&[], Some(1), None, None, &stdout, "");
    assert_eq!(outcome.failure, None);
    assert_eq!(keys(&outcome), project_keys());
}

#[test]
fn config_error_without_report_is_a_failure_with_stderr() {
    let outcome = parse_reports(
        &[],
        Some(1),
        None,
        None,
        &recorded("config-error.stdout"),
        &recorded("config-error.stderr"),
    );
    assert!(outcome.diagnostics.is_empty());
    let failure = outcome.failure.expect("must fail");
    assert!(failure.contains("wrote no report file"), "{failure}");
    assert!(failure.contains("exit code 1"), "{failure}");
    assert!(
        failure.contains("Found an unknown key `bogus`"),
        "{failure}"
    );
    assert!(failure.contains("biome.json:1:3 deserialize"), "{failure}");
    assert!(
        failure.contains("configuration resulted in errors"),
        "stderr tail: {failure}"
    );
}

#[test]
fn unknown_flag_and_help_screen_are_failures() {
    let flag = parse_reports(
        &[],
        Some(1),
        None,
        None,
        &recorded("unknown-flag.stdout"),
        &recorded("unknown-flag.stderr"),
    );
    assert!(flag.failure.unwrap().contains("`--bogus` is not expected"));

    let help = parse_reports(&[], Some(0), None, None, &recorded("help.stdout"), "");
    assert!(help.failure.unwrap().contains("wrote no report file"));
}

#[test]
fn garbage_reports_are_a_failure() {
    let outcome = parse_reports(
        &[],
        Some(1),
        Some("Segmentation fault"),
        Some("{\"not\": \"a report\"}"),
        "",
        "boom",
    );
    assert!(outcome.diagnostics.is_empty());
    let failure = outcome.failure.unwrap();
    assert!(failure.contains("not Biome reports"), "{failure}");
    assert!(failure.contains("boom"), "{failure}");
}

#[test]
fn exit_code_classification() {
    let json = recorded("project.json");
    let ok = |code| parse_reports(&[], code, Some(&json), None, "", "");
    assert_eq!(ok(Some(1)).failure, None);
    assert!(ok(None).failure.unwrap().contains("killed"));
    let panic = ok(Some(101));
    assert!(panic.failure.unwrap().contains("unexpected code 101"));
    assert_eq!(panic.diagnostics.len(), 14, "diagnostics are kept");

    let warnings_only = recorded("too-large.json");
    assert_eq!(
        parse_reports(&[], Some(0), Some(&warnings_only), None, "", "").failure,
        None
    );
    assert!(
        parse_reports(&[], Some(1), Some(&warnings_only), None, "", "")
            .failure
            .unwrap()
            .contains("no error")
    );
    let args = vec!["--error-on-warnings".to_owned()];
    assert_eq!(
        parse_reports(&args, Some(1), Some(&warnings_only), None, "", "").failure,
        None
    );

    let internal = r#"{"diagnostics":[{"severity":"fatal","message":"Biome panicked","category":"internalError/panic"}]}"#;
    let outcome = parse_reports(&[], Some(1), Some(internal), None, "", "");
    assert!(outcome.failure.unwrap().contains("internalError/panic"));
    assert_eq!(outcome.diagnostics.len(), 1);
}

#[test]
fn parse_reads_report_files_through_the_plugin_boundary() {
    let invocation = Invocation::default().with_report_files(vec![
        "/w/biome-1-0.json".into(),
        "/w/biome-1-0.rdjson".into(),
    ]);
    let request = ParseRequest::new("/p", invocation, Some(1))
        .with_stderr(recorded("project.stderr"))
        .with_report_files(vec![
            ReportFile::new("/w/biome-1-0.rdjson", Some(recorded("project.rdjson"))),
            ReportFile::new("/w/biome-1-0.json", Some(recorded("project.json"))),
        ]);
    let direct = Biome::new().parse(&request).unwrap();
    let json = call_engine(
        &Biome::new(),
        "parse",
        &serde_json::to_string(&request).unwrap(),
    )
    .unwrap();
    let across: ParseOutcome = serde_json::from_str(&json).unwrap();
    assert_eq!(direct, across);
    assert_eq!(keys(&across), project_keys());
    assert_eq!(
        across
            .diagnostics
            .iter()
            .filter(|d| !d.fixes.is_empty())
            .count(),
        11
    );

    // The host could not read the files back.
    let mut lost = request.clone();
    lost.report_files.iter_mut().for_each(|f| f.contents = None);
    let failure = Biome::new().parse(&lost).unwrap().failure.unwrap();
    assert!(failure.contains("wrote no report file"), "{failure}");
}

#[test]
fn manifest_describes_a_file_local_engine() {
    let json = call_engine(&Biome::new(), "manifest", "").unwrap();
    let manifest: signalint_plugin_api::PluginManifest = serde_json::from_str(&json).unwrap();
    assert_eq!(manifest.id, "biome");
    let engine = manifest.engine.unwrap();
    assert_eq!(engine.scope, signalint_plugin_api::EngineScope::FileLocal);
    assert_eq!(engine.config_files, ["biome.json", "biome.jsonc"]);
    assert!(
        engine.tool.candidates[0]
            .path
            .starts_with("node_modules/@biomejs/cli-")
    );
    assert!(engine.tool.candidates.iter().all(|c| c.launcher.is_none()));
    assert!(engine.extensions.contains(&"ts".to_owned()));
}

#[test]
fn every_prefix_of_a_report_parses_without_panicking() {
    // What a run cut short leaves behind: never a panic, never a clean run with lost records.
    let json = recorded("project.json");
    let rdjson = recorded("project.rdjson");
    for (cut, _) in json.char_indices().step_by(7) {
        let outcome = parse_reports(&[], Some(1), Some(&json[..cut]), None, "", "");
        assert!(outcome.failure.is_some(), "cut at {cut}");
        assert!(outcome.diagnostics.is_empty());
    }
    for (cut, _) in rdjson.char_indices().step_by(7) {
        let outcome = parse_reports(&[], Some(1), Some(&json), Some(&rdjson[..cut]), "", "");
        assert_eq!(
            outcome.diagnostics.len(),
            14,
            "json alone still gives every diagnostic"
        );
    }
}

#[test]
fn plan_through_the_plugin_boundary() {
    let request = signalint_plugin_api::PlanRequest::new(
        "/p",
        // 2.5 plans both reports and never looks at the (here absent) files.
        signalint_plugin_api::ResolvedTool::new("/p/biome", "2.5.1"),
        vec!["src/a.ts".into(), "src/(x) y/b.ts".into()],
        "/p/.signalint/work/biome",
    )
    .with_options(serde_json::json!({"files_max_size": 2048}));
    let json = call_engine(
        &Biome::new(),
        "plan",
        &serde_json::to_string(&request).unwrap(),
    )
    .unwrap();
    let plan: signalint_plugin_api::Plan = serde_json::from_str(&json).unwrap();
    assert_eq!(plan.invocations.len(), 1);
    let inv = &plan.invocations[0];
    assert_eq!(inv.covers, ["src/a.ts", "src/(x) y/b.ts"]);
    assert!(inv.args.contains(&"--files-max-size=2048".to_owned()));
    assert!(
        inv.report_files
            .iter()
            .all(|r| r.starts_with("/p/.signalint/work/biome/biome-"))
    );
}

/// A request as the host sends it after running `invocation`, with the rdjson report only.
fn rdjson_only_request(covers: &[&str], rdjson: &str) -> ParseRequest {
    let path = "/p/.signalint/work/biome-1-0.rdjson".to_owned();
    let invocation = Invocation::new("/p/biome", vec![])
        .with_covers(covers.iter().map(|f| (*f).to_owned()).collect())
        .with_report_files(vec![path.clone()]);
    ParseRequest::new("/p", invocation, Some(0))
        .with_report_files(vec![ReportFile::new(path, Some(recorded(rdjson)))])
}

#[test]
fn rdjson_alone_names_the_file_of_a_one_file_run() {
    let outcome = Biome::new()
        .parse(&rdjson_only_request(&["src/crlf.ts"], "too-large.rdjson"))
        .unwrap();
    assert_eq!(outcome.failure, None);
    assert_eq!(outcome.diagnostics.len(), 1);
    let d = &outcome.diagnostics[0];
    assert_eq!(d.file.as_deref(), Some("src/crlf.ts"));
    assert_eq!((d.rule.as_str(), d.severity), ("lint", Severity::Warning));
    assert!(d.start.is_none());

    // Several files: rdjson does not say which one, and nothing is guessed.
    let outcome = Biome::new()
        .parse(&rdjson_only_request(
            &["src/crlf.ts", "src/clean.ts"],
            "too-large.rdjson",
        ))
        .unwrap();
    assert_eq!(outcome.diagnostics[0].file, None);
}
