use signalint_plugin_api::Json;

use crate::context::{Cx, ptr};

declare_rule! {
    /// ## What it does
    /// Flags an entry of `resources/list` without a non-empty `uri` string.
    ///
    /// ## Why is this bad?
    /// `resources/read` takes the URI; a resource without one cannot be read, and the
    /// specification requires it.
    ///
    /// ## Example
    /// ```json invalid
    /// {"resources": [{"name": "readme", "description": "Project readme."}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"resources": [{"name": "readme", "uri": "file:///repo/README.md", "description": "Project readme."}]}
    /// ```
    pub RULE = {
        id: "resource-uri-required",
        group: Resources,
        severity: Error,
        summary: "A resource has no uri",
    }
}

pub fn check(cx: &mut Cx, resource: &Json, base: &str) {
    match resource.get("uri") {
        None => {
            cx.report(&RULE, base, "resource has no `uri`");
        }
        Some(Json::String(s)) if !s.trim().is_empty() => {}
        Some(_) => {
            cx.report(&RULE, ptr(base, "uri"), "`uri` must be a non-empty string");
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
}
