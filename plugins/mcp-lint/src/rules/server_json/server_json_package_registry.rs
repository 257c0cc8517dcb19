use crate::registry_schema::Violation;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a package without a `registryType` string (`npm`, `pypi`, `oci`, `nuget`, `mcpb`,
    /// ...).
    ///
    /// ## Why is this bad?
    /// Clients pick the installer from it; the schema requires it.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [{"identifier": "@acme/weather", "transport": {"type": "stdio"}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0", "transport": {"type": "stdio"}}]}
    /// ```
    pub RULE = {
        id: "server-json-package-registry",
        group: ServerJson,
        severity: Error,
        summary: "A server.json package has no registryType",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.is_required("registryType") && v.path_is(&["packages", "#"])
        || v.prefix_is(&["packages", "#", "registryType"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
