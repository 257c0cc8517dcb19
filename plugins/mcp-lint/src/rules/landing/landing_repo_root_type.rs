use signalint_plugin_api::Object;

use super::{a_type, at, set};
use crate::context::Cx;

declare_rule! {
    /// ## What it does
    /// Flags a `landing.repoRoot` that is set (not `null` or `undefined`) but is not a string.
    /// A value the source reader cannot evaluate is not judged.
    ///
    /// ## Why is this bad?
    /// `repoRoot` is the GitHub repository the landing page links to (source, changelog); the
    /// mcp-ts-core linter rejects any other type. Write the repository URL as a string.
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"repoRoot": {"owner": "acme", "repo": "catalogue-mcp"}}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"repoRoot": "https://github.com/acme/catalogue-mcp"}}}
    /// ```
    pub RULE = {
        id: "landing-repo-root-type",
        group: Landing,
        severity: Error,
        summary: "The landing repoRoot is not a string",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    let Some(value) = set(landing, "repoRoot") else {
        return;
    };
    if !value.is_string() && cx.on(&RULE) {
        cx.report(
            &RULE,
            at(&["repoRoot"]),
            format!(
                "landing.repoRoot is {}, not a string; write the repository URL, `https://github.com/{{owner}}/{{repo}}`",
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
            r#"{"$member": "Brand.repoRoot"}"#,
        ] {
            let json = format!(r#"{{"sourceFacts": {{"landing": {{"repoRoot": {value}}}}}}}"#);
            let f = crate::testing::findings_of(&RULE, &json);
            assert!(f.is_empty(), "{value}: {f:?}");
        }
    }
}
