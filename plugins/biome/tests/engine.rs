//! End to end against the real, pinned Biome binary from `test-engines/`: plan, run every
//! invocation the way the host does (cwd = project root, report files read back), parse, and
//! check that every diagnostic Biome reported comes back exactly once with the expected rule,
//! line and column (Biome's own unit: Unicode code points, 1-based).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use signalint_plugin_api::{
    ColumnUnit, EngineAdapter, Invocation, ParseOutcome, ParseRequest, PlanRequest, ReportFile,
    ResolvedTool,
};
use signalint_plugin_biome::{Biome, native_binary_paths};

const TEST_ENGINES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../test-engines");

fn biome_binary() -> PathBuf {
    let candidates = native_binary_paths();
    candidates
        .iter()
        .map(|c| Path::new(TEST_ENGINES).join(c))
        .find(|p| p.is_file())
        .unwrap_or_else(|| {
            panic!(
                "the pinned Biome binary is missing (looked for {candidates:?} under \
                 {TEST_ENGINES}): run `npm install --prefix test-engines` in the workspace root"
            )
        })
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A copy of `tests/fixtures/project` with the host's work directory created.
fn project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/project");
    copy_dir(&source, dir.path());
    std::fs::create_dir_all(dir.path().join(".signalint/work")).unwrap();
    dir
}

const FILES: &[&str] = &[
    "src/unicode.ts",
    "src/crlf.ts",
    "src/sub/nested.ts",
    "src/(group) x/page.ts",
    "src/clean.ts",
    "src/broken.ts",
    "src/missing.ts",
];

/// A request for `biome lint` (most tests here are about the lint reports) with `options`.
fn plan_request(root: &Path, files: &[&str], options: serde_json::Value) -> PlanRequest {
    let mut options = match options {
        serde_json::Value::Object(map) => map,
        _ => serde_json::Map::new(),
    };
    options
        .entry("command")
        .or_insert_with(|| serde_json::json!("lint"));
    plan_request_with(root, files, serde_json::Value::Object(options))
}

fn plan_request_with(root: &Path, files: &[&str], options: serde_json::Value) -> PlanRequest {
    let out = Command::new(biome_binary())
        .arg("--version")
        .output()
        .unwrap();
    let version = String::from_utf8_lossy(&out.stdout)
        .trim()
        .trim_start_matches("Version: ")
        .to_owned();
    PlanRequest::new(
        root.to_string_lossy(),
        ResolvedTool::new(biome_binary().to_string_lossy(), version),
        files.iter().map(|f| f.to_string()).collect(),
        root.join(".signalint/work").to_string_lossy(),
    )
    .with_options(options)
}

/// Runs one invocation like the host: cwd = project root unless set, its stdin file piped in,
/// report files read back.
/// Runs `invocation` as the host does; `fixes`: its plan was asked for the fixes a check
/// leaves out.
fn run(root: &Path, invocation: &Invocation, fixes: bool) -> ParseRequest {
    use std::io::Write;
    let stdin = invocation
        .stdin_file
        .as_ref()
        .map(|file| std::fs::read_to_string(root.join(file)).unwrap());
    let mut child = Command::new(&invocation.program)
        .args(&invocation.args)
        .envs(&invocation.env)
        .env("NO_COLOR", "1")
        .current_dir(invocation.cwd.as_deref().map_or(root, Path::new))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", invocation.program));
    let mut input = child.stdin.take().unwrap();
    input
        .write_all(stdin.as_deref().unwrap_or_default().as_bytes())
        .unwrap();
    drop(input);
    let output = child.wait_with_output().unwrap();
    let request = ParseRequest::new(
        root.to_string_lossy(),
        invocation.clone(),
        output.status.code(),
    )
    .with_stdout(String::from_utf8_lossy(&output.stdout))
    .with_stderr(String::from_utf8_lossy(&output.stderr))
    .with_fixes(fixes)
    .with_report_files(
        invocation
            .report_files
            .iter()
            .map(|p| ReportFile::new(p, std::fs::read_to_string(p).ok()))
            .collect(),
    );
    match stdin {
        Some(text) => request.with_stdin(text),
        None => request,
    }
}

/// How many diagnostics a report file lists (read independently of the adapter).
fn reported(raw: &ParseRequest, extension: &str) -> usize {
    let file = raw
        .report_files
        .iter()
        .find(|f| f.path.ends_with(extension))
        .unwrap_or_else(|| panic!("no {extension} report planned"));
    let text = file
        .contents
        .as_deref()
        .unwrap_or_else(|| panic!("biome wrote no {extension} report; stderr:\n{}", raw.stderr));
    let value: serde_json::Value = serde_json::from_str(text).unwrap();
    value["diagnostics"].as_array().unwrap().len()
}

