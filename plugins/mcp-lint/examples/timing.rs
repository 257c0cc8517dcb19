//! Times the pack over the real-benign corpus (github-mcp-server + 258 Smithery servers),
//! as manifests (twice, for the noise between two identical runs) and as if read from source:
//! every tool given clean source facts (a handler, an errors contract), then the facts of the
//! catalog fixture's first tool (eight findings a tool), so the source-only rules run on all.
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

/// The surfaces with every tool given `facts`.
fn as_source(surfaces: &[McpSurface], facts: &Value) -> Vec<McpSurface> {
    surfaces
        .iter()
        .map(|s| {
            let mut value = serde_json::to_value(s).expect("surface");
            let tools = vec![facts.clone(); s.tools.len()];
            value["sourceFacts"] = serde_json::json!({ "tools": tools });
            serde_json::from_value(value).expect("surface with facts")
        })
        .collect()
}

/// Best of 20 runs in milliseconds, and the number of findings.
fn best(surfaces: &[McpSurface], options: &Value) -> (f64, usize) {
    let mut best = f64::MAX;
    let mut count = 0;
    for _ in 0..20 {
        let start = Instant::now();
        count = lint_surfaces(surfaces, options)
            .expect("valid options")
            .len();
        best = best.min(start.elapsed().as_secs_f64() * 1000.0);
    }
    (best, count)
}

fn main() {
    let mut surfaces = load("github-mcp-server-toolsnaps.json");
    surfaces.extend(load("watchtower-smithery.json"));
    let fixture: Value = serde_json::from_str(include_str!(
        "../tests/fixtures/source-facts/catalog-server.json"
    ))
    .expect("fixture");
    // Eight findings a tool, and none: what reporting costs beside reading the facts.
    let faulty = as_source(&surfaces, &fixture["sourceFacts"]["tools"][0]);
    let clean = as_source(
        &surfaces,
        &serde_json::json!({"framework": "mcp-ts-core", "handler": {"throws": [], "failCalls": []},
            "errors": [{"code": -32001, "reason": "no_match", "when": "Nothing matches.",
                        "recovery": "Broaden the query or drop a filter."}]}),
    );
    let tools: usize = surfaces.iter().map(|s| s.tools.len()).sum();
    for options in [Value::Null, serde_json::json!({"portability": "strict"})] {
        let (a, count) = best(&surfaces, &options);
        let (a2, _) = best(&surfaces, &options);
        let (clean_ms, clean_count) = best(&clean, &options);
        let (faulty_ms, faulty_count) = best(&faulty, &options);
        println!(
            "{} surfaces, {tools} tools, options {options}: {count} findings, best of 20: {a:.2} ms \
             (again: {a2:.2} ms, A/A {:.2}x); as source, clean: {clean_count} findings, \
             {clean_ms:.2} ms ({:.2}x); as source, faulty: {faulty_count} findings, {faulty_ms:.2} ms ({:.2}x)",
            surfaces.len(),
            a2 / a,
            clean_ms / a,
            faulty_ms / a
        );
    }
}
