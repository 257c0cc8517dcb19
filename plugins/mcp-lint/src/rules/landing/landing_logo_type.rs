use signalint_plugin_api::Object;

use super::{Want, check_type};
use crate::context::Cx;

declare_rule! {
    /// ## What it does
    /// Flags a `landing.logo` that is set (not `null` or `undefined`) but is not a string. The
    /// logo is a URL or a `data:` URI. A value the source reader cannot evaluate is not judged.
    ///
    /// ## Why is this bad?
    /// The framework puts the logo into an image source and the mcp-ts-core linter rejects any
    /// other type. Give a URL or a `data:` URI as a string.
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"logo": {"src": "/logo.svg"}}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"logo": "https://example.org/logo.svg"}}}
    /// ```
    pub RULE = {
        id: "landing-logo-type",
        group: Landing,
        severity: Error,
        summary: "The landing logo is not a string",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    check_type(
        cx,
        &RULE,
        landing,
        "logo",
        Want::String,
        "give the logo's URL or `data:` URI as a string",
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
        super::super::assert_unset_values_are_not_judged(&RULE, "logo");
    }
}