type Key = (Option<String>, Option<(u32, u32)>, String);

fn key(file: &str, pos: Option<(u32, u32)>, rule: &str) -> Key {
    (Some(file.to_owned()), pos, rule.to_owned())
}

/// Every diagnostic Biome reports on `FILES`, with code-point columns.
fn expected() -> BTreeSet<Key> {
    [
        // é, 日本語 before `héllo` / `debugger`: code points 7 and 22 (bytes 7 and 29).
        key(
            "src/unicode.ts",
            Some((2, 7)),
            "lint/correctness/noUnusedVariables",
        ),
        key(
            "src/unicode.ts",
            Some((2, 22)),
            "lint/suspicious/noDebugger",
        ),
        // 😀😀 before `==` and `debugger`: code points 30 and 40 (UTF-16 32 and 42).
        key(
            "src/unicode.ts",
            Some((3, 30)),
            "lint/suspicious/noDoubleEquals",
        ),
        key(
            "src/unicode.ts",
            Some((3, 40)),
            "lint/suspicious/noDebugger",
        ),
        // é and a ZWJ family emoji: code point 21 (UTF-16 24, bytes 35).
        key(
            "src/unicode.ts",
            Some((4, 21)),
            "lint/suspicious/noDebugger",
        ),
        // CRLF line endings.
        key("src/crlf.ts", Some((3, 3)), "lint/style/useConst"),
        key("src/crlf.ts", Some((4, 3)), "lint/suspicious/noDebugger"),
        key("src/sub/nested.ts", Some((1, 18)), "lint/style/useTemplate"),
        key(
            "src/sub/nested.ts",
            Some((2, 5)),
            "lint/correctness/noUnusedVariables",
        ),
        key(
            "src/(group) x/page.ts",
            Some((1, 22)),
            "lint/suspicious/noExplicitAny",
        ),
        key(
            "src/(group) x/page.ts",
            Some((2, 3)),
            "lint/suspicious/noDebugger",
        ),
        key(
            "src/(group) x/page.ts",
            Some((3, 12)),
            "lint/suspicious/noDoubleEquals",
        ),
        // After 日本 (two code points).
        key("src/broken.ts", Some((1, 19)), "parse"),
        // A file-level diagnostic: no position.
        key("src/missing.ts", None, "fs/cantRead"),
    ]
    .into_iter()
    .collect()
}

fn key_of(d: &signalint_plugin_api::Diagnostic) -> Key {
    (
        d.file.clone(),
        d.start.map(|p| (p.line, p.column)),
        d.rule.clone(),
    )
}

/// Plans, runs and parses; checks conservation per invocation; returns all outcomes.
/// Plans, runs and parses like the host, follow-up runs included (after the planned ones).
fn check(root: &Path, request: &PlanRequest) -> Vec<(Invocation, ParseOutcome)> {
    let plan = Biome::new().plan(request).unwrap();
    let mut results = check_runs(root, plan.invocations, request.fixes);
    let follow_ups: Vec<Invocation> = results
        .iter_mut()
        .flat_map(|(_, o)| std::mem::take(&mut o.follow_ups))
        .collect();
    for invocation in follow_ups {
        let raw = run(root, &invocation, request.fixes);
        let outcome = Biome::new().parse(&raw).unwrap();
        assert_eq!(outcome.failure, None, "stderr:\n{}", raw.stderr);
        assert!(outcome.follow_ups.is_empty());
        results.push((invocation, outcome));
    }
    results
}

fn check_runs(
    root: &Path,
    invocations: Vec<Invocation>,
    fixes: bool,
) -> Vec<(Invocation, ParseOutcome)> {
    invocations
        .into_iter()
        .map(|invocation| {
            let raw = run(root, &invocation, fixes);
            let outcome = Biome::new().parse(&raw).unwrap();
            assert_eq!(outcome.failure, None, "stderr:\n{}", raw.stderr);
            assert_eq!(outcome.skipped_records, 0);
            assert_eq!(
                outcome.diagnostics.len() + outcome.follow_ups.len(),
                reported(&raw, ".rdjson"),
                "every diagnostic is parsed exactly once (a formatting one as a follow-up run)"
            );
            if raw.report_files.iter().any(|f| f.path.ends_with(".json")) {
                assert_eq!(reported(&raw, ".json"), reported(&raw, ".rdjson"));
            }
            for d in &outcome.diagnostics {
                if let Some(start) = d.start {
                    assert_eq!(start.unit, ColumnUnit::CodePoints);
                }
                if let Some(file) = &d.file {
                    assert!(
                        invocation.covers.contains(file),
                        "{file} is not covered by {:?}",
                        invocation.covers
                    );
                }
            }
            (invocation, outcome)
        })
        .collect()
}

