use signalint_plugin_api::Json;

use crate::context::{Cx, ptr};

declare_rule! {
    /// ## What it does
    /// Flags a resource template (an entry of `resources/templates/list`) without a non-empty
    /// `uriTemplate` string.
    ///
    /// ## Why is this bad?
    /// The template is how a client builds the URI to read; a template without one cannot be
    /// used, and the specification requires it.
    ///
    /// ## Example
    /// ```json invalid
    /// {"resourceTemplates": [{"name": "issue", "description": "An issue by number."}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"resourceTemplates": [{"name": "issue", "uriTemplate": "issues://{number}", "description": "An issue by number."}]}
    /// ```
    pub RULE = {
        id: "uri-template-required",
        group: Resources,
        severity: Error,
        summary: "A resource template has no uriTemplate",
    }
}

pub fn check(cx: &mut Cx, template: &Json, base: &str) {
    match template.get("uriTemplate") {
        None => {
            cx.report(&RULE, base, "resource template has no `uriTemplate`");
        }
        Some(Json::String(s)) if !s.trim().is_empty() => {}
        Some(_) => {
            cx.report(
                &RULE,
                ptr(base, "uriTemplate"),
                "`uriTemplate` must be a non-empty string",
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

    #[test]
    fn empty_string() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"resourceTemplates": [{"name": "a", "uriTemplate": " "}]}"#,
        );
        assert_eq!(
            f[0].pointer.as_deref(),
            Some("/resourceTemplates/0/uriTemplate")
        );
    }
}
