use signalint_plugin_api::{Json, Object};

use super::{a_type, at, links};
use crate::context::Cx;
use crate::source_facts::{Static, classify};

declare_rule! {
    /// ## What it does
    /// Flags an entry of `landing.links` that is not an object (a string, a number, a boolean,
    /// `null`). An entry the source reader cannot evaluate is not judged.
    ///
    /// ## Why is this bad?
    /// Each link is rendered from its `href` and `label`; the mcp-ts-core linter rejects any
    /// other entry. Write each link as `{ href, label }`.
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"links": ["https://pubmed.ncbi.nlm.nih.gov/"]}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"links": [{"href": "https://pubmed.ncbi.nlm.nih.gov/", "label": "PubMed"}]}}}
    /// ```
    pub RULE = {
        id: "landing-link-shape",
        group: Landing,
        severity: Error,
        summary: "A landing link is not an object",
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
        // An array is an object to the framework: its missing href and label are reported
        // by their own rules.
        if let Static::Known(value) = classify(link)
            && !matches!(value, Json::Object(_) | Json::Array(_))
        {
            cx.report(
                &RULE,
                at(&["links", &i.to_string()]),
                format!(
                    "landing.links[{i}] is {}, not a link; write it as {{ href, label }}",
                    a_type(value)
                ),
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
    fn unresolved_values_are_not_judged() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"sourceFacts": {"landing": {"links": [{"$unresolved": "a call"}, {"href": "/a", "label": "A"}]}}}"#,
        );
        assert!(f.is_empty(), "{f:?}");
    }
}
