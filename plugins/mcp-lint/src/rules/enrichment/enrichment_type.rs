use crate::context::Cx;
use crate::source_facts::{Def, known};

declare_rule! {
    /// ## What it does
    /// Flags an mcp-ts-core tool, read from source, whose `enrichment` field is written but
    /// is not an object mapping field names to Zod schemas: an array, a string, `null`. A
    /// value the reader could not evaluate (an imported shape) is not judged.
    ///
    /// ## Why is this bad?
    /// The framework extends the output schema with the block's fields and lets
    /// `ctx.enrich(…)` fill them; any other shape is rejected and the tool's agent-facing
    /// context goes nowhere.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "enrichment": ["notice"]}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "enrichment": {"notice": {"$unresolved": "a Zod schema"}},
    ///    "enrichmentFields": {"notice": {"type": "string"}}}]}}
    /// ```
    pub RULE = {
        id: "enrichment-type",
        group: Enrichment,
        severity: Error,
        summary: "A tool's enrichment block is not an object of Zod schemas",
    }
}

/// Reports a literal `enrichment` that is not an object; `false` when it reported (the
/// other rules then have nothing to read).
pub fn check(cx: &mut Cx, def: &Def) -> bool {
    let Some(value) = def.field("enrichment").and_then(known) else {
        return true;
    };
    if value.is_object() {
        return true;
    }
    cx.report(
        &RULE,
        def.facts_ptr("enrichment"),
        format!(
            "{} `enrichment` must be an object mapping field names to Zod schemas (a ZodRawShape)",
            def.subject()
        ),
    );
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn an_imported_block_is_not_judged() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t"}], "sourceFacts": {"tools": [{"handler": null, "enrichment": {"$unresolved": "imported `Extra`"}}]}}"#,
        );
        assert!(f.is_empty(), "{f:?}");
    }
}
