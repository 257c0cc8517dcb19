use signalint_plugin_api::Json;

use crate::context::Cx;
use crate::rules::SchemaScan;
use crate::walker::Context;

declare_rule! {
    /// ## What it does
    /// *Strict portability only.* Flags `$defs`, `definitions` and `$ref` in a schema; reported
    /// once per root-level field (and once for the root itself).
    ///
    /// ## Why is this bad?
    /// Several clients and vendor APIs do not resolve references: Gemini rejects `$ref`, some
    /// MCP clients inline nothing and show the model an opaque pointer. Inline the
    /// definitions when you target many vendors.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "move", "description": "Moves.", "inputSchema": {"type": "object",
    ///   "$defs": {"P": {"type": "object", "description": "Point.", "properties": {"x": {"type": "number", "description": "X."}}}},
    ///   "properties": {"to": {"$ref": "#/$defs/P"}}}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "move", "description": "Moves.", "inputSchema": {"type": "object",
    ///   "properties": {"to": {"type": "object", "description": "Point.", "properties": {"x": {"type": "number", "description": "X."}}}}}}]}
    /// ```
    pub RULE = {
        id: "schema-no-defs",
        group: Portability,
        severity: Warning,
        activation: Strict,
        summary: "A schema uses $defs/$ref (strict portability)",
    }
}

pub fn check_node(cx: &mut Cx, scan: &mut SchemaScan, pointer: &str, node: &Json, ncx: &Context) {
    let Some(map) = node.as_object() else {
        return;
    };
    let Some(keyword) = ["$defs", "definitions", "$ref"]
        .into_iter()
        .find(|k| map.contains_key(k))
    else {
        return;
    };
    if !cx.on(&RULE) {
        return;
    }
    let field = ncx.root_field.map(str::to_owned);
    if scan.defs_reported.contains(&field) {
        return;
    }
    let message = match &field {
        Some(f) => format!(
            "field `{f}` uses `{keyword}`; inline it for clients that do not resolve references"
        ),
        None => {
            format!("schema uses `{keyword}`; inline it for clients that do not resolve references")
        }
    };
    scan.defs_reported.push(field);
    cx.report(&RULE, crate::context::ptr(pointer, keyword), message);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn once_per_field() {
        let f = crate::testing::findings_of(
            &RULE,
            r##"{"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {
                "a": {"type": "array", "items": {"$ref": "#/x"}, "contains": {"$ref": "#/x"}}}}}]}"##,
        );
        assert_eq!(f.len(), 1);
    }
}
