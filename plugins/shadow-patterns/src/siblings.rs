//! The tool names of one surface, asked two questions by the signals: "is this word one of
//! this server's tools?" and "does this clause name another of its tools?".
//!
//! Both are asked for every clause of every text, so a scan over a surface of `n` tools asks
//! them `O(n)` times. Scanning the name list each time made a 10,000-tool surface cost 10⁸
//! substring searches. Here a sorted list answers both by binary search: the second over the
//! identifier-like words of the clause. (An Aho–Corasick automaton over all names answers it
//! too, but building one over 100,000 names is itself quadratic.)

/// Shortest name the "names another tool" question looks for: shorter ones ("ls", "id") occur
/// inside ordinary words.
const MIN_NAMED_LEN: usize = 3;

/// Lower-cased tool names of one surface.
#[derive(Debug, Default)]
pub struct Siblings {
    /// Sorted, deduplicated.
    sorted: Vec<String>,
}

/// A surface with no named tools (decoded payloads, split fragments, other servers' texts).
pub static NONE: Siblings = Siblings { sorted: Vec::new() };

impl Siblings {
    /// Names as given; they are expected lower-cased, as the folded texts are.
    pub fn new(names: impl IntoIterator<Item = String>) -> Self {
        let mut sorted: Vec<String> = names.into_iter().collect();
        sorted.sort_unstable();
        sorted.dedup();
        Self { sorted }
    }

    /// Whether `name` is exactly one of the surface's tools.
    pub fn contains(&self, name: &str) -> bool {
        self.sorted
            .binary_search_by(|s| s.as_str().cmp(name))
            .is_ok()
    }

    /// Whether `text` names a tool other than `except`: a word of the text made of name
    /// characters (letters, digits, `_`, `-`, `.`, `/`), or a part of one between `.`, `/` or
    /// `-`, is one of the surface's tools ("call export_sheet.", "`export_sheet`",
    /// "github.search_code").
    pub fn named_in(&self, text: &str, except: &str) -> bool {
        if self.sorted.is_empty() {
            return false;
        }
        let named =
            |word: &str| word.len() >= MIN_NAMED_LEN && word != except && self.contains(word);
        text.split(|c: char| !is_name_char(c))
            .map(|word| word.trim_end_matches(['.', '-', '/']))
            .any(|word| {
                named(word)
                    || (word.contains(['.', '/', '-']) && word.split(['.', '/', '-']).any(named))
            })
    }
}

/// A character MCP tool names are written with.
fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '/')
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
        assert!(s.named_in("unlike reverse_geocode", "geocode"));
        assert!(!s.named_in("use geocode for addresses", "geocode"));
        // Names shorter than three bytes are not looked for.
        assert!(!s.named_in("run ls first", "geocode"));
        assert!(!NONE.named_in("reverse_geocode", ""));
    }

    #[test]
    fn names_are_words_not_pieces_of_words() {
        let s = of(&["search", "tool_1", "tool_12", "search_code"]);
        assert!(!s.named_in("for research papers", ""));
        assert!(
            !s.named_in("see tool_12", "tool_12"),
            "`tool_1` is not named by `tool_12`"
        );
        assert!(s.named_in("see github.search_code.", ""));
        assert!(s.named_in("a search-based lookup", ""));
    }
}
