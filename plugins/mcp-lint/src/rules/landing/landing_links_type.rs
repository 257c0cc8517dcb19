use signalint_plugin_api::Object;

use super::{a_type, at, set};
use crate::context::Cx;

declare_rule! {
    /// ## What it does
    /// Flags a `landing.links` that is set (not `null` or `undefined`) but is not an array. A
    /// value the source reader cannot evaluate is not judged.
    ///
    /// ## Why is this bad?
    /// The footer renders `links` as a list of `{ href, label }` entries; the mcp-ts-core
    /// linter rejects any other type. Write an array, one object per link.
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"links": {"href": "https://example.org", "label": "Home"}}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"links": [{"href": "https://example.org", "label": "Home"}]}}}
    /// ```
    pub RULE = {
        id: "landing-links-type",
        group: Landing,
        severity: Error,
        summary: "The landing links are not an array",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    let Some(value) = set(landing, "links") else {
        return;
    };
    if !value.is_array() && cx.on(&RULE) {
        cx.report(
            &RULE,
            at(&["links"]),
            format!(
                "landing.links is {}, not an array; write an array of `{{ href, label }}` objects",
                a_type(value)
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
    fn unset_and_unresolved_values_are_not_judged() {
        for value in [
            "null",
            r#"{"$unresolved": "a call"}"#,
            r#"{"$member": "Brand.links"}"#,
        ] {
            let json = format!(r#"{{"sourceFacts": {{"landing": {{"links": {value}}}}}}}"#);
            let f = crate::testing::findings_of(&RULE, &json);
            assert!(f.is_empty(), "{value}: {f:?}");
        }
    }
}
