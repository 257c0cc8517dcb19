use crate::context::Cx;
use crate::source_facts::Def;

use super::Entry;

declare_rule! {
    /// ## What it does
    /// Flags an entry of an mcp-ts-core `errors` contract, read from source, whose `recovery` is
    /// an empty or blank string.
    ///
    /// ## Why is this bad?
    /// A blank recovery is worse than none: it reads as if the guidance was considered and
    /// left out on purpose. Write a concrete next step (five words or more).
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "  "}]}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}]}]}}
    /// ```
    pub RULE = {
        id: "error-contract-recovery-empty",
        group: Errors,
        severity: Error,
        summary: "An errors contract entry has an empty recovery",
    }
}

pub fn check(cx: &mut Cx, def: &Def, entry: &Entry) {
    let Some(recovery) = entry.literal("recovery").and_then(|r| r.as_str()) else {
        return;
    };
    if recovery.trim().is_empty() {
        entry.report(
            cx,
            &RULE,
            def,
            "recovery",
            "is empty. Provide actionable guidance for the agent",
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
}
