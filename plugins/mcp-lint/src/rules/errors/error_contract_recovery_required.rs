use crate::context::Cx;
use crate::source_facts::Def;

use super::Entry;

declare_rule! {
    /// ## What it does
    /// Flags an entry of an mcp-ts-core `errors` contract, read from source, whose `recovery` is
    /// missing or a literal that is not a string. A value the reader could not evaluate is not
    /// judged; an empty string is `error-contract-recovery-empty`.
    ///
    /// ## Why is this bad?
    /// `recovery` is what the agent should do next when this failure happens; the framework
    /// sends it with the error. Without it the agent has to guess.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query."}]}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}]}]}}
    /// ```
    pub RULE = {
        id: "error-contract-recovery-required",
        group: Errors,
        severity: Error,
        summary: "An errors contract entry has no recovery string",
    }
}

pub fn check(cx: &mut Cx, def: &Def, entry: &Entry) {
    if entry.unevaluated("recovery") || entry.literal("recovery").is_some_and(|r| r.is_string()) {
        return;
    }
    entry.report(
        cx,
        &RULE,
        def,
        "recovery",
        "must be a non-empty string describing what the agent should do \
             when this failure occurs",
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
