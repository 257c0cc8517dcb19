use super::is_argument;
use crate::registry_schema::Violation;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a `named` argument without a `name` string (the flag, with its dashes).
    ///
    /// ## Why is this bad?
    /// A named argument is a flag; without the flag there is nothing to put on the command line.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0", "transport": {"type": "stdio"}, "packageArguments": [{"type": "named", "value": "8080"}]}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0", "transport": {"type": "stdio"}, "packageArguments": [{"type": "named", "name": "--port", "value": "8080"}]}]}
    /// ```
    pub RULE = {
        id: "server-json-argument-name",
        group: ServerJson,
        severity: Error,
        summary: "A named argument has no name",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    is_argument(v)
        && (v.is_required("name") && v.path.len() == 4
            || v.path.len() == 5 && v.last_key() == Some("name"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
