use signalint_plugin_api::Object;

use super::{Want, check_type};
use crate::context::Cx;

declare_rule! {
    /// ## What it does
    /// Flags a `landing.links` that is set (not `null` or `undefined`) but is not an array. A
    /// value the source reader cannot evaluate is not judged.
    ///
    /// ## Why is this bad?
    /// The footer renders `links` as a list of `{ href, label }` entries; the mcp-ts-core
    /// linter rejects any other type. Write an array, one object per link.
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"links": {"href": "https://example.org", "label": "Home"}}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"links": [{"href": "https://example.org", "label": "Home"}]}}}
    /// ```
    pub RULE = {
        id: "landing-links-type",
        group: Landing,
        severity: Error,
        summary: "The landing links are not an array",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    check_type(
        cx,
        &RULE,
        landing,
        "links",
        Want::Array,
        "write an array of `{ href, label }` objects",
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
        super::super::assert_unset_values_are_not_judged(&RULE, "links");
    }
}
