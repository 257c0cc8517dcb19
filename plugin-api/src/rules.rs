//! The rule-pack contract: MCP surfaces in, findings out.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// How serious a finding is. The host maps `critical` and `error` to error issues, `warning` to
/// warnings, and omits `info` unless the configuration asks for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FindingSeverity {
    Critical,
    Error,
    Warning,
    Info,
}

/// Where a surface came from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum SurfaceOrigin {
    /// A JSON manifest or `server.json` file (project-relative or absolute path).
    File { path: String },
    /// A live server started over stdio.
    Live { command: String },
}

/// Everything one MCP server advertises, as raw JSON so that rules can inspect even invalid
/// definitions.
///
/// Findings point into this shape with a JSON pointer: `/tools/3/inputSchema/properties/q`,
/// `/prompts/0/arguments/1`, `/serverJson/packages/0`. The host maps the pointer back to a file,
/// line and column in the source manifest.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct McpSurface {
    /// The server's name: from `server.json`, the config, or the file name.
    pub server: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<SurfaceOrigin>,
    #[serde(default)]
    pub tools: Vec<Value>,
    #[serde(default)]
    pub resources: Vec<Value>,
    #[serde(default)]
    pub resource_templates: Vec<Value>,
    #[serde(default)]
    pub prompts: Vec<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server_json: Option<Value>,
}

impl McpSurface {
    /// The `name` of the tool at `index`, if it has a string name.
    pub fn tool_name(&self, index: usize) -> Option<&str> {
        self.tools.get(index)?.get("name")?.as_str()
    }
}

/// Asks a rule pack to check surfaces. All surfaces of one check come together, so packs can
/// find problems across servers (a duplicate tool name, cross-server shadowing).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct AnalyzeRequest {
    pub surfaces: Vec<McpSurface>,
    /// The pack's `[rule_packs.<id>.options]` table, as JSON (`null` when absent).
    #[serde(default)]
    pub options: Value,
}

/// One problem in a surface.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    /// Stable rule code: `SHADOW_PATTERN`, `PARAMETER_CONFLICT`, `name-format`.
    pub code: String,
    pub severity: FindingSeverity,
    pub message: String,
    /// Index of the surface in [`AnalyzeRequest::surfaces`].
    pub surface: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub related_tool: Option<String>,
    /// JSON pointer (RFC 6901) into the surface to the offending value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pointer: Option<String>,
    /// The quoted text that triggered the finding, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence: Option<String>,
}

/// The findings of one `analyze` call.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct AnalyzeOutcome {
    pub findings: Vec<Finding>,
}

/// Escapes one JSON pointer segment (`~` → `~0`, `/` → `~1`).
pub fn pointer_segment(raw: &str) -> String {
    raw.replace('~', "~0").replace('/', "~1")
}
