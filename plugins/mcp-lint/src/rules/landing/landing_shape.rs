use signalint_plugin_api::{Json, McpSurface};

use super::{POINTER, a_type, landing_of};
use crate::context::Cx;
use crate::source_facts::{Static, classify};

declare_rule! {
    /// ## What it does
    /// Flags a `landing` value given to mcp-ts-core's `createApp` that is not a plain object (a
    /// string, a number, a boolean, an array). `null` and `undefined` mean no landing page
    /// config and are fine; a value the source reader cannot evaluate is not judged.
    ///
    /// ## Why is this bad?
    /// The framework reads `landing` as an object of named options (tagline, links, theme, …)
    /// and the mcp-ts-core linter rejects anything else. Pass an object, or leave `landing` out
    /// to get the derived landing page.
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": "Search the catalogue"}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"tagline": "Search the catalogue"}}}
    /// ```
    pub RULE = {
        id: "landing-shape",
        group: Landing,
        severity: Error,
        summary: "The landing config is not an object",
    }
}

pub fn check(cx: &mut Cx, surface: &McpSurface) {
    let Some(Static::Known(value)) = landing_of(surface).map(classify) else {
        return;
    };
    if matches!(value, Json::Null | Json::Object(_)) || !cx.on(&RULE) {
        return;
    }
    cx.report(
        &RULE,
        POINTER,
        format!(
            "the landing config is {}, not an object; pass `landing: {{ tagline, links, … }}` to createApp, or leave it out",
            a_type(value)
        ),
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
    fn null_and_unresolved_are_fine() {
        for value in [
            "null",
            r#"{"$unresolved": "a call"}"#,
            r#"{"$member": "Config.landing"}"#,
        ] {
            let f = crate::testing::findings_of(
                &RULE,
                &format!(r#"{{"sourceFacts": {{"landing": {value}}}}}"#),
            );
            assert!(f.is_empty(), "{value}: {f:?}");
        }
    }

    #[test]
    fn an_array_is_not_an_object() {
        let f = crate::testing::findings_of(&RULE, r#"{"sourceFacts": {"landing": []}}"#);
        assert_eq!(f.len(), 1);
        assert!(f[0].message.contains("is an array"), "{}", f[0].message);
        assert_eq!(f[0].pointer.as_deref(), Some("/sourceFacts/landing"));
    }
}
