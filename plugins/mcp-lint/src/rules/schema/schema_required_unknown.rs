use signalint_plugin_api::Json;

use crate::context::{Cx, ptr};
use crate::walker::Context;

declare_rule! {
    /// ## What it does
    /// Flags a name in `required` that the same schema node's `properties` does not define.
    /// Only nodes with both `properties` and `required` are checked, so the common pattern of
    /// `oneOf: [{"required": ["a"]}, {"required": ["b"]}]` branches over the parent's
    /// properties is fine. Nodes below `not` are skipped. (When `additionalProperties` is
    /// `false` the key can never be given at all; that is `schema-unsatisfiable`.)
    ///
    /// ## Why is this bad?
    /// The model must send the key but has no schema or description for it, so it guesses a
    /// value or the call fails validation. Usually the key was renamed in `properties` and not
    /// in `required`.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "get_issue", "description": "Reads an issue.", "inputSchema": {"type": "object",
    ///   "properties": {"issue_number": {"type": "integer", "description": "Issue number."}},
    ///   "required": ["issueNumber"]}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "get_issue", "description": "Reads an issue.", "inputSchema": {"type": "object",
    ///   "properties": {"issue_number": {"type": "integer", "description": "Issue number."}},
    ///   "required": ["issue_number"]}}]}
    /// ```
    pub RULE = {
        id: "schema-required-unknown",
        group: Schema,
        severity: Warning,
        summary: "A required key is not defined in properties",
    }
}

pub fn check_node(cx: &mut Cx, pointer: &str, node: &Json, ncx: &Context) {
    if ncx.under_not {
        return;
    }
    let (Some(props), Some(required)) = (
        node.get("properties").and_then(Json::as_object),
        node.get("required").and_then(Json::as_array),
    ) else {
        return;
    };
    if node.get("additionalProperties") == Some(&Json::Bool(false))
        && node.get("patternProperties").is_none()
    {
        return; // schema-unsatisfiable reports it
    }
    for name in required.iter().filter_map(Json::as_str) {
        if !props.contains_key(name) {
            cx.report_evidence(
                &RULE,
                ptr(pointer, "required"),
                format!("`{name}` is required but not defined in `properties`"),
                name,
            );
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
    fn branch_requirements_over_parent_properties_are_fine() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t", "inputSchema": {"type": "object",
                "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
                "oneOf": [{"required": ["a"]}, {"required": ["b"]}]}}]}"#,
        );
        assert!(f.is_empty());
    }
}
