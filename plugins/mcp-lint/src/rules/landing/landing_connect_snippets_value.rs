use signalint_plugin_api::{Json, Object};

use super::{CONNECT_TABS, a_type, at, misfits};
use crate::context::Cx;

declare_rule! {
    /// ## What it does
    /// Flags a `landing.connectSnippets` entry of a known tab whose value is not a string. A
    /// value the source reader cannot evaluate (often `JSON.stringify(…)`) is not judged.
    ///
    /// ## Why is this bad?
    /// The snippet is shown verbatim in the connect card; the mcp-ts-core linter rejects
    /// another type. Write the snippet text, or `JSON.stringify(config, null, 2)` for a JSON
    /// one.
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"connectSnippets": {"stdio": {"mcpServers": {"catalogue": {"command": "npx"}}}}}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"connectSnippets": {"stdio": "{\"mcpServers\": {\"catalogue\": {\"command\": \"npx\"}}}"}}}}
    /// ```
    pub RULE = {
        id: "landing-connect-snippets-value",
        group: Landing,
        severity: Error,
        summary: "A landing connectSnippets entry is not a string",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    // A key that is not a tab is `landing-connect-snippets-key`'s.
    let fits = |key: &str, value: &Json| !CONNECT_TABS.contains(&key) || value.is_string();
    for (key, value) in misfits(cx, &RULE, landing, "connectSnippets", fits) {
        cx.report(&RULE, at(&["connectSnippets", key]), format!(
                "landing.connectSnippets `{key}` is {}, not a string; write the snippet text (JSON.stringify an object)",
                a_type(value)
            ));
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
    fn unresolved_values_are_not_judged() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"sourceFacts": {"landing": {"connectSnippets": {"stdio": {"$unresolved": "a call"}, "vscode": 1}}}}"#,
        );
        assert!(f.is_empty(), "{f:?}");
    }
}
