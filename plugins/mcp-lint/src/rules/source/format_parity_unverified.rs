use crate::context::Cx;
use crate::rules::ItemKind;
use crate::source_facts::Def;

declare_rule! {
    /// ## What it does
    /// Notes each tool, read from source, that writes a `format` function: whether that
    /// function renders every field of the output is not verified statically, so the finding
    /// says so (at info level) instead of passing the tool silently.
    ///
    /// ## Why is this bad?
    /// Some clients show the model `structuredContent` (the handler's result), others the
    /// `content[]` text that `format` renders. A field `format` leaves out is invisible to the
    /// second kind. Checking that needs running `format` on a sample of the output, which a
    /// static read does not do; run the framework's own linter (`lint:mcp`) for that check.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "format": {}}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null}]}}
    /// ```
    pub RULE = {
        id: "format-parity-unverified",
        group: Source,
        severity: Info,
        summary: "A tool's format function was not checked against its output schema",
    }
}

pub fn check(cx: &mut Cx, def: &Def) {
    if def.kind != ItemKind::Tool || def.field("format").is_none() {
        return;
    }
    cx.report(
        &RULE,
        def.facts_ptr("format"),
        format!(
            "Tool `{}` has a format() function, but format parity (every output field rendered \
             in content[]) was not verified: that needs running format() on a sample output, \
             which a static read does not do",
            def.name()
        ),
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
    fn a_format_written_as_an_identifier_counts_too() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t"}], "sourceFacts": {"tools": [{"handler": null, "format": null}]}}"#,
        );
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].pointer.as_deref(), Some("/sourceFacts/tools/0/format"));
    }
}
