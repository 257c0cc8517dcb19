use signalint_plugin_api::Object;

use super::{a_type, at, set};
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
    let Some(value) = set(landing, "theme") else {
        return;
    };
    if !value.is_object() && cx.on(&RULE) {
        cx.report(
            &RULE,
            at(&["theme"]),
            format!(
                "landing.theme is {}, not a plain object; write an object such as `{{ accent: \"#6366f1\" }}`",
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
    fn unset_and_unresolved_values_are_not_judged() {
        for value in [
            "null",
            r#"{"$unresolved": "a call"}"#,
            r#"{"$member": "Brand.theme"}"#,
        ] {
            let json = format!(r#"{{"sourceFacts": {{"landing": {{"theme": {value}}}}}}}"#);
            let f = crate::testing::findings_of(&RULE, &json);
            assert!(f.is_empty(), "{value}: {f:?}");
        }
    }
}
