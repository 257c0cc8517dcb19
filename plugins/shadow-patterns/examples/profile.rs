//! Times each signal over the real-benign corpus: `cargo run --release --example profile`;
//! `-- real-servers [PASSES]` times the whole pack over every recorded real tool list instead.
#![allow(clippy::print_stdout)]

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::Value;
use signalint_plugin_api::{AnalyzeRequest, FindingSeverity, McpSurface};
use signalint_plugin_shadow_patterns::normalize::Folded;
use signalint_plugin_shadow_patterns::signals::{self, Hit, Unit, UnitKind};
use signalint_plugin_shadow_patterns::{Options, analyze_surfaces};

/// CPU time of this thread (user + system), from /proc, in milliseconds.
fn cpu_ms() -> f64 {
    stat_cpu_ms("/proc/thread-self/stat")
}

/// CPU time of the whole process, every thread, in milliseconds.
fn process_cpu_ms() -> f64 {
    stat_cpu_ms("/proc/self/stat")
}

fn stat_cpu_ms(path: &str) -> f64 {
    let stat = std::fs::read_to_string(path).unwrap_or_default();
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

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("real-servers") {
        let options = args
            .get(3)
            .map(|o| {
                let json = serde_json::from_str(o).expect("options as JSON");
                Options::from_json(&json).expect("valid options")
            })
            .unwrap_or_default();
        real_servers(
            args.get(2).and_then(|a| a.parse().ok()).unwrap_or(5),
            &options,
        );
        return;
    }
    whole_pipeline();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/real-benign/");
    let mut texts: Vec<(
        String,
        std::rc::Rc<signalint_plugin_shadow_patterns::siblings::Siblings>,
    )> = Vec::new();
    for file in [
        "github-mcp-server-toolsnaps.json",
        "watchtower-smithery.json",
    ] {
        let Ok(data) = std::fs::read_to_string(format!("{dir}{file}")) else {
            println!("cannot read {file}");
            return;
        };
        let items: Vec<Value> = serde_json::from_str(&data).unwrap_or_default();
        for item in items {
            let tools = item["tools"].as_array().cloned().unwrap_or_default();
            let names =
                std::rc::Rc::new(signalint_plugin_shadow_patterns::siblings::Siblings::new(
                    tools
                        .iter()
                        .filter_map(|t| t["name"].as_str())
                        .map(str::to_lowercase),
                ));
            for t in &tools {
                if let Some(d) = t["description"].as_str() {
                    texts.push((d.to_owned(), names.clone()));
                }
            }
        }
    }
    let start = Instant::now();
    let folded: Vec<Folded> = texts.iter().map(|(t, _)| Folded::new(t)).collect();
    println!("fold: {:?} for {} texts", start.elapsed(), texts.len());
    type Detect = fn(&Unit<'_>, &mut Vec<Hit>);
    let all: &[(&str, Detect)] = &[
        ("hidden_unicode", signals::hidden_unicode::detect),
        ("confusable_text", signals::confusable_text::detect),
        ("hidden_markup", signals::hidden_markup::detect),
        (
            "instruction_override",
            signals::instruction_override::detect,
        ),
        ("forced_invocation", signals::forced_invocation::detect),
        ("fake_prerequisite", signals::fake_prerequisite::detect),
        ("tool_suppression", signals::tool_suppression::detect),
        (
            "cross_server_shadowing",
            signals::cross_server_shadowing::detect,
        ),
        ("exfiltration", signals::exfiltration::detect),
        ("concealment", signals::concealment::detect),
        ("argument_tampering", signals::argument_tampering::detect),
        ("conditional_trigger", signals::conditional_trigger::detect),
        (
            "preference_manipulation",
            signals::preference_manipulation::detect,
        ),
        ("encoded_payload", signals::encoded_payload::detect),
        (
            "concepts",
            signalint_plugin_shadow_patterns::concepts::detect,
        ),
    ];
    for round in 0..2 {
        let rounds: usize = if round == 0 { 1 } else { 20 };
        let mut total = 0.0;
        for (name, detect) in all {
            let start = cpu_ms();
            let mut out = Vec::new();
            for _ in 0..rounds {
                for ((raw, names), folded) in texts.iter().zip(&folded) {
                    let unit = Unit {
                        raw,
                        folded,
                        kind: UnitKind::ToolDescription,
                        tool: "",
                        siblings: names,
                        params: &[],
                    };
                    detect(&unit, &mut out);
                }
                out.clear();
            }
            let spent = (cpu_ms() - start) / rounds as f64;
            total += spent;
            println!("round {round} {name:<26} {spent:.1} ms CPU per pass");
        }
        if round == 1 {
            println!("total {total:.1} ms CPU per pass");
        }
    }
    // The slowest texts overall.
    let mut slow: Vec<(Duration, usize)> = Vec::new();
    for (i, ((raw, names), folded)) in texts.iter().zip(&folded).enumerate() {
        let unit = Unit {
            raw,
            folded,
            kind: UnitKind::ToolDescription,
            tool: "",
            siblings: names,
            params: &[],
        };
        let start = Instant::now();
        let mut out = Vec::new();
        signals::detect_all(&unit, &mut out);
        slow.push((start.elapsed(), i));
    }
    slow.sort();
    for (d, i) in slow.iter().rev().take(5) {
        let t: String = texts[*i].0.chars().take(100).collect();
        println!("{d:?} {} bytes: {t:?}", texts[*i].0.len());
    }
}

/// Whole-pipeline passes over the corpus (cold, then warm), in CPU milliseconds.
fn whole_pipeline() {
    use signalint_plugin_api::{AnalyzeRequest, McpSurface};
    use signalint_plugin_shadow_patterns::{Options, analyze_surfaces};
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/real-benign/");
    let mut requests = Vec::new();
    for file in [
        "github-mcp-server-toolsnaps.json",
        "watchtower-smithery.json",
    ] {
        let data = std::fs::read_to_string(format!("{dir}{file}")).unwrap_or_default();
        let items: Vec<Value> = serde_json::from_str(&data).unwrap_or_default();
        for item in items {
            requests.push(AnalyzeRequest::new(
                vec![
                    McpSurface::new(item["server"].as_str().unwrap_or("").to_owned())
                        .with_tools(item["tools"].as_array().cloned().unwrap_or_default()),
                ],
                Value::Null,
            ));
        }
    }
    let options = Options::default();
    for pass in 0..4 {
        let start = cpu_ms();
        let wall = Instant::now();
        let mut n = 0;
        for r in &requests {
            n += analyze_surfaces(r, &options).len();
        }
        println!(
            "pipeline pass {pass}: {:.0} ms CPU, {:?} wall, {n} findings",
            cpu_ms() - start,
            wall.elapsed()
        );
    }
    // One request with every manifest as a surface, as `tools scan` of the files sends it:
    // this adds the pass over all surfaces together.
    let together = AnalyzeRequest::new(
        requests
            .iter()
            .flat_map(|r| r.surfaces.clone())
            .collect::<Vec<_>>(),
        Value::Null,
    );
    for pass in 0..3 {
        let start = process_cpu_ms();
        let wall = Instant::now();
        let n = analyze_surfaces(&together, &options).len();
        println!(
            "one request, pass {pass}: {:.0} ms CPU (all threads), {:?} wall, {n} findings",
            process_cpu_ms() - start,
            wall.elapsed()
        );
    }
}

fn servers() -> Vec<Value> {
    let corpus = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus"));
    let mut out = Vec::new();
    for dir in ["real-servers", "real-benign"] {
        let Ok(entries) = std::fs::read_dir(corpus.join(dir)) else {
            continue;
        };
        let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            match path.extension().and_then(|e| e.to_str()) {
                Some("jsonl") => {
                    out.extend(text.lines().filter_map(|l| serde_json::from_str(l).ok()))
                }
                Some("json") => {
                    out.extend(serde_json::from_str::<Vec<Value>>(&text).unwrap_or_default());
                }
                _ => {}
            }
        }
    }
    out
}

