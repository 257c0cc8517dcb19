use signalint_plugin_api::Object;

use super::check_link_field;
use crate::context::Cx;

declare_rule! {
    /// ## What it does
    /// Flags an object entry of `landing.links` whose `label` is missing, empty or not a
    /// string. A value the source reader cannot evaluate is not judged, nor a missing `label`
    /// in an entry built with a spread.
    ///
    /// ## Why is this bad?
    /// The label is the link's visible text; without one the footer shows an empty anchor, and
    /// the mcp-ts-core linter rejects it. Name where the link goes.
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"links": [{"href": "https://pubmed.ncbi.nlm.nih.gov/", "label": ""}]}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"links": [{"href": "https://pubmed.ncbi.nlm.nih.gov/", "label": "PubMed"}]}}}
    /// ```
    pub RULE = {
        id: "landing-link-label",
        group: Landing,
        severity: Error,
        summary: "A landing link has no label",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    check_link_field(
        cx,
        &RULE,
        landing,
        "label",
        "write the text the footer shows for it",
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
    fn spread_and_unresolved_entries_are_not_judged() {
        super::super::assert_link_field_rule_skips_unread_parts(&RULE);
    }
}
