//! Message normalization as the spec defines it.

/// The longest message a NormalizedIssue carries, in characters.
pub const MAX_MESSAGE_CHARS: usize = 120;

/// Collapses whitespace runs to one space, trims, and cuts to 120 characters with `...`.
pub fn normalize_message(raw: &str) -> String {
    let collapsed = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    if collapsed.chars().count() <= MAX_MESSAGE_CHARS {
        return collapsed;
    }
    let mut cut: String = collapsed.chars().take(MAX_MESSAGE_CHARS - 3).collect();
    cut.truncate(cut.trim_end().len());
    cut.push_str("...");
    cut
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
    fn keeps_short_messages() {
        assert_eq!(normalize_message("x".repeat(120).as_str()).len(), 120);
    }
}
