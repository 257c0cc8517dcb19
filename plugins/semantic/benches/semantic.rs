//! The pack's costs, as figures and ratios against baselines measured in the same run:
//!
//! - model load (read, hash, build);
//! - embedding throughput, batched: tool texts (`"<name> <description>"`) per second;
//! - the built-in corpus embedded with a cold cache (once: it takes a while; skipped with
//!   `SIGNALINT_BENCH_CORPUS_CACHE=DIR`, a cache directory of an earlier run);
//! - what a first scan of the 100-tool server below embeds (distinct texts, tokens, padded
//!   tokens, batches) and the time to embed it in process;
//! - `signalint tools scan` of a 100-tool server (the first 100 tools of github-mcp-server)
//!   with the pack against the same scan without it (the baseline), the corpus cached: a first
//!   scan (no scanned text cached) and a repeated one;
//!
//! each with its A/A noise: the ratio between the medians of the even and the odd runs of one
//! measurement, two halves of identical runs interleaved in time. The scans spawn the release
//! binary, so build it first:
//!
//!     cargo build --release --workspace
//!     SIGNALINT_SEMANTIC_MODEL=DIR cargo bench -p signalint-plugin-semantic [-- RUNS]
//!
//! To compare two builds in one window, copy `target/release/{signalint,libsignalint_plugin_semantic.so}`
//! to `A/` and the bench binary (`target/release/deps/semantic-*`) to `A/deps/`, do the same
//! for `B/`, and run the two bench binaries alternately.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::Value;
use signalint_plugin_api::McpSurface;
use signalint_plugin_semantic::corpus::{self, EmbeddedCorpus};
use signalint_plugin_semantic::{Embedder, Options};

const GITHUB: &str = include_str!("../../../corpus/real-benign/github-mcp-server-toolsnaps.json");

fn median(samples: &[f64]) -> f64 {
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    }
}

/// Median of the even runs over median of the odd runs.
fn noise(samples: &[f64]) -> f64 {
    let even: Vec<f64> = samples.iter().step_by(2).copied().collect();
    let odd: Vec<f64> = samples.iter().skip(1).step_by(2).copied().collect();
    if odd.is_empty() {
        return f64::NAN;
    }
    median(&even) / median(&odd)
}

fn row(label: &str, samples: &[f64]) {
    println!(
        "  {label:<52} {:9.1} ms  (A/A noise {:.3}, {} runs)",
        median(samples) * 1000.0,
        noise(samples),
        samples.len()
    );
}

fn ratio(label: &str, current: &[f64], baseline: &[f64]) {
    let r = median(current) / median(baseline);
    let spread = noise(current).ln().abs().max(noise(baseline).ln().abs());
    let beyond = current.len() >= 4 && r.ln().abs() > spread;
    println!(
        "  {label:<52} ratio {r:7.2}{}",
        if beyond { "  (beyond noise)" } else { "" }
    );
}

fn seconds(d: Duration) -> f64 {
    d.as_secs_f64()
}

fn model_dir() -> PathBuf {
    let dir = std::env::var_os("SIGNALINT_SEMANTIC_MODEL")
        .map(PathBuf::from)
        .unwrap_or_else(|| Options::default().model_dir().0);
    if !dir.join("model.safetensors").is_file() {
        eprintln!(
            "no model in {}: run `scripts/install-model` or set SIGNALINT_SEMANTIC_MODEL",
            dir.display()
        );
        std::process::exit(2);
    }
    dir
}

