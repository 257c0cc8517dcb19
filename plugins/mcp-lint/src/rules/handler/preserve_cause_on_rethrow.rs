use crate::context::Cx;
use crate::error_codes;
use crate::source_facts::{Def, Throw};

declare_rule! {
    /// ## What it does
    /// Flags an mcp-ts-core handler, read from source, where a `throw` inside `catch (e)`
    /// builds a structured error (`new McpError(…)` or a factory such as
    /// `serviceUnavailable(…)`) without passing `{ cause: e }`. Only the throws inside that
    /// catch block count, and a `catch {}` without a binding or a destructuring
    /// `catch ({ message })` has no error object to pass. Reported
    /// once per definition, at the first such `throw`.
    ///
    /// ## Why is this bad?
    /// Wrapping the caught error without its cause drops the original stack and message;
    /// logs and observability tools that render error chains then show only the wrapper.
    /// Pass the cause as McpError's fourth argument or in the factory's options.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "fetch_page", "description": "Fetches one page.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": {"throws": [
    ///    {"kind": "call", "callee": "serviceUnavailable", "code": null, "inCatch": "err", "keepsCause": false, "stringifies": false}],
    ///    "failCalls": []}}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "fetch_page", "description": "Fetches one page.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": {"throws": [
    ///    {"kind": "call", "callee": "serviceUnavailable", "code": null, "inCatch": "err", "keepsCause": true, "stringifies": false}],
    ///    "failCalls": []}}]}}
    /// ```
    pub RULE = {
        id: "preserve-cause-on-rethrow",
        group: Handler,
        severity: Warning,
        summary: "A catch block rethrows a structured error without its cause",
    }
}

pub fn check(cx: &mut Cx, def: &Def, throws: &[Throw]) {
    if def.is_sdk() {
        return;
    }
    let found = throws.iter().find_map(|t| {
        // A binding to pass as the cause: not `catch {}`, nor a destructuring `catch ({ message })`.
        let var = t.in_catch.filter(|v| is_identifier(v))?;
        let structured = t.constructs("McpError")
            || (t.kind == "call" && t.callee.and_then(error_codes::factory_code).is_some());
        (structured && !t.keeps_cause).then_some((t, var))
    });
    let Some((throw, var)) = found else {
        return;
    };
    cx.report(
        &RULE,
        def.throw_ptr(throw),
        format!(
            "{} wraps caught `{var}` in McpError without {{ cause: {var} }}. Pass the cause \
             via the 4th constructor arg (or factory options) to preserve the error chain — \
             observability platforms and pino-pretty surface causes automatically",
            def.subject()
        ),
    );
}

/// A JavaScript identifier (ASCII letters, digits, `_`, `$`; not starting with a digit).
fn is_identifier(name: &str) -> bool {
    name.bytes().next().is_some_and(|b| !b.is_ascii_digit())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_throws_inside_a_bound_catch_count() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t"}], "sourceFacts": {"tools": [{"handler": {"throws": [
                {"kind": "call", "callee": "notFound", "inCatch": null, "keepsCause": false},
                {"kind": "call", "callee": "notFound", "inCatch": "", "keepsCause": false},
                {"kind": "call", "callee": "notFound", "inCatch": "{…}", "keepsCause": false},
                {"kind": "new", "callee": "Error", "inCatch": "e", "keepsCause": false},
                {"kind": "call", "callee": "notFound", "inCatch": "e", "keepsCause": true},
                {"kind": "new", "callee": "McpError", "code": "NotFound", "inCatch": "e2", "keepsCause": false},
                {"kind": "call", "callee": "conflict", "inCatch": "e3", "keepsCause": false}]}}]}}"#,
        );
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].pointer.as_deref(),
            Some("/sourceFacts/tools/0/handler/throws/5")
        );
        assert!(f[0].message.contains("caught `e2`"), "{}", f[0].message);
    }

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
