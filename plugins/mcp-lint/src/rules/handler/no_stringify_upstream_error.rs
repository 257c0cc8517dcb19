use crate::context::Cx;
use crate::source_facts::{Def, Throw};

declare_rule! {
    /// ## What it does
    /// Flags a tool or resource handler, read from source, with a `throw` whose arguments
    /// call `JSON.stringify(…)` (typically the message: ``throw new Error(`failed: ${JSON.stringify(e)}`)``).
    /// Only the thrown expression counts, not a `JSON.stringify` elsewhere in the handler.
    /// Reported once per definition, at the first such `throw`.
    ///
    /// ## Why is this bad?
    /// Stringifying a caught or upstream error into the message sends its internals (stack
    /// traces, internal identifiers, third-party trace ids) to the client and the model.
    /// Sanitize first, or put the raw value in the error's `data` payload, never the message.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "fetch_page", "description": "Fetches one page.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": {"throws": [
    ///    {"kind": "call", "callee": "serviceUnavailable", "code": null, "inCatch": "e", "keepsCause": true, "stringifies": true}],
    ///    "failCalls": []}}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "fetch_page", "description": "Fetches one page.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": {"throws": [
    ///    {"kind": "call", "callee": "serviceUnavailable", "code": null, "inCatch": "e", "keepsCause": true, "stringifies": false}],
    ///    "failCalls": []}}]}}
    /// ```
    pub RULE = {
        id: "no-stringify-upstream-error",
        group: Handler,
        severity: Warning,
        summary: "A handler throws an error whose message embeds JSON.stringify",
    }
}

pub fn check(cx: &mut Cx, def: &Def, throws: &[Throw]) {
    let Some(first) = throws.iter().find(|t| t.stringifies) else {
        return;
    };
    cx.report(
        &RULE,
        def.throw_ptr(first),
        format!(
            "{} throws a message containing JSON.stringify(...). Stringifying caught or \
             upstream error blobs into the message risks leaking internal traces to clients. \
             Sanitize first, or attach the raw blob to the McpError's `data` payload — never the message",
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
    fn resources_are_checked_prompts_are_not() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"resources": [{"name": "r", "uri": "x://a"}], "prompts": [{"name": "p"}],
                "sourceFacts": {"resources": [{"handler": {"throws": [{"kind": "other", "stringifies": true}]}}],
                                "prompts": [{"handler": {"throws": [{"kind": "other", "stringifies": true}]}}]}}"#,
        );
        let pointers: Vec<_> = f.iter().filter_map(|f| f.pointer.as_deref()).collect();
        assert_eq!(pointers, ["/sourceFacts/resources/0/handler/throws/0"]);
    }
}
