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
    /// `.transform(…)`, `.pipe(…)` and `z.preprocess(…)` in an input schema (`inputSchema`,
    /// prompt arguments, resource `params`) are left alone: input schemas are converted by
    /// their input side, so they list fine. The recorded `tools/list` of real servers shows
    /// it: git-mcp-server's `git_commit` advertises its `.transform`ed `message` as a string,
    /// and sequential-thinking lists its `z.preprocess`ed booleans.
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
        if parses_input_side(construct) && is_input(def, &pointer) {
            continue;
        }
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

/// A construct that only changes the parsed value, so the input side still converts.
fn parses_input_side(construct: &str) -> bool {
    [".transform", ".pipe", "z.preprocess"]
        .iter()
        .any(|c| construct.starts_with(c))
}

/// Whether a pointer lies in one of the definition's input schemas.
fn is_input(def: &Def, pointer: &str) -> bool {
    ["inputSchema", "arguments"]
        .iter()
        .map(|key| format!("{}/{key}", def.base))
        .chain(std::iter::once(def.facts_ptr("params")))
        .any(|base| {
            pointer
                .strip_prefix(&base)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn value_changes_in_input_schemas_convert_by_their_input_side() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t"}], "sourceFacts": {"tools": [{"handler": null, "unserializable": [
                {"pointer": "/tools/0/inputSchema/properties/a", "construct": ".transform(…)"},
                {"pointer": "/tools/0/inputSchema/properties/b", "construct": "z.preprocess()"},
                {"pointer": "/tools/0/inputSchema/properties/c", "construct": "z.date()"},
                {"pointer": "/tools/0/outputSchema/properties/d", "construct": ".transform(…)"}]}]}}"#,
        );
        let pointers: Vec<_> = f.iter().filter_map(|f| f.pointer.as_deref()).collect();
        assert_eq!(
            pointers,
            [
                "/tools/0/inputSchema/properties/c",
                "/tools/0/outputSchema/properties/d"
            ]
        );
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
