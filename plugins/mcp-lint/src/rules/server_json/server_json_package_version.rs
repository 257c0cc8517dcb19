use crate::registry_schema::Violation;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a `packages[].version` that is not a string or is empty (the value `latest` is
    /// `server-json-package-no-latest`).
    ///
    /// ## Why is this bad?
    /// Clients install exactly this version; an empty one means "whatever is current".
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "npm", "identifier": "@acme/weather", "version": "", "transport": {"type": "stdio"}}]}
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
        id: "server-json-package-version",
        group: ServerJson,
        severity: Error,
        summary: "A package version is empty or not a string",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.path_is(&["packages", "#", "version"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
