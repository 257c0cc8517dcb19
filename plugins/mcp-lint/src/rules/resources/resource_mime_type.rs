use signalint_plugin_api::Json;

use crate::context::{Cx, ptr, quote};
use crate::rules::ItemKind;

declare_rule! {
    /// ## What it does
    /// Flags a resource or resource template whose `mimeType` is present but not a
    /// `type/subtype` media type (RFC 6838 names, optional `; parameters`): `json`,
    /// `text`, `application/`, `42`.
    ///
    /// ## Why is this bad?
    /// Clients pick a renderer (text, image, MCP Apps HTML) from the MIME type; an invalid
    /// one makes them fall back to opaque binary or skip the content.
    ///
    /// ## Example
    /// ```json invalid
    /// {"resources": [{"name": "config", "uri": "file:///app/config.json", "description": "App config.", "mimeType": "json"}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"resources": [{"name": "config", "uri": "file:///app/config.json", "description": "App config.", "mimeType": "application/json"}]}
    /// ```
    pub RULE = {
        id: "resource-mime-type",
        group: Resources,
        severity: Warning,
        summary: "A resource mimeType is not a type/subtype media type",
    }
}

/// `type/subtype` with RFC 6838 restricted names, then optional `;` parameters.
pub fn is_media_type(s: &str) -> bool {
    let essence = s.split(';').next().unwrap_or(s).trim();
    let Some((ty, sub)) = essence.split_once('/') else {
        return false;
    };
    let name = |n: &str| {
        let mut bytes = n.bytes();
        (1..=127).contains(&n.len())
            && bytes.next().is_some_and(|b| b.is_ascii_alphanumeric())
            && bytes.all(|b| b.is_ascii_alphanumeric() || b"!#$&-^_.+".contains(&b))
    };
    name(ty) && name(sub)
}

pub fn check(cx: &mut Cx, kind: ItemKind, item: &Json, base: &str) {
    let Some(mime) = item.get("mimeType") else {
        return;
    };
    if mime.as_str().is_some_and(is_media_type) {
        return;
    }
    cx.report_evidence(
        &RULE,
        ptr(base, "mimeType"),
        format!(
            "{} `mimeType` is not a `type/subtype` media type",
            kind.noun()
        ),
        quote(mime),
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
    fn media_types() {
        for ok in [
            "text/plain",
            "application/vnd.api+json",
            "text/html;profile=mcp-app",
            "image/svg+xml",
        ] {
            assert!(is_media_type(ok), "{ok}");
        }
        for bad in ["json", "text/", "/plain", "text plain/x", ""] {
            assert!(!is_media_type(bad), "{bad}");
        }
    }
}
