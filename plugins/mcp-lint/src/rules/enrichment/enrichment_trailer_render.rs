use signalint_plugin_api::Json;

use crate::context::Cx;
use crate::source_facts::{Def, Static, classify, known, partial};
use crate::walker::types;

use super::report_member;

declare_rule! {
    /// ## What it does
    /// Flags a member of an mcp-ts-core tool's `enrichment` block, read from source, that
    /// holds an object or an array (after unwrapping `nullable`; records and tuples count)
    /// and has no `enrichmentTrailer.<field>.render`. The `{ before, after }` object that
    /// `ctx.enrich.delta()` fills is exempt. The field's schema comes from the
    /// `enrichmentFields` fact; a field the reader could not convert, and a trailer or
    /// renderer it could not evaluate (a function always is), are not judged.
    ///
    /// ## Why is this bad?
    /// Enrichment fields are also appended to `content[]` as a trailer. Without a renderer a
    /// non-scalar value becomes a one-line JSON blob there, which models and people read
    /// badly (`structuredContent` keeps the full value either way). Add
    /// `enrichmentTrailer: { field: { render: (v) => … } }`, use `ctx.enrich.delta()` for
    /// before/after state, or opt into JSON with `render: (v) => JSON.stringify(v)`.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "enrichment": {"facets": {"$unresolved": "a Zod schema"}},
    ///    "enrichmentFields": {"facets": {"type": "array", "items": {"type": "string"}}}}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "enrichment": {"facets": {"$unresolved": "a Zod schema"}},
    ///    "enrichmentFields": {"facets": {"type": "array", "items": {"type": "string"}}},
    ///    "enrichmentTrailer": {"facets": {"label": "Facets", "render": {"$unresolved": "a function"}}}}]}}
    /// ```
    pub RULE = {
        id: "enrichment-trailer-render",
        group: Enrichment,
        severity: Error,
        summary: "A non-scalar enrichment field has no trailer renderer",
    }
}

pub fn check(cx: &mut Cx, def: &Def, key: &str, value: &Json) {
    if known(value).is_some() {
        return;
    }
    let Some(schema) = def
        .field("enrichmentFields")
        .and_then(|fields| fields.get(key))
    else {
        return;
    };
    let core = unwrap_nullable(schema);
    let non_scalar = types(core).iter().any(|t| matches!(*t, "object" | "array"));
    if !non_scalar || is_delta(core) || has_renderer(def, key) {
        return;
    }
    report_member(
        cx,
        &RULE,
        def,
        key,
        format!(
            "holds a non-scalar (object/array) value, which renders \
             as a one-line JSON blob in the content[] trailer (structuredContent keeps the full \
             value). Supply a markdown renderer — enrichmentTrailer: {{ {key}: {{ render: (v) => ... }} }} \
             — use ctx.enrich.delta() for before/after state, or opt into JSON explicitly with \
             render: (v) => JSON.stringify(v)"
        ),
    );
}

/// `anyOf: [X, {type: null}]` (how a nullable schema is emitted) → `X`.
fn unwrap_nullable(schema: &Json) -> &Json {
    if let Some([a, b]) = schema.get("anyOf").and_then(Json::as_array) {
        let is_null = |s: &Json| types(s) == ["null"];
        if is_null(b) {
            return a;
        }
        if is_null(a) {
            return b;
        }
    }
    schema
}

/// The `{ before, after }` object of `ctx.enrich.delta()`.
fn is_delta(schema: &Json) -> bool {
    schema
        .get("properties")
        .and_then(Json::as_object)
        .is_some_and(|p| p.len() == 2 && p.get("before").is_some() && p.get("after").is_some())
}

/// Whether a renderer is (or may be) written for `key`: anything but a plain absence or a
/// literal that is not a function counts.
fn has_renderer(def: &Def, key: &str) -> bool {
    let Some(trailer) = def.field("enrichmentTrailer") else {
        return false;
    };
    let Static::Known(trailer) = classify(trailer) else {
        return true;
    };
    let may_hold = |object: &Json| object.as_object().and_then(partial).is_some();
    let Some(entry) = trailer.get(key) else {
        return may_hold(trailer);
    };
    let Static::Known(entry) = classify(entry) else {
        return true;
    };
    match entry.get("render") {
        None => may_hold(entry),
        Some(render) => !matches!(classify(render), Static::Known(_)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    fn run(fields: &str, trailer: &str) -> usize {
        crate::testing::findings_of(
            &RULE,
            &format!(
                r#"{{"tools": [{{"name": "t"}}], "sourceFacts": {{"tools": [{{"handler": null,
                    "enrichment": {{"f": {{"$unresolved": "a Zod schema"}}}},
                    "enrichmentFields": {{"f": {fields}}}{trailer}}}]}}}}"#
            ),
        )
        .len()
    }

    #[test]
    fn scalars_deltas_and_renderers_pass() {
        assert_eq!(run(r#"{"type": "string"}"#, ""), 0);
        assert_eq!(run(r#"{}"#, ""), 0);
        assert_eq!(
            run(
                r#"{"type": "object", "properties": {"before": {}, "after": {}}}"#,
                ""
            ),
            0
        );
        let object = r#"{"anyOf": [{"type": "object", "additionalProperties": {"type": "number"}}, {"type": "null"}]}"#;
        assert_eq!(run(object, ""), 1);
        assert_eq!(
            run(
                object,
                r#", "enrichmentTrailer": {"$unresolved": "imported"}"#
            ),
            0
        );
        assert_eq!(
            run(object, r#", "enrichmentTrailer": {"f": {"label": "F"}}"#),
            1
        );
        assert_eq!(
            run(
                object,
                r#", "enrichmentTrailer": {"f": {"render": "text"}}"#
            ),
            1
        );
        assert_eq!(
            run(
                object,
                r#", "enrichmentTrailer": {"g": {"render": {"$unresolved": "fn"}}}"#
            ),
            1
        );
    }
}
