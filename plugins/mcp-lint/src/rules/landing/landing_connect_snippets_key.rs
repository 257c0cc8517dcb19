use signalint_plugin_api::Object;

use super::{CONNECT_TABS, at, members_of};
use crate::context::Cx;

declare_rule! {
    /// ## What it does
    /// Flags a key of `landing.connectSnippets` that is not one of the connect card's tabs:
    /// `claude`, `codex`, `cursor`, `gemini`, `stdio`, `http`, `curl`.
    ///
    /// ## Why is this bad?
    /// The framework renders only the known tabs and drops other keys without a word, so the
    /// snippet never shows. Use the id of the tab it belongs to (the names are lower-case).
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"connectSnippets": {"vscode": "code --add-mcp ..."}}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"connectSnippets": {"cursor": "cursor --add-mcp ..."}}}}
    /// ```
    pub RULE = {
        id: "landing-connect-snippets-key",
        group: Landing,
        severity: Warning,
        summary: "A landing connectSnippets key is not a connect tab",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    for (key, _) in members_of(cx, &RULE, landing, "connectSnippets") {
        if CONNECT_TABS.contains(&key) {
            continue;
        }
        cx.report(&RULE, at(&["connectSnippets", key]), format!(
                "landing.connectSnippets key `{key}` is not a connect tab, so it is dropped; use one of {}",
                CONNECT_TABS.join(", ")
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
}
