//! `PARAMETER_CONFLICT`: one concept, several parameter names, across one server's tools.
//!
//! Declared as [`RULE`], whose documentation says what it finds and why.

use std::collections::{BTreeSet, HashMap};

use signalint_plugin_api::{Finding, FindingSeverity, McpSurface};

use crate::normalize::Synonyms;
use crate::schema;

signalint_plugin_api::declare_rule! {
    /// ## What it does
    /// Normalizes every property name of every tool's `inputSchema` (top-level and nested) into a
    /// concept: the words of the name, case style and separators ignored, each word made singular,
    /// synonyms mapped to their group's canonical name. A concept that is spelled in more than one
    /// way across the server's tools gives **one** finding that lists every spelling and the tools
    /// using it.
    ///
    /// A list parameter and a single-value parameter are different concepts even when their names
    /// only differ in number: `field_names` (an array) next to `field_name` (a string) is the usual
    /// convention, not a conflict.
    ///
    /// ## Why is this bad?
    /// A model that learned `perPage` from one tool will pass `perPage` to the next one too. When
    /// that tool calls it `per_page`, the argument is dropped or rejected, and the model has to
    /// guess again. One name per concept makes the server predictable.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [
    ///   {"name": "list_issues", "inputSchema": {"properties": {"perPage": {"type": "number"}}}},
    ///   {"name": "list_commits", "inputSchema": {"properties": {"per_page": {"type": "number"}}}}
    /// ]}
    /// ```
    /// Use instead:
    /// ```json valid
    /// {"tools": [
    ///   {"name": "list_issues", "inputSchema": {"properties": {"perPage": {"type": "number"}}}},
    ///   {"name": "list_commits", "inputSchema": {"properties": {"perPage": {"type": "number"}}}}
    /// ]}
    /// ```
    ///
    /// ## Options
    /// `synonym_groups` and `builtin_synonyms`, see the crate README.
    pub RULE = {
        id: "PARAMETER_CONFLICT",
        severity: Warning,
        summary: "One concept is spelled in several ways across a server's tool parameters (perPage, per_page)",
    }
}

/// The finding code, [`RULE`]'s id.
pub const CODE: &str = RULE.id;
/// The default severity, [`RULE`]'s.
pub const SEVERITY: FindingSeverity = RULE.severity;

/// How many tool names the message lists per spelling before it says "and N more".
const LISTED_TOOLS: usize = 3;
/// How many spellings the message lists, most used first; real servers have two or three.
const LISTED_SPELLINGS: usize = 10;

/// A tool that uses a spelling (once, however often the tool repeats it).
#[derive(Debug)]
struct Use {
    tool: usize,
    /// Where the spelling is declared: the tool itself for a top-level parameter, or the
    /// nested schema object that declares it, by value. Copies of one schema embedded in
    /// several tools are one source, so they count once when spellings are compared.
    source: Source,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Source {
    Tool(usize),
    Schema(usize),
}

#[derive(Debug)]
struct Variant<'a> {
    name: &'a str,
    uses: Vec<Use>,
}

#[derive(Debug)]
struct Concept<'a> {
    is_list: bool,
    variants: Vec<Variant<'a>>,
}

