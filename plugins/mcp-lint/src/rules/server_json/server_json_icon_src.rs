use crate::context::Cx;
use crate::registry_schema::Violation;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags an icon without `src`, or whose `src` is not an absolute `https://` URL of at most 255
    /// characters.
    ///
    /// ## Why is this bad?
    /// The schema requires HTTPS icons so clients never load UI assets over plain HTTP or from data
    /// URLs of unbounded size.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "icons": [{"src": "http://acme.dev/icon.png"}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "icons": [{"src": "https://acme.dev/icon.png"}]}
    /// ```
    pub RULE = {
        id: "server-json-icon-src",
        group: ServerJson,
        severity: Error,
        summary: "An icon src is missing, not an https URL, or too long",
    }
}

/// Whether a schema violation belongs to this rule.
pub fn claims(v: &Violation, _doc: &Json) -> bool {
    v.is_required("src") && v.path_is(&["icons", "#"]) || v.prefix_is(&["icons", "#", "src"])
}

pub fn check(cx: &mut Cx, doc: &Json) {
    for (i, icon) in doc
        .get("icons")
        .and_then(Json::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        let Some(src) = icon.get("src").and_then(Json::as_str) else {
            continue;
        };
        if crate::registry_schema::is_uri(src) && !src.starts_with("https://") {
            cx.report_evidence(
                &RULE,
                format!("/serverJson/icons/{i}/src"),
                "icon `src` must be an https:// URL",
                crate::context::truncate(src, 80),
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
