//! Message text: normalization as the contract defines it (`docs/contract.md`), the loop-signature template, and the
//! quoted-span scanner it uses.

use std::borrow::Cow;

/// The longest message a NormalizedIssue carries, in characters.
pub const MAX_MESSAGE_CHARS: usize = 120;

/// Collapses whitespace runs to one space, trims, and cuts to 120 characters with `...`.
pub fn normalize_message(raw: &str) -> String {
    let collapsed = collapse_whitespace(raw);
    if fits(&collapsed) {
        return collapsed;
    }
    let mut cut: String = collapsed.chars().take(MAX_MESSAGE_CHARS - 3).collect();
    cut.truncate(cut.trim_end().len());
    cut.push_str("...");
    cut
}

/// The whitespace-collapsed message (what subjects are read from) and the normalized one, both
/// borrowing `raw` when it already is that (the common case).
pub(crate) fn collapse_and_cut(raw: &str) -> (Cow<'_, str>, Cow<'_, str>) {
    let collapsed = if is_collapsed(raw) {
        Cow::Borrowed(raw)
    } else {
        Cow::Owned(collapse_whitespace(raw))
    };
    let normalized = if fits(&collapsed) {
        collapsed.clone()
    } else {
        Cow::Owned(normalize_message(&collapsed))
    };
    (collapsed, normalized)
}

fn fits(text: &str) -> bool {
    text.len() <= MAX_MESSAGE_CHARS || text.chars().count() <= MAX_MESSAGE_CHARS
}

/// No leading, trailing or repeated spaces and no other whitespace.
fn is_collapsed(text: &str) -> bool {
    if !text.is_ascii() {
        let mut prev_space = true;
        return text.chars().all(|c| {
            let ok = if c == ' ' {
                !prev_space
            } else {
                !c.is_whitespace()
            };
            prev_space = c == ' ';
            ok
        }) && !text.ends_with(' ');
    }
    let bytes = text.as_bytes();
    bytes.first() != Some(&b' ')
        && bytes.last() != Some(&b' ')
        && !bytes
            .iter()
            .any(|&b| matches!(b, b'\t' | b'\n' | b'\r' | 0x0b | 0x0c))
        && !bytes.windows(2).any(|w| w == b"  ")
}

