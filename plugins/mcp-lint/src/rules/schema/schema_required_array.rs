use signalint_plugin_api::Json;

use crate::context::{Cx, ptr, quote};
use crate::walker::{Context, Edge};

declare_rule! {
    /// ## What it does
    /// Flags a `required` keyword that is not an array of unique strings, above all the
    /// draft-03 form `"required": true` on a property.
    ///
    /// ## Why is this bad?
    /// Since draft-04, `required` is an array on the *object* that lists its mandatory keys.
    /// A boolean on the property is ignored by every current validator and client, so the
    /// argument the author meant to require is optional and the model may leave it out.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "get_issue", "description": "Reads an issue.", "inputSchema": {"type": "object",
    ///   "properties": {"number": {"type": "integer", "description": "Issue number.", "required": true}}}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "get_issue", "description": "Reads an issue.", "inputSchema": {"type": "object",
    ///   "properties": {"number": {"type": "integer", "description": "Issue number."}}, "required": ["number"]}}]}
    /// ```
    pub RULE = {
        id: "schema-required-array",
        group: Schema,
        severity: Error,
        summary: "`required` is not an array of property names (e.g. draft-03 `required: true`)",
    }
}

pub fn check_node(cx: &mut Cx, pointer: &str, node: &Json, ncx: &Context) {
    let Some(required) = node.get("required") else {
        return;
    };
    let message = match required {
        Json::Array(list) => {
            let mut seen = Vec::new();
            let mut problem = None;
            for item in list {
                match item.as_str() {
                    Some(name) if seen.contains(&name) => {
                        problem = Some(format!("`{name}` is listed twice in `required`"));
                        break;
                    }
                    Some(name) => seen.push(name),
                    None => {
                        problem = Some(format!(
                            "`required` lists {}, not a property name",
                            quote(item)
                        ));
                        break;
                    }
                }
            }
            match problem {
                Some(p) => p,
                None => return,
            }
        }
        Json::Bool(_) => match ncx.edge {
            Edge::Property(name) => format!(
                "`required: {required}` on a property is draft-03 and ignored; list `{name}` in the parent object's `required` array"
            ),
            _ => format!(
                "`required: {required}` is draft-03 and ignored; use an array of property names"
            ),
        },
        other => format!(
            "`required` must be an array of property names, found {}",
            quote(other)
        ),
    };
    cx.report(&RULE, ptr(pointer, "required"), message);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn array_forms() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t", "inputSchema": {"type": "object", "required": ["a", "a"],
                "properties": {"a": {"type": "object", "required": [1]}, "b": {"type": "string", "required": false}}}}]}"#,
        );
        let pointers: Vec<_> = f.iter().filter_map(|f| f.pointer.as_deref()).collect();
        assert_eq!(
            pointers,
            [
                "/tools/0/inputSchema/required",
                "/tools/0/inputSchema/properties/a/required",
                "/tools/0/inputSchema/properties/b/required",
            ]
        );
    }
}
