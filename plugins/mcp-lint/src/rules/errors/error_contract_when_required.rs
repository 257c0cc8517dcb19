use crate::context::Cx;
use crate::source_facts::Def;

use super::Entry;

declare_rule! {
    /// ## What it does
    /// Flags an entry of an mcp-ts-core `errors` contract, read from source, whose `when` is
    /// missing, empty, or a literal that is not a string. A value the reader could not evaluate (a
    /// template with substitutions) is not judged.
    ///
    /// ## Why is this bad?
    /// `when` is the human-readable account of when the failure happens, shown to models and
    /// user interfaces; without it the entry says nothing about the failure.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "recovery": "Broaden the query or check the item id."}]}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}]}]}}
    /// ```
    pub RULE = {
        id: "error-contract-when-required",
        group: Errors,
        severity: Error,
        summary: "An errors contract entry has no when description",
    }
}

pub fn check(cx: &mut Cx, def: &Def, entry: &Entry) {
    if entry.unevaluated("when")
        || entry
            .literal("when")
            .and_then(|w| w.as_str())
            .is_some_and(|w| !w.is_empty())
    {
        return;
    }
    entry.report(
        cx,
        &RULE,
        def,
        "when",
        "must be a non-empty human-readable description",
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
