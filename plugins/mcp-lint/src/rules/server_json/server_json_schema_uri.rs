use crate::registry_schema::Violation;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a `$schema` that is not a string holding an absolute URI.
    ///
    /// ## Why is this bad?
    /// Registries and editors pick the schema version from it.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0"}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0"}
    /// ```
    pub RULE = {
        id: "server-json-schema-uri",
        group: ServerJson,
        severity: Error,
        summary: "server.json `$schema` is not a URI",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.path_is(&["$schema"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
