use crate::context::Cx;
use crate::source_facts::Def;

use super::Entry;

declare_rule! {
    /// ## What it does
    /// Flags an entry of an mcp-ts-core `errors` contract, read from source, whose `reason` is
    /// not snake_case: it must match `^[a-z][a-z0-9_]*$` (`NotFound`, `no-match` and `1bad` do
    /// not).
    ///
    /// ## Why is this bad?
    /// Reasons are part of the server's public API, like constants: clients match on them. One
    /// spelling convention keeps them predictable.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no-match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}]}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}]}]}}
    /// ```
    pub RULE = {
        id: "error-contract-reason-format",
        group: Errors,
        severity: Warning,
        summary: "An errors contract reason is not snake_case",
    }
}

pub fn check(cx: &mut Cx, def: &Def, entry: &Entry) {
    let Some(reason) = entry.reason() else {
        return;
    };
    if is_snake_case(reason) {
        return;
    }
    entry.report(
        cx,
        &RULE,
        def,
        "reason",
        format!(
            "`{reason}` should be snake_case (start with a lowercase letter, then \
             lowercase letters/digits/underscores). Treat reasons like API constants"
        ),
    );
}

/// `^[a-z][a-z0-9_]*$`.
fn is_snake_case(reason: &str) -> bool {
    let mut bytes = reason.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_lowercase())
        && bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn snake_case_is_checked_byte_by_byte() {
        assert!(is_snake_case("no_match_2"));
        for bad in ["NotFound", "no-match", "1bad", "_x", "caf\u{e9}"] {
            assert!(!is_snake_case(bad), "{bad}");
        }
    }
}
