use signalint_plugin_api::Json;

use crate::context::{Cx, ptr};
use crate::source_facts::Def;
use crate::uri_template;

declare_rule! {
    /// ## What it does
    /// Flags a variable of a resource's URI template that is not a key of the resource's
    /// `params` schema (mcp-ts-core, read from source). Variables are read as RFC 6570 says:
    /// operators (`+#./;?&`) and the `:N` and `*` modifiers are stripped, comma lists are
    /// split; names compare case-sensitively. Only template → schema is checked: extra
    /// schema keys are fine. When the reader could not resolve all of `params` (an imported
    /// or spread shape) nothing is judged.
    ///
    /// ## Why is this bad?
    /// The framework takes the variables out of the requested URI and validates them with
    /// `params`; a variable the schema does not know (`{itemId}` against `item_id`) makes
    /// every read of the resource fail.
    ///
    /// ## Example
    /// ```json invalid
    /// {"resourceTemplates": [{"name": "item", "uriTemplate": "items://{itemId}/data", "description": "One item."}],
    ///  "sourceFacts": {"resourceTemplates": [{"handler": null,
    ///    "params": {"type": "object", "properties": {"item_id": {"type": "string"}}, "required": ["item_id"]}}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"resourceTemplates": [{"name": "item", "uriTemplate": "items://{itemId}/data", "description": "One item."}],
    ///  "sourceFacts": {"resourceTemplates": [{"handler": null,
    ///    "params": {"type": "object", "properties": {"itemId": {"type": "string"}}, "required": ["itemId"]}}]}}
    /// ```
    pub RULE = {
        id: "template-params-align",
        group: Source,
        severity: Error,
        summary: "A URI template variable has no key in the resource's params schema",
    }
}

pub fn check(cx: &mut Cx, def: &Def) {
    let Some(params) = def.field("params") else {
        return;
    };
    let Some(keys) = params.get("properties").and_then(Json::as_object) else {
        return;
    };
    let Some(template) = def.item.get("uriTemplate").and_then(Json::as_str) else {
        return;
    };
    if !cx.on(&RULE) || def.unresolved_under(&def.facts_ptr("params")) {
        return;
    }
    let listed: Vec<&str> = keys.keys().collect();
    for var in uri_template::variables(template) {
        if keys.get(var).is_some() {
            continue;
        }
        cx.report(
            &RULE,
            ptr(&def.base, "uriTemplate"),
            format!(
                "Resource `{}` URI template variable `{{{var}}}` has no matching key in params schema. \
                 Params schema has: [{}]. This will cause every resource read to fail",
                def.name(),
                listed.join(", ")
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

    #[test]
    fn operators_and_modifiers_are_stripped() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"resourceTemplates": [{"name": "r", "uriTemplate": "x://{+path}{?q,page:3}{/rest*}"}],
                "sourceFacts": {"resourceTemplates": [{"handler": null,
                  "params": {"type": "object", "properties": {"path": {}, "q": {}, "rest": {}}}}]}}"#,
        );
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("`{page}`"), "{}", f[0].message);
    }

    #[test]
    fn partly_unresolved_params_are_not_judged() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"resourceTemplates": [{"name": "r", "uriTemplate": "x://{id}"}],
                "sourceFacts": {"resourceTemplates": [{"handler": null,
                  "params": {"type": "object", "properties": {}},
                  "unresolved": [{"pointer": "/sourceFacts/resourceTemplates/0/params", "reason": "spread of `Base.shape`"}]}]}}"#,
        );
        assert!(f.is_empty(), "{f:?}");
    }
}
