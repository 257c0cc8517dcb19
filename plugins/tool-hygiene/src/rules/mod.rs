//! One module per rule, each with its documentation and tests.

pub mod duplicate_tool_name;
pub mod naming_convention;
pub mod tool_count_warning;

use signalint_plugin_api::rule_kit::{self, Rule};
use signalint_plugin_api::{AnalyzeRequest, Finding, McpSurface, RuleInfo};

/// One surface with its tool names read once (the rules look at names many times).
#[derive(Debug, Clone)]
pub struct Server<'a> {
    /// Index of the surface in the request.
    pub index: usize,
    pub surface: &'a McpSurface,
    /// The string `name` of each tool, by tool index.
    pub names: Vec<Option<&'a str>>,
}

impl<'a> Server<'a> {
    pub fn new(index: usize, surface: &'a McpSurface) -> Self {
        let names = surface
            .tools
            .iter()
            .map(|tool| tool.get("name").and_then(|n| n.as_str()))
            .collect();
        Self {
            index,
            surface,
            names,
        }
    }

    /// Views of all surfaces of a request, in order.
    pub fn all(surfaces: &'a [McpSurface]) -> Vec<Self> {
        surfaces
            .iter()
            .enumerate()
            .map(|(index, surface)| Self::new(index, surface))
            .collect()
    }

    /// The non-empty string names with their tool indices.
    pub fn named_tools(&self) -> impl Iterator<Item = (usize, &'a str)> + '_ {
        self.names
            .iter()
            .enumerate()
            .filter_map(|(i, name)| name.filter(|n| !n.is_empty()).map(|n| (i, n)))
    }
}

/// Every rule of the pack, in reporting order.
pub static RULES: &[&Rule] = &[
    &duplicate_tool_name::RULE,
    &naming_convention::RULE,
    &tool_count_warning::RULE,
];

/// The rules of the pack, as the manifest lists them (with their documentation).
pub fn infos() -> Vec<RuleInfo> {
    rule_kit::infos(RULES)
}

/// Runs the documented examples of `rule` through the whole pack, with each example's
/// options: invalid ones must give a finding of the rule, valid ones none. Returns the
/// findings of the invalid examples, for snapshots.
pub fn check_examples(rule: &Rule) -> Vec<Vec<Finding>> {
    rule_kit::check_examples(
        rule,
        |example| {
            let surface = rule_kit::surface(&example.json)
                .unwrap_or_else(|e| panic!("example of `{}`: {e}\n{}", rule.id, example.json));
            crate::analyze(&AnalyzeRequest::new(vec![surface], example.options.clone()))
                .expect("valid options")
        },
        |finding| finding.code == rule.id,
    )
}

/// `1 tool`, `3 tools`.
pub(crate) fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_is_documented_and_listed_in_the_readme() {
        let readme = include_str!("../../README.md");
        for rule in RULES {
            let problems = rule.problems();
            assert!(problems.is_empty(), "{}", problems.join("\n"));
            assert!(readme.contains(&format!("`{}`", rule.id)), "{}", rule.id);
        }
        let infos = infos();
        assert_eq!(infos.len(), 3);
        assert!(infos.iter().all(|i| {
            i.doc
                .as_deref()
                .is_some_and(|d| d.starts_with("## What it does"))
        }));
    }
}

#[cfg(test)]
pub(crate) mod test_support {
    use serde_json::{Value, json};
    use signalint_plugin_api::McpSurface;

    /// A surface named `server` with tools of the given names.
    ///
    /// Test with `Server::all(&[surface(..)])`.
    pub fn surface(server: &str, names: &[&str]) -> McpSurface {
        McpSurface::new(server).with_tools(
            names
                .iter()
                .map(|n| json!({"name": n, "description": "", "inputSchema": {"type": "object"}}))
                .collect::<Vec<Value>>(),
        )
    }
}
