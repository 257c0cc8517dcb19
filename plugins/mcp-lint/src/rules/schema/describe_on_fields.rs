use std::collections::{BTreeSet, HashMap};

use signalint_plugin_api::Json;
use signalint_plugin_api::{Finding, McpSurface};

use crate::context::Cx;
use crate::rules::SchemaScan;
use crate::walker::{Context, Edge, resolve_local_ref, types};

declare_rule! {
    /// ## What it does
    /// Flags a schema field without a `description`. Fields are:
    /// - every entry of `properties`, at any depth;
    /// - an array element (`items`, `prefixItems`) that is compound: an object, an array or a
    ///   union. Primitive elements are covered by the array's own description;
    /// - every `anyOf` / `oneOf` branch except literal branches (`const`, a one-value `enum`,
    ///   `{"type": "null"}`), branches of a nullable wrapper (`anyOf: [X, {"type": "null"}]`)
    ///   and the variants of a root-level union.
    ///
    /// A `$ref` whose local target has a description counts as described. Nodes below
    /// `not`, `if`/`then`/`else`, `allOf`, `patternProperties` and `additionalProperties` are
    /// constraints, not fields, and are skipped.
    ///
    /// A schema shared by several tools (the same `$ref`-free object, identical by value,
    /// embedded in each) is reported once per field, at its first tool, with the tools that
    /// embed it: one description added to the shared schema fixes them all.
    ///
    /// ## Why is this bad?
    /// Descriptions ship to the model in `tools/list`; a field without one is filled by
    /// guesswork from its name.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "search", "description": "Search issues.", "inputSchema": {"type": "object",
    ///   "properties": {"q": {"type": "string"}}}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "search", "description": "Search issues.", "inputSchema": {"type": "object",
    ///   "properties": {"q": {"type": "string", "description": "GitHub search syntax, e.g. `is:open label:bug`."},
    ///                  "ids": {"type": "array", "items": {"type": "integer"}, "description": "Issue numbers."}}}}]}
    /// ```
    pub RULE = {
        id: "describe-on-fields",
        group: Schema,
        severity: Warning,
        summary: "A schema field has no description",
    }
}

pub fn check_node(cx: &mut Cx, scan: &SchemaScan, pointer: &str, node: &Json, ncx: &Context) {
    if !ncx.field_tree || ncx.under_not || !node.is_object() || !cx.on(&RULE) {
        return;
    }
    let what = match ncx.edge {
        Edge::Property(name) => format!("property `{name}` has no description"),
        Edge::Items | Edge::ItemsAt(_) | Edge::PrefixItems(_) => {
            if !is_compound(node, scan.root) {
                return;
            }
            "compound array element has no description".to_owned()
        }
        Edge::AnyOf(i) | Edge::OneOf(i) => {
            if ncx.depth == 1 || is_literal(node) || is_nullable_wrapper(ncx.parent) {
                return;
            }
            let keyword = if matches!(ncx.edge, Edge::AnyOf(_)) {
                "anyOf"
            } else {
                "oneOf"
            };
            format!("`{keyword}` branch {i} has no description")
        }
        _ => return,
    };
    if !has_description(node, scan.root) {
        cx.report(&RULE, pointer, what);
    }
}

/// How many tool names a merged finding lists before it says "and N more".
const LISTED_TOOLS: usize = 3;

