use crate::registry_schema::Violation;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags an icon `mimeType` other than `image/png`, `image/jpeg`, `image/jpg`, `image/svg+xml`
    /// or `image/webp`.
    ///
    /// ## Why is this bad?
    /// Clients only render those types.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "icons": [{"src": "https://acme.dev/icon.gif", "mimeType": "image/gif"}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "icons": [{"src": "https://acme.dev/icon.png", "mimeType": "image/png"}]}
    /// ```
    pub RULE = {
        id: "server-json-icon-mime-type",
        group: ServerJson,
        severity: Error,
        summary: "An icon mimeType is not an accepted image type",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.prefix_is(&["icons", "#", "mimeType"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
