//! Helpers that run a rule's documented examples; used by the unit tests in every rule file
//! and by the snapshot tests. Public so that integration tests and benches can use them.

use serde_json::{Value, json};
use signalint_plugin_api::{Finding, McpSurface};

use crate::rule::{Group, Rule};

/// One fenced example of a rule's documentation.
#[derive(Debug, Clone)]
pub struct Example {
    /// `true` for a `json valid` block, `false` for `json invalid`.
    pub valid: bool,
    pub json: String,
}

/// The `json valid` / `json invalid` code blocks of a rule's docs, in order.
pub fn examples(rule: &Rule) -> Vec<Example> {
    let mut out = Vec::new();
    let mut current: Option<Example> = None;
    for line in rule.docs.lines() {
        let line = line.strip_prefix(' ').unwrap_or(line);
        let trimmed = line.trim();
        match current.as_mut() {
            None => {
                if let Some(info) = trimmed.strip_prefix("```json") {
                    let valid = match info.trim() {
                        "valid" => true,
                        "invalid" => false,
                        _ => continue,
                    };
                    current = Some(Example {
                        valid,
                        json: String::new(),
                    });
                }
            }
            Some(example) => {
                if trimmed == "```" {
                    out.extend(current.take());
                } else {
                    example.json.push_str(line);
                    example.json.push('\n');
                }
            }
        }
    }
    out
}

/// Builds the surface an example describes: a `server.json` document for server.json rules,
/// otherwise a surface object (`{"tools": [...], "resources": [...], ...}`).
pub fn surface(rule: &Rule, json: &str) -> McpSurface {
    let value: Value = serde_json::from_str(json)
        .unwrap_or_else(|e| panic!("example of `{}` is not JSON: {e}\n{json}", rule.id));
    if rule.group == Group::ServerJson {
        return McpSurface::new("example").with_server_json(value);
    }
    let mut value = value;
    if let Value::Object(map) = &mut value {
        map.entry("server").or_insert_with(|| json!("example"));
    }
    serde_json::from_value(value)
        .unwrap_or_else(|e| panic!("example of `{}` is not a surface: {e}\n{json}", rule.id))
}

/// All findings for `surface`, with `rule` switched on whatever its activation.
pub fn lint_with(rule: &Rule, surface: &McpSurface) -> Vec<Finding> {
    let options = json!({"rules": {rule.id: "on"}});
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
    let examples = examples(rule);
    assert!(
        examples.iter().any(|e| !e.valid) && examples.iter().any(|e| e.valid),
        "`{}` needs a `json invalid` and a `json valid` example",
        rule.id
    );
    let mut snapshots = Vec::new();
    for example in examples {
        let findings = lint_with(rule, &surface(rule, &example.json));
        let own = findings.iter().filter(|f| f.code == rule.id).count();
        if example.valid {
            assert_eq!(
                own, 0,
                "valid example of `{}` is flagged: {findings:#?}\n{}",
                rule.id, example.json
            );
        } else {
            assert!(
                own > 0,
                "invalid example of `{}` is not flagged\n{}",
                rule.id,
                example.json
            );
            snapshots.push(findings);
        }
    }
    snapshots
}
