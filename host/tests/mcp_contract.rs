//! `docs/contract.md` documents every tool's schemas: its generated block must equal what the
//! server advertises in `tools/list`, and every documented CheckResponse field must exist in the
//! advertised output schema.
//!
//! After changing a tool, regenerate the block with
//! `SIGNALINT_BLESS=1 cargo test -p signalint --test mcp_contract` (or paste the output of
//! `signalint mcp --print-schemas` between the markers).

mod mcp_support;

use std::path::PathBuf;

use serde_json::{Map, Value};

const BEGIN: &str = "<!-- BEGIN GENERATED TOOL SCHEMAS (signalint mcp --print-schemas) -->";
const END: &str = "<!-- END GENERATED TOOL SCHEMAS -->";

fn contract_path() -> PathBuf {
    mcp_support::workspace_root().join("docs/contract.md")
}

/// The JSON between the markers, and the byte range of the whole generated region.
fn generated_block(doc: &str) -> (Value, std::ops::Range<usize>) {
    let start = doc
        .find(BEGIN)
        .expect("the BEGIN marker in docs/contract.md");
    let end = doc.find(END).expect("the END marker in docs/contract.md");
    let inner = &doc[start + BEGIN.len()..end];
    let json = inner
        .trim()
        .strip_prefix("```json")
        .and_then(|s| s.strip_suffix("```"))
        .expect("a ```json fence between the markers");
    (
        serde_json::from_str(json).expect("the generated block is JSON"),
        start..end + END.len(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_contract_documents_exactly_what_tools_list_advertises() {
    let project = tempfile::tempdir().unwrap();
    let (client, _) = mcp_support::start(&project.path().canonicalize().unwrap(), &[]).await;
    let tools = client.peer().list_all_tools().await.unwrap();
    client.cancel().await.unwrap();
    let mut advertised = Map::new();
    for tool in tools {
        advertised.insert(tool.name.to_string(), serde_json::to_value(&tool).unwrap());
    }
    let advertised = Value::Object(advertised);

    let path = contract_path();
    let doc = std::fs::read_to_string(&path).expect("docs/contract.md");
    if std::env::var("SIGNALINT_BLESS").is_ok_and(|v| v == "1") {
        let (_, range) = generated_block(&doc);
        let block = format!(
            "{BEGIN}\n```json\n{}\n```\n{END}",
            serde_json::to_string_pretty(&advertised).unwrap()
        );
        let mut updated = doc.clone();
        updated.replace_range(range, &block);
        std::fs::write(&path, updated).unwrap();
        return;
    }
    let (documented, _) = generated_block(&doc);
    assert!(
        documented == advertised,
        "docs/contract.md's tool schemas differ from tools/list; regenerate them with \
         `SIGNALINT_BLESS=1 cargo test -p signalint --test mcp_contract`"
    );

    // Every CheckResponse field named in the field tables is in the advertised schema, but for
    // `issues`, which only the CLI fills (its row says so).
    let response = &advertised["check_project"]["outputSchema"];
    let mut properties = response["properties"].as_object().unwrap().clone();
    assert!(
        !properties.contains_key("issues"),
        "the MCP tools never send `issues`"
    );
    properties.insert("issues".into(), Value::Null);
    let section = doc
        .split("### CheckResponse fields")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("a CheckResponse fields section");
    let mut documented_fields = 0;
    for line in section.lines() {
        let Some(cell) = line.strip_prefix("| `") else {
            continue;
        };
        let field = cell.split('`').next().unwrap();
        assert!(
            properties.contains_key(field),
            "docs/contract.md documents `{field}`, which CheckResponse does not have"
        );
        documented_fields += 1;
    }
    assert_eq!(
        documented_fields,
        properties.len(),
        "every CheckResponse field is documented in docs/contract.md"
    );
}

#[test]
fn print_schemas_is_the_same_document() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_signalint"))
        .args(["mcp", "--print-schemas"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let printed: Value = serde_json::from_slice(&output.stdout).unwrap();
    let doc = std::fs::read_to_string(contract_path()).unwrap();
    let (documented, _) = generated_block(&doc);
    assert_eq!(printed, documented);
}
