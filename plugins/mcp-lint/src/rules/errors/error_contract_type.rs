use crate::context::Cx;
use crate::source_facts::Def;

declare_rule! {
    /// ## What it does
    /// Flags an mcp-ts-core tool or resource, read from source, whose `errors` field is written
    /// but is not an array (an object, a string). A value the reader could not evaluate (an
    /// imported constant) is not judged.
    ///
    /// ## Why is this bad?
    /// The contract is a list of `{code, reason, when, recovery}` entries: the framework
    /// advertises it in `tools/list` and types `ctx.fail(reason, …)` from it. Any other shape is
    /// rejected, and none of the contract checks can run.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": {"no_match": {"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}}}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}]}]}}
    /// ```
    pub RULE = {
        id: "error-contract-type",
        group: Errors,
        severity: Error,
        summary: "A definition's errors contract is not an array",
    }
}

/// Reports `errors` that is a literal but not an array.
pub fn report(cx: &mut Cx, def: &Def) {
    cx.report(
        &RULE,
        def.facts_ptr("errors"),
        format!("{} has `errors` but it is not an array", def.subject()),
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
    fn an_unevaluated_contract_is_not_judged() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t"}], "sourceFacts": {"tools": [{"handler": null, "errors": {"$unresolved": "imported `ERRORS`"}}]}}"#,
        );
        assert!(f.is_empty(), "{f:?}");
    }
}