/// Findings for one surface (the one at `surface_index` of the request).
pub fn check_surface(
    surface_index: usize,
    surface: &McpSurface,
    synonyms: &Synonyms,
) -> Vec<Finding> {
    // (name, is a collection) → (concept, variant) indices; `None` for names without letters
    // or digits. A map, not a search of the variants: a hostile server can spell one concept
    // in as many ways as it has tools (`per_page`, `per__page`, …).
    let mut concept_of_name: HashMap<(&str, bool), Option<(usize, usize)>> = HashMap::new();
    let mut index_of_concept: HashMap<(Vec<String>, bool), usize> = HashMap::new();
    let mut concepts: Vec<Concept<'_>> = Vec::new();
    // Nested schema objects that declare properties, by their JSON text.
    let mut schema_ids: HashMap<String, usize> = HashMap::new();

    for (tool, definition) in surface.tools.iter().enumerate() {
        let Some(input_schema) = definition.get("inputSchema") else {
            continue;
        };
        let params = schema::params(input_schema);
        // The source of each declaring node of this tool, computed on first use.
        let mut sources: Vec<Option<Source>> = vec![None; params.paths.len()];
        for param in params.list.iter().copied() {
            let place = *concept_of_name
                .entry((param.name, param.is_list))
                .or_insert_with(|| {
                    let words = synonyms.concept(param.name);
                    if words.is_empty() {
                        return None;
                    }
                    let next = concepts.len();
                    let index = *index_of_concept
                        .entry((words, param.is_list))
                        .or_insert(next);
                    if index == next {
                        concepts.push(Concept {
                            is_list: param.is_list,
                            variants: Vec::new(),
                        });
                    }
                    let variants = &mut concepts[index].variants;
                    variants.push(Variant {
                        name: param.name,
                        uses: Vec::new(),
                    });
                    Some((index, variants.len() - 1))
                });
            let Some((index, position)) = place else {
                continue;
            };
            let variants = &mut concepts[index].variants;
            let uses = &mut variants[position].uses;
            if uses.last().is_none_or(|u| u.tool != tool) {
                let source = *sources[param.node].get_or_insert_with(|| {
                    let node = (param.depth > 0)
                        .then(|| input_schema.pointer(&params.paths[param.node]))
                        .flatten();
                    match node {
                        Some(node) => {
                            let next = schema_ids.len();
                            Source::Schema(*schema_ids.entry(node.to_string()).or_insert(next))
                        }
                        None => Source::Tool(tool),
                    }
                });
                uses.push(Use { tool, source });
            }
        }
    }

    let mut findings: Vec<(usize, Finding)> = concepts
        .into_iter()
        .filter(|c| c.variants.len() > 1)
        .map(|c| finding(surface_index, surface, c))
        .collect();
    findings.sort_by(|(a_tools, a), (b_tools, b)| {
        b_tools.cmp(a_tools).then_with(|| a.message.cmp(&b.message))
    });
    findings.into_iter().map(|(_, f)| f).collect()
}

/// Builds the finding of one conflicting concept, with the number of tools it involves.
fn finding(
    surface_index: usize,
    surface: &McpSurface,
    mut concept: Concept<'_>,
) -> (usize, Finding) {
    concept.variants.sort_by(|a, b| {
        sources(&b.uses)
            .cmp(&sources(&a.uses))
            .then_with(|| a.uses[0].tool.cmp(&b.uses[0].tool))
            .then_with(|| a.name.cmp(b.name))
    });
    let variants = &concept.variants;
    let majority = &variants[0];
    let minority = &variants[variants.len() - 1];
    let tools: BTreeSet<usize> = variants
        .iter()
        .flat_map(|v| v.uses.iter().map(|u| u.tool))
        .collect();

    let label = crate::normalize::words(majority.name).join(" ");
    let mut spellings: Vec<String> = variants
        .iter()
        .take(LISTED_SPELLINGS)
        .map(|v| format!("{} ({})", v.name, tool_list(surface, &v.uses)))
        .collect();
    if variants.len() > LISTED_SPELLINGS {
        spellings.push(format!(
            "and {} more spellings",
            variants.len() - LISTED_SPELLINGS
        ));
    }
    let advice = if sources(&variants[1].uses) < sources(&majority.uses) {
        format!("pick one ({} is the most used)", majority.name)
    } else {
        "pick one".to_owned()
    };
    let message = format!(
        "parameter \"{label}\" is spelled {} ways across {}: {}; {advice}",
        variants.len(),
        count(tools.len(), "tool"),
        spellings.join(", "),
    );
    let minority_use = &minority.uses[0];
    let pointer = representative(surface, minority_use.tool, minority.name, concept.is_list);
    let mut finding =
        Finding::new(CODE, SEVERITY, message, surface_index).with_evidence(minority.name);
    finding.tool = surface.tool_name(minority_use.tool).map(str::to_owned);
    finding.related_tool = surface.tool_name(majority.uses[0].tool).map(str::to_owned);
    finding.pointer = pointer;
    (tools.len(), finding)
}

/// The pointer to the shallowest declaration of `name` in the tool's input schema.
fn representative(surface: &McpSurface, tool: usize, name: &str, is_list: bool) -> Option<String> {
    let input_schema = surface.tools.get(tool)?.get("inputSchema")?;
    let params = schema::params(input_schema);
    let param = params
        .list
        .iter()
        .find(|p| p.name == name && p.is_list == is_list)?;
    Some(params.pointer(tool, param))
}

