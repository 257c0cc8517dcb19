use signalint_plugin_api::{Json, McpSurface};

use crate::context::{Cx, ptr};
use crate::rules::output::root_properties;
use crate::source_facts::source_facts;

declare_rule! {
    /// ## What it does
    /// Flags each tool of a server read from source whose `outputSchema` has a root field
    /// `canvas_id` or `canvasId` (an mcp-ts-core DataCanvas token) while no tool of the server
    /// can take the token: none is named `*_dataframe_query`, and none is listed in the
    /// `canvas_consumers` option (`canvas_consumers = false` turns the rule off).
    ///
    /// ## Why is this bad?
    /// A canvas token is only useful when the agent can pass it to a query tool; without one
    /// it is dead output. Either add the `<prefix>_dataframe_query` (and `_describe`)
    /// consumers, or drop the canvas staging when the data is not row-shaped.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "stage_rows", "description": "Stages rows for SQL.", "inputSchema": {"type": "object"},
    ///   "outputSchema": {"type": "object", "properties": {"canvas_id": {"type": "string", "description": "Canvas token."}}}}],
    ///  "sourceFacts": {"tools": [{"handler": null}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "stage_rows", "description": "Stages rows for SQL.", "inputSchema": {"type": "object"},
    ///   "outputSchema": {"type": "object", "properties": {"canvas_id": {"type": "string", "description": "Canvas token."}}}},
    ///   {"name": "rows_dataframe_query", "description": "Runs SQL on a canvas.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null}, {"handler": null}]}}
    /// ```
    pub RULE = {
        id: "canvas-consumer-missing",
        group: Source,
        severity: Warning,
        summary: "A tool outputs a canvas token but no tool of the server consumes it",
    }
}

pub fn check(cx: &mut Cx, surface: &McpSurface) {
    if source_facts(surface).is_none() || !cx.on(&RULE) {
        return;
    }
    let Some(extra) = cx.settings.canvas_consumers.clone() else {
        return;
    };
    let names = || {
        surface
            .tools
            .iter()
            .filter_map(|t| t.get("name").and_then(Json::as_str))
    };
    if names().any(|n| n.ends_with("_dataframe_query") || extra.iter().any(|e| e == n)) {
        return;
    }
    for (i, tool) in surface.tools.iter().enumerate() {
        let Some(output) = root_properties(tool, "outputSchema") else {
            continue;
        };
        let Some(key) = ["canvas_id", "canvasId"]
            .into_iter()
            .find(|k| output.get(k).is_some())
        else {
            continue;
        };
        let name = tool
            .get("name")
            .and_then(Json::as_str)
            .unwrap_or("<unnamed>");
        cx.set_tool(Some(name));
        cx.report(
            &RULE,
            ptr(&ptr(&format!("/tools/{i}/outputSchema"), "properties"), key),
            format!(
                "Tool `{name}` outputs a canvas token (`canvas_id`/`canvasId`) but no consumer tool \
                 is registered in this server. A canvas token with no query path is unreachable — \
                 the agent cannot use it. Fix in either direction: complete the integration by \
                 adding the standard `<prefix>_dataframe_query` and `<prefix>_dataframe_describe` \
                 consumers, or remove the DataCanvas staging when the data isn't row-shaped and \
                 SQL access adds nothing. To accept a non-standard consumer name, set \
                 `canvas_consumers` in the mcp-lint options"
            ),
        );
        cx.set_tool(None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STAGED: &str = r#"{"tools": [{"name": "stage", "outputSchema": {"type": "object", "properties": {"canvasId": {}}}},
        {"name": "my_sql"}], "sourceFacts": {"tools": [{}, {}]}}"#;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    fn run(options: serde_json::Value) -> usize {
        let surface = crate::testing::surface(&RULE, STAGED);
        crate::lint_surfaces(&[surface], &options)
            .unwrap()
            .iter()
            .filter(|f| f.code == RULE.id)
            .count()
    }

    #[test]
    fn the_option_names_consumers_or_turns_the_rule_off() {
        assert_eq!(run(serde_json::json!({})), 1);
        assert_eq!(run(serde_json::json!({"canvas_consumers": ["my_sql"]})), 0);
        assert_eq!(run(serde_json::json!({"canvas_consumers": false})), 0);
    }
}
