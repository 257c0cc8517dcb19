//! The built-in ESLint engine on the pinned ESLint, through the real `signalint check`:
//!
//! * a project with a flat config gets exactly the findings `eslint -f json` reports (same
//!   count, rules and positions; ESLint's columns are 1-based UTF-16, like the host's);
//! * untrusted, ESLint does not run, so the config's code does not either (it leaves a mark
//!   when loaded), and the status says the project uses ESLint and how to trust it;
//! * a project that lints with ESLint and has no oxlint config gets no oxlint issues.

mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// What identifies one finding: file, rule, line, column.
type Key = (String, String, u64, u64);

/// The fixture project in a temporary directory, with the pinned test engines as its
/// `node_modules` (so ESLint is the project's own) and a `.git` marking its top.
fn project() -> (tempfile::TempDir, PathBuf) {
    let dir = support::temp_project();
    let root = support::canonical(dir.path());
    support::copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/eslint-project"),
        &root,
    );
    let modules = support::workspace_root().join("test-engines/node_modules");
    assert!(
        modules.join("eslint/bin/eslint.js").is_file(),
        "the pinned ESLint is missing; run `npm install --prefix test-engines`"
    );
    std::os::unix::fs::symlink(&modules, root.join("node_modules")).unwrap();
    std::fs::create_dir(root.join(".git")).unwrap();
    (dir, root)
}

fn check(root: &Path, trusted: bool) -> Value {
    let mut command = support::signalint(None);
    command
        .current_dir(root)
        .env(
            "SIGNALINT_TOOLCHAIN_DIR",
            support::workspace_root().join("test-engines"),
        )
        .args(["check", "--format", "json", "--all-issues"]);
    if trusted {
        command.env("SIGNALINT_TRUST", "1");
    }
    support::stdout_json(&support::run(&mut command))
}

/// ESLint's own report, run the way a developer would: `eslint -f json .` in the project.
fn eslint_findings(root: &Path) -> BTreeMap<Key, usize> {
    let output = Command::new("node")
        .arg(root.join("node_modules/eslint/bin/eslint.js"))
        .args(["-f", "json", "."])
        .current_dir(root)
        .output()
        .expect("run node (needed for the pinned ESLint)");
    assert_eq!(
        output.status.code(),
        Some(1),
        "ESLint reports errors: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: Value = serde_json::from_slice(&output.stdout).expect("ESLint's JSON report");
    let mut findings = BTreeMap::new();
    for file in report.as_array().unwrap() {
        let path = Path::new(file["filePath"].as_str().unwrap());
        let relative = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        for message in file["messages"].as_array().unwrap() {
            let rule = match message["ruleId"].as_str() {
                Some(id) => format!("eslint/{id}"),
                None => "eslint/parse".to_owned(),
            };
            let key = (
                relative.clone(),
                rule,
                message["line"].as_u64().unwrap(),
                message["column"].as_u64().unwrap(),
            );
            *findings.entry(key).or_default() += 1;
        }
    }
    findings
}

fn issues_of<'a>(response: &'a Value, engine: &str) -> Vec<&'a Value> {
    response["issues"]
        .as_array()
        .expect("--all-issues lists the issues")
        .iter()
        .filter(|i| i["engine"] == engine)
        .collect()
}

#[test]
fn signalint_reports_exactly_what_the_projects_eslint_reports() {
    let (_dir, root) = project();
    let response = check(&root, true);
    let status = &response["engines"]["eslint"];
    assert_eq!(status["status"], "ok", "{status:#}");
    assert_eq!(status["version"], "10.15.0");
    assert!(
        status["reason"]
            .as_str()
            .unwrap()
            .contains("eslint.config.mjs"),
        "{status:#}"
    );

    let mut ours: BTreeMap<Key, usize> = BTreeMap::new();
    for issue in issues_of(&response, "eslint") {
        let key = (
            issue["file"].as_str().unwrap().to_owned(),
            issue["rule"].as_str().unwrap().to_owned(),
            issue["line"].as_u64().unwrap(),
            issue["col"].as_u64().unwrap(),
        );
        *ours.entry(key).or_default() += 1;
    }
    std::fs::remove_file(root.join("config-ran.marker")).unwrap();
    let theirs = eslint_findings(&root);
    assert!(theirs.len() >= 8, "the fixture has findings: {theirs:#?}");
    assert_eq!(ours, theirs);
    // The column after the emoji is ESLint's UTF-16 column, unchanged.
    assert!(
        ours.contains_key(&("src/unicode.js".into(), "eslint/no-debugger".into(), 1, 33)),
        "{ours:#?}"
    );
    // The project lints with ESLint and configures no oxlint: oxlint's defaults stay off.
    let oxlint = &response["engines"]["oxlint"];
    assert_eq!(oxlint["status"], "disabled", "{oxlint:#}");
    assert!(
        oxlint["reason"]
            .as_str()
            .unwrap()
            .contains("lints with eslint"),
        "{oxlint:#}"
    );
    assert!(issues_of(&response, "oxlint").is_empty());
}

#[test]
fn an_untrusted_project_runs_no_eslint_and_says_how_to_trust_it() {
    let (_dir, root) = project();
    let response = check(&root, false);
    assert!(
        !root.join("config-ran.marker").exists(),
        "the untrusted project's ESLint config ran"
    );
    let status = &response["engines"]["eslint"];
    assert_eq!(status["status"], "disabled", "{status:#}");
    let reason = status["reason"].as_str().unwrap();
    assert!(
        reason.contains("the project uses it (eslint.config.mjs)")
            && reason.contains("signalint trust"),
        "{reason}"
    );
    assert!(issues_of(&response, "eslint").is_empty());
    assert!(issues_of(&response, "oxlint").is_empty());

    // `signalint trust` in a project without a signalint.toml trusts the project directory.
    let store = tempfile::tempdir().unwrap();
    let trusted = support::run(
        support::signalint(None)
            .current_dir(&root)
            .env("SIGNALINT_CONFIG_DIR", store.path())
            .arg("trust"),
    );
    assert!(trusted.status.success(), "{trusted:?}");
    let output = support::run(
        support::signalint(None)
            .current_dir(&root)
            .env("SIGNALINT_CONFIG_DIR", store.path())
            .env(
                "SIGNALINT_TOOLCHAIN_DIR",
                support::workspace_root().join("test-engines"),
            )
            .args(["check", "--format", "json", "--all-issues"]),
    );
    let response = support::stdout_json(&output);
    assert_eq!(
        response["engines"]["eslint"]["status"], "ok",
        "{response:#}"
    );
    assert!(root.join("config-ran.marker").exists());
}
