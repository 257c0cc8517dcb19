use signalint_plugin_api::Json;

use crate::context::Cx;
use crate::source_facts::Def;

declare_rule! {
    /// ## What it does
    /// Flags each Zod construct in a definition's schemas, read from source, that has no
    /// JSON Schema form: `z.custom()`, `z.date()`, `z.bigint()`, `z.symbol()`, `z.void()`,
    /// `z.map()`, `z.set()`, `z.function()`, `z.nan()`, `.transform(…)` and `.pipe(…)` into
    /// one of them. The finding points at the schema node that holds it (an empty `{}` in the
    /// advertised schema).
    ///
    /// ## Why is this bad?
    /// The SDK converts every schema to JSON Schema for `tools/list`. A construct that cannot
    /// be converted makes that conversion throw, so listing the server's tools fails for every
    /// client, not only the call that uses the field.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "schedule", "description": "Schedules a job.",
    ///   "inputSchema": {"type": "object", "properties": {"when": {}}}}],
    ///  "sourceFacts": {"tools": [{"handler": null,
    ///    "unserializable": [{"pointer": "/tools/0/inputSchema/properties/when", "construct": "z.date()"}]}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "schedule", "description": "Schedules a job.",
    ///   "inputSchema": {"type": "object", "properties": {"when": {"type": "string", "description": "ISO 8601 time, e.g. 2026-04-20T12:00:00Z."}}}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "unserializable": []}]}}
    /// ```
    pub RULE = {
        id: "schema-serializable",
        group: Source,
        severity: Error,
        summary: "A Zod schema read from source cannot be converted to JSON Schema",
    }
}

pub fn check(cx: &mut Cx, def: &Def) {
    if !cx.on(&RULE) {
        return;
    }
    for (i, entry) in def.list("unserializable") {
        let construct = entry
            .get("construct")
            .and_then(Json::as_str)
            .unwrap_or("a construct");
        let pointer = match entry
            .get("pointer")
            .and_then(Json::as_str)
            .filter(|p| p.starts_with('/'))
        {
            Some(p) => p.to_owned(),
            None => format!("{}/unserializable/{i}", def.facts_base),
        };
        let place = pointer
            .strip_prefix(&def.base)
            .or_else(|| pointer.strip_prefix(&def.facts_base))
            .unwrap_or(&pointer)
            .trim_start_matches('/');
        let (field, path) = place.split_once('/').unwrap_or((place, ""));
        let at = if path.is_empty() {
            String::new()
        } else {
            format!(" at `/{path}`")
        };
        cx.report(
            &RULE,
            pointer.clone(),
            format!(
                "{} {field} cannot be converted to JSON Schema: `{construct}`{at} has no JSON Schema form. \
                 Replace non-serializable types (z.custom(), z.date(), z.transform(), z.bigint(), etc.) with structural Zod types",
                def.subject()
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn message_names_the_schema_and_the_path() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t"}], "sourceFacts": {"tools": [{"handler": null, "unserializable": [
                {"pointer": "/tools/0/outputSchema/properties/n", "construct": ".transform(…)"}]}]}}"#,
        );
        assert_eq!(f.len(), 1);
        assert!(
            f[0].message
                .starts_with("tool `t` outputSchema cannot be converted to JSON Schema: `.transform(…)` at `/properties/n`"),
            "{}",
            f[0].message
        );
    }
}
