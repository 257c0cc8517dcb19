use crate::context::Cx;
use crate::source_facts::Def;

declare_rule! {
    /// ## What it does
    /// Flags an mcp-ts-core tool or resource, read from source, that declares `errors: []`.
    ///
    /// ## Why is this bad?
    /// An empty contract is a no-op: nothing is advertised in `tools/list`, `ctx.fail` has no
    /// reason to take, and there is nothing to check the handler against. Drop the field, or
    /// declare the failure modes the handler really has.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": []}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}]}]}}
    /// ```
    pub RULE = {
        id: "error-contract-empty",
        group: Errors,
        severity: Warning,
        summary: "A definition declares an empty errors contract",
    }
}

/// Reports `errors: []`.
pub fn report(cx: &mut Cx, def: &Def) {
    cx.report(
        &RULE,
        def.facts_ptr("errors"),
        format!(
            "{} declares an empty `errors: []` contract. An empty contract is a no-op — drop the \
             field entirely, or declare the actual failure modes. Empty contracts give clients no \
             useful failure-surface preview",
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
