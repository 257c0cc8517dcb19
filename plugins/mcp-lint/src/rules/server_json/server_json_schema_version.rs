use crate::context::Cx;
use crate::registry_schema::SCHEMA_URL;
use signalint_plugin_api::Json;

declare_rule! {
    /// ## What it does
    /// Flags a `server.json` without `$schema`, or whose `$schema` is a URI other than the
    /// 2025-12-11 schema URL
    /// (`https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json`) this pack
    /// validates against. A `$schema` that is not a URI at all is `server-json-schema-uri`.
    ///
    /// ## Why is this bad?
    /// The registry validates against the declared version and refuses deprecated ones; without
    /// `$schema`, editors and the publisher CLI cannot check the file either.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0"}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0"}
    /// ```
    pub RULE = {
        id: "server-json-schema-version",
        group: ServerJson,
        severity: Warning,
        summary: "server.json does not declare the 2025-12-11 schema",
    }
}

pub fn check(cx: &mut Cx, doc: &Json) {
    match doc.get("$schema") {
        None => {
            cx.report(
                &RULE,
                "/serverJson",
                format!("no `$schema`; declare `{SCHEMA_URL}`"),
            );
        }
        Some(Json::String(s)) if &**s == SCHEMA_URL || !crate::registry_schema::is_uri(s) => {}
        Some(Json::String(s)) => {
            cx.report_evidence(
                &RULE,
                "/serverJson/$schema",
                format!("`$schema` is not the 2025-12-11 schema; this file was checked against `{SCHEMA_URL}`"),
                crate::context::truncate(s, 100),
            );
        }
        Some(_) => {}
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