/// Reports the fields of a schema shared by several tools once: among `findings` (one
/// surface's, in order), the findings of this rule that sit at the same place inside the same
/// embedded schema object become one, at the first tool, naming the tools that embed it.
///
/// The shared object of a finding is its highest ancestor inside the tool's schema that is
/// compound (it declares fields), holds no `$ref` (a reference resolves against each tool's
/// own definitions) and has a byte-identical copy in another tool with the same finding.
pub fn merge_shared(surface: &McpSurface, findings: Vec<Finding>) -> Vec<Finding> {
    // (tool, pointer inside the tool) of each finding of this rule.
    let places: Vec<Option<(usize, &str)>> = findings
        .iter()
        .map(|f| {
            f.pointer
                .as_deref()
                .filter(|_| f.code == RULE.id)
                .and_then(split_tool)
        })
        .collect();
    if places.iter().flatten().nth(1).is_none() {
        return findings;
    }
    // Compound ancestors of each finding, highest first, as ids of their JSON text, with the
    // tools each text occurs in (in tool order): the candidates for a shared object. Each node
    // is serialized once, however many findings lie below it.
    let mut ids: HashMap<String, usize> = HashMap::new();
    let mut tools_of: Vec<Vec<usize>> = Vec::new();
    let mut id_of_node: HashMap<*const Json, Option<usize>> = HashMap::new();
    let mut candidates: Vec<Vec<(usize, usize)>> = Vec::with_capacity(findings.len());
    for place in &places {
        let mut found = Vec::new();
        if let Some((tool, inner)) = *place
            && let Some(definition) = surface.tools.get(tool)
        {
            for (end, node) in ancestors(definition, inner) {
                let id = *id_of_node.entry(node as *const Json).or_insert_with(|| {
                    if !is_compound(node, node) {
                        return None;
                    }
                    let text = node.to_string();
                    if text.contains("\"$ref\"") {
                        return None;
                    }
                    let next = ids.len();
                    let id = *ids.entry(text).or_insert(next);
                    if id == next {
                        tools_of.push(Vec::new());
                    }
                    if tools_of[id].last() != Some(&tool) {
                        tools_of[id].push(tool);
                    }
                    Some(id)
                });
                if let Some(id) = id {
                    found.push((end, id));
                }
            }
        }
        candidates.push(found);
    }
    // (shared object, path below it, message) → index of the finding kept, and its tools.
    let mut kept: HashMap<(usize, String, String), (usize, BTreeSet<usize>)> = HashMap::new();
    let mut dropped = vec![false; findings.len()];
    for (index, found) in candidates.iter().enumerate() {
        let Some((tool, inner)) = places[index] else {
            continue;
        };
        let Some(&(end, id)) = found.iter().find(|&&(_, id)| tools_of[id].len() > 1) else {
            continue;
        };
        let key = (id, inner[end..].to_owned(), findings[index].message.clone());
        match kept.get_mut(&key) {
            Some((_, tools)) => {
                tools.insert(tool);
                dropped[index] = true;
            }
            None => {
                kept.insert(key, (index, BTreeSet::from([tool])));
            }
        }
    }
    let mut merged: HashMap<usize, BTreeSet<usize>> = kept
        .into_values()
        .filter(|(_, tools)| tools.len() > 1)
        .collect();
    findings
        .into_iter()
        .enumerate()
        .filter(|(index, _)| !dropped[*index])
        .map(|(index, mut finding)| {
            if let Some(tools) = merged.remove(&index) {
                let names: Vec<String> = tools
                    .iter()
                    .take(LISTED_TOOLS)
                    .map(|&t| {
                        surface
                            .tool_name(t)
                            .map_or_else(|| format!("tools[{t}]"), str::to_owned)
                    })
                    .collect();
                let more = match tools.len().saturating_sub(LISTED_TOOLS) {
                    0 => String::new(),
                    n => format!(" and {n} more"),
                };
                finding.message = format!(
                    "{}, in a schema shared by {} tools ({}{more}): describe it once there",
                    finding.message,
                    tools.len(),
                    names.join(", ")
                );
                finding.related_tool = tools
                    .iter()
                    .nth(1)
                    .and_then(|&t| surface.tool_name(t))
                    .map(str::to_owned);
            }
            finding
        })
        .collect()
}

/// `/tools/3/inputSchema/properties/x` → `(3, "/inputSchema/properties/x")`.
fn split_tool(pointer: &str) -> Option<(usize, &str)> {
    let rest = pointer.strip_prefix("/tools/")?;
    let slash = rest.find('/')?;
    Some((rest[..slash].parse().ok()?, &rest[slash..]))
}

/// The schema nodes from the schema root (`/inputSchema`) down to the node at `inner`, with
/// the byte length of each one's pointer in `inner`.
fn ancestors<'v>(tool: &'v Json, inner: &str) -> Vec<(usize, &'v Json)> {
    let mut out = Vec::new();
    let mut node = tool;
    let mut end = 0;
    for segment in inner[1..].split('/') {
        end += 1 + segment.len();
        let key = segment.replace("~1", "/").replace("~0", "~");
        node = match node {
            Json::Object(map) => match map.get(&key) {
                Some(child) => child,
                None => break,
            },
            Json::Array(items) => match key.parse::<usize>().ok().and_then(|i| items.get(i)) {
                Some(child) => child,
                None => break,
            },
            _ => break,
        };
        out.push((end, node));
    }
    out
}

fn has_description(node: &Json, root: &Json) -> bool {
    let described = |v: &Json| {
        v.get("description")
            .and_then(Json::as_str)
            .is_some_and(|s| !s.trim().is_empty())
    };
    described(node)
        || node
            .get("$ref")
            .and_then(Json::as_str)
            .and_then(|r| resolve_local_ref(root, r))
            .is_some_and(described)
}

fn is_compound(node: &Json, root: &Json) -> bool {
    let target = node
        .get("$ref")
        .and_then(Json::as_str)
        .and_then(|r| resolve_local_ref(root, r))
        .unwrap_or(node);
    types(target)
        .iter()
        .any(|t| *t == "object" || *t == "array")
        || ["properties", "items", "prefixItems", "anyOf", "oneOf"]
            .iter()
            .any(|k| target.get(*k).is_some())
}

