use signalint_plugin_api::Json;

use crate::context::{Cx, ptr};
use crate::walker::{Context, Edge, types};

declare_rule! {
    /// ## What it does
    /// Flags a schema node that no value can satisfy:
    /// - `enum: []`, `anyOf: []`, `oneOf: []`, `type: []`, `not: {}` or `not: true`;
    /// - a lower bound above its upper bound (`minimum`/`maximum`,
    ///   `exclusiveMinimum`/`exclusiveMaximum`, `minLength`/`maxLength`,
    ///   `minItems`/`maxItems`, `minProperties`/`maxProperties`);
    /// - a `required` key that `additionalProperties: false` forbids (not in `properties`,
    ///   no `patternProperties`);
    /// - an `enum` none of whose values, or a `const` whose value, has the declared `type`
    ///   (`{"type": "integer", "enum": ["1", "2"]}`);
    /// - a root schema of `false`.
    ///
    /// Nodes below `not` are skipped: there an unsatisfiable schema is a valid way to say
    /// "anything".
    ///
    /// ## Why is this bad?
    /// A model cannot produce valid arguments: every call fails validation, or a strict
    /// client rejects the tool when it loads it.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "pick", "description": "Picks a mode.", "inputSchema": {"type": "object",
    ///   "properties": {"mode": {"type": "string", "enum": [], "description": "Mode."}}}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "pick", "description": "Picks a mode.", "inputSchema": {"type": "object",
    ///   "properties": {"mode": {"type": "string", "enum": ["fast", "safe"], "description": "Mode."}}}}]}
    /// ```
    pub RULE = {
        id: "schema-unsatisfiable",
        group: Schema,
        severity: Error,
        summary: "A schema node can never be satisfied",
    }
}

const BOUNDS: [(&str, &str, bool); 5] = [
    ("minimum", "maximum", false),
    ("exclusiveMinimum", "exclusiveMaximum", true),
    ("minLength", "maxLength", false),
    ("minItems", "maxItems", false),
    ("minProperties", "maxProperties", false),
];

pub fn check_node(cx: &mut Cx, pointer: &str, node: &Json, ncx: &Context) {
    if ncx.under_not || !cx.on(&RULE) {
        return;
    }
    let map = match node {
        Json::Bool(false) if ncx.edge == Edge::Root => {
            cx.report(
                &RULE,
                pointer,
                "the schema is `false`: no arguments are valid",
            );
            return;
        }
        Json::Object(map) => map,
        _ => return,
    };
    for key in ["enum", "anyOf", "oneOf", "type"] {
        if map
            .get(key)
            .and_then(Json::as_array)
            .is_some_and(<[Json]>::is_empty)
        {
            cx.report(
                &RULE,
                ptr(pointer, key),
                format!("`{key}: []` allows no value"),
            );
        }
    }
    match map.get("not") {
        Some(Json::Bool(true)) => {
            cx.report(&RULE, ptr(pointer, "not"), "`not: true` allows no value");
        }
        Some(Json::Object(o)) if o.is_empty() => {
            cx.report(&RULE, ptr(pointer, "not"), "`not: {}` allows no value");
        }
        _ => {}
    }
    for (low, high, exclusive) in BOUNDS {
        let (Some(lo), Some(hi)) = (
            map.get(low).and_then(Json::as_f64),
            map.get(high).and_then(Json::as_f64),
        ) else {
            continue;
        };
        if lo > hi || (exclusive && lo >= hi) {
            cx.report(
                &RULE,
                ptr(pointer, low),
                format!("`{low}` ({lo}) exceeds `{high}` ({hi})"),
            );
        }
    }
    let declared = types(node);
    if !declared.is_empty() {
        if let Some(values) = map.get("enum").and_then(Json::as_array)
            && !values.is_empty()
            && !values
                .iter()
                .any(|v| declared.iter().any(|t| has_type(t, v)))
        {
            cx.report(
                &RULE,
                ptr(pointer, "enum"),
                format!("no `enum` value is of type {}", declared.join(" or ")),
            );
        }
        if let Some(value) = map.get("const")
            && !declared.iter().any(|t| has_type(t, value))
        {
            cx.report(
                &RULE,
                ptr(pointer, "const"),
                format!("`const` is not of type {}", declared.join(" or ")),
            );
        }
    }
    if map.get("additionalProperties") == Some(&Json::Bool(false))
        && !map.contains_key("patternProperties")
    {
        let props = map.get("properties").and_then(Json::as_object);
        for key in map
            .get("required")
            .and_then(Json::as_array)
            .into_iter()
            .flatten()
        {
            let Some(key) = key.as_str() else { continue };
            if !props.is_some_and(|p| p.contains_key(key)) {
                cx.report(
                    &RULE,
                    ptr(pointer, "required"),
                    format!("`{key}` is required but `additionalProperties: false` forbids it"),
                );
            }
        }
    }
}

/// Whether `value` is an instance of the JSON Schema type `ty` (unknown type names match
/// anything, so a typo in `type` is not reported here).
fn has_type(ty: &str, value: &Json) -> bool {
    match ty {
        "string" => value.is_string(),
        "number" => value.is_number(),
        "integer" => {
            value.is_i64() || value.is_u64() || value.as_f64().is_some_and(|f| f.fract() == 0.0)
        }
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        "object" => value.is_object(),
        "array" => value.is_array(),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    fn count(schema: &str) -> usize {
        let json = format!(r#"{{"tools": [{{"name": "t", "inputSchema": {schema}}}]}}"#);
        crate::testing::findings_of(&RULE, &json).len()
    }

    #[test]
    fn conditions() {
        assert_eq!(
            count(
                r#"{"type": "object", "properties": {"a": {"anyOf": []}, "b": {"not": true}, "c": {"not": {}}}}"#
            ),
            3
        );
        assert_eq!(
            count(r#"{"type": "object", "properties": {"a": {"minLength": 5, "maxLength": 2}}}"#),
            1
        );
        assert_eq!(
            count(r#"{"type": "object", "required": ["x"], "additionalProperties": false}"#),
            1
        );
        assert_eq!(count("false"), 1);
        assert_eq!(
            count(r#"{"type": "object", "allOf": [], "required": [], "properties": {}}"#),
            0
        );
        assert_eq!(count(r#"{"type": "object", "not": {"enum": []}}"#), 0);
        assert_eq!(
            count(r#"{"type": "object", "properties": {"a": {"minimum": 1, "maximum": 1}}}"#),
            0
        );
    }
}
