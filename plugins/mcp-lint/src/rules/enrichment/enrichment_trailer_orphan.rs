use crate::context::Cx;
use crate::source_facts::Def;

declare_rule! {
    /// ## What it does
    /// Flags an mcp-ts-core tool, read from source, that declares `enrichmentTrailer` but no
    /// `enrichment` block.
    ///
    /// ## Why is this bad?
    /// The trailer configuration only renders enrichment fields; without the block it does
    /// nothing, which usually means the block was removed or never added. Add the block or
    /// drop the configuration.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "enrichmentTrailer": {"facets": {"label": "Facets"}}}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "enrichment": {"facets": {"$unresolved": "a Zod schema"}},
    ///    "enrichmentFields": {"facets": {"type": "string"}}, "enrichmentTrailer": {"facets": {"label": "Facets"}}}]}}
    /// ```
    pub RULE = {
        id: "enrichment-trailer-orphan",
        group: Enrichment,
        severity: Error,
        summary: "A tool declares enrichmentTrailer without an enrichment block",
    }
}

/// Runs when the tool has no `enrichment` field.
pub fn check(cx: &mut Cx, def: &Def) {
    if def.field("enrichmentTrailer").is_none() {
        return;
    }
    cx.report(
        &RULE,
        def.facts_ptr("enrichmentTrailer"),
        format!(
            "{} declares `enrichmentTrailer` without an `enrichment` block. Trailer config only \
             renders enrichment fields — add the block or drop the config",
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
