//! `signalint rules`: every rule of every built-in rule pack with its documentation, every
//! engine with its scope, in JSON, markdown and for people; a refused plugin is named and
//! the listing goes on.

mod support;

use std::process::Output;

use serde_json::Value;
use signalint::plugins::{BUILTIN_ENGINES, BUILTIN_RULE_PACKS};
use support::{PluginDir, fixture};

fn rules(plugin_path: Option<&std::path::Path>, format: &str) -> Output {
    let project = support::temp_project();
    support::run(
        support::signalint(plugin_path)
            .arg("--root")
            .arg(project.path())
            .args(["rules", "--format", format]),
    )
}

fn plugin<'j>(listing: &'j Value, id: &str) -> &'j Value {
    listing["plugins"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id)
        .unwrap_or_else(|| panic!("{id} is not listed: {listing:#}"))
}

#[test]
fn json_lists_every_built_in_rule_with_its_doc() {
    let output = rules(None, "json");
    assert_eq!(output.status.code(), Some(0));
    let listing = support::stdout_json(&output);
    for id in BUILTIN_RULE_PACKS {
        let pack = plugin(&listing, id);
        assert_eq!(pack["kind"], "rule-pack");
        let rules = pack["rules"].as_array().unwrap();
        assert!(!rules.is_empty(), "{id} lists no rules");
        for rule in rules {
            let doc = rule["doc"].as_str().unwrap();
            assert!(
                doc.starts_with("## What it does\n") && doc.contains("Use instead:"),
                "{id} {}: {doc}",
                rule["code"]
            );
            assert!(rule["summary"].as_str().is_some_and(|s| !s.is_empty()));
            assert!(rule["defaultSeverity"].is_string(), "{rule:#}");
        }
    }
    let codes = |id: &str| -> Vec<String> {
        plugin(&listing, id)["rules"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["code"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(codes("mcp-lint").len(), 157);
    assert_eq!(codes("shadow-patterns"), ["SHADOW_PATTERN"]);
    assert_eq!(codes("param-synonyms"), ["PARAMETER_CONFLICT"]);
    assert_eq!(
        codes("tool-hygiene"),
        [
            "DUPLICATE_TOOL_NAME",
            "NAMING_CONVENTION",
            "TOOL_COUNT_WARNING"
        ]
    );
    let shadow = plugin(&listing, "shadow-patterns")["rules"][0]["doc"]
        .as_str()
        .unwrap();
    assert!(
        shadow.contains("\n### `forced-invocation`\n"),
        "the signals are documented"
    );
    for id in BUILTIN_ENGINES {
        let engine = plugin(&listing, id);
        assert_eq!(engine["kind"], "engine");
        let scope = engine["engine"]["scope"].as_str().unwrap();
        assert!(
            ["file-local", "whole-program"].contains(&scope),
            "{engine:#}"
        );
        assert!(
            engine["engine"]["documented"]
                .as_str()
                .is_some_and(|d| d.contains("documentation")),
            "{engine:#}"
        );
    }
    assert!(listing.get("refused").is_none(), "{listing:#}");
}

#[test]
fn markdown_has_a_heading_for_every_rule() {
    let listing = support::stdout_json(&rules(None, "json"));
    let output = rules(None, "markdown");
    assert_eq!(output.status.code(), Some(0));
    let md = String::from_utf8(output.stdout).unwrap();
    assert!(md.starts_with("# Rules\n"), "{md}");
    for plugin in listing["plugins"].as_array().unwrap() {
        let id = plugin["id"].as_str().unwrap();
        assert!(md.contains(&format!("\n## `{id}` (")), "{id}");
        for rule in plugin["rules"].as_array().into_iter().flatten() {
            let code = rule["code"].as_str().unwrap();
            assert!(md.contains(&format!("\n### `{code}`\n")), "{id}: {code}");
        }
    }
    // Rule docs nest under their rule: their sections are level 4, never level 2.
    assert!(md.contains("\n#### What it does\n"));
    assert!(!md.contains("\n## What it does\n"));
}

#[test]
fn a_refused_plugin_is_named_and_the_listing_goes_on() {
    let dir = PluginDir::new();
    let wrong_abi = dir.add(fixture::WRONG_ABI, "wrong_abi");
    let output = rules(Some(dir.path()), "json");
    assert_eq!(output.status.code(), Some(3), "the listing is incomplete");
    let listing = support::stdout_json(&output);
    let refused = listing["refused"].as_array().unwrap();
    assert_eq!(refused.len(), 1, "{listing:#}");
    assert_eq!(refused[0]["path"], wrong_abi.display().to_string());
    assert!(refused[0]["reason"].as_str().is_some_and(|r| !r.is_empty()));
    for id in BUILTIN_RULE_PACKS {
        assert!(
            !plugin(&listing, id)["rules"].as_array().unwrap().is_empty(),
            "{id}"
        );
    }
    let human = rules(Some(dir.path()), "human");
    let text = String::from_utf8(human.stdout).unwrap();
    assert!(text.contains("mcp-lint "), "{text}");
    assert!(
        text.contains(&format!("not loaded: {}: ", wrong_abi.display())),
        "{text}"
    );
}
