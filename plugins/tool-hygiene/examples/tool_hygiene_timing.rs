//! Times the pack over every real-benign manifest (3,182 tools in 259 servers), loaded as one
//! check: `cargo run --release -p signalint-plugin-tool-hygiene --example tool_hygiene_timing`.

#![allow(clippy::print_stderr)]

use std::time::{Duration, Instant};

use serde_json::Value;
use signalint_plugin_api::{AnalyzeRequest, McpSurface, call_rule_pack, methods};
use signalint_plugin_tool_hygiene::{ToolHygiene, analyze};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/real-benign/");
const RUNS: usize = 200;

fn main() {
    let mut surfaces = Vec::new();
    for file in [
        "github-mcp-server-toolsnaps.json",
        "watchtower-smithery.json",
    ] {
        let text = std::fs::read_to_string(format!("{CORPUS}{file}")).expect("corpus file");
        let items: Vec<Value> = serde_json::from_str(&text).expect("corpus JSON");
        surfaces.extend(items.into_iter().map(|item| {
            McpSurface::new(item["server"].as_str().unwrap_or_default().to_owned())
                .with_tools(item["tools"].as_array().cloned().unwrap_or_default())
        }));
    }
    let tools: usize = surfaces.iter().map(|s| s.tools.len()).sum();
    let request = AnalyzeRequest::new(surfaces, Value::Null);
    let payload = serde_json::to_string(&request).expect("request JSON");

    let findings = analyze(&request).expect("analyze").len();
    let (direct, direct_median) = timing(|| {
        analyze(&request).expect("analyze");
    });
    let (boundary, boundary_median) = timing(|| {
        call_rule_pack(&ToolHygiene::new(), methods::ANALYZE, &payload).expect("analyze");
    });
    eprintln!(
        "{} servers, {tools} tools, {findings} findings; fastest (median) of {RUNS} runs: analyze {direct:.2?} ({direct_median:.2?}), through the plugin boundary with JSON in and out {boundary:.2?} ({boundary_median:.2?})",
        request.surfaces.len()
    );
}

/// The fastest and the median of [`RUNS`] runs (the fastest is the least disturbed by other
/// load on the machine).
fn timing(mut run: impl FnMut()) -> (Duration, Duration) {
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed()
        })
        .collect();
    times.sort();
    (times[0], times[RUNS / 2])
}
