use super::is_transport_url;
use crate::registry_schema::{Keyword, Violation};
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a `streamable-http` or `sse` transport (package or remote) without a `url` string.
    ///
    /// ## Why is this bad?
    /// There is nothing to connect to.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "remotes": [{"type": "sse"}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "remotes": [{"type": "streamable-http", "url": "https://mcp.acme.dev/mcp"}]}
    /// ```
    pub RULE = {
        id: "server-json-transport-url-required",
        group: ServerJson,
        severity: Error,
        summary: "An HTTP transport has no url",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    is_transport_url(v) && v.is(Keyword::Type)
        || v.is_required("url")
            && (v.path_is(&["packages", "#", "transport"]) || v.path_is(&["remotes", "#"]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
