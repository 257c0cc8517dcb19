//! The pack's rules: one module for the corpus codes, one for parameter conflicts.
//!
//! Each rule first lists the texts it needs embedded ([`Texts`]), so that all texts of a check
//! go through the model in one batched call, then compares the vectors.

pub mod corpus_overlap;
pub mod parameter_conflict;

use serde_json::json;
use signalint_plugin_api::RuleInfo;
use signalint_plugin_api::rule_kit::{self, Rule};

/// Every rule of the pack, in reporting order.
pub static RULES: &[&Rule] = &[
    &corpus_overlap::SEMANTIC_OVERLAP,
    &corpus_overlap::ALREADY_IN_CORPUS,
    &parameter_conflict::RULE,
];

/// The rules of the pack, as the manifest lists them (with their documentation).
pub fn infos() -> Vec<RuleInfo> {
    rule_kit::infos(RULES)
}

/// The texts to embed, in order; rules keep indices into it.
#[derive(Debug, Default)]
pub struct Texts(pub Vec<String>);

impl Texts {
    /// Adds a text and returns its index.
    pub fn push(&mut self, text: String) -> usize {
        self.0.push(text);
        self.0.len() - 1
    }
}

/// A similarity as reported: two decimals.
pub(crate) fn reported(similarity: f32) -> f64 {
    (f64::from(similarity) * 100.0).round() / 100.0
}

/// The matched tool as structured data, carried in the finding's `evidence` (the plugin API's
/// findings have no field for it).
pub(crate) fn evidence(
    tool: &str,
    server: &str,
    display_name: &str,
    parameter: Option<&str>,
    similarity: f64,
) -> String {
    let mut value = json!({
        "matchedTool": tool,
        "matchedServer": server,
        "matchedDisplayName": display_name,
        "similarity": similarity,
    });
    if let Some(parameter) = parameter {
        value["matchedParameter"] = json!(parameter);
    }
    value.to_string()
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
        assert_eq!(infos().len(), 3);
    }

    #[test]
    fn similarities_have_two_decimals() {
        assert_eq!(reported(0.819_999_9), 0.82);
        let value: serde_json::Value =
            serde_json::from_str(&evidence("t", "s", "S", Some("p"), 0.9)).unwrap();
        assert_eq!(
            value,
            json!({"matchedTool": "t", "matchedServer": "s", "matchedDisplayName": "S",
                "matchedParameter": "p", "similarity": 0.9})
        );
    }
}
