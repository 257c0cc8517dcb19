use signalint_plugin_api::Object;

use super::{Want, check_type};
use crate::context::Cx;

declare_rule! {
    /// ## What it does
    /// Flags a `landing.theme` that is set (not `null` or `undefined`) but is not a plain
    /// object. A value the source reader cannot evaluate is not judged.
    ///
    /// ## Why is this bad?
    /// The theme holds named options (`accent`); the mcp-ts-core linter rejects any other
    /// shape. Write an object such as `{ accent: "#6366f1" }`.
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"theme": "#6366f1"}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"theme": {"accent": "#6366f1"}}}}
    /// ```
    pub RULE = {
        id: "landing-theme-type",
        group: Landing,
        severity: Error,
        summary: "The landing theme is not a plain object",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    check_type(
        cx,
        &RULE,
        landing,
        "theme",
        Want::Object,
        "write an object such as `{ accent: \"#6366f1\" }`",
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
        super::super::assert_unset_values_are_not_judged(&RULE, "theme");
    }
}
