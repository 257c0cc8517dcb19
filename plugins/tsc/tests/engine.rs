//! End to end against the real, pinned TypeScript 7 binary from `test-engines/`: plan, run
//! every invocation the way the host does, parse, and check that every diagnostic tsc printed
//! comes back exactly once with the expected rule, line and column (tsc's own unit: UTF-16 code
//! units, 1-based).

use std::path::{Path, PathBuf};
use std::process::Command;

use signalint_plugin_api::{
    ColumnUnit, EngineAdapter, Invocation, ParseOutcome, ParseRequest, PlanRequest, ReportFile,
    ResolvedTool,
};
use signalint_plugin_tsc::{Tsc, native_binary_path};

const TEST_ENGINES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../test-engines");

fn tsc_binary() -> PathBuf {
    let path = Path::new(TEST_ENGINES).join(native_binary_path());
    assert!(
        path.is_file(),
        "the pinned TypeScript binary is missing at {}: run `npm install --prefix test-engines` in the \
         workspace root",
        path.display()
    );
    path
}

fn tsc_version(binary: &Path) -> String {
    let out = Command::new(binary).arg("--version").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    text.trim().trim_start_matches("Version ").to_owned()
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

/// A copy of `tests/fixtures/<name>` in a fresh temporary directory.
fn fixture(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let source = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    copy_dir(&source, dir.path());
    dir
}

fn plan_request(root: &Path, files: &[&str], options: serde_json::Value) -> PlanRequest {
    let binary = tsc_binary();
    PlanRequest::new(
        root.to_string_lossy(),
        ResolvedTool::new(binary.to_string_lossy(), tsc_version(&binary)),
        files.iter().map(|f| f.to_string()).collect(),
        root.join(".signalint/work").to_string_lossy(),
    )
    .with_whole_project(files.is_empty())
    .with_options(options)
}

/// Runs one invocation like the host: cwd = project root unless set, report files read back.
fn run(root: &Path, invocation: &Invocation) -> ParseRequest {
    let output = Command::new(&invocation.program)
        .args(&invocation.args)
        .envs(&invocation.env)
        .env("NO_COLOR", "1")
        .current_dir(invocation.cwd.as_deref().map_or(root, Path::new))
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", invocation.program));
    ParseRequest::new(
        root.to_string_lossy(),
        invocation.clone(),
        output.status.code(),
    )
    .with_stdout(String::from_utf8_lossy(&output.stdout))
    .with_stderr(String::from_utf8_lossy(&output.stderr))
    .with_report_files(
        invocation
            .report_files
            .iter()
            .map(|p| ReportFile::new(p, std::fs::read_to_string(p).ok()))
            .collect(),
    )
}

/// Head lines tsc printed (every line that is not indented and carries a `TS<code>: `).
fn printed_heads(stdout: &str) -> usize {
    stdout
        .lines()
        .filter(|l| !l.starts_with(' ') && l.contains(" TS") && l.contains(": "))
        .count()
}

type Key = (Option<String>, Option<(u32, u32)>, String);

fn key(file: Option<&str>, pos: Option<(u32, u32)>, rule: &str) -> Key {
    (file.map(String::from), pos, rule.to_owned())
}

/// Plans, runs and parses; asserts conservation against the raw output, returns the outcomes.
fn check(root: &Path, request: &PlanRequest) -> Vec<(Invocation, ParseRequest, ParseOutcome)> {
    let plan = Tsc::new().plan(request).unwrap();
    plan.invocations
        .into_iter()
        .map(|invocation| {
            let raw = run(root, &invocation);
            let outcome = Tsc::new().parse(&raw).unwrap();
            assert_eq!(
                outcome.diagnostics.len(),
                printed_heads(&raw.stdout),
                "every printed diagnostic is parsed exactly once; stdout:\n{}",
                raw.stdout
            );
            for d in &outcome.diagnostics {
                if let Some(start) = d.start {
                    assert_eq!(start.unit, ColumnUnit::Utf16);
                }
                assert!(d.fixes.is_empty());
            }
            (invocation, raw, outcome)
        })
        .collect()
}

fn sorted_keys(outcome: &ParseOutcome) -> Vec<Key> {
    let mut keys: Vec<Key> = outcome
        .diagnostics
        .iter()
        .map(|d| {
            (
                d.file.clone(),
                d.start.map(|p| (p.line, p.column)),
                d.rule.clone(),
            )
        })
        .collect();
    keys.sort();
    keys
}

#[test]
fn project_with_unicode_crlf_subfolder_and_odd_path() {
    let dir = fixture("project");
    let root = dir.path();
    let request = plan_request(root, &[], serde_json::Value::Null);

    let mut expected = vec![
        // `take(true)` in a folder with a space and parentheses.
        key(Some("src/(group) x/page.ts"), Some((4, 23)), "TS2345"),
        // CRLF file; the chained message is folded.
        key(Some("src/crlf.ts"), Some((5, 14)), "TS2322"),
        key(Some("src/sub/nested.ts"), Some((1, 32)), "TS2307"),
        key(Some("src/sub/nested.ts"), Some((2, 35)), "TS2304"),
        // é, 日本語, 😀 before `n`: UTF-16 column 41 (code points 40, bytes 50).
        key(Some("src/unicode.ts"), Some((2, 41)), "TS2322"),
        // A ZWJ family emoji before `m`: UTF-16 column 40 (code points 37, bytes 51).
        key(Some("src/unicode.ts"), Some((3, 40)), "TS2322"),
    ];
    expected.sort();

    for round in ["cold", "incremental replay"] {
        let results = check(root, &request);
        assert_eq!(results.len(), 1, "one tsconfig, one invocation");
        let (invocation, raw, outcome) = &results[0];
        assert_eq!(invocation.label, "tsconfig.json");
        assert_eq!(raw.exit_code, Some(1));
        assert_eq!(outcome.failure, None, "{round}: {:?}", outcome.failure);
        assert_eq!(outcome.skipped_records, 0);
        assert_eq!(sorted_keys(outcome), expected, "{round}");
        let chained = outcome
            .diagnostics
            .iter()
            .find(|d| d.file.as_deref() == Some("src/crlf.ts"))
            .unwrap();
        assert!(
            chained
                .message
                .ends_with("\n    Type 'string' is not assignable to type 'number'."),
            "{}",
            chained.message
        );
    }
    let build_info: Vec<_> = std::fs::read_dir(root.join(".signalint/work/tsc"))
        .expect("build info directory")
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(build_info.len(), 1);
    assert!(build_info[0].ends_with(".tsbuildinfo"));
    assert!(
        !root.join("tsconfig.tsbuildinfo").exists(),
        "the repository stays clean"
    );
}

#[test]
fn syntax_error_hides_semantic_errors() {
    let dir = fixture("project-syntax");
    let request = plan_request(dir.path(), &["src/broken.ts"], serde_json::Value::Null);
    let results = check(dir.path(), &request);
    let outcome = &results[0].2;
    assert_eq!(outcome.failure, None);
    // `{ b: 1 c: 2 }` after 日本語 😀 on the line above: only the syntax error is reported, the
    // type error in src/typed.ts is not.
    assert_eq!(
        sorted_keys(outcome),
        vec![key(Some("src/broken.ts"), Some((2, 25)), "TS1005")]
    );
}

#[test]
fn global_diagnostic_without_a_file() {
    let dir = fixture("project-global");
    let request = plan_request(dir.path(), &["src/index.ts"], serde_json::Value::Null);
    let results = check(dir.path(), &request);
    let outcome = &results[0].2;
    assert_eq!(outcome.failure, None);
    assert_eq!(sorted_keys(outcome), vec![key(None, None, "TS2688")]);
    assert!(
        outcome.diagnostics[0]
            .message
            .contains("\n  The file is in the program because:")
    );
}

#[test]
fn solution_config_runs_in_build_mode() {
    let dir = fixture("project-solution");
    let options = serde_json::json!({"tsconfigs": [{"path": "tsconfig.json", "solution": true}]});
    let request = plan_request(dir.path(), &["packages/b/src/b.ts"], options);
    let results = check(dir.path(), &request);
    assert_eq!(results.len(), 1);
    let (invocation, _, outcome) = &results[0];
    assert!(invocation.args.contains(&"--build".to_owned()));
    assert_eq!(outcome.failure, None);
    assert_eq!(
        sorted_keys(outcome),
        vec![
            key(Some("packages/a/src/a.ts"), Some((1, 14)), "TS2322"),
            key(Some("packages/b/src/b.ts"), Some((4, 3)), "TS2345"),
        ]
    );
}

#[test]
fn one_invocation_per_reached_tsconfig() {
    let dir = fixture("project-solution");
    let options = serde_json::json!({"tsconfigs": [
        {"path": "packages/a/tsconfig.json"},
        {"path": "packages/b/tsconfig.json"}
    ]});
    let request = plan_request(dir.path(), &["packages/b/src/b.ts"], options.clone());
    let results = check(dir.path(), &request);
    assert_eq!(results.len(), 1);
    assert_eq!(results[0].0.label, "packages/b/tsconfig.json");
    assert_eq!(
        sorted_keys(&results[0].2),
        vec![key(Some("packages/b/src/b.ts"), Some((4, 3)), "TS2345")]
    );

    let request = plan_request(dir.path(), &[], options);
    let results = check(dir.path(), &request);
    let labels: Vec<_> = results.iter().map(|r| r.0.label.as_str()).collect();
    assert_eq!(
        labels,
        ["packages/a/tsconfig.json", "packages/b/tsconfig.json"]
    );
    assert_eq!(
        sorted_keys(&results[0].2),
        vec![key(Some("packages/a/src/a.ts"), Some((1, 14)), "TS2322")]
    );
}

#[test]
fn missing_tsconfig_is_a_failure() {
    let dir = fixture("project");
    let options = serde_json::json!({"tsconfigs": [{"path": "nope/tsconfig.json"}]});
    let request = plan_request(dir.path(), &["nope/a.ts"], options);
    let results = check(dir.path(), &request);
    let failure = results[0].2.failure.clone().expect("must fail");
    assert!(failure.contains("TS5058"), "{failure}");
}

/// The JavaScript compiler of a pinned older TypeScript in `test-engines/` (npm aliases
/// `typescript-5` = 5.9.3, `typescript-4` = 4.9.5), and its version from its package.json.
fn js_compiler(alias: &str) -> (PathBuf, String) {
    let package = Path::new(TEST_ENGINES).join("node_modules").join(alias);
    let script = package.join("lib/tsc.js");
    assert!(
        script.is_file(),
        "the pinned {alias} is missing at {}: run `npm install --prefix test-engines`",
        script.display()
    );
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(package.join("package.json")).unwrap())
            .unwrap();
    (script, manifest["version"].as_str().unwrap().to_owned())
}

