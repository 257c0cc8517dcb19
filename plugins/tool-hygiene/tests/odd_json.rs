//! Odd but well-formed JSON never makes the pack fail or panic.

use serde_json::{Value, json};
use signalint_plugin_api::{call_rule_pack, methods};
use signalint_plugin_tool_hygiene::ToolHygiene;

/// A schema nested `levels` deep, alternating object properties and array items.
fn deep(levels: usize) -> Value {
    let mut schema = json!({"type": "string"});
    for i in 0..levels {
        let key = if i % 2 == 0 { "perPage" } else { "per_page" };
        schema = if i % 3 == 0 {
            json!({"type": "array", "items": [schema]})
        } else {
            json!({"type": "object", "properties": {key: schema}})
        };
    }
    schema
}

#[test]
fn odd_tools_and_schemas() {
    let tools = json!([
        null, 1, "tool", [], {},
        {"name": null}, {"name": ""}, {"name": 7}, {"name": ["a"]},
        {"name": "x", "inputSchema": null},
        {"name": "x", "inputSchema": "object"},
        {"name": "x", "inputSchema": {"properties": null}},
        {"name": "x", "inputSchema": {"properties": ["perPage"]}},
        {"name": "ünïcödé_naмe", "inputSchema": {"properties": {"": {}, "~/": {}, "日本語": {}, "__": {}}}},
        {"name": "\u{202e}evil\u{200b}", "inputSchema": {"type": ["array"], "items": {"properties": {"a": {"type": 3}}}}},
        {"name": "y", "inputSchema": {"anyOf": "x", "oneOf": [1, null], "$defs": [], "items": [1, {}]}},
        {"name": "deep", "inputSchema": deep(50)}
    ]);
    let payload = json!({
        "surfaces": [
            {"server": "odd", "tools": tools},
            {"server": "", "tools": []},
            {"server": "odd", "tools": [{"name": "x"}]}
        ],
        "options": null
    });
    let answer = call_rule_pack(&ToolHygiene::new(), methods::ANALYZE, &payload.to_string());
    let outcome: Value = serde_json::from_str(&answer.expect("no error")).unwrap();
    let findings = outcome["findings"].as_array().expect("findings");
    assert!(!findings.is_empty());
    for finding in findings {
        let surface = &payload["surfaces"][finding["surface"].as_u64().unwrap() as usize];
        let pointer = finding["pointer"].as_str().unwrap();
        assert!(
            surface.pointer(pointer).is_some(),
            "{pointer} does not resolve"
        );
    }
}
