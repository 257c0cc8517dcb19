use crate::context::Cx;
use crate::source_facts::{Def, Throw};

declare_rule! {
    /// ## What it does
    /// Flags a tool or resource handler, read from source, that throws a plain Error
    /// (`throw new Error(…)`), anywhere in its body including nested callbacks. Reported once
    /// per definition, at the first such `throw`.
    ///
    /// ## Why is this bad?
    /// A plain Error carries no JSON-RPC code, so the framework falls back to the generic
    /// InternalError and the client cannot tell "not found" from "upstream down". Use
    /// `McpError` or a factory (`notFound()`, `serviceUnavailable()`, …) for failures that
    /// deserve a specific code; a plain Error is fine where the code does not matter, and
    /// this warning can be accepted there.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "get_item", "description": "Reads one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": {"throws": [
    ///    {"kind": "new", "callee": "Error", "code": null, "inCatch": null, "keepsCause": false, "stringifies": false}],
    ///    "failCalls": []}}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "get_item", "description": "Reads one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": {"throws": [
    ///    {"kind": "call", "callee": "notFound", "code": null, "inCatch": null, "keepsCause": false, "stringifies": false}],
    ///    "failCalls": []}}]}}
    /// ```
    pub RULE = {
        id: "prefer-mcp-error-in-handler",
        group: Handler,
        severity: Warning,
        summary: "A handler throws a plain Error instead of McpError or a factory",
    }
}

pub fn check(cx: &mut Cx, def: &Def, throws: &[Throw]) {
    let Some(first) = throws.iter().find(|t| t.constructs("Error")) else {
        return;
    };
    cx.report(
        &RULE,
        def.throw_ptr(first),
        format!(
            "{} throws a plain Error. Use McpError or a factory (e.g. notFound(), \
             serviceUnavailable(), serializationError()) so the framework returns a specific \
             JSON-RPC error code instead of the generic InternalError fallback",
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
    fn once_per_definition_at_the_first_throw() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t"}], "sourceFacts": {"tools": [{"handler": {"throws": [
                {"kind": "new", "callee": "TypeError"},
                {"kind": "new", "callee": "Error"},
                {"kind": "new", "callee": "Error"}]}}]}}"#,
        );
        assert_eq!(f.len(), 1);
        assert_eq!(
            f[0].pointer.as_deref(),
            Some("/sourceFacts/tools/0/handler/throws/1")
        );
        assert_eq!(f[0].tool.as_deref(), Some("t"));
    }
}
