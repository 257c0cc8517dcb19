use signalint_plugin_api::Json;

use crate::context::Cx;
use crate::source_facts::{Def, known};

use super::report_member;

declare_rule! {
    /// ## What it does
    /// Flags a member of an mcp-ts-core tool's `enrichment` block, read from source, whose
    /// value is a literal (a string, a number, a plain object such as `{ type: 'string' }`)
    /// rather than a Zod schema. A Zod schema is never a static value, so the reader writes
    /// it as an unevaluated marker; only literals are judged.
    ///
    /// ## Why is this bad?
    /// The framework builds the advertised output schema from the block's Zod schemas; a
    /// literal makes that fail or advertises nothing for the field.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "enrichment": {"notice": {"type": "string"}}}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "enrichment": {"notice": {"$unresolved": "a Zod schema"}},
    ///    "enrichmentFields": {"notice": {"type": "string"}}}]}}
    /// ```
    pub RULE = {
        id: "enrichment-field-type",
        group: Enrichment,
        severity: Error,
        summary: "An enrichment field is not a Zod schema",
    }
}

pub fn check(cx: &mut Cx, def: &Def, key: &str, value: &Json) {
    if known(value).is_none() {
        return;
    }
    report_member(cx, &RULE, def, key, "must be a Zod schema");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn members_and_markers_pass_literals_do_not() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t"}], "sourceFacts": {"tools": [{"handler": null, "enrichment": {
                "a": {"$member": "Shapes.Notice"}, "b": {"$unresolved": "a call"}, "c": "string", "d": null}}]}}"#,
        );
        let pointers: Vec<_> = f.iter().filter_map(|f| f.pointer.as_deref()).collect();
        assert_eq!(
            pointers,
            [
                "/sourceFacts/tools/0/enrichment/c",
                "/sourceFacts/tools/0/enrichment/d"
            ]
        );
    }
}
