use crate::registry_schema::{Keyword, Violation};
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a `name` that does not match `^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$`: a reverse-DNS
    /// namespace, one slash, and the server name.
    ///
    /// ## Why is this bad?
    /// The namespace proves ownership (a GitHub account, a domain); the registry rejects names
    /// without it.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "weather", "description": "Weather forecasts.", "version": "1.0.0"}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0"}
    /// ```
    pub RULE = {
        id: "server-json-name-format",
        group: ServerJson,
        severity: Error,
        summary: "server.json name is not namespace/name",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.is(Keyword::Pattern) && v.path_is(&["name"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
