//! Deterministic normalization of parameter names into concepts, shared by the rule packs that
//! compare parameter names (`param-synonyms`, `semantic`): a pack cannot link another pack's
//! library, since both export the same plugin entry points.
//!
//! `perPage`, `per_page`, `per-page` and `PerPages` all become the words `per page`; synonym
//! groups then map words such as `username` onto a group's first member (`user`).

use std::collections::HashMap;

/// Splits a name into lower-case words: on every character that is not a letter or a digit, at
/// a lower-case (or digit) to upper-case step (`perPage`), and before the last capital of an
/// acronym that starts a new word (`HTTPServer` → `http server`, `threadID` → `thread id`).
pub fn words(name: &str) -> Vec<String> {
    let chars: Vec<char> = name.chars().collect();
    let mut out = Vec::new();
    let mut current = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_alphanumeric() {
            flush(&mut current, &mut out);
            continue;
        }
        if c.is_uppercase() && i > 0 {
            let prev = chars[i - 1];
            let next_is_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
            let starts_word = prev.is_lowercase()
                || prev.is_ascii_digit()
                || (prev.is_uppercase() && next_is_lower);
            if starts_word {
                flush(&mut current, &mut out);
            }
        }
        current.extend(c.to_lowercase());
    }
    flush(&mut current, &mut out);
    out
}

fn flush(current: &mut String, out: &mut Vec<String>) {
    if !current.is_empty() {
        out.push(std::mem::take(current));
    }
}

/// Words that end in `s` but are not plurals.
const NOT_PLURAL: &[&str] = &[
    "alias",
    "always",
    "analysis",
    "axis",
    "basis",
    "bias",
    "bonus",
    "canvas",
    "census",
    "chaos",
    "macos",
    "corpus",
    "diagnosis",
    "focus",
    "gas",
    "https",
    "lens",
    "news",
    "physics",
    "plus",
    "radius",
    "series",
    "species",
    "status",
    "thesis",
    "virus",
    "yes",
];

/// The singular of one lower-case word, by a small set of deterministic rules: `ids` → `id`,
/// `entries` → `entry`, `addresses` → `address`, `branches` → `branch`, `items` → `item`. Words
/// of three letters or fewer and words ending in `ss`, `us` or `is` are left alone.
pub fn singular(word: &str) -> &str {
    if word == "ids" {
        return "id";
    }
    if word.len() <= 3 || NOT_PLURAL.contains(&word) {
        return word;
    }
    if word.ends_with("sses")
        || word.ends_with("xes")
        || word.ends_with("ches")
        || word.ends_with("shes")
    {
        return &word[..word.len() - 2];
    }
    if word.ends_with('s')
        && !word.ends_with("ss")
        && !word.ends_with("us")
        && !word.ends_with("is")
        && !word.ends_with("ies")
    {
        return &word[..word.len() - 1];
    }
    word
}

/// [`words`], each made singular. `-ies` becomes `-y` (`entries` → `entry`).
pub fn normalized_words(name: &str) -> Vec<String> {
    words(name)
        .into_iter()
        .map(|w| {
            if w.len() > 4 && w.ends_with("ies") && w != "series" && w != "species" {
                format!("{}y", &w[..w.len() - 3])
            } else {
                singular(&w).to_owned()
            }
        })
        .collect()
}

/// The synonym groups of the original analyzer (mcp-watchtower's seed set). The first member of
/// each group is its canonical name.
pub const SEED_GROUPS: &[&[&str]] = &[
    &["ticker", "symbol", "stock"],
    &["id", "identifier", "key"],
    &["query", "search", "q", "term"],
    &["limit", "max", "count", "size"],
    &["offset", "skip", "page"],
    &["url", "uri", "endpoint", "href"],
    &["user", "username", "user_id", "userId"],
    &["date", "timestamp", "time", "datetime"],
];

/// Abbreviations that name the same thing as the full word.
pub const ABBREVIATION_GROUPS: &[&[&str]] = &[
    &["repository", "repo"],
    &["organization", "org"],
    &["message", "msg"],
    &["environment", "env"],
    &["document", "doc"],
    &["image", "img"],
    &["configuration", "config"],
    &["parameter", "param"],
    &["language", "lang"],
];

/// Synonym groups, compiled: every member (normalized to words) maps to its group's canonical
/// words. Groups that share a member are merged, the earlier group's canonical name wins.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Synonyms {
    canonical: HashMap<Vec<String>, usize>,
    groups: Vec<Vec<String>>,
    longest: usize,
}

impl Synonyms {
    /// The built-in groups: [`SEED_GROUPS`] and [`ABBREVIATION_GROUPS`].
    pub fn builtin() -> Self {
        let mut synonyms = Self::default();
        for group in SEED_GROUPS.iter().chain(ABBREVIATION_GROUPS) {
            synonyms.add_group(group.iter().copied());
        }
        synonyms
    }

