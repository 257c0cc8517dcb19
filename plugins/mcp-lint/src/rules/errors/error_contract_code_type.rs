use crate::context::Cx;
use crate::source_facts::Def;

use super::{Code, Entry};

declare_rule! {
    /// ## What it does
    /// Flags an entry of an mcp-ts-core `errors` contract, read from source, whose `code` is
    /// missing or is a literal that is not a number (`"NotFound"`). A `JsonRpcErrorCode.X` member
    /// counts as a number; a value the reader could not evaluate is not judged.
    ///
    /// ## Why is this bad?
    /// The code is the JSON-RPC error code the client receives; without a number the entry
    /// cannot be advertised or matched to what the handler throws. Use the `JsonRpcErrorCode`
    /// enum.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": "NotFound", "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}]}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}]}]}}
    /// ```
    pub RULE = {
        id: "error-contract-code-type",
        group: Errors,
        severity: Error,
        summary: "An errors contract entry has no numeric code",
    }
}

pub fn check(cx: &mut Cx, def: &Def, entry: &Entry) {
    if matches!(entry.code(), Code::Missing | Code::WrongType(_)) {
        entry.report(
            cx,
            &RULE,
            def,
            "code",
            "must be a JsonRpcErrorCode value (number)",
        );
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
    fn a_missing_code_is_reported_at_the_entry() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t"}], "sourceFacts": {"tools": [{"handler": null, "errors": [
                {"reason": "a"}, {"code": -32001, "reason": "b"}, {"code": {"$member": "Codes.X"}, "reason": "c"}]}]}}"#,
        );
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].pointer.as_deref(),
            Some("/sourceFacts/tools/0/errors/0")
        );
    }
}
