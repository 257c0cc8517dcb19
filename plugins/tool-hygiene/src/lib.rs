//! The `tool-hygiene` rule pack: tool names and tool counts.
//!
//! - [`DUPLICATE_TOOL_NAME`](rules::duplicate_tool_name): a name defined twice in a server, or
//!   by several servers of one check.
//! - [`NAMING_CONVENTION`](rules::naming_convention): a name outside the server's case style.
//! - [`TOOL_COUNT_WARNING`](rules::tool_count_warning): a server with more than `max_tools`
//!   tools.
//!
//! The pack is a plain library too: [`analyze`] and each rule's `check` run without the plugin
//! boundary, for tests and benchmarks. See the crate README for the options.

pub mod naming;
pub mod options;
pub mod rules;

use signalint_plugin_api::{
    AnalyzeOutcome, AnalyzeRequest, Finding, PluginError, PluginManifest, RulePack, RulePackInfo,
};

pub use options::Options;

/// The pack's id in `signalint.toml` (`[rule_packs.tool-hygiene]`).
pub const PACK_ID: &str = "tool-hygiene";

/// Findings of every rule for every surface of the request, ordered by surface, then by rule.
pub fn analyze(request: &AnalyzeRequest) -> Result<Vec<Finding>, PluginError> {
    let options = Options::from_json(&request.options)?;
    let servers = rules::Server::all(&request.surfaces);
    let mut findings = rules::duplicate_tool_name::check(&servers, &options);
    findings.extend(rules::naming_convention::check(&servers));
    findings.extend(rules::tool_count_warning::check(&servers, &options));
    findings.sort_by_key(|f| f.surface); // Stable: rule order is kept within a surface.
    Ok(findings)
}

/// The rule pack as the host loads it.
#[derive(Debug, Default)]
pub struct ToolHygiene;

impl ToolHygiene {
    pub fn new() -> Self {
        Self
    }
}

impl RulePack for ToolHygiene {
    fn manifest(&self) -> PluginManifest {
        PluginManifest::rule_pack(
            PACK_ID,
            env!("CARGO_PKG_VERSION"),
            "Duplicate tool names, inconsistent tool naming and oversized servers",
            RulePackInfo::new(rules::infos()),
        )
    }

    fn analyze(&self, request: &AnalyzeRequest) -> Result<AnalyzeOutcome, PluginError> {
        Ok(AnalyzeOutcome::new(analyze(request)?))
    }
}

signalint_plugin_api::export_rule_pack!(ToolHygiene::new());
