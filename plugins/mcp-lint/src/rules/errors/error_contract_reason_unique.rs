use crate::context::Cx;
use crate::source_facts::Def;

use super::Entry;

declare_rule! {
    /// ## What it does
    /// Flags an entry of an mcp-ts-core `errors` contract, read from source, whose `reason` an
    /// earlier entry of the same contract already uses. Reported at each repeat.
    ///
    /// ## Why is this bad?
    /// `ctx.fail(reason, …)` picks the entry by its reason, and clients tell failures apart by
    /// it; two entries with one reason make both ambiguous.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}, {"code": {"$member": "JsonRpcErrorCode.Conflict"}, "reason": "no_match", "when": "The item changed meanwhile.", "recovery": "Read the item again, then retry the update."}]}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}, {"code": {"$member": "JsonRpcErrorCode.Conflict"}, "reason": "stale_item", "when": "The item changed meanwhile.", "recovery": "Read the item again, then retry the update."}]}]}}
    /// ```
    pub RULE = {
        id: "error-contract-reason-unique",
        group: Errors,
        severity: Error,
        summary: "Two errors contract entries share a reason",
    }
}

pub fn check(cx: &mut Cx, def: &Def, entries: &[Entry]) {
    let mut seen: Vec<&str> = Vec::with_capacity(entries.len());
    for entry in entries {
        let Some(reason) = entry.reason() else {
            continue;
        };
        if seen.contains(&reason) {
            cx.report(
                &RULE,
                entry.at("reason"),
                format!(
                    "{} has duplicate reason `{reason}` in errors[]. Reasons must be unique within a contract",
                    def.subject()
                ),
            );
        } else {
            seen.push(reason);
        }
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
    fn each_repeat_is_reported() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t"}], "sourceFacts": {"tools": [{"handler": null, "errors": [
                {"reason": "a"}, {"reason": "a"}, {"reason": "b"}, {"reason": "a"}]}]}}"#,
        );
        let pointers: Vec<_> = f.iter().filter_map(|f| f.pointer.as_deref()).collect();
        assert_eq!(
            pointers,
            [
                "/sourceFacts/tools/0/errors/1/reason",
                "/sourceFacts/tools/0/errors/3/reason"
            ]
        );
    }
}
