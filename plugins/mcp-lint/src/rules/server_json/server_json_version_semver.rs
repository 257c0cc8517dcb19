use crate::context::Cx;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a server `version` that is not `MAJOR.MINOR.PATCH` with optional `-prerelease` and
    /// `+build` labels (ranges are left to `server-json-version-no-range`).
    ///
    /// ## Why is this bad?
    /// Registries sort versions to find the latest; non-semver versions sort unpredictably, so
    /// clients may install an old one.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "2024-11"}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.4.0-beta.2+build.7"}
    /// ```
    pub RULE = {
        id: "server-json-version-semver",
        group: ServerJson,
        severity: Warning,
        summary: "server.json version is not semantic versioning",
    }
}

pub fn check(cx: &mut Cx, doc: &Json) {
    let Some(version) = doc.get("version").and_then(Json::as_str) else {
        return;
    };
    if version.is_empty()
        || super::server_json_version_no_range::is_range(version)
        || is_semver(version)
    {
        return;
    }
    cx.report_evidence(
        &RULE,
        "/serverJson/version",
        "server version is not semantic versioning (MAJOR.MINOR.PATCH)",
        crate::context::truncate(version, 80),
    );
}

/// `^\d+\.\d+\.\d+(?:-[\w.]+)?(?:\+[\w.]+)?$`
pub fn is_semver(version: &str) -> bool {
    let (rest, build) = match version.split_once('+') {
        Some((r, b)) => (r, Some(b)),
        None => (version, None),
    };
    let (core, pre) = match rest.split_once('-') {
        Some((c, p)) => (c, Some(p)),
        None => (rest, None),
    };
    let label = |s: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '.')
    };
    let parts: Vec<&str> = core.split('.').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        && pre.is_none_or(label)
        && build.is_none_or(label)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn semver_shapes() {
        assert!(is_semver("1.0.0"));
        assert!(is_semver("10.20.30-rc.1+sha.abc"));
        assert!(!is_semver("1.0"));
        assert!(!is_semver("v1.0.0"));
        assert!(!is_semver("1.0.0-"));
    }
}
