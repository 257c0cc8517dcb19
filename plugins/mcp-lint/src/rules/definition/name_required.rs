use signalint_plugin_api::Json;

use crate::context::{Cx, ptr, type_name};
use crate::rules::ItemKind;

declare_rule! {
    /// ## What it does
    /// Flags a tool or prompt whose `name` is missing, not a string, or blank, and a resource
    /// or resource template whose `name` is present but not a non-empty string (a missing
    /// resource name is `resource-name-not-uri`).
    ///
    /// ## Why is this bad?
    /// The name is how a client calls the tool or fetches the prompt: without it the
    /// definition cannot be used at all.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "  ", "description": "Search.", "inputSchema": {"type": "object"}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "search", "description": "Search.", "inputSchema": {"type": "object"}}]}
    /// ```
    pub RULE = {
        id: "name-required",
        group: Definition,
        severity: Error,
        summary: "A tool or prompt has no non-empty `name`",
    }
}

pub fn check(cx: &mut Cx, kind: ItemKind, item: &Json, base: &str) {
    if !cx.on(&RULE) {
        return;
    }
    let name = item.get("name");
    let optional = matches!(kind, ItemKind::Resource | ItemKind::ResourceTemplate);
    match name {
        None if optional => {}
        None => {
            cx.report(&RULE, base, format!("{} has no `name`", kind.noun()));
        }
        Some(Json::String(s)) if !s.trim().is_empty() => {}
        Some(Json::String(_)) => {
            cx.report(
                &RULE,
                ptr(base, "name"),
                format!("{} `name` is blank", kind.noun()),
            );
        }
        Some(other) => {
            cx.report(
                &RULE,
                ptr(base, "name"),
                format!(
                    "{} `name` is {}, not a string",
                    kind.noun(),
                    type_name(other)
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
    fn prompts_need_names_resources_only_when_present() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"prompts": [{"description": "x"}], "resources": [{"uri": "file:///a"}, {"uri": "file:///b", "name": 3}]}"#,
        );
        let pointers: Vec<_> = f.iter().filter_map(|f| f.pointer.as_deref()).collect();
        assert_eq!(pointers, ["/resources/1/name", "/prompts/0"]);
    }
}
