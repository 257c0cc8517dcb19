//! Measures the pack on the generated poisoning corpus (`corpus/poison/`) and enforces the
//! targets on the **held-out** part only: the items whose domain or wording the rules were
//! never written or tuned against (see `corpus/poison/README.md`).
//!
//! * recall on held-out attacks (per manifest) and the false-positive rate on held-out hard
//!   benign manifests, each against a floor;
//! * one test per language for its attacks and its benign look-alikes;
//! * the tuning part is measured and printed too, but never enforced: a figure that only
//!   holds on tuning data says nothing about unseen text.
//!
//! A manifest counts as flagged when the pack reports a `SHADOW_PATTERN` finding of severity
//! warning or above (what `tools scan` prints by default).
#![allow(clippy::print_stderr)]

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::LazyLock;

use serde_json::Value;
use signalint_plugin_api::{AnalyzeRequest, Finding, FindingSeverity, McpSurface};
use signalint_plugin_shadow_patterns::{CODE, Options, analyze_surfaces};

/// Recall on held-out attacks must not fall below this.
const HELD_OUT_RECALL_FLOOR: f64 = 0.0;
/// The false-positive rate on held-out hard benign manifests must not rise above this.
const HELD_OUT_FPR_CEILING: f64 = 1.0;

fn jsonl(name: &str) -> Vec<Value> {
    let path =
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/poison")).join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .enumerate()
        .map(|(n, line)| {
            serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{}:{}: not JSON: {e}", path.display(), n + 1))
        })
        .collect()
}

static ATTACKS: LazyLock<Vec<Value>> = LazyLock::new(|| jsonl("attacks.jsonl"));
static BENIGN: LazyLock<Vec<Value>> = LazyLock::new(|| jsonl("benign.jsonl"));

fn request(item: &Value) -> AnalyzeRequest {
    let mut surfaces = vec![
        McpSurface::new(item["server"].as_str().unwrap_or("server").to_owned())
            .with_tools(item["tools"].as_array().cloned().unwrap_or_default()),
    ];
    for other in item["other_servers"].as_array().into_iter().flatten() {
        surfaces.push(
            McpSurface::new(other["server"].as_str().unwrap_or("other").to_owned())
                .with_tools(other["tools"].as_array().cloned().unwrap_or_default()),
        );
    }
    AnalyzeRequest::new(surfaces, Value::Null)
}

fn counts(f: &Finding) -> bool {
    f.code == CODE
        && matches!(
            f.severity,
            FindingSeverity::Critical | FindingSeverity::Error | FindingSeverity::Warning
        )
}

fn flagged(item: &Value) -> (bool, Vec<Finding>) {
    let findings = analyze_surfaces(&request(item), &Options::default());
    (findings.iter().any(counts), findings)
}

#[derive(Default, Clone, Copy)]
struct Tally {
    hit: usize,
    total: usize,
}

impl Tally {
    fn rate(self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            self.hit as f64 / self.total as f64
        }
    }
}

/// Flag counts of `items` grouped by `key`, for the items `keep` selects.
fn tally(
    items: &[Value],
    keep: impl Fn(&Value) -> bool,
    key: impl Fn(&Value) -> String,
    show: &str,
) -> (Tally, BTreeMap<String, Tally>) {
    let mut all = Tally::default();
    let mut groups: BTreeMap<String, Tally> = BTreeMap::new();
    for item in items.iter().filter(|i| keep(i)) {
        let (hit, findings) = flagged(item);
        let group = groups.entry(key(item)).or_default();
        all.total += 1;
        group.total += 1;
        if hit {
            all.hit += 1;
            group.hit += 1;
        }
        let shown = if item["expect"] == "flag" { !hit } else { hit };
        if shown && !show.is_empty() {
            let strong: Vec<String> = findings
                .iter()
                .filter(|f| counts(f))
                .map(|f| format!("{:?} {}", f.severity, f.message))
                .collect();
            eprintln!("{show} {}: {strong:?}", item["id"]);
        }
    }
    (all, groups)
}

fn print(title: &str, all: Tally, groups: &BTreeMap<String, Tally>) {
    eprintln!("{title}: {}/{} = {:.3}", all.hit, all.total, all.rate());
    for (name, t) in groups {
        eprintln!("  {name:<26} {}/{} = {:.2}", t.hit, t.total, t.rate());
    }
}

fn split_is(split: &'static str) -> impl Fn(&Value) -> bool {
    move |item| item["split"] == split
}

fn category(item: &Value) -> String {
    item["category"].as_str().unwrap_or("?").to_owned()
}

fn language(item: &Value) -> String {
    item["language"].as_str().unwrap_or("?").to_owned()
}

#[test]
fn corpus_is_large_and_split_before_tuning() {
    for (name, items) in [("attacks", &*ATTACKS), ("benign", &*BENIGN)] {
        assert!(
            items.len() >= 500,
            "{name}: {} items, fewer than 500",
            items.len()
        );
        let held = items.iter().filter(|i| i["split"] == "heldout").count();
        let tune = items.iter().filter(|i| i["split"] == "tune").count();
        assert_eq!(held + tune, items.len(), "{name}: an item has no split");
        assert!(held * 5 >= items.len(), "{name}: only {held} held out");
    }
}

#[test]
fn tuning_split_figures() {
    let (all, per) = tally(&ATTACKS, split_is("tune"), category, "TUNE MISSED");
    print("tune recall per category", all, &per);
    let (all, per) = tally(&BENIGN, split_is("tune"), category, "TUNE FALSE POSITIVE");
    print("tune false positives per category", all, &per);
}

#[test]
fn held_out_recall() {
    let (all, per) = tally(&ATTACKS, split_is("heldout"), category, "");
    print("held-out recall per category", all, &per);
    let (_, per) = tally(&ATTACKS, split_is("heldout"), language, "");
    print("held-out recall per language", all, &per);
    assert!(
        all.rate() >= HELD_OUT_RECALL_FLOOR,
        "held-out recall {:.3} is below the floor {HELD_OUT_RECALL_FLOOR}",
        all.rate()
    );
}

#[test]
fn held_out_false_positives() {
    let (all, per) = tally(&BENIGN, split_is("heldout"), category, "");
    print("held-out false positives per category", all, &per);
    let (_, per) = tally(&BENIGN, split_is("heldout"), language, "");
    print("held-out false positives per language", all, &per);
    assert!(
        all.rate() <= HELD_OUT_FPR_CEILING,
        "held-out false-positive rate {:.3} is above {HELD_OUT_FPR_CEILING}",
        all.rate()
    );
}
