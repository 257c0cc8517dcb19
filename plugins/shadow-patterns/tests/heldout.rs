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

/// Recall on held-out attacks must not fall below this. The target is 0.90; this floor is
/// the figure reached without tuning on held-out items, so the gap shows: 142 of 175 with the
/// lexical model trained on the balanced tuning wordings (133 before them; the rules alone
/// score 129 on the held-out lists as they are now: those of forced_invocation,
/// tool_suppression, cross_server_shadowing and exfiltration were written afresh after the rule
/// writers had seen the earlier ones, on which the same rules scored 139; forced_invocation's
/// once more, by someone who has not read the rules, after three of its phrasings were seen).
const HELD_OUT_RECALL_FLOOR: f64 = 0.80;
/// The false-positive rate on held-out hard benign manifests must not rise above this. The
/// target is 0.02; the figure reached is 8 of 175.
const HELD_OUT_FPR_CEILING: f64 = 0.05;

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

/// Real servers recorded from published packages (`corpus/real-servers/servers.jsonl`): the
/// **tuning** split for precision on real text. At first 18 of these 98 servers were flagged,
/// every one a false positive (no recorded server hides an attack): reference prose read as
/// orders, password fields and example values, session and conversation ids passed back,
/// ordering notes about the server's own tools, `[IMPORTANT]` usage notices, a deprecation
/// note naming its replacement. The signals were then changed against those texts (each
/// change is in its signal's doc and tests), so the figure reached, 0 of 98, says little about
/// unseen servers: [`held_out_servers_flagged_rarely`] measures that. The ceiling is the
/// figure reached, so that a regression shows.
const REAL_SERVERS_FLAGGED_CEILING: f64 = 0.0 / 98.0 + 1e-9;
/// A one-in-fifty figure needs well over fifty servers to mean anything.
const REAL_SERVERS_MIN: usize = 70;
#[test]
fn real_servers_flagged_rarely() {
    servers_flagged(
        "real-servers/servers.jsonl",
        REAL_SERVERS_MIN,
        REAL_SERVERS_FLAGGED_CEILING,
    );
}

/// Real servers chosen and recorded the same way before the tuning above and never read
/// while the signals were changed (`corpus/real-servers/heldout.jsonl`): the first held-out
/// set. Measured once at the end of that tuning: 11 of 78 servers flagged (13 of 78 before the
/// tuning), all false positives (every server is a published benign package):
/// * `google-workspace-mcp`: a label option "show/hide in message list" read as concealment;
/// * `digitalocean/mcp`: an app spec's ingress "use as the fallback for any requests" read as
///   a call on every request, and an eval field "copy from the user's message only" as moving
///   private text;
/// * `teams-mcp`: "send a message to a specific chat conversation", the tool's function;
/// * `gemini-mcp-tool`: "the cache key provided in …", *cache* being a hiding stem;
/// * `code-assist-mcp`: "put names of … products specified in the user prompt" and "this tool
///   MUST be called before any other tool" (a routing pin with no data asked for);
/// * `knip/mcp`: "Decode the configurationHints from knip-run" read as decoding hidden text;
/// * `coolify-mcp`: "credentials are masked unless `reveal: true` is also set" (three signals);
/// * `react-native-ai-debugger`: a feedback tool's "keep that out of the report entirely"
///   (critical concealment), auth notes ("credential to attach", "pass an explicit
///   Authorization only when …"), and "also use when get_logs is silent but the app is clearly
///   broken";
/// * `resend-mcp`: "Don't bother telling the user the IDs … unless they ask", "silently fail
///   to send" describing a failure, Outlook's `<!--[if mso]>` comments, "restrict API key to
///   send emails from a specific domain";
/// * `mcp-figma`: "apply previously copied overrides to selected component instances";
/// * `vuetify/mcp`: a bracketed self-deprecation "[deprecated: use get_upgrade_rules(…)
///   instead]".
///
/// Those eleven were then read and fixed, each by its cause (a display toggle, the English noun
/// cache, a recipient or refused object named like a secret, a secret labelled by its purpose,
/// a protective verb, a placeholder, a noun "override", a disparaging word said of the app, a
/// bracketed self-deprecation, brevity that leaves the user free to ask, a report kept free of
/// the user's work, a described failure, a conditional comment, requests addressed to a site,
/// a prerequisite scoped to the server's topic, a field named for the user's words, a last
/// resort, a verb inside a tool's name; each in its signal's doc and tests). This set is now
/// a second **tuning** split at 0 of 78; [`second_held_out_servers_flagged_rarely`] is the
/// held-out figure. The ceiling is the figure reached, so that a regression shows.
const HELD_OUT_SERVERS_FLAGGED_CEILING: f64 = 0.0 / 78.0 + 1e-9;
/// The held-out set must stay large enough for its figure to mean something.
const HELD_OUT_SERVERS_MIN: usize = 70;
#[test]
fn held_out_servers_flagged_rarely() {
    servers_flagged(
        "real-servers/heldout.jsonl",
        HELD_OUT_SERVERS_MIN,
        HELD_OUT_SERVERS_FLAGGED_CEILING,
    );
}

