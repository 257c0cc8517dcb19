//! The pack over real tool definitions: GitHub's MCP server (snapshotted) and every real-benign
//! manifest (must not panic, every pointer must resolve).

use serde_json::{Value, json};
use signalint_plugin_api::{AnalyzeRequest, McpSurface, RulePack, call_rule_pack, methods};
use signalint_plugin_param_synonyms::{ParamSynonyms, analyze};

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

fn request(surfaces: Vec<McpSurface>) -> AnalyzeRequest {
    AnalyzeRequest::new(surfaces, Value::Null)
}

#[test]
fn github_mcp_server() {
    let request = request(surfaces("github-mcp-server-toolsnaps.json"));
    assert_eq!(request.surfaces[0].tools.len(), 117);
    let findings = analyze(&request).unwrap();
    // One finding per concept: per_page/perPage is one finding, not 56 tool pairs.
    let per_page: Vec<_> = findings
        .iter()
        .filter(|f| f.message.contains("per_page"))
        .collect();
    assert_eq!(per_page.len(), 1);
    insta::assert_json_snapshot!(findings);
}

#[test]
fn every_real_benign_manifest_without_panic_and_with_resolvable_pointers() {
    let mut all = surfaces("github-mcp-server-toolsnaps.json");
    all.extend(surfaces("watchtower-smithery.json"));
    assert_eq!(all.iter().map(|s| s.tools.len()).sum::<usize>(), 117 + 3065);
    let request = request(all);
    let findings = analyze(&request).unwrap();
    for finding in &findings {
        let surface = serde_json::to_value(&request.surfaces[finding.surface]).unwrap();
        let pointer = finding.pointer.as_deref().expect("a pointer");
        let target = surface.pointer(pointer);
        assert!(target.is_some(), "{pointer} does not resolve");
        assert!(pointer.ends_with(&format!("/{}", finding.evidence.as_deref().unwrap())));
    }
}

#[test]
fn through_the_plugin_boundary_with_options() {
    let pack = ParamSynonyms::new();
    let manifest: Value =
        serde_json::from_str(&call_rule_pack(&pack, methods::MANIFEST, "").unwrap()).unwrap();
    assert_eq!(manifest["id"], "param-synonyms");
    assert_eq!(manifest["kind"], "rule-pack");
    assert_eq!(
        manifest["rule_pack"]["rules"][0]["code"],
        "PARAMETER_CONFLICT"
    );

    let tools = json!([
        {"name": "get_customer", "inputSchema": {"properties": {"customer_id": {"type": "string"}}}},
        {"name": "list_orders", "inputSchema": {"properties": {"clientId": {"type": "string"}}}}
    ]);
    let payload = |options: Value| {
        json!({"surfaces": [{"server": "shop", "tools": tools}], "options": options}).to_string()
    };
    let answer = call_rule_pack(&pack, methods::ANALYZE, &payload(Value::Null)).unwrap();
    let outcome: Value = serde_json::from_str(&answer).unwrap();
    assert_eq!(outcome["findings"], json!([]));

    let options = json!({"synonym_groups": [["customer", "client"]]});
    let answer = call_rule_pack(&pack, methods::ANALYZE, &payload(options)).unwrap();
    let outcome: Value = serde_json::from_str(&answer).unwrap();
    assert_eq!(
        outcome["findings"].as_array().unwrap().len(),
        1,
        "{outcome}"
    );
    assert_eq!(outcome["findings"][0]["relatedTool"], "get_customer");

    let error =
        call_rule_pack(&pack, methods::ANALYZE, &payload(json!({"groups": []}))).unwrap_err();
    assert!(
        error.message().contains("unknown field `groups`"),
        "{error}"
    );

    // The trait answers the same as the plain function.
    let request: AnalyzeRequest = serde_json::from_str(&payload(Value::Null)).unwrap();
    assert_eq!(
        pack.analyze(&request).unwrap().findings,
        analyze(&request).unwrap()
    );
}
