//! The official example documents of `modelcontextprotocol/registry`
//! (`docs/reference/server-json/examples/`): valid ones produce no schema error, each
//! invalid one is flagged by the expected rule.

use std::fs;
use std::path::Path;

use serde_json::Value;
use signalint_plugin_api::{FindingSeverity, McpSurface};
use signalint_plugin_mcp_lint::lint_surfaces;

fn lint(path: &Path) -> Vec<signalint_plugin_api::Finding> {
    let text = fs::read_to_string(path).unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    let surface = McpSurface::new("example").with_server_json(doc);
    lint_surfaces(&[surface], &Value::Null).unwrap()
}

fn dir(kind: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/registry-examples")
        .join(kind)
}

#[test]
fn valid_examples_have_no_errors() {
    for entry in fs::read_dir(dir("valid")).unwrap() {
        let path = entry.unwrap().path();
        let findings = lint(&path);
        let errors: Vec<_> = findings
            .iter()
            .filter(|f| {
                matches!(
                    f.severity,
                    FindingSeverity::Error | FindingSeverity::Critical
                )
            })
            .collect();
        assert!(errors.is_empty(), "{}: {errors:#?}", path.display());
    }
}

#[test]
fn invalid_examples_are_flagged_by_the_expected_rule() {
    let expected = [
        (
            "bad-name-pattern.json",
            "server-json-name-format",
            "/serverJson/name",
        ),
        (
            "description-too-long.json",
            "server-json-description-length",
            "/serverJson/description",
        ),
        (
            "missing-name.json",
            "server-json-name-required",
            "/serverJson",
        ),
        (
            "package-version-latest.json",
            "server-json-package-no-latest",
            "/serverJson/packages/0/version",
        ),
        (
            "positional-argument-missing-value.json",
            "server-json-argument-value",
            "/serverJson/packages/0/packageArguments/0",
        ),
    ];
    let mut all = Vec::new();
    for (file, code, pointer) in expected {
        let findings = lint(&dir("invalid").join(file));
        assert!(
            findings
                .iter()
                .any(|f| f.code == code && f.pointer.as_deref() == Some(pointer)),
            "{file}: expected {code} at {pointer}, got {findings:#?}"
        );
        all.push((file, findings));
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_json_snapshot!("registry_invalid_examples", all));
}

#[test]
fn legacy_documents_are_reported_rule_by_rule() {
    let mut all = Vec::new();
    let mut paths: Vec<_> = fs::read_dir(dir("../registry-legacy"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    for path in paths {
        let findings = lint(&path);
        assert!(findings.iter().all(|f| f.code.starts_with("server-json-")));
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        all.push((name, findings));
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_json_snapshot!("registry_legacy_documents", all));
}
