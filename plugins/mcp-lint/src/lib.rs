//! `mcp-lint`: a rule pack that checks what an MCP server advertises.
//!
//! The pack reads the raw JSON of `tools/list`, `resources/list`,
//! `resources/templates/list`, `prompts/list` and `server.json`, and reports definition,
//! naming, schema, portability, output-shape, resource, prompt and `server.json` problems.
//! Every rule lives in its own file under `src/rules/<group>/`, and [`registry::RULES`]
//! lists them all.
//!
//! Plain functions for tests and benches: [`lint_surfaces`] and [`lint_surface`].

use signalint_plugin_api::{
    AnalyzeOutcome, AnalyzeRequest, Finding, McpSurface, PluginError, PluginManifest, RulePack,
    RulePackInfo, rule_kit,
};

/// Declares one rule through the plugin API's rule kit: its doc comment (the user
/// documentation, with `json invalid` and `json valid` examples that the test-suite runs) and
/// its metadata, with the pack's group and activation.
macro_rules! declare_rule {
    (
        $(#[doc = $doc:literal])*
        $vis:vis $name:ident = {
            id: $id:literal,
            group: $group:ident,
            severity: $sev:ident,
            $(activation: $act:ident,)?
            summary: $summary:literal $(,)?
        }
    ) => {
        ::signalint_plugin_api::declare_rule! {
            $(#[doc = $doc])*
            $vis $name: $crate::rule::Meta = {
                id: $id,
                severity: $sev,
                summary: $summary,
                meta: $crate::rule::Meta {
                    group: $crate::rule::Group::$group,
                    activation: declare_rule!(@activation $($act)?),
                },
            }
        }
    };
    (@activation) => { $crate::rule::Activation::Default };
    (@activation $act:ident) => { $crate::rule::Activation::$act };
}

pub mod context;
pub mod error_codes;
mod lint;
pub mod options;
pub mod registry;
pub mod registry_schema;
pub mod rule;
pub mod rules;
pub mod source_facts;
pub mod testing;
pub mod uri_template;
pub mod walker;

pub use options::Settings;

/// The pack's id in `signalint.toml` (`[rule_packs.mcp-lint]`).
pub const PACK_ID: &str = "mcp-lint";

/// Lints every surface with the given options (the `[rule_packs.mcp-lint.options]` table as
/// JSON; `null` means defaults). Fails only on invalid options.
pub fn lint_surfaces(
    surfaces: &[McpSurface],
    options: &serde_json::Value,
) -> Result<Vec<Finding>, PluginError> {
    let settings = Settings::from_options(options).map_err(PluginError::new)?;
    let mut findings = Vec::new();
    for (index, surface) in surfaces.iter().enumerate() {
        findings.extend(lint::lint_surface(&settings, index, surface));
    }
    Ok(findings)
}

/// Lints one surface with already parsed settings; findings carry `surface: index`.
pub fn lint_surface(settings: &Settings, index: usize, surface: &McpSurface) -> Vec<Finding> {
    lint::lint_surface(settings, index, surface)
}

/// The rule pack.
#[derive(Debug, Default)]
pub struct McpLint;

impl McpLint {
    pub fn new() -> Self {
        Self
    }
}

impl RulePack for McpLint {
    fn manifest(&self) -> PluginManifest {
        PluginManifest::rule_pack(
            PACK_ID,
            env!("CARGO_PKG_VERSION"),
            "Lints MCP tool, resource and prompt definitions and server.json",
            RulePackInfo::new(rule_kit::infos(registry::RULES)),
        )
    }

    fn analyze(&self, request: &AnalyzeRequest) -> Result<AnalyzeOutcome, PluginError> {
        Ok(AnalyzeOutcome::new(lint_surfaces(
            &request.surfaces,
            &request.options,
        )?))
    }
}

signalint_plugin_api::export_rule_pack!(McpLint::new());
