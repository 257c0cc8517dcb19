//! `signalint tools scan` scored on public MCP benchmarks nobody on the project wrote.
//!
//! `corpus/public/mcp-guardbench/` holds the 57 single-frame cases of `getmcpm/mcp-guardbench`
//! (MIT; provenance in its `PROVENANCE.md`). They are held out by policy: a score, never tuning
//! data. Each case is one JSON-RPC frame. What `tools scan` reads statically (`tools/list`,
//! `initialize` with its `instructions`, `prompts/list`, `resources/list`,
//! `resources/templates/list`) becomes a manifest, and the real binary scans it. Every other
//! frame (tool-call responses, `tools/call` requests, resource contents, `prompts/get`
//! messages, sampling and elicitation requests) is **unsupported**: an abstention, counted
//! apart and left out of every rate in both directions, as the benchmark's own rules say.
//!
//! Verdict: a case is **flagged** when the `shadow-patterns` pack (the poisoning pack) reports
//! a finding at `warning`, `error` or `critical`, and **blocked** when at `error` or
//! `critical`. The other packs (`mcp-lint`, `tool-hygiene`, `param-synonyms`) judge quality,
//! not attacks, and do not count. Recall is flagged over scored cases that must be flagged
//! (`attacks/` and `warn/`); the false-positive rate is flagged over scored `benign/` cases.
//!
//! `scores.json` beside the cases holds the measured figures. This test fails when a case's
//! file no longer has its recorded SHA-256, when a case is added, removed or changes carrier
//! (scored or unsupported), when a case that was flagged is no longer flagged, when a benign
//! case that passed is now flagged, or when recall or the false-positive rate moves the wrong
//! way. It is a regression guard, not a target: nothing is tuned on these cases. When the
//! figures improve, it says so and asks for `scores.json` and the pack's README to be updated;
//! `SIGNALINT_WRITE_SCORES=1` rewrites `scores.json` from the measurement.
//!
//! `cargo test -p signalint --test public_benchmarks -- --nocapture` prints the table.

// The printed table is this test's report.
#![allow(clippy::print_stdout)]

mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

/// The one rule pack whose findings decide a verdict.
const POISONING_PACK: &str = "shadow-patterns";
/// Severities that flag a case (`info` is weak evidence for review, never a detection).
const FLAGGING_SEVERITIES: [&str; 3] = ["warning", "error", "critical"];
/// Severities that would block a frame rather than warn about it.
const BLOCKING_SEVERITIES: [&str; 2] = ["error", "critical"];

/// The cases corpus v5 added to v4 (the benchmark's README names them), so the v4 slice its
/// Cisco row was measured on can be compared like for like.
const V5_ADDITIONS: [&str; 3] = [
    "deadbugz-post-flip-tool-description-poisoning",
    "deadbugz-post-flip-prompt-exfil-instructions",
    "deadbugz-supply-chain-mongodb-tool-poisoning",
];

fn benchmark_dir() -> PathBuf {
    support::workspace_root().join("corpus/public/mcp-guardbench")
}

/// What a case's frame is, as far as `tools scan` is concerned.
enum Carrier {
    /// Statically read: the manifest `tools scan` is given, and the carrier's name.
    Scanned {
        carrier: &'static str,
        manifest: Value,
    },
    /// Not read by `tools scan`: an abstention, with the carrier's name.
    Unsupported { carrier: String },
}

/// Turns a case's JSON-RPC frame into the manifest `tools scan` reads, or an abstention.
fn classify(message: &Value) -> Carrier {
    if let Some(method) = message.get("method").and_then(Value::as_str) {
        return Carrier::Unsupported {
            carrier: format!("{method} request"),
        };
    }
    let Some(result) = message.get("result").and_then(Value::as_object) else {
        return Carrier::Unsupported {
            carrier: "frame without a result".to_owned(),
        };
    };
    const LISTS: [(&str, &str); 4] = [
        ("tools", "tools/list"),
        ("prompts", "prompts/list"),
        ("resources", "resources/list"),
        ("resourceTemplates", "resources/templates/list"),
    ];
    let listed: Vec<_> = LISTS
        .iter()
        .filter(|(key, _)| result.get(*key).is_some_and(Value::is_array))
        .collect();
    if let Some((_, carrier)) = listed.first() {
        let manifest: serde_json::Map<String, Value> = listed
            .iter()
            .map(|(key, _)| ((*key).to_owned(), result[*key].clone()))
            .collect();
        return Carrier::Scanned {
            carrier,
            manifest: Value::Object(manifest),
        };
    }
    if result.contains_key("protocolVersion") {
        // An `initialize` answer lists nothing; an empty tool list makes it a manifest whose
        // server name and `instructions` are read as a server's would be.
        let mut manifest = json!({ "tools": [] });
        for key in ["serverInfo", "instructions"] {
            if let Some(value) = result.get(key) {
                manifest[key] = value.clone();
            }
        }
        return Carrier::Scanned {
            carrier: "initialize",
            manifest,
        };
    }
    let carrier = if result.contains_key("content") {
        "tool-call response (result.content)"
    } else if result.contains_key("contents") {
        "resources/read contents"
    } else if result.contains_key("messages") {
        "prompts/get messages"
    } else {
        "unrecognised result"
    };
    Carrier::Unsupported {
        carrier: carrier.to_owned(),
    }
}

