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
    /// The static normalization of the name, as an index into the surface's concepts.
    concept: usize,
    text: usize,
}

/// The parameters of one surface that some pair may report, and the pairs of concepts some
/// tool takes side by side.
#[derive(Debug, Default)]
pub struct SurfaceParams {
    params: Vec<Param>,
    together: HashSet<(usize, usize)>,
}

impl SurfaceParams {
    /// Whether `a` and `b` are compared at all: two tools, comparable names and types, and
    /// no tool that takes both.
    fn candidates(&self, a: &Param, b: &Param) -> bool {
        a.tool != b.tool && comparable(a, b) && !self.together.contains(&(a.concept, b.concept))
    }

    /// Which parameters have at least one candidate partner: only those are embedded. Compared
    /// by kind (name and type), not by parameter, so a name that many tools repeat costs one
    /// comparison per other kind; a kind's partners matter only through their tools (a
    /// partner of the parameter's own tool alone is no partner).
    fn with_partners(&self) -> Vec<bool> {
        let mut kinds: HashMap<(&str, Option<&str>), usize> = HashMap::new();
        // Per kind: a parameter of it, and the first two distinct tools of its partners.
        let mut of_kind: Vec<(usize, [Option<usize>; 2])> = Vec::new();
        let kind_of: Vec<usize> = self
            .params
            .iter()
            .enumerate()
            .map(|(i, p)| {
                *kinds
                    .entry((p.name.as_str(), p.ty.as_deref()))
                    .or_insert_with(|| {
                        of_kind.push((i, [None; 2]));
                        of_kind.len() - 1
                    })
            })
            .collect();
        // The distinct tools of every kind, two at most (more change nothing).
        let mut tools: Vec<[Option<usize>; 2]> = vec![[None; 2]; of_kind.len()];
        for (p, &k) in self.params.iter().zip(&kind_of) {
            add_tool(&mut tools[k], p.tool);
        }
        for k in 0..of_kind.len() {
            for l in k + 1..of_kind.len() {
                let (a, b) = (&self.params[of_kind[k].0], &self.params[of_kind[l].0]);
                // Tools aside: the kinds' own tools are checked per parameter below.
                if !comparable(a, b) || self.together.contains(&(a.concept, b.concept)) {
                    continue;
                }
                for tool in tools[l].into_iter().flatten() {
                    add_tool(&mut of_kind[k].1, tool);
                }
                for tool in tools[k].into_iter().flatten() {
                    add_tool(&mut of_kind[l].1, tool);
                }
            }
        }
        self.params
            .iter()
            .zip(&kind_of)
            .map(|(p, &k)| of_kind[k].1.iter().flatten().any(|&t| t != p.tool))
            .collect()
    }
}

/// Adds `tool` to a set that keeps two distinct tools at most.
fn add_tool(set: &mut [Option<usize>; 2], tool: usize) {
    match *set {
        [None, _] => set[0] = Some(tool),
        [Some(t), None] if t != tool => set[1] = Some(tool),
        _ => {}
    }
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

/// The parameters of every surface (by surface) and the texts they need. A parameter that no
/// pair can report (no parameter of another tool with a comparable name and type that no tool
/// takes beside it: a one-tool server has none) is left out before anything is embedded.
pub fn plan(surfaces: &[McpSurface], texts: &mut Texts) -> Vec<SurfaceParams> {
    let synonyms = Synonyms::builtin();
    let mut interned: HashMap<String, usize> = HashMap::new();
    surfaces
        .iter()
        .map(|surface| {
            let mut found = SurfaceParams::default();
            let mut concepts: HashMap<Vec<String>, usize> = HashMap::new();
            // The text of each parameter, interned once the parameter is kept.
            let mut param_texts: Vec<String> = Vec::new();
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
                    param_texts.push(text(name, description));
                    let next = concepts.len();
                    found.params.push(Param {
                        tool: tool_index,
                        tool_name: tool_name.to_owned(),
                        name: name.to_owned(),
                        concept: *concepts.entry(synonyms.concept(name)).or_insert(next),
                        ty,
                        text: usize::MAX,
                    });
                }
                let of_tool = &found.params[first..];
                for a in of_tool {
                    for b in of_tool {
                        found.together.insert((a.concept, b.concept));
                    }
                }
            }
            let keep = found.with_partners();
            let params = std::mem::take(&mut found.params);
            for ((mut param, text), keep) in params.into_iter().zip(param_texts).zip(keep) {
                if keep {
                    param.text = *interned
                        .entry(text)
                        .or_insert_with_key(|text| texts.push(text.clone()));
                    found.params.push(param);
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
                if !found.candidates(a, b) {
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

    fn surface(tools: serde_json::Value) -> McpSurface {
        McpSurface::new("s").with_tools(tools.as_array().unwrap().clone())
    }

    fn tool(name: &str, params: serde_json::Value) -> serde_json::Value {
        serde_json::json!({"name": name, "inputSchema": {"type": "object", "properties": params}})
    }

    #[test]
    fn parameters_no_pair_can_report_are_not_embedded() {
        use serde_json::json;
        let string = |d: &str| json!({"type": "string", "description": d});
        let number = |d: &str| json!({"type": "number", "description": d});
        let surfaces = [
            // One tool: no pair at all.
            surface(json!([tool(
                "only",
                json!({"a": string("A"), "b": string("B")})
            )])),
            surface(json!([
                // `count` (a number) meets strings only; `owner` and `repo` go together.
                tool(
                    "one",
                    json!({"owner": string("Owner"), "repo": string("Repo"),
                    "count": number("How many")})
                ),
                tool(
                    "two",
                    json!({"owner": string("Owner"), "repo": string("Repo")})
                ),
                // `repository` equals `repo` after the static normalization and a tool takes
                // `repo` beside `owner`, so it meets only `user`, of its own tool; and taken
                // beside `repository`, `user` is a counterpart of `repo` too: `repo` is left
                // with no partner, `owner` and `user` have each other.
                tool(
                    "three",
                    json!({"repository": string("Repo"), "user": string("User")})
                ),
            ])),
        ];
        let mut texts = Texts::default();
        let params = plan(&surfaces, &mut texts);
        assert!(params[0].params.is_empty());
        let kept: Vec<(&str, &str)> = params[1]
            .params
            .iter()
            .map(|p| (p.tool_name.as_str(), p.name.as_str()))
            .collect();
        assert_eq!(
            kept,
            [("one", "owner"), ("two", "owner"), ("three", "user")]
        );
        // Equal texts once; `count`, `repo`, `repository` and the one-tool server's not at all.
        assert_eq!(texts.0, ["owner: Owner", "user: User"]);
    }
}
