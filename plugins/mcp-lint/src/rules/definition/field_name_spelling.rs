use signalint_plugin_api::{Json, Object};

use crate::context::{Cx, ptr};
use crate::rules::ItemKind;

declare_rule! {
    /// ## What it does
    /// Flags a key of a tool, resource, resource template, prompt, tool `annotations` or
    /// prompt argument that matches a field of the MCP specification except for case, `_` or
    /// `-`: `input_schema` for `inputSchema`, `ReadOnlyHint` for `readOnlyHint`,
    /// `mime_type` for `mimeType`. Other unknown keys are left alone (servers may add their
    /// own).
    ///
    /// ## Why is this bad?
    /// Clients read the exact key and ignore the rest: a tool with `input_schema` has no
    /// input schema at all for them, and an `is_required` argument is optional. The
    /// misspelling often comes from another API's naming (Anthropic's `input_schema`).
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "search", "description": "Searches.", "inputSchema": {"type": "object"},
    ///   "annotations": {"read_only_hint": true}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "search", "description": "Searches.", "inputSchema": {"type": "object"},
    ///   "annotations": {"readOnlyHint": true}}]}
    /// ```
    pub RULE = {
        id: "field-name-spelling",
        group: Definition,
        severity: Warning,
        summary: "A definition key is a misspelling of an MCP field (input_schema for inputSchema)",
    }
}

const TOOL: &[&str] = &[
    "name",
    "title",
    "description",
    "inputSchema",
    "outputSchema",
    "annotations",
    "icons",
    "execution",
    "_meta",
];
const ANNOTATIONS: &[&str] = &[
    "title",
    "readOnlyHint",
    "destructiveHint",
    "idempotentHint",
    "openWorldHint",
];
const RESOURCE: &[&str] = &[
    "uri",
    "name",
    "title",
    "description",
    "mimeType",
    "size",
    "annotations",
    "icons",
    "_meta",
];
const TEMPLATE: &[&str] = &[
    "uriTemplate",
    "name",
    "title",
    "description",
    "mimeType",
    "annotations",
    "icons",
    "_meta",
];
const PROMPT: &[&str] = &[
    "name",
    "title",
    "description",
    "arguments",
    "icons",
    "_meta",
];
const ARGUMENT: &[&str] = &["name", "title", "description", "required"];

pub fn check(cx: &mut Cx, kind: ItemKind, item: &Json, base: &str) {
    if !cx.on(&RULE) {
        return;
    }
    let Some(map) = item.as_object() else {
        return;
    };
    let fields = match kind {
        ItemKind::Tool => TOOL,
        ItemKind::Resource => RESOURCE,
        ItemKind::ResourceTemplate => TEMPLATE,
        ItemKind::Prompt => PROMPT,
    };
    keys(cx, map, fields, base);
    if kind == ItemKind::Tool
        && let Some(annotations) = map.get("annotations").and_then(Json::as_object)
    {
        keys(cx, annotations, ANNOTATIONS, &ptr(base, "annotations"));
    }
    if kind == ItemKind::Prompt {
        let arguments = map.get("arguments").and_then(Json::as_array);
        for (i, arg) in arguments.into_iter().flatten().enumerate() {
            if let Some(arg) = arg.as_object() {
                keys(
                    cx,
                    arg,
                    ARGUMENT,
                    &ptr(&ptr(base, "arguments"), i.to_string()),
                );
            }
        }
    }
}

fn keys(cx: &mut Cx, map: &Object, fields: &[&str], base: &str) {
    for key in map.keys() {
        if fields.contains(&key) {
            continue;
        }
        let wanted = normalise(key);
        if let Some(field) = fields.iter().find(|f| normalise(f) == wanted)
            && !map.contains_key(field)
        {
            cx.report_evidence(
                &RULE,
                ptr(base, key),
                format!(
                    "`{key}` is not an MCP field and is ignored by clients; did you mean `{field}`?"
                ),
                key,
            );
        }
    }
}

/// Lower case without `_` and `-`.
fn normalise(key: &str) -> String {
    key.chars()
        .filter(|c| *c != '_' && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn every_kind_and_extension_keys() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t", "input_schema": {}, "x-vendor": 1}],
                "resources": [{"name": "r", "uri": "a://b", "MimeType": "text/plain"}],
                "resourceTemplates": [{"name": "t", "uri_template": "a://{x}"}],
                "prompts": [{"name": "p", "arguments": [{"name": "a", "is_required": true, "Required": true}]}]}"#,
        );
        let pointers: Vec<_> = f.iter().filter_map(|f| f.pointer.as_deref()).collect();
        assert_eq!(
            pointers,
            [
                "/tools/0/input_schema",
                "/resources/0/MimeType",
                "/resourceTemplates/0/uri_template",
                "/prompts/0/arguments/0/Required",
            ]
        );
    }
}
