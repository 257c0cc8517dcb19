use signalint_plugin_api::Json;

use crate::context::{Cx, ptr};
use crate::rules::ItemKind;

declare_rule! {
    /// ## What it does
    /// Flags a resource or resource template that has no `name` (clients then show its URI
    /// or template as the name), or whose `name` is just its `uri` / `uriTemplate`.
    ///
    /// ## Why is this bad?
    /// The specification requires a `name`, and clients list resources by it. A URI as the
    /// name is hard to read for people and tells the model nothing about the content.
    ///
    /// ## Example
    /// ```json invalid
    /// {"resources": [{"uri": "file:///repo/README.md", "description": "Project readme."}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"resources": [{"uri": "file:///repo/README.md", "name": "readme", "description": "Project readme."}]}
    /// ```
    pub RULE = {
        id: "resource-name-not-uri",
        group: Resources,
        severity: Warning,
        summary: "A resource has no name, or its name is its URI",
    }
}

pub fn check(cx: &mut Cx, kind: ItemKind, item: &Json, base: &str) {
    let key = if kind == ItemKind::ResourceTemplate {
        "uriTemplate"
    } else {
        "uri"
    };
    let Some(uri) = item
        .get(key)
        .and_then(Json::as_str)
        .filter(|s| !s.is_empty())
    else {
        return;
    };
    match item.get("name") {
        None => {
            cx.report_evidence(
                &RULE,
                base,
                format!(
                    "{} has no `name`; clients will show its `{key}`",
                    kind.noun()
                ),
                uri,
            );
        }
        Some(Json::String(name)) if **name == *uri => {
            cx.report_evidence(
                &RULE,
                ptr(base, "name"),
                format!("{} `name` is its `{key}`", kind.noun()),
                uri,
            );
        }
        Some(_) => {}
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
    fn templates_and_uri_names() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"resourceTemplates": [{"uriTemplate": "a://{x}"}], "resources": [{"uri": "a://b", "name": "a://b"}]}"#,
        );
        let pointers: Vec<_> = f.iter().filter_map(|f| f.pointer.as_deref()).collect();
        assert_eq!(pointers, ["/resources/0/name", "/resourceTemplates/0"]);
    }
}
