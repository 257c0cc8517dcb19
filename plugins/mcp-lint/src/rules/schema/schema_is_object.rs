use signalint_plugin_api::Json;

use crate::context::{Cx, ptr, quote, type_name};
use crate::rules::SchemaRole;

declare_rule! {
    /// ## What it does
    /// Flags a tool whose `inputSchema` is missing, is not a JSON object, or does not have
    /// `"type": "object"` at its root, and an `outputSchema` that is present but not an
    /// object schema. A root `{"type": "object", "oneOf": [...]}` (a discriminated union of
    /// objects) is an object schema.
    ///
    /// ## Why is this bad?
    /// The MCP specification requires both schemas to describe a JSON object: arguments are
    /// sent as named fields and `structuredContent` must be an object. Clients reject tools
    /// with any other root (`"type": "array"`, `"type": "string"`, no `type`), or send
    /// arguments the server cannot read.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "tag", "description": "Adds tags.", "inputSchema": {"type": "array", "items": {"type": "string"}}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "tag", "description": "Adds tags.", "inputSchema": {"type": "object", "properties": {
    ///   "tags": {"type": "array", "items": {"type": "string"}, "description": "Tags to add."}}}}]}
    /// ```
    pub RULE = {
        id: "schema-is-object",
        group: Schema,
        severity: Error,
        summary: "A tool's input or output schema is not an object schema",
    }
}

pub fn check(cx: &mut Cx, tool: &Json, base: &str) {
    if !cx.on(&RULE) {
        return;
    }
    for role in [SchemaRole::Input, SchemaRole::Output] {
        let key = role.key();
        let at = ptr(base, key);
        match tool.get(key) {
            None if role == SchemaRole::Input => {
                cx.report(&RULE, base, "tool has no `inputSchema`; use `{\"type\": \"object\"}` for a tool without arguments");
            }
            None => {}
            Some(Json::Object(map)) => match map.get("type") {
                Some(Json::String(t)) if &**t == "object" => {}
                None => {
                    cx.report(
                        &RULE,
                        at,
                        format!("`{key}` has no `\"type\": \"object\"` at its root"),
                    );
                }
                Some(other) => {
                    cx.report_evidence(
                        &RULE,
                        ptr(&at, "type"),
                        format!("`{key}` root must be `\"type\": \"object\"`"),
                        quote(other),
                    );
                }
            },
            Some(other) => {
                cx.report(
                    &RULE,
                    at,
                    format!("`{key}` is {}, not a JSON Schema object", type_name(other)),
                );
            }
        }
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
    fn missing_input_and_bad_output() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "a"}, {"name": "b", "inputSchema": {"type": "object"}, "outputSchema": true},
                          {"name": "c", "inputSchema": {"type": "object", "oneOf": [{"type": "object"}]}}]}"#,
        );
        let pointers: Vec<_> = f.iter().filter_map(|f| f.pointer.as_deref()).collect();
        assert_eq!(pointers, ["/tools/0", "/tools/1/outputSchema"]);
    }
}