fn all_keys(results: &[(Invocation, ParseOutcome)]) -> Vec<Key> {
    let mut keys: Vec<Key> = results
        .iter()
        .flat_map(|(_, o)| o.diagnostics.iter().map(key_of))
        .collect();
    keys.sort();
    keys
}

#[test]
fn every_reported_diagnostic_comes_back_once() {
    let dir = project();
    let root = dir.path();
    let results = check(root, &plan_request(root, FILES, serde_json::Value::Null));
    // The missing file runs alone, so that its file-level diagnostic keeps its path.
    let covers: Vec<&[String]> = results.iter().map(|(i, _)| &i.covers[..]).collect();
    assert_eq!(covers.len(), 2, "{covers:?}");
    assert_eq!(covers[1], ["src/missing.ts"]);
    let keys = all_keys(&results);
    assert_eq!(keys, expected().into_iter().collect::<Vec<_>>());

    for d in results.iter().flat_map(|(_, o)| &o.diagnostics) {
        let has_edit = !matches!(
            d.rule.as_str(),
            "lint/suspicious/noExplicitAny" | "parse" | "fs/cantRead"
        );
        assert_eq!(!d.fixes.is_empty(), has_edit, "{}", d.rule);
        for edit in &d.fixes {
            assert_eq!(edit.start.unit, ColumnUnit::CodePoints);
        }
    }
    let dbg = results[0]
        .1
        .diagnostics
        .iter()
        .find(|d| d.file.as_deref() == Some("src/unicode.ts") && d.start.unwrap().line == 4)
        .unwrap();
    assert_eq!(dbg.end.unwrap().column, 30, "exclusive end, code points");
    assert_eq!(
        dbg.url.as_deref(),
        Some("https://biomejs.dev/linter/rules/no-debugger")
    );
}

#[test]
fn split_invocations_cover_each_file_once_and_conserve_diagnostics() {
    let dir = project();
    let root = dir.path();
    let request = plan_request(root, FILES, serde_json::json!({"batch_bytes": 40}));
    let results = check(root, &request);
    assert!(results.len() >= 3, "{} invocations", results.len());
    let mut covered: Vec<&String> = results.iter().flat_map(|(i, _)| &i.covers).collect();
    covered.sort();
    let mut files: Vec<&str> = FILES.to_vec();
    files.sort();
    assert_eq!(covered, files);
    assert_eq!(
        all_keys(&results),
        expected().into_iter().collect::<Vec<_>>()
    );
}

#[test]
fn file_too_large_is_kept_as_a_file_level_diagnostic() {
    let dir = project();
    let root = dir.path();
    let request = plan_request(
        root,
        &["src/crlf.ts", "src/clean.ts"],
        serde_json::json!({"files_max_size": 50}),
    );
    let results = check(root, &request);
    let keys = all_keys(&results);
    assert_eq!(keys, vec![key("src/crlf.ts", None, "lint")]);
}

#[test]
fn missing_work_dir_is_a_failure_not_a_clean_run() {
    let dir = project();
    let root = dir.path();
    let mut request = plan_request(root, &["src/unicode.ts"], serde_json::Value::Null);
    request.work_dir = root.join("no/such/dir").to_string_lossy().into_owned();
    let plan = Biome::new().plan(&request).unwrap();
    let raw = run(root, &plan.invocations[0], false);
    let outcome = Biome::new().parse(&raw).unwrap();
    let failure = outcome.failure.expect("must fail");
    assert!(failure.contains("wrote no report file"), "{failure}");
    assert!(failure.contains("internalError/io"), "{failure}");
}

/// `biome check`, the default: formatting and import sorting are diagnostics beside the lint
/// rules, every record of the report comes back once with its file, and a fix is safe exactly
/// when Biome's own advice says so.
#[test]
fn check_reports_formatting_and_import_sorting_with_biome_s_safety() {
    let dir = project();
    let root = dir.path();
    std::fs::write(
        root.join("src/imports.ts"),
        "import { b } from \"./b\";\nimport { a } from \"./a\";\nlet x = a + b;\nexport { x };\n",
    )
    .unwrap();
    let files = ["src/imports.ts", "src/crlf.ts", "src/clean.ts"];
    let results = check(
        root,
        &plan_request_with(root, &files, serde_json::Value::Null),
    );
    let diagnostics: Vec<&signalint_plugin_api::Diagnostic> =
        results.iter().flat_map(|(_, o)| &o.diagnostics).collect();
    let rules: std::collections::BTreeSet<(&str, &str)> = diagnostics
        .iter()
        .map(|d| (d.file.as_deref().unwrap_or(""), d.rule.as_str()))
        .collect();
    for expected in [
        ("src/imports.ts", "assist/source/organizeImports"),
        ("src/imports.ts", "lint/style/useConst"),
        ("src/crlf.ts", "format"),
        ("src/crlf.ts", "lint/style/useConst"),
    ] {
        assert!(rules.contains(&expected), "{expected:?} in {rules:?}");
    }
    let sorting = diagnostics
        .iter()
        .find(|d| d.rule == "assist/source/organizeImports")
        .unwrap();
    assert!(!sorting.fixes.is_empty(), "the sorted imports as an edit");
    assert_eq!(
        sorting.fix_safety,
        Some(signalint_plugin_api::FixSafety::Safe),
        "Biome says `Safe fix: Organize imports`"
    );
    let use_const = diagnostics
        .iter()
        .find(|d| d.rule == "lint/style/useConst")
        .unwrap();
    assert_eq!(
        use_const.fix_safety,
        Some(signalint_plugin_api::FixSafety::Safe)
    );
    // Biome gives no safety advice for removing a debugger statement: never called safe.
    for d in diagnostics
        .iter()
        .filter(|d| d.rule == "lint/suspicious/noDebugger")
    {
        assert_ne!(d.fix_safety, Some(signalint_plugin_api::FixSafety::Safe));
    }
}

