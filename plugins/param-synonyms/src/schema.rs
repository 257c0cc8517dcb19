//! Finds the parameter names of a tool's input schema, top-level and nested.

use std::collections::VecDeque;

use signalint_plugin_api::{Json, Object, pointer_segment};

/// How deep the walker follows nested schemas. Real schemas are a handful of levels deep; the
/// limit keeps hostile input cheap.
pub const MAX_DEPTH: usize = 32;

/// The keywords whose values hold nested schemas.
const NESTING: &[&str] = &[
    "properties",
    "items",
    "prefixItems",
    "additionalProperties",
    "anyOf",
    "oneOf",
    "allOf",
    "then",
    "else",
    "$defs",
    "definitions",
];

/// One property name declared somewhere in an input schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Param<'a> {
    pub name: &'a str,
    /// Index of the schema node that declares the property, in [`Params::paths`].
    pub node: usize,
    /// 0 for the properties of the root schema, more for nested ones.
    pub depth: usize,
    /// The property holds a collection: a list (`"type": "array"`, or `items` without a
    /// type) or an object of named members (`"type": "object"`, or `properties` /
    /// `additionalProperties` without a type). `properties` (an object of many) and `property`
    /// (the name of one) are different concepts, as `field_names` and `field_name` are.
    pub is_list: bool,
}

/// The properties of one input schema, breadth first (top-level properties before nested ones).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Params<'a> {
    pub list: Vec<Param<'a>>,
    /// The pointer of each schema node that declares properties, relative to the input schema
    /// (`""` for the root, `/properties/filter` for a nested object).
    pub paths: Vec<String>,
}

impl Params<'_> {
    /// RFC 6901 pointer into the surface: `/tools/3/inputSchema/properties/perPage`.
    pub fn pointer(&self, tool_index: usize, param: &Param<'_>) -> String {
        format!(
            "/tools/{tool_index}/inputSchema{}/properties/{}",
            self.paths[param.node],
            pointer_segment(param.name)
        )
    }
}

/// Every property name declared in an input schema.
///
/// Follows `properties`, `items`, `prefixItems`, `additionalProperties`, `anyOf`, `oneOf`,
/// `allOf`, `then`, `else`, `$defs` and `definitions`. Anything that is not the expected shape
/// is skipped, never an error.
pub fn params(schema: &Json) -> Params<'_> {
    let mut out = Params::default();
    let Some(root) = schema.as_object() else {
        return out;
    };
    let mut queue: Queue<'_> = VecDeque::new();
    let mut next = Some((root, String::new(), 0));
    while let Some((node, path, depth)) = next.take().or_else(|| queue.pop_front()) {
        if depth > MAX_DEPTH {
            continue;
        }
        // One pass over the node's keys: cheaper than a lookup per keyword.
        for (key, child) in node {
            match (key, child) {
                ("properties", Json::Object(properties)) => {
                    let index = out.paths.len();
                    for (name, property) in properties {
                        out.list.push(Param {
                            name,
                            node: index,
                            depth,
                            is_list: is_list(property),
                        });
                        push(&mut queue, property, depth, || {
                            format!("{path}/properties/{}", pointer_segment(name))
                        });
                    }
                }
                ("items" | "additionalProperties" | "then" | "else", Json::Object(_)) => {
                    push(&mut queue, child, depth, || format!("{path}/{key}"));
                }
                ("items" | "prefixItems" | "anyOf" | "oneOf" | "allOf", Json::Array(children)) => {
                    for (i, child) in children.iter().enumerate() {
                        push(&mut queue, child, depth, || format!("{path}/{key}/{i}"));
                    }
                }
                ("$defs" | "definitions", Json::Object(defs)) => {
                    for (name, child) in defs {
                        push(&mut queue, child, depth, || {
                            format!("{path}/{key}/{}", pointer_segment(name))
                        });
                    }
                }
                _ => {}
            }
        }
        if out.list.last().is_some_and(|p| p.node == out.paths.len()) {
            out.paths.push(path);
        }
    }
    out
}

type Queue<'a> = VecDeque<(&'a Object, String, usize)>;

