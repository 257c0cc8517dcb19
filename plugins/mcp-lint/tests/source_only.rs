//! The rules that read source facts say nothing about a surface without them: each one's
//! invalid examples, with `sourceFacts` removed (what a manifest or a live server gives),
//! produce no finding of any source-only rule.

use serde_json::Value;
use signalint_plugin_mcp_lint::registry::RULES;
use signalint_plugin_mcp_lint::rule::Group;
use signalint_plugin_mcp_lint::testing::{examples, lint_with, surface};

fn source_only(group: Group) -> bool {
    matches!(
        group,
        Group::Source | Group::Handler | Group::Errors | Group::Enrichment | Group::Landing
    )
}

#[test]
fn source_rules_are_silent_without_source_facts() {
    let family: Vec<_> = RULES.iter().filter(|r| source_only(r.meta.group)).collect();
    assert!(family.len() >= 12, "{}", family.len());
    let mut checked = 0;
    for rule in &family {
        for example in examples(rule).into_iter().filter(|e| !e.valid) {
            let mut value: Value = serde_json::from_str(&example.json).unwrap();
            assert!(
                value.get("sourceFacts").is_some(),
                "`{}`: an invalid example without sourceFacts",
                rule.id
            );
            value.as_object_mut().unwrap().remove("sourceFacts");
            let manifest = surface(rule, &value.to_string());
            let flagged: Vec<_> = lint_with(rule, &manifest)
                .into_iter()
                .filter(|f| family.iter().any(|r| r.id == f.code))
                .collect();
            assert!(
                flagged.is_empty(),
                "`{}` fires without source facts: {flagged:#?}",
                rule.id
            );
            checked += 1;
        }
    }
    assert!(checked >= family.len());
}
