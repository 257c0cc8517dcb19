//! ESLint's positions, made exact through the `source` it echoes back.
//!
//! ESLint works on JavaScript strings, so everything it reports is counted in UTF-16 code
//! units: `column` is 1-based within a line, and a fix's `range` is a pair of 0-based offsets
//! into the whole text. Two details make a naive conversion wrong:
//!
//! * ESLint splits lines on `\r\n`, `\r`, `\n`, U+2028 and U+2029; the host (like most
//!   editors) only on the first three. A U+2028 inside a string literal shifts every later
//!   ESLint line number by one.
//! * ESLint strips a leading byte order mark before linting; lines, columns and fix ranges all
//!   count from the first character after it (a fix that removes the BOM uses the range
//!   `[-1, 0]`).
//!
//! ESLint's JSON report carries the linted file's text in `source` for every file that has
//! messages, so the adapter can turn each position into a byte offset from the start of the
//! file on disk. [`Position::byte_offset`] wins over line and column in the host, which makes
//! every position exact whatever line breaks the host counts. No file is read: the plugin stays
//! pure.

use signalint_plugin_api::{ColumnUnit, Position};

const BOM: char = '\u{feff}';

/// A linted file's text, indexed by ESLint's lines.
#[derive(Debug, Clone)]
pub struct SourceIndex<'a> {
    /// The text after the byte order mark, as ESLint linted it.
    text: &'a str,
    /// Bytes of the byte order mark in the file (0 or 3).
    bom_bytes: usize,
    /// Where each ESLint line starts.
    lines: Vec<Offset>,
}

/// One place in the text, counted both ways.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Offset {
    utf16: usize,
    byte: usize,
}

impl<'a> SourceIndex<'a> {
    /// Indexes the `source` ESLint reported for a file.
    pub fn new(source: &'a str) -> Self {
        let (text, bom_bytes) = match source.strip_prefix(BOM) {
            Some(rest) => (rest, BOM.len_utf8()),
            None => (source, 0),
        };
        let mut lines = vec![Offset { utf16: 0, byte: 0 }];
        let mut utf16 = 0;
        let mut chars = text.char_indices().peekable();
        while let Some((byte, c)) = chars.next() {
            utf16 += c.len_utf16();
            let is_break = match c {
                '\r' => {
                    // `\r\n` is one break.
                    if let Some(&(_, '\n')) = chars.peek() {
                        chars.next();
                        utf16 += 1;
                        lines.push(Offset {
                            utf16,
                            byte: byte + 2,
                        });
                        continue;
                    }
                    true
                }
                '\n' | '\u{2028}' | '\u{2029}' => true,
                _ => false,
            };
            if is_break {
                lines.push(Offset {
                    utf16,
                    byte: byte + c.len_utf8(),
                });
            }
        }
        Self {
            text,
            bom_bytes,
            lines,
        }
    }

    /// The position of ESLint's 1-based `line` and 1-based UTF-16 `column`. `None` when the
    /// line does not exist, or the column lies past the line's break or inside a surrogate pair
    /// (the report does not match the text).
    pub fn at_line_column(&self, line: u32, column: u32) -> Option<Position> {
        let index = (line as usize).checked_sub(1)?;
        let start = *self.lines.get(index)?;
        let offset = start.utf16 + (column as usize).checked_sub(1)?;
        // A column may point at the line break (an end column after the last character),
        // never beyond it.
        let limit = self
            .lines
            .get(index + 1)
            .map_or_else(|| self.utf16_len(), |next| next.utf16 - 1);
        if offset > limit {
            return None;
        }
        let byte = self.byte_of(start, offset)?;
        Some(self.position(line, column, byte))
    }

    /// The position of a 0-based UTF-16 offset into the linted text, as in a fix's `range`.
    /// `-1` is the byte order mark itself, which only a BOM-removing fix points at.
    pub fn at_offset(&self, offset: i64) -> Option<Position> {
        if offset == -1 && self.bom_bytes > 0 {
            return Some(Position::new(1, 1, ColumnUnit::Utf16).with_byte_offset(0));
        }
        let offset = usize::try_from(offset).ok()?;
        if offset > self.utf16_len() {
            return None;
        }
        let index = self.lines.partition_point(|l| l.utf16 <= offset) - 1;
        let start = self.lines[index];
        let byte = self.byte_of(start, offset)?;
        Some(self.position(index as u32 + 1, (offset - start.utf16) as u32 + 1, byte))
    }

