use signalint_plugin_api::{Json, Object};

use super::{at, set};
use crate::context::{Cx, quote};

declare_rule! {
    /// ## What it does
    /// Flags a `landing.repoRoot` string that is not `https://github.com/{owner}/{repo}`, with
    /// at most a trailing slash: no other host, no `http:`, no deeper path, query or fragment.
    ///
    /// ## Why is this bad?
    /// The landing page derives the source, issue and changelog links from `repoRoot`; any
    /// other form cannot be parsed, and the mcp-ts-core linter rejects it. Give the
    /// repository's root URL; put other pages into `links`.
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"repoRoot": "https://github.com/cyanheads/pubmed-mcp-server/tree/main"}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"repoRoot": "https://github.com/cyanheads/pubmed-mcp-server"}}}
    /// ```
    pub RULE = {
        id: "landing-repo-root-shape",
        group: Landing,
        severity: Error,
        summary: "The landing repoRoot is not a GitHub repository URL",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    let Some(root) = set(landing, "repoRoot").and_then(Json::as_str) else {
        return;
    };
    if !is_repo_root(root) && cx.on(&RULE) {
        cx.report(
            &RULE,
            at(&["repoRoot"]),
            format!(
                "landing.repoRoot `{}` is not a repository root; write it as https://github.com/{{owner}}/{{repo}}",
                quote(&Json::from(root))
            ),
        );
    }
}

/// `https://github.com/{owner}/{repo}` with an optional trailing slash; neither part empty
/// nor holding a slash or whitespace, the repository no `?` or `#` either.
fn is_repo_root(url: &str) -> bool {
    let Some(path) = url.strip_prefix("https://github.com/") else {
        return false;
    };
    let path = path.strip_suffix('/').unwrap_or(path);
    let Some((owner, repo)) = path.split_once('/') else {
        return false;
    };
    let plain = |part: &str, extra: &[char]| {
        !part.is_empty()
            && !part
                .chars()
                .any(|c| c == '/' || c.is_whitespace() || extra.contains(&c))
    };
    plain(owner, &[]) && plain(repo, &['?', '#'])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn the_accepted_forms() {
        for ok in [
            "https://github.com/a/b",
            "https://github.com/a/b/",
            "https://github.com/a-b/c.d",
        ] {
            assert!(is_repo_root(ok), "{ok}");
        }
        for bad in [
            "http://github.com/a/b",
            "https://gitlab.com/a/b",
            "https://github.com/a",
            "https://github.com/a/",
            "https://github.com//b",
            "https://github.com/a/b/c",
            "https://github.com/a/b//",
            "https://github.com/a/b?tab=readme",
            "https://github.com/a/b#top",
            "https://github.com/a b/c",
            " https://github.com/a/b",
        ] {
            assert!(!is_repo_root(bad), "{bad}");
        }
    }
}
