//! The rule-pack contract: MCP surfaces in, findings out.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::json::Json;

/// How serious a finding is. The host maps `critical` and `error` to error issues, `warning` to
/// warnings, and omits `info` unless the configuration asks for it.
///
/// Ordered from most to least serious; [`Unknown`](Self::Unknown) sorts last.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum FindingSeverity {
    Critical,
    Error,
    Warning,
    Info,
    /// A severity this version does not know (sent by a newer plugin). The host treats it as
    /// a warning rather than refusing the whole answer.
    #[serde(other)]
    Unknown,
}

/// Where a surface came from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum SurfaceOrigin {
    /// A JSON manifest or `server.json` file (project-relative or absolute path).
    File { path: String },
    /// A live server started over stdio.
    Live { command: String },
    /// Definitions read from TypeScript/JavaScript source, statically (never run); `root` is
    /// the directory they were read under. Added in 0.3.1: an older pack reads it as
    /// [`Unknown`](Self::Unknown).
    Source { root: String },
    /// An origin this version does not know (sent by a newer host).
    #[serde(other)]
    Unknown,
}

/// Everything one MCP server advertises, as raw JSON so that rules can inspect even invalid
/// definitions. The documents are [`Json`] trees, compact enough for surfaces of a hundred
/// thousand tools; on the wire they are the same JSON as ever.
///
/// Findings point into this shape with a JSON pointer: `/tools/3/inputSchema/properties/q`,
/// `/prompts/0/arguments/1`, `/serverJson/packages/0`. The host maps the pointer back to a file,
/// line and column in the source manifest.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct McpSurface {
    /// The server's name: from `server.json`, the config, or the file name.
    pub server: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<SurfaceOrigin>,
    #[serde(default)]
    pub tools: Vec<Json>,
    #[serde(default)]
    pub resources: Vec<Json>,
    #[serde(default)]
    pub resource_templates: Vec<Json>,
    #[serde(default)]
    pub prompts: Vec<Json>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server_json: Option<Json>,
    /// The server's `instructions` from its `initialize` answer: text the client gives the
    /// model beside the tools, so a pack reads it as it reads a description (pointer
    /// `/instructions`). Absent when the server sends none or the source does not say.
    /// Additive: an older pack ignores it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instructions: Option<String>,
    /// What only the source knows, for surfaces read from source (serialized `sourceFacts`):
    /// `{"tools": [Facts], "resources": [..], "resourceTemplates": [..], "prompts": [..]}`,
    /// each list parallel to the surface's own, each `Facts` holding the definition's
    /// framework, kind, file, handler facts (`throws`, `failCalls`), framework fields and the
    /// schema parts that could not be read (`unresolved`, `unserializable`); plus `landing`,
    /// the static value of an mcp-ts-core server's `createApp({ landing })`, when given. Absent
    /// for manifests and live servers. Added in 0.3.1; `docs/mcp-source.md` gives the shape.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_facts: Option<Json>,
}

impl McpSurface {
    /// A surface of `server` with nothing listed yet.
    pub fn new(server: impl Into<String>) -> Self {
        Self {
            server: server.into(),
            ..Self::default()
        }
    }

    pub fn with_origin(mut self, origin: SurfaceOrigin) -> Self {
        self.origin = Some(origin);
        self
    }

    /// The raw `tools/list` entries.
    pub fn with_tools(mut self, tools: impl IntoIterator<Item = impl Into<Json>>) -> Self {
        self.tools = tools.into_iter().map(Into::into).collect();
        self
    }

    pub fn with_resources(mut self, resources: impl IntoIterator<Item = impl Into<Json>>) -> Self {
        self.resources = resources.into_iter().map(Into::into).collect();
        self
    }

    pub fn with_resource_templates(
        mut self,
        templates: impl IntoIterator<Item = impl Into<Json>>,
    ) -> Self {
        self.resource_templates = templates.into_iter().map(Into::into).collect();
        self
    }

    pub fn with_prompts(mut self, prompts: impl IntoIterator<Item = impl Into<Json>>) -> Self {
        self.prompts = prompts.into_iter().map(Into::into).collect();
        self
    }

    /// The server's `server.json` document.
    pub fn with_server_json(mut self, document: impl Into<Json>) -> Self {
        self.server_json = Some(document.into());
        self
    }

    /// The server's `instructions` (see [`McpSurface::instructions`]).
    pub fn with_instructions(mut self, instructions: impl Into<String>) -> Self {
        self.instructions = Some(instructions.into());
        self
    }

    /// What the source says beyond the listing (see [`McpSurface::source_facts`]).
    pub fn with_source_facts(mut self, facts: impl Into<Json>) -> Self {
        self.source_facts = Some(facts.into());
        self
    }

