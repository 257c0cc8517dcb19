use signalint_plugin_api::Object;

use super::{MAX_TAGLINE, at, js_len, set};
use crate::context::Cx;

declare_rule! {
    /// ## What it does
    /// Flags a `landing.tagline` string longer than 120 characters (counted as JavaScript
    /// counts them, in UTF-16 units), the framework's limit.
    ///
    /// ## Why is this bad?
    /// The tagline is the one line under the server's name on the landing page; a longer one
    /// breaks the hero layout, and the mcp-ts-core linter rejects it. Say it in one short
    /// sentence and move the detail into the description or the README.
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"tagline": "Search PubMed and PubMed Central, fetch article metadata and full text, format citations in four styles, explore MeSH terms and find related research."}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"tagline": "Search PubMed, fetch articles, format citations and find related research."}}}
    /// ```
    pub RULE = {
        id: "landing-tagline-length",
        group: Landing,
        severity: Error,
        summary: "The landing tagline is longer than the hero layout allows",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    let Some(tagline) = set(landing, "tagline").and_then(|v| v.as_str()) else {
        return;
    };
    let length = js_len(tagline);
    if length > MAX_TAGLINE && cx.on(&RULE) {
        cx.report(
            &RULE,
            at(&["tagline"]),
            format!(
                "landing.tagline is {length} characters, more than the {MAX_TAGLINE} the landing page allows; shorten it to one line"
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
    fn length_is_counted_in_utf16_units() {
        // 60 emoji are 120 UTF-16 units: at the limit, not over it.
        let at_limit = "😀".repeat(60);
        let f = crate::testing::findings_of(
            &RULE,
            &format!(r#"{{"sourceFacts": {{"landing": {{"tagline": "{at_limit}"}}}}}}"#),
        );
        assert!(f.is_empty(), "{f:?}");
        let over = format!("{at_limit}a");
        let f = crate::testing::findings_of(
            &RULE,
            &format!(r#"{{"sourceFacts": {{"landing": {{"tagline": "{over}"}}}}}}"#),
        );
        assert!(
            f[0].message.contains("is 121 characters"),
            "{}",
            f[0].message
        );
    }
}
