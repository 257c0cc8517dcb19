//! A rule pack marked advisory (`RulePackInfo::advisory`, the semantic pack is one) shows its
//! findings in every report but never changes the exit code of `check` or `tools scan`; the
//! findings of other packs still do. An opt-in pack (`RulePackInfo::opt_in`) runs in `tools
//! scan` only when the config names it.

mod support;

use std::path::Path;

use support::PluginDir;

const ADVISORY_PACK: &str = "signalint_fixture_advisory_pack";

/// The built-in engines and packs off, the fixture pack on, over `manifest`.
fn config(manifest: &Path, built_in_packs: bool) -> String {
    let mut config = format!(
        "[engines.oxlint]\nenabled = false\n[engines.tsc]\nenabled = false\n\
         [engines.biome]\nenabled = false\n\n[mcp]\nmanifests = [{:?}]\n\n\
         [rule_packs.advice]\nenabled = true\n",
        manifest.display().to_string()
    );
    if !built_in_packs {
        for pack in [
            "shadow-patterns",
            "param-synonyms",
            "tool-hygiene",
            "mcp-lint",
        ] {
            config.push_str(&format!("[rule_packs.{pack}]\nenabled = false\n"));
        }
    }
    config
}

fn plain_manifest(root: &Path) -> std::path::PathBuf {
    let manifest = root.join("tools.json");
    std::fs::write(
        &manifest,
        r#"{"tools": [{"name": "get_weather", "description": "Current weather of a city",
            "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}}}]}"#,
    )
    .unwrap();
    manifest
}

fn check(
    plugins: &PluginDir,
    root: &Path,
    config: &str,
    extra: &[&str],
) -> (Option<i32>, serde_json::Value) {
    std::fs::write(root.join("signalint.toml"), config).unwrap();
    let output = support::run(
        support::signalint(Some(plugins.path()))
            .arg("--root")
            .arg(root)
            .args(["check", "--format", "json"])
            .args(extra),
    );
    (output.status.code(), support::stdout_json(&output))
}

#[test]
fn advisory_findings_are_reported_but_never_fail_a_check() {
    let plugins = PluginDir::new();
    plugins.add(ADVISORY_PACK, "advice");
    let project = support::temp_project();
    let root = support::canonical(project.path());
    let config = config(&plain_manifest(&root), false);
    for fail_on in ["warning", "error", "1"] {
        let (code, json) = check(&plugins, &root, &config, &["--fail-on", fail_on]);
        assert_eq!(json["status"], "issues_found", "{json:#}");
        assert_eq!(json["totalIssues"], 2, "an error and a warning: {json:#}");
        assert_eq!(json["rulePacks"]["advice"]["status"], "ok", "{json:#}");
        assert!(
            json.get("issues").is_none(),
            "issues are fetched for the exit code only: {json:#}"
        );
        assert_eq!(code, Some(0), "--fail-on {fail_on}: {json:#}");
    }
    // Asked for, the issues are there, and still do not fail the check.
    let (code, json) = check(&plugins, &root, &config, &["--all-issues"]);
    assert_eq!(json["issues"].as_array().map(Vec::len), Some(2), "{json:#}");
    assert_eq!(code, Some(0));
}