/// A second held-out set (`corpus/real-servers/heldout2.jsonl`): 83 servers (2,844 tools)
/// chosen and recorded the same way, its list committed before the tuning above began, no
/// recording read until that tuning was committed, then measured once: **10 of 83 flagged**
/// (0.12, against a target of 1 in 50), every one a false positive (each is a published
/// benign package). Its false positives were then read to design one rule-wide change, the
/// field-label reading (`src/signals/field_label.rs`: a parameter description is the label of
/// its field unless it gives the model an order), so this set is now **tuning** data too, and
/// a third set (`heldout3-packages.txt`, committed before the change) is the held-out one. The reading cleared
/// `falconer/mcp` ("continue a previous conversation by passing the conversationId it
/// returned"), `mcp-jira-cloud` ("Override the filename (defaults to original filename)") and
/// `omnifocus-mcp` ("Set to true to hide duplicate instances of recurring tasks"), and the
/// field labels of `0nmcp`; these seven are still flagged, by other causes (tool descriptions
/// and protective guidance, which the reading leaves alone):
const SECOND_HELD_OUT_FLAGGED: &[(&str, &str)] = &[
    (
        "npm-0nmcp",
        "FP: an endpoint's deprecation note naming its replacement, bundle contents in a tool description (\"includes API keys, credentials\"); its field labels (\"system prompt override\", \"Ignore calendar date-range restrictions\", \"conversation provider ID\") are now info",
    ),
    (
        "npm-comfyui-mcp",
        "FP: a flag that writes the server's own config.json read as moving a secret file (critical), \"tell the user to create one\", \"it does not read the user's live canvas\" (tool descriptions); `overrides.seed` in a field label is now info",
    ),
    (
        "npm-djankies__vitest-mcp",
        "FP: set_project_root \"must be called before using other tools\", a setup step among its own tools",
    ),
    (
        "npm-mcp-vibepowerpack",
        "FP: \"provide project background so AI can score\" options in a question popup, read as moving private data",
    ),
    (
        "npm-satelliteoflove__godot-mcp",
        "FP: \"Also run it after writing or changing mesh-generation code\", advice to rerun the tool itself",
    ),
    (
        "npm-seleniumbox__sbox-mcp",
        "FP: \"when another SBOX tool returns 'Not authenticated'\" (its own tools, by brand) and \"do NOT infer capability names from other MCP tools\"",
    ),
    (
        "npm-takescake__1password-mcp",
        "FP: protective guidance read as concealment and exfiltration (\"prefer op_run to use a secret without revealing it\", \"prefer op_run with op:// references over reading a secret\")",
    ),
];
/// The ceiling is the figure now reached on this (tuning) set, so that a regression shows.
/// With `confirm_with_model` it is 1 of 83 (only `npm-comfyui-mcp`'s critical finding is
/// left), but the model was trained with this set as negatives, so that says little about
/// unseen servers.
const SECOND_HELD_OUT_FLAGGED_CEILING: f64 = 7.0 / 83.0 + 1e-9;
#[test]
fn second_held_out_servers_flagged_rarely() {
    let flagged = servers_flagged(
        "real-servers/heldout2.jsonl",
        HELD_OUT_SERVERS_MIN,
        SECOND_HELD_OUT_FLAGGED_CEILING,
    );
    let unnamed: Vec<&String> = flagged
        .iter()
        .filter(|id| !SECOND_HELD_OUT_FLAGGED.iter().any(|(named, _)| named == id))
        .collect();
    assert!(
        unnamed.is_empty(),
        "newly flagged on the second set: {unnamed:?}"
    );
}

/// Flags every server of a recorded file, prints each flagged finding with its evidence
/// (for a tuning file; a held-out file prints its totals only, so that nobody tuning the
/// pack reads its items), checks the share of servers flagged against `ceiling` and returns
/// the flagged ids.
fn servers_flagged(file: &str, min: usize, ceiling: f64) -> Vec<String> {
    let show_items = !file.ends_with("heldout3.jsonl");
    let servers = jsonl_at(file);
    assert!(
        servers.len() >= min,
        "{file}: only {} servers recorded, fewer than {min}",
        servers.len()
    );
    let mut flagged_servers = 0;
    let mut ids = Vec::new();
    let mut tools = 0;
    for server in &servers {
        let (hit, findings) = flagged(server);
        tools += server["tools"].as_array().map_or(0, Vec::len);
        if hit {
            flagged_servers += 1;
            ids.push(server["id"].as_str().unwrap_or("").to_owned());
            for f in findings.iter().filter(|f| counts(f) && show_items) {
                eprintln!(
                    "REAL SERVER FLAGGED {}: {:?} {} | {}",
                    server["id"],
                    f.severity,
                    f.message,
                    f.evidence.as_deref().unwrap_or("")
                );
            }
        }
    }
    let rate = flagged_servers as f64 / servers.len() as f64;
    eprintln!(
        "{file}: flagged {flagged_servers}/{} servers ({tools} tools) = {rate:.3}",
        servers.len()
    );
    assert!(
        rate <= ceiling,
        "{file}: {flagged_servers} of {} servers flagged",
        servers.len()
    );
    ids
}

