use crate::context::Cx;
use crate::registry_schema::Violation;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a package `fileSha256` that is not 64 lowercase hex digits, and an `mcpb` package
    /// without one.
    ///
    /// ## Why is this bad?
    /// Clients verify the downloaded file against the hash before running it; the schema requires
    /// it for MCPB bundles.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "mcpb", "identifier": "https://github.com/acme/weather/releases/download/v1.0.0/weather.mcpb", "version": "1.0.0", "transport": {"type": "stdio"}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "mcpb", "identifier": "https://github.com/acme/weather/releases/download/v1.0.0/weather.mcpb", "version": "1.0.0", "transport": {"type": "stdio"}, "fileSha256": "fe333e598595000ae021bd27117db32ec69af6987f507ba7a63c90638ff633ce"}]}
    /// ```
    pub RULE = {
        id: "server-json-package-file-sha256",
        group: ServerJson,
        severity: Error,
        summary: "A package fileSha256 is missing or malformed",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.prefix_is(&["packages", "#", "fileSha256"])
}

pub fn check(cx: &mut Cx, doc: &Json) {
    for (i, package) in doc
        .get("packages")
        .and_then(Json::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        if package.get("registryType").and_then(Json::as_str) == Some("mcpb")
            && package.get("fileSha256").is_none()
        {
            cx.report(
                &RULE,
                format!("/serverJson/packages/{i}"),
                "an `mcpb` package needs `fileSha256` so clients can verify the download",
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