/// What the host hands the adapter for a JavaScript compiler: `node` with the script first.
fn js_request(root: &Path, alias: &str, options: serde_json::Value) -> PlanRequest {
    let (script, version) = js_compiler(alias);
    let mut request = plan_request(root, &[], options);
    request.tool = ResolvedTool::new("node", version)
        .with_prefix_args(vec![script.to_string_lossy().into_owned()]);
    request
}

/// The diagnostics of the compiler run directly as a user would, `--pretty false` only.
fn direct_run(root: &Path, alias: &str, args: &[&str]) -> (Option<i32>, Vec<(Key, String)>) {
    let (script, _) = js_compiler(alias);
    let output = Command::new("node")
        .arg(&script)
        .args(args)
        .current_dir(root)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let outcome = signalint_plugin_tsc::parse_output(output.status.code(), &stdout, "", false);
    assert_eq!(
        outcome.diagnostics.len(),
        printed_heads(&stdout),
        "{stdout}"
    );
    (output.status.code(), facts(&outcome))
}

/// Every diagnostic with its message, sorted.
fn facts(outcome: &ParseOutcome) -> Vec<(Key, String)> {
    let mut facts: Vec<_> = outcome
        .diagnostics
        .iter()
        .map(|d| {
            (
                (
                    d.file.clone(),
                    d.start.map(|p| (p.line, p.column)),
                    d.rule.clone(),
                ),
                d.message.clone(),
            )
        })
        .collect();
    facts.sort();
    facts
}

