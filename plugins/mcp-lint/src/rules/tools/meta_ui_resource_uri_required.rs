use signalint_plugin_api::Json;

use crate::context::{Cx, ptr};

declare_rule! {
    /// ## What it does
    /// Flags a tool whose `_meta.ui` object has a `resourceUri` that is not a non-empty
    /// string, or has neither `resourceUri` nor `visibility`.
    ///
    /// A `_meta.ui` with only `visibility` is an app helper tool (for example
    /// `"visibility": ["app"]`, callable from a UI but rendering none), which the MCP Apps
    /// extension allows; the original linter required `resourceUri` on every `_meta.ui`.
    ///
    /// ## Why is this bad?
    /// `resourceUri` names the `ui://` resource the host renders for the tool. Without it,
    /// `_meta.ui` declares an app with nothing to show.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "chart", "description": "Draws a chart.", "inputSchema": {"type": "object"},
    ///             "_meta": {"ui": {"prefersBorder": true}}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "chart", "description": "Draws a chart.", "inputSchema": {"type": "object"},
    ///             "_meta": {"ui": {"resourceUri": "ui://charts/bar", "prefersBorder": true}}}]}
    /// ```
    pub RULE = {
        id: "meta-ui-resource-uri-required",
        group: Tools,
        severity: Error,
        summary: "A tool's `_meta.ui` has an empty resourceUri, or neither resourceUri nor visibility",
    }
}

pub fn check(cx: &mut Cx, tool: &Json, base: &str) {
    let Some(ui) = super::meta_ui(tool).and_then(Json::as_object) else {
        return;
    };
    let ok = match ui.get("resourceUri") {
        Some(uri) => uri.as_str().is_some_and(|s| !s.trim().is_empty()),
        None => ui.contains_key("visibility"),
    };
    if !ok {
        let at = ptr(&ptr(base, "_meta"), "ui");
        let at = if ui.contains_key("resourceUri") {
            ptr(&at, "resourceUri")
        } else {
            at
        };
        cx.report(
            &RULE,
            at,
            "`_meta.ui.resourceUri` must be a non-empty string",
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
    fn app_helper_tools_need_no_resource() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "a", "_meta": {"ui": {"visibility": ["app"]}}}]}"#,
        );
        assert!(f.is_empty());
    }

    #[test]
    fn empty_string_points_at_the_key() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "a", "_meta": {"ui": {"resourceUri": ""}}}]}"#,
        );
        assert_eq!(
            f[0].pointer.as_deref(),
            Some("/tools/0/_meta/ui/resourceUri")
        );
    }
}
