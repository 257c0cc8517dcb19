use crate::context::Cx;
use crate::rules::ItemKind;
use crate::rules::format::{Format, format_of};
use crate::source_facts::Def;

declare_rule! {
    /// ## What it does
    /// Notes each tool, read from source, whose `format` function could not be checked
    /// against its output schema: it passes its whole result where a static read cannot
    /// follow (`JSON.stringify(result)`, a helper in another module), or it is not a function
    /// written in the file. The finding says why (at info level) instead of passing the tool
    /// silently; a `format` the reader can follow is checked by `format-parity`.
    ///
    /// ## Why is this bad?
    /// Some clients show the model `structuredContent` (the handler's result), others the
    /// `content[]` text that `format` renders. A field `format` leaves out is invisible to the
    /// second kind. Where the read cannot tell, run the framework's own linter (`lint:mcp`),
    /// which runs `format` on a sample output.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "format": {"unknown": "format passes its whole result on"}}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "format": {"reads": []}}]}}
    /// ```
    pub RULE = {
        id: "format-parity-unverified",
        group: Source,
        severity: Info,
        summary: "A tool's format function was not checked against its output schema",
    }
}

pub fn check(cx: &mut Cx, def: &Def) {
    if def.kind != ItemKind::Tool {
        return;
    }
    let Some(Format::Unknown(why)) = format_of(def) else {
        return;
    };
    cx.report(
        &RULE,
        def.facts_ptr("format"),
        format!(
            "Tool `{}` has a format() function whose parity with the output schema (every \
             output field rendered in content[]) was not verified: {why}",
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
