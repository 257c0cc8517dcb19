//! A whole server read from source (hand-written facts in the shape the source reader
//! produces, `tests/fixtures/source-facts/catalog-server.json`): every finding of the pack,
//! with its pointer, so that the interplay of the JSON rules and the source rules is pinned.

use serde_json::Value;
use signalint_plugin_api::McpSurface;
use signalint_plugin_mcp_lint::lint_surfaces;

fn findings(surface: &McpSurface) -> Vec<(String, String)> {
    lint_surfaces(std::slice::from_ref(surface), &Value::Null)
        .unwrap()
        .into_iter()
        .map(|f| (f.code, f.pointer.unwrap_or_default()))
        .collect()
}

fn catalog() -> McpSurface {
    let text = include_str!("fixtures/source-facts/catalog-server.json");
    serde_json::from_str(text).expect("the fixture is a surface")
}

#[test]
fn every_finding_of_a_source_surface() {
    let got: Vec<String> = findings(&catalog())
        .into_iter()
        .map(|(code, pointer)| format!("{code} {pointer}"))
        .collect();
    let want = "\
schema-serializable /tools/0/inputSchema/properties/since
format-parity-unverified /sourceFacts/tools/0/format
source-unresolved /tools/0/inputSchema/properties/filter
prefer-error-factory /sourceFacts/tools/0/handler/throws/0
preserve-cause-on-rethrow /sourceFacts/tools/0/handler/throws/1
no-stringify-upstream-error /sourceFacts/tools/0/handler/throws/1
error-contract-prefer-fail /sourceFacts/tools/0/handler/throws/0
enrichment-trailer-render /sourceFacts/tools/0/enrichment/facets
auth-type /sourceFacts/tools/1/auth
prefer-mcp-error-in-handler /sourceFacts/tools/1/handler/throws/0
error-contract-reason-format /sourceFacts/tools/1/errors/0/reason
error-contract-when-required /sourceFacts/tools/1/errors/0/when
error-contract-recovery-min-words /sourceFacts/tools/1/errors/0/recovery
error-contract-conformance /sourceFacts/tools/1/handler/throws/1
template-params-align /resourceTemplates/0/uriTemplate
generate-required /prompts/0";
    assert_eq!(got.join("\n"), want);
}

#[test]
fn the_same_server_as_a_manifest_gets_only_json_findings() {
    let mut value: Value =
        serde_json::from_str(include_str!("fixtures/source-facts/catalog-server.json")).unwrap();
    value.as_object_mut().unwrap().remove("sourceFacts");
    let manifest: McpSurface = serde_json::from_value(value).unwrap();
    let got = findings(&manifest);
    let codes: Vec<&str> = got.iter().map(|(c, _)| c.as_str()).collect();
    // Without facts the `{}` placeholders are plain fields without a description, and the
    // call commentary is not known to be an enrichment field.
    assert_eq!(
        codes,
        [
            "enrichment-prefer-block",
            "describe-on-fields",
            "describe-on-fields"
        ],
        "{got:?}"
    );
}
