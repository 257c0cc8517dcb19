//! Odd JSON never panics and deep nesting is bounded.

use serde_json::{Value, json};
use signalint_plugin_api::{AnalyzeRequest, McpSurface, RulePack, call_rule_pack};
use signalint_plugin_mcp_lint::{McpLint, lint_surfaces};

fn object(pairs: Vec<(&str, Value)>) -> Value {
    Value::Object(pairs.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

/// A schema nested `levels` deep through properties, items, anyOf and not (built by moving
/// values; `json!` would re-serialise the inner value at every level).
fn deep(levels: usize) -> Value {
    let mut schema = json!({"type": "string", "format": "uri"});
    for i in 0..levels {
        schema = match i % 4 {
            0 => object(vec![
                ("type", json!("object")),
                ("properties", object(vec![("x", schema)])),
            ]),
            1 => object(vec![("type", json!("array")), ("items", schema)]),
            2 => object(vec![(
                "anyOf",
                Value::Array(vec![schema, json!({"type": "null"})]),
            )]),
            _ => object(vec![("not", schema)]),
        };
    }
    schema
}

#[test]
fn deep_schemas_are_bounded() {
    // Building and dropping a very deep `Value` recurses in serde_json itself, so the fixture
    // lives on a thread with a large stack; the lint walk is bounded by `walker::MAX_DEPTH`.
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(|| {
            let mut tool = json!({"name": "deep", "description": "d"});
            tool["inputSchema"] = deep(5000);
            let surface = McpSurface::new("deep").with_tools(vec![tool]);
            let findings = lint_surfaces(&[surface], &Value::Null).unwrap();
            // The format at the bottom is beyond the depth limit and not reported.
            assert!(
                findings
                    .iter()
                    .all(|f| f.code != "schema-format-portability")
            );
        })
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn parsed_input_at_serde_json_limit() {
    // serde_json refuses documents nested deeper than 128; just below that must lint fine.
    let mut text = String::from(r#"{"type": "string"}"#);
    for _ in 0..60 {
        text = format!(r#"{{"type": "object", "properties": {{"x": {text}}}}}"#);
    }
    let schema: Value = serde_json::from_str(&text).unwrap();
    let surface = McpSurface::new("deep").with_tools(vec![
        json!({"name": "deep", "description": "d", "inputSchema": schema}),
    ]);
    let findings = lint_surfaces(&[surface], &Value::Null).unwrap();
    assert!(
        findings.iter().all(|f| f.code == "describe-on-fields"),
        "{findings:#?}"
    );
}

#[test]
fn odd_values_everywhere() {
    let odd = [
        Value::Null,
        json!(1),
        json!("x"),
        json!([]),
        json!({}),
        json!({"name": null, "inputSchema": [], "annotations": "x", "_meta": {"ui": 5}}),
        json!({"name": "a", "inputSchema": {"type": ["object", 3], "properties": [1], "items": 7, "anyOf": {}, "enum": "x", "required": 5, "format": 3}}),
        json!({"name": "a", "outputSchema": {"type": "object", "properties": {"x": {"x-mcp-header": 5}}}, "inputSchema": true}),
        json!({"name": "a", "arguments": {"x": 1}, "uriTemplate": 5, "uri": []}),
        json!({"name": "a", "arguments": [null, {"name": 3, "required": "no"}]}),
    ];
    let server_jsons = [
        Value::Null,
        json!([]),
        json!("x"),
        json!({"packages": [null, 1, {"transport": [], "packageArguments": [null, {"type": 3}], "environmentVariables": {}}]}),
        json!({"remotes": {"a": 1}, "icons": [null, {"src": 3, "sizes": "x"}], "repository": [], "_meta": 3, "version": 5}),
        json!({"remotes": [{"type": "sse", "url": "https://{a/mcp", "headers": [1, {"name": 2}], "variables": []}]}),
    ];
    let mut surfaces = Vec::new();
    for sj in server_jsons {
        surfaces.push(
            McpSurface::new("odd")
                .with_tools(odd.to_vec())
                .with_resources(odd.to_vec())
                .with_resource_templates(odd.to_vec())
                .with_prompts(odd.to_vec())
                .with_server_json(sj),
        );
    }
    let request = AnalyzeRequest::new(surfaces, Value::Null);
    let outcome = McpLint::new().analyze(&request).unwrap();
    assert!(!outcome.findings.is_empty());
    for f in &outcome.findings {
        assert!(
            f.pointer.as_deref().is_some_and(|p| p.starts_with('/')),
            "{f:?}"
        );
    }
}

#[test]
fn the_boundary_call_works_and_rejects_bad_options() {
    let manifest = call_rule_pack(&McpLint::new(), "manifest", "").unwrap();
    let manifest: Value = serde_json::from_str(&manifest).unwrap();
    assert_eq!(manifest["id"], "mcp-lint");
    assert_eq!(manifest["kind"], "rule-pack");
    assert!(manifest["rule_pack"]["rules"].as_array().unwrap().len() >= 80);

    let request =
        json!({"surfaces": [{"server": "s", "tools": [{"name": "bad name"}]}], "options": null});
    let answer = call_rule_pack(&McpLint::new(), "analyze", &request.to_string()).unwrap();
    let answer: Value = serde_json::from_str(&answer).unwrap();
    assert!(
        answer["findings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["code"] == "name-format")
    );

    let bad = json!({"surfaces": [], "options": {"rules": {"no-such-rule": "off"}}});
    let err = call_rule_pack(&McpLint::new(), "analyze", &bad.to_string()).unwrap_err();
    assert!(err.message().contains("no-such-rule"), "{}", err.message());
}

#[test]
fn odd_source_facts_never_panic() {
    let odd_facts = json!([
        null, 1, "x", [], {},
        {"handler": 5, "errors": 5, "auth": "x", "enrichment": [], "enrichmentTrailer": 5, "outputFields": {"a": 1},
         "params": [], "unresolved": 5, "unserializable": {"pointer": 1}, "format": 3},
        {"handler": {"throws": 5, "failCalls": {"x": 1}}, "errors": {}, "auth": [null, [], {"$unresolved": 3}, {"$member": 4}],
         "enrichment": {}, "params": {"properties": 5}},
        {"handler": {"throws": [null, 1, {"kind": 3, "callee": [], "code": 7, "inCatch": 4, "keepsCause": "yes", "stringifies": 1}],
                     "failCalls": [null, {"reason": 3}, {"reason": "r"}]},
         "errors": [null, 1, {"code": "x", "reason": [], "when": 3, "recovery": {}, "retryable": "y"},
                    {"code": {"$member": 5}}, {"code": {"$unresolved": 3}}, {"code": 1.5, "reason": "a"}, {"code": -1e300}],
         "enrichment": {"a": 5, "b": {"$unresolved": null}}, "enrichmentFields": 3, "enrichmentTrailer": {"a": 5, "c": []},
         "unresolved": [1, {"pointer": 3}, {"pointer": "", "reason": 4}], "unserializable": [{"pointer": "", "construct": 1}, {}]},
        {"enrichment": {"a": {"$unresolved": "z"}}, "enrichmentFields": {"a": {"anyOf": [5, {"type": "null"}]}},
         "enrichmentTrailer": {"a": {"render": 5}}, "outputFields": [1, "a"]}
    ]);
    let items = json!([null, {}, {"name": 3, "uriTemplate": "x://{a}{"}, {"name": "t", "outputSchema": {"properties": {"canvasId": 1}}}]);
    for facts in [
        Value::Null,
        json!(3),
        json!({"tools": 5, "prompts": {}}),
        json!({"tools": odd_facts, "resources": odd_facts, "resourceTemplates": odd_facts, "prompts": odd_facts}),
    ] {
        let surface: McpSurface = serde_json::from_value(json!({
            "server": "odd", "tools": items, "resources": items, "resourceTemplates": items, "prompts": items,
            "sourceFacts": facts
        }))
        .unwrap();
        let findings = lint_surfaces(&[surface], &Value::Null).unwrap();
        for f in &findings {
            assert!(
                f.pointer.as_deref().is_some_and(|p| p.starts_with('/')),
                "{f:?}"
            );
        }
    }
}
