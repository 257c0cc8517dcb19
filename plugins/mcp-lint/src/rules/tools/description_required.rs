use signalint_plugin_api::Json;

use crate::context::{Cx, ptr};
use crate::rules::ItemKind;

declare_rule! {
    /// ## What it does
    /// Flags a tool, resource template or prompt without a non-empty `description` string.
    ///
    /// Concrete resources of `resources/list` are exempt: they are instances (files, rows),
    /// often thousands, and their `name`, `uri` and `mimeType` already say what they are. The
    /// original linter checked its resource definitions, which correspond to templates.
    ///
    /// ## Why is this bad?
    /// The description is the only text a model reads to decide when to use the definition.
    /// Without it the model guesses from the name, picks the wrong tool, or never uses it.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "sync", "inputSchema": {"type": "object"}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "sync", "description": "Pushes local commits to the remote branch.", "inputSchema": {"type": "object"}}]}
    /// ```
    pub RULE = {
        id: "description-required",
        group: Tools,
        severity: Warning,
        summary: "A tool, resource template or prompt has no description",
    }
}

pub fn check(cx: &mut Cx, kind: ItemKind, item: &Json, base: &str) {
    if kind == ItemKind::Resource || !cx.on(&RULE) {
        return;
    }
    let name = crate::rules::display_name(item).unwrap_or("?");
    match item.get("description") {
        None => {
            cx.report(
                &RULE,
                base,
                format!("{} `{name}` has no description", kind.noun()),
            );
        }
        Some(Json::String(s)) if !s.trim().is_empty() => {}
        Some(_) => {
            cx.report(
                &RULE,
                ptr(base, "description"),
                format!(
                    "{} `{name}` has an empty or non-string description",
                    kind.noun()
                ),
            );
        }
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
    fn applies_to_templates_and_prompts_not_resource_instances() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"resources": [{"name": "r", "uri": "a://b"}],
                "resourceTemplates": [{"name": "t", "uriTemplate": "a://{x}", "description": ""}], "prompts": [{"name": "p"}]}"#,
        );
        let pointers: Vec<_> = f.iter().filter_map(|f| f.pointer.as_deref()).collect();
        assert_eq!(pointers, ["/resourceTemplates/0/description", "/prompts/0"]);
    }
}
