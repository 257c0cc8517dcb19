//! The tool names of one surface, asked two questions by the signals: "is this word one of
//! this server's tools?" and "does this clause name another of its tools?".
//!
//! Both are asked for every clause of every text, so a scan over a surface of `n` tools asks
//! them `O(n)` times. Scanning the name list each time made a 10,000-tool surface cost
//! 10⁸ substring searches; here a sorted list answers the first by binary search and one
//! Aho–Corasick automaton over all names answers the second in one pass over the clause.

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

/// Shortest name the "names another tool" question looks for: shorter ones ("ls", "id") occur
/// inside ordinary words.
const MIN_NAMED_LEN: usize = 3;

/// Lower-cased tool names of one surface.
#[derive(Debug, Default)]
pub struct Siblings {
    /// Sorted, deduplicated.
    sorted: Vec<String>,
    /// Every name of [`MIN_NAMED_LEN`] bytes or more; pattern ids index `named`.
    matcher: Option<AhoCorasick>,
    named: Vec<String>,
}

/// A surface with no named tools (decoded payloads, split fragments, other servers' texts).
pub static NONE: Siblings = Siblings {
    sorted: Vec::new(),
    matcher: None,
    named: Vec::new(),
};

impl Siblings {
    /// Names as given; they are expected lower-cased, as the folded texts are.
    pub fn new(names: impl IntoIterator<Item = String>) -> Self {
        let mut sorted: Vec<String> = names.into_iter().collect();
        sorted.sort_unstable();
        sorted.dedup();
        let named: Vec<String> = sorted
            .iter()
            .filter(|n| n.len() >= MIN_NAMED_LEN)
            .cloned()
            .collect();
        let matcher = (!named.is_empty()).then(|| {
            AhoCorasickBuilder::new()
                .match_kind(MatchKind::Standard)
                .build(&named)
                .expect("tool names are plain literals, within the automaton's limits")
        });
        Self {
            sorted,
            matcher,
            named,
        }
    }

    /// Whether `name` is exactly one of the surface's tools.
    pub fn contains(&self, name: &str) -> bool {
        self.sorted
            .binary_search_by(|s| s.as_str().cmp(name))
            .is_ok()
    }

    /// Whether `text` contains the name of a tool other than `except` (as a substring, so
    /// "call export_sheet." and "`export_sheet`" both count).
    pub fn named_in(&self, text: &str, except: &str) -> bool {
        let Some(matcher) = &self.matcher else {
            return false;
        };
        matcher
            .find_overlapping_iter(text)
            .any(|m| self.named[m.pattern().as_usize()] != except)
    }

    pub fn is_empty(&self) -> bool {
        self.sorted.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(names: &[&str]) -> Siblings {
        Siblings::new(names.iter().map(|n| n.to_string()))
    }

    #[test]
    fn membership_is_exact() {
        let s = of(&["search_code", "geocode", "ls"]);
        assert!(s.contains("geocode"));
        assert!(s.contains("ls"));
        assert!(!s.contains("geo"));
        assert!(!s.contains("reverse_geocode"));
        assert!(!NONE.contains("geocode"));
    }

    #[test]
    fn another_tool_is_found_anywhere_in_the_clause() {
        let s = of(&["geocode", "reverse_geocode", "ls"]);
        assert!(s.named_in("then call reverse_geocode.", "geocode"));
        // `geocode` is inside `reverse_geocode`: still this tool only when nothing else is named.
        assert!(s.named_in("unlike reverse_geocode", "geocode"));
        assert!(!s.named_in("use geocode for addresses", "geocode"));
        // Names shorter than three bytes are not looked for.
        assert!(!s.named_in("run ls first", "geocode"));
        assert!(!NONE.named_in("reverse_geocode", ""));
    }

    #[test]
    fn the_overlapping_name_is_seen_when_the_longer_one_is_this_tool() {
        let s = of(&["tool_1", "tool_12"]);
        assert!(
            s.named_in("see tool_12", "tool_12"),
            "`tool_1` is named inside it"
        );
        assert!(!of(&["tool_12"]).named_in("see tool_12", "tool_12"));
    }
}
