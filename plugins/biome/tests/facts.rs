//! The fact-key table and fix safety against the real, pinned engines in `test-engines/`: every
//! key is a rule oxlint lists, Biome's own ESLint migration maps the sampled keys back to their
//! Biome rules, and a real Biome report carries the keys and the engine's fix safety.

use std::path::{Path, PathBuf};
use std::process::Command;

use signalint_plugin_api::FixSafety;
use signalint_plugin_biome::{facts, native_binary_paths, parse_reports};

const TEST_ENGINES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../test-engines");

fn biome_binary() -> PathBuf {
    native_binary_paths()
        .iter()
        .map(|c| Path::new(TEST_ENGINES).join(c))
        .find(|p| p.is_file())
        .expect("the pinned Biome binary is missing: run `npm install --prefix test-engines`")
}

/// `node_modules/.bin`, where oxlint's launcher and the pinned Node sit.
fn bin_dir() -> PathBuf {
    Path::new(TEST_ENGINES).join("node_modules/.bin")
}

fn oxlint_rule_keys() -> Vec<String> {
    let path = std::env::join_paths(std::iter::once(bin_dir()).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .unwrap();
    let out = Command::new(bin_dir().join("oxlint"))
        .args(["--rules", "--format=json"])
        .env("PATH", path)
        .output()
        .expect("oxlint runs");
    let rules: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).expect("rule list");
    rules
        .iter()
        .map(|r| {
            format!(
                "{}/{}",
                r["scope"].as_str().unwrap(),
                r["value"].as_str().unwrap()
            )
        })
        .collect()
}

#[test]
fn every_fact_key_is_an_oxlint_rule() {
    let known = oxlint_rule_keys();
    let pairs: Vec<_> = facts::pairs().collect();
    assert!(pairs.len() > 100, "the table has {} pairs", pairs.len());
    for (biome, key) in pairs {
        assert!(
            known.iter().any(|k| k == key),
            "{biome} -> {key} is no oxlint rule"
        );
    }
}

/// ESLint's name of an oxlint `scope/rule` key (the scopes the sample below uses).
fn eslint_name(key: &str) -> String {
    let (scope, rule) = key.split_once('/').unwrap();
    match scope {
        "eslint" => rule.to_owned(),
        "typescript" => format!("@typescript-eslint/{rule}"),
        "jsx_a11y" => format!("jsx-a11y/{rule}"),
        other => format!("{other}/{rule}"),
    }
}

#[test]
fn biome_migration_agrees_with_the_table() {
    let sample: Vec<(&str, &str)> = facts::pairs()
        .filter(|(_, key)| {
            ["eslint/", "typescript/", "react/", "unicorn/"]
                .iter()
                .any(|s| key.starts_with(s))
        })
        .step_by(15)
        .chain([("noDebugger", "eslint/no-debugger")])
        .collect();
    for (biome, key) in sample {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("biome.json"), "{}").unwrap();
        std::fs::write(
            dir.path().join(".eslintrc.json"),
            format!(r#"{{"rules":{{"{}":"error"}}}}"#, eslint_name(key)),
        )
        .unwrap();
        let status = Command::new(biome_binary())
            .args(["migrate", "eslint", "--write"])
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(status.status.success(), "{status:?}");
        let config = std::fs::read_to_string(dir.path().join("biome.json")).unwrap();
        assert!(
            config.contains(&format!("\"{biome}\"")),
            "biome migrates {key} to {config}, not {biome}"
        );
    }
}

#[test]
fn a_real_report_carries_fact_keys_and_fix_safety() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("biome.json"), "{}").unwrap();
    std::fs::write(
        dir.path().join("a.js"),
        "function f(a) {\n  debugger;\n  let x = a;\n  return x;\n}\nf(1);\n",
    )
    .unwrap();
    let out = Command::new(biome_binary())
        .args(["lint", "--reporter=json", "a.js"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let outcome = parse_reports(&[], out.status.code(), None, None, &stdout, &stderr);
    let rule = |name: &str| {
        outcome
            .diagnostics
            .iter()
            .find(|d| d.rule.ends_with(name))
            .unwrap_or_else(|| panic!("no {name} in {:?}", outcome.diagnostics))
    };
    assert_eq!(rule("noDebugger").same_as, ["eslint/no-debugger"]);
    assert_eq!(rule("useConst").fix_safety, Some(FixSafety::Safe));
    assert_eq!(rule("useConst").same_as, ["eslint/prefer-const"]);
}
