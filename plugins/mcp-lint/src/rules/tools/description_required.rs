use serde_json::Value;

use crate::context::{Cx, ptr};
use crate::rules::ItemKind;

declare_rule! {
    /// ## What it does
    /// Flags a tool, resource, resource template or prompt without a non-empty `description`
    /// string.
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
        summary: "A tool, resource or prompt has no description",
    }
}

pub fn check(cx: &mut Cx, kind: ItemKind, item: &Value, base: &str) {
    if !cx.on(&RULE) {
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
        Some(Value::String(s)) if !s.trim().is_empty() => {}
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
    fn applies_to_resources_and_prompts() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"resources": [{"name": "r", "uri": "a://b", "description": ""}], "prompts": [{"name": "p"}]}"#,
        );
        let pointers: Vec<_> = f.iter().filter_map(|f| f.pointer.as_deref()).collect();
        assert_eq!(pointers, ["/resources/0/description", "/prompts/0"]);
    }
}
