//! False-positive guard on the repository's `corpus/`: the real Smithery manifests (3,065 tools,
//! names and descriptions) and the hand-written benign-hard manifests. Every finding here
//! was reviewed; a new one needs review before the snapshot is updated.

use std::collections::BTreeMap;

use serde_json::Value;
use signalint_plugin_api::McpSurface;
use signalint_plugin_mcp_lint::lint_surfaces;

fn load(file: &str) -> Vec<McpSurface> {
    let path = format!("{}/../../corpus/{file}", env!("CARGO_MANIFEST_DIR"));
    let items: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    items
        .iter()
        .map(|item| {
            McpSurface::new(item["id"].as_str().unwrap_or("?").to_owned())
                .with_tools(item["tools"].as_array().cloned().unwrap_or_default())
        })
        .collect()
}

/// `surface id → [code at pointer]`.
fn summary(surfaces: &[McpSurface]) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for f in lint_surfaces(surfaces, &Value::Null).unwrap() {
        out.entry(surfaces[f.surface].server.clone())
            .or_default()
            .push(format!("{} at {}", f.code, f.pointer.unwrap_or_default()));
    }
    out
}

#[test]
fn smithery_manifests_are_clean() {
    let surfaces = load("real-benign/watchtower-smithery.json");
    assert_eq!(surfaces.len(), 258);
    assert_eq!(summary(&surfaces), BTreeMap::new());
}

#[test]
fn benign_hard_manifests() {
    let surfaces = load("dev-benign-hard.json");
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_json_snapshot!("dev_benign_hard", summary(&surfaces)));
}
