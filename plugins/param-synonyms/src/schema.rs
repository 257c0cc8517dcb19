//! Finds the parameter names of a tool's input schema, top-level and nested.

use std::collections::VecDeque;

use serde_json::Value;
use signalint_plugin_api::pointer_segment;

/// How deep the walker follows nested schemas. Real schemas are a handful of levels deep; the
/// limit keeps hostile input cheap.
pub const MAX_DEPTH: usize = 32;

/// One property name declared somewhere in an input schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param<'a> {
    pub name: &'a str,
    /// RFC 6901 pointer into the surface: `/tools/3/inputSchema/properties/perPage`.
    pub pointer: String,
    /// 0 for top-level properties, more for properties of nested objects.
    pub depth: usize,
    /// The property holds a list (`"type": "array"`, or `items` without a type).
    pub is_list: bool,
}

/// Every property name declared in `schema`, the input schema of the tool at `tool_index`,
/// breadth first (top-level properties before nested ones).
///
/// Follows `properties`, `items`, `prefixItems`, `additionalProperties`, `anyOf`, `oneOf`,
/// `allOf`, `then`, `else`, `$defs` and `definitions`. Anything that is not the expected shape
/// is skipped, never an error.
pub fn params(tool_index: usize, schema: &Value) -> Vec<Param<'_>> {
    let mut out = Vec::new();
    let mut queue: VecDeque<(&Value, String, usize)> = VecDeque::new();
    queue.push_back((schema, format!("/tools/{tool_index}/inputSchema"), 0));
    while let Some((node, pointer, depth)) = queue.pop_front() {
        let Some(node) = node.as_object() else {
            continue;
        };
        if depth > MAX_DEPTH {
            continue;
        }
        if let Some(properties) = node.get("properties").and_then(Value::as_object) {
            for (name, property) in properties {
                let pointer = format!("{pointer}/properties/{}", pointer_segment(name));
                out.push(Param {
                    name,
                    pointer: pointer.clone(),
                    depth,
                    is_list: is_list(property),
                });
                queue.push_back((property, pointer, depth + 1));
            }
        }
        for key in ["items", "additionalProperties", "then", "else"] {
            match node.get(key) {
                Some(child @ Value::Object(_)) => {
                    queue.push_back((child, format!("{pointer}/{key}"), depth + 1));
                }
                Some(Value::Array(children)) if key == "items" => {
                    push_all(&mut queue, children, &pointer, key, depth);
                }
                _ => {}
            }
        }
        for key in ["prefixItems", "anyOf", "oneOf", "allOf"] {
            if let Some(children) = node.get(key).and_then(Value::as_array) {
                push_all(&mut queue, children, &pointer, key, depth);
            }
        }
        for key in ["$defs", "definitions"] {
            if let Some(defs) = node.get(key).and_then(Value::as_object) {
                for (name, child) in defs {
                    let child_pointer = format!("{pointer}/{key}/{}", pointer_segment(name));
                    queue.push_back((child, child_pointer, depth + 1));
                }
            }
        }
    }
    out
}

fn push_all<'a>(
    queue: &mut VecDeque<(&'a Value, String, usize)>,
    children: &'a [Value],
    pointer: &str,
    key: &str,
    depth: usize,
) {
    for (i, child) in children.iter().enumerate() {
        queue.push_back((child, format!("{pointer}/{key}/{i}"), depth + 1));
    }
}

/// Whether a property schema describes a list.
fn is_list(property: &Value) -> bool {
    match property.get("type") {
        Some(Value::String(t)) => t == "array",
        Some(Value::Array(types)) => {
            let mut non_null = types.iter().filter(|t| t.as_str() != Some("null"));
            non_null.next().and_then(Value::as_str) == Some("array") && non_null.next().is_none()
        }
        _ => property.get("items").is_some(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

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
        let found: Vec<(&str, String, usize, bool)> = params(3, &schema)
            .into_iter()
            .map(|p| (p.name, p.pointer, p.depth, p.is_list))
            .collect();
        assert_eq!(
            found,
            [
                (
                    "filter",
                    "/tools/3/inputSchema/properties/filter".to_owned(),
                    0,
                    false
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
        let names: Vec<(&str, bool)> = params(0, &schema)
            .iter()
            .map(|p| (p.name, p.is_list))
            .collect();
        assert_eq!(names, [("x", false), ("y", true)]);
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
            let _ = params(0, &schema);
        }
        assert_eq!(params(0, &json!({"properties": {"a": 1}})).len(), 1);
    }

    #[test]
    fn stops_at_the_depth_limit() {
        let mut schema = json!({"type": "string"});
        for _ in 0..200 {
            schema = json!({"properties": {"p": schema}});
        }
        assert_eq!(params(0, &schema).len(), MAX_DEPTH + 1);
    }
}
