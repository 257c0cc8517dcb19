use crate::context::Cx;
use crate::rules::ItemKind;
use crate::source_facts::{Def, Handler};

declare_rule! {
    /// ## What it does
    /// Flags a tool or resource definition, read from source, that has no `handler` function
    /// (for a task tool, no `taskHandlers` either). Runs only on definitions read from source;
    /// a manifest or a live server does not show handlers.
    ///
    /// ## Why is this bad?
    /// A definition without a handler is advertised but can do nothing: every call fails at
    /// runtime. It is usually a half-written definition or a handler left under another key.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "kind": "tool", "file": "src/tools/search.tool.ts"}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "kind": "tool", "file": "src/tools/search.tool.ts",
    ///    "handler": {"throws": [], "failCalls": []}}]}}
    /// ```
    pub RULE = {
        id: "handler-required",
        group: Source,
        severity: Error,
        summary: "A tool or resource read from source has no handler function",
    }
}

pub fn check(cx: &mut Cx, def: &Def) {
    if def.kind == ItemKind::Prompt || !cx.on(&RULE) {
        return;
    }
    if def.handler() == Handler::Absent {
        let noun = if def.kind == ItemKind::Tool {
            "Tool"
        } else {
            "Resource"
        };
        cx.report(
            &RULE,
            def.base.clone(),
            format!("{noun} `{}` is missing a handler function", def.name()),
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
    fn an_imported_handler_counts_and_resources_are_checked() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "a"}], "resourceTemplates": [{"name": "r", "uriTemplate": "x://{id}"}],
                "sourceFacts": {"tools": [{"handler": null}], "resourceTemplates": [{}]}}"#,
        );
        let pointers: Vec<_> = f.iter().filter_map(|f| f.pointer.as_deref()).collect();
        assert_eq!(pointers, ["/resourceTemplates/0"]);
    }
}
