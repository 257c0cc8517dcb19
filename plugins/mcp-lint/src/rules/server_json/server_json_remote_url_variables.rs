use crate::context::Cx;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a `{name}` in a remote's `url` with no entry of that name in the remote's `variables`.
    ///
    /// ## Why is this bad?
    /// The client has no definition to prompt for, so it leaves `{name}` in the URL and the
    /// connection fails.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "remotes": [{"type": "streamable-http", "url": "https://{tenant}.acme.dev/mcp"}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "remotes": [
    ///    {"type": "streamable-http", "url": "https://{tenant}.acme.dev/mcp", "variables": {"tenant": {"description": "Tenant subdomain."}}}]}
    /// ```
    pub RULE = {
        id: "server-json-remote-url-variables",
        group: ServerJson,
        severity: Warning,
        summary: "A remote URL uses a variable it does not declare",
    }
}

pub fn check(cx: &mut Cx, doc: &Json) {
    for (i, remote) in doc
        .get("remotes")
        .and_then(Json::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        let Some(url) = remote.get("url").and_then(Json::as_str) else {
            continue;
        };
        let declared = remote.get("variables").and_then(Json::as_object);
        for name in crate::uri_template::variables(url) {
            if !declared.is_some_and(|d| d.contains_key(name)) {
                cx.report_evidence(
                    &RULE,
                    format!("/serverJson/remotes/{i}/url"),
                    format!("URL variable `{name}` is not declared in `variables`"),
                    name,
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
