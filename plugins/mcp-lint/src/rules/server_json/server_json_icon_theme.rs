use crate::registry_schema::Violation;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags an icon `theme` other than `light` or `dark`.
    ///
    /// ## Why is this bad?
    /// Clients choose icons by background; other values are never chosen.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "icons": [{"src": "https://acme.dev/icon.png", "theme": "night"}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "icons": [{"src": "https://acme.dev/icon.png", "theme": "dark"}]}
    /// ```
    pub RULE = {
        id: "server-json-icon-theme",
        group: ServerJson,
        severity: Error,
        summary: "An icon theme is not light or dark",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.prefix_is(&["icons", "#", "theme"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
