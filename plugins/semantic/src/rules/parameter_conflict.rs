//! `SEMANTIC_PARAMETER_CONFLICT`: two parameters of one server's tools that mean the same under
//! different names.

use signalint_plugin_api::{Finding, McpSurface, pointer_segment};

use super::{Texts, evidence, reported};
use crate::model::{Vectors, cosine, round2};
use crate::names::Synonyms;
use crate::options::Options;

signalint_plugin_api::declare_rule! {
    /// ## What it does
    /// Within one server, compares every top-level parameter of a tool with every parameter of
    /// the other tools. Each is embedded in its context,
    /// `parameter <name>. type <type>. parameter description <description>. tool <tool>. tool description <tool description>`,
    /// and a pair is reported when the similarity is at least `parameter_threshold` (default
    /// max(`threshold`, 0.80)). Skipped: equal names, names that the static `PARAMETER_CONFLICT`
    /// (pack `param-synonyms`) already equates, and parameters of different declared types.
    ///
    /// ## Why is this bad?
    /// A server that calls one thing `portfolio_ids` in one tool and `holdings` in another makes
    /// the model guess whether they are the same, and it passes values from one tool to another
    /// under the wrong name. One name per concept, or descriptions that say how they differ.
    ///
    /// ## Example
    /// ```json invalid options={"default_corpus": false}
    /// {"tools": [
    ///   {"name": "send_email", "description": "Send an email",
    ///    "inputSchema": {"type": "object", "properties": {
    ///      "recipient": {"type": "string", "description": "Email address to send the message to"}}}},
    ///   {"name": "send_invite", "description": "Send a calendar invitation by email",
    ///    "inputSchema": {"type": "object", "properties": {
    ///      "to_address": {"type": "string", "description": "Email address of the recipient"}}}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid options={"default_corpus": false}
    /// {"tools": [
    ///   {"name": "send_email", "description": "Send an email",
    ///    "inputSchema": {"type": "object", "properties": {
    ///      "recipient": {"type": "string", "description": "Email address to send the message to"}}}},
    ///   {"name": "send_invite", "description": "Send a calendar invitation by email",
    ///    "inputSchema": {"type": "object", "properties": {
    ///      "recipient": {"type": "string", "description": "Email address of the invitee"},
    ///      "starts_at": {"type": "string", "description": "Start of the meeting, ISO 8601"}}}}]}
    /// ```
    ///
    /// ## Options
    /// `parameter_threshold` (default max(`threshold`, 0.80)).
    pub RULE = {
        id: "SEMANTIC_PARAMETER_CONFLICT",
        severity: Warning,
        summary: "Two tools of a server name one concept differently (portfolio_ids, holdings)",
    }
}

/// One parameter and the index of its context text.
#[derive(Debug)]
pub struct Param {
    tool: usize,
    tool_name: String,
    name: String,
    /// The declared `type` (types joined with `|`), `None` when absent.
    ty: Option<String>,
    concept: Vec<String>,
    text: usize,
}

/// The parameters of every surface (by surface) and the texts they need.
pub fn plan(surfaces: &[McpSurface], texts: &mut Texts) -> Vec<Vec<Param>> {
    let synonyms = Synonyms::builtin();
    surfaces
        .iter()
        .map(|surface| {
            let mut params = Vec::new();
            for (tool_index, tool) in surface.tools.iter().enumerate() {
                let Some(tool_name) = tool.get("name").and_then(|v| v.as_str()) else {
                    continue;
                };
                let tool_description = tool
                    .get("description")
                    .and_then(|v| v.as_str())
                    .unwrap_or("");
                let Some(properties) = tool
                    .pointer("/inputSchema/properties")
                    .and_then(|v| v.as_object())
                else {
                    continue;
                };
                for (name, schema) in properties {
                    let ty = match schema.get("type") {
                        Some(serde_json::Value::String(t)) => Some(t.clone()),
                        Some(serde_json::Value::Array(types)) => Some(
                            types
                                .iter()
                                .filter_map(|t| t.as_str())
                                .collect::<Vec<_>>()
                                .join("|"),
                        ),
                        _ => None,
                    };
                    let description = schema
                        .get("description")
                        .and_then(|v| v.as_str())
                        .unwrap_or("");
                    let text = texts.push(format!(
                        "parameter {name}. type {}. parameter description {description}. tool {tool_name}. tool description {tool_description}",
                        ty.as_deref().unwrap_or("any")
                    ));
                    params.push(Param {
                        tool: tool_index,
                        tool_name: tool_name.to_owned(),
                        name: name.clone(),
                        concept: synonyms.concept(name),
                        ty,
                        text,
                    });
                }
            }
            params
        })
        .collect()
}

/// Findings for every surface: each pair of parameters of two different tools, the first one's
/// tool before the second's.
pub fn check(
    params: &[Vec<Param>],
    surfaces: &[McpSurface],
    vectors: &Vectors,
    options: &Options,
) -> Vec<Finding> {
    let threshold = options.parameter_threshold();
    let mut findings = Vec::new();
    for (surface_index, params) in params.iter().enumerate() {
        let server = surfaces[surface_index].server.as_str();
        for (i, a) in params.iter().enumerate() {
            for b in &params[i + 1..] {
                if a.tool == b.tool || !comparable(a, b) {
                    continue;
                }
                let similarity = round2(cosine(vectors.row(a.text), vectors.row(b.text)));
                if similarity < threshold {
                    continue;
                }
                let similarity = reported(similarity);
                findings.push(
                    Finding::new(
                        RULE.id,
                        RULE.severity,
                        format!(
                            "Parameter '{}' in '{}' is semantically similar to '{}' in '{}' (similarity: {similarity:.2}) — consider using a shared name or clearer descriptions",
                            a.name, a.tool_name, b.name, b.tool_name
                        ),
                        surface_index,
                    )
                    .with_tool(a.tool_name.as_str())
                    .with_related_tool(b.tool_name.as_str())
                    .with_pointer(format!(
                        "/tools/{}/inputSchema/properties/{}",
                        a.tool,
                        pointer_segment(&a.name)
                    ))
                    .with_evidence(evidence(
                        &b.tool_name,
                        server,
                        server,
                        Some(&b.name),
                        similarity,
                    )),
                );
            }
        }
    }
    findings
}

/// Different names, not equated by the static rule, and compatible types (a missing type is
/// compatible with any).
fn comparable(a: &Param, b: &Param) -> bool {
    if a.name == b.name || a.concept == b.concept {
        return false;
    }
    match (&a.ty, &b.ty) {
        (Some(x), Some(y)) => x == y,
        _ => true,
    }
}
