use crate::context::Cx;
use crate::error_codes::UNKNOWN_ERROR;
use crate::source_facts::Def;

use super::{Code, Entry};

declare_rule! {
    /// ## What it does
    /// Flags an entry of an mcp-ts-core `errors` contract, read from source, whose `code` is
    /// `JsonRpcErrorCode.UnknownError` (-32099).
    ///
    /// ## Why is this bad?
    /// UnknownError is the code the framework's classifier falls back to when it gives up; it
    /// tells a client nothing. Declare a specific code (InternalError, ServiceUnavailable, …) or
    /// drop the entry.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.UnknownError"}, "reason": "upstream_failed", "when": "The upstream API failed.", "recovery": "Wait a minute, then retry the same call."}]}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.ServiceUnavailable"}, "reason": "upstream_failed", "when": "The upstream API failed.", "recovery": "Wait a minute, then retry the same call."}]}]}}
    /// ```
    pub RULE = {
        id: "error-contract-code-unknown-error",
        group: Errors,
        severity: Warning,
        summary: "An errors contract entry declares JsonRpcErrorCode.UnknownError",
    }
}

pub fn check(cx: &mut Cx, def: &Def, entry: &Entry) {
    if entry.code() != Code::Member(UNKNOWN_ERROR) {
        return;
    }
    entry.report(
        cx,
        &RULE,
        def,
        "code",
        "is JsonRpcErrorCode.UnknownError. This is the framework's giveup-fallback \
             code — it conveys no useful information to clients. Pick a more specific code \
             (e.g. InternalError, ServiceUnavailable) or remove the entry",
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
    fn the_number_counts_too() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t"}], "sourceFacts": {"tools": [{"handler": null, "errors": [{"code": -32099}]}]}}"#,
        );
        assert_eq!(f.len(), 1);
    }
}
