//! The word-level diff a lock finding quotes: what a reviewer reads in the pull request.

use std::fmt::Write as _;

/// Longest quoted diff of one field, in bytes.
const MAX_DIFF_BYTES: usize = 600;

/// A word-level diff, `[-removed-]{+added+}` as `git diff --word-diff` writes it, with long
/// unchanged runs shortened to their ends and invisible characters shown as escapes.
pub fn word_diff(before: &str, after: &str) -> String {
    use similar::{ChangeTag, TextDiff};
    /// Unchanged words kept on each side of a change.
    const CONTEXT: usize = 6;
    let diff = TextDiff::configure()
        .timeout(std::time::Duration::from_millis(50))
        .diff_words(before, after);
    // Runs of (tag, text): consecutive tokens of one tag joined.
    let mut runs: Vec<(ChangeTag, Vec<&str>)> = Vec::new();
    for change in diff.iter_all_changes() {
        match runs.last_mut() {
            Some((tag, tokens)) if *tag == change.tag() => tokens.push(change.value()),
            _ => runs.push((change.tag(), vec![change.value()])),
        }
    }
    let mut out = String::new();
    let last = runs.len().saturating_sub(1);
    for (i, (tag, tokens)) in runs.iter().enumerate() {
        match tag {
            ChangeTag::Equal => {
                let text = tokens.concat();
                let words = text.split_whitespace().count();
                let (first, final_) = (i == 0, i == last);
                if first && !final_ && words > CONTEXT {
                    out.push('…');
                    out.push_str(&quote(last_words(&text, CONTEXT)));
                } else if final_ && !first && words > CONTEXT {
                    out.push_str(&quote(first_words(&text, CONTEXT)));
                    out.push('…');
                } else if !first && !final_ && words > 2 * CONTEXT {
                    out.push_str(&quote(first_words(&text, CONTEXT)));
                    out.push('…');
                    out.push_str(&quote(last_words(&text, CONTEXT)));
                } else {
                    out.push_str(&quote(&text));
                }
            }
            ChangeTag::Delete => {
                let _ = write!(out, "[-{}-]", quote(&tokens.concat()));
            }
            ChangeTag::Insert => {
                let _ = write!(out, "{{+{}+}}", quote(&tokens.concat()));
            }
        }
        if out.len() > MAX_DIFF_BYTES {
            let cut = floor_boundary(&out, MAX_DIFF_BYTES);
            out.truncate(cut);
            out.push_str(" …");
            break;
        }
    }
    format!("\"{out}\"")
}

/// The text up to the end of its `n`th word.
fn first_words(text: &str, n: usize) -> &str {
    let mut count = 0;
    let mut in_word = false;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            if in_word {
                count += 1;
                if count == n {
                    return &text[..i];
                }
            }
            in_word = false;
        } else {
            in_word = true;
        }
    }
    text
}

/// The text from the start of its `n`th word from the end.
fn last_words(text: &str, n: usize) -> &str {
    let mut count = 0;
    let mut in_word = false;
    for (i, c) in text.char_indices().rev() {
        if c.is_whitespace() {
            if in_word {
                count += 1;
                if count == n {
                    return &text[i + c.len_utf8()..];
                }
            }
            in_word = false;
        } else {
            in_word = true;
        }
    }
    text
}

fn floor_boundary(text: &str, mut index: usize) -> usize {
    index = index.min(text.len());
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

/// The text with line breaks, control and invisible format characters written as escapes, so a
/// reviewer sees a hidden character the model would read.
pub(super) fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let invisible = c.is_control()
            || matches!(c,
                '\u{00ad}' | '\u{034f}' | '\u{061c}' | '\u{115f}' | '\u{1160}' | '\u{17b4}'
                | '\u{17b5}' | '\u{180b}'..='\u{180f}' | '\u{200b}'..='\u{200f}'
                | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{3164}'
                | '\u{fe00}'..='\u{fe0f}' | '\u{feff}' | '\u{ffa0}' | '\u{fff0}'..='\u{fffb}'
                | '\u{e0000}'..='\u{e0fff}');
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if invisible => {
                let _ = write!(out, "\\u{{{:04x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_characters_are_shown_in_the_diff() {
        let diff = word_diff("Search docs", "Search docs\u{200b}\u{e0041}now");
        assert!(diff.contains("\\u{200b}\\u{e0041}"), "{diff}");
    }

    #[test]
    fn long_unchanged_text_is_shortened_around_the_change() {
        let words: Vec<String> = (0..60).map(|i| format!("w{i}")).collect();
        let before = words.join(" ");
        let after = before.replace("w30", "EVIL");
        let diff = word_diff(&before, &after);
        assert!(diff.contains("[-w30-]{+EVIL+}"), "{diff}");
        assert!(!diff.contains("w5 "), "{diff}");
        assert!(diff.contains('…'), "{diff}");
    }
}
