//! The `param-synonyms` rule pack: one concept, one parameter name, across a server's tools.
//!
//! It reports [`PARAMETER_CONFLICT`](parameter_conflict) once per concept and server, listing
//! every spelling and the tools that use it. See the crate README for the options.
//!
//! The pack is a plain library too: [`analyze`] and [`parameter_conflict::check_surface`] run
//! without the plugin boundary, for tests and benchmarks.

pub mod normalize;
pub mod options;
pub mod parameter_conflict;
pub mod schema;

use signalint_plugin_api::{
    AnalyzeOutcome, AnalyzeRequest, Finding, PluginError, PluginKind, PluginManifest, RuleInfo,
    RulePack, RulePackInfo,
};

pub use normalize::Synonyms;
pub use options::Options;

/// The pack's id in `signalint.toml` (`[rule_packs.param-synonyms]`).
pub const PACK_ID: &str = "param-synonyms";

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
        PluginManifest {
            id: PACK_ID.to_owned(),
            kind: PluginKind::RulePack,
            version: env!("CARGO_PKG_VERSION").to_owned(),
            api_version: String::new(),
            payload_version: 0,
            description:
                "Parameter names that spell one concept in several ways across a server's tools"
                    .to_owned(),
            engine: None,
            rule_pack: Some(RulePackInfo::new(vec![RuleInfo::new(
                parameter_conflict::CODE,
                parameter_conflict::SEVERITY,
                parameter_conflict::SUMMARY,
            )])),
        }
    }

    fn analyze(&self, request: &AnalyzeRequest) -> Result<AnalyzeOutcome, PluginError> {
        Ok(AnalyzeOutcome::new(analyze(request)?))
    }
}

signalint_plugin_api::export_rule_pack!(ParamSynonyms::new());
