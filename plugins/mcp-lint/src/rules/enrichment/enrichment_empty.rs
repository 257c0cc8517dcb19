use crate::context::Cx;
use crate::source_facts::Def;

declare_rule! {
    /// ## What it does
    /// Flags an mcp-ts-core tool, read from source, that declares `enrichment: {}`.
    ///
    /// ## Why is this bad?
    /// An empty block is a no-op: it adds nothing to the output schema and gives `ctx.enrich`
    /// nothing to fill. Drop it, or declare the agent-facing fields the tool reports.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "enrichment": {}}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "enrichment": {"notice": {"$unresolved": "a Zod schema"}},
    ///    "enrichmentFields": {"notice": {"type": "string"}}}]}}
    /// ```
    pub RULE = {
        id: "enrichment-empty",
        group: Enrichment,
        severity: Warning,
        summary: "A tool declares an empty enrichment block",
    }
}

/// Reports `enrichment: {}`.
pub fn report(cx: &mut Cx, def: &Def) {
    cx.report(
        &RULE,
        def.facts_ptr("enrichment"),
        format!(
            "{} declares an empty `enrichment: {{}}` block — a no-op. Drop the field, or declare \
             the agent-facing fields ctx.enrich() will populate",
            def.subject()
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