#[test]
fn typescript_5_and_4_9_conserve_every_diagnostic_of_a_direct_run() {
    for alias in ["typescript-5", "typescript-4"] {
        for name in ["project", "project-syntax", "project-global"] {
            let dir = fixture(name);
            let root = dir.path();
            let (code, direct) = direct_run(
                root,
                alias,
                &["--noEmit", "--pretty", "false", "-p", "tsconfig.json"],
            );
            assert_eq!(
                code,
                Some(2),
                "{alias} {name}: the JavaScript compiler's exit code"
            );
            assert!(!direct.is_empty(), "{alias} {name}");
            let request = js_request(root, alias, serde_json::Value::Null);
            for round in ["cold", "incremental replay"] {
                let results = check(root, &request);
                assert_eq!(results.len(), 1);
                let (invocation, raw, outcome) = &results[0];
                assert_eq!(invocation.program, "node");
                assert!(!invocation.args.iter().any(|a| a == "--checkers"));
                assert!(invocation.env.is_empty(), "no Go settings for node");
                // A check replayed from the build info exits 1, a fresh one 2 (both 5.9 and
                // 4.9); either is "issues".
                let expected = if round == "cold" { 2 } else { 1 };
                assert_eq!(raw.exit_code, Some(expected), "{alias} {name} {round}");
                assert_eq!(outcome.failure, None, "{alias} {name} {round}");
                assert_eq!(outcome.skipped_records, 0);
                assert_eq!(facts(outcome), direct, "{alias} {name} {round}");
            }
            assert!(
                root.join(".signalint/work/tsc").is_dir(),
                "{alias}: build info under the work dir"
            );
            assert!(!root.join("tsconfig.tsbuildinfo").exists());
        }
    }
}

