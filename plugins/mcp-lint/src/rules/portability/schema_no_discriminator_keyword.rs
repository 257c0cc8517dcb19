use signalint_plugin_api::Json;

use crate::context::{Cx, ptr};

declare_rule! {
    /// ## What it does
    /// Flags a schema node with a `discriminator` keyword (OpenAPI's union tag). A property
    /// *named* `discriminator` is fine.
    ///
    /// ## Why is this bad?
    /// `discriminator` is not JSON Schema. OpenAI's strict mode rejects unknown keywords and
    /// other vendors ignore it, so the union it was meant to tag behaves differently per
    /// client. Use a `const` on the tag property of each branch instead.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "pay", "description": "Pays.", "inputSchema": {"type": "object",
    ///   "discriminator": {"propertyName": "kind"},
    ///   "oneOf": [{"type": "object", "properties": {"kind": {"type": "string", "const": "card", "description": "Tag."}}}]}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "pay", "description": "Pays.", "inputSchema": {"type": "object",
    ///   "oneOf": [{"type": "object", "properties": {"kind": {"type": "string", "const": "card", "description": "Tag."}}}]}}]}
    /// ```
    pub RULE = {
        id: "schema-no-discriminator-keyword",
        group: Portability,
        severity: Warning,
        summary: "A schema uses the OpenAPI `discriminator` keyword",
    }
}

pub fn check_node(cx: &mut Cx, pointer: &str, node: &Json) {
    if node.get("discriminator").is_some() {
        cx.report(
            &RULE,
            ptr(pointer, "discriminator"),
            "`discriminator` is an OpenAPI keyword, not JSON Schema; tag union branches with `const` instead",
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
    fn property_named_discriminator_is_fine() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"discriminator": {"type": "string"}}}}]}"#,
        );
        assert!(f.is_empty());
    }
}
