//! Options change what runs and at which severity, per surface.

use serde_json::{Value, json};
use signalint_plugin_api::{FindingSeverity, McpSurface};
use signalint_plugin_mcp_lint::lint_surfaces;

fn surface(name: &str, tools: Value) -> McpSurface {
    serde_json::from_value(json!({"server": name, "tools": tools})).unwrap()
}

fn tools() -> Value {
    json!([{
        "name": "fetch page",
        "description": "Fetches a page.",
        "inputSchema": {"type": "object", "properties": {"url": {"type": "string", "format": "uri"}}}
    }])
}

fn codes(findings: &[signalint_plugin_api::Finding]) -> Vec<(&str, FindingSeverity)> {
    findings
        .iter()
        .map(|f| (f.code.as_str(), f.severity))
        .collect()
}

#[test]
fn defaults() {
    let f = lint_surfaces(&[surface("a", tools())], &Value::Null).unwrap();
    assert_eq!(
        codes(&f),
        [
            ("name-format", FindingSeverity::Error),
            ("describe-on-fields", FindingSeverity::Warning),
            ("schema-format-portability", FindingSeverity::Error),
        ]
    );
    assert!(f.iter().all(|f| f.tool.as_deref() == Some("fetch page")));
}

#[test]
fn overrides_off_and_strict() {
    let options = json!({
        "portability": "strict",
        "rules": {"name-format": "info", "describe-on-fields": "off", "schema-dialect-tag": "error"},
        "format_allowlist": ["uri"]
    });
    let f = lint_surfaces(&[surface("a", tools())], &options).unwrap();
    assert_eq!(
        codes(&f),
        [
            ("name-format", FindingSeverity::Info),
            ("schema-dialect-tag", FindingSeverity::Error)
        ]
    );
}

#[test]
fn strict_rule_enabled_by_name_only() {
    let tool = json!([{"name": "t", "description": "d", "inputSchema": {"type": "object", "oneOf": [{"type": "object"}]}}]);
    let f = lint_surfaces(
        &[surface("a", tool)],
        &json!({"rules": {"schema-root-oneof-portability": "on"}}),
    )
    .unwrap();
    assert_eq!(
        codes(&f),
        [("schema-root-oneof-portability", FindingSeverity::Warning)]
    );
}

#[test]
fn findings_carry_their_surface_index() {
    let f = lint_surfaces(
        &[surface("a", json!([])), surface("b", tools())],
        &Value::Null,
    )
    .unwrap();
    assert!(!f.is_empty());
    assert!(f.iter().all(|f| f.surface == 1));
}

#[test]
fn invalid_options_name_the_problem() {
    let err = lint_surfaces(&[], &json!({"rules": {"name-format": "loud"}})).unwrap_err();
    assert!(err.message().contains("loud"), "{}", err.message());
    let err = lint_surfaces(&[], &json!({"portability": "lax"})).unwrap_err();
    assert!(err.message().contains("lax"), "{}", err.message());
}
