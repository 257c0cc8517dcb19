//! Prints the findings for a manifest file of the corpus shape: `cargo run --example show -- FILE [ID]`.
#![allow(clippy::print_stdout)]

use serde_json::Value;
use signalint_plugin_api::{AnalyzeRequest, McpSurface};
use signalint_plugin_shadow_patterns::{Options, analyze_surfaces};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        println!("usage: show FILE [ID]");
        return;
    };
    let data = std::fs::read_to_string(path).unwrap_or_default();
    let items: Vec<Value> = serde_json::from_str(&data).unwrap_or_default();
    for item in items {
        if args
            .get(2)
            .is_some_and(|id| item["id"].as_str() != Some(id))
        {
            continue;
        }
        let request = AnalyzeRequest::new(
            vec![
                McpSurface::new(item["server"].as_str().unwrap_or("").to_owned())
                    .with_tools(item["tools"].as_array().cloned().unwrap_or_default()),
            ],
            Value::Null,
        );
        println!("== {}", item["id"]);
        for f in analyze_surfaces(&request, &Options::default()) {
            println!(
                "  {:?} {} @ {} | {}",
                f.severity,
                f.message,
                f.pointer.unwrap_or_default(),
                f.evidence.unwrap_or_default()
            );
        }
    }
}
