use signalint_plugin_api::Object;

use super::{a_type, at, set};
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
    let Some(value) = set(landing, "envExample") else {
        return;
    };
    if !value.is_object() && cx.on(&RULE) {
        cx.report(
            &RULE,
            at(&["envExample"]),
            format!(
                "landing.envExample is {}, not a plain object; write an object from variable names to example values",
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
            r#"{"$member": "Brand.envExample"}"#,
        ] {
            let json = format!(r#"{{"sourceFacts": {{"landing": {{"envExample": {value}}}}}}}"#);
            let f = crate::testing::findings_of(&RULE, &json);
            assert!(f.is_empty(), "{value}: {f:?}");
        }
    }
}
