use crate::context::Cx;
use crate::error_codes::BASELINE;
use crate::source_facts::Def;

use super::{Entry, reasons_by_code};

declare_rule! {
    /// ## What it does
    /// Flags an mcp-ts-core handler, read from source, that throws a code its `errors` contract
    /// declares directly (`throw notFound(…)`, `throw new McpError(JsonRpcErrorCode.NotFound, …)`)
    /// instead of through `ctx.fail(reason, …)`. One finding per such code, at its first `throw`;
    /// the message names the declared reason(s) to use. Baseline codes are left alone.
    ///
    /// ## Why is this bad?
    /// A direct throw bypasses the contract: the error carries no `data.reason`, so observers
    /// cannot tie it to the entry clients were shown. `ctx.fail('reason', …)` builds the same
    /// error with the entry's reason and recovery.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": {"throws": [{"kind": "call", "callee": "notFound", "code": null, "inCatch": null, "keepsCause": false, "stringifies": false}], "failCalls": []},
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}]}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": {"throws": [{"kind": "call", "callee": "ctx.fail", "code": null, "inCatch": null, "keepsCause": false, "stringifies": false}], "failCalls": [{"reason": "no_match"}]},
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}]}]}}
    /// ```
    pub RULE = {
        id: "error-contract-prefer-fail",
        group: Errors,
        severity: Warning,
        summary: "A handler throws a declared code directly instead of through ctx.fail",
    }
}

/// `thrown`: the codes the handler throws directly, each at its first throw.
pub fn check(cx: &mut Cx, def: &Def, entries: &[Entry], thrown: &[(&str, String)]) {
    if !cx.on(&RULE) {
        return;
    }
    let declared = reasons_by_code(entries);
    for &(code, ref at) in thrown {
        if BASELINE.contains(&code) {
            continue;
        }
        let Some((_, reasons)) = declared.iter().find(|(d, _)| *d == code) else {
            continue;
        };
        let hint = match reasons.as_slice() {
            [one] => format!("'{one}'"),
            many => format!(
                "one of {}",
                many.iter()
                    .map(|r| format!("'{r}'"))
                    .collect::<Vec<_>>()
                    .join(" / ")
            ),
        };
        cx.report(
            &RULE,
            at.clone(),
            format!(
                "{} throws {code} directly, but the contract declares this code as reason {hint}. \
                 Consider routing through `ctx.fail({hint}, …)` so observers see consistent \
                 `data.reason` values and the failure is correlated with the contract entry",
                def.subject()
            ),
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
    fn several_reasons_are_offered() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t"}], "sourceFacts": {"tools": [{"handler": {"throws": [
                {"kind": "new", "callee": "McpError", "code": "NotFound"}, {"kind": "call", "callee": "timeout"}]},
                "errors": [{"code": -32001, "reason": "no_item"}, {"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_page"},
                           {"code": -32004, "reason": "slow"}]}]}}"#,
        );
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(
            f[0].message.contains("reason one of 'no_item' / 'no_page'"),
            "{}",
            f[0].message
        );
    }
}
