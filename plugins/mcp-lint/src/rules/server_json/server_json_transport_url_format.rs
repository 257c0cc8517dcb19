use super::is_transport_url;
use crate::registry_schema::{Keyword, Violation};
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a transport `url` that does not match `^https?://[^\\s]+$`.
    ///
    /// ## Why is this bad?
    /// Clients only connect over HTTP(S); `ws://`, relative paths and URLs with spaces fail.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "remotes": [{"type": "streamable-http", "url": "mcp.acme.dev/mcp"}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "remotes": [{"type": "streamable-http", "url": "https://mcp.acme.dev/mcp"}]}
    /// ```
    pub RULE = {
        id: "server-json-transport-url-format",
        group: ServerJson,
        severity: Warning,
        summary: "A transport url is not an http(s) URL",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    is_transport_url(v) && v.is(Keyword::Pattern)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