    /// The `name` of the tool at `index`, if it has a string name.
    pub fn tool_name(&self, index: usize) -> Option<&str> {
        self.tools.get(index)?.get("name")?.as_str()
    }
}

/// Asks a rule pack to check surfaces. All surfaces of one check come together, so packs can
/// find problems across servers (a duplicate tool name, cross-server shadowing).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct AnalyzeRequest {
    pub surfaces: Vec<McpSurface>,
    /// The pack's `[rule_packs.<id>.options]` table, as JSON (`null` when absent).
    #[serde(default)]
    pub options: Value,
}

impl AnalyzeRequest {
    pub fn new(surfaces: impl Into<Vec<McpSurface>>, options: Value) -> Self {
        Self {
            surfaces: surfaces.into(),
            options,
        }
    }
}

/// One problem in a surface.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
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
    /// Stands for a field a later version adds: with the `growth-check` feature on, every
    /// rule pack must still build, which proves that adding an optional field breaks none.
    #[cfg(feature = "growth-check")]
    #[doc(hidden)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub growth_check: Option<String>,
}

impl Finding {
    /// A finding of rule `code` in the surface at `surface` (its index in the request).
    pub fn new(
        code: impl Into<String>,
        severity: FindingSeverity,
        message: impl Into<String>,
        surface: usize,
    ) -> Self {
        Self {
            code: code.into(),
            severity,
            message: message.into(),
            surface,
            tool: None,
            related_tool: None,
            pointer: None,
            evidence: None,
            #[cfg(feature = "growth-check")]
            growth_check: None,
        }
    }

    /// The tool the finding is about.
    pub fn with_tool(mut self, tool: impl Into<String>) -> Self {
        self.tool = Some(tool.into());
        self
    }

    /// A second tool involved (the other half of a duplicate or a split payload).
    pub fn with_related_tool(mut self, tool: impl Into<String>) -> Self {
        self.related_tool = Some(tool.into());
        self
    }

    /// JSON pointer (RFC 6901) into the surface.
    pub fn with_pointer(mut self, pointer: impl Into<String>) -> Self {
        self.pointer = Some(pointer.into());
        self
    }

    /// The quoted text that triggered the finding.
    pub fn with_evidence(mut self, evidence: impl Into<String>) -> Self {
        self.evidence = Some(evidence.into());
        self
    }
}

/// The findings of one `analyze` call.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct AnalyzeOutcome {
    pub findings: Vec<Finding>,
}

impl AnalyzeOutcome {
    pub fn new(findings: impl Into<Vec<Finding>>) -> Self {
        Self {
            findings: findings.into(),
        }
    }
}

/// Escapes one JSON pointer segment (`~` → `~0`, `/` → `~1`).
pub fn pointer_segment(raw: &str) -> String {
    raw.replace('~', "~0").replace('/', "~1")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_from_a_newer_peer_deserialize() {
        let severity: FindingSeverity = serde_json::from_str(r#""fatal""#).unwrap();
        assert_eq!(severity, FindingSeverity::Unknown);
        assert_eq!(
            serde_json::from_str::<FindingSeverity>(r#""critical""#).unwrap(),
            FindingSeverity::Critical
        );
        let origin: SurfaceOrigin =
            serde_json::from_str(r#"{"type": "registry", "url": "https://example.com"}"#).unwrap();
        assert_eq!(origin, SurfaceOrigin::Unknown);
        let finding: Finding = serde_json::from_str(
            r#"{"code": "X", "severity": "fatal", "message": "m", "surface": 0, "newField": 1}"#,
        )
        .unwrap();
        assert_eq!(finding, Finding::new("X", FindingSeverity::Unknown, "m", 0));
    }

    #[test]
    fn builders_set_the_optional_fields() {
        let finding = Finding::new("X", FindingSeverity::Info, "m", 2)
            .with_tool("a")
            .with_related_tool("b")
            .with_pointer("/tools/0")
            .with_evidence("quote");
        assert_eq!(
            serde_json::to_value(&finding).unwrap(),
            serde_json::json!({"code": "X", "severity": "info", "message": "m", "surface": 2,
                "tool": "a", "relatedTool": "b", "pointer": "/tools/0", "evidence": "quote"})
        );
        let surface = McpSurface::new("s")
            .with_tools(vec![serde_json::json!({"name": "t"})])
            .with_server_json(serde_json::json!({}))
            .with_instructions("Call search first.");
        assert_eq!(surface.tool_name(0), Some("t"));
        assert_eq!(
            serde_json::to_value(&surface).unwrap()["instructions"],
            "Call search first."
        );
        assert_eq!(
            AnalyzeRequest::new(vec![surface], Value::Null)
                .surfaces
                .len(),
            1
        );
    }
}
