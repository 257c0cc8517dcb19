use signalint_plugin_api::Json;

use crate::context::Cx;
use crate::walker::{Context, Edge};

declare_rule! {
    /// ## What it does
    /// Flags an `anyOf` or `oneOf` branch that is an object schema without a `type` keyword.
    /// Branches that are a `$ref` are skipped.
    ///
    /// ## Why is this bad?
    /// Gemini's function-calling API rejects union branches without a `type`, so the whole
    /// tool fails to register there.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "set", "description": "Sets a value.", "inputSchema": {"type": "object", "properties": {
    ///   "v": {"description": "Json.", "anyOf": [{"type": "string", "description": "Text."}, {"enum": [1, 2], "description": "Level."}]}}}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "set", "description": "Sets a value.", "inputSchema": {"type": "object", "properties": {
    ///   "v": {"description": "Json.", "anyOf": [{"type": "string", "description": "Text."}, {"type": "integer", "enum": [1, 2], "description": "Level."}]}}}}]}
    /// ```
    pub RULE = {
        id: "schema-anyof-needs-type",
        group: Portability,
        severity: Warning,
        summary: "An anyOf/oneOf branch has no `type`",
    }
}

pub fn check_node(cx: &mut Cx, pointer: &str, node: &Json, ncx: &Context) {
    let keyword = match ncx.edge {
        Edge::AnyOf(_) => "anyOf",
        Edge::OneOf(_) => "oneOf",
        _ => return,
    };
    let Some(map) = node.as_object() else {
        return;
    };
    if map.contains_key("type") || map.contains_key("$ref") {
        return;
    }
    cx.report(
        &RULE,
        pointer,
        format!("`{keyword}` branch has no `type`; Gemini rejects it"),
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
    fn ref_branches_are_skipped() {
        let f = crate::testing::findings_of(
            &RULE,
            r##"{"tools": [{"name": "t", "inputSchema": {"type": "object", "oneOf": [{"$ref": "#/$defs/A"}, {"type": "object"}]}}]}"##,
        );
        assert!(f.is_empty());
    }
}
