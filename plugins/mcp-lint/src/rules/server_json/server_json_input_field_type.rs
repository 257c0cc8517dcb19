use super::{is_argument, is_headers_entry};
use crate::registry_schema::Violation;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a field of an argument, environment variable, header or URL variable with the wrong
    /// type, e.g. `isSecret: "yes"`, `choices: "a,b"`, `default: 8080` (all values are strings).
    ///
    /// ## Why is this bad?
    /// Clients build their configuration form from these fields and drop or misread values of the
    /// wrong type.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0", "transport": {"type": "stdio"}, "environmentVariables": [{"name": "PORT", "description": "Port.", "default": 8080}]}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0", "transport": {"type": "stdio"}, "environmentVariables": [{"name": "PORT", "description": "Port.", "default": "8080"}]}]}
    /// ```
    pub RULE = {
        id: "server-json-input-field-type",
        group: ServerJson,
        severity: Error,
        summary: "A field of an argument, variable or header has the wrong type",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    is_argument(v)
        || v.prefix_is(&["packages", "#", "environmentVariables", "#"])
        || is_headers_entry(v)
        || v.prefix_is(&["remotes", "#", "variables", "*"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