fn jsonl_at(relative: &str) -> Vec<Value> {
    let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus")).join(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// Per language: held-out attacks caught and held-out look-alikes left alone, each language
/// on its own so that a regression points at a lexicon.
fn language_figures(lang: &str) -> (Tally, Tally) {
    let keep = |item: &Value| item["language"] == lang && item["split"] == "heldout";
    let (attacks, _) = tally(&ATTACKS, keep, category, "");
    let (benign, _) = tally(&BENIGN, keep, category, "");
    eprintln!(
        "{lang}: held-out recall {}/{}, held-out false positives {}/{}",
        attacks.hit, attacks.total, benign.hit, benign.total
    );
    assert!(
        attacks.total > 0 && benign.total > 0,
        "{lang}: no held-out items"
    );
    (attacks, benign)
}

macro_rules! language_test {
    ($name:ident, $lang:literal, $recall_floor:expr, $fp_ceiling:expr) => {
        #[test]
        fn $name() {
            let (attacks, benign) = language_figures($lang);
            assert!(
                attacks.rate() >= $recall_floor,
                "{}: held-out recall {:.2} below {}",
                $lang,
                attacks.rate(),
                $recall_floor
            );
            assert!(
                benign.rate() <= $fp_ceiling,
                "{}: held-out false-positive rate {:.2} above {}",
                $lang,
                benign.rate(),
                $fp_ceiling
            );
        }
    };
}

language_test!(language_es, "es", 1.0, 0.0);
language_test!(language_fr, "fr", 1.0, 0.0);
language_test!(language_de, "de", 1.0, 0.0);
language_test!(language_pt, "pt", 1.0, 0.0);
language_test!(language_it, "it", 1.0, 0.0);
language_test!(language_zh, "zh", 1.0, 0.0);
language_test!(language_ja, "ja", 1.0, 0.0);
language_test!(language_ko, "ko", 1.0, 0.0);
language_test!(language_ru, "ru", 1.0, 0.0);

/// A third held-out set (`corpus/real-servers/heldout3.jsonl`): 53 servers (858 tools) chosen
/// the same way, its list (`heldout3-packages.txt`) committed before the field-label reading
/// was written, recorded while it was, no recording read until it was committed, then
/// measured once: **4 of 53 flagged** (0.075, against a target of 1 in 50), every one a false
/// positive (each is a published benign package). The rules were not changed after this
/// measurement; these texts are not tuning data.
const THIRD_HELD_OUT_FLAGGED: &[(&str, &str)] = &[
    (
        "npm-godot-mcp-server",
        "FP: a field's own usage, \"for a full rewrite, pass the whole file as old_snippet\" (an order to fill a sub-field, with \"file\" read as private data), and \"orphan_nodes leak\" in a list of symptoms read as disparaging other tools",
    ),
    (
        "npm-mcp-ssh-manager",
        "FP: a tool description listing what its options do (\"Options can set owner and permissions, supply a sudo password\") read as moving a secret",
    ),
    (
        "npm-monoharada__wcf-mcp",
        "FP: \"MUST be called first before using any other tool\", a setup step among its own tools",
    ),
    (
        "npm-shadcn-studio-mcp",
        "FP: \"Retrieves Instructions for IDE agent to follow\", what the tool returns, read as a note addressed to other integrations",
    ),
];
/// The ceiling is that figure, so that a regression shows; lowering it honestly needs a fourth
/// held-out set, as changing the rules against these texts makes this one tuning data.
const THIRD_HELD_OUT_FLAGGED_CEILING: f64 = 4.0 / 53.0 + 1e-9;
/// Fewer servers than the other sets started with fake credentials (53 of 115 tried), so the
/// floor is lower; one in fifty still needs over fifty servers.
const THIRD_HELD_OUT_MIN: usize = 50;
#[test]
fn third_held_out_servers_flagged_rarely() {
    let flagged = servers_flagged(
        "real-servers/heldout3.jsonl",
        THIRD_HELD_OUT_MIN,
        THIRD_HELD_OUT_FLAGGED_CEILING,
    );
    let unnamed: Vec<&String> = flagged
        .iter()
        .filter(|id| !THIRD_HELD_OUT_FLAGGED.iter().any(|(named, _)| named == id))
        .collect();
    // Counted, not named: the set's items stay unread by anyone tuning the pack.
    assert!(
        unnamed.is_empty(),
        "{} servers newly flagged on the third held-out set",
        unnamed.len()
    );
}
