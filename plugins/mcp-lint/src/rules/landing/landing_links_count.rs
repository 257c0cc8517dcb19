use signalint_plugin_api::Object;

use super::{MAX_LINKS, at, links};
use crate::context::Cx;

declare_rule! {
    /// ## What it does
    /// Flags a `landing.links` array with more than 6 entries, the number the landing page
    /// renders.
    ///
    /// ## Why is this bad?
    /// The framework keeps the first 6 links and drops the rest without a word, and a longer
    /// cluster wraps unreadably anyway. Keep the 6 that matter and move the others into the
    /// README.
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"links": [{"href": "/a", "label": "A"}, {"href": "/b", "label": "B"}, {"href": "/c", "label": "C"}, {"href": "/d", "label": "D"}, {"href": "/e", "label": "E"}, {"href": "/f", "label": "F"}, {"href": "/g", "label": "G"}]}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"links": [{"href": "/a", "label": "A"}, {"href": "/b", "label": "B"}, {"href": "/c", "label": "C"}]}}}
    /// ```
    pub RULE = {
        id: "landing-links-count",
        group: Landing,
        severity: Warning,
        summary: "The landing page has more footer links than it renders",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    let Some(links) = links(landing) else {
        return;
    };
    if links.len() > MAX_LINKS && cx.on(&RULE) {
        cx.report(
            &RULE,
            at(&["links"]),
            format!(
                "landing.links has {} entries; the landing page renders the first {MAX_LINKS} and drops the rest: keep at most {MAX_LINKS}",
                links.len()
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
}
