use crate::context::Cx;
use crate::source_facts::Def;

declare_rule! {
    /// ## What it does
    /// Flags an entry of an mcp-ts-core `errors` contract, read from source, that is not an
    /// object (a string, a number, `null`). Entries the reader could not evaluate are not judged.
    ///
    /// ## Why is this bad?
    /// Each entry must be `{ code, reason, when, recovery }` (with an optional `retryable`); the
    /// framework cannot advertise or select anything else.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": ["no_match", {"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}]}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}]}]}}
    /// ```
    pub RULE = {
        id: "error-contract-entry-type",
        group: Errors,
        severity: Error,
        summary: "An errors contract entry is not an object",
    }
}

/// Reports entry `index`, a literal that is not an object.
pub fn report(cx: &mut Cx, def: &Def, index: usize, pointer: &str) {
    cx.report(
        &RULE,
        pointer,
        format!(
            "{} errors[{index}] must be an object with {{ code, reason, when, recovery }}",
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

    #[test]
    fn points_at_the_entry() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t"}], "sourceFacts": {"tools": [{"handler": null, "errors": [{"$unresolved": "a call"}, null]}]}}"#,
        );
        assert_eq!(f.len(), 1);
        assert_eq!(
            f[0].pointer.as_deref(),
            Some("/sourceFacts/tools/0/errors/1")
        );
    }
}
