use signalint_plugin_api::Json;

use super::{root_properties, snake};
use crate::context::{Cx, ptr};
use crate::walker::types;

declare_rule! {
    /// ## What it does
    /// Flags a tool that caps a list and cannot say it did: all of
    /// - an input property is cap-shaped: in snake case it is `limit`, `per_page` or
    ///   `page_size`, starts with `max_`, or ends with `_limit`;
    /// - `outputSchema` has a root-level array property;
    /// - `outputSchema` has no root-level `truncated` or `totalCount` (`total_count`).
    ///
    /// ## Why is this bad?
    /// When the list comes back exactly at the cap the model cannot tell "that is all" from
    /// "there is more", and answers from a partial list as if it were complete.
    ///
    /// ## Options
    /// `truncation_allowlist = ["tool_name", ...]` exempts tools.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "list_runs", "description": "Lists runs.",
    ///   "inputSchema": {"type": "object", "properties": {"limit": {"type": "integer", "description": "Max runs."}}},
    ///   "outputSchema": {"type": "object", "properties": {"runs": {"type": "array", "description": "Runs.", "items": {"type": "string"}}}}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "list_runs", "description": "Lists runs.",
    ///   "inputSchema": {"type": "object", "properties": {"limit": {"type": "integer", "description": "Max runs."}}},
    ///   "outputSchema": {"type": "object", "properties": {
    ///     "runs": {"type": "array", "description": "Runs.", "items": {"type": "string"}},
    ///     "truncated": {"type": "boolean", "description": "More runs exist than were returned."}}}}]}
    /// ```
    pub RULE = {
        id: "capped-list-no-truncation",
        group: Output,
        severity: Warning,
        summary: "A capped list result has no truncated/totalCount field",
    }
}

/// Whether an input property name caps a result count.
pub fn is_cap(name: &str) -> bool {
    let s = snake(name);
    matches!(s.as_str(), "limit" | "per_page" | "page_size")
        || s.starts_with("max_")
        || s.ends_with("_limit")
}

pub fn check(cx: &mut Cx, tool: &Json, base: &str) {
    if !cx.on(&RULE) {
        return;
    }
    let (Some(input), Some(output)) = (
        root_properties(tool, "inputSchema"),
        root_properties(tool, "outputSchema"),
    ) else {
        return;
    };
    if let Some(name) = tool.get("name").and_then(Json::as_str)
        && cx.settings.truncation_allowlist.iter().any(|t| t == name)
    {
        return;
    }
    let Some(cap) = input.keys().find(|k| is_cap(k)) else {
        return;
    };
    if output
        .keys()
        .any(|k| matches!(snake(k).as_str(), "truncated" | "total_count"))
    {
        return;
    }
    let Some((list, _)) = output.iter().find(|(_, v)| types(v).contains(&"array")) else {
        return;
    };
    cx.report_evidence(
        &RULE,
        ptr(&ptr(&ptr(base, "outputSchema"), "properties"), list),
        format!("input `{cap}` caps `{list}`, but the output has no `truncated` or `totalCount` to say so"),
        cap,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn cap_shapes() {
        for name in [
            "limit",
            "perPage",
            "page_size",
            "maxResults",
            "max_items",
            "resultLimit",
        ] {
            assert!(is_cap(name), "{name}");
        }
        for name in ["page", "limiter", "maximum", "offset"] {
            assert!(!is_cap(name), "{name}");
        }
    }
}
