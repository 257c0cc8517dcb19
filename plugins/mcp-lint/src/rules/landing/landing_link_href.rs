use signalint_plugin_api::{Json, Object};

use super::{Member, at, links, member};
use crate::context::Cx;
use crate::source_facts::{Static, classify};

declare_rule! {
    /// ## What it does
    /// Flags an object entry of `landing.links` whose `href` is missing, empty or not a string.
    /// A value the source reader cannot evaluate is not judged, nor a missing `href` in an
    /// entry built with a spread.
    ///
    /// ## Why is this bad?
    /// The footer link is rendered as an anchor to `href`; without one it points nowhere, and
    /// the mcp-ts-core linter rejects it. Give the link's URL (absolute, or a path on the
    /// server).
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"links": [{"label": "PubMed"}]}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"links": [{"href": "https://pubmed.ncbi.nlm.nih.gov/", "label": "PubMed"}]}}}
    /// ```
    pub RULE = {
        id: "landing-link-href",
        group: Landing,
        severity: Error,
        summary: "A landing link has no href",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    let Some(links) = links(landing) else {
        return;
    };
    if !cx.on(&RULE) {
        return;
    }
    for (i, link) in links.iter().enumerate() {
        let value = match classify(link) {
            Static::Known(Json::Object(link)) => member(link, "href"),
            Static::Known(Json::Array(_)) => Member::Absent,
            _ => continue,
        };
        let wrong = match value {
            Member::Absent => "missing",
            Member::Known(Json::String(s)) if s.is_empty() => "empty",
            Member::Known(Json::String(_)) | Member::Unknown => continue,
            Member::Known(_) => "not a string",
        };
        cx.report(
            &RULE,
            at(&["links", &i.to_string(), "href"]),
            format!("landing.links[{i}].href is {wrong}; give the link's URL"),
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
    fn spread_and_unresolved_entries_are_not_judged() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"sourceFacts": {"landing": {"links": [
                {"$unresolved": "a spread", "label": "A", "href": "/a"},
                {"href": {"$unresolved": "a call"}, "label": {"$member": "Labels.home"}},
                {"label": "B", "href": "/b", "$unresolved": "a spread"}]}}}"#,
        );
        assert!(f.is_empty(), "{f:?}");
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"sourceFacts": {"landing": {"links": [["/a", "A"], {"href": 1, "label": 1}]}}}"#,
        );
        assert_eq!(f.len(), 2, "{f:?}");
        assert!(f[1].message.contains("not a string"), "{}", f[1].message);
    }
}
