//! Collects the texts of a surface that the signals read, with their JSON pointers.
//!
//! A tool contributes its `description`, `title` and `annotations.title`, and every
//! `description` and `title` inside its `inputSchema` and `outputSchema`, at any depth:
//! `properties`, array `items`, `additionalProperties`, `patternProperties`,
//! `anyOf`/`oneOf`/`allOf`, `not`, `if`/`then`/`else`, `$defs` and `definitions`. Long
//! `enum`, `const`, `default` and `examples` strings count as parameter text too: the model
//! reads them as it reads a description. Prompts (and their arguments), resources and
//! resource templates contribute their descriptions and titles, and the server its
//! `instructions`. Non-string values are skipped; nothing here can fail.

use signalint_plugin_api::{Json, McpSurface, pointer_segment};

use crate::signals::UnitKind;

/// Deepest schema nesting that is walked.
const MAX_DEPTH: usize = 32;
/// Most texts taken from one tool.
const MAX_TEXTS_PER_TOOL: usize = 2_000;

/// One text with its place.
#[derive(Debug)]
pub struct Text<'a> {
    /// Index of the tool, for tool texts.
    pub tool_index: Option<usize>,
    pub pointer: String,
    pub raw: &'a str,
    pub kind: UnitKind,
}

/// The texts of one tool, and its parameter names.
pub fn tool_texts<'a>(
    index: usize,
    tool: &'a Json,
    out: &mut Vec<Text<'a>>,
    params: &mut Vec<String>,
) {
    let base = format!("/tools/{index}");
    let before = out.len();
    for key in ["description", "title"] {
        if let Some(s) = tool.get(key).and_then(Json::as_str) {
            out.push(Text {
                tool_index: Some(index),
                pointer: format!("{base}/{key}"),
                raw: s,
                kind: UnitKind::ToolDescription,
            });
        }
    }
    if let Some(s) = tool
        .get("annotations")
        .and_then(|a| a.get("title"))
        .and_then(Json::as_str)
    {
        out.push(Text {
            tool_index: Some(index),
            pointer: format!("{base}/annotations/title"),
            raw: s,
            kind: UnitKind::ToolDescription,
        });
    }
    if let Some(schema) = tool.get("inputSchema") {
        schema_texts(
            index,
            schema,
            &format!("{base}/inputSchema"),
            0,
            out,
            params,
            before,
        );
    }
    // What the tool returns is described to the model too; its fields are not parameters.
    if let Some(schema) = tool.get("outputSchema") {
        schema_texts(
            index,
            schema,
            &format!("{base}/outputSchema"),
            0,
            out,
            &mut Vec::new(),
            before,
        );
    }
}

/// Strings shorter than this in `enum`, `const`, `default` and `examples` are values, not
/// sentences.
const MIN_VALUE_TEXT: usize = 24;

