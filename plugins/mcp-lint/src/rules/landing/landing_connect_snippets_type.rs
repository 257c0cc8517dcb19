use signalint_plugin_api::Object;

use super::{Want, check_type};
use crate::context::Cx;

declare_rule! {
    /// ## What it does
    /// Flags a `landing.connectSnippets` that is set (not `null` or `undefined`) but is not a
    /// plain object. Its keys are the connect card tab ids. A value the source reader cannot
    /// evaluate is not judged.
    ///
    /// ## Why is this bad?
    /// `connectSnippets` overrides the connect card snippet per tab (claude, codex, cursor,
    /// gemini, stdio, http, curl); the mcp-ts-core linter rejects any other shape. Write an
    /// object keyed by tab id.
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"connectSnippets": "npx catalogue-mcp"}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"connectSnippets": {"stdio": "npx catalogue-mcp"}}}}
    /// ```
    pub RULE = {
        id: "landing-connect-snippets-type",
        group: Landing,
        severity: Error,
        summary: "The landing connectSnippets is not a plain object",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    check_type(
        cx,
        &RULE,
        landing,
        "connectSnippets",
        Want::Object,
        "write an object keyed by connect tab id (claude, codex, cursor, gemini, stdio, http, curl)",
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
    fn unset_and_unresolved_values_are_not_judged() {
        super::super::assert_unset_values_are_not_judged(&RULE, "connectSnippets");
    }
}
