//! The `param-synonyms` rule pack: one concept, one parameter name, across a server's tools.
//!
//! It reports [`PARAMETER_CONFLICT`](parameter_conflict) once per concept and server, listing
//! every spelling and the tools that use it. See the crate README for the options.
//!
//! The pack is a plain library too: [`analyze`] and [`parameter_conflict::check_surface`] run
//! without the plugin boundary, for tests and benchmarks.

pub use signalint_plugin_api::names as normalize;
pub mod options;
pub mod parameter_conflict;
pub mod schema;

use signalint_plugin_api::rule_kit::{self, Rule};
use signalint_plugin_api::{
    AnalyzeOutcome, AnalyzeRequest, Finding, PluginError, PluginManifest, RulePack, RulePackInfo,
};

pub use normalize::Synonyms;
pub use options::Options;

/// The pack's id in `signalint.toml` (`[rule_packs.param-synonyms]`).
pub const PACK_ID: &str = "param-synonyms";

/// Every rule of the pack (one).
pub static RULES: &[&Rule] = &[&parameter_conflict::RULE];

/// Runs the documented examples of `rule` through the whole pack, with each example's
/// options: invalid ones must give a finding of the rule, valid ones none. Returns the
/// findings of the invalid examples, for snapshots.
pub fn check_examples(rule: &Rule) -> Vec<Vec<Finding>> {
    rule_kit::check_examples(
        rule,
        |example| {
            let surface = rule_kit::surface(&example.json)
                .unwrap_or_else(|e| panic!("example of `{}`: {e}\n{}", rule.id, example.json));
            analyze(&AnalyzeRequest::new(vec![surface], example.options.clone()))
                .expect("valid options")
        },
        |finding| finding.code == rule.id,
    )
}

/// Findings for every surface of the request.
pub fn analyze(request: &AnalyzeRequest) -> Result<Vec<Finding>, PluginError> {
    let synonyms = Options::from_json(&request.options)?.synonyms();
    Ok(request
        .surfaces
        .iter()
        .enumerate()
        .flat_map(|(index, surface)| parameter_conflict::check_surface(index, surface, &synonyms))
        .collect())
}

/// The rule pack as the host loads it.
#[derive(Debug, Default)]
pub struct ParamSynonyms;

impl ParamSynonyms {
    pub fn new() -> Self {
        Self
    }
}

impl RulePack for ParamSynonyms {
    fn manifest(&self) -> PluginManifest {
        PluginManifest::rule_pack(
            PACK_ID,
            env!("CARGO_PKG_VERSION"),
            "Parameter names that spell one concept in several ways across a server's tools",
            RulePackInfo::new(rule_kit::infos(RULES)),
        )
    }

    fn analyze(&self, request: &AnalyzeRequest) -> Result<AnalyzeOutcome, PluginError> {
        Ok(AnalyzeOutcome::new(analyze(request)?))
    }
}

signalint_plugin_api::export_rule_pack!(ParamSynonyms::new());

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_is_documented_in_the_manifest_and_the_readme() {
        let readme = include_str!("../README.md");
        for rule in RULES {
            let problems = rule.problems();
            assert!(problems.is_empty(), "{}", problems.join("\n"));
            assert!(readme.contains(&format!("`{}`", rule.id)), "{}", rule.id);
        }
        let manifest = ParamSynonyms::new().manifest();
        let rules = manifest.rule_pack.expect("a rule pack").rules;
        assert_eq!(rules.len(), RULES.len());
        assert!(rules.iter().all(|r| {
            r.doc
                .as_deref()
                .is_some_and(|d| d.starts_with("## What it does"))
        }));
    }
}
