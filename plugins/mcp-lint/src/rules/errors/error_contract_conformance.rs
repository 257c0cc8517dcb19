use signalint_plugin_api::Json;

use crate::context::Cx;
use crate::error_codes::BASELINE;
use crate::source_facts::{Def, Handler};

use super::{Entry, reasons_by_code};

declare_rule! {
    /// ## What it does
    /// Compares an mcp-ts-core definition's `errors` contract with its handler, both read from
    /// source. Flags, once per definition, the codes the handler throws directly
    /// (`new McpError(JsonRpcErrorCode.X, …)` or a factory such as `conflict(…)`) that no entry
    /// declares, at the first such `throw`; and each `ctx.fail(reason, …)` whose literal reason no
    /// entry declares. The baseline codes InternalError, ServiceUnavailable, Timeout,
    /// ValidationError and SerializationError need no entry. Comparisons with a code
    /// (`err.code === JsonRpcErrorCode.X`) are not throws and never count. When some entry's code
    /// or reason could not be evaluated, the rule does not claim that anything is undeclared.
    ///
    /// ## Why is this bad?
    /// The contract is what `tools/list` advertises as the definition's failure modes; a code
    /// the handler throws without an entry is a failure clients are not told about, and a
    /// `ctx.fail` with an undeclared reason fails itself at runtime. Add the entry (with a stable
    /// reason) or route the failure through a declared one. Throws in services the handler calls
    /// are not visible, so this is a warning.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": {"throws": [{"kind": "call", "callee": "conflict", "code": null, "inCatch": null, "keepsCause": false, "stringifies": false}], "failCalls": []},
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}]}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": {"throws": [{"kind": "call", "callee": "conflict", "code": null, "inCatch": null, "keepsCause": false, "stringifies": false}], "failCalls": [{"reason": "no_match"}]},
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}, {"code": {"$member": "JsonRpcErrorCode.Conflict"}, "reason": "stale_item", "when": "The item changed meanwhile.", "recovery": "Read the item again, then retry the update."}]}]}}
    /// ```
    pub RULE = {
        id: "error-contract-conformance",
        group: Errors,
        severity: Warning,
        summary: "A handler throws codes or fail reasons its errors contract does not declare",
    }
}

/// `thrown`: the codes the handler throws directly, each at its first throw;
/// `every_code_known`: each entry is an object whose code is resolved (or plainly missing).
pub fn check(
    cx: &mut Cx,
    def: &Def,
    entries: &[Entry],
    thrown: &[(&str, String)],
    every_code_known: bool,
) {
    let Handler::Body(body) = def.handler() else {
        return;
    };
    if !cx.on(&RULE) {
        return;
    }
    let declared = reasons_by_code(entries);
    if every_code_known {
        let undeclared: Vec<_> = thrown
            .iter()
            .filter(|(code, _)| !BASELINE.contains(code))
            .filter(|(code, _)| !declared.iter().any(|(d, _)| d == code))
            .collect();
        if let Some((_, first)) = undeclared.first() {
            let names: Vec<&str> = undeclared.iter().map(|(code, _)| *code).collect();
            cx.report(
                &RULE,
                first.clone(),
                format!(
                    "{} handler throws codes not in errors[]: {}. Add them to the contract (with a \
                     stable reason) so `tools/list` accurately advertises this failure mode. \
                     Baseline codes (InternalError, ServiceUnavailable, Timeout, ValidationError, \
                     SerializationError) are auto-allowed — only domain-specific codes need declaring",
                    def.subject(),
                    names.join(", ")
                ),
            );
        }
    }
    if entries
        .iter()
        .any(|e| e.reason().is_none() && e.unevaluated("reason"))
    {
        return;
    }
    let reasons: Vec<&str> = entries.iter().filter_map(Entry::reason).collect();
    let calls = body
        .get("failCalls")
        .and_then(Json::as_array)
        .unwrap_or_default();
    let mut reported: Vec<&str> = Vec::new();
    for (k, call) in calls.iter().enumerate() {
        let Some(reason) = call.get("reason").and_then(Json::as_str) else {
            continue;
        };
        if reasons.contains(&reason) || reported.contains(&reason) {
            continue;
        }
        reported.push(reason);
        cx.report(
            &RULE,
            format!("{}/handler/failCalls/{k}", def.facts_base),
            format!(
                "{} handler calls ctx.fail(`{reason}`, …) but errors[] declares no such reason \
                 (declared: {}). Add the entry or use a declared reason",
                def.subject(),
                reasons.join(", ")
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

    fn run(errors: &str, throws: &str, fails: &str) -> Vec<signalint_plugin_api::Finding> {
        crate::testing::findings_of(
            &RULE,
            &format!(
                r#"{{"tools": [{{"name": "t"}}], "sourceFacts": {{"tools": [{{"handler": {{"throws": [{throws}], "failCalls": [{fails}]}}, "errors": {errors}}}]}}}}"#
            ),
        )
    }

    #[test]
    fn baseline_codes_and_declared_codes_pass() {
        let errors = r#"[{"code": -32001, "reason": "no_match"}]"#;
        let throws = r#"{"kind": "call", "callee": "serviceUnavailable"}, {"kind": "new", "callee": "McpError", "code": "NotFound"},
                        {"kind": "call", "callee": "ctx.fail"}, {"kind": "new", "callee": "Error"}"#;
        assert!(
            run(
                errors,
                throws,
                r#"{"reason": "no_match"}, {"reason": null}"#
            )
            .is_empty()
        );
    }

    #[test]
    fn undeclared_codes_are_listed_once_at_the_first_throw() {
        let errors = r#"[{"code": -32001, "reason": "no_match"}]"#;
        let throws = r#"{"kind": "call", "callee": "timeout"}, {"kind": "call", "callee": "conflict"},
                        {"kind": "new", "callee": "McpError", "code": "-32005"}, {"kind": "call", "callee": "conflict"}"#;
        let f = run(errors, throws, "");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].pointer.as_deref(),
            Some("/sourceFacts/tools/0/handler/throws/1")
        );
        assert!(
            f[0].message
                .contains("not in errors[]: Conflict, Forbidden."),
            "{}",
            f[0].message
        );
    }

    #[test]
    fn an_unevaluated_code_or_reason_stops_the_claims() {
        let throws = r#"{"kind": "call", "callee": "conflict"}"#;
        let errors = r#"[{"code": {"$unresolved": "imported"}, "reason": "no_match"}]"#;
        assert!(run(errors, throws, r#"{"reason": "other"}"#).len() == 1);
        let errors = r#"[{"code": -32001, "reason": {"$unresolved": "a call"}}]"#;
        let f = run(errors, "", r#"{"reason": "other"}"#);
        assert!(f.is_empty(), "{f:?}");
    }

    #[test]
    fn an_undeclared_fail_reason_is_reported_at_the_call() {
        let errors = r#"[{"code": -32001, "reason": "no_match"}]"#;
        let f = run(
            errors,
            "",
            r#"{"reason": "no_match"}, {"reason": "gone"}, {"reason": "gone"}"#,
        );
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].pointer.as_deref(),
            Some("/sourceFacts/tools/0/handler/failCalls/1")
        );
    }
}
