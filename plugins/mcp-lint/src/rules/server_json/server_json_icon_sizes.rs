use crate::registry_schema::Violation;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags icon `sizes` that is not an array of strings matching `^(\\d+x\\d+|any)$`.
    ///
    /// ## Why is this bad?
    /// Clients pick the icon for a slot by size; `48` or `48px` cannot be matched.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "icons": [{"src": "https://acme.dev/icon.png", "sizes": ["48"]}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "icons": [{"src": "https://acme.dev/icon.png", "sizes": ["48x48", "any"]}]}
    /// ```
    pub RULE = {
        id: "server-json-icon-sizes",
        group: ServerJson,
        severity: Error,
        summary: "An icon size is not WxH or any",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.prefix_is(&["icons", "#", "sizes"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
