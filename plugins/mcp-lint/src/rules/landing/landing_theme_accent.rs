use signalint_plugin_api::Object;

use super::{a_type, at, plain_object, set};
use crate::context::Cx;

declare_rule! {
    /// ## What it does
    /// Flags a `landing.theme.accent` that is set but is not a string. A value the source
    /// reader cannot evaluate is not judged.
    ///
    /// ## Why is this bad?
    /// The accent is written into the page's CSS as a colour; the mcp-ts-core linter rejects
    /// another type. Write the colour as a string (`"#6366f1"`, `"indigo"`).
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"theme": {"accent": 6513905}}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"theme": {"accent": "#6366f1"}}}}
    /// ```
    pub RULE = {
        id: "landing-theme-accent",
        group: Landing,
        severity: Error,
        summary: "The landing theme accent is not a string",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    let Some(accent) = plain_object(landing, "theme").and_then(|theme| set(theme, "accent")) else {
        return;
    };
    if !accent.is_string() && cx.on(&RULE) {
        cx.report(
            &RULE,
            at(&["theme", "accent"]),
            format!(
                "landing.theme.accent is {}, not a string; write the colour as a string such as \"#6366f1\"",
                a_type(accent)
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
            r#"{"sourceFacts": {"landing": {"theme": {"accent": {"$member": "Brand.accent"}}}}}"#,
        );
        assert!(f.is_empty(), "{f:?}");
    }
}
