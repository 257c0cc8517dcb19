use signalint_plugin_api::Object;

use crate::context::{Cx, ptr};
use crate::source_facts::{Def, UNREAD_MEMBERS, known, partial};

declare_rule! {
    /// ## What it does
    /// Flags a key of an mcp-ts-core tool's `enrichmentTrailer`, read from source, that names
    /// no field of the tool's `enrichment` block. Nothing is judged when either is not a
    /// literal object, or when the block was read only in part (a spread).
    ///
    /// ## Why is this bad?
    /// Trailer entries render enrichment fields by name; an entry for a field that does not
    /// exist is a typo or a leftover, and the field it meant renders without it.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "enrichment": {"facets": {"$unresolved": "a Zod schema"}},
    ///    "enrichmentFields": {"facets": {"type": "string"}}, "enrichmentTrailer": {"facet": {"label": "Facets"}}}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "enrichment": {"facets": {"$unresolved": "a Zod schema"}},
    ///    "enrichmentFields": {"facets": {"type": "string"}}, "enrichmentTrailer": {"facets": {"label": "Facets"}}}]}}
    /// ```
    pub RULE = {
        id: "enrichment-trailer-unknown-field",
        group: Enrichment,
        severity: Error,
        summary: "An enrichmentTrailer key names no enrichment field",
    }
}

pub fn check(cx: &mut Cx, def: &Def, members: &Object) {
    if partial(members).is_some() {
        return;
    }
    let Some(trailer) = def
        .field("enrichmentTrailer")
        .and_then(known)
        .and_then(|t| t.as_object())
    else {
        return;
    };
    let base = def.facts_ptr("enrichmentTrailer");
    for key in trailer.keys() {
        if key == UNREAD_MEMBERS || members.get(key).is_some() {
            continue;
        }
        cx.report(
            &RULE,
            ptr(&base, key),
            format!(
                "{} enrichmentTrailer references `{key}`, which is not a declared enrichment \
                 field. Trailer keys must match enrichment field names",
                def.subject()
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn a_spread_hides_the_keys_it_adds() {
        let run = |enrichment: &str, trailer: &str| {
            crate::testing::findings_of(
                &RULE,
                &format!(
                    r#"{{"tools": [{{"name": "t"}}], "sourceFacts": {{"tools": [{{"handler": null,
                        "enrichment": {enrichment}, "enrichmentTrailer": {trailer}}}]}}}}"#
                ),
            )
            .len()
        };
        let a = r#"{"a": {"$unresolved": "a call"}, "$unresolved": "a spread"}"#;
        assert_eq!(run(a, r#"{"b": {"label": "B"}}"#), 0);
        let a = r#"{"a": {"$unresolved": "a call"}}"#;
        assert_eq!(run(a, r#"{"$unresolved": "a spread", "a": {}}"#), 0);
        assert_eq!(run(a, r#"{"$unresolved": "a spread", "b": {}}"#), 1);
    }
}
