use signalint_plugin_api::Json;

use super::root_properties;
use crate::context::{Cx, ptr};

declare_rule! {
    /// ## What it does
    /// Flags a root-level `outputSchema` property named `notice`, `effectiveQuery` or
    /// `queryEcho` (any case).
    ///
    /// On a tool read from source that declares an mcp-ts-core `enrichment` block the rule
    /// is silent: the advertised `outputSchema` is `output.extend(enrichment)`, so these
    /// fields may be the block's own.
    ///
    /// ## Why is this bad?
    /// These fields carry commentary about the call (a warning, the query actually run), not
    /// result data. Mixed into the result they are easy for the model to miss and for
    /// clients to render as data. Put them in one dedicated block (for example `_meta` of the
    /// result, or a single `enrichment` object) so every client treats them alike.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "search", "description": "Searches.", "inputSchema": {"type": "object"},
    ///   "outputSchema": {"type": "object", "properties": {
    ///     "hits": {"type": "array", "description": "Hits.", "items": {"type": "string"}},
    ///     "notice": {"type": "string", "description": "Warning about the query."}}}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "search", "description": "Searches.", "inputSchema": {"type": "object"},
    ///   "outputSchema": {"type": "object", "properties": {
    ///     "hits": {"type": "array", "description": "Hits.", "items": {"type": "string"}},
    ///     "enrichment": {"type": "object", "description": "Notes about the call.", "properties": {
    ///       "notice": {"type": "string", "description": "Warning about the query."}}}}}}]}
    /// ```
    pub RULE = {
        id: "enrichment-prefer-block",
        group: Output,
        severity: Warning,
        summary: "Call commentary (notice, effectiveQuery, queryEcho) is mixed into the result",
    }
}

pub fn check(cx: &mut Cx, tool: &Json, base: &str) {
    let Some(output) = root_properties(tool, "outputSchema") else {
        return;
    };
    for key in output.keys() {
        let lower = key.to_ascii_lowercase();
        if matches!(lower.as_str(), "notice" | "effectivequery" | "queryecho") {
            cx.report(
                &RULE,
                ptr(&ptr(&ptr(base, "outputSchema"), "properties"), key),
                format!("output field `{key}` is call commentary; move it into a dedicated enrichment block"),
            );
        }
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
    fn silent_when_the_source_declares_an_enrichment_block() {
        let tool = r#"{"name": "t", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object", "properties": {"notice": {}}}}"#;
        let with = |facts: &str| {
            crate::testing::findings_of(
                &RULE,
                &format!(r#"{{"tools": [{tool}], "sourceFacts": {{"tools": [{facts}]}}}}"#),
            )
            .len()
        };
        assert_eq!(with(r#"{"handler": null}"#), 1);
        assert_eq!(
            with(r#"{"handler": null, "enrichment": {"notice": {"$unresolved": "z"}}}"#),
            0
        );
    }

    #[test]
    fn case_insensitive() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object", "properties": {"EffectiveQuery": {}, "query_echo": {}}}}]}"#,
        );
        assert_eq!(f.len(), 1);
    }
}
