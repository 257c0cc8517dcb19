//! End to end through the real host: build `signalint` and this plugin, put the plugin where
//! the host finds it (next to the `signalint` executable: Cargo's target directory), declare
//! `[engines.eslint-example]` in a fixture project's `signalint.toml`, run
//! `signalint check --format json --all-issues`, and find every ESLint diagnostic exactly once
//! in the response, at the host's UTF-16 position.
//!
//! Needs `npm install --prefix test-engines` (run in the workspace root) and Node.js on `PATH`.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use common::{EXPECTED, WORKSPACE, eslint_entry, fixture_copy, node};

/// Builds the host and the plugin with the Cargo that runs this test, into the same target
/// directory, and returns that directory's profile folder (where `signalint` lives).
fn build_host_and_plugin() -> PathBuf {
    // This test runs from `<target>/<profile dir>/deps/`; build into the same profile dir.
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().and_then(Path::parent).unwrap().to_owned();
    let mut command = Command::new(env!("CARGO"));
    command.args([
        "build",
        "-p",
        "signalint",
        "-p",
        "signalint-example-custom-engine",
    ]);
    match dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") | None => {}
        Some(profile) => {
            command.args(["--profile", profile]);
        }
    }
    let output = command.current_dir(WORKSPACE).output().unwrap();
    assert!(
        output.status.success(),
        "cargo build -p signalint -p signalint-example-custom-engine failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let library = dir.join(format!(
        "{}signalint_plugin_eslint_example{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    assert!(library.is_file(), "{} was not built", library.display());
    dir
}

fn signalint(dir: &Path) -> Command {
    let mut command = Command::new(dir.join("signalint"));
    // Nothing here needs the managed toolchain: ESLint comes from the config's `tool`.
    // The config's `tool` and the project's ESLint run only in a trusted project.
    command
        .env("SIGNALINT_NO_INSTALL", "1")
        .env("SIGNALINT_TRUST", "1")
        .env_remove("SIGNALINT_PLUGIN_PATH");
    command
}

#[test]
fn signalint_check_reports_every_eslint_diagnostic_once() {
    node();
    let eslint = eslint_entry();
    let dir = build_host_and_plugin();

    let listed = signalint(&dir).arg("plugins").output().unwrap();
    let listed = String::from_utf8_lossy(&listed.stdout);
    let line = listed
        .lines()
        .find(|l| l.starts_with("eslint-example "))
        .unwrap_or_else(|| panic!("`signalint plugins` does not list eslint-example:\n{listed}"));
    assert!(line.contains("engine") && line.contains("loaded"), "{line}");

    let root = fixture_copy("host-check");
    std::fs::write(
        root.join("signalint.toml"),
        format!(
            "# Third-party engines run only when declared.\n\
             [engines.eslint-example]\n\
             tool = {:?}\n\
             \n\
             # The built-in engines would lint the same files; keep the report ESLint's.\n\
             [engines.eslint]\nenabled = false\n\
             [engines.oxlint]\nenabled = false\n\
             [engines.biome]\nenabled = false\n\
             [engines.tsc]\nenabled = false\n",
            eslint.to_string_lossy()
        ),
    )
    .unwrap();

    let output = signalint(&dir)
        .args(["check", "--root"])
        .arg(&root)
        .args(["--format", "json", "--all-issues"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let response: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!(
            "no JSON response ({e}):\n{stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    assert_eq!(output.status.code(), Some(1), "issues found: {response:#}");

    let status = &response["engines"]["eslint-example"];
    assert_eq!(status["status"], "ok", "{status:#}");
    assert_eq!(status["version"], "10.15.0");
    assert_eq!(status["issueCount"], EXPECTED.len());
    assert!(status.get("skippedRecords").is_none(), "{status:#}");
    assert_eq!(response["status"], "issues_found");
    assert_eq!(response["totalIssues"], EXPECTED.len());

    let issues = response["issues"].as_array().expect("--all-issues");
    assert!(
        issues.iter().all(|i| i["engine"] == "eslint-example"),
        "{issues:#?}"
    );
    for want in EXPECTED {
        let (line, col) = want.host_position();
        let found: Vec<&Value> = issues
            .iter()
            .filter(|i| {
                i["file"] == want.file
                    && i["rule"] == want.rule
                    && i["line"] == line
                    && i["col"] == col
            })
            .collect();
        assert_eq!(
            found.len(),
            1,
            "{want:?} must appear once at {line}:{col} in {issues:#?}"
        );
        let issue = found[0];
        let severity = if want.error { "error" } else { "warning" };
        assert_eq!(issue["severity"], severity, "{issue:#}");
        assert_eq!(issue["fixable"], want.fixable, "{issue:#}");
    }
    assert_eq!(issues.len(), EXPECTED.len());
}
