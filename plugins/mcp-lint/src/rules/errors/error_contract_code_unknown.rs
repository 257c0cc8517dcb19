use crate::context::Cx;
use crate::source_facts::Def;

use super::{Code, Entry};

declare_rule! {
    /// ## What it does
    /// Flags an entry of an mcp-ts-core `errors` contract, read from source, whose `code` is a
    /// number that is no `JsonRpcErrorCode` value (`-32042`), or names a member the enum does not
    /// have (`JsonRpcErrorCode.NotFund`). The enum's values are listed in `src/error_codes.rs`.
    ///
    /// ## Why is this bad?
    /// A number outside the enum is usually a typo or a stale magic number; clients that
    /// switch on the framework's codes will not recognise it. Import the enum and use a member.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": -32042, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}]}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": -32001, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}]}]}}
    /// ```
    pub RULE = {
        id: "error-contract-code-unknown",
        group: Errors,
        severity: Error,
        summary: "An errors contract code is not a JsonRpcErrorCode value",
    }
}

pub fn check(cx: &mut Cx, def: &Def, entry: &Entry) {
    let shown = match entry.code() {
        Code::BadNumber(number) => number,
        Code::NotInEnum(member) => member.to_owned(),
        _ => return,
    };
    entry.report(
        cx,
        &RULE,
        def,
        "code",
        format!("is {shown}, which is not a valid JsonRpcErrorCode. Use the enum import"),
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
    fn a_member_the_enum_lacks_is_unknown() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t"}], "sourceFacts": {"tools": [{"handler": null, "errors": [
                {"code": {"$member": "JsonRpcErrorCode.NotFund"}}, {"code": {"$member": "JsonRpcErrorCode.Conflict"}}]}]}}"#,
        );
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(
            f[0].message.contains("is JsonRpcErrorCode.NotFund, which"),
            "{}",
            f[0].message
        );
    }
}