/// One case's measurement.
struct Measured {
    path: String,
    sha256: String,
    bucket: String,
    category: String,
    carrier: String,
    /// `None` when unsupported.
    flagged: Option<bool>,
    blocked: Option<bool>,
}

/// Runs the real `signalint tools scan --format json` on a manifest in a fresh empty project
/// (no `signalint.toml`: every pack at its defaults; nothing left by another case) and returns
/// its report.
fn scan(manifest: &Value) -> Value {
    let project = support::temp_project();
    let project = project.path();
    let file = project.join("manifest.json");
    std::fs::write(&file, serde_json::to_vec_pretty(manifest).unwrap()).unwrap();
    let output = support::run(
        support::signalint(None)
            .args(["tools", "scan"])
            .arg(&file)
            .args(["--format", "json", "--root"])
            .arg(project)
            .current_dir(project),
    );
    let report = support::stdout_json(&output);
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "tools scan failed: {:?}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(report.get("errors").is_none(), "a pack failed: {report}");
    report
}

fn measure(case_file: &Path) -> Measured {
    let bytes = std::fs::read(case_file).unwrap();
    let case: Value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{} is not JSON: {e}", case_file.display()));
    let path = case_file
        .strip_prefix(benchmark_dir())
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let bucket = case["bucket"].as_str().expect("a bucket").to_owned();
    let category = case["category"].as_str().unwrap_or("(benign)").to_owned();
    let (carrier, flagged, blocked) = match classify(&case["message"]) {
        Carrier::Unsupported { carrier } => (carrier, None, None),
        Carrier::Scanned { carrier, manifest } => {
            let report = scan(&manifest);
            let severities: Vec<&str> = report["findings"]
                .as_array()
                .expect("findings")
                .iter()
                .filter(|finding| finding["pack"] == POISONING_PACK)
                .filter_map(|finding| finding["severity"].as_str())
                .collect();
            let any = |levels: &[&str]| severities.iter().any(|s| levels.contains(s));
            (
                carrier.to_owned(),
                Some(any(&FLAGGING_SEVERITIES)),
                Some(any(&BLOCKING_SEVERITIES)),
            )
        }
    };
    Measured {
        path,
        sha256: sha256_hex(&bytes),
        bucket,
        category,
        carrier,
        flagged,
        blocked,
    }
}

fn case_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for bucket in ["attacks", "benign", "warn"] {
        let dir = benchmark_dir().join("cases").join(bucket);
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "json") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Counts over a set of cases.
#[derive(Default, Clone, Copy, PartialEq, Eq, Debug)]
struct Tally {
    cases: usize,
    scored: usize,
    flagged: usize,
    blocked: usize,
}

impl Tally {
    fn add(&mut self, m: &Measured) {
        self.cases += 1;
        if let (Some(flagged), Some(blocked)) = (m.flagged, m.blocked) {
            self.scored += 1;
            self.flagged += usize::from(flagged);
            self.blocked += usize::from(blocked);
        }
    }

    fn rate(&self, count: usize) -> Option<f64> {
        (self.scored > 0).then(|| count as f64 / self.scored as f64)
    }

    fn to_json(self) -> Value {
        json!({
            "cases": self.cases,
            "scored": self.scored,
            "unsupported": self.cases - self.scored,
            "flagged": self.flagged,
            "blocked": self.blocked,
        })
    }
}

fn percent(rate: Option<f64>) -> String {
    rate.map_or_else(|| "-".to_owned(), |r| format!("{:.1}%", r * 100.0))
}

/// The whole measurement: per-case results and tallies per bucket, category and carrier.
struct Scores {
    cases: Vec<Measured>,
    by_bucket: BTreeMap<String, Tally>,
    by_category: BTreeMap<(String, String), Tally>,
    by_carrier: BTreeMap<(String, String), Tally>,
    must_flag: Tally,
    benign: Tally,
}

