//! Helpers that run a rule's documented examples through the plugin API's rule kit; used by
//! the unit tests in every rule file and by the snapshot tests. Public so that integration
//! tests and benches can use them.

use serde_json::{Value, json};
use signalint_plugin_api::rule_kit::{self, Example};
use signalint_plugin_api::{Finding, McpSurface};

use crate::rule::{Group, Rule};

/// The `json valid` / `json invalid` code blocks of a rule's docs, in order.
pub fn examples(rule: &Rule) -> Vec<Example> {
    rule.examples()
}

/// Builds the surface an example describes: a `server.json` document for server.json rules,
/// otherwise a surface object (`{"tools": [...], "resources": [...], ...}`).
pub fn surface(rule: &Rule, json: &str) -> McpSurface {
    if rule.meta.group == Group::ServerJson {
        let value: serde_json::Value = serde_json::from_str(json)
            .unwrap_or_else(|e| panic!("example of `{}` is not JSON: {e}\n{json}", rule.id));
        return McpSurface::new("example").with_server_json(value);
    }
    rule_kit::surface(json)
        .unwrap_or_else(|e| panic!("example of `{}` is not a surface: {e}\n{json}", rule.id))
}

/// All findings for `surface`, with `rule` switched on whatever its activation.
pub fn lint_with(rule: &Rule, surface: &McpSurface) -> Vec<Finding> {
    lint_with_options(rule, surface, &Value::Null)
}

/// All findings for `surface` with the pack options of an example (`null` for none), `rule`
/// switched on whatever its activation.
fn lint_with_options(rule: &Rule, surface: &McpSurface, options: &Value) -> Vec<Finding> {
    let mut options = match options {
        Value::Object(_) => options.clone(),
        _ => json!({}),
    };
    options["rules"][rule.id] = json!("on");
    crate::lint_surfaces(std::slice::from_ref(surface), &options).expect("valid options")
}

/// Findings of `rule` alone for a surface given as JSON (in the shape of the rule's
/// examples).
pub fn findings_of(rule: &Rule, json: &str) -> Vec<Finding> {
    lint_with(rule, &surface(rule, json))
        .into_iter()
        .filter(|f| f.code == rule.id)
        .collect()
}

/// Runs every example of `rule`: each invalid one must produce a finding of the rule, each
/// valid one none. There must be at least one of each. Returns all findings of the invalid
/// examples (every rule, not only this one), for snapshots.
pub fn check_examples(rule: &Rule) -> Vec<Vec<Finding>> {
    rule_kit::check_examples(
        rule,
        |example| lint_with_options(rule, &surface(rule, &example.json), &example.options),
        |finding| finding.code == rule.id,
    )
}
