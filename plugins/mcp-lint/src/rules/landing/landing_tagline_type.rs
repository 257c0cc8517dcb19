use signalint_plugin_api::Object;

use super::{Want, check_type};
use crate::context::Cx;

declare_rule! {
    /// ## What it does
    /// Flags a `landing.tagline` that is set (not `null` or `undefined`) but is not a string. A
    /// value the source reader cannot evaluate is not judged.
    ///
    /// ## Why is this bad?
    /// The tagline is rendered as the hero line of the landing page; the mcp-ts-core linter
    /// rejects any other type. Write it as a string literal.
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"tagline": ["Search", "fetch"]}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"tagline": "Search and fetch articles."}}}
    /// ```
    pub RULE = {
        id: "landing-tagline-type",
        group: Landing,
        severity: Error,
        summary: "The landing tagline is not a string",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    check_type(
        cx,
        &RULE,
        landing,
        "tagline",
        Want::String,
        "write the tagline as one string of at most 120 characters",
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
        super::super::assert_unset_values_are_not_judged(&RULE, "tagline");
    }
}