/// The release `signalint` beside this bench's target directory.
fn signalint() -> PathBuf {
    let exe = std::env::current_exe().expect("bench path");
    let release = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/release/deps")
        .to_owned();
    let binary = release.join("signalint");
    let pack = release.join(format!(
        "{}signalint_plugin_semantic{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    if !binary.is_file() || !pack.is_file() {
        eprintln!(
            "{} or the semantic pack beside it is missing: run `cargo build --release --workspace` first",
            binary.display()
        );
        std::process::exit(2);
    }
    binary
}

fn scan(binary: &Path, config: &Path, manifest: &Path) -> f64 {
    let started = Instant::now();
    let output = Command::new(binary)
        .args(["tools", "scan", "--format", "json", "--config"])
        .arg(config)
        .arg(manifest)
        .env("SIGNALINT_NO_INSTALL", "1")
        .env_remove("SIGNALINT_PLUGIN_PATH")
        .output()
        .expect("run signalint tools scan");
    let took = seconds(started.elapsed());
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "tools scan failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: Value = serde_json::from_slice(&output.stdout).expect("JSON report");
    if let Some(errors) = report.get("errors") {
        panic!("the scan reported errors: {errors}");
    }
    took
}

fn main() {
    let runs: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(6);
    let dir = model_dir();
    let binary = signalint();
    println!(
        "semantic pack, {} cores, {runs} runs per figure",
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );

    let mut load = Vec::new();
    let mut model = None;
    for _ in 0..runs {
        let started = Instant::now();
        model = Some(Embedder::load(&dir, "bench").unwrap_or_else(|e| panic!("{e}")));
        load.push(seconds(started.elapsed()));
    }
    let model = model.expect("loaded");
    row("model load (read, hash, build)", &load);

    let items: Vec<Value> = serde_json::from_str(GITHUB).expect("corpus JSON");
    let hundred: Vec<Value> = items[0]["tools"].as_array().expect("tools")[..100].to_vec();
    let texts: Vec<String> = hundred
        .iter()
        .map(|t| {
            format!(
                "{} {}",
                t["name"].as_str().unwrap_or(""),
                t["description"].as_str().unwrap_or("")
            )
        })
        .collect();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let mut embed = Vec::new();
    for _ in 0..runs {
        let started = Instant::now();
        model.embed(&refs).unwrap_or_else(|e| panic!("{e}"));
        embed.push(seconds(started.elapsed()));
    }
    row("embed 100 tool texts, batched", &embed);
    println!(
        "  {:<52} {:9.0} tools/s",
        "embedding throughput",
        100.0 / median(&embed)
    );

    let work = tempfile::tempdir().expect("temp dir");
    // A corpus cache of an earlier run skips the cold corpus (a minute).
    let (corpus_cache, cold) = match std::env::var_os("SIGNALINT_BENCH_CORPUS_CACHE") {
        Some(dir) => (PathBuf::from(dir), false),
        None => (work.path().join("corpus-cache"), true),
    };
    let started = Instant::now();
    let embedded = EmbeddedCorpus::new(&model, corpus::default_tools().to_vec(), &corpus_cache)
        .unwrap_or_else(|e| panic!("{e}"));
    if cold {
        println!(
            "  {:<52} {:9.1} s   ({} tools, once)",
            "cold corpus cache: the built-in corpus embedded",
            seconds(started.elapsed()),
            embedded.tools.len()
        );
    } else {
        println!("  cold corpus: skipped (SIGNALINT_BENCH_CORPUS_CACHE)");
    }

    // What a first scan of the 100 tools embeds, in process: the same texts as the scans below.
    let surfaces = [McpSurface::new("github").with_tools(hundred.clone())];
    let all = signalint_plugin_semantic::texts_to_embed(&surfaces, &embedded);
    let mut seen = HashSet::new();
    let distinct: Vec<&str> = all
        .iter()
        .map(String::as_str)
        .filter(|t| seen.insert(*t))
        .collect();
    let batching = model.batching(&distinct).unwrap_or_else(|e| panic!("{e}"));
    println!(
        "  {:<52} {:9} texts ({} asked for), {} tokens, {} padded in {} batches",
        "a first scan embeds",
        distinct.len(),
        all.len(),
        batching.tokens,
        batching.padded,
        batching.batches
    );
    let mut first_texts = Vec::new();
    for _ in 0..runs {
        let started = Instant::now();
        model.embed(&distinct).unwrap_or_else(|e| panic!("{e}"));
        first_texts.push(seconds(started.elapsed()));
    }
    row("embed a first scan's texts, in process", &first_texts);
    drop(embedded);

    let manifest = work.path().join("github-100.json");
    std::fs::write(
        &manifest,
        serde_json::to_string(&serde_json::json!({"tools": hundred})).expect("JSON"),
    )
    .expect("write the manifest");
    let config = |name: &str, semantic: bool, cache: &Path| {
        let path = work.path().join(name);
        let text = if semantic {
            format!(
                "[rule_packs.semantic.options]\nmodel = {:?}\ncache_dir = {:?}\n",
                dir.display().to_string(),
                cache.display().to_string()
            )
        } else {
            "[rule_packs.semantic]\nenabled = false\n".to_owned()
        };
        std::fs::write(&path, text).expect("write a config");
        path
    };
    let without = config("without.toml", false, &corpus_cache);
    let repeated = config("repeated.toml", true, &corpus_cache);
    // Warm the page cache and the repeated scan's text cache.
    scan(&binary, &without, &manifest);
    scan(&binary, &repeated, &manifest);
    let (mut base, mut first, mut again) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..runs {
        // A fresh cache directory holding only the corpus vectors: no scanned text cached.
        let fresh = work.path().join(format!("fresh-{i}"));
        std::fs::create_dir_all(&fresh).expect("cache dir");
        for entry in std::fs::read_dir(&corpus_cache).expect("corpus cache") {
            let path = entry.expect("entry").path();
            if path
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("corpus-"))
            {
                std::fs::copy(&path, fresh.join(path.file_name().expect("name"))).expect("copy");
            }
        }
        let first_scan = config(&format!("first-{i}.toml"), true, &fresh);
        let mut order: Vec<(&Path, &mut Vec<f64>)> = vec![
            (&without, &mut base),
            (&first_scan, &mut first),
            (&repeated, &mut again),
        ];
        if i % 2 == 1 {
            order.reverse();
        }
        for (config, into) in order {
            into.push(scan(&binary, config, &manifest));
        }
    }
    row("tools scan, 100 tools, without the pack", &base);
    row("tools scan, 100 tools, with it, first scan", &first);
    row("tools scan, 100 tools, with it, repeated scan", &again);
    ratio("first scan / without the pack", &first, &base);
    ratio("repeated scan / without the pack", &again, &base);
}
