use signalint_plugin_api::Json;

use crate::context::{Cx, ptr};

declare_rule! {
    /// ## What it does
    /// Flags a `uriTemplate` that is not a well-formed RFC 6570 template: unbalanced or nested
    /// braces, an empty expression (`{}`, `{ }`), an empty variable in a list (`{a,}`),
    /// whitespace inside an expression, a bad prefix modifier (`{a:0}`) or a reserved
    /// operator (`{=a}`).
    ///
    /// ## Why is this bad?
    /// Clients expand the template to build the URI; a malformed one expands to garbage or
    /// makes the client drop the template.
    ///
    /// ## Example
    /// ```json invalid
    /// {"resourceTemplates": [{"name": "file", "uriTemplate": "file:///{path", "description": "A file."}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"resourceTemplates": [{"name": "file", "uriTemplate": "file:///{+path}", "description": "A file."}]}
    /// ```
    pub RULE = {
        id: "uri-template-valid",
        group: Resources,
        severity: Error,
        summary: "A uriTemplate is not a well-formed RFC 6570 template",
    }
}

pub fn check(cx: &mut Cx, template: &Json, base: &str) {
    let Some(t) = template.get("uriTemplate").and_then(Json::as_str) else {
        return;
    };
    if let Err(problem) = crate::uri_template::validate(t) {
        cx.report_evidence(
            &RULE,
            ptr(base, "uriTemplate"),
            format!("malformed URI template: {problem}"),
            t,
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
    fn empty_expression() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"resourceTemplates": [{"name": "a", "uriTemplate": "a://{ }"}]}"#,
        );
        assert_eq!(f.len(), 1);
    }
}