/// Applies edits by their byte offsets, last first, as an editor applies a fix.
fn apply(text: &str, edits: &[signalint_plugin_api::TextEdit]) -> String {
    let mut out = text.to_owned();
    let mut sorted: Vec<_> = edits.iter().collect();
    sorted.sort_by_key(|e| std::cmp::Reverse(e.start.byte_offset));
    for e in sorted {
        let from = e.start.byte_offset.unwrap() as usize;
        let to = e.end.byte_offset.unwrap() as usize;
        out.replace_range(from..to, &e.new_text);
    }
    out
}

/// A check states each unformatted file's safe fix without running the formatter; asked for
/// fixes, the finding carries the edits that turn the file into exactly what `biome format`
/// prints for it, with a summary a person reads.
#[test]
fn a_formatting_finding_s_fix_gives_biome_format_s_output() {
    let dir = project();
    let root = dir.path();
    let messy =
        "const a   = {x:1,\n  y:2}\nfunction f(){return \"日本\"}\n// keep\nexport  { a,f };\n";
    std::fs::write(root.join("src/messy.ts"), messy).unwrap();
    let files = ["src/messy.ts", "src/crlf.ts", "src/clean.ts"];
    let request = plan_request_with(root, &files, serde_json::Value::Null);
    let checked = check(root, &request);
    let pending: BTreeSet<&str> = checked
        .iter()
        .flat_map(|(_, o)| &o.diagnostics)
        .filter(|d| d.rule == "format")
        .inspect(|d| {
            assert!(d.fixes.is_empty(), "a check runs no formatter: {d:?}");
            assert_eq!(d.fix_safety, Some(signalint_plugin_api::FixSafety::Safe));
            assert_eq!(d.message, "file is not formatted as Biome formats it");
        })
        .filter_map(|d| d.file.as_deref())
        .collect();
    assert_eq!(pending, BTreeSet::from(["src/crlf.ts", "src/messy.ts"]));
    assert!(
        checked.iter().all(|(i, _)| i.stdin_file.is_none()),
        "no follow-up run in a check"
    );

    let results = check(root, &request.with_fixes(true));
    let formats: Vec<&signalint_plugin_api::Diagnostic> = results
        .iter()
        .flat_map(|(_, o)| &o.diagnostics)
        .filter(|d| d.rule == "format")
        .collect();
    let files_flagged: BTreeSet<&str> = formats.iter().filter_map(|d| d.file.as_deref()).collect();
    assert_eq!(
        files_flagged,
        BTreeSet::from(["src/crlf.ts", "src/messy.ts"]),
        "one finding per unformatted file: {formats:?}"
    );
    for d in formats {
        let file = d.file.as_deref().unwrap();
        assert_eq!(d.message, "file is not formatted as Biome formats it");
        let help = d.help.as_deref().unwrap();
        assert!(help.starts_with("Biome's formatter changes "), "{help}");
        assert_eq!(d.fix_safety, Some(signalint_plugin_api::FixSafety::Safe));
        let original = std::fs::read_to_string(root.join(file)).unwrap();
        let expected = Command::new(biome_binary())
            .args(["format", &format!("--stdin-file-path={file}")])
            .current_dir(root)
            .stdin(std::fs::File::open(root.join(file)).unwrap())
            .output()
            .unwrap();
        assert!(expected.status.success());
        let expected = String::from_utf8(expected.stdout).unwrap();
        assert_ne!(original, expected);
        assert_eq!(apply(&original, &d.fixes), expected, "{file}");
        // Minimal: no edit spans the whole file.
        assert!(
            d.fixes.iter().all(|e| e.new_text.len() < expected.len()),
            "{file}"
        );
    }
}
