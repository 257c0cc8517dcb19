use signalint_plugin_api::Json;

use crate::context::{Cx, ptr, quote};

declare_rule! {
    /// ## What it does
    /// Flags a `type` keyword that is not one of the seven JSON Schema types (`string`,
    /// `number`, `integer`, `boolean`, `object`, `array`, `null`) or a non-empty array of
    /// them without repeats: `"int"`, `"float"`, `"dict"`, `"any"`, `"String"`, `3`.
    ///
    /// ## Why is this bad?
    /// Strict validators reject the whole schema, so the tool fails to load; lenient ones
    /// ignore the keyword and the model gets no type at all. These names usually leak from a
    /// language's own type names.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "resize", "description": "Resizes.", "inputSchema": {"type": "object", "properties": {
    ///   "scale": {"type": "float", "description": "Scale factor."}}}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "resize", "description": "Resizes.", "inputSchema": {"type": "object", "properties": {
    ///   "scale": {"type": "number", "description": "Scale factor."}}}}]}
    /// ```
    pub RULE = {
        id: "schema-type-valid",
        group: Schema,
        severity: Error,
        summary: "A `type` is not a JSON Schema type name",
    }
}

const TYPES: [&str; 7] = [
    "string", "number", "integer", "boolean", "object", "array", "null",
];

pub fn check_node(cx: &mut Cx, pointer: &str, node: &Json) {
    let Some(ty) = node.get("type") else {
        return;
    };
    let problem = match ty {
        Json::String(t) if TYPES.contains(&&**t) => return,
        Json::String(t) => format!("`{t}` is not a JSON Schema type"),
        Json::Array(list) if list.is_empty() => return, // schema-unsatisfiable reports `type: []`
        Json::Array(list) => {
            let mut seen = Vec::new();
            let mut bad = None;
            for item in list {
                match item.as_str() {
                    Some(t) if TYPES.contains(&t) && !seen.contains(&t) => seen.push(t),
                    Some(t) if TYPES.contains(&t) => bad = Some(format!("`{t}` is listed twice")),
                    _ => bad = Some(format!("{} is not a JSON Schema type", quote(item))),
                }
                if bad.is_some() {
                    break;
                }
            }
            match bad {
                Some(b) => b,
                None => return,
            }
        }
        other => format!(
            "`type` must be a string or an array of strings, found {}",
            quote(other)
        ),
    };
    cx.report_evidence(
        &RULE,
        ptr(pointer, "type"),
        format!("{problem}; use string, number, integer, boolean, object, array or null"),
        quote(ty),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    fn count(ty: &str) -> usize {
        let json = format!(
            r#"{{"tools": [{{"name": "t", "inputSchema": {{"type": "object", "properties": {{"a": {{"type": {ty}}}}}}}}}]}}"#
        );
        crate::testing::findings_of(&RULE, &json).len()
    }

    #[test]
    fn type_forms() {
        assert_eq!(count(r#"["string", "null"]"#), 0);
        assert_eq!(count(r#"["string", "string"]"#), 1);
        assert_eq!(count(r#"["str"]"#), 1);
        assert_eq!(count("3"), 1);
        assert_eq!(count(r#""Integer""#), 1);
        assert_eq!(count("[]"), 0);
    }
}
