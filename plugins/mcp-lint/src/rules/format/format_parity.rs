use crate::context::Cx;
use crate::source_facts::Def;

use super::{Read, Walked, reads_leaf};

declare_rule! {
    /// ## What it does
    /// Flags each field of a tool's output schema that its `format()` function, read from
    /// source, never reads. The reader collects the output paths `format()` reads (member
    /// access on its parameter, destructuring, `for … of`, `.map`/`.forEach`/`.filter`
    /// callbacks, optional chaining, same-file helpers it passes a part of the result to, a
    /// few levels deep); every leaf of the output schema (array elements, record values and
    /// each union branch included, as the framework's own check walks them) that no read
    /// reaches is reported. A part passed on whole (interpolated, joined, given to a call)
    /// counts for everything under it. As in the framework's check, a field whose value the
    /// schema dictates (a boolean, an enum member, a literal) also counts when its key, or a
    /// part of it of three letters or more, is a word of the function's text. When `format()`
    /// passes its whole result where the read cannot follow, `format-parity-unverified` says
    /// so instead.
    ///
    /// The static read can be wrong both ways, which is why this is a warning, not the
    /// framework's error: a field read only in a condition (`if (result.truncated)`), or a key
    /// written only in a comparison, counts as rendered though the text may not show it; a
    /// field rendered through a way the read
    /// does not model (an alias reassigned later, a helper past the depth) is reported though
    /// it is shown.
    ///
    /// ## Why is this bad?
    /// Some clients give the model `structuredContent` (the output), others the `content[]`
    /// text `format()` renders. A field `format()` leaves out is invisible to the second
    /// kind. Render the field, or (for list/detail variants) use a discriminated union so
    /// each branch is checked on its own.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"},
    ///   "outputSchema": {"type": "object", "properties": {"total": {"type": "number"}, "query": {"type": "string"}}}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "format": {"reads": [{"path": ["total"], "whole": true}]}}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.", "inputSchema": {"type": "object"},
    ///   "outputSchema": {"type": "object", "properties": {"total": {"type": "number"}, "query": {"type": "string"}}}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "format": {"reads": [{"path": ["total"], "whole": true},
    ///    {"path": ["query"], "whole": true}]}}]}}
    /// ```
    pub RULE = {
        id: "format-parity",
        group: Source,
        severity: Warning,
        summary: "A tool's format function never reads an output field",
    }
}

pub fn check(cx: &mut Cx, def: &Def, reads: &[Read], words: &[String], walked: &Walked) {
    let mut seen = Vec::new();
    for leaf in &walked.leaves {
        let shown = leaf.display();
        if reads_leaf(reads, words, leaf) || seen.contains(&shown) {
            continue;
        }
        cx.report(
            &RULE,
            leaf.pointer.clone(),
            format!(
                "Tool `{}` format() does not read output field `{shown}`, so content[] (what \
                 clients such as Claude Desktop forward) cannot show what structuredContent \
                 has. Render it in format(); for list/detail variants use a discriminated union",
                def.name()
            ),
        );
        seen.push(shown);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    fn run(output: &str, reads: &str) -> Vec<String> {
        crate::testing::findings_of(
            &RULE,
            &format!(
                r#"{{"tools": [{{"name": "t", "outputSchema": {output}}}],
                    "sourceFacts": {{"tools": [{{"handler": null, "format": {{"reads": {reads}}}}}]}}}}"#
            ),
        )
        .into_iter()
        .map(|f| f.pointer.unwrap_or_default())
        .collect()
    }

    #[test]
    fn array_elements_unions_and_placeholders() {
        let output = r#"{"type": "object", "properties": {
            "items": {"type": "array", "items": {"type": "object", "properties": {
                "title": {"type": "string"}, "pmid": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}},
            "mode": {"oneOf": [{"type": "string", "const": "a"}, {"type": "number"}]}}}"#;
        assert_eq!(
            run(
                output,
                r#"[{"path": ["items", "[]", "title"], "whole": true}, {"path": ["mode"], "whole": false}]"#
            ),
            ["/tools/0/outputSchema/properties/items/items/properties/pmid/anyOf/0"]
        );
        assert!(
            run(
                output,
                r#"[{"path": ["items"], "whole": true}, {"path": ["mode"], "whole": true}]"#
            )
            .is_empty()
        );
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t", "outputSchema": {"type": "object", "properties": {"x": {}}}}],
                "sourceFacts": {"tools": [{"handler": null, "format": {"reads": []},
                  "unresolved": [{"pointer": "/tools/0/outputSchema/properties/x", "reason": "r"}]}]}}"#,
        );
        assert!(f.is_empty(), "{f:?}");
    }

    #[test]
    fn an_enrichment_field_is_the_trailer_s_to_render() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t", "outputSchema": {"type": "object", "properties": {
                  "a": {"type": "string"}, "notice": {"type": "string"}}}}],
                "sourceFacts": {"tools": [{"handler": null, "format": {"reads": [{"path": ["a"], "whole": true}]},
                  "outputFields": ["a"], "enrichmentFields": {"notice": {"type": "string"}}}]}}"#,
        );
        assert!(f.is_empty(), "{f:?}");
    }
}
