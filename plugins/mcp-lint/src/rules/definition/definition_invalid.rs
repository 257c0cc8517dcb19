use signalint_plugin_api::Json;

use crate::context::{Cx, quote, type_name};
use crate::rules::ItemKind;

declare_rule! {
    /// ## What it does
    /// Flags an entry of `tools`, `resources`, `resourceTemplates` or `prompts` that is not a
    /// JSON object (`null`, a string, a number, an array).
    ///
    /// ## Why is this bad?
    /// Clients expect every entry to be a definition object. A stray `null` (often from a
    /// conditional registration) makes some clients drop the whole list. The entry is
    /// reported and skipped by every other rule.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [null]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "ping", "description": "Checks that the server answers.", "inputSchema": {"type": "object"}}]}
    /// ```
    pub RULE = {
        id: "definition-invalid",
        group: Definition,
        severity: Error,
        summary: "An entry of tools/resources/prompts is not a definition object",
    }
}

pub fn check(cx: &mut Cx, kind: ItemKind, item: &Json, pointer: &str) {
    cx.report_evidence(
        &RULE,
        pointer,
        format!(
            "{} entry is {}, not a definition object",
            kind.noun(),
            type_name(item)
        ),
        quote(item),
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
    fn every_list_is_checked() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"resources": [1], "resourceTemplates": ["x"], "prompts": [[]]}"#,
        );
        let pointers: Vec<_> = f.iter().filter_map(|f| f.pointer.as_deref()).collect();
        assert_eq!(
            pointers,
            ["/resources/0", "/resourceTemplates/0", "/prompts/0"]
        );
    }
}
