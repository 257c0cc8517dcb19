use serde_json::Value;

use crate::context::{Cx, ptr};

declare_rule! {
    /// ## What it does
    /// Flags a tool whose annotations say `readOnlyHint: true` and also carry a
    /// `destructiveHint` key, whatever its value.
    ///
    /// ## Why is this bad?
    /// The specification defines `destructiveHint` only for tools that modify their
    /// environment (`readOnlyHint: false`). On a read-only tool the key is either a
    /// contradiction (`true`) or noise (`false`) that suggests the hints were copied without
    /// thought, and clients differ in which of the two they trust.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "get_issue", "description": "Reads an issue.", "inputSchema": {"type": "object"},
    ///             "annotations": {"readOnlyHint": true, "destructiveHint": true}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "get_issue", "description": "Reads an issue.", "inputSchema": {"type": "object"},
    ///             "annotations": {"readOnlyHint": true}}]}
    /// ```
    pub RULE = {
        id: "annotation-coherence",
        group: Tools,
        severity: Warning,
        summary: "A read-only tool also declares destructiveHint",
    }
}

pub fn check(cx: &mut Cx, tool: &Value, base: &str) {
    let Some(map) = tool.get("annotations").and_then(Value::as_object) else {
        return;
    };
    if map.get("readOnlyHint") != Some(&Value::Bool(true)) {
        return;
    }
    if let Some(value) = map.get("destructiveHint") {
        let what = if value == &Value::Bool(true) {
            "contradicts it"
        } else {
            "is meaningless there"
        };
        cx.report(
            &RULE,
            ptr(&ptr(base, "annotations"), "destructiveHint"),
            format!(
                "tool is `readOnlyHint: true`, so `destructiveHint: {value}` {what}; remove the key"
            ),
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
    fn false_is_flagged_too_but_not_on_writable_tools() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "a", "annotations": {"readOnlyHint": true, "destructiveHint": false}},
                          {"name": "b", "annotations": {"readOnlyHint": false, "destructiveHint": true}}]}"#,
        );
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].tool.as_deref(), Some("a"));
    }
}
