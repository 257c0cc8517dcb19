use super::is_argument;
use crate::registry_schema::Violation;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags an argument without `type`, or with a `type` other than `positional` or `named`.
    ///
    /// ## Why is this bad?
    /// Clients build the command line differently for each kind.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0", "transport": {"type": "stdio"}, "packageArguments": [{"type": "flag", "name": "--port"}]}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0", "transport": {"type": "stdio"}, "packageArguments": [{"type": "named", "name": "--port"}]}]}
    /// ```
    pub RULE = {
        id: "server-json-argument-type-value",
        group: ServerJson,
        severity: Error,
        summary: "A package argument type is not positional or named",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    is_argument(v)
        && (v.is_required("type") && v.path.len() == 4
            || v.path.len() == 5 && v.last_key() == Some("type"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
