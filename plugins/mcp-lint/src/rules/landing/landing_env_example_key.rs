use signalint_plugin_api::Object;

use super::{at, members_of};
use crate::context::Cx;

declare_rule! {
    /// ## What it does
    /// Flags a key of `landing.envExample` that is not SCREAMING_SNAKE_CASE: an upper-case
    /// letter, then upper-case letters, digits and underscores.
    ///
    /// ## Why is this bad?
    /// The keys are shown as environment variables to set; a name in another case is not the
    /// one the server reads (environment names are case-sensitive), so a copied snippet does
    /// not configure anything. Use the exact name the server's config reads.
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"envExample": {"ncbiApiKey": "your-ncbi-api-key"}}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"envExample": {"NCBI_API_KEY": "your-ncbi-api-key"}}}}
    /// ```
    pub RULE = {
        id: "landing-env-example-key",
        group: Landing,
        severity: Warning,
        summary: "A landing envExample key is not an environment variable name",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    for (key, _) in members_of(cx, &RULE, landing, "envExample") {
        if !is_env_name(key) {
            cx.report(
                &RULE,
                at(&["envExample", key]),
                format!(
                    "landing.envExample key `{key}` is not an environment variable name; write it in SCREAMING_SNAKE_CASE as the server reads it"
                ),
            );
        }
    }
}

/// `[A-Z][A-Z0-9_]*`.
fn is_env_name(key: &str) -> bool {
    let mut chars = key.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && chars.all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn names() {
        for ok in ["A", "API_KEY", "V2_TOKEN_", "X9"] {
            assert!(is_env_name(ok), "{ok}");
        }
        for bad in ["", "_A", "9A", "api_key", "API-KEY", "ÄPI"] {
            assert!(!is_env_name(bad), "{bad}");
        }
    }
}
