//! Prints the similarity of every labelled pair of `tests/data/calibration.json` and, for each
//! candidate threshold, how many pairs of each label reach it: the figures of the README.
//!
//!     cargo run --release -p signalint-plugin-semantic --example calibrate -- MODEL_DIR [CACHE_DIR]
//!
//! A parameter pair marked `together` (a tool of the server takes both names) is never
//! flagged, whatever its similarity. Then, on the 117 tools of github-mcp-server, how many
//! parameter conflicts each threshold gives and, with a CACHE_DIR (the built-in corpus is
//! embedded there once), how many tools reach each overlap threshold against the corpus.

use std::path::PathBuf;

use serde_json::Value;
use signalint_plugin_semantic::model::{cosine, round2};
use signalint_plugin_semantic::{Embedder, Options, analyze_with};

fn main() {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .expect("usage: calibrate MODEL_DIR");
    let model = Embedder::load(&dir, "argument").unwrap_or_else(|e| panic!("{e}"));
    let data: Value =
        serde_json::from_str(include_str!("../tests/data/calibration.json")).expect("JSON");
    let mut out = String::new();
    for set in ["overlap", "parameter"] {
        let pairs = data[set].as_array().expect("pairs");
        let texts: Vec<&str> = pairs
            .iter()
            .flat_map(|p| [p["a"].as_str().unwrap(), p["b"].as_str().unwrap()])
            .collect();
        let vectors = model.embed(&texts).unwrap_or_else(|e| panic!("{e}"));
        let scored: Vec<(&str, f32)> = pairs
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let s = round2(cosine(vectors.row(2 * i), vectors.row(2 * i + 1)));
                (p["label"].as_str().unwrap(), s)
            })
            .collect();
        let together: Vec<bool> = pairs.iter().map(|p| p["together"] == true).collect();
        out.push_str(&format!("## {set} ({} pairs)\n", pairs.len()));
        for label in ["paraphrase", "near_miss", "unrelated"] {
            let mut s: Vec<f32> = scored
                .iter()
                .filter(|(l, _)| *l == label)
                .map(|p| p.1)
                .collect();
            s.sort_by(f32::total_cmp);
            let mean = s.iter().sum::<f32>() / s.len() as f32;
            out.push_str(&format!(
                "{label:<10} n={:<3} min {:.2}  median {:.2}  mean {mean:.2}  max {:.2}\n",
                s.len(),
                s[0],
                s[s.len() / 2],
                s[s.len() - 1]
            ));
        }
        out.push_str("threshold  paraphrases flagged  near misses flagged  unrelated flagged\n");
        for t in (50..=95).step_by(5) {
            let t = t as f32 / 100.0;
            let count = |label: &str| {
                let all = scored.iter().filter(|(l, _)| *l == label).count();
                let hit = scored
                    .iter()
                    .zip(&together)
                    .filter(|((l, s), together)| *l == label && *s >= t && !**together)
                    .count();
                format!("{hit}/{all}")
            };
            out.push_str(&format!(
                "{t:.2}       {:<20} {:<20} {}\n",
                count("paraphrase"),
                count("near_miss"),
                count("unrelated")
            ));
        }
        for ((label, s), p) in scored.iter().zip(pairs) {
            out.push_str(&format!("  {s:.2} {label:<10} {}  |  {}\n", p["a"], p["b"]));
        }
    }
    out.push_str(&real_parameters(&model));
    if std::env::args_os().nth(2).is_some() {
        out.push_str(&real_server(&model));
    }
    std::io::Write::write_all(&mut std::io::stdout(), out.as_bytes()).expect("stdout");
}

/// SEMANTIC_PARAMETER_CONFLICT findings on github-mcp-server at each threshold.
fn real_parameters(model: &Embedder) -> String {
    let github: Value = serde_json::from_str(include_str!(
        "../../../corpus/real-benign/github-mcp-server-toolsnaps.json"
    ))
    .expect("JSON");
    let tools = github[0]["tools"].as_array().expect("tools").clone();
    let count = tools.len();
    let surface = signalint_plugin_api::McpSurface::new("github").with_tools(tools);
    let options = Options::from_json(&serde_json::json!({
        "default_corpus": false, "parameter_threshold": 0.5}))
    .expect("options");
    let corpus =
        signalint_plugin_semantic::EmbeddedCorpus::new(model, Vec::new(), &options.cache_dir())
            .expect("corpus");
    let findings = analyze_with(&[surface], &options, model, &corpus).expect("analyze");
    let similarity = |f: &signalint_plugin_api::Finding| {
        let e: Value = serde_json::from_str(f.evidence.as_deref().unwrap()).unwrap();
        e["similarity"].as_f64().unwrap()
    };
    let mut out =
        format!("## github-mcp-server ({count} tools), parameter conflicts\nthreshold  findings\n");
    for t in (50..=95).step_by(5) {
        let t = f64::from(t) / 100.0;
        let n = findings
            .iter()
            .filter(|f| similarity(f) >= t - 1e-9)
            .count();
        out.push_str(&format!("{t:.2}       {n}\n"));
    }
    for f in findings.iter().filter(|f| similarity(f) >= 0.65) {
        out.push_str(&format!("  {}\n", f.message));
    }
    out
}

/// SEMANTIC_OVERLAP findings on github-mcp-server at each threshold.
fn real_server(model: &Embedder) -> String {
    let github: Value = serde_json::from_str(include_str!(
        "../../../corpus/real-benign/github-mcp-server-toolsnaps.json"
    ))
    .expect("JSON");
    let tools = github[0]["tools"].as_array().expect("tools").clone();
    let count = tools.len();
    let surface = signalint_plugin_api::McpSurface::new("github").with_tools(tools);
    let mut options = serde_json::json!({"threshold": 0.5, "parameter_threshold": 1.0});
    if let Some(cache) = std::env::args_os().nth(2) {
        options["cache_dir"] = serde_json::json!(PathBuf::from(cache));
    }
    let options = Options::from_json(&options).expect("options");
    let corpus = signalint_plugin_semantic::EmbeddedCorpus::new(
        model,
        signalint_plugin_semantic::corpus::default_tools().to_vec(),
        &options.cache_dir(),
    )
    .expect("corpus");
    let findings = analyze_with(&[surface], &options, model, &corpus).expect("analyze");
    let similarity = |f: &signalint_plugin_api::Finding| {
        let e: Value = serde_json::from_str(f.evidence.as_deref().unwrap()).unwrap();
        e["similarity"].as_f64().unwrap()
    };
    let overlaps: Vec<f64> = findings
        .iter()
        .filter(|f| f.code == "SEMANTIC_OVERLAP")
        .map(similarity)
        .collect();
    let mut out = format!(
        "## github-mcp-server ({count} tools) against the built-in corpus\nthreshold  tools with a SEMANTIC_OVERLAP\n"
    );
    for t in (50..=95).step_by(5) {
        let t = f64::from(t) / 100.0;
        let n = overlaps.iter().filter(|&&s| s >= t - 1e-9).count();
        out.push_str(&format!("{t:.2}       {n}\n"));
    }
    for f in findings.iter().filter(|f| similarity(f) >= 0.7) {
        out.push_str(&format!("  {}\n", f.message));
    }
    out
}
