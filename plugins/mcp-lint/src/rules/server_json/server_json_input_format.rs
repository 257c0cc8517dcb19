use crate::registry_schema::{Keyword, Violation};
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a `format` of an argument, environment variable, header or variable that is not
    /// `string`, `number`, `boolean` or `filepath`.
    ///
    /// ## Why is this bad?
    /// Clients pick the input widget and the conversion from it; unknown values fall back to free
    /// text.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0", "transport": {"type": "stdio"}, "environmentVariables": [{"name": "PORT", "description": "Port.", "format": "integer"}]}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0", "transport": {"type": "stdio"}, "environmentVariables": [{"name": "PORT", "description": "Port.", "format": "number"}]}]}
    /// ```
    pub RULE = {
        id: "server-json-input-format",
        group: ServerJson,
        severity: Warning,
        summary: "An input format is not string, number, boolean or filepath",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.is(Keyword::Enum) && v.last_key() == Some("format")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
