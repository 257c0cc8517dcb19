use signalint_plugin_api::Json;

use crate::context::{Cx, ptr, type_name};

declare_rule! {
    /// ## What it does
    /// Flags a tool whose `_meta.ui` (MCP Apps) is present but not an object (`null` counts).
    ///
    /// ## Why is this bad?
    /// Hosts that render MCP Apps read `_meta.ui.resourceUri` to find the tool's UI. Any
    /// other shape means the UI is never shown, silently.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "chart", "description": "Draws a chart.", "inputSchema": {"type": "object"},
    ///             "_meta": {"ui": "ui://charts/bar"}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "chart", "description": "Draws a chart.", "inputSchema": {"type": "object"},
    ///             "_meta": {"ui": {"resourceUri": "ui://charts/bar"}}}]}
    /// ```
    pub RULE = {
        id: "meta-ui-type",
        group: Tools,
        severity: Error,
        summary: "A tool's `_meta.ui` is not an object",
    }
}

pub fn check(cx: &mut Cx, tool: &Json, base: &str) {
    let Some(ui) = super::meta_ui(tool) else {
        return;
    };
    if !ui.is_object() {
        cx.report(
            &RULE,
            ptr(&ptr(base, "_meta"), "ui"),
            format!("`_meta.ui` is {}, not an object", type_name(ui)),
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
    fn null_counts() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "a", "_meta": {"ui": null}}]}"#,
        );
        assert_eq!(f.len(), 1);
    }
}
