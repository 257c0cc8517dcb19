use signalint_plugin_api::Json;

use crate::context::{Cx, ptr, truncate};

declare_rule! {
    /// ## What it does
    /// Flags a tool whose `_meta.ui.resourceUri` does not start with `ui://`.
    ///
    /// ## Why is this bad?
    /// MCP Apps hosts only render UI resources from the `ui://` scheme; an `https://` or
    /// `file://` URI is ignored, and the tool falls back to plain text.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "chart", "description": "Draws a chart.", "inputSchema": {"type": "object"},
    ///             "_meta": {"ui": {"resourceUri": "https://example.com/chart.html"}}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "chart", "description": "Draws a chart.", "inputSchema": {"type": "object"},
    ///             "_meta": {"ui": {"resourceUri": "ui://charts/bar"}}}]}
    /// ```
    pub RULE = {
        id: "meta-ui-resource-uri-scheme",
        group: Tools,
        severity: Warning,
        summary: "A tool's `_meta.ui.resourceUri` is not a ui:// URI",
    }
}

pub fn check(cx: &mut Cx, tool: &Json, base: &str) {
    let Some(uri) = super::meta_ui(tool)
        .and_then(|ui| ui.get("resourceUri"))
        .and_then(Json::as_str)
    else {
        return;
    };
    if uri.trim().is_empty() || uri.starts_with("ui://") {
        return;
    }
    cx.report_evidence(
        &RULE,
        ptr(&ptr(&ptr(base, "_meta"), "ui"), "resourceUri"),
        "`_meta.ui.resourceUri` should use the `ui://` scheme",
        truncate(uri, 80),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
