//! Summaries and actions of a real check (oxlint, tsc and Biome, the pinned engines) of a small
//! project: one `debugger;` is one issue of two engines, the unresolved module ranks first with
//! the implicit-any parameters that follow from it, and only safe fixes are offered to apply.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_owned()
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
fn summaries_and_actions_of_a_real_check() {
    let engines = repo().join("test-engines");
    let state = tempfile::tempdir().unwrap();
    let project = state.path().join("facts-project");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/facts-project"),
        &project,
    );
    let output = Command::new(env!("CARGO_BIN_EXE_signalint"))
        .args(["check", "--format", "json", "--all-issues", "--root"])
        .arg(&project)
        .env("SIGNALINT_TOOLCHAIN_DIR", &engines)
        .env("SIGNALINT_NO_INSTALL", "1")
        .output()
        .expect("run signalint");
    let response: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    for engine in ["oxlint", "tsc", "biome"] {
        assert_eq!(
            response["engines"][engine]["status"], "ok",
            "{engine}: {}",
            response["engines"][engine]
        );
    }
    let clusters: Vec<serde_json::Value> = response["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            serde_json::json!({
                "summary": c["rootCauseSummary"],
                "action": c["suggestedAction"],
                "rules": c["ruleIds"],
                "rootCause": c["rootCause"],
                "downstream": c["downstreamCount"],
            })
        })
        .collect();
    let issues: Vec<serde_json::Value> = response["issues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            serde_json::json!({
                "at": format!("{}:{}:{}", i["file"].as_str().unwrap(), i["line"], i["col"]),
                "rule": i["rule"],
                "engines": i["engines"],
                "fixSafety": i["fixSafety"],
                "causedBy": i["causedBy"].is_string(),
            })
        })
        .collect();
    insta::assert_json_snapshot!("clusters", clusters);
    insta::assert_json_snapshot!("issues", issues);
}
