use signalint_plugin_api::Object;

use super::check_link_field;
use crate::context::Cx;

declare_rule! {
    /// ## What it does
    /// Flags an object entry of `landing.links` whose `href` is missing, empty or not a string.
    /// A value the source reader cannot evaluate is not judged, nor a missing `href` in an
    /// entry built with a spread.
    ///
    /// ## Why is this bad?
    /// The footer link is rendered as an anchor to `href`; without one it points nowhere, and
    /// the mcp-ts-core linter rejects it. Give the link's URL (absolute, or a path on the
    /// server).
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"links": [{"label": "PubMed"}]}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"links": [{"href": "https://pubmed.ncbi.nlm.nih.gov/", "label": "PubMed"}]}}}
    /// ```
    pub RULE = {
        id: "landing-link-href",
        group: Landing,
        severity: Error,
        summary: "A landing link has no href",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    check_link_field(cx, &RULE, landing, "href", "give the link's URL");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn spread_and_unresolved_entries_are_not_judged() {
        super::super::assert_link_field_rule_skips_unread_parts(&RULE);
    }
}