impl Scores {
    fn new(cases: Vec<Measured>) -> Self {
        let mut scores = Scores {
            cases: Vec::new(),
            by_bucket: BTreeMap::new(),
            by_category: BTreeMap::new(),
            by_carrier: BTreeMap::new(),
            must_flag: Tally::default(),
            benign: Tally::default(),
        };
        for m in &cases {
            scores.by_bucket.entry(m.bucket.clone()).or_default().add(m);
            let key = (m.bucket.clone(), m.category.clone());
            scores.by_category.entry(key).or_default().add(m);
            let key = (m.bucket.clone(), m.carrier.clone());
            scores.by_carrier.entry(key).or_default().add(m);
            if m.bucket == "benign" {
                scores.benign.add(m);
            } else {
                scores.must_flag.add(m);
            }
        }
        scores.cases = cases;
        scores
    }

    /// Tallies (attacks, benign) over the `tools/list` cases of corpus v4: the slice the
    /// benchmark's published Cisco and substring-floor figures were measured on.
    fn v4_tools_list_slice(&self) -> (Tally, Tally) {
        let mut attacks = Tally::default();
        let mut benign = Tally::default();
        for m in &self.cases {
            let added_in_v5 = V5_ADDITIONS
                .iter()
                .any(|id| m.path.ends_with(&format!("/{id}.json")));
            if m.carrier != "tools/list" || added_in_v5 {
                continue;
            }
            if m.bucket == "benign" {
                benign.add(m);
            } else {
                attacks.add(m);
            }
        }
        (attacks, benign)
    }

    fn recall(&self) -> Option<f64> {
        self.must_flag.rate(self.must_flag.flagged)
    }

    fn fp_rate(&self) -> Option<f64> {
        self.benign.rate(self.benign.flagged)
    }

    fn print(&self) {
        println!(
            "\nmcp-guardbench: `signalint tools scan`, flagged = a {POISONING_PACK} finding at \
             warning or above, blocked = at error or critical; unsupported = not a frame \
             `tools scan` reads (an abstention, outside every rate)\n"
        );
        let header = format!(
            "{:<8} {:<40} {:>5} {:>6} {:>6} {:>8} {:>7} {:>8}",
            "set", "category / carrier", "cases", "scored", "unsup", "flagged", "rate", "blocked"
        );
        println!("{header}\n{}", "-".repeat(header.len()));
        let row = |set: &str, name: &str, t: &Tally| {
            println!(
                "{:<8} {:<40} {:>5} {:>6} {:>6} {:>8} {:>7} {:>8}",
                set,
                name,
                t.cases,
                t.scored,
                t.cases - t.scored,
                t.flagged,
                percent(t.rate(t.flagged)),
                t.blocked
            )
        };
        for ((bucket, category), tally) in &self.by_category {
            row(bucket, category, tally);
        }
        println!();
        for ((bucket, carrier), tally) in &self.by_carrier {
            row(bucket, carrier, tally);
        }
        println!();
        for (bucket, tally) in &self.by_bucket {
            row(bucket, "(all)", tally);
        }
        let total = self.cases.len();
        let scored = self.must_flag.scored + self.benign.scored;
        println!(
            "\nrecall (attacks + warn) {}/{} = {}   block-level {}/{} = {}\n\
             false-positive rate (benign) {}/{} = {}   block-level {}/{} = {}\n\
             coverage {scored}/{total} scored, {} unsupported\n",
            self.must_flag.flagged,
            self.must_flag.scored,
            percent(self.recall()),
            self.must_flag.blocked,
            self.must_flag.scored,
            percent(self.must_flag.rate(self.must_flag.blocked)),
            self.benign.flagged,
            self.benign.scored,
            percent(self.fp_rate()),
            self.benign.blocked,
            self.benign.scored,
            percent(self.benign.rate(self.benign.blocked)),
            total - scored,
        );
        let (attacks, benign) = self.v4_tools_list_slice();
        println!(
            "on the v4 tools/list slice the benchmark scored Cisco's YARA analyzer on \
             ({} cases): recall {}/{} = {}, false-positive rate {}/{} = {}\n",
            attacks.cases + benign.cases,
            attacks.flagged,
            attacks.scored,
            percent(attacks.rate(attacks.flagged)),
            benign.flagged,
            benign.scored,
            percent(benign.rate(benign.flagged)),
        );
        for m in &self.cases {
            let verdict = match (m.flagged, m.blocked) {
                (Some(true), Some(true)) => "blocked",
                (Some(true), _) => "flagged",
                (Some(false), _) => "pass",
                _ => continue,
            };
            let miss = match (m.bucket.as_str(), m.flagged) {
                ("benign", Some(true)) => "  <- false positive",
                ("benign", _) => "",
                (_, Some(false)) => "  <- missed",
                _ => "",
            };
            println!("{:<8} {:<70} {verdict}{miss}", m.bucket, m.path);
        }
    }