fn is_literal(node: &Json) -> bool {
    node.get("const").is_some()
        || node
            .get("enum")
            .and_then(Json::as_array)
            .is_some_and(|e| e.len() == 1)
        || types(node) == ["null"]
}

/// `anyOf: [X, {"type": "null"}]`: the nullable wrapper of one schema.
fn is_nullable_wrapper(parent: Option<&Json>) -> bool {
    let Some(parent) = parent else {
        return false;
    };
    ["anyOf", "oneOf"].iter().any(|k| {
        parent
            .get(*k)
            .and_then(Json::as_array)
            .is_some_and(|branches| {
                branches.len() >= 2 && branches.iter().filter(|b| types(b) != ["null"]).count() == 1
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    fn pointers(schema: &str) -> Vec<String> {
        let json = format!(
            r#"{{"tools": [{{"name": "t", "description": "d", "inputSchema": {schema}}}]}}"#
        );
        crate::testing::findings_of(&RULE, &json)
            .into_iter()
            .filter_map(|f| f.pointer)
            .collect()
    }

    #[test]
    fn unions_arrays_and_refs() {
        let got = pointers(
            r##"{"type": "object", "$defs": {"D": {"type": "object", "description": "A thing."}},
                "properties": {
                  "u": {"description": "u", "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}, {"const": ""}]},
                  "n": {"description": "n", "anyOf": [{"type": "string"}, {"type": "null"}]},
                  "objs": {"description": "o", "type": "array", "items": {"type": "object", "properties": {"k": {"type": "string", "description": "k"}}}},
                  "r": {"$ref": "#/$defs/D"},
                  "x": {"description": "x", "not": {"properties": {"z": {}}}}
                }}"##,
        );
        assert_eq!(
            got,
            [
                "/tools/0/inputSchema/properties/objs/items",
                "/tools/0/inputSchema/properties/u/anyOf/0",
                "/tools/0/inputSchema/properties/u/anyOf/1",
            ]
        );
    }

    #[test]
    fn a_schema_shared_by_several_tools_is_reported_once_with_its_tools() {
        let shared = r#"{"type": "object", "description": "Where.", "properties": {"path": {"type": "string"}, "depth": {"type": "number"}}}"#;
        let tool = |name: &str, own: &str| {
            format!(
                r#"{{"name": "{name}", "description": "d", "inputSchema": {{"type": "object", "properties": {{"target": {shared}, "{own}": {{"type": "string"}}}}}}}}"#
            )
        };
        let json = format!(
            r#"{{"tools": [{}, {}, {}, {}, {}]}}"#,
            tool("read", "a"),
            tool("write", "b"),
            tool("list", "c"),
            tool("stat", "d"),
            // The same field names in a different object: not the shared schema.
            r#"{"name": "other", "description": "d", "inputSchema": {"type": "object", "properties": {"target": {"type": "object", "description": "Other.", "properties": {"path": {"type": "string"}}}}}}"#
        );
        let findings = crate::testing::findings_of(&RULE, &json);
        let messages: Vec<(&str, &str)> = findings
            .iter()
            .map(|f| (f.pointer.as_deref().unwrap(), f.message.as_str()))
            .collect();
        assert_eq!(
            messages,
            [
                (
                    "/tools/0/inputSchema/properties/a",
                    "property `a` has no description"
                ),
                (
                    "/tools/0/inputSchema/properties/target/properties/depth",
                    "property `depth` has no description, in a schema shared by 4 tools (read, write, list and 1 more): describe it once there"
                ),
                (
                    "/tools/0/inputSchema/properties/target/properties/path",
                    "property `path` has no description, in a schema shared by 4 tools (read, write, list and 1 more): describe it once there"
                ),
                (
                    "/tools/1/inputSchema/properties/b",
                    "property `b` has no description"
                ),
                (
                    "/tools/2/inputSchema/properties/c",
                    "property `c` has no description"
                ),
                (
                    "/tools/3/inputSchema/properties/d",
                    "property `d` has no description"
                ),
                (
                    "/tools/4/inputSchema/properties/target/properties/path",
                    "property `path` has no description"
                ),
            ],
            "{messages:#?}"
        );
        assert_eq!(findings[1].related_tool.as_deref(), Some("write"));
    }

    #[test]
    fn root_union_variants_are_exempt() {
        let got = pointers(
            r#"{"type": "object", "oneOf": [{"type": "object", "properties": {"a": {"type": "string", "description": "a"}}}]}"#,
        );
        assert!(got.is_empty(), "{got:?}");
    }
}
