use crate::registry_schema::{Keyword, Violation};
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a `server.json` whose top level is not a JSON object.
    ///
    /// ## Why is this bad?
    /// Registries and clients read named fields from the top level; an array or a string is not a
    /// server description.
    ///
    /// ## Example
    /// ```json invalid
    /// ["io.github.acme/weather"]
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0"}
    /// ```
    pub RULE = {
        id: "server-json-type",
        group: ServerJson,
        severity: Error,
        summary: "server.json is not a JSON object",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.is(Keyword::Type) && v.path_is(&[])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
