use crate::context::Cx;
use crate::source_facts::{Def, Static, classify};

declare_rule! {
    /// ## What it does
    /// Flags an mcp-ts-core definition whose `auth` field is written but is not an array (a
    /// single scope string, an object). A value the source reader cannot evaluate (an
    /// imported constant, a call) is not judged.
    ///
    /// ## Why is this bad?
    /// The framework reads `auth` as the list of scopes a caller needs. Any other shape is
    /// rejected, so the definition either fails to register or its scope check is not what
    /// the author meant.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "delete_item", "description": "Deletes one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "auth": "tool:items:write"}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "delete_item", "description": "Deletes one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"handler": null, "auth": ["tool:items:write"]}]}}
    /// ```
    pub RULE = {
        id: "auth-type",
        group: Source,
        severity: Error,
        summary: "A definition's auth field is not an array of scope strings",
    }
}

pub fn check(cx: &mut Cx, def: &Def) {
    let Some(auth) = def.field("auth") else {
        return;
    };
    if let Static::Known(value) = classify(auth)
        && !value.is_array()
        && cx.on(&RULE)
    {
        cx.report(
            &RULE,
            def.facts_ptr("auth"),
            format!("{} auth must be an array of scope strings", def.subject()),
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
    fn unresolved_and_member_values_are_not_judged() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "a"}, {"name": "b"}], "sourceFacts": {"tools": [
                {"handler": null, "auth": {"$unresolved": "imported `SCOPES`"}},
                {"handler": null, "auth": {"$member": "Scopes.Write"}}]}}"#,
        );
        assert!(f.is_empty(), "{f:?}");
    }
}
