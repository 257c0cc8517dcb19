use crate::registry_schema::{Keyword, Violation};
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a remote `variables` that is not an object, or a variable definition that is not an
    /// object.
    ///
    /// ## Why is this bad?
    /// Clients prompt for each variable and substitute it into the URL template.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "remotes": [
    ///    {"type": "streamable-http", "url": "https://{host}/mcp", "variables": {"host": "api.acme.dev"}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "remotes": [
    ///    {"type": "streamable-http", "url": "https://{host}/mcp", "variables": {"host": {"description": "API host.", "default": "api.acme.dev"}}}]}
    /// ```
    pub RULE = {
        id: "server-json-remote-variables",
        group: ServerJson,
        severity: Error,
        summary: "A remote's variables are malformed",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.is(Keyword::Type)
        && (v.path_is(&["remotes", "#", "variables"])
            || v.path_is(&["remotes", "#", "variables", "*"]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
