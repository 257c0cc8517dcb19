use serde_json::Value;

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

pub fn check_node(cx: &mut Cx, scan: &SchemaScan, pointer: &str, node: &Value, ncx: &Context) {
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

fn has_description(node: &Value, root: &Value) -> bool {
    let described = |v: &Value| {
        v.get("description")
            .and_then(Value::as_str)
            .is_some_and(|s| !s.trim().is_empty())
    };
    described(node)
        || node
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| resolve_local_ref(root, r))
            .is_some_and(described)
}

fn is_compound(node: &Value, root: &Value) -> bool {
    let target = node
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| resolve_local_ref(root, r))
        .unwrap_or(node);
    types(target)
        .iter()
        .any(|t| *t == "object" || *t == "array")
        || ["properties", "items", "prefixItems", "anyOf", "oneOf"]
            .iter()
            .any(|k| target.get(*k).is_some())
}

fn is_literal(node: &Value) -> bool {
    node.get("const").is_some()
        || node
            .get("enum")
            .and_then(Value::as_array)
            .is_some_and(|e| e.len() == 1)
        || types(node) == ["null"]
}

/// `anyOf: [X, {"type": "null"}]`: the nullable wrapper of one schema.
fn is_nullable_wrapper(parent: Option<&Value>) -> bool {
    let Some(parent) = parent else {
        return false;
    };
    ["anyOf", "oneOf"].iter().any(|k| {
        parent
            .get(*k)
            .and_then(Value::as_array)
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
    fn root_union_variants_are_exempt() {
        let got = pointers(
            r#"{"type": "object", "oneOf": [{"type": "object", "properties": {"a": {"type": "string", "description": "a"}}}]}"#,
        );
        assert!(got.is_empty(), "{got:?}");
    }
}
