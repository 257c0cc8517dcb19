use signalint_plugin_api::Json;

use crate::context::{Cx, ptr};

declare_rule! {
    /// ## What it does
    /// Flags a `format` keyword whose value is not in the allowlist. The default allowlist is
    /// the set OpenAI's structured outputs accept: `date-time`, `time`, `date`, `duration`,
    /// `email`, `hostname`, `ipv4`, `ipv6`, `uuid`. So `uri`, `url`, `byte`, `int64`,
    /// `ulid`, `ipv4-cidr`, ... are flagged.
    ///
    /// ## Why is this bad?
    /// Some vendors reject the whole tool list when one schema carries an unknown format
    /// (gpt-5-codex rejecting `format: "uri"`, cyanheads/git-mcp-server#47); others drop the
    /// keyword silently. Describe the shape in `description` or `pattern` instead.
    ///
    /// ## Options
    /// `format_allowlist = ["uuid", "uri", ...]` replaces the default list.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "fetch", "description": "Fetches a page.", "inputSchema": {"type": "object", "properties": {
    ///   "url": {"type": "string", "format": "uri", "description": "Page URL."}}}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "fetch", "description": "Fetches a page.", "inputSchema": {"type": "object", "properties": {
    ///   "url": {"type": "string", "description": "Absolute http(s) URL of the page."}}}}]}
    /// ```
    pub RULE = {
        id: "schema-format-portability",
        group: Portability,
        severity: Error,
        summary: "A `format` value is not accepted by every LLM vendor",
    }
}

pub fn check_node(cx: &mut Cx, pointer: &str, node: &Json) {
    let Some(format) = node.get("format").and_then(Json::as_str) else {
        return;
    };
    if !cx.on(&RULE) || cx.settings.format_allowlist.iter().any(|f| f == format) {
        return;
    }
    cx.report_evidence(
        &RULE,
        ptr(pointer, "format"),
        format!("`format: \"{format}\"` is not portable; describe the shape in `description` or `pattern`, or allow it with `format_allowlist`"),
        format,
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
    fn allowlist_is_configurable() {
        let surface = crate::testing::surface(
            &RULE,
            r#"{"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"u": {"format": "uri"}, "d": {"format": "date"}}}}]}"#,
        );
        let opts = serde_json::json!({"format_allowlist": ["uri"]});
        let f = crate::lint_surfaces(&[surface], &opts).unwrap();
        let own: Vec<_> = f.iter().filter(|f| f.code == RULE.id).collect();
        assert_eq!(own.len(), 1);
        assert_eq!(own[0].evidence.as_deref(), Some("date"));
    }
}