#[test]
fn typescript_5_builds_a_solution_and_4_9_refuses_with_the_fix() {
    let options = serde_json::json!({"tsconfigs": [{"path": "tsconfig.json", "solution": true}]});
    let dir = fixture("project-solution");
    let results = check(
        dir.path(),
        &js_request(dir.path(), "typescript-5", options.clone()),
    );
    let (invocation, raw, outcome) = &results[0];
    assert_eq!(invocation.args[1], "--build");
    assert_eq!(raw.exit_code, Some(1), "build mode exits 1 with errors");
    assert_eq!(outcome.failure, None);
    assert_eq!(
        sorted_keys(outcome),
        vec![
            key(Some("packages/a/src/a.ts"), Some((1, 14)), "TS2322"),
            key(Some("packages/b/src/b.ts"), Some((4, 3)), "TS2345"),
        ]
    );
    let emitted: Vec<_> = std::fs::read_dir(dir.path().join("packages/a"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        !emitted.iter().any(|f| f.ends_with(".js")),
        "--noEmit: no output next to the sources: {emitted:?}"
    );

    let old = fixture("project-solution");
    let err = Tsc::new()
        .plan(&js_request(old.path(), "typescript-4", options))
        .unwrap_err();
    assert!(err.message().contains("tsc 4.9.5"), "{err}");
    assert!(err.message().contains("compiler = \"native\""), "{err}");
    // What the refused command really does with 4.9.5.
    let (code, _) = direct_run(
        old.path(),
        "typescript-4",
        &["--build", "tsconfig.json", "--noEmit", "--pretty", "false"],
    );
    assert_eq!(code, Some(1));
}