/// How many places declare a spelling: copies of one shared schema count once.
fn sources(uses: &[Use]) -> usize {
    let mut sources: Vec<Source> = uses.iter().map(|u| u.source).collect();
    sources.sort_unstable();
    sources.dedup();
    sources.len()
}

/// `28 tools: list_issues, search_code, get_commit and 25 more`; with `, in 1 shared schema`
/// when copies of one nested schema make up several of the tools.
fn tool_list(surface: &McpSurface, uses: &[Use]) -> String {
    let names: Vec<String> = uses
        .iter()
        .take(LISTED_TOOLS)
        .map(|u| tool_label(surface, u.tool))
        .collect();
    let places = sources(uses);
    let shared = if places < uses.len() {
        format!(", in {}", count(places, "shared schema"))
    } else {
        String::new()
    };
    let mut text = format!(
        "{}{shared}: {}",
        count(uses.len(), "tool"),
        names.join(", ")
    );
    if uses.len() > LISTED_TOOLS {
        text.push_str(&format!(" and {} more", uses.len() - LISTED_TOOLS));
    }
    text
}

fn tool_label(surface: &McpSurface, tool: usize) -> String {
    match surface.tool_name(tool) {
        Some(name) => name.to_owned(),
        None => format!("tools[{tool}]"),
    }
}

fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;

    #[test]
    fn documented_examples() {
        crate::check_examples(&RULE);
    }

    fn surface(tools: Value) -> McpSurface {
        McpSurface::new("test").with_tools(serde_json::from_value::<Vec<Value>>(tools).unwrap())
    }

    fn tool(name: &str, properties: Value) -> Value {
        json!({"name": name, "inputSchema": {"type": "object", "properties": properties}})
    }

    fn check(tools: Value) -> Vec<Finding> {
        check_surface(0, &surface(tools), &Synonyms::builtin())
    }

    #[test]
    fn invalid_two_spellings_give_one_finding() {
        let findings = check(json!([
            tool("list_issues", json!({"perPage": {"type": "number"}})),
            tool("list_commits", json!({"perPage": {"type": "number"}})),
            tool("list_runs", json!({"per_page": {"type": "number"}})),
        ]));
        assert_eq!(findings.len(), 1, "{findings:#?}");
        let f = &findings[0];
        assert_eq!(f.code, "PARAMETER_CONFLICT");
        assert_eq!(f.severity, FindingSeverity::Warning);
        assert_eq!(
            f.message,
            "parameter \"per page\" is spelled 2 ways across 3 tools: perPage (2 tools: list_issues, list_commits), per_page (1 tool: list_runs); pick one (perPage is the most used)"
        );
        assert_eq!(f.tool.as_deref(), Some("list_runs"));
        assert_eq!(f.related_tool.as_deref(), Some("list_issues"));
        assert_eq!(
            f.pointer.as_deref(),
            Some("/tools/2/inputSchema/properties/per_page")
        );
        assert_eq!(f.evidence.as_deref(), Some("per_page"));
    }

    #[test]
    fn invalid_synonyms_and_nested_names_join_the_concept() {
        let findings = check(json!([
            tool("get_teams", json!({"user": {"type": "string"}})),
            tool("list_gists", json!({"username": {"type": "string"}})),
            tool(
                "search",
                json!({"filter": {"type": "object", "properties": {"userId": {"type": "string"}}}})
            ),
        ]));
        assert_eq!(findings.len(), 1, "{findings:#?}");
        assert!(
            findings[0]
                .message
                .starts_with("parameter \"user\" is spelled 3 ways across 3 tools")
        );
        assert!(
            findings[0].message.ends_with("; pick one"),
            "{}",
            findings[0].message
        );
        assert_eq!(
            findings[0].pointer.as_deref(),
            Some("/tools/2/inputSchema/properties/filter/properties/userId")
        );
    }

    #[test]
    fn invalid_many_tools_are_summarized() {
        let mut tools: Vec<Value> = (0..6)
            .map(|i| tool(&format!("t{i}"), json!({"pageSize": {}})))
            .collect();
        tools.push(tool("odd", json!({"page_sizes": {}})));
        let findings = check(Value::Array(tools));
        assert_eq!(findings.len(), 1);
        assert!(
            findings[0]
                .message
                .contains("pageSize (6 tools: t0, t1, t2 and 3 more), page_sizes (1 tool: odd)"),
            "{}",
            findings[0].message
        );
    }

    #[test]
    fn valid_consistent_names() {
        let findings = check(json!([
            tool(
                "list_issues",
                json!({"per_page": {}, "owner": {}, "repo": {}})
            ),
            tool(
                "list_commits",
                json!({"per_page": {}, "owner": {}, "repo": {}})
            ),
        ]));
        assert_eq!(findings, []);
    }

    #[test]
    fn valid_list_and_single_value_are_different_parameters() {
        let findings = check(json!([
            tool(
                "projects_get",
                json!({"field_names": {"type": "array", "items": {"type": "string"}}})
            ),
            tool("projects_write", json!({"field_name": {"type": "string"}})),
        ]));
        assert_eq!(findings, []);
    }

    #[test]
    fn valid_an_object_of_many_is_not_the_name_of_one() {
        // `properties` maps names to values; `property` names one of them.
        let findings = check(json!([
            tool(
                "create_page",
                json!({"properties": {"type": "object", "additionalProperties": true}})
            ),
            tool("get_property", json!({"property": {"type": "string"}})),
            tool("update_page", json!({"properties": {"type": "object"}})),
        ]));
        assert_eq!(findings, []);
        // Two single values that differ only in number are still one concept.
        let findings = check(json!([
            tool("a", json!({"property": {"type": "string"}})),
            tool("b", json!({"properties": {"type": "string"}})),
        ]));
        assert_eq!(findings.len(), 1);
    }

    #[test]
    fn valid_an_id_is_not_the_thing_itself() {
        let findings = check(json!([
            tool("list_sub_issues", json!({"after": {"type": "string"}})),
            tool("reprioritize", json!({"after_id": {"type": "number"}})),
        ]));
        assert_eq!(findings, []);
    }

    #[test]
    fn one_tool_repeating_a_spelling_counts_once() {
        let findings = check(json!([
            tool(
                "a",
                json!({"perPage": {}, "nested": {"properties": {"perPage": {}}}})
            ),
            tool("b", json!({"per_page": {}})),
        ]));
        assert_eq!(findings.len(), 1);
        assert!(
            findings[0]
                .message
                .contains("perPage (1 tool: a), per_page (1 tool: b)")
        );
        assert_eq!(findings[0].related_tool.as_deref(), Some("a"));
    }

    #[test]
    fn copies_of_one_shared_schema_count_once() {
        // One nested `target` schema copied into four tools says `perPage`; two tools say
        // `per_page` at the top level. By tools, `perPage` wins 4 to 2; by places that declare
        // it, `per_page` does, 2 to 1.
        let shared = json!({"type": "object", "properties": {"perPage": {"type": "number"}}});
        let mut tools: Vec<Value> = (0..4)
            .map(|i| tool(&format!("s{i}"), json!({"target": shared.clone()})))
            .collect();
        tools.push(tool("a", json!({"per_page": {}})));
        tools.push(tool("b", json!({"per_page": {}})));
        let findings = check(Value::Array(tools));
        assert_eq!(findings.len(), 1, "{findings:#?}");
        assert_eq!(
            findings[0].message,
            "parameter \"per page\" is spelled 2 ways across 6 tools: per_page (2 tools: a, b), perPage (4 tools, in 1 shared schema: s0, s1, s2 and 1 more); pick one (per_page is the most used)"
        );
    }

    #[test]
    fn a_concept_spelled_in_thousands_of_ways_stays_one_short_finding() {
        let tools: Vec<Value> = (1..=3000)
            .map(|i| {
                let name = format!("per{}page", "_".repeat(i));
                tool(&format!("t{i}"), json!({ name: {} }))
            })
            .collect();
        let findings = check(Value::Array(tools));
        assert_eq!(findings.len(), 1);
        assert!(
            findings[0].message.contains("and 2990 more spellings"),
            "{}",
            &findings[0].message[..200]
        );
        assert!(findings[0].message.len() < 2000);
    }

    #[test]
    fn odd_json_is_skipped_not_fatal() {
        let findings = check(json!([
            null,
            "tool",
            {"name": 3, "inputSchema": {"properties": {"perPage": {}}}},
            {"inputSchema": []},
            {"name": "b", "inputSchema": {"properties": {"per_page": 1, "": {}, "~/": {}}}},
        ]));
        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].related_tool, None);
        assert!(
            findings[0].message.contains("perPage (1 tool: tools[2])"),
            "{}",
            findings[0].message
        );
    }
}
