//! The one JSON Schema walker every schema rule shares.
//!
//! [`walk`] visits a schema and each of its subschemas, depth first, and hands each visit
//! the node's JSON pointer, the node itself and a [`Context`] that says how the node was
//! reached. It follows every subschema keyword of JSON Schema 2020-12 and draft-07:
//! `properties`, `patternProperties`, `additionalProperties`, `unevaluatedProperties`,
//! `propertyNames`, `dependentSchemas`, `items` (object and array form), `prefixItems`,
//! `additionalItems`, `unevaluatedItems`, `contains`, `anyOf`, `oneOf`, `allOf`, `not`,
//! `if`/`then`/`else`, `$defs` and `definitions`. Keys inside `properties` (and the other
//! maps) are property names, never keywords, so a property called `format` or
//! `discriminator` is not mistaken for the keyword.
//!
//! Recursion is bounded by [`MAX_DEPTH`]; deeper nodes are not visited and [`walk`] returns
//! `false`.

use signalint_plugin_api::Json;

/// The deepest subschema nesting that is visited.
pub const MAX_DEPTH: usize = 48;

/// How a node was reached from its parent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edge<'a> {
    Root,
    Property(&'a str),
    PatternProperty(&'a str),
    AdditionalProperties,
    UnevaluatedProperties,
    PropertyNames,
    DependentSchema(&'a str),
    /// `items` as a single schema.
    Items,
    /// `items` in array (tuple) form, draft-07.
    ItemsAt(usize),
    PrefixItems(usize),
    AdditionalItems,
    UnevaluatedItems,
    Contains,
    AnyOf(usize),
    OneOf(usize),
    AllOf(usize),
    Not,
    If,
    Then,
    Else,
    Defs(&'a str),
    Definitions(&'a str),
}

impl Edge<'_> {
    /// An array element position (`items`, tuple items, `prefixItems`).
    pub fn is_array_element(self) -> bool {
        matches!(self, Edge::Items | Edge::ItemsAt(_) | Edge::PrefixItems(_))
    }
}

/// Where a node sits in the schema.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    pub edge: Edge<'a>,
    /// Number of subschema edges from the root (the root is 0).
    pub depth: usize,
    /// The schema that holds this node (`None` for the root).
    pub parent: Option<&'a Json>,
    /// Somewhere below a `not`: constraints there are negated.
    pub under_not: bool,
    /// Reached from the root through `properties` only (`/properties/a/properties/b`).
    pub property_chain: bool,
    /// Reached through field positions only: `properties`, array elements, `anyOf`/`oneOf`
    /// branches, `$defs`/`definitions`. These are the nodes a model reads as fields.
    pub field_tree: bool,
    /// The root-level property this node is under, if any.
    pub root_field: Option<&'a str>,
}

impl<'a> Context<'a> {
    fn root() -> Self {
        Self {
            edge: Edge::Root,
            depth: 0,
            parent: None,
            under_not: false,
            property_chain: true,
            field_tree: true,
            root_field: None,
        }
    }

    fn child(&self, edge: Edge<'a>, parent: &'a Json) -> Self {
        let root_field = match (self.root_field, edge) {
            (Some(f), _) => Some(f),
            (None, Edge::Property(name)) if self.depth == 0 => Some(name),
            _ => None,
        };
        Self {
            edge,
            depth: self.depth + 1,
            parent: Some(parent),
            under_not: self.under_not || edge == Edge::Not,
            property_chain: self.property_chain && matches!(edge, Edge::Property(_)),
            field_tree: self.field_tree
                && matches!(
                    edge,
                    Edge::Property(_)
                        | Edge::Items
                        | Edge::ItemsAt(_)
                        | Edge::PrefixItems(_)
                        | Edge::AnyOf(_)
                        | Edge::OneOf(_)
                        | Edge::Defs(_)
                        | Edge::Definitions(_)
                ),
            root_field,
        }
    }
}

/// Visits `root` and all its subschemas. `base` is the pointer of `root` in the surface
/// (`/tools/3/inputSchema`). Returns `false` when [`MAX_DEPTH`] cut the walk short.
pub fn walk<'a>(
    root: &'a Json,
    base: &str,
    visit: &mut dyn FnMut(&str, &'a Json, &Context<'a>),
) -> bool {
    let mut walker = Walker {
        pointer: base.to_owned(),
        visit,
        complete: true,
    };
    walker.node(root, Context::root());
    walker.complete
}

struct Walker<'v, 'a> {
    pointer: String,
    visit: &'v mut dyn FnMut(&str, &'a Json, &Context<'a>),
    complete: bool,
}

impl<'a> Walker<'_, 'a> {
    fn node(&mut self, schema: &'a Json, cx: Context<'a>) {
        (self.visit)(&self.pointer, schema, &cx);
        let Json::Object(map) = schema else {
            return;
        };
        if cx.depth >= MAX_DEPTH {
            if map.keys().any(is_applicator) {
                self.complete = false;
            }
            return;
        }
        for (key, value) in map {
            match key {
                "properties" | "patternProperties" | "dependentSchemas" | "$defs"
                | "definitions" => {
                    let Json::Object(children) = value else {
                        continue;
                    };
                    for (name, sub) in children {
                        let edge = match key {
                            "properties" => Edge::Property(name),
                            "patternProperties" => Edge::PatternProperty(name),
                            "dependentSchemas" => Edge::DependentSchema(name),
                            "$defs" => Edge::Defs(name),
                            _ => Edge::Definitions(name),
                        };
                        self.descend(&[key, name], sub, cx.child(edge, schema));
                    }
                }
                "items" => match value {
                    Json::Array(items) => {
                        for (i, sub) in items.iter().enumerate() {
                            self.descend(
                                &[key, &i.to_string()],
                                sub,
                                cx.child(Edge::ItemsAt(i), schema),
                            );
                        }
                    }
                    _ => self.descend(&[key], value, cx.child(Edge::Items, schema)),
                },
                "prefixItems" | "anyOf" | "oneOf" | "allOf" => {
                    let Json::Array(items) = value else {
                        continue;
                    };
                    for (i, sub) in items.iter().enumerate() {
                        let edge = match key {
                            "prefixItems" => Edge::PrefixItems(i),
                            "anyOf" => Edge::AnyOf(i),
                            "oneOf" => Edge::OneOf(i),
                            _ => Edge::AllOf(i),
                        };
                        self.descend(&[key, &i.to_string()], sub, cx.child(edge, schema));
                    }
                }
                _ => {
                    let edge = match key {
                        "additionalProperties" => Edge::AdditionalProperties,
                        "unevaluatedProperties" => Edge::UnevaluatedProperties,
                        "propertyNames" => Edge::PropertyNames,
                        "additionalItems" => Edge::AdditionalItems,
                        "unevaluatedItems" => Edge::UnevaluatedItems,
                        "contains" => Edge::Contains,
                        "not" => Edge::Not,
                        "if" => Edge::If,
                        "then" => Edge::Then,
                        "else" => Edge::Else,
                        _ => continue,
                    };
                    self.descend(&[key], value, cx.child(edge, schema));
                }
            }
        }
    }

    fn descend(&mut self, segments: &[&str], sub: &'a Json, cx: Context<'a>) {
        if !(sub.is_object() || sub.is_boolean()) {
            return;
        }
        let len = self.pointer.len();
        for seg in segments {
            self.pointer.push('/');
            if seg.contains(['~', '/']) {
                self.pointer
                    .push_str(&signalint_plugin_api::pointer_segment(seg));
            } else {
                self.pointer.push_str(seg);
            }
        }
        self.node(sub, cx);
        self.pointer.truncate(len);
    }
}

