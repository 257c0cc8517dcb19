use crate::context::Cx;
use crate::registry_schema::Violation;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a package that has `runtimeArguments` but no `runtimeHint` string (`npx`, `uvx`,
    /// `docker`, ...), and a `runtimeHint` that is not a string.
    ///
    /// ## Why is this bad?
    /// Runtime arguments are arguments *to the runtime*; without the hint the client does not know
    /// which command they belong to.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0", "transport": {"type": "stdio"}, "runtimeArguments": [{"type": "positional", "value": "-y"}]}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0", "transport": {"type": "stdio"}, "runtimeHint": "npx", "runtimeArguments": [{"type": "positional", "value": "-y"}]}]}
    /// ```
    pub RULE = {
        id: "server-json-package-runtime-hint",
        group: ServerJson,
        severity: Warning,
        summary: "A package with runtimeArguments has no runtimeHint",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.prefix_is(&["packages", "#", "runtimeHint"])
}

pub fn check(cx: &mut Cx, doc: &Json) {
    for (i, package) in doc
        .get("packages")
        .and_then(Json::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        let has_args = package
            .get("runtimeArguments")
            .and_then(Json::as_array)
            .is_some_and(|a| !a.is_empty());
        if has_args && package.get("runtimeHint").is_none() {
            cx.report(
                &RULE,
                format!("/serverJson/packages/{i}"),
                "package has `runtimeArguments` but no `runtimeHint` naming the runtime",
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
