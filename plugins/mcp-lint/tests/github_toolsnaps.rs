//! The `tools/list` of a real server: the github-mcp-server tool snapshots (117 tools, MIT,
//! see `corpus/real-benign/PROVENANCE.md`). The findings are reviewed and pinned.

use serde_json::Value;
use signalint_plugin_api::McpSurface;
use signalint_plugin_mcp_lint::lint_surfaces;

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../corpus/real-benign/github-mcp-server-toolsnaps.json"
);

fn surface() -> McpSurface {
    let items: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(CORPUS).unwrap()).unwrap();
    let item = &items[0];
    McpSurface::new(item["server"].as_str().unwrap_or("github").to_owned())
        .with_tools(item["tools"].as_array().unwrap().clone())
}

#[test]
fn github_mcp_server_findings() {
    let surface = surface();
    assert_eq!(surface.tools.len(), 117);
    let findings = lint_surfaces(&[surface], &Value::Null).unwrap();
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_json_snapshot!("github_mcp_server_default", findings));
}

#[test]
fn github_mcp_server_findings_strict() {
    let findings =
        lint_surfaces(&[surface()], &serde_json::json!({"portability": "strict"})).unwrap();
    let mut counts = std::collections::BTreeMap::new();
    for f in &findings {
        *counts.entry(f.code.clone()).or_insert(0usize) += 1;
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_json_snapshot!("github_mcp_server_strict_counts", counts));
}
