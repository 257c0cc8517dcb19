//! The CI output formats and exit codes of the real `signalint` binary, on the bundled example
//! project checked by the real engines.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_owned()
}

/// Runs `signalint check` on examples/demo with the pinned test engines.
fn check(args: &[&str]) -> Output {
    let engines = repo().join("test-engines");
    assert!(
        engines.join("node_modules/oxlint/package.json").exists(),
        "the pinned engines are missing: run `npm install --prefix test-engines`"
    );
    let state = tempfile::tempdir().unwrap();
    // A private copy, so the checks' .signalint/ state never touches the repository.
    let project = state.path().join("demo");
    copy_dir(&repo().join("examples/demo"), &project);
    Command::new(env!("CARGO_BIN_EXE_signalint"))
        .args(["check", "--root"])
        .arg(&project)
        .arg("--config")
        .arg(repo().join("signalint.toml"))
        .args(args)
        .env("SIGNALINT_TOOLCHAIN_DIR", &engines)
        .env("SIGNALINT_NO_INSTALL", "1")
        .output()
        .expect("run signalint")
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

#[test]
fn sarif_validates_against_the_sarif_2_1_0_schema() {
    let output = check(&["--format", "sarif"]);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let sarif: serde_json::Value = serde_json::from_slice(&output.stdout).expect("SARIF is JSON");

    let schema_path = repo().join("host/tests/schemas/sarif-2.1.0.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&schema_path).unwrap()).unwrap();
    let mut schemas = boon::Schemas::new();
    let mut compiler = boon::Compiler::new();
    compiler.add_resource("sarif-2.1.0.json", schema).unwrap();
    let index = compiler.compile("sarif-2.1.0.json", &mut schemas).unwrap();
    if let Err(error) = schemas.validate(&sarif, index) {
        panic!("SARIF does not validate: {error:#}");
    }

    let run = &sarif["runs"][0];
    let results = run["results"].as_array().unwrap();
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    assert!(results.len() >= 10, "every issue is a result");
    for result in results {
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(
            rules[index]["id"], result["ruleId"],
            "ruleIndex points at the rule"
        );
        let fingerprint = result["partialFingerprints"]["signalintIssueId/v1"]
            .as_str()
            .unwrap();
        assert_eq!(fingerprint.len(), 16);
        assert!(["error", "warning"].contains(&result["level"].as_str().unwrap()));
    }
    let oxlint_rule = rules
        .iter()
        .find(|r| r["id"] == "eslint/no-debugger")
        .expect("oxlint's rule is listed");
    assert!(
        oxlint_rule["helpUri"]
            .as_str()
            .unwrap()
            .contains("no-debugger"),
        "rules carry their docs link"
    );
    let ids: std::collections::BTreeSet<_> = results
        .iter()
        .map(|r| {
            r["partialFingerprints"]["signalintIssueId/v1"]
                .as_str()
                .unwrap()
        })
        .collect();
    assert_eq!(ids.len(), results.len(), "fingerprints are unique");
}

#[test]
fn github_annotations_name_file_line_and_column() {
    let output = check(&["--format", "github"]);
    let text = String::from_utf8(output.stdout).unwrap();
    let debugger = text
        .lines()
        .find(|l| l.contains("title=oxlint eslint/no-debugger"))
        .expect("the debugger statement is annotated");
    assert!(
        debugger.starts_with("::error file=src/billing/invoice.ts,line=8,col=3,"),
        "{debugger}"
    );
    assert!(
        text.lines()
            .all(|l| l.starts_with("::error ") || l.starts_with("::warning ")),
        "{text}"
    );
}

#[test]
fn fail_on_sets_the_exit_status() {
    assert_eq!(
        check(&["--format", "json", "--fail-on", "never"])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        check(&["--format", "json", "--fail-on", "error"])
            .status
            .code(),
        Some(1)
    );
    assert_eq!(
        check(&["--format", "json", "--fail-on", "1"]).status.code(),
        Some(1)
    );
    let bad = check(&["--fail-on", "sometimes"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("not warning, error, never or a priority")
    );
}
