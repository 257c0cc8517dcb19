use signalint_plugin_api::Object;

use super::{Want, check_type};
use crate::context::Cx;

declare_rule! {
    /// ## What it does
    /// Flags a `landing.envExample` that is set (not `null` or `undefined`) but is not a plain
    /// object. A value the source reader cannot evaluate is not judged.
    ///
    /// ## Why is this bad?
    /// `envExample` maps environment variable names to example values for the connect card; the
    /// mcp-ts-core linter rejects any other shape. Write an object such as `{ API_KEY:
    /// "your-key" }`.
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"envExample": ["API_KEY=your-key"]}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"envExample": {"API_KEY": "your-key"}}}}
    /// ```
    pub RULE = {
        id: "landing-env-example-type",
        group: Landing,
        severity: Error,
        summary: "The landing envExample is not a plain object",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    check_type(
        cx,
        &RULE,
        landing,
        "envExample",
        Want::Object,
        "write an object from variable names to example values",
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
        super::super::assert_unset_values_are_not_judged(&RULE, "envExample");
    }
}
