use crate::context::Cx;
use crate::source_facts::Def;

use super::Entry;

declare_rule! {
    /// ## What it does
    /// Flags an entry of an mcp-ts-core `errors` contract, read from source, whose optional
    /// `retryable` is written but is not a boolean (`"yes"`, `1`). A value the reader could not
    /// evaluate is not judged.
    ///
    /// ## Why is this bad?
    /// Clients read `retryable` as a yes/no decision; anything else is either ignored or
    /// misread. Drop the field if the answer is not known.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id.", "retryable": "no"}]}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id.", "retryable": false}]}]}}
    /// ```
    pub RULE = {
        id: "error-contract-retryable-type",
        group: Errors,
        severity: Warning,
        summary: "An errors contract retryable is not a boolean",
    }
}

pub fn check(cx: &mut Cx, def: &Def, entry: &Entry) {
    let Some(retryable) = entry.literal("retryable") else {
        return;
    };
    if retryable.is_boolean() {
        return;
    }
    entry.report(
        cx,
        &RULE,
        def,
        "retryable",
        "should be a boolean when present",
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
