use crate::registry_schema::{Keyword, Violation};
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags `icons` that is not an array, or an icon that is not an object.
    ///
    /// ## Why is this bad?
    /// Clients read `src`, `mimeType`, `sizes` and `theme` from each icon object.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "icons": "https://acme.dev/icon.png"}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "icons": [{"src": "https://acme.dev/icon.png"}]}
    /// ```
    pub RULE = {
        id: "server-json-icons-type",
        group: ServerJson,
        severity: Error,
        summary: "server.json icons is not an array of objects",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.is(Keyword::Type) && (v.path_is(&["icons"]) || v.path_is(&["icons", "#"]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
