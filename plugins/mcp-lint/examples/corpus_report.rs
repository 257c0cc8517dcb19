//! Prints the findings of the pack on a corpus file of the repository's `corpus/` (one surface per item).
//!
//! `cargo run -p signalint-plugin-mcp-lint --example corpus_report -- dev-benign-hard.json`

#![allow(clippy::print_stdout)]

use serde_json::Value;
use signalint_plugin_api::McpSurface;
use signalint_plugin_mcp_lint::lint_surfaces;

fn main() {
    let file = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "dev-benign-hard.json".into());
    let path = format!("{}/../../corpus/{file}", env!("CARGO_MANIFEST_DIR"));
    let items: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(path).expect("corpus file")).expect("JSON");
    let surfaces: Vec<McpSurface> = items
        .iter()
        .map(|item| {
            McpSurface::new(item["id"].as_str().unwrap_or("?").to_owned())
                .with_tools(item["tools"].as_array().cloned().unwrap_or_default())
        })
        .collect();
    for f in lint_surfaces(&surfaces, &Value::Null).expect("valid options") {
        println!(
            "{}\t{}\t{}\t{}\t{}",
            surfaces[f.surface].server,
            f.code,
            f.tool.as_deref().unwrap_or("-"),
            f.pointer.as_deref().unwrap_or("-"),
            f.message
        );
    }
}
