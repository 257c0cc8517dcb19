use signalint_plugin_api::Object;

use super::{Want, check_type};
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
    check_type(
        cx,
        &RULE,
        landing,
        "repoRoot",
        Want::String,
        "write the repository URL, `https://github.com/{owner}/{repo}`",
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
        super::super::assert_unset_values_are_not_judged(&RULE, "repoRoot");
    }
}
