//! Measures the pack on the repository's `corpus/` and fails below the targets.
//!
//! * recall on `dev-malicious.json` (per manifest) ≥ 0.90;
//! * false-positive rate on `dev-benign-hard.json` (per manifest) ≤ 0.02;
//! * false-positive rate on the tools of `real-benign/` (per tool) ≤ 0.01.
//!
//! A manifest or tool counts as flagged when the pack reports at least one `SHADOW_PATTERN`
//! finding of severity critical or warning for it. Info findings are weak evidence for review
//! and do not count (the host does not show them by default either).
#![allow(clippy::print_stderr)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::time::Instant;

use serde_json::Value;
use signalint_plugin_api::{AnalyzeRequest, Finding, FindingSeverity, McpSurface};
use signalint_plugin_shadow_patterns::{CODE, Options, analyze_surfaces};

fn corpus(name: &str) -> Vec<Value> {
    let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus")).join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

fn request(item: &Value) -> AnalyzeRequest {
    AnalyzeRequest::new(
        vec![
            McpSurface::new(item["server"].as_str().unwrap_or("server").to_owned())
                .with_tools(item["tools"].as_array().cloned().unwrap_or_default()),
        ],
        Value::Null,
    )
}

fn counts(f: &Finding) -> bool {
    f.code == CODE
        && matches!(
            f.severity,
            FindingSeverity::Critical | FindingSeverity::Error | FindingSeverity::Warning
        )
}

/// The tool index a finding points into.
fn tool_index(f: &Finding) -> Option<usize> {
    f.pointer
        .as_deref()?
        .strip_prefix("/tools/")?
        .split('/')
        .next()?
        .parse()
        .ok()
}

/// CPU time of this thread in milliseconds (Linux; 0 elsewhere), so that the timing does
/// not depend on what else the machine runs.
fn cpu_ms() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let ticks: f64 = fields.get(11..13).map_or(0.0, |f| {
        f.iter().filter_map(|x| x.parse::<f64>().ok()).sum()
    });
    ticks * 10.0
}

fn describe(f: &Finding) -> String {
    format!(
        "{:?} {} | {}",
        f.severity,
        f.message,
        f.evidence.as_deref().unwrap_or("")
    )
}

#[test]
fn dev_malicious_recall() {
    let items = corpus("dev-malicious.json");
    let options = Options::default();
    let mut per_category: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut flagged = 0;
    for item in &items {
        let findings = analyze_surfaces(&request(item), &options);
        let hit = findings.iter().any(counts);
        let category = item["category"].as_str().unwrap_or("?").to_owned();
        let entry = per_category.entry(category).or_default();
        entry.1 += 1;
        if hit {
            flagged += 1;
            entry.0 += 1;
        } else {
            eprintln!(
                "MISSED {}: {:?}",
                item["id"],
                findings.iter().map(describe).collect::<Vec<_>>()
            );
        }
    }
    let recall = flagged as f64 / items.len() as f64;
    for (category, (hit, total)) in &per_category {
        eprintln!("  {category:<26} {hit}/{total}");
    }
    eprintln!(
        "dev-malicious recall: {flagged}/{} = {recall:.3}",
        items.len()
    );
    assert!(recall >= 0.90, "recall {recall:.3} is below 0.90");
    // Every category is at least partly covered: a gap points at a missing signal.
    for (category, (hit, _)) in &per_category {
        assert!(*hit > 0, "no item of category {category} is flagged");
    }
}

#[test]
fn dev_benign_hard_false_positives() {
    let items = corpus("dev-benign-hard.json");
    let options = Options::default();
    let mut flagged = 0;
    for item in &items {
        let findings = analyze_surfaces(&request(item), &options);
        let bad: Vec<String> = findings
            .iter()
            .filter(|f| counts(f))
            .map(describe)
            .collect();
        if !bad.is_empty() {
            flagged += 1;
            eprintln!("FALSE POSITIVE {}: {bad:?}", item["id"]);
        }
    }
    let rate = flagged as f64 / items.len() as f64;
    eprintln!(
        "dev-benign-hard false-positive rate: {flagged}/{} = {rate:.3}",
        items.len()
    );
    assert!(rate <= 0.02, "false-positive rate {rate:.3} is above 0.02");
}

#[test]
fn real_benign_false_positives() {
    let options = Options::default();
    let mut tools = 0usize;
    let mut flagged = 0usize;
    let mut manifests = 0usize;
    let mut flagged_manifests = 0usize;
    // The first call compiles the patterns; time it apart from the corpus.
    let warm = Instant::now();
    let first = request(
        &serde_json::json!({"server": "warm-up", "tools": [{"name": "t", "description": "Warm up."}]}),
    );
    analyze_surfaces(&first, &options);
    let warm_up = warm.elapsed();
    let mut elapsed = std::time::Duration::ZERO;
    let mut cpu = 0.0;
    for file in [
        "real-benign/github-mcp-server-toolsnaps.json",
        "real-benign/watchtower-smithery.json",
    ] {
        for item in corpus(file) {
            let request = request(&item);
            let count = request.surfaces[0].tools.len();
            let start = Instant::now();
            let cpu_start = cpu_ms();
            let findings = analyze_surfaces(&request, &options);
            cpu += cpu_ms() - cpu_start;
            elapsed += start.elapsed();
            let hits: BTreeSet<usize> = findings
                .iter()
                .filter(|f| counts(f))
                .filter_map(tool_index)
                .collect();
            for f in findings.iter().filter(|f| counts(f)) {
                eprintln!(
                    "FALSE POSITIVE {} / {}: {}",
                    item["server"],
                    f.tool.as_deref().unwrap_or("?"),
                    describe(f)
                );
            }
            tools += count;
            flagged += hits.len();
            manifests += 1;
            flagged_manifests += usize::from(!hits.is_empty());
        }
    }
    let rate = flagged as f64 / tools as f64;
    eprintln!(
        "real-benign false-positive rate: {flagged}/{tools} tools = {rate:.4} ({flagged_manifests}/{manifests} manifests); analysed in {elapsed:?} wall, {cpu:.0} ms CPU, after a first call (pattern compilation) of {warm_up:?}"
    );
    assert!(
        tools > 3_000,
        "the real-benign corpus looks incomplete: {tools} tools"
    );
    assert!(rate <= 0.01, "false-positive rate {rate:.4} is above 0.01");
}

/// Every real manifest in one request, as a client connected to all of them would send: the
/// pass that reads several servers' tools together must not join unrelated servers' texts
/// into instructions.
#[test]
fn real_benign_servers_read_together() {
    let mut surfaces = Vec::new();
    let mut alone = 0usize;
    let options = Options::default();
    for file in [
        "real-benign/github-mcp-server-toolsnaps.json",
        "real-benign/watchtower-smithery.json",
    ] {
        for item in corpus(file) {
            let request = request(&item);
            alone += analyze_surfaces(&request, &options)
                .iter()
                .filter(|f| counts(f))
                .count();
            surfaces.extend(request.surfaces);
        }
    }
    let together: Vec<Finding> =
        analyze_surfaces(&AnalyzeRequest::new(surfaces, Value::Null), &options)
            .into_iter()
            .filter(counts)
            .collect();
    for f in &together {
        if f.related_tool.is_some() {
            eprintln!("TOGETHER {}: {}", f.surface, describe(f));
        }
    }
    eprintln!("findings alone {alone}, together {}", together.len());
    assert_eq!(
        together.len(),
        alone,
        "reading the servers together added findings"
    );
}
