//! Conservation through the real pipeline: every diagnostic the pinned oxlint prints for a
//! project appears exactly once in `signalint check`, with the same file, rule, message and
//! line, and with a UTF-16 column computed here independently from the file text and oxlint's
//! byte offset.
//!
//! The fixture project (`tests/fixtures/oxlint-project`) has é, CJK and emoji before findings
//! on the same line, a CRLF file, a subfolder and a file with a syntax error.

mod support;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// What identifies one diagnostic: file, rule, message, severity, line, UTF-16 column.
type Key = (String, String, String, String, u64, u64);

/// The contract's message normalization: whitespace runs collapse to one space, and a message
/// longer than 120 characters is cut to 117 plus `...`.
fn contract_message(raw: &str) -> String {
    let collapsed = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    if collapsed.chars().count() <= 120 {
        return collapsed;
    }
    let cut: String = collapsed.chars().take(117).collect();
    format!("{}...", cut.trim_end())
}

/// `eslint(no-debugger)` → `eslint/no-debugger`; a diagnostic without a code is a parse error.
fn scoped_rule(code: Option<&str>) -> String {
    match code {
        Some(code) => {
            let (scope, rest) = code.split_once('(').expect("a scoped oxlint code");
            format!(
                "{scope}/{}",
                rest.strip_suffix(')').expect("a closing paren")
            )
        }
        None => "oxlint/parse".to_owned(),
    }
}

/// 1-based line and UTF-16 column of a byte offset, from the raw bytes of the file.
fn utf16_position(text: &str, offset: usize) -> (u64, u64) {
    let before = &text[..offset];
    let line = before.matches('\n').count() as u64 + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = text[line_start..offset].encode_utf16().count() as u64 + 1;
    (line, column)
}

fn run_oxlint(project: &Path) -> serde_json::Value {
    let output = Command::new("node")
        .arg(support::oxlint_bin())
        .arg("--format=json")
        .current_dir(project)
        .env("NO_COLOR", "1")
        .env_remove("CLAUDECODE")
        .env_remove("CURSOR_AGENT")
        .output()
        .expect("run node (needed for the pinned oxlint)");
    // oxlint exits 1 when it reports errors.
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "oxlint failed: {:?}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
    let start = stdout.find('{').expect("a JSON report");
    serde_json::from_str(&stdout[start..]).expect("oxlint's JSON report")
}

#[test]
fn every_oxlint_diagnostic_appears_exactly_once_with_utf16_columns() {
    let oxlint = support::oxlint_bin();
    let project = support::temp_project();
    let root = support::canonical(project.path());
    support::copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/oxlint-project"),
        &root,
    );
    let crlf = std::fs::read(root.join("src/crlf.ts")).unwrap();
    assert!(
        crlf.windows(2).any(|w| w == b"\r\n"),
        "the CRLF fixture lost its line endings (check .gitattributes)"
    );

    // What oxlint itself says, run directly.
    let report = run_oxlint(&root);
    let mut expected: BTreeMap<Key, usize> = BTreeMap::new();
    let mut texts: BTreeMap<String, String> = BTreeMap::new();
    let mut byte_columns_differ = 0;
    let diagnostics = report["diagnostics"].as_array().expect("diagnostics");
    for diagnostic in diagnostics {
        let file = diagnostic["filename"]
            .as_str()
            .expect("a file name")
            .trim_start_matches("./")
            .to_owned();
        let text = texts
            .entry(file.clone())
            .or_insert_with(|| std::fs::read_to_string(root.join(&file)).unwrap());
        let span = &diagnostic["labels"][0]["span"];
        let offset = span["offset"].as_u64().expect("a byte offset") as usize;
        let (line, column) = utf16_position(text, offset);
        assert_eq!(
            span["line"].as_u64(),
            Some(line),
            "oxlint's line disagrees with its offset: {diagnostic:#}"
        );
        if span["column"].as_u64() != Some(column) {
            byte_columns_differ += 1;
        }
        let severity = match diagnostic["severity"].as_str() {
            Some("error") => "error",
            _ => "warning",
        };
        let key = (
            file,
            scoped_rule(diagnostic["code"].as_str()),
            contract_message(diagnostic["message"].as_str().expect("a message")),
            severity.to_owned(),
            line,
            column,
        );
        *expected.entry(key).or_default() += 1;
    }
    // The fixture exercises what it claims to.
    let files: Vec<&String> = texts.keys().collect();
    for file in [
        "src/unicode.js",
        "src/crlf.ts",
        "src/nested/deeper/module.ts",
        "src/broken.js",
    ] {
        assert!(
            files.iter().any(|f| f.as_str() == file),
            "{file}: {files:?}"
        );
    }
    assert!(
        byte_columns_differ >= 6,
        "non-ASCII text before findings should make oxlint's byte columns differ from UTF-16 \
         columns ({byte_columns_differ} did)"
    );
    assert!(
        expected.keys().any(|k| k.1 == "oxlint/parse"),
        "the syntax error is reported: {expected:#?}"
    );

    // The same project through signalint.
    std::fs::write(
        root.join("signalint.toml"),
        format!(
            "[engines.tsc]\nenabled = false\n\n[engines.biome]\nenabled = false\n\n\
             [engines.oxlint]\ntool = \"{}\"\n",
            oxlint.display()
        ),
    )
    .unwrap();
    let output = support::run(support::signalint(None).arg("--root").arg(&root).args([
        "check",
        "--all-issues",
        "--format",
        "json",
    ]));
    let json = support::stdout_json(&output);
    assert_eq!(output.status.code(), Some(1), "issues found: {json:#}");
    let oxlint_status = &json["engines"]["oxlint"];
    assert_eq!(oxlint_status["status"], "ok", "{json:#}");
    assert_eq!(oxlint_status["version"], "1.94.0", "{json:#}");
    assert_eq!(oxlint_status["issueCount"], diagnostics.len(), "{json:#}");
    assert_eq!(json["engines"]["tsc"]["status"], "disabled");
    assert_eq!(json["engines"]["biome"]["status"], "disabled");

    let issues = json["issues"]
        .as_array()
        .expect("--all-issues lists issues");
    let mut actual: BTreeMap<Key, usize> = BTreeMap::new();
    for issue in issues.iter().filter(|i| i["engine"] == "oxlint") {
        let key = (
            issue["file"].as_str().unwrap().to_owned(),
            issue["rule"].as_str().unwrap().to_owned(),
            issue["message"].as_str().unwrap().to_owned(),
            issue["severity"].as_str().unwrap().to_owned(),
            issue["line"].as_u64().unwrap(),
            issue["col"].as_u64().unwrap(),
        );
        *actual.entry(key).or_default() += 1;
    }
    let missing: Vec<&Key> = expected
        .iter()
        .filter(|(k, n)| actual.get(*k) != Some(n))
        .map(|(k, _)| k)
        .collect();
    let extra: Vec<&Key> = actual
        .iter()
        .filter(|(k, n)| expected.get(*k) != Some(n))
        .map(|(k, _)| k)
        .collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "oxlint's diagnostics were not conserved\nmissing or miscounted: {missing:#?}\n\
         unexpected: {extra:#?}"
    );
    assert_eq!(
        issues.iter().filter(|i| i["engine"] == "oxlint").count(),
        diagnostics.len()
    );
    assert_eq!(json["totalIssues"], issues.len(), "{json:#}");
}