    /// Adds one group. Members that normalize to no words are ignored.
    pub fn add_group<'a>(&mut self, members: impl IntoIterator<Item = &'a str>) {
        let members: Vec<Vec<String>> = members
            .into_iter()
            .map(normalized_words)
            .filter(|w| !w.is_empty())
            .collect();
        let Some(first) = members.first() else {
            return;
        };
        // Merge into the first existing group that shares a member, if any.
        let existing: Vec<usize> = members
            .iter()
            .filter_map(|m| self.canonical.get(m).copied())
            .collect();
        let target = match existing.iter().min() {
            Some(&group) => group,
            None => {
                self.groups.push(first.clone());
                self.groups.len() - 1
            }
        };
        // Re-point every member of the other groups this one joins.
        for &other in &existing {
            if other != target {
                for value in self.canonical.values_mut() {
                    if *value == other {
                        *value = target;
                    }
                }
            }
        }
        for member in members {
            self.longest = self.longest.max(member.len());
            self.canonical.insert(member, target);
        }
    }

    /// The concept words of a parameter name: normalized words with every synonym (longest
    /// match first) replaced by its canonical words, and repeated words collapsed
    /// (`search_query` → `query`).
    pub fn concept(&self, name: &str) -> Vec<String> {
        let words = normalized_words(name);
        let mut out: Vec<String> = Vec::with_capacity(words.len());
        let mut i = 0;
        while i < words.len() {
            let mut matched = false;
            for len in (1..=self.longest.min(words.len() - i)).rev() {
                if let Some(&group) = self.canonical.get(&words[i..i + len]) {
                    for word in &self.groups[group] {
                        push_dedup(&mut out, word);
                    }
                    i += len;
                    matched = true;
                    break;
                }
            }
            if !matched {
                push_dedup(&mut out, &words[i]);
                i += 1;
            }
        }
        out
    }
}

fn push_dedup(out: &mut Vec<String>, word: &str) {
    if out.last().map(String::as_str) != Some(word) {
        out.push(word.to_owned());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_every_case_style() {
        for name in [
            "perPage", "per_page", "per-page", "PerPage", "PER_PAGE", "per page",
        ] {
            assert_eq!(words(name), ["per", "page"], "{name}");
        }
        assert_eq!(words("threadID"), ["thread", "id"]);
        assert_eq!(words("HTTPServerURL"), ["http", "server", "url"]);
        assert_eq!(words("ghsaId"), ["ghsa", "id"]);
        assert_eq!(words("sha256Sum"), ["sha256", "sum"]);
        assert_eq!(words("__x__"), ["x"]);
        assert!(words("").is_empty());
        assert!(words("--").is_empty());
    }

    #[test]
    fn makes_words_singular() {
        let cases = [
            ("ids", "id"),
            ("items", "item"),
            ("entries", "entry"),
            ("addresses", "address"),
            ("branches", "branch"),
            ("boxes", "box"),
            ("status", "status"),
            ("class", "class"),
            ("bus", "bus"),
            ("series", "series"),
            ("has", "has"),
            ("videos", "video"),
            ("repos", "repo"),
        ];
        for (plural, expected) in cases {
            assert_eq!(normalized_words(plural), [expected], "{plural}");
        }
    }

    #[test]
    fn maps_synonyms_to_the_canonical_name() {
        let synonyms = Synonyms::builtin();
        assert_eq!(synonyms.concept("userId"), ["user"]);
        assert_eq!(synonyms.concept("user_id"), ["user"]);
        assert_eq!(synonyms.concept("username"), ["user"]);
        assert_eq!(synonyms.concept("search_query"), ["query"]);
        assert_eq!(synonyms.concept("max_results"), ["limit", "result"]);
        assert_eq!(synonyms.concept("repoName"), ["repository", "name"]);
        assert_eq!(
            synonyms.concept("start_time"),
            synonyms.concept("startDate")
        );
    }

    #[test]
    fn keeps_distinct_concepts_apart() {
        let synonyms = Synonyms::builtin();
        // The original dropped `id` tokens and conflated these.
        assert_ne!(synonyms.concept("after"), synonyms.concept("after_id"));
        assert_ne!(synonyms.concept("fields"), synonyms.concept("field_id"));
        assert_ne!(synonyms.concept("owner"), synonyms.concept("org"));
    }

    #[test]
    fn user_groups_merge_with_builtin_ones() {
        let mut synonyms = Synonyms::builtin();
        synonyms.add_group(["customer", "client"]);
        synonyms.add_group(["client", "account"]);
        assert_eq!(
            synonyms.concept("accountId"),
            synonyms.concept("customer_id")
        );
        synonyms.add_group(["repo", "project"]);
        assert_eq!(synonyms.concept("project"), ["repository"]);
    }

    #[test]
    fn a_group_that_bridges_two_groups_merges_them() {
        let mut synonyms = Synonyms::builtin();
        synonyms.add_group(["link", "ticker", "url"]);
        assert_eq!(synonyms.concept("href"), ["ticker"]);
        assert_eq!(synonyms.concept("symbol"), ["ticker"]);
        assert_eq!(synonyms.concept("link"), ["ticker"]);
    }

    #[test]
    fn without_groups_only_spelling_is_normalized() {
        let synonyms = Synonyms::default();
        assert_eq!(synonyms.concept("usernames"), ["username"]);
        assert_ne!(synonyms.concept("user"), synonyms.concept("username"));
    }

    #[test]
    fn concepts_match_the_static_rule() {
        let synonyms = Synonyms::builtin();
        assert_eq!(synonyms.concept("userId"), synonyms.concept("username"));
        assert_eq!(synonyms.concept("per_page"), synonyms.concept("perPage"));
        assert_eq!(synonyms.concept("ticker"), synonyms.concept("symbol"));
        assert_ne!(synonyms.concept("after"), synonyms.concept("after_id"));
        assert_ne!(
            synonyms.concept("portfolio_ids"),
            synonyms.concept("holdings")
        );
    }
}
