use crate::context::Cx;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a package whose `version` differs from the top-level `version`.
    ///
    /// ## Why is this bad?
    /// Usually the server and its package are released together; a mismatch means one of them was
    /// not bumped.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "npm", "identifier": "@acme/weather", "version": "0.9.0", "transport": {"type": "stdio"}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [
    ///    {"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0", "transport": {"type": "stdio"}}]}
    /// ```
    pub RULE = {
        id: "server-json-package-version-sync",
        group: ServerJson,
        severity: Warning,
        summary: "A package version differs from the server version",
    }
}

pub fn check(cx: &mut Cx, doc: &Json) {
    let Some(root) = doc.get("version").and_then(Json::as_str) else {
        return;
    };
    for (i, package) in doc
        .get("packages")
        .and_then(Json::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        let Some(version) = package.get("version").and_then(Json::as_str) else {
            continue;
        };
        if version != root && version != "latest" && !version.is_empty() {
            cx.report_evidence(
                &RULE,
                format!("/serverJson/packages/{i}/version"),
                format!("package version `{version}` differs from the server version `{root}`"),
                version,
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
