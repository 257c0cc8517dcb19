use signalint_plugin_api::Object;

use super::{CONNECT_TABS, at, members_of};
use crate::context::Cx;

declare_rule! {
    /// ## What it does
    /// Flags a `landing.connectSnippets` entry of a known tab whose value is the empty string.
    ///
    /// ## Why is this bad?
    /// An empty override is ignored: the tab shows the snippet the framework derives, which is
    /// probably not what the author meant to write. Write the snippet, or remove the entry to
    /// use the derived one on purpose.
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"connectSnippets": {"http": ""}}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"connectSnippets": {"http": "curl -X POST https://example.org/mcp"}}}}
    /// ```
    pub RULE = {
        id: "landing-connect-snippets-empty",
        group: Landing,
        severity: Warning,
        summary: "A landing connectSnippets entry is empty",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    for (key, value) in members_of(cx, &RULE, landing, "connectSnippets") {
        if !CONNECT_TABS.contains(&key) || value.as_str().is_none_or(|s| !s.is_empty()) {
            continue;
        }
        cx.report(&RULE, at(&["connectSnippets", key]), format!(
                "landing.connectSnippets `{key}` is empty, so the tab shows the derived snippet; write the snippet or remove the entry"
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
