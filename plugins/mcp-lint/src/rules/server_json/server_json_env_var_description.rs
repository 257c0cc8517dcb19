use crate::context::Cx;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags an environment variable object without a non-empty `description`.
    ///
    /// ## Why is this bad?
    /// Clients show the description when they ask the user for the value; without it users guess
    /// what `API_KEY` wants.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0", "transport": {"type": "stdio"}, "environmentVariables": [{"name": "API_KEY"}]}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0", "transport": {"type": "stdio"}, "environmentVariables": [{"name": "API_KEY", "description": "Weather API key."}]}]}
    /// ```
    pub RULE = {
        id: "server-json-env-var-description",
        group: ServerJson,
        severity: Warning,
        summary: "An environment variable has no description",
    }
}

pub fn check(cx: &mut Cx, doc: &Json) {
    for (i, package) in doc
        .get("packages")
        .and_then(Json::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        let vars = package.get("environmentVariables").and_then(Json::as_array);
        for (j, var) in vars.into_iter().flatten().enumerate() {
            if !var.is_object() {
                continue;
            }
            if crate::context::non_empty_str(var.get("description")).is_none() {
                let name = var.get("name").and_then(Json::as_str).unwrap_or("?");
                cx.report(
                    &RULE,
                    format!("/serverJson/packages/{i}/environmentVariables/{j}"),
                    format!("environment variable `{name}` has no description"),
                );
            }
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
