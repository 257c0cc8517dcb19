use crate::context::Cx;
use crate::error_codes;
use crate::source_facts::{Def, Throw};

declare_rule! {
    /// ## What it does
    /// Flags an mcp-ts-core handler, read from source, that throws
    /// `new McpError(JsonRpcErrorCode.X, …)` where the framework has a factory for `X`
    /// (`NotFound` → `notFound(…)`, `RateLimited` → `rateLimited(…)`, …). Reported once per
    /// definition, at the first such `throw`; the message names the factory.
    ///
    /// ## Why is this bad?
    /// The factory says the same thing in fewer words and keeps error construction uniform
    /// across the code base, which makes the failure modes easier to read and search.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "get_item", "description": "Reads one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": {"throws": [
    ///    {"kind": "new", "callee": "McpError", "code": "NotFound", "inCatch": null, "keepsCause": false, "stringifies": false}],
    ///    "failCalls": []}}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "get_item", "description": "Reads one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": {"throws": [
    ///    {"kind": "call", "callee": "notFound", "code": null, "inCatch": null, "keepsCause": false, "stringifies": false}],
    ///    "failCalls": []}}]}}
    /// ```
    pub RULE = {
        id: "prefer-error-factory",
        group: Handler,
        severity: Warning,
        summary: "A handler builds new McpError(JsonRpcErrorCode.X) where a factory exists",
    }
}

pub fn check(cx: &mut Cx, def: &Def, throws: &[Throw]) {
    if def.is_sdk() {
        return;
    }
    let found = throws.iter().find_map(|t| {
        if !t.constructs("McpError") {
            return None;
        }
        let code = t.code?;
        let member = error_codes::thrown_member(code)?;
        Some((t, code, member, error_codes::factory_for(member)?))
    });
    let Some((throw, code, member, factory)) = found else {
        return;
    };
    // As written: the member, or the numeric literal.
    let written = if code == member {
        format!("JsonRpcErrorCode.{member}")
    } else {
        code.to_owned()
    };
    cx.report(
        &RULE,
        def.throw_ptr(throw),
        format!(
            "{} uses `new McpError({written}, …)`. Prefer the factory \
             `{factory}(…)` from @cyanheads/mcp-ts-core/errors for consistency and readability",
            def.subject()
        ),
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
    fn codes_without_a_factory_and_sdk_servers_are_left_alone() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "a"}, {"name": "b"}], "sourceFacts": {"tools": [
                {"handler": {"throws": [{"kind": "new", "callee": "McpError", "code": "MethodNotFound"},
                                        {"kind": "new", "callee": "McpError", "code": "-32005"}]}},
                {"framework": "mcp-sdk", "handler": {"throws": [{"kind": "new", "callee": "McpError", "code": "InvalidParams"}]}}]}}"#,
        );
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(
            f[0].message
                .contains("`new McpError(-32005, …)`. Prefer the factory `forbidden(…)`"),
            "{}",
            f[0].message
        );
    }
}
