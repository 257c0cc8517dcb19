//! Case styles of tool names.

use signalint_plugin_api::names::words;
use std::fmt;

/// The case style of one name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Style {
    /// `get_stock_price`
    Snake,
    /// `getStockPrice`
    Camel,
    /// `get-stock-price`
    Kebab,
    /// `GetStockPrice`
    Pascal,
    /// `GET_STOCK_PRICE`
    ScreamingSnake,
    /// A single lower-case word (`search`): valid in snake, camel and kebab case alike.
    Word,
    /// Anything else: mixed styles (`get_userName`), dots, spaces, a leading digit or underscore.
    Mixed,
}

impl Style {
    /// The styles a server can adopt as its convention, in tie-break order.
    pub const CONVENTIONS: [Style; 5] = [
        Style::Snake,
        Style::Camel,
        Style::Kebab,
        Style::Pascal,
        Style::ScreamingSnake,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Style::Snake => "snake_case",
            Style::Camel => "camelCase",
            Style::Kebab => "kebab-case",
            Style::Pascal => "PascalCase",
            Style::ScreamingSnake => "SCREAMING_SNAKE_CASE",
            Style::Word => "a single word",
            Style::Mixed => "a mix of styles",
        }
    }

    /// Whether a name of this style follows `convention`.
    pub fn follows(self, convention: Style) -> bool {
        self == convention
            || (self == Style::Word
                && matches!(convention, Style::Snake | Style::Camel | Style::Kebab))
    }

    /// Joins lower-case words in this style; `None` for styles without a joining rule.
    pub fn join(self, words: &[String]) -> Option<String> {
        let capitalized = |w: &String| {
            let mut chars = w.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect::<String>())
                .unwrap_or_default()
        };
        Some(match self {
            Style::Snake => words.join("_"),
            Style::Kebab => words.join("-"),
            Style::ScreamingSnake => words.join("_").to_uppercase(),
            Style::Camel => {
                let mut out = words.first()?.clone();
                out.extend(words.iter().skip(1).map(capitalized));
                out
            }
            Style::Pascal => words.iter().map(capitalized).collect(),
            Style::Word | Style::Mixed => return None,
        })
    }
}

impl fmt::Display for Style {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The case style of a tool name (one pass over its bytes).
pub fn classify(name: &str) -> Style {
    let bytes = name.as_bytes();
    let Some(&first) = bytes.first() else {
        return Style::Mixed;
    };
    let (mut upper, mut lower, mut underscore, mut dash) = (false, false, false, false);
    let mut previous_was_separator = true; // A leading separator is an empty word.
    for &b in bytes {
        match b {
            b'A'..=b'Z' => upper = true,
            b'a'..=b'z' => lower = true,
            b'0'..=b'9' => {}
            b'_' | b'-' => {
                if previous_was_separator {
                    return Style::Mixed; // Leading or doubled separator.
                }
                underscore |= b == b'_';
                dash |= b == b'-';
            }
            _ => return Style::Mixed, // Dots, spaces, non-ASCII letters.
        }
        previous_was_separator = matches!(b, b'_' | b'-');
    }
    if previous_was_separator || !first.is_ascii_alphabetic() {
        return Style::Mixed; // Trailing separator, or a leading digit.
    }
    match (underscore, dash, upper, lower) {
        (false, false, true, _) if first.is_ascii_lowercase() => Style::Camel,
        (false, false, false, _) => Style::Word,
        (false, false, _, true) => Style::Pascal,
        (false, false, _, false) => Style::ScreamingSnake,
        (true, false, false, true) => Style::Snake,
        (true, false, true, false) => Style::ScreamingSnake,
        (false, true, false, true) => Style::Kebab,
        _ => Style::Mixed,
    }
}

/// `name` rewritten in `style`, when that gives a valid name of that style that differs from
/// `name`.
pub fn rename(name: &str, style: Style) -> Option<String> {
    let renamed = style.join(&words(name))?;
    (renamed != name && classify(&renamed).follows(style)).then_some(renamed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_names() {
        let cases = [
            ("get_stock_price", Style::Snake),
            ("get_v2", Style::Snake),
            ("getStockPrice", Style::Camel),
            ("getURL", Style::Camel),
            ("get-stock-price", Style::Kebab),
            ("GetStockPrice", Style::Pascal),
            ("Search", Style::Pascal),
            ("GET_STOCK_PRICE", Style::ScreamingSnake),
            ("SEARCH", Style::ScreamingSnake),
            ("search", Style::Word),
            ("s3", Style::Word),
            ("get_userName", Style::Mixed),
            ("get_daily_FX_turnover", Style::Mixed),
            ("__unlock__", Style::Mixed),
            ("repo.list", Style::Mixed),
            ("36-hotspots", Style::Mixed),
            ("get__x", Style::Mixed),
            ("get_", Style::Mixed),
            ("", Style::Mixed),
            ("café_menu", Style::Mixed),
        ];
        for (name, style) in cases {
            assert_eq!(classify(name), style, "{name}");
        }
    }

    #[test]
    fn single_words_follow_the_three_lower_case_conventions() {
        assert!(Style::Word.follows(Style::Snake));
        assert!(Style::Word.follows(Style::Camel));
        assert!(Style::Word.follows(Style::Kebab));
        assert!(!Style::Word.follows(Style::Pascal));
        assert!(!Style::Camel.follows(Style::Snake));
    }

    #[test]
    fn renames_into_a_style() {
        assert_eq!(
            rename("getStockPrice", Style::Snake).as_deref(),
            Some("get_stock_price")
        );
        assert_eq!(
            rename("get_weather_byDateTimeRange", Style::Snake).as_deref(),
            Some("get_weather_by_date_time_range")
        );
        assert_eq!(
            rename("list-HTTPRoutes", Style::Camel).as_deref(),
            Some("listHttpRoutes")
        );
        assert_eq!(
            rename("get_stock", Style::Pascal).as_deref(),
            Some("GetStock")
        );
        assert_eq!(
            rename("get_stock", Style::Kebab).as_deref(),
            Some("get-stock")
        );
        assert_eq!(rename("get_stock", Style::Snake), None);
        assert_eq!(rename("36-hotspots", Style::Kebab), None);
        assert_eq!(rename("", Style::Camel), None);
    }
}
