use signalint_plugin_api::Json;

use crate::context::{Cx, ptr};
use crate::source_facts::{Def, Static, UNREAD_MEMBERS, classify, partial};

declare_rule! {
    /// ## What it does
    /// Reports each part of a definition the source reader could not read statically: a
    /// schema imported from a package, a spread, a computed key, a call it does not know
    /// (the `unresolved` facts), and a framework field (`auth`, an `errors` entry, the
    /// `enrichment` block) whose value it could not evaluate, or an object of them it read only
    /// in part (a spread). The message says what was not read and why.
    ///
    /// ## Why is this bad?
    /// Nothing is wrong with the code itself; the finding says that a check did not run. The
    /// reader never guesses: the part is left empty (`{}`) and the rules that need it stay
    /// silent, while the definition's other checks still run. Without this finding a clean
    /// result would look like a verified one. Inline the schema or import it from a relative
    /// module of the project so it can be read, or turn the rule off if that is not wanted.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.",
    ///   "inputSchema": {"type": "object", "properties": {"filter": {}}}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "unresolved": [
    ///    {"pointer": "/tools/0/inputSchema/properties/filter", "reason": "schema `FilterSchema` is imported from `@acme/schemas`; not followed"}]}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "search", "description": "Searches the catalogue.",
    ///   "inputSchema": {"type": "object", "properties": {"filter": {"type": "string", "description": "Text to match."}}}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "unresolved": []}]}}
    /// ```
    pub RULE = {
        id: "source-unresolved",
        group: Source,
        severity: Warning,
        summary: "Part of a definition could not be read from source, so its checks did not run",
    }
}

pub fn check(cx: &mut Cx, def: &Def) {
    if !cx.on(&RULE) {
        return;
    }
    let mut listed = Vec::new();
    for (i, entry) in def.list("unresolved") {
        let pointer = match entry
            .get("pointer")
            .and_then(Json::as_str)
            .filter(|p| p.starts_with('/'))
        {
            Some(p) => p.to_owned(),
            None => format!("{}/unresolved/{i}", def.facts_base),
        };
        let reason = entry
            .get("reason")
            .and_then(Json::as_str)
            .unwrap_or("no reason given");
        report(cx, def, &pointer, reason);
        listed.push(pointer);
    }
    let mut markers = Vec::new();
    for key in ["auth", "errors"] {
        if let Some(value) = def.field(key) {
            markers_in(value, &def.facts_ptr(key), 0, &mut markers);
        }
    }
    // Only the blocks themselves: enrichment members are Zod schemas and trailer renderers
    // are functions, which are never static values.
    for key in ["enrichment", "enrichmentTrailer"] {
        let why = match def.field(key).map(classify) {
            Some(Static::Unresolved(why)) => why,
            Some(Static::Known(Json::Object(members))) => match partial(members) {
                Some(why) => why,
                None => continue,
            },
            _ => continue,
        };
        markers.push((def.facts_ptr(key), why));
    }
    for (pointer, reason) in markers {
        if !listed.contains(&pointer) {
            report(cx, def, &pointer, reason);
        }
    }
}

fn report(cx: &mut Cx, def: &Def, pointer: &str, reason: &str) {
    let what = pointer
        .strip_prefix(&def.facts_base)
        .or_else(|| pointer.strip_prefix(&def.base))
        .filter(|p| !p.is_empty())
        .unwrap_or(pointer);
    cx.report(
        &RULE,
        pointer,
        format!(
            "{}: `{what}` was not read from source ({reason}); the checks that need it were skipped, \
             the definition's other checks ran without it",
            def.subject()
        ),
    );
}

/// The same report for the server's `landing` config (`/sourceFacts/landing`).
pub fn check_landing(cx: &mut Cx, landing: &Json, base: &str) {
    if !cx.on(&RULE) {
        return;
    }
    let mut markers = Vec::new();
    markers_in(landing, base, 0, &mut markers);
    for (pointer, reason) in markers {
        let what = pointer
            .strip_prefix(base)
            .filter(|p| !p.is_empty())
            .unwrap_or("/");
        cx.report(
            &RULE,
            &pointer,
            format!(
                "landing config: `{what}` was not read from source ({reason}); the landing checks that need it were skipped"
            ),
        );
    }
}

/// The `$unresolved` markers in a static value, with their pointers (bounded depth).
fn markers_in<'a>(value: &'a Json, at: &str, depth: usize, out: &mut Vec<(String, &'a str)>) {
    if depth > 16 {
        return;
    }
    match classify(value) {
        Static::Unresolved(why) => out.push((at.to_owned(), why)),
        Static::Member(_) => {}
        Static::Known(Json::Array(items)) => {
            for (i, item) in items.iter().enumerate() {
                markers_in(item, &ptr(at, i.to_string()), depth + 1, out);
            }
        }
        Static::Known(Json::Object(members)) => {
            if let Some(why) = partial(members) {
                out.push((at.to_owned(), why));
            }
            for (key, item) in members.iter().filter(|(key, _)| *key != UNREAD_MEMBERS) {
                markers_in(item, &ptr(at, key), depth + 1, out);
            }
        }
        Static::Known(_) => {}
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
    fn framework_values_are_reported_once() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t"}], "sourceFacts": {"tools": [{"handler": null,
                "auth": {"$unresolved": "imported `SCOPES`"},
                "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": {"$unresolved": "a call"}}],
                "enrichment": {"note": {"$unresolved": "a Zod schema"}},
                "unresolved": [{"pointer": "/sourceFacts/tools/0/auth", "reason": "imported `SCOPES`"}]}]}}"#,
        );
        let pointers: Vec<_> = f.iter().filter_map(|f| f.pointer.as_deref()).collect();
        assert_eq!(
            pointers,
            [
                "/sourceFacts/tools/0/auth",
                "/sourceFacts/tools/0/errors/0/reason"
            ]
        );
        assert!(
            f[1].message
                .contains("`/errors/0/reason` was not read from source (a call)")
        );
    }

    #[test]
    fn landing_parts_not_read_are_reported() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"sourceFacts": {"landing": {"tagline": {"$unresolved": "a call"},
                "links": [{"href": "/a", "label": "A"}, {"$unresolved": "a spread"}],
                "theme": {"accent": {"$member": "Brand.accent"}}}}}"#,
        );
        let mut pointers: Vec<_> = f.iter().filter_map(|f| f.pointer.as_deref()).collect();
        pointers.sort_unstable();
        assert_eq!(
            pointers,
            [
                "/sourceFacts/landing/links/1",
                "/sourceFacts/landing/tagline"
            ]
        );
        assert!(f.iter().any(|f| {
            f.message
                .contains("landing config: `/tagline` was not read from source (a call)")
        }));
        let whole = crate::testing::findings_of(
            &RULE,
            r#"{"sourceFacts": {"landing": {"$unresolved": "`LANDING` is imported from `@acme/brand`"}}}"#,
        );
        assert!(whole[0].message.contains("`/` was not read"), "{whole:?}");
    }
}