fn is_applicator(key: &str) -> bool {
    matches!(
        key,
        "properties"
            | "patternProperties"
            | "dependentSchemas"
            | "$defs"
            | "definitions"
            | "items"
            | "prefixItems"
            | "anyOf"
            | "oneOf"
            | "allOf"
            | "additionalProperties"
            | "unevaluatedProperties"
            | "propertyNames"
            | "additionalItems"
            | "unevaluatedItems"
            | "contains"
            | "not"
            | "if"
            | "then"
            | "else"
    )
}

/// Resolves a local `$ref` (`#/$defs/X`, `#/definitions/X`, `#`) against `root`.
pub fn resolve_local_ref<'a>(root: &'a Json, reference: &str) -> Option<&'a Json> {
    let fragment = reference.strip_prefix('#')?;
    if fragment.is_empty() {
        return Some(root);
    }
    root.pointer(fragment)
}

/// The `type` keyword as a list of names (a string, or an array of strings).
pub fn types(schema: &Json) -> Vec<&str> {
    match schema.get("type") {
        Some(Json::String(t)) => vec![&**t],
        Some(Json::Array(ts)) => ts.iter().filter_map(Json::as_str).collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn pointers(schema: &Json) -> Vec<String> {
        let mut out = Vec::new();
        walk(schema, "", &mut |p, _, _| out.push(p.to_owned()));
        out
    }

    #[test]
    fn follows_every_subschema_keyword() {
        let schema = json!({
            "properties": {"a/b": {"items": [{"type": "string"}]}},
            "patternProperties": {"^x": {}},
            "dependentSchemas": {"a": {}},
            "not": {}, "if": {}, "then": {}, "else": {},
            "contains": {}, "$defs": {"D": {}}, "definitions": {"E": {}},
            "prefixItems": [{}], "anyOf": [{}], "oneOf": [true], "allOf": [{}],
            "additionalProperties": false, "propertyNames": {}
        });
        let got = pointers(&Json::from(schema));
        for want in [
            "",
            "/properties/a~1b",
            "/properties/a~1b/items/0",
            "/patternProperties/^x",
            "/dependentSchemas/a",
            "/not",
            "/if",
            "/then",
            "/else",
            "/contains",
            "/$defs/D",
            "/definitions/E",
            "/prefixItems/0",
            "/anyOf/0",
            "/oneOf/0",
            "/allOf/0",
            "/additionalProperties",
            "/propertyNames",
        ] {
            assert!(got.iter().any(|p| p == want), "missing {want}: {got:?}");
        }
    }

    #[test]
    fn property_named_like_a_keyword_is_not_a_keyword() {
        let schema = json!({"properties": {"not": {"type": "string"}}});
        let mut edges = Vec::new();
        walk(&Json::from(schema.clone()), "", &mut |p, _, cx| {
            edges.push((p.to_owned(), cx.under_not))
        });
        assert_eq!(
            edges,
            vec![("".into(), false), ("/properties/not".into(), false)]
        );
    }

    #[test]
    fn deep_nesting_is_bounded() {
        let mut schema = json!({"type": "string"});
        for _ in 0..500 {
            schema = json!({"properties": {"x": schema}});
        }
        let mut count = 0;
        let complete = walk(&Json::from(schema), "", &mut |_, _, _| count += 1);
        assert!(!complete);
        assert_eq!(count, MAX_DEPTH + 1);
    }

    #[test]
    fn context_flags() {
        let schema = json!({"properties": {"a": {"items": {"properties": {"b": {}}}}, "n": {"not": {"properties": {"c": {}}}}}});
        let mut seen = Vec::new();
        walk(&Json::from(schema.clone()), "", &mut |p, _, cx| {
            seen.push((
                p.to_owned(),
                cx.property_chain,
                cx.under_not,
                cx.root_field.map(str::to_owned),
            ))
        });
        assert!(seen.contains(&(
            "/properties/a/items/properties/b".into(),
            false,
            false,
            Some("a".into())
        )));
        assert!(seen.contains(&(
            "/properties/n/not/properties/c".into(),
            false,
            true,
            Some("n".into())
        )));
        assert!(seen.contains(&("/properties/a".into(), true, false, Some("a".into()))));
    }
}
