use crate::context::Cx;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a server `version` or a `packages[].version` that is a version range rather than one
    /// version: it contains `^`, `~`, `>`, `<`, `*`, `||`, whitespace, starts with `=`, or has an
    /// `x`/`X` wildcard component (`1.x`, `1.2.X`). Pre-release and build labels are not ranges:
    /// `1.0.0-next` and `2.0.0+x86` are fine (the original linter flagged any `x`).
    ///
    /// ## Why is this bad?
    /// A published entry must pin what it installs; the registry rejects ranges, and a range makes
    /// installs unreproducible.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "^1.2.0"}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0-next"}
    /// ```
    pub RULE = {
        id: "server-json-version-no-range",
        group: ServerJson,
        severity: Error,
        summary: "A server or package version is a range",
    }
}

pub fn check(cx: &mut Cx, doc: &Json) {
    if let Some(version) = doc.get("version").and_then(Json::as_str)
        && is_range(version)
    {
        cx.report_evidence(
            &RULE,
            "/serverJson/version",
            "server version is a range; publish one exact version",
            version,
        );
    }
    for (i, package) in doc
        .get("packages")
        .and_then(Json::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        if let Some(version) = package.get("version").and_then(Json::as_str)
            && is_range(version)
        {
            cx.report_evidence(
                &RULE,
                format!("/serverJson/packages/{i}/version"),
                "package version is a range; pin one exact version",
                version,
            );
        }
    }
}

/// Whether `version` is a range rather than a single version.
pub fn is_range(version: &str) -> bool {
    let v = version.trim();
    if v.is_empty() || v == "latest" {
        return false;
    }
    if v.contains(['^', '~', '>', '<', '*'])
        || v.contains("||")
        || v.starts_with('=')
        || v.chars().any(char::is_whitespace)
    {
        return true;
    }
    let core = v.split(['-', '+']).next().unwrap_or(v);
    core.split('.').any(|part| part == "x" || part == "X")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn ranges_and_not_ranges() {
        for r in [
            "^1.2.3",
            "~1.2",
            ">=1.0.0",
            "1.x",
            "1.2.X",
            "*",
            "1.0.0 - 2.0.0",
            "1 || 2",
            "=1.0.0",
        ] {
            assert!(is_range(r), "{r}");
        }
        for v in [
            "1.0.0",
            "1.0.0-next",
            "2.0.0+x86",
            "1.0.0-rc.1",
            "2024.11.03",
            "v1",
        ] {
            assert!(!is_range(v), "{v}");
        }
    }
}
