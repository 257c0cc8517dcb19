use signalint_plugin_api::Json;

use crate::context::{Cx, ptr, quote};
use crate::rules::SchemaScan;
use crate::walker::{Context, types};

declare_rule! {
    /// ## What it does
    /// Checks `x-mcp-header` designations (MCP protocol 2026-07-28), which send an argument
    /// as an HTTP header. A designation is flagged when:
    /// - it is not reachable from the root through `properties` only (array items, records,
    ///   union branches and `$defs` are not);
    /// - the property is not a `string`, `integer`, `number` or `boolean`;
    /// - its value is not an RFC 9110 token (`` ^[!#$%&'*+.^_`|~0-9A-Za-z-]+$ ``);
    /// - two designations name the same header, ignoring case.
    ///
    /// ## Why is this bad?
    /// The client has to find the value and put it in a header before the call: a value it
    /// cannot reach, cannot serialise, or cannot send as a header name makes the call fail.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "query", "description": "Runs a query.", "inputSchema": {"type": "object", "properties": {
    ///   "tenant": {"type": "string", "description": "Tenant id.", "x-mcp-header": "X Tenant"}}}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "query", "description": "Runs a query.", "inputSchema": {"type": "object", "properties": {
    ///   "tenant": {"type": "string", "description": "Tenant id.", "x-mcp-header": "X-Tenant"}}}}]}
    /// ```
    pub RULE = {
        id: "header-param-designation",
        group: Schema,
        severity: Error,
        summary: "An x-mcp-header designation is unreachable, non-scalar, not a token or duplicated",
    }
}

/// RFC 9110 `token`.
pub fn is_token(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

pub fn check_node(cx: &mut Cx, scan: &mut SchemaScan, pointer: &str, node: &Json, ncx: &Context) {
    let Some(header) = node.get("x-mcp-header") else {
        return;
    };
    if !cx.on(&RULE) {
        return;
    }
    let at = ptr(pointer, "x-mcp-header");
    if ncx.depth == 0 || !ncx.property_chain {
        cx.report(
            &RULE,
            at.clone(),
            "`x-mcp-header` is only honoured on a property reached through `properties` alone",
        );
    }
    let ty = types(node);
    if ty.len() != 1 || !matches!(ty[0], "string" | "integer" | "number" | "boolean") {
        cx.report(
            &RULE,
            at.clone(),
            "`x-mcp-header` property must have one scalar type: string, integer, number or boolean",
        );
    }
    let Some(name) = header.as_str().filter(|s| is_token(s)) else {
        cx.report_evidence(
            &RULE,
            at,
            "`x-mcp-header` must be an HTTP header name (RFC 9110 token)",
            quote(header),
        );
        return;
    };
    let lower = name.to_ascii_lowercase();
    if let Some((_, first)) = scan.headers.iter().find(|(h, _)| *h == lower) {
        let message = format!("header `{name}` is already designated at `{first}`");
        cx.report(&RULE, at, message);
    } else {
        scan.headers.push((lower, at));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    fn count(props: &str) -> usize {
        let json = format!(
            r#"{{"tools": [{{"name": "t", "inputSchema": {{"type": "object", "properties": {props}}}}}]}}"#
        );
        crate::testing::findings_of(&RULE, &json).len()
    }

    #[test]
    fn conditions() {
        assert_eq!(
            count(
                r#"{"a": {"type": "string", "x-mcp-header": "A"}, "b": {"type": "string", "x-mcp-header": "a"}}"#
            ),
            1
        );
        assert_eq!(
            count(r#"{"a": {"type": "object", "x-mcp-header": "A"}}"#),
            1
        );
        assert_eq!(
            count(r#"{"a": {"type": "array", "items": {"type": "string", "x-mcp-header": "A"}}}"#),
            1
        );
        assert_eq!(
            count(
                r#"{"a": {"type": "object", "properties": {"b": {"type": "integer", "x-mcp-header": "B"}}}}"#
            ),
            0
        );
        assert!(is_token("X-Request-Id"));
        assert!(!is_token("X Request"));
    }
}
