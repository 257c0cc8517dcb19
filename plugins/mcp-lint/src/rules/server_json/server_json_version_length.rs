use crate::registry_schema::{Keyword, Violation};
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a `version` longer than 255 characters.
    ///
    /// ## Why is this bad?
    /// The registry rejects it.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0"}
    /// ```
    pub RULE = {
        id: "server-json-version-length",
        group: ServerJson,
        severity: Error,
        summary: "server.json version is longer than 255 characters",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.is(Keyword::MaxLength) && v.path_is(&["version"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
