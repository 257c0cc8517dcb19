//! Reading names out of an engine's message, shared by the adapters that fill
//! [`Diagnostic::subject`](crate::Diagnostic::subject): an adapter cannot link another
//! adapter's library, since both export the same plugin entry points.

/// The contents of the quoted spans (`'…'`, `"…"`, `` `…` ``) of a message, in order. A quote
/// opens only after a non-word character (so `don't` is no quote) and closes only before one.
pub fn spans(message: &str) -> Spans<'_> {
    Spans {
        rest: message,
        prev: None,
    }
}

/// Iterator of [`spans`].
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Spans<'a> {
    rest: &'a str,
    prev: Option<char>,
}

impl<'a> Iterator for Spans<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        while let Some(at) = self.rest.find(['\'', '"', '`']) {
            let before = self.rest[..at].chars().next_back().or(self.prev);
            let quote_len = 1;
            if opens_quote(before)
                && let Some((inner, after)) = quoted_at(&self.rest[at..])
            {
                self.prev = Some('\'');
                self.rest = after;
                return Some(inner);
            }
            self.prev = self.rest[at..].chars().next();
            self.rest = &self.rest[at + quote_len..];
        }
        self.rest = "";
        None
    }
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

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$'
}

/// A JavaScript-like name, possibly dotted (`UserId`, `this.x`, `_`, `$ref`).
pub fn is_name(text: &str) -> bool {
    let mut chars = text.chars();
    chars
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| is_word_char(c) || c == '.')
        && !text.ends_with('.')
}

/// The message with each run of whitespace collapsed to one space and trimmed: the text a
/// subject is read from, so a wrapped message reads as a one-line one.
pub fn collapse_whitespace(message: &str) -> String {
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_spans_skip_apostrophes_and_keep_order() {
        let found: Vec<&str> = spans("Don't use 'a' with \"b\" or `c.d`; it's 'e f'.").collect();
        assert_eq!(found, ["a", "b", "c.d", "e f"]);
        assert_eq!(
            spans("Module '\"./types\"' has no 'X'.").collect::<Vec<_>>(),
            ["\"./types\"", "X"]
        );
    }

    #[test]
    fn names_are_javascript_like() {
        assert!(is_name("UserId") && is_name("this.x") && is_name("$ref") && is_name("_"));
        assert!(!is_name("a b") && !is_name("1x") && !is_name("x.") && !is_name(""));
    }

    #[test]
    fn finds_spans() {
        assert_eq!(
            spans(r#"Module '"./types"' has no exported member 'UserId'."#).collect::<Vec<_>>(),
            vec![r#""./types""#, "UserId"]
        );
        assert_eq!(
            spans("Don't use `debugger` or 'x'").collect::<Vec<_>>(),
            vec!["debugger", "x"]
        );
        assert_eq!(spans("It's 'unclosed").count(), 0);
        assert_eq!(
            spans("Type '\"a\" | \"b\"' is not assignable to type 'number'.").collect::<Vec<_>>(),
            vec!["\"a\" | \"b\"", "number"]
        );
    }
}
