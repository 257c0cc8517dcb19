//! The landing rules on landing configs read from source (`tests/fixtures/landing/*.json`,
//! pinned by the source reader's tests from the two production servers of the corpus and from
//! fixtures written to break every rule), plus hostile values.

use serde_json::{Value, json};
use signalint_plugin_api::McpSurface;
use signalint_plugin_mcp_lint::lint_surfaces;
use signalint_plugin_mcp_lint::registry::RULES;
use signalint_plugin_mcp_lint::rule::Group;

/// `(code, pointer)` of every finding of a surface whose only fact is this landing value.
fn findings(landing: Value) -> Vec<(String, String)> {
    let surface: McpSurface =
        serde_json::from_value(json!({"server": "s", "sourceFacts": {"landing": landing}}))
            .unwrap();
    let mut found: Vec<_> = lint_surfaces(std::slice::from_ref(&surface), &Value::Null)
        .unwrap()
        .into_iter()
        .map(|f| (f.code, f.pointer.unwrap_or_default()))
        .collect();
    found.sort();
    found
}

fn fixture(name: &str) -> Value {
    let path = format!(
        "{}/tests/fixtures/landing/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut out: Vec<_> = expected
        .iter()
        .map(|(c, p)| (c.to_string(), format!("/sourceFacts/landing{p}")))
        .collect();
    out.sort();
    out
}

#[test]
fn the_production_servers_landing_configs_are_clean() {
    assert_eq!(findings(fixture("pubmed-mcp-server")), []);
    assert_eq!(findings(fixture("clinicaltrialsgov-mcp-server")), []);
}

#[test]
fn the_fault_fixtures_fire_every_landing_rule() {
    let mut all = Vec::new();
    let faults = findings(fixture("faults"));
    assert_eq!(
        faults,
        pairs(&[
            ("landing-tagline-length", "/tagline"),
            ("landing-logo-size", "/logo"),
            ("landing-links-count", "/links"),
            ("landing-link-href", "/links/1/href"),
            ("landing-link-label", "/links/2/label"),
            ("landing-link-shape", "/links/3"),
            ("landing-repo-root-shape", "/repoRoot"),
            ("landing-env-example-count", "/envExample"),
            ("landing-env-example-key", "/envExample/apiBase"),
            ("landing-env-example-value", "/envExample/PORT"),
            ("landing-connect-snippets-empty", "/connectSnippets/claude"),
            ("landing-connect-snippets-value", "/connectSnippets/stdio"),
            ("landing-connect-snippets-key", "/connectSnippets/vscode"),
            ("source-unresolved", "/connectSnippets/http"),
            ("landing-theme-accent-format", "/theme/accent"),
        ])
    );
    all.extend(faults);
    let types = findings(fixture("types"));
    assert_eq!(
        types,
        pairs(&[
            ("landing-tagline-type", "/tagline"),
            ("landing-logo-type", "/logo"),
            ("landing-links-type", "/links"),
            ("landing-repo-root-type", "/repoRoot"),
            ("landing-env-example-type", "/envExample"),
            ("landing-connect-snippets-type", "/connectSnippets"),
            ("landing-theme-type", "/theme"),
        ])
    );
    all.extend(types);
    let accent = findings(fixture("accent"));
    assert_eq!(accent, pairs(&[("landing-theme-accent", "/theme/accent")]));
    all.extend(accent);
    let shape = findings(fixture("shape"));
    assert_eq!(shape, pairs(&[("landing-shape", "")]));
    all.extend(shape);

    for rule in RULES.iter().filter(|r| r.meta.group == Group::Landing) {
        assert!(
            all.iter().any(|(code, _)| code == rule.id),
            "{} is not fired by the fixtures",
            rule.id
        );
    }
}

#[test]
fn hostile_values_are_bounded() {
    // A 16 MiB logo is measured, not decoded.
    let logo = format!("data:image/png;base64,{}", "A".repeat(16 << 20));
    assert_eq!(
        findings(json!({"logo": logo})),
        pairs(&[("landing-logo-size", "/logo")])
    );
    // Deep nesting under a member: no rule walks into it past what it reads.
    let mut deep = json!("#6366f1");
    for _ in 0..200 {
        deep = json!({ "accent": deep });
    }
    assert_eq!(
        findings(json!({"theme": deep})),
        pairs(&[("landing-theme-accent", "/theme/accent")])
    );
    // Non-objects, and markers where a value was expected.
    assert_eq!(findings(json!(7)), pairs(&[("landing-shape", "")]));
    assert_eq!(
        findings(json!([{"tagline": "x"}])),
        pairs(&[("landing-shape", "")])
    );
    assert_eq!(findings(Value::Null), []);
    assert_eq!(
        findings(json!({"$unresolved": "a call"})),
        pairs(&[("source-unresolved", "")])
    );
    // A spread: the members read are judged, a missing one is not presumed.
    assert_eq!(
        findings(
            json!({"$unresolved": "a spread", "links": [{"$unresolved": "a spread", "href": "/a"}]})
        ),
        pairs(&[("source-unresolved", ""), ("source-unresolved", "/links/0")])
    );
}

#[test]
fn without_a_landing_fact_nothing_fires() {
    let surface: McpSurface =
        serde_json::from_value(json!({"server": "s", "sourceFacts": {"tools": []}})).unwrap();
    let found = lint_surfaces(std::slice::from_ref(&surface), &Value::Null).unwrap();
    assert!(
        found.iter().all(|f| !f.code.starts_with("landing-")),
        "{found:?}"
    );
}