/// Queues a child schema that may declare properties; its path is only built then.
fn push<'a>(queue: &mut Queue<'a>, child: &'a Json, depth: usize, path: impl FnOnce() -> String) {
    if let Some(child) = child.as_object().filter(|c| has_nested(c)) {
        queue.push_back((child, path(), depth + 1));
    }
}

/// Whether a schema node has any keyword that can hold nested properties.
fn has_nested(node: &Object) -> bool {
    node.keys().any(|k| NESTING.contains(&k))
}

/// Whether a property schema describes a collection: a list or an object of members.
fn is_list(property: &Json) -> bool {
    let collection = |t: &str| t == "array" || t == "object";
    match property.get("type") {
        Some(Json::String(t)) => collection(t),
        Some(Json::Array(types)) => {
            let mut non_null = types.iter().filter(|t| t.as_str() != Some("null"));
            non_null
                .next()
                .and_then(Json::as_str)
                .is_some_and(collection)
                && non_null.next().is_none()
        }
        _ => ["items", "properties", "additionalProperties"]
            .iter()
            .any(|k| property.get(*k).is_some()),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn found(schema: &Json) -> Vec<(&str, String, usize, bool)> {
        let params = params(schema);
        params
            .list
            .iter()
            .map(|p| (p.name, params.pointer(3, p), p.depth, p.is_list))
            .collect()
    }

    #[test]
    fn finds_top_level_and_nested_properties_breadth_first() {
        let schema = json!({
            "type": "object",
            "properties": {
                "filter": {"type": "object", "properties": {"per_page": {"type": "number"}}},
                "labels": {"type": "array", "items": {"type": "object", "properties": {"a/b": {}}}},
                "perPage": {"type": "number"}
            }
        });
        assert_eq!(
            found(&Json::from(schema)),
            [
                (
                    "filter",
                    "/tools/3/inputSchema/properties/filter".to_owned(),
                    0,
                    true
                ),
                (
                    "labels",
                    "/tools/3/inputSchema/properties/labels".to_owned(),
                    0,
                    true
                ),
                (
                    "perPage",
                    "/tools/3/inputSchema/properties/perPage".to_owned(),
                    0,
                    false
                ),
                (
                    "per_page",
                    "/tools/3/inputSchema/properties/filter/properties/per_page".to_owned(),
                    1,
                    false
                ),
                (
                    "a/b",
                    "/tools/3/inputSchema/properties/labels/items/properties/a~1b".to_owned(),
                    2,
                    false
                ),
            ]
        );
    }

    #[test]
    fn follows_combinators_and_definitions() {
        let schema = json!({
            "anyOf": [{"properties": {"x": {}}}],
            "$defs": {"Thing": {"properties": {"y": {"type": ["array", "null"]}}}}
        });
        let schema = Json::from(schema);
        let mut names: Vec<(&str, String, bool)> = found(&schema)
            .into_iter()
            .map(|(name, pointer, _, is_list)| (name, pointer, is_list))
            .collect();
        names.sort();
        assert_eq!(
            names,
            [
                (
                    "x",
                    "/tools/3/inputSchema/anyOf/0/properties/x".to_owned(),
                    false
                ),
                (
                    "y",
                    "/tools/3/inputSchema/$defs/Thing/properties/y".to_owned(),
                    true
                ),
            ]
        );
    }

    #[test]
    fn tolerates_odd_shapes() {
        for schema in [
            json!(null),
            json!("object"),
            json!([1, 2]),
            json!({"properties": []}),
            json!({"properties": {"a": 1, "b": null}, "items": 3, "anyOf": {}}),
        ] {
            let _ = found(&Json::from(schema));
        }
        assert_eq!(found(&Json::from(json!({"properties": {"a": 1}}))).len(), 1);
    }

    #[test]
    fn stops_at_the_depth_limit() {
        let mut schema = json!({"type": "string"});
        for _ in 0..200 {
            schema = json!({"properties": {"p": schema}});
        }
        assert_eq!(params(&Json::from(schema)).list.len(), MAX_DEPTH + 1);
    }
}
