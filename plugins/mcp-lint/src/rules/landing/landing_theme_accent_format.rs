use signalint_plugin_api::{Json, Object};

use super::{MAX_ACCENT, at, js_len, plain_object, set};
use crate::context::{Cx, quote};

declare_rule! {
    /// ## What it does
    /// Flags a `landing.theme.accent` string that is not a safe CSS colour value: after
    /// trimming it must be 1 to 128 characters, start with `#` or a letter (a hex literal, a
    /// named colour, a function such as `rgb(…)`, `oklch(…)`, `color-mix(…)`), and hold none of
    /// `;`, `{`, `}`, `<`, `>`, `\` and no comment marker. It checks the shape, not every
    /// colour syntax.
    ///
    /// ## Why is this bad?
    /// The accent is written into a CSS custom property (`--accent: …;`). HTML escaping does
    /// not protect a CSS context: a `;`, a brace, a comment or a backslash escape ends the
    /// declaration and injects style, so the mcp-ts-core linter rejects such a value. Use a
    /// plain colour value.
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"theme": {"accent": "red; } body { display: none"}}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"theme": {"accent": "oklch(62% 0.2 270)"}}}}
    /// ```
    pub RULE = {
        id: "landing-theme-accent-format",
        group: Landing,
        severity: Error,
        summary: "The landing theme accent is not a safe CSS colour",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    let Some(accent) = plain_object(landing, "theme")
        .and_then(|theme| set(theme, "accent"))
        .and_then(Json::as_str)
    else {
        return;
    };
    if !is_safe_colour(accent) && cx.on(&RULE) {
        cx.report(
            &RULE,
            at(&["theme", "accent"]),
            format!(
                "landing.theme.accent `{}` is not a plain CSS colour; use a hex literal (#6366f1), a named colour (indigo) or a colour function (rgb(…), oklch(…), color-mix(…)), without ; {{ }} < > \\ or comments",
                quote(&Json::from(accent))
            ),
        );
    }
}

/// The framework's shape check for a value put into `--accent: …;`.
fn is_safe_colour(value: &str) -> bool {
    let value = value.trim();
    let length = js_len(value);
    (1..=MAX_ACCENT).contains(&length)
        && !value.contains([';', '{', '}', '\\', '<', '>'])
        && !value.contains("/*")
        && !value.contains("*/")
        && value.starts_with(|c: char| c == '#' || c.is_ascii_alphabetic())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn the_colour_grammar() {
        for ok in [
            "#6366f1",
            "indigo",
            " rgb(99 102 241 / 50%) ",
            "color-mix(in oklch, red, blue)",
        ] {
            assert!(is_safe_colour(ok), "{ok}");
        }
        let long = format!("#{}", "a".repeat(128));
        for bad in [
            "", "   ", "1px", "(red)", "red;", "red}", "a<b", "a>b", "\\72 ed", "red/**/",
            "red */", &long,
        ] {
            assert!(!is_safe_colour(bad), "{bad:?}");
        }
        assert!(is_safe_colour(&long[..128]));
    }
}
