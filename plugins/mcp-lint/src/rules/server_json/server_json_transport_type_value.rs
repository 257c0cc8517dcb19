use crate::registry_schema::Violation;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a transport without `type`, or with a `type` other than `stdio`, `streamable-http` or
    /// `sse` (remotes: `streamable-http` or `sse`).
    ///
    /// ## Why is this bad?
    /// Clients cannot connect over an unknown transport.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0", "transport": {"type": "websocket"}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0", "transport": {"type": "stdio"}}]}
    /// ```
    pub RULE = {
        id: "server-json-transport-type-value",
        group: ServerJson,
        severity: Error,
        summary: "A transport type is not stdio, streamable-http or sse",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.is_required("type") && v.path_is(&["packages", "#", "transport"])
        || v.path_is(&["packages", "#", "transport", "type"])
        || v.path_is(&["remotes", "#", "type"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
