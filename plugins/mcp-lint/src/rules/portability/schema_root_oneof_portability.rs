use signalint_plugin_api::Json;

use crate::context::{Cx, ptr};

declare_rule! {
    /// ## What it does
    /// *Strict portability only.* Flags a tool schema with `oneOf` at its root (a
    /// discriminated union of argument objects).
    ///
    /// ## Why is this bad?
    /// OpenAI and Gemini require a plain object at the root of function parameters and
    /// reject root-level unions. Split the tool, or flatten the variants into optional
    /// properties with a mode field.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "get", "description": "Gets by id or name.", "inputSchema": {"type": "object", "oneOf": [
    ///   {"type": "object", "properties": {"id": {"type": "integer", "description": "Id."}}},
    ///   {"type": "object", "properties": {"name": {"type": "string", "description": "Name."}}}]}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "get", "description": "Gets by id or name.", "inputSchema": {"type": "object", "properties": {
    ///   "id": {"type": "integer", "description": "Id; give this or `name`."},
    ///   "name": {"type": "string", "description": "Name; give this or `id`."}}}}]}
    /// ```
    pub RULE = {
        id: "schema-root-oneof-portability",
        group: Portability,
        severity: Warning,
        activation: Strict,
        summary: "A tool schema has a root-level oneOf (strict portability)",
    }
}

pub fn check_root(cx: &mut Cx, root: &Json, base: &str) {
    if root.get("oneOf").is_some_and(Json::is_array) {
        cx.report(
            &RULE,
            ptr(base, "oneOf"),
            "root-level `oneOf` is rejected by OpenAI and Gemini; flatten the variants",
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
    fn off_by_default() {
        let surface = crate::testing::surface(
            &RULE,
            r#"{"tools": [{"name": "t", "inputSchema": {"type": "object", "oneOf": []}}]}"#,
        );
        let f = crate::lint_surfaces(&[surface], &serde_json::Value::Null).unwrap();
        assert!(f.iter().all(|f| f.code != RULE.id));
    }
}
