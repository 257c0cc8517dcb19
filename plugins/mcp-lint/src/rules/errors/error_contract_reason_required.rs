use crate::context::Cx;
use crate::source_facts::Def;

use super::Entry;

declare_rule! {
    /// ## What it does
    /// Flags an entry of an mcp-ts-core `errors` contract, read from source, whose `reason` is
    /// missing, empty, or a literal that is not a string. A value the reader could not evaluate is
    /// not judged.
    ///
    /// ## Why is this bad?
    /// `reason` is the stable, machine-readable name of the failure: clients switch on it and
    /// `ctx.fail(reason, …)` selects the entry by it.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}]}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}]}]}}
    /// ```
    pub RULE = {
        id: "error-contract-reason-required",
        group: Errors,
        severity: Error,
        summary: "An errors contract entry has no reason",
    }
}

pub fn check(cx: &mut Cx, def: &Def, entry: &Entry) {
    if entry.reason().is_some() || entry.unevaluated("reason") {
        return;
    }
    entry.report(cx, &RULE, def, "reason", "must be a non-empty string");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn missing_and_non_string_reasons() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t"}], "sourceFacts": {"tools": [{"handler": null, "errors": [
                {"code": -32001}, {"code": -32001, "reason": 3}, {"code": -32001, "reason": {"$member": "R.x"}}]}]}}"#,
        );
        assert_eq!(f.len(), 2, "{f:?}");
    }
}
