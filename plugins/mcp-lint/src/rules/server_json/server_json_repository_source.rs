use crate::registry_schema::Violation;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a `repository` without a `source` string (`github`, `gitlab`, ...).
    ///
    /// ## Why is this bad?
    /// Registries pick the verification method from `source`.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "repository": {"url": "https://github.com/acme/weather"}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "repository": {"url": "https://github.com/acme/weather", "source": "github"}}
    /// ```
    pub RULE = {
        id: "server-json-repository-source",
        group: ServerJson,
        severity: Error,
        summary: "server.json repository has no source",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.is_required("source") && v.path_is(&["repository"]) || v.prefix_is(&["repository", "source"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
