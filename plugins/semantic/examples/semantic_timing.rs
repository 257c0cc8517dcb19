//! The pack's costs: model load, embedding throughput, and a scan of a 100-tool server
//! (the first 100 tools of github-mcp-server) against the built-in corpus, with a cold and a
//! warm corpus cache.
//!
//!     cargo run --release -p signalint-plugin-semantic --example semantic_timing -- MODEL_DIR

#![allow(clippy::print_stderr)]

use std::path::PathBuf;
use std::time::Instant;

use serde_json::{Value, json};
use signalint_plugin_api::{AnalyzeRequest, McpSurface};
use signalint_plugin_semantic::corpus::{self, EmbeddedCorpus};
use signalint_plugin_semantic::{Embedder, Options, analyze_with};

const GITHUB: &str = include_str!("../../../corpus/real-benign/github-mcp-server-toolsnaps.json");

fn main() {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .expect("usage: semantic_timing MODEL_DIR");
    let started = Instant::now();
    let model = Embedder::load(&dir, "argument").unwrap_or_else(|e| panic!("{e}"));
    eprintln!("model load (read, hash, build): {:.2?}", started.elapsed());

    let tools = corpus::default_tools().to_vec();
    let sample: Vec<&str> = tools
        .iter()
        .take(512)
        .map(|t| t.description.as_str())
        .collect();
    let started = Instant::now();
    model.embed(&sample).unwrap_or_else(|e| panic!("{e}"));
    let took = started.elapsed();
    eprintln!(
        "embedding, batched: {} corpus descriptions in {took:.2?} = {:.0} texts/s",
        sample.len(),
        sample.len() as f64 / took.as_secs_f64()
    );

    let cache = tempfile::tempdir().expect("temp dir");
    let started = Instant::now();
    let cold = EmbeddedCorpus::new(&model, tools.clone(), cache.path()).expect("corpus");
    eprintln!(
        "cold corpus cache: {} tools embedded and written in {:.2?}",
        cold.tools.len(),
        started.elapsed()
    );
    drop(cold);

    let items: Vec<Value> = serde_json::from_str(GITHUB).expect("corpus JSON");
    let hundred: Vec<Value> = items[0]["tools"].as_array().expect("tools")[..100].to_vec();
    let surface = McpSurface::new("github-mcp-server-copy").with_tools(hundred);
    let options = Options::from_json(&json!({"cache_dir": cache.path()})).expect("options");
    let request = AnalyzeRequest::new(vec![surface], Value::Null);
    // A fresh process: the model is loaded again and the corpus vectors read from the file.
    let started = Instant::now();
    let model = Embedder::load(&dir, "argument").unwrap_or_else(|e| panic!("{e}"));
    let corpus = EmbeddedCorpus::new(&model, tools, cache.path()).expect("corpus");
    let loaded = started.elapsed();
    let findings = analyze_with(&request.surfaces, &options, &model, &corpus).expect("analyze");
    eprintln!(
        "100-tool server, warm corpus cache ({:?}): model + corpus {loaded:.2?}, whole scan {:.2?}, {} findings",
        corpus.cache,
        started.elapsed(),
        findings.len()
    );
    let started = Instant::now();
    analyze_with(&request.surfaces, &options, &model, &corpus).expect("analyze");
    eprintln!(
        "same scan, model and corpus already loaded: {:.2?}",
        started.elapsed()
    );
}
