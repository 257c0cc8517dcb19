use crate::context::Cx;
use crate::registry_schema::Violation;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a `repository.subfolder` that is not a string, or not a clean relative path: absolute
    /// (`/src`), with `.`/`..`/empty segments, a backslash, or a trailing slash.
    ///
    /// ## Why is this bad?
    /// The schema requires a clean relative path; anything else points outside the repository or to
    /// a different folder per client.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "repository": {"url": "https://github.com/acme/monorepo", "source": "github", "subfolder": "../weather"}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "repository": {"url": "https://github.com/acme/monorepo", "source": "github", "subfolder": "servers/weather"}}
    /// ```
    pub RULE = {
        id: "server-json-repository-subfolder",
        group: ServerJson,
        severity: Error,
        summary: "server.json repository subfolder is not a clean relative path",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.prefix_is(&["repository", "subfolder"])
}

pub fn check(cx: &mut Cx, doc: &Json) {
    let Some(sub) = doc
        .get("repository")
        .and_then(|r| r.get("subfolder"))
        .and_then(Json::as_str)
    else {
        return;
    };
    if !is_clean_relative(sub) {
        cx.report_evidence(
            &RULE,
            "/serverJson/repository/subfolder",
            "`subfolder` must be a clean relative path (no leading `/`, no `.` or `..` segments)",
            crate::context::truncate(sub, 80),
        );
    }
}

/// A non-empty relative path with `/` separators and only named segments.
pub fn is_clean_relative(path: &str) -> bool {
    !path.is_empty()
        && !path.contains('\\')
        && path
            .split('/')
            .all(|seg| !seg.is_empty() && seg != "." && seg != "..")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn clean_paths() {
        assert!(is_clean_relative("src/everything"));
        for bad in ["/src", "src/", "./src", "a/../b", "a//b", "a\\b", ""] {
            assert!(!is_clean_relative(bad), "{bad}");
        }
    }
}
