//! The pack over real tool definitions: GitHub's MCP server (snapshotted), and every
//! real-benign manifest loaded together (must not panic, every pointer must resolve).

use std::collections::BTreeMap;

use serde_json::{Value, json};
use signalint_plugin_api::{
    AnalyzeRequest, FindingSeverity, McpSurface, RulePack, call_rule_pack, methods,
};
use signalint_plugin_tool_hygiene::{ToolHygiene, analyze};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/real-benign/");

/// The items of a corpus file as surfaces (`server` and `tools` of each item).
fn surfaces(file: &str) -> Vec<McpSurface> {
    let text = std::fs::read_to_string(format!("{CORPUS}{file}")).expect("corpus file");
    let items: Vec<Value> = serde_json::from_str(&text).expect("corpus JSON");
    items
        .into_iter()
        .map(|item| {
            McpSurface::new(item["server"].as_str().unwrap_or_default().to_owned())
                .with_tools(item["tools"].as_array().cloned().unwrap_or_default())
        })
        .collect()
}

fn request(surfaces: Vec<McpSurface>, options: Value) -> AnalyzeRequest {
    AnalyzeRequest::new(surfaces, options)
}

#[test]
fn github_mcp_server() {
    let request = request(surfaces("github-mcp-server-toolsnaps.json"), Value::Null);
    assert_eq!(request.surfaces[0].tools.len(), 117);
    let findings = analyze(&request).unwrap();
    insta::assert_json_snapshot!(findings);
}

#[test]
fn github_mcp_server_within_its_own_limit_is_clean() {
    let request = request(
        surfaces("github-mcp-server-toolsnaps.json"),
        json!({"max_tools": 150}),
    );
    assert_eq!(analyze(&request).unwrap(), []);
}

#[test]
fn every_real_benign_manifest_loaded_together() {
    let mut all = surfaces("github-mcp-server-toolsnaps.json");
    all.extend(surfaces("watchtower-smithery.json"));
    assert_eq!(all.iter().map(|s| s.tools.len()).sum::<usize>(), 117 + 3065);
    let request = request(all, Value::Null);
    let findings = analyze(&request).unwrap();

    let mut per_code: BTreeMap<String, usize> = BTreeMap::new();
    for finding in &findings {
        *per_code.entry(finding.code.clone()).or_default() += 1;
        let surface = serde_json::to_value(&request.surfaces[finding.surface]).unwrap();
        let pointer = finding.pointer.as_deref().expect("a pointer");
        let target = surface
            .pointer(pointer)
            .unwrap_or_else(|| panic!("{pointer} does not resolve"));
        if let Some(tool) = &finding.tool {
            assert_eq!(target, tool, "{finding:?}");
        }
        if finding.code == "DUPLICATE_TOOL_NAME" {
            // These servers are not one platform, and none repeats a name of its own.
            assert_eq!(finding.severity, FindingSeverity::Warning, "{finding:?}");
        }
    }
    insta::assert_json_snapshot!("real_benign_counts", per_code);

    // Every naming finding on real servers, for review: each is a real inconsistency.
    let naming: Vec<(&str, &str)> = findings
        .iter()
        .filter(|f| f.code == "NAMING_CONVENTION")
        .map(|f| {
            (
                request.surfaces[f.surface].server.as_str(),
                f.message.as_str(),
            )
        })
        .collect();
    insta::assert_json_snapshot!("real_benign_naming", naming);
}

#[test]
fn through_the_plugin_boundary_with_options() {
    let pack = ToolHygiene::new();
    let manifest: Value =
        serde_json::from_str(&call_rule_pack(&pack, methods::MANIFEST, "").unwrap()).unwrap();
    assert_eq!(manifest["id"], "tool-hygiene");
    assert_eq!(manifest["kind"], "rule-pack");
    let codes: Vec<&str> = manifest["rule_pack"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        [
            "DUPLICATE_TOOL_NAME",
            "NAMING_CONVENTION",
            "TOOL_COUNT_WARNING"
        ]
    );

    let payload = |options: Value| {
        json!({
            "surfaces": [
                {"server": "a", "tools": [{"name": "search"}, {"name": "fetch"}, {"name": "get_page"}]},
                {"server": "b", "tools": [{"name": "search"}]}
            ],
            "options": options
        })
        .to_string()
    };
    let findings = |options: Value| -> Vec<Value> {
        let answer = call_rule_pack(&pack, methods::ANALYZE, &payload(options)).unwrap();
        serde_json::from_str::<Value>(&answer).unwrap()["findings"]
            .as_array()
            .unwrap()
            .clone()
    };
    let default = findings(Value::Null);
    assert_eq!(default.len(), 1, "{default:?}");
    assert_eq!(default[0]["severity"], "warning");
    let platform = findings(json!({"platform": true, "max_tools": 2}));
    let summary: Vec<(&str, &str)> = platform
        .iter()
        .map(|f| (f["code"].as_str().unwrap(), f["severity"].as_str().unwrap()))
        .collect();
    assert_eq!(
        summary,
        [
            ("TOOL_COUNT_WARNING", "warning"),
            ("DUPLICATE_TOOL_NAME", "critical")
        ]
    );

    let error =
        call_rule_pack(&pack, methods::ANALYZE, &payload(json!({"maxTools": 2}))).unwrap_err();
    assert!(
        error.message().contains("unknown field `maxTools`"),
        "{error}"
    );

    let request: AnalyzeRequest = serde_json::from_str(&payload(Value::Null)).unwrap();
    assert_eq!(
        pack.analyze(&request).unwrap().findings,
        analyze(&request).unwrap()
    );
}