/// Collapses whitespace runs to one space and trims both ends.
pub fn collapse_whitespace(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for word in raw.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// The loop-signature template of a message: quoted spans become `<identifier>` (when they hold a
/// name) or `<string>`, a bare name after a word such as `variable` or `parameter` becomes
/// `<identifier>`, bare integers become `<number>`, whitespace is collapsed and the text lowercased.
///
/// `"Variable 'firstName' is unused at line 42"` → `"variable <identifier> is unused at line <number>"`.
pub fn message_template(message: &str) -> String {
    let mut out = String::with_capacity(message.len() + 16);
    let mut after_keyword = false;
    let mut pending_space = false;
    let mut rest = message;
    let mut prev: Option<char> = None;
    while let Some(c) = rest.chars().next() {
        if c.is_whitespace() {
            pending_space = !out.is_empty();
            prev = Some(c);
            rest = &rest[c.len_utf8()..];
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        if is_quote(c)
            && opens_quote(prev)
            && let Some((inner, after)) = quoted_at(rest)
        {
            out.push_str(if is_name(inner) {
                "<identifier>"
            } else {
                "<string>"
            });
            after_keyword = false;
            prev = Some(c);
            rest = after;
            continue;
        }
        if is_word_char(c) {
            let end = rest
                .char_indices()
                .find(|&(_, ch)| !is_word_char(ch))
                .map_or(rest.len(), |(i, _)| i);
            let word = &rest[..end];
            if word.bytes().all(|b| b.is_ascii_digit()) {
                out.push_str("<number>");
                after_keyword = false;
            } else if after_keyword && is_name(word) && !is_stopword(word) {
                out.push_str("<identifier>");
                after_keyword = false;
            } else {
                let start = out.len();
                out.push_str(word);
                out[start..].make_ascii_lowercase();
                after_keyword = is_name_keyword(&out[start..]);
            }
            prev = word.chars().last();
            rest = &rest[end..];
            continue;
        }
        after_keyword = false;
        out.extend(c.to_lowercase());
        prev = Some(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// `text` starts with a quote: the quoted contents and the text after the closing quote.
fn quoted_at(text: &str) -> Option<(&str, &str)> {
    let quote = text.chars().next()?;
    let body = &text[quote.len_utf8()..];
    let mut search = 0;
    while let Some(found) = body[search..].find(quote) {
        let at = search + found;
        let after = &body[at + quote.len_utf8()..];
        if after.chars().next().is_none_or(|next| !is_word_char(next)) && at > 0 {
            return Some((&body[..at], after));
        }
        search = at + quote.len_utf8();
    }
    None
}

fn opens_quote(prev: Option<char>) -> bool {
    prev.is_none_or(|p| !is_word_char(p))
}

fn is_quote(c: char) -> bool {
    matches!(c, '\'' | '"' | '`')
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$'
}

/// A JavaScript-like name, possibly dotted (`UserId`, `this.x`, `_`, `$ref`).
pub(crate) fn is_name(text: &str) -> bool {
    let mut chars = text.chars();
    chars
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| is_word_char(c) || c == '.')
        && !text.ends_with('.')
}

/// Words after which a bare name is the subject (`variable foo`, `parameter x`).
fn is_name_keyword(lowercased: &str) -> bool {
    matches!(
        lowercased,
        "variable"
            | "identifier"
            | "name"
            | "property"
            | "parameter"
            | "argument"
            | "function"
            | "class"
            | "interface"
            | "enum"
            | "alias"
            | "namespace"
    )
}

/// Words that follow a keyword without being a name (`variable is`, `parameter of`).
fn is_stopword(word: &str) -> bool {
    const STOPWORDS: &[&str] = &[
        "a",
        "an",
        "and",
        "are",
        "as",
        "be",
        "been",
        "but",
        "can",
        "cannot",
        "declared",
        "does",
        "for",
        "from",
        "has",
        "have",
        "implicitly",
        "in",
        "is",
        "it",
        "its",
        "may",
        "must",
        "named",
        "never",
        "not",
        "of",
        "on",
        "only",
        "or",
        "should",
        "that",
        "the",
        "this",
        "to",
        "type",
        "types",
        "used",
        "was",
        "were",
        "which",
        "will",
        "with",
    ];
    STOPWORDS.iter().any(|s| s.eq_ignore_ascii_case(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collapses_whitespace() {
        assert_eq!(normalize_message("  a \n\t b  "), "a b");
    }

    #[test]
    fn cuts_long_messages_to_120_characters() {
        let long = "é".repeat(200);
        let out = normalize_message(&long);
        assert_eq!(out.chars().count(), 120);
        assert!(out.ends_with("..."));
    }

    #[test]
    fn owned_variants_agree() {
        for raw in [
            "a b",
            " a",
            "a ",
            "a  b",
            "a\tb",
            "",
            "x\ny",
            &"w ".repeat(100),
        ] {
            let (collapsed, normalized) = collapse_and_cut(raw);
            assert_eq!(collapsed, collapse_whitespace(raw), "{raw:?}");
            assert_eq!(normalized, normalize_message(raw), "{raw:?}");
        }
    }

    #[test]
    fn keeps_short_messages() {
        assert_eq!(normalize_message("x".repeat(120).as_str()).len(), 120);
    }

    #[test]
    fn cuts_without_trailing_space_before_the_ellipsis() {
        // The 117th character is a space: the cut drops it instead of writing " ...".
        let raw = "abcdefgh ".repeat(20);
        let out = normalize_message(&raw);
        assert_eq!(out.chars().count(), 119);
        assert!(out.ends_with("abcdefgh..."), "{out}");
    }

    #[test]
    fn templates() {
        let cases = [
            (
                "Variable 'firstName' is unused at line 42",
                "variable <identifier> is unused at line <number>",
            ),
            (
                "Variable 'x' is declared but never used. Unused variables should start with a '_'.",
                "variable <identifier> is declared but never used. unused variables should start with a <identifier>.",
            ),
            (
                "This variable foo is unused.",
                "this variable <identifier> is unused.",
            ),
            ("'x' is unused", "<identifier> is unused"),
            (
                "Type '(a: number) => void' is not assignable to type '(a: string) => void'.",
                "type <string> is not assignable to type <string>.",
            ),
            (
                "Expected 2 arguments, but got 1.",
                "expected <number> arguments, but got <number>.",
            ),
            (
                "Cannot find module './db' or its corresponding type declarations.",
                "cannot find module <string> or its corresponding type declarations.",
            ),
            ("Don't use `new Array(n)`   here", "don't use <string> here"),
            ("The variable is undeclared", "the variable is undeclared"),
            ("Target ES2015 in TS2322", "target es2015 in ts2322"),
        ];
        for (message, template) in cases {
            assert_eq!(message_template(message), template, "{message}");
        }
    }
}
