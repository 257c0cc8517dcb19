use super::at;
use crate::registry_schema::{Keyword, Violation};
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a remote whose `type` is `stdio`.
    ///
    /// ## Why is this bad?
    /// A remote is reached over the network; stdio only exists for a locally started package.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "remotes": [{"type": "stdio", "url": "https://mcp.acme.dev/mcp"}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "remotes": [{"type": "streamable-http", "url": "https://mcp.acme.dev/mcp"}]}
    /// ```
    pub RULE = {
        id: "server-json-remote-no-stdio",
        group: ServerJson,
        severity: Error,
        summary: "A server.json remote uses the stdio transport",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, doc: &Json) -> bool {
    v.is(Keyword::Enum)
        && v.path_is(&["remotes", "#", "type"])
        && at(doc, v).and_then(Json::as_str) == Some("stdio")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
