//! `SEMANTIC_PARAMETER_CONFLICT`: two parameters of one server's tools that mean the same under
//! different names.
//!
//! The original analyzer embedded each parameter in a context string that repeats its tool and
//! the tool's description. That made two parameters of related tools look alike whatever they
//! meant (hundreds of findings on a real server) and cost a long text per parameter. Here a
//! parameter is its name in words and its description: equal texts (a parameter shared by many
//! tools) are embedded once, and names that one tool takes side by side are never compared. See
//! the README's calibration.

use std::collections::{HashMap, HashSet};

use signalint_plugin_api::{Finding, Json, McpSurface, pointer_segment};

use super::{Texts, evidence, reported};
use crate::model::{Vectors, cosine, round2};
use crate::names::Synonyms;
use crate::options::Options;

signalint_plugin_api::declare_rule! {
    /// ## What it does
    /// Within one server, compares every top-level parameter of a tool with every parameter of
    /// the other tools. Each is embedded as `<name in words>: <description>` (`pullNumber` reads
    /// `pull number`), and a pair is reported when the similarity is at least
    /// `parameter_threshold` (default max(`threshold`, 0.75)). Skipped: equal names, names that
    /// the static `PARAMETER_CONFLICT` (pack `param-synonyms`) already equates, parameters of
    /// different declared types, and two names that one tool of the server takes side by side
    /// (`owner` and `repo`, `from` and `to`: a tool that takes both means two things). One
    /// finding per pair of names, for the most similar pair of parameters.
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
    /// `parameter_threshold` (default max(`threshold`, 0.75)).
    pub RULE = {
        id: "SEMANTIC_PARAMETER_CONFLICT",
        severity: Warning,
        summary: "Two tools of a server name one concept differently (portfolio_ids, holdings)",
    }
}

/// One parameter and the index of its text.
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

/// The parameters of one surface, and the pairs of concepts some tool takes side by side.
#[derive(Debug, Default)]
pub struct SurfaceParams {
    params: Vec<Param>,
    together: HashSet<(Vec<String>, Vec<String>)>,
}

/// A parameter as embedded: its name in words, then its description.
pub fn text(name: &str, description: &str) -> String {
    let words = words(name);
    if description.trim().is_empty() {
        words
    } else {
        format!("{words}: {description}")
    }
}

/// `pullNumber`, `pull_number`, `pull-number` → `pull number`: the model reads words, and
/// identifiers split into subword pieces that carry little of their meaning.
pub fn words(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    let mut previous: Option<char> = None;
    let chars: Vec<char> = name.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_alphanumeric() {
            out.push(' ');
            previous = None;
            continue;
        }
        // A capital starts a word after a lower-case letter or a digit (`pullNumber`), and
        // ends an acronym before a lower-case letter (`HTTPServer` → `http server`).
        let next_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
        if c.is_uppercase()
            && previous.is_some_and(|p| {
                p.is_lowercase() || p.is_ascii_digit() || (p.is_uppercase() && next_lower)
            })
        {
            out.push(' ');
        }
        out.extend(c.to_lowercase());
        previous = Some(c);
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The parameters of every surface (by surface) and the texts they need.
pub fn plan(surfaces: &[McpSurface], texts: &mut Texts) -> Vec<SurfaceParams> {
    let synonyms = Synonyms::builtin();
    let mut interned: HashMap<String, usize> = HashMap::new();
    surfaces
        .iter()
        .map(|surface| {
            let mut found = SurfaceParams::default();
            for (tool_index, tool) in surface.tools.iter().enumerate() {
                let Some(tool_name) = tool.get("name").and_then(|v| v.as_str()) else {
                    continue;
                };
                let Some(properties) = tool
                    .pointer("/inputSchema/properties")
                    .and_then(|v| v.as_object())
                else {
                    continue;
                };
                let first = found.params.len();
                for (name, schema) in properties {
                    let ty = match schema.get("type") {
                        Some(Json::String(t)) => Some(t.to_string()),
                        Some(Json::Array(types)) => Some(
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
                    let text = text(name, description);
                    let text = *interned
                        .entry(text)
                        .or_insert_with_key(|text| texts.push(text.clone()));
                    found.params.push(Param {
                        tool: tool_index,
                        tool_name: tool_name.to_owned(),
                        name: name.to_owned(),
                        concept: synonyms.concept(name),
                        ty,
                        text,
                    });
                }
                let of_tool = &found.params[first..];
                for a in of_tool {
                    for b in of_tool {
                        found
                            .together
                            .insert((a.concept.clone(), b.concept.clone()));
                    }
                }
            }
            found
        })
        .collect()
}

/// Findings for every surface: for each pair of names, the most similar pair of parameters of
/// two different tools (the first one's tool before the second's), in the order the first
/// such pair appears.
pub fn check(
    params: &[SurfaceParams],
    surfaces: &[McpSurface],
    vectors: &Vectors,
    options: &Options,
) -> Vec<Finding> {
    let threshold = options.parameter_threshold();
    let mut findings = Vec::new();
    for (surface_index, found) in params.iter().enumerate() {
        let server = surfaces[surface_index].server.as_str();
        let params = &found.params;
        // Best pair of parameters by pair of names, in order of first appearance.
        let mut best: HashMap<(&str, &str), usize> = HashMap::new();
        let mut pairs: Vec<(f32, &Param, &Param)> = Vec::new();
        for (i, a) in params.iter().enumerate() {
            for b in &params[i + 1..] {
                if a.tool == b.tool
                    || !comparable(a, b)
                    || found
                        .together
                        .contains(&(a.concept.clone(), b.concept.clone()))
                {
                    continue;
                }
                let similarity = round2(cosine(vectors.row(a.text), vectors.row(b.text)));
                if similarity < threshold {
                    continue;
                }
                let names = if a.name <= b.name {
                    (a.name.as_str(), b.name.as_str())
                } else {
                    (b.name.as_str(), a.name.as_str())
                };
                match best.get(&names) {
                    Some(&k) if pairs[k].0 >= similarity => {}
                    Some(&k) => pairs[k] = (similarity, a, b),
                    None => {
                        best.insert(names, pairs.len());
                        pairs.push((similarity, a, b));
                    }
                }
            }
        }
        for (similarity, a, b) in pairs {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_read_as_words() {
        for (name, expected) in [
            ("pullNumber", "pull number"),
            ("pull_request_number", "pull request number"),
            ("notificationID", "notification id"),
            ("HTTPServer", "http server"),
            ("per-page", "per page"),
            ("sha256", "sha256"),
            ("q", "q"),
        ] {
            assert_eq!(words(name), expected, "{name}");
        }
        assert_eq!(text("repoName", " "), "repo name");
        assert_eq!(
            text("repoName", "Name of the repository"),
            "repo name: Name of the repository"
        );
    }
}