    fn to_json(&self) -> Value {
        let cases: Vec<Value> = self
            .cases
            .iter()
            .map(|m| {
                json!({
                    "path": m.path,
                    "sha256": m.sha256,
                    "bucket": m.bucket,
                    "category": m.category,
                    "carrier": m.carrier,
                    "flagged": m.flagged,
                    "blocked": m.blocked,
                })
            })
            .collect();
        let buckets: serde_json::Map<String, Value> = self
            .by_bucket
            .iter()
            .map(|(bucket, tally)| (bucket.clone(), tally.to_json()))
            .collect();
        json!({
            "benchmark": "getmcpm/mcp-guardbench (v5, 57 cases); provenance in PROVENANCE.md",
            "measuredWith": "cargo test -p signalint --test public_benchmarks -- --nocapture",
            "verdict": {
                "packs": [POISONING_PACK],
                "flagged": FLAGGING_SEVERITIES,
                "blocked": BLOCKING_SEVERITIES,
                "unsupported": "frames tools scan does not read; excluded from every rate",
            },
            "recall": { "flagged": self.must_flag.flagged, "scored": self.must_flag.scored,
                        "blocked": self.must_flag.blocked },
            "falsePositives": { "flagged": self.benign.flagged, "scored": self.benign.scored,
                                "blocked": self.benign.blocked },
            "buckets": buckets,
            "cases": cases,
        })
    }
}

/// Reads a `{flagged, scored}` pair from `scores.json` as a rate.
fn committed_rate(scores: &Value, key: &str) -> f64 {
    let flagged = scores[key]["flagged"].as_u64().expect("flagged") as f64;
    let scored = scores[key]["scored"].as_u64().expect("scored") as f64;
    flagged / scored
}

#[test]
fn tools_scan_on_mcp_guardbench_holds_its_committed_scores() {
    let measured: Vec<Measured> = case_files().iter().map(|file| measure(file)).collect();
    let scores = Scores::new(measured);
    scores.print();

    let scores_file = benchmark_dir().join("scores.json");
    if std::env::var_os("SIGNALINT_WRITE_SCORES").is_some() {
        let text = serde_json::to_string_pretty(&scores.to_json()).unwrap() + "\n";
        std::fs::write(&scores_file, text).unwrap();
        println!("wrote {}", scores_file.display());
    }
    let committed: Value =
        serde_json::from_str(&std::fs::read_to_string(&scores_file).unwrap()).unwrap();
    let provenance = std::fs::read_to_string(benchmark_dir().join("PROVENANCE.md")).unwrap();

    let committed_cases: BTreeMap<&str, &Value> = committed["cases"]
        .as_array()
        .expect("cases in scores.json")
        .iter()
        .map(|case| (case["path"].as_str().expect("a path"), case))
        .collect();
    let measured_paths: Vec<&str> = scores.cases.iter().map(|m| m.path.as_str()).collect();
    assert_eq!(
        measured_paths,
        committed_cases.keys().copied().collect::<Vec<_>>(),
        "the case files differ from those in scores.json: a case was added or removed"
    );

    let mut regressions = Vec::new();
    let mut improvements = Vec::new();
    for m in &scores.cases {
        let committed = committed_cases[m.path.as_str()];
        // Data integrity: the file is the one read from the benchmark, byte for byte.
        assert_eq!(
            committed["sha256"], m.sha256,
            "{} no longer matches the SHA-256 in scores.json",
            m.path
        );
        assert!(
            provenance.contains(&format!("| `{}` |", m.path)) && provenance.contains(&m.sha256),
            "{} (SHA-256 {}) is not listed in PROVENANCE.md",
            m.path,
            m.sha256
        );
        assert_eq!(
            committed["carrier"], m.carrier,
            "{}: the carrier changed (scored or unsupported is part of the committed result)",
            m.path
        );
        let was_flagged = committed["flagged"].as_bool();
        match (m.bucket.as_str(), was_flagged, m.flagged) {
            ("benign", Some(false), Some(true)) => {
                regressions.push(format!("{}: benign, now flagged", m.path));
            }
            ("benign", Some(true), Some(false)) => {
                improvements.push(format!("{}: benign, no longer flagged", m.path));
            }
            (_, Some(true), Some(false)) if m.bucket != "benign" => {
                regressions.push(format!("{}: no longer flagged", m.path));
            }
            (_, Some(false), Some(true)) if m.bucket != "benign" => {
                improvements.push(format!("{}: now flagged", m.path));
            }
            _ => {}
        }
    }
    assert!(
        regressions.is_empty(),
        "tools scan regressed on mcp-guardbench:\n{}",
        regressions.join("\n")
    );
    let recall = scores.recall().expect("scored attacks");
    let fp_rate = scores.fp_rate().expect("scored benign cases");
    assert!(
        recall >= committed_rate(&committed, "recall"),
        "recall {recall:.3} fell below the committed figure"
    );
    assert!(
        fp_rate <= committed_rate(&committed, "falsePositives"),
        "false-positive rate {fp_rate:.3} rose above the committed figure"
    );
    if !improvements.is_empty() {
        println!(
            "better than the committed scores; rerun with SIGNALINT_WRITE_SCORES=1 and update \
             the figures in plugins/shadow-patterns/README.md:\n{}",
            improvements.join("\n")
        );
    }
}

