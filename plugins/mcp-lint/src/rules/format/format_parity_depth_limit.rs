use crate::context::Cx;
use crate::source_facts::Def;

use super::{MAX_WALK_DEPTH, Walked};

declare_rule! {
    /// ## What it does
    /// Flags each output field of a tool with a `format()` function, read from source, that
    /// sits deeper than the format-parity walk goes (8 levels: each object, array, record or
    /// union hop is one). It and everything under it are not checked by `format-parity`.
    ///
    /// ## Why is this bad?
    /// An unchecked subtree would otherwise read as verified. Flatten the output so the field
    /// sits within the limit, or check by hand that `format()` renders it.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "deep", "description": "Returns a nested tree.", "inputSchema": {"type": "object"},
    ///   "outputSchema": {"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {"type": "object", "properties": {
    ///     "c": {"type": "object", "properties": {"d": {"type": "object", "properties": {"e": {"type": "object", "properties": {
    ///     "f": {"type": "object", "properties": {"g": {"type": "object", "properties": {"h": {"type": "object", "properties": {
    ///     "i": {"type": "string"}}}}}}}}}}}}}}}}}}}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "format": {"reads": [{"path": ["a"], "whole": true}]}}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "deep", "description": "Returns a flat record.", "inputSchema": {"type": "object"},
    ///   "outputSchema": {"type": "object", "properties": {"a": {"type": "string"}, "i": {"type": "string"}}}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "format": {"reads": [{"path": ["a"], "whole": true},
    ///    {"path": ["i"], "whole": true}]}}]}}
    /// ```
    pub RULE = {
        id: "format-parity-depth-limit",
        group: Source,
        severity: Warning,
        summary: "An output field is nested deeper than the format-parity walk",
    }
}

pub fn check(cx: &mut Cx, def: &Def, walked: &Walked) {
    for field in &walked.truncated {
        cx.report(
            &RULE,
            field.pointer.clone(),
            format!(
                "Tool `{}` output field `{}` is nested deeper than the format-parity walk's \
                 depth limit ({MAX_WALK_DEPTH}), so it and anything under it were not checked. \
                 Flatten the output shape, or verify by hand that format() renders it",
                def.name(),
                field.display()
            ),
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
}
