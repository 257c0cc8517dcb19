use crate::registry_schema::Violation;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a `repository.id` that is not a string (the forge's stable repository id, e.g.
    /// GitHub's numeric id as a string).
    ///
    /// ## Why is this bad?
    /// Registries compare the id to detect a deleted and re-created repository; a number or object
    /// cannot be compared reliably.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "repository": {"url": "https://github.com/acme/weather", "source": "github", "id": 123456}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "repository": {"url": "https://github.com/acme/weather", "source": "github", "id": "123456"}}
    /// ```
    pub RULE = {
        id: "server-json-repository-id",
        group: ServerJson,
        severity: Error,
        summary: "server.json repository id is not a string",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.prefix_is(&["repository", "id"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
