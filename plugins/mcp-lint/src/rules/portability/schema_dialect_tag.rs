use signalint_plugin_api::Json;

use crate::context::Cx;

declare_rule! {
    /// ## What it does
    /// *Strict portability only.* Flags a tool schema without a non-empty `$schema` string at
    /// its root.
    ///
    /// ## Why is this bad?
    /// MCP defaults to JSON Schema 2020-12 (SEP-1613), but clients built on draft-07
    /// validators read `items`, `definitions` and `exclusiveMinimum` differently. Naming the
    /// dialect removes the guesswork.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "ping", "description": "Pings.", "inputSchema": {"type": "object"}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "ping", "description": "Pings.", "inputSchema": {
    ///   "$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}}]}
    /// ```
    pub RULE = {
        id: "schema-dialect-tag",
        group: Portability,
        severity: Warning,
        activation: Strict,
        summary: "A tool schema does not declare its dialect with $schema (strict portability)",
    }
}

pub fn check_root(cx: &mut Cx, root: &Json, base: &str) {
    let tagged = root
        .get("$schema")
        .and_then(Json::as_str)
        .is_some_and(|s| !s.trim().is_empty());
    if !tagged {
        cx.report(&RULE, base, "schema has no `$schema` dialect tag");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
