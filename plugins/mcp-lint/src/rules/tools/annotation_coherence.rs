use signalint_plugin_api::Json;

use crate::context::{Cx, ptr};

declare_rule! {
    /// ## What it does
    /// Flags a tool whose annotations say `readOnlyHint: true` and also carry a
    /// `destructiveHint` key, whatever its value.
    ///
    /// ## Why is this bad?
    /// By the MCP specification `destructiveHint` is meaningful only when `readOnlyHint` is
    /// `false`: on a read-only tool it is ignored, whatever its value. `false` there is not
    /// wrong, only a key that clients following the specification never read; `true` reads as
    /// a contradiction to a person or a client that looks at the key alone. Remove it, unless a
    /// client you target reads `destructiveHint` without `readOnlyHint`.
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

pub fn check(cx: &mut Cx, tool: &Json, base: &str) {
    let Some(map) = tool.get("annotations").and_then(Json::as_object) else {
        return;
    };
    if map.get("readOnlyHint") != Some(&Json::Bool(true)) {
        return;
    }
    if let Some(value) = map.get("destructiveHint") {
        let also = if value == &Json::Bool(true) {
            ", though a client that reads the key alone takes the tool as destructive"
        } else {
            ""
        };
        cx.report(
            &RULE,
            ptr(&ptr(base, "annotations"), "destructiveHint"),
            format!(
                "`destructiveHint: {value}` is ignored on a read-only tool (`readOnlyHint: true`): the specification gives it meaning only when `readOnlyHint` is false{also}; remove the key unless a client you target reads it alone"
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
        assert_eq!(
            f[0].message,
            "`destructiveHint: false` is ignored on a read-only tool (`readOnlyHint: true`): the specification gives it meaning only when `readOnlyHint` is false; remove the key unless a client you target reads it alone"
        );
        assert!(
            !f[0].message.contains("meaningless"),
            "false is not wrong, only ignored"
        );
    }
}
