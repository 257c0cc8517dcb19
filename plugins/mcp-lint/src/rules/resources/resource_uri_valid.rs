use signalint_plugin_api::Json;

use crate::context::{Cx, ptr, truncate};

declare_rule! {
    /// ## What it does
    /// Flags a resource `uri` that is not an absolute URI: it has no scheme
    /// (`README.md`, `/etc/hosts`), contains whitespace, or contains a `{...}` template
    /// expression (which belongs in `resources/templates/list`).
    ///
    /// ## Why is this bad?
    /// Clients pass the URI back verbatim to `resources/read` and use it as a cache key; a
    /// relative path or a template is resolved differently by each client, or not at all.
    ///
    /// ## Example
    /// ```json invalid
    /// {"resources": [{"name": "readme", "uri": "README.md", "description": "Project readme."}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"resources": [{"name": "readme", "uri": "file:///repo/README.md", "description": "Project readme."}]}
    /// ```
    pub RULE = {
        id: "resource-uri-valid",
        group: Resources,
        severity: Error,
        summary: "A resource uri is not an absolute URI",
    }
}

pub fn check(cx: &mut Cx, resource: &Json, base: &str) {
    let Some(uri) = resource
        .get("uri")
        .and_then(Json::as_str)
        .filter(|s| !s.trim().is_empty())
    else {
        return;
    };
    let problem = if !super::has_scheme(uri) {
        "has no scheme (`file://`, `https://`, ...)"
    } else if uri.chars().any(char::is_whitespace) {
        "contains whitespace; percent-encode it"
    } else if uri.contains('{') && uri.contains('}') {
        "contains a template expression; list it under resource templates"
    } else {
        return;
    };
    cx.report_evidence(
        &RULE,
        ptr(base, "uri"),
        format!("resource `uri` {problem}"),
        truncate(uri, 80),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn template_in_a_resource() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"resources": [{"name": "a", "uri": "repo://{owner}/x"}, {"name": "b", "uri": "urn:isbn:0451450523"}]}"#,
        );
        assert_eq!(f.len(), 1);
    }
}