fn schema_texts<'a>(
    index: usize,
    schema: &'a Json,
    pointer: &str,
    depth: usize,
    out: &mut Vec<Text<'a>>,
    params: &mut Vec<String>,
    first: usize,
) {
    if depth > MAX_DEPTH || out.len() - first >= MAX_TEXTS_PER_TOOL {
        return;
    }
    let Some(obj) = schema.as_object() else {
        if let Some(items) = schema.as_array() {
            for (i, item) in items.iter().enumerate() {
                schema_texts(
                    index,
                    item,
                    &format!("{pointer}/{i}"),
                    depth + 1,
                    out,
                    params,
                    first,
                );
            }
        }
        return;
    };
    if depth > 0 {
        for key in ["description", "title"] {
            if let Some(s) = obj.get(key).and_then(Json::as_str) {
                out.push(Text {
                    tool_index: Some(index),
                    pointer: format!("{pointer}/{key}"),
                    raw: s,
                    kind: UnitKind::ParamDescription,
                });
            }
        }
        for key in ["enum", "examples", "default", "const"] {
            let value_text = |value: &'a Json| value.as_str().filter(|s| s.len() >= MIN_VALUE_TEXT);
            match obj.get(key) {
                Some(Json::Array(values)) => {
                    for (i, v) in values.iter().enumerate() {
                        if let Some(s) = value_text(v) {
                            out.push(Text {
                                tool_index: Some(index),
                                pointer: format!("{pointer}/{key}/{i}"),
                                raw: s,
                                kind: UnitKind::ParamDescription,
                            });
                        }
                    }
                }
                Some(value) => {
                    if let Some(s) = value_text(value) {
                        out.push(Text {
                            tool_index: Some(index),
                            pointer: format!("{pointer}/{key}"),
                            raw: s,
                            kind: UnitKind::ParamDescription,
                        });
                    }
                }
                None => {}
            }
        }
    }
    for key in ["properties", "patternProperties", "$defs", "definitions"] {
        if let Some(map) = obj.get(key).and_then(Json::as_object) {
            for (name, sub) in map {
                if key == "properties" {
                    params.push(name.to_lowercase());
                }
                let child = format!("{pointer}/{key}/{}", pointer_segment(name));
                schema_texts(index, sub, &child, depth + 1, out, params, first);
            }
        }
    }
    for key in [
        "items",
        "additionalProperties",
        "anyOf",
        "oneOf",
        "allOf",
        "not",
        "if",
        "then",
        "else",
        "prefixItems",
    ] {
        if let Some(sub) = obj.get(key).filter(|v| v.is_object() || v.is_array()) {
            schema_texts(
                index,
                sub,
                &format!("{pointer}/{key}"),
                depth + 1,
                out,
                params,
                first,
            );
        }
    }
}

/// Texts of the server's instructions, prompts, prompt arguments, resources and resource
/// templates.
pub fn other_texts<'a>(surface: &'a McpSurface, out: &mut Vec<Text<'a>>) {
    if let Some(s) = surface.instructions.as_deref() {
        out.push(Text {
            tool_index: None,
            pointer: "/instructions".to_owned(),
            raw: s,
            kind: UnitKind::OtherDescription,
        });
    }
    let lists: [(&str, &'a [Json]); 3] = [
        ("prompts", &surface.prompts),
        ("resources", &surface.resources),
        ("resourceTemplates", &surface.resource_templates),
    ];
    for (list, items) in lists {
        for (i, item) in items.iter().enumerate() {
            for key in ["description", "title"] {
                if let Some(s) = item.get(key).and_then(Json::as_str) {
                    out.push(Text {
                        tool_index: None,
                        pointer: format!("/{list}/{i}/{key}"),
                        raw: s,
                        kind: UnitKind::OtherDescription,
                    });
                }
            }
            if list == "prompts"
                && let Some(args) = item.get("arguments").and_then(Json::as_array)
            {
                for (k, arg) in args.iter().enumerate() {
                    if let Some(s) = arg.get("description").and_then(Json::as_str) {
                        out.push(Text {
                            tool_index: None,
                            pointer: format!("/prompts/{i}/arguments/{k}/description"),
                            raw: s,
                            kind: UnitKind::OtherDescription,
                        });
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn walks_nested_schemas() {
        let tool = Json::from(json!({
            "name": "t",
            "description": "top",
            "inputSchema": {"type": "object", "properties": {
                "a/b": {"type": "string", "description": "slash"},
                "opts": {"type": "object", "properties": {"deep": {"description": "nested"}}},
                "list": {"type": "array", "items": {"description": "item"}},
                "odd": {"description": 42}
            }}
        }));
        let mut out = Vec::new();
        let mut params = Vec::new();
        tool_texts(3, &tool, &mut out, &mut params);
        let pointers: Vec<&str> = out.iter().map(|t| t.pointer.as_str()).collect();
        assert!(pointers.contains(&"/tools/3/description"));
        assert!(pointers.contains(&"/tools/3/inputSchema/properties/a~1b/description"));
        assert!(
            pointers.contains(&"/tools/3/inputSchema/properties/opts/properties/deep/description")
        );
        assert!(pointers.contains(&"/tools/3/inputSchema/properties/list/items/description"));
        assert_eq!(out.len(), 4);
        assert!(params.contains(&"deep".to_owned()));
    }
}