#[test]
fn frames_tools_scan_does_not_read_are_abstentions() {
    let classify_carrier = |message: Value| match classify(&message) {
        Carrier::Scanned { carrier, .. } => format!("scanned {carrier}"),
        Carrier::Unsupported { carrier } => format!("unsupported {carrier}"),
    };
    assert_eq!(
        classify_carrier(json!({"result": {"tools": [], "prompts": []}})),
        "scanned tools/list"
    );
    assert_eq!(
        classify_carrier(json!({"result": {"resourceTemplates": []}})),
        "scanned resources/templates/list"
    );
    assert_eq!(
        classify_carrier(json!({"result": {"protocolVersion": "2025-06-18"}})),
        "scanned initialize"
    );
    assert_eq!(
        classify_carrier(json!({"method": "tools/call", "params": {}})),
        "unsupported tools/call request"
    );
    assert_eq!(
        classify_carrier(json!({"result": {"content": []}})),
        "unsupported tool-call response (result.content)"
    );
    assert_eq!(
        classify_carrier(json!({"result": {"messages": []}})),
        "unsupported prompts/get messages"
    );
    let Carrier::Scanned { manifest, .. } = classify(&json!({"result": {
        "protocolVersion": "2024-11-05", "serverInfo": {"name": "s"}, "instructions": "Hi."
    }})) else {
        panic!("initialize is scanned");
    };
    assert_eq!(
        manifest,
        json!({"tools": [], "serverInfo": {"name": "s"}, "instructions": "Hi."})
    );
}

/// SHA-256 (FIPS 180-4), here so the integrity check needs no new dependency.
fn sha256_hex(data: &[u8]) -> String {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2,
    ];
    let mut state: [u32; 8] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
        0x5be0cd19,
    ];
    let mut message = data.to_vec();
    message.push(0x80);
    while message.len() % 64 != 56 {
        message.push(0);
    }
    message.extend_from_slice(&(data.len() as u64 * 8).to_be_bytes());
    for block in message.chunks(64) {
        let mut w = [0u32; 64];
        for (i, word) in block.chunks(4).enumerate() {
            w[i] = u32::from_be_bytes(word.try_into().unwrap());
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16]
                .wrapping_add(s0)
                .wrapping_add(w[i - 7])
                .wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = state;
        for i in 0..64 {
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let choice = (e & f) ^ (!e & g);
            let t1 = h
                .wrapping_add(s1)
                .wrapping_add(choice)
                .wrapping_add(K[i])
                .wrapping_add(w[i]);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let majority = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(majority);
            h = g;
            g = f;
            f = e;
            e = d.wrapping_add(t1);
            d = c;
            c = b;
            b = a;
            a = t1.wrapping_add(t2);
        }
        for (word, add) in state.iter_mut().zip([a, b, c, d, e, f, g, h]) {
            *word = word.wrapping_add(add);
        }
    }
    state.iter().map(|word| format!("{word:08x}")).collect()
}

#[test]
fn sha256_matches_the_standard_test_vectors() {
    assert_eq!(
        sha256_hex(b"abc"),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
    assert_eq!(
        sha256_hex(b""),
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    );
    assert_eq!(
        sha256_hex(b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    );
}
