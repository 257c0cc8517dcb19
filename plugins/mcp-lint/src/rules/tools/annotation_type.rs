use signalint_plugin_api::Json;

use crate::context::{Cx, ptr, quote, type_name};

declare_rule! {
    /// ## What it does
    /// Flags `annotations` that is not an object, and any of `readOnlyHint`,
    /// `destructiveHint`, `idempotentHint` or `openWorldHint` that is present but not a
    /// boolean (`"true"`, `1`, `null`).
    ///
    /// ## Why is this bad?
    /// Clients decide whether to ask for confirmation from these hints. A string `"false"` is
    /// truthy in some clients and ignored in others, so a destructive tool may run without
    /// the confirmation the author meant to require.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "drop_table", "description": "Drops a table.", "inputSchema": {"type": "object"},
    ///             "annotations": {"destructiveHint": "true"}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "drop_table", "description": "Drops a table.", "inputSchema": {"type": "object"},
    ///             "annotations": {"destructiveHint": true}}]}
    /// ```
    pub RULE = {
        id: "annotation-type",
        group: Tools,
        severity: Warning,
        summary: "A tool annotation hint is not a boolean",
    }
}

const HINTS: [&str; 4] = [
    "readOnlyHint",
    "destructiveHint",
    "idempotentHint",
    "openWorldHint",
];

pub fn check(cx: &mut Cx, tool: &Json, base: &str) {
    let Some(annotations) = tool.get("annotations") else {
        return;
    };
    let at = ptr(base, "annotations");
    let Some(map) = annotations.as_object() else {
        cx.report(
            &RULE,
            at,
            format!("`annotations` is {}, not an object", type_name(annotations)),
        );
        return;
    };
    for hint in HINTS {
        if let Some(value) = map.get(hint)
            && !value.is_boolean()
        {
            cx.report_evidence(
                &RULE,
                ptr(&at, hint),
                format!("`{hint}` is {}, not a boolean", type_name(value)),
                quote(value),
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
    fn non_object_annotations() {
        let f =
            crate::testing::findings_of(&RULE, r#"{"tools": [{"name": "a", "annotations": []}]}"#);
        assert_eq!(f[0].pointer.as_deref(), Some("/tools/0/annotations"));
    }
}
