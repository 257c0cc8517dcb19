use signalint_plugin_api::Object;

use super::{a_type, at, misfits};
use crate::context::Cx;

declare_rule! {
    /// ## What it does
    /// Flags a value of `landing.envExample` that is not a string (a number, a boolean, `null`,
    /// an object). A value the source reader cannot evaluate is not judged.
    ///
    /// ## Why is this bad?
    /// Environment variables are strings; the connect card leaves out a value of another type,
    /// and the mcp-ts-core linter rejects it. Quote the example value (`"8080"`, `"true"`).
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"envExample": {"PORT": 8080}}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"envExample": {"PORT": "8080"}}}}
    /// ```
    pub RULE = {
        id: "landing-env-example-value",
        group: Landing,
        severity: Error,
        summary: "A landing envExample value is not a string",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    for (key, value) in misfits(cx, &RULE, landing, "envExample", |_, v| v.is_string()) {
        cx.report(
            &RULE,
            at(&["envExample", key]),
            format!(
                "landing.envExample `{key}` is {}, not a string; quote the example value",
                a_type(value)
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
    fn unresolved_values_are_not_judged() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"sourceFacts": {"landing": {"envExample": {"A": {"$unresolved": "a call"}, "B": "b", "$unresolved": "a spread"}}}}"#,
        );
        assert!(f.is_empty(), "{f:?}");
    }
}
