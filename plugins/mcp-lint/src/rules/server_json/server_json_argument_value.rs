use super::is_argument;
use crate::registry_schema::{Keyword, Violation};
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a `positional` argument with neither `value` nor `valueHint`.
    ///
    /// ## Why is this bad?
    /// The client has nothing to insert and no label to ask the user for.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0", "transport": {"type": "stdio"}, "packageArguments": [{"type": "positional"}]}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0", "transport": {"type": "stdio"}, "packageArguments": [{"type": "positional", "valueHint": "config_path"}]}]}
    /// ```
    pub RULE = {
        id: "server-json-argument-value",
        group: ServerJson,
        severity: Error,
        summary: "A positional argument has neither value nor valueHint",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.is(Keyword::AnyOf) && v.path.len() == 4 && is_argument(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
