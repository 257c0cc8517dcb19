use signalint_plugin_api::Json;

use crate::context::{Cx, ptr, quote, truncate, type_name};
use crate::rules::ItemKind;

declare_rule! {
    /// ## What it does
    /// Checks the `icons` of a tool, resource, resource template or prompt (MCP 2025-11-25):
    /// `icons` must be an array of objects; each needs a `src` that is an `http(s)://` URL or
    /// a `data:` URI; `mimeType`, when present, a `type/subtype` media type; `sizes` an array
    /// of `WxH` or `any`; `theme` `light` or `dark`. The first problem of each icon is
    /// reported.
    ///
    /// ## Why is this bad?
    /// Clients drop icons they cannot load or place; a `file://` path or a bare file name
    /// only works on the author's machine.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "star", "description": "Stars a repository.", "inputSchema": {"type": "object"},
    ///   "icons": [{"src": "icons/star.png", "sizes": ["24"]}]}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "star", "description": "Stars a repository.", "inputSchema": {"type": "object"},
    ///   "icons": [{"src": "https://example.com/icons/star.png", "mimeType": "image/png", "sizes": ["24x24"], "theme": "light"}]}]}
    /// ```
    pub RULE = {
        id: "icon-valid",
        group: Tools,
        severity: Warning,
        summary: "A definition icon has no loadable src, or a bad mimeType, sizes or theme",
    }
}

pub fn check(cx: &mut Cx, kind: ItemKind, item: &Json, base: &str) {
    let Some(icons) = item.get("icons") else {
        return;
    };
    let at = ptr(base, "icons");
    let Some(list) = icons.as_array() else {
        cx.report(
            &RULE,
            at,
            format!(
                "{} `icons` is {}, not an array",
                kind.noun(),
                type_name(icons)
            ),
        );
        return;
    };
    for (i, icon) in list.iter().enumerate() {
        let here = ptr(&at, i.to_string());
        if let Some((field, problem, evidence)) = problem(icon) {
            let pointer = if field.is_empty() {
                here
            } else {
                ptr(&here, field)
            };
            cx.report_evidence(&RULE, pointer, format!("icon {problem}"), evidence);
        }
    }
}

fn problem(icon: &Json) -> Option<(&'static str, String, String)> {
    let Some(map) = icon.as_object() else {
        return Some((
            "",
            format!("is {}, not an object", type_name(icon)),
            quote(icon),
        ));
    };
    match map.get("src").and_then(Json::as_str) {
        None => return Some(("", "has no `src` string".into(), String::new())),
        Some(src) => {
            let lower = src.to_ascii_lowercase();
            let ok = (lower.starts_with("https://")
                || lower.starts_with("http://")
                || lower.starts_with("data:"))
                && !src.chars().any(char::is_whitespace);
            if !ok {
                return Some((
                    "src",
                    "`src` is not an http(s) URL or a data: URI".into(),
                    truncate(src, 80),
                ));
            }
        }
    }
    if let Some(mime) = map.get("mimeType")
        && !mime
            .as_str()
            .is_some_and(crate::rules::resources::resource_mime_type::is_media_type)
    {
        return Some((
            "mimeType",
            "`mimeType` is not a type/subtype media type".into(),
            quote(mime),
        ));
    }
    if let Some(sizes) = map.get("sizes") {
        let ok = sizes
            .as_array()
            .is_some_and(|list| list.iter().all(|s| s.as_str().is_some_and(is_size)));
        if !ok {
            return Some((
                "sizes",
                "`sizes` must be an array of `WxH` or `any`".into(),
                quote(sizes),
            ));
        }
    }
    if let Some(theme) = map.get("theme")
        && !matches!(theme.as_str(), Some("light" | "dark"))
    {
        return Some((
            "theme",
            "`theme` must be `light` or `dark`".into(),
            quote(theme),
        ));
    }
    None
}

/// `^(\d+x\d+|any)$`
fn is_size(s: &str) -> bool {
    s == "any"
        || s.split_once('x').is_some_and(|(w, h)| {
            !w.is_empty()
                && !h.is_empty()
                && w.bytes().all(|b| b.is_ascii_digit())
                && h.bytes().all(|b| b.is_ascii_digit())
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
    fn data_uris_and_other_kinds() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t", "icons": [{"src": "data:image/png;base64,AAAA", "mimeType": "image/png", "theme": "dark"}]}],
                "prompts": [{"name": "p", "icons": [{"src": "https://a.dev/i.svg", "theme": "night"}]}],
                "resources": [{"name": "r", "uri": "a://b", "icons": {"src": "https://a.dev/i.png"}}]}"#,
        );
        let pointers: Vec<_> = f.iter().filter_map(|f| f.pointer.as_deref()).collect();
        assert_eq!(pointers, ["/resources/0/icons", "/prompts/0/icons/0/theme"]);
        assert!(is_size("48x48") && is_size("any") && !is_size("48") && !is_size("x48"));
    }
}
