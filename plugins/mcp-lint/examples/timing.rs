//! Times the pack over the real-benign corpus (github-mcp-server + 258 Smithery servers).
//!
//! `cargo run --release -p signalint-plugin-mcp-lint --example timing`

#![allow(clippy::print_stdout)]

use std::time::Instant;

use serde_json::Value;
use signalint_plugin_api::McpSurface;
use signalint_plugin_mcp_lint::lint_surfaces;

fn load(file: &str) -> Vec<McpSurface> {
    let path = format!(
        "{}/../../corpus/real-benign/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let items: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(path).expect("corpus file")).expect("JSON");
    items
        .iter()
        .map(|item| {
            McpSurface::new(item["server"].as_str().unwrap_or("?").to_owned())
                .with_tools(item["tools"].as_array().cloned().unwrap_or_default())
        })
        .collect()
}

fn main() {
    let mut surfaces = load("github-mcp-server-toolsnaps.json");
    surfaces.extend(load("watchtower-smithery.json"));
    let tools: usize = surfaces.iter().map(|s| s.tools.len()).sum();
    for options in [Value::Null, serde_json::json!({"portability": "strict"})] {
        let mut best = f64::MAX;
        let mut count = 0;
        for _ in 0..20 {
            let start = Instant::now();
            count = lint_surfaces(&surfaces, &options)
                .expect("valid options")
                .len();
            best = best.min(start.elapsed().as_secs_f64() * 1000.0);
        }
        println!(
            "{} surfaces, {tools} tools, options {options}: {count} findings, best of 20: {best:.2} ms",
            surfaces.len()
        );
    }
}