    fn position(&self, line: u32, column: u32, byte: usize) -> Position {
        Position::new(line, column, ColumnUnit::Utf16)
            .with_byte_offset((self.bom_bytes + byte) as u64)
    }

    fn utf16_len(&self) -> usize {
        let last = self.lines[self.lines.len() - 1];
        last.utf16 + self.text[last.byte..].encode_utf16().count()
    }

    /// The byte of a UTF-16 `offset` at or after `from`; `None` inside a surrogate pair.
    fn byte_of(&self, from: Offset, offset: usize) -> Option<usize> {
        let mut utf16 = from.utf16;
        for (i, c) in self.text[from.byte..].char_indices() {
            if utf16 == offset {
                return Some(from.byte + i);
            }
            if utf16 > offset {
                return None;
            }
            utf16 += c.len_utf16();
        }
        (utf16 == offset).then_some(self.text.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spot(p: Position) -> (u32, u32, u64) {
        (p.line, p.column, p.byte_offset.unwrap())
    }

    #[test]
    fn columns_after_non_ascii_text_are_utf16() {
        // ESLint reports this `debugger` at column 22 and the second one at column 42.
        let source = "const héllo = \"日本語\"; debugger;\nexport const s = \"😀😀\"; if (s == \"a\") { debugger; }\n";
        let index = SourceIndex::new(source);
        let first = index.at_line_column(1, 22).unwrap();
        assert!(source[first.byte_offset.unwrap() as usize..].starts_with("debugger"));
        assert_eq!(spot(first), (1, 22, 28));
        let second = index.at_line_column(2, 42).unwrap();
        assert!(source[second.byte_offset.unwrap() as usize..].starts_with("debugger; }"));
        // The same place as a 0-based UTF-16 offset into the whole text.
        let line_two = source.find('\n').unwrap() + 1;
        let offset = source[..line_two].encode_utf16().count() as i64 + 41;
        assert_eq!(index.at_offset(offset), Some(second));
    }

    #[test]
    fn eslint_line_breaks_include_the_unicode_separators() {
        // ESLint puts `b` on line 2, column 8; the host counts one line. The byte offset makes
        // both agree on the place.
        let source = "const a = \"\u{2028}\"; let b = 2;\r\nlet c;\rlet d;";
        let index = SourceIndex::new(source);
        let b = index.at_line_column(2, 8).unwrap();
        assert_eq!(&source[b.byte_offset.unwrap() as usize..][..1], "b");
        let c = index.at_line_column(3, 5).unwrap();
        assert_eq!(&source[c.byte_offset.unwrap() as usize..][..1], "c");
        let d = index.at_line_column(4, 5).unwrap();
        assert_eq!(&source[d.byte_offset.unwrap() as usize..][..1], "d");
    }

    #[test]
    fn a_byte_order_mark_is_skipped_by_eslint_but_counted_in_the_file() {
        let source = "\u{feff}let a = 1;\n";
        let index = SourceIndex::new(source);
        // ESLint: `a` at line 1, column 5; fix range [0, 10] is `let a = 1;`.
        let a = index.at_line_column(1, 5).unwrap();
        assert_eq!(spot(a), (1, 5, 7));
        assert_eq!(&source[7..8], "a");
        assert_eq!(spot(index.at_offset(0).unwrap()), (1, 1, 3));
        assert_eq!(spot(index.at_offset(10).unwrap()), (1, 11, 13));
        // The range a BOM-removing fix uses.
        assert_eq!(spot(index.at_offset(-1).unwrap()), (1, 1, 0));
    }

    #[test]
    fn positions_that_do_not_fit_the_text_are_refused() {
        let index = SourceIndex::new("a😀\nb");
        assert!(index.at_line_column(3, 1).is_none(), "no such line");
        assert!(index.at_line_column(1, 0).is_none(), "columns are 1-based");
        assert!(
            index.at_line_column(1, 3).is_none(),
            "inside the surrogate pair"
        );
        assert!(
            index.at_line_column(1, 4).is_some(),
            "the line break itself"
        );
        assert!(index.at_line_column(1, 5).is_none(), "past the line break");
        assert!(index.at_line_column(2, 2).is_some(), "end of text");
        assert!(index.at_offset(6).is_none(), "past the end");
        assert!(index.at_offset(-1).is_none(), "no BOM to point at");
        assert_eq!(spot(index.at_offset(5).unwrap()), (2, 2, 7));
    }
}
