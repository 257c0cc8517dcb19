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

/// Copies `tests/fixtures/<name>` to a scratch directory, checks it with the pinned engines and
/// returns the response, every built-in engine having run.
fn check_fixture(name: &str) -> serde_json::Value {
    let engines = repo().join("test-engines");
    let state = tempfile::tempdir().unwrap();
    let project = state.path().join(name);
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(name),
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
    response
}

#[test]
fn summaries_and_actions_of_a_real_check() {
    let response = check_fixture("facts-project");
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

/// `noUnusedLocals` on: tsc's TS6133 and oxlint's and Biome's unused-variable rules report the
/// same binding, one code fact, so the check shows one issue for each binding, every engine
/// that reported it named on it.
#[test]
fn an_unused_binding_is_one_issue_across_tsc_and_the_linters() {
    let response = check_fixture("unused-project");
    let issues = response["issues"].as_array().unwrap();
    let at = |line: u64| -> Vec<&serde_json::Value> {
        issues
            .iter()
            .filter(|i| i["file"] == "src/a.ts" && i["line"] == line)
            .collect()
    };
    // `const unused = 2;`: one issue, reported by all three engines.
    let unused = at(4);
    assert_eq!(unused.len(), 1, "{unused:#?}");
    let reporters: Vec<&str> = unused[0]["engines"]
        .as_array()
        .map(|e| e.iter().filter_map(|v| v.as_str()).collect())
        .unwrap_or_default();
    for engine in ["oxlint", "tsc", "biome"] {
        assert!(reporters.contains(&engine), "{:#}", unused[0]);
    }
    // The unused import: tsc's and oxlint's reports at the specifier are one issue (Biome's
    // `noUnusedImports` flags the whole import at another column: a fact of its own).
    let import: Vec<&serde_json::Value> = at(1)
        .into_iter()
        .filter(|i| i["rule"] != "lint/correctness/noUnusedImports")
        .collect();
    assert_eq!(import.len(), 1, "{import:#?}");
    assert_eq!(
        import[0]["engines"],
        serde_json::json!(["oxlint", "tsc"]),
        "{:#}",
        import[0]
    );
}
