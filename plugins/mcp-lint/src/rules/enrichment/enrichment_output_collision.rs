use signalint_plugin_api::Json;

use crate::context::Cx;
use crate::source_facts::Def;

use super::report_member;

declare_rule! {
    /// ## What it does
    /// Flags a member of an mcp-ts-core tool's `enrichment` block, read from source, whose
    /// key is also a key of the tool's `output` schema. It compares with the keys of `output`
    /// as written (the `outputFields` fact): the schema a running server lists is
    /// `output.extend(enrichment)`, which shows one key either way. Without that fact nothing
    /// is judged.
    ///
    /// ## Why is this bad?
    /// The extension silently replaces the output field with the enrichment field: the
    /// handler's value is overwritten or fails validation, and the advertised schema no
    /// longer describes the domain result. Rename one side.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "outputFields": ["items", "notice"],
    ///    "enrichment": {"notice": {"$unresolved": "a Zod schema"}}, "enrichmentFields": {"notice": {"type": "string"}}}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "outputFields": ["items"],
    ///    "enrichment": {"notice": {"$unresolved": "a Zod schema"}}, "enrichmentFields": {"notice": {"type": "string"}}}]}}
    /// ```
    pub RULE = {
        id: "enrichment-output-collision",
        group: Enrichment,
        severity: Error,
        summary: "An enrichment field has the name of an output field",
    }
}

pub fn check(cx: &mut Cx, def: &Def, key: &str) {
    let Some(output) = def.field("outputFields").and_then(Json::as_array) else {
        return;
    };
    if !output.iter().any(|k| k.as_str() == Some(key)) {
        return;
    }
    report_member(
        cx,
        &RULE,
        def,
        key,
        "collides with an `output` field of the same name. The \
             effective output schema is output.extend(enrichment); a collision silently overrides \
             the output field. Rename one so enrichment keys are disjoint from output keys",
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn without_output_fields_nothing_is_judged() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t", "outputSchema": {"type": "object", "properties": {"notice": {}}}}],
                "sourceFacts": {"tools": [{"handler": null, "enrichment": {"notice": {"$unresolved": "z"}}}]}}"#,
        );
        assert!(f.is_empty(), "{f:?}");
    }
}
