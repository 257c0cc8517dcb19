use signalint_plugin_api::Json;
use signalint_plugin_api::McpSurface;

use crate::context::{Cx, ptr};

declare_rule! {
    /// ## What it does
    /// Flags a tool whose `_meta.ui.resourceUri` matches no advertised resource: neither the
    /// `uri` of an entry of `resources/list` nor an RFC 6570 template of
    /// `resources/templates/list` (`{+x}`, `{#x}` and `{/x}` match any text, other
    /// expressions one path segment).
    ///
    /// The rule only runs when the surface lists at least one resource or template: a
    /// manifest with tools alone says nothing about the resources.
    ///
    /// ## Why is this bad?
    /// The host fetches the UI with `resources/read`; if the server does not serve that URI
    /// the app fails to open.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "chart", "description": "Draws a chart.", "inputSchema": {"type": "object"},
    ///             "_meta": {"ui": {"resourceUri": "ui://charts/pie"}}}],
    ///  "resources": [{"name": "bar", "uri": "ui://charts/bar", "description": "Bar chart UI."}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "chart", "description": "Draws a chart.", "inputSchema": {"type": "object"},
    ///             "_meta": {"ui": {"resourceUri": "ui://charts/pie"}}}],
    ///  "resourceTemplates": [{"name": "chart", "uriTemplate": "ui://charts/{kind}", "description": "Chart UIs."}]}
    /// ```
    pub RULE = {
        id: "app-tool-resource-pairing",
        group: Tools,
        severity: Warning,
        summary: "A tool's UI resource is not among the advertised resources",
    }
}

pub fn check(cx: &mut Cx, surface: &McpSurface) {
    if !cx.on(&RULE) || (surface.resources.is_empty() && surface.resource_templates.is_empty()) {
        return;
    }
    let mut templates = None;
    // Looked up once per tool: a set, so a surface of many tools and resources stays linear.
    let uris: std::collections::HashSet<&str> = surface
        .resources
        .iter()
        .filter_map(|r| r.get("uri").and_then(Json::as_str))
        .collect();
    for (i, tool) in surface.tools.iter().enumerate() {
        let Some(uri) = super::meta_ui(tool)
            .and_then(|ui| ui.get("resourceUri"))
            .and_then(Json::as_str)
            .filter(|s| !s.trim().is_empty())
        else {
            continue;
        };
        if uris.contains(uri) {
            continue;
        }
        let templates = templates.get_or_insert_with(|| {
            surface
                .resource_templates
                .iter()
                .filter_map(|t| t.get("uriTemplate").and_then(Json::as_str))
                .filter_map(crate::uri_template::to_regex)
                .collect::<Vec<_>>()
        });
        if templates.iter().any(|re| re.is_match(uri)) {
            continue;
        }
        cx.set_tool(tool.get("name").and_then(Json::as_str));
        cx.report_evidence(
            &RULE,
            ptr(
                &ptr(&ptr(&format!("/tools/{i}"), "_meta"), "ui"),
                "resourceUri",
            ),
            "UI resource is not served: no resource URI or resource template matches it",
            uri,
        );
        cx.set_tool(None);
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
    fn silent_without_resources() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "a", "_meta": {"ui": {"resourceUri": "ui://x"}}}]}"#,
        );
        assert!(f.is_empty());
    }
}
