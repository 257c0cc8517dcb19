use super::is_headers;
use crate::registry_schema::Violation;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags transport `headers` that is not an array, a header that is not an object, and a header
    /// without a `name` string.
    ///
    /// ## Why is this bad?
    /// Clients send each header by name; a nameless header cannot be sent.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "remotes": [
    ///    {"type": "streamable-http", "url": "https://mcp.acme.dev/mcp", "headers": [{"description": "API key", "isSecret": true}]}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "remotes": [
    ///    {"type": "streamable-http", "url": "https://mcp.acme.dev/mcp", "headers": [{"name": "X-API-Key", "description": "API key", "isSecret": true}]}]}
    /// ```
    pub RULE = {
        id: "server-json-transport-headers",
        group: ServerJson,
        severity: Error,
        summary: "A transport's headers are malformed",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    is_headers(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
