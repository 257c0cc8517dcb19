use crate::registry_schema::{Keyword, Violation};
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags an entry of `remotes` that is not an object.
    ///
    /// ## Why is this bad?
    /// Each remote describes one hosted endpoint.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "remotes": ["https://mcp.acme.dev/mcp"]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "remotes": [{"type": "streamable-http", "url": "https://mcp.acme.dev/mcp"}]}
    /// ```
    pub RULE = {
        id: "server-json-remote-type",
        group: ServerJson,
        severity: Error,
        summary: "A server.json remote is not an object",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.is(Keyword::Type) && v.path_is(&["remotes", "#"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
