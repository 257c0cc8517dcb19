//! The manifest loaders and every rule pack never panic on what a repository or a server
//! hands them: real manifests (GitHub's tool snapshots, poisoned development manifests) cut,
//! spliced, bit-flipped and nested deep, loaded as files and analysed by the real rule-pack
//! libraries over the plugin boundary. A refusal names the file; a loaded surface's findings
//! point at places that exist in the document.
//! The case count is bounded so the suite stays fast; raise `PROPTEST_CASES` to fuzz longer.

/// The host's allocator (see `src/main.rs`): plugins, with allocators of their own, load beside it.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod support;

use std::sync::{Arc, OnceLock};

use proptest::prelude::*;
use signalint::check::rule_packs::{SharedSurfaces, positions};
use signalint::mcp_sources::{Limits, Links, load_file_surfaces};
use signalint::plugins::{PluginHandle, load_plugin};
use signalint_plugin_api::AnalyzeOutcome;

/// A few real manifests as text: the start of GitHub's snapshots and three poisoned ones.
fn seeds() -> &'static [String] {
    static SEEDS: OnceLock<Vec<String>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let corpus = support::workspace_root().join("corpus");
        let github: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(corpus.join("real-benign/github-mcp-server-toolsnaps.json"))
                .unwrap(),
        )
        .unwrap();
        let tools = github[0]["tools"].as_array().expect("a tools array");
        let mut seeds = vec![
            serde_json::to_string_pretty(&serde_json::json!({
                "tools": tools[..12.min(tools.len())]
            }))
            .unwrap(),
        ];
        let dev: Vec<serde_json::Value> = serde_json::from_str(
            &std::fs::read_to_string(corpus.join("dev-malicious.json")).unwrap(),
        )
        .unwrap();
        for item in dev.iter().step_by(20) {
            seeds
                .push(serde_json::to_string(&serde_json::json!({"tools": item["tools"]})).unwrap());
        }
        seeds
    })
}

fn packs() -> &'static [Arc<PluginHandle>] {
    static PACKS: OnceLock<Vec<Arc<PluginHandle>>> = OnceLock::new();
    PACKS.get_or_init(|| {
        let dir = support::library_dir();
        [
            "shadow_patterns",
            "param_synonyms",
            "tool_hygiene",
            "mcp_lint",
        ]
        .iter()
        .map(|id| {
            let file = format!("libsignalint_plugin_{id}.so");
            Arc::new(load_plugin(&dir.join(&file)).unwrap_or_else(|e| panic!("{file}: {e}")))
        })
        .collect()
    })
}

/// One edit of a text: cut, a byte changed, a slice duplicated or dropped, or wrapped deep.
fn mutate(text: &str, op: u8, a: usize, b: usize, byte: u8) -> String {
    let bytes = text.as_bytes();
    let (a, b) = (a % bytes.len(), b % bytes.len());
    let (lo, hi) = (a.min(b), a.max(b));
    let out: Vec<u8> = match op % 5 {
        0 => bytes[..a].to_vec(),
        1 => {
            let mut v = bytes.to_vec();
            v[a] = byte;
            v
        }
        2 => [&bytes[..hi], &bytes[lo..]].concat(),
        3 => [&bytes[..lo], &bytes[hi..]].concat(),
        _ => {
            // A schema nested as deep as the JSON parser allows.
            let depth = 100 + a % 60;
            let deep = format!(
                "{}\"x\"{}",
                "{\"type\":\"object\",\"properties\":{\"p\":".repeat(depth),
                "}}".repeat(depth)
            );
            return text.replacen("\"type\"", &format!("\"deep\":{deep},\"type\""), 1);
        }
    };
    String::from_utf8_lossy(&out).into_owned()
}

/// Loads `text` as a manifest file and runs every pack on it; returns the findings per pack.
fn load_and_analyse(text: &str) -> Vec<usize> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tools.json");
    std::fs::write(&path, text).unwrap();
    let surfaces = match load_file_surfaces(&path, "tools.json", &Limits::default(), Links::Refuse)
    {
        Ok(surfaces) => surfaces,
        Err(e) => {
            assert!(e.to_string().contains("tools.json"), "{e}");
            return Vec::new();
        }
    };
    let shared = SharedSurfaces::new(&surfaces);
    let mut counts = Vec::new();
    for pack in packs() {
        let outcome: AnalyzeOutcome = shared
            .analyze(pack, serde_json::json!({}))
            .unwrap_or_else(|e| panic!("{} failed on a loaded manifest: {e}", pack.id()));
        for (finding, place) in outcome
            .findings
            .iter()
            .zip(positions(&surfaces, outcome.findings.iter()))
        {
            assert!(finding.surface < surfaces.len(), "{finding:?}");
            if let Some((_, line, col)) = place {
                assert!(
                    line >= 1 && col >= 1,
                    "{}: {finding:?} at {line}:{col}",
                    pack.id()
                );
                assert!(
                    line as usize <= text.lines().count().max(1),
                    "{}: {finding:?} at line {line} of a {}-line file",
                    pack.id(),
                    text.lines().count()
                );
            }
        }
        counts.push(outcome.findings.len());
    }
    counts
}

#[test]
fn the_seeds_load_and_the_poisoned_ones_are_flagged() {
    for (i, seed) in seeds().iter().enumerate() {
        let counts = load_and_analyse(seed);
        assert_eq!(counts.len(), packs().len(), "seed {i} loads");
        if i > 0 {
            assert!(
                counts[0] > 0,
                "seed {i} is poisoned: shadow-patterns flags it"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(48)
    ))]

    #[test]
    fn mutated_manifests_never_panic_a_loader_or_a_pack(
        which in any::<usize>(),
        op in any::<u8>(),
        a in any::<usize>(),
        b in any::<usize>(),
        byte in any::<u8>(),
    ) {
        let seeds = seeds();
        let seed = &seeds[which % seeds.len()];
        let _ = load_and_analyse(&mutate(seed, op, a, b, byte));
    }
}