/// `profile real-servers [PASSES] [OPTIONS_JSON]`: CPU time of the pack over every recorded real tool list
/// (`corpus/real-servers/*.jsonl` and `corpus/real-benign/*.json`), one request per server:
/// the median CPU milliseconds of a pass after one warm-up pass (pattern compilation) and the
/// flagged count, so that two builds can be timed against each other on the same input.
fn real_servers(passes: usize, options: &Options) {
    let requests: Vec<AnalyzeRequest> = servers()
        .iter()
        .map(|s| {
            let surface = McpSurface::new(s["server"].as_str().unwrap_or("server").to_owned())
                .with_tools(s["tools"].as_array().cloned().unwrap_or_default());
            AnalyzeRequest::new(vec![surface], Value::Null)
        })
        .collect();
    let mut times = Vec::new();
    let mut flagged = 0;
    for pass in 0..=passes {
        let before = process_cpu_ms();
        flagged = requests
            .iter()
            .filter(|r| {
                analyze_surfaces(r, options).iter().any(|f| {
                    matches!(
                        f.severity,
                        FindingSeverity::Critical
                            | FindingSeverity::Error
                            | FindingSeverity::Warning
                    )
                })
            })
            .count();
        if pass > 0 {
            times.push(process_cpu_ms() - before);
        }
    }
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    println!(
        "{} tool lists, {flagged} flagged, median CPU {median:.0} ms per pass ({passes} passes)",
        requests.len()
    );
}
