use crate::context::{Cx, ptr};
use crate::source_facts::{Def, js_type, known};

declare_rule! {
    /// ## What it does
    /// Flags an element of an mcp-ts-core definition's `auth` array that is not a non-empty
    /// string (an empty or blank string, a number, `null`). Elements the source reader
    /// cannot evaluate are not judged.
    ///
    /// ## Why is this bad?
    /// Each element is a scope the caller must hold. An empty scope can match anything, and a
    /// non-string is never a scope, so the definition is less protected than it reads.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "delete_item", "description": "Deletes one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "auth": ["tool:items:write", " "]}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "delete_item", "description": "Deletes one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "auth": ["tool:items:write", "tool:items:read"]}]}}
    /// ```
    pub RULE = {
        id: "auth-scope-format",
        group: Source,
        severity: Error,
        summary: "An auth scope is not a non-empty string",
    }
}

pub fn check(cx: &mut Cx, def: &Def) {
    let Some(scopes) = def.field("auth").and_then(known).and_then(|a| a.as_array()) else {
        return;
    };
    if !cx.on(&RULE) {
        return;
    }
    let base = def.facts_ptr("auth");
    for (i, scope) in scopes.iter().enumerate() {
        let Some(scope) = known(scope) else {
            continue;
        };
        let got = match scope.as_str() {
            Some(s) if !s.trim().is_empty() => continue,
            Some(_) => "empty string",
            None => js_type(scope),
        };
        cx.report(
            &RULE,
            ptr(&base, i.to_string()),
            format!(
                "{} auth[{i}] must be a non-empty string, got {got}",
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
    fn each_bad_scope_is_reported_and_markers_are_skipped() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "a"}], "sourceFacts": {"tools": [{"handler": null,
                "auth": ["", 3, {"$unresolved": "a call"}, {"$member": "S.Read"}, "ok"]}]}}"#,
        );
        let got: Vec<_> = f
            .iter()
            .map(|f| (f.pointer.clone().unwrap(), f.message.clone()))
            .collect();
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(got[0].0, "/sourceFacts/tools/0/auth/0");
        assert!(got[0].1.ends_with("got empty string"), "{}", got[0].1);
        assert!(got[1].1.ends_with("got number"), "{}", got[1].1);
    }
}