#[test]
fn other_packs_findings_still_fail_beside_advisory_ones() {
    let plugins = PluginDir::new();
    plugins.add(ADVISORY_PACK, "advice");
    let project = support::temp_project();
    let root = support::canonical(project.path());
    // Poisoned: shadow-patterns reports a critical finding (an error issue).
    // A manifest outside the project root is read only in a trusted project: a copy inside.
    let manifest = root.join("poisoned-tools.json");
    std::fs::copy(
        support::workspace_root().join("examples/demo/mcp/tools.json"),
        &manifest,
    )
    .unwrap();
    let config = config(&manifest, true);
    for fail_on in ["warning", "error", "2"] {
        let (code, json) = check(&plugins, &root, &config, &["--fail-on", fail_on]);
        assert_eq!(json["rulePacks"]["advice"]["issueCount"], 6, "{json:#}");
        assert_eq!(code, Some(1), "--fail-on {fail_on}: {json:#}");
    }
    // The cluster of priority 1 is shadow-patterns' errors (more of them than the advisory
    // errors): `--fail-on 1` fails on it. (Advisory clusters alone at the top fail nothing:
    // `advisory_findings_are_reported_but_never_fail_a_check`.)
    let (code, json) = check(&plugins, &root, &config, &["--fail-on", "1"]);
    assert_eq!(
        json["clusters"][0]["ruleIds"][0], "SHADOW_PATTERN",
        "{json:#}"
    );
    assert_eq!(code, Some(1), "{json:#}");
}

#[test]
fn advisory_errors_do_not_fail_a_tools_scan() {
    let plugins = PluginDir::new();
    plugins.add(ADVISORY_PACK, "advice");
    let project = support::temp_project();
    let root = support::canonical(project.path());
    let config_file = root.join("scan.toml");
    std::fs::write(&config_file, config(&plain_manifest(&root), false)).unwrap();
    let output = support::run(
        support::signalint(Some(plugins.path()))
            .arg("--config")
            .arg(&config_file)
            .args(["tools", "scan", "--format", "json"])
            .arg(root.join("tools.json")),
    );
    let report = support::stdout_json(&output);
    let codes: Vec<&str> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["ADVICE_ERROR", "ADVICE"], "{report:#}");
    assert_eq!(output.status.code(), Some(0), "{report:#}");
}

#[test]
fn an_opt_in_pack_runs_in_tools_scan_only_when_the_config_names_it() {
    let plugins = PluginDir::new();
    plugins.add(ADVISORY_PACK, "advice");
    let project = support::temp_project();
    let root = support::canonical(project.path());
    let manifest = plain_manifest(&root);
    let output = support::run(
        support::signalint(Some(plugins.path()))
            .args(["tools", "scan", "--format", "json"])
            .arg(&manifest),
    );
    let report = support::stdout_json(&output);
    let advice = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["pack"] == "advice")
        .count();
    assert_eq!(advice, 0, "{report:#}");
}

#[test]
fn advisory_findings_fail_neither_a_shard_nor_the_merge_of_the_shards() {
    let plugins = PluginDir::new();
    plugins.add(ADVISORY_PACK, "advice");
    let project = support::temp_project();
    let root = support::canonical(project.path());
    std::fs::write(
        root.join("signalint.toml"),
        config(&plain_manifest(&root), false),
    )
    .unwrap();
    let mut results = Vec::new();
    for shard in ["1/2", "2/2"] {
        let output = support::run(
            support::signalint(Some(plugins.path()))
                .arg("--root")
                .arg(&root)
                .args(["check", "--format", "json", "--shard", shard]),
        );
        assert_eq!(output.status.code(), Some(0), "shard {shard}: {output:?}");
        let file = root.join(format!("shard-{}.json", &shard[..1]));
        std::fs::write(&file, &output.stdout).unwrap();
        results.push(file);
    }
    let merge = |extra: &[&str]| {
        support::run(
            support::signalint(Some(plugins.path()))
                .args(["merge", "--format", "json"])
                .args(extra)
                .args(&results),
        )
    };
    let output = merge(&["--fail-on", "warning"]);
    let json = support::stdout_json(&output);
    assert_eq!(json["totalIssues"], 2, "an error and a warning: {json:#}");
    assert!(
        json.get("issues").is_none(),
        "issues are fetched for the exit code only: {json:#}"
    );
    assert_eq!(output.status.code(), Some(0), "{json:#}");
    let output = merge(&["--fail-on", "error", "--all-issues"]);
    assert_eq!(
        support::stdout_json(&output)["issues"]
            .as_array()
            .map(Vec::len),
        Some(2)
    );
    assert_eq!(output.status.code(), Some(0));
}
