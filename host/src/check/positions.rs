//! Converting engine positions to the contract's 1-based line and UTF-16 column.
//!
//! Engines count columns differently (oxlint UTF-8 bytes, biome code points, tsc UTF-16 code
//! units); the only reliable conversion goes through the file text. Line breaks are `\r\n`,
//! `\n` and a lone `\r`, as all three engines agree.
//!
//! [`to_issues`] turns an engine's diagnostics into `core` input: project-relative paths,
//! UTF-16 columns, the flagged line's text.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use signalint_plugin_api::{ColumnUnit, Diagnostic, FixSafety, Position, Severity};

use super::project_relative;
use crate::core::{FixEdit, IssueInput, IssueSeverity};

/// A file's text with its line starts.
#[derive(Debug, Clone)]
pub struct SourceText {
    text: String,
    line_starts: Vec<usize>,
}

/// A resolved position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resolved {
    pub line: u32,
    /// 1-based UTF-16 column.
    pub col: u32,
    pub byte: usize,
}

impl SourceText {
    pub fn new(text: String) -> Self {
        // Every check converts the positions of every file with a diagnostic: memchr finds
        // the breaks several bytes at a time.
        let bytes = text.as_bytes();
        let mut line_starts = Vec::with_capacity(bytes.len() / 32 + 1);
        line_starts.push(0);
        for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
            // The `\n` of a `\r\n` pair: its `\r` already started the line after the pair.
            if bytes[i] == b'\n' && i > 0 && bytes[i - 1] == b'\r' {
                continue;
            }
            if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                line_starts.push(i + 2);
            } else {
                line_starts.push(i + 1);
            }
        }
        Self { text, line_starts }
    }

    fn bom_len(&self) -> usize {
        if self.text.starts_with('\u{feff}') {
            3
        } else {
            0
        }
    }

    /// Byte range of a 1-based line, without its line break.
    fn line_range(&self, line: u32) -> Option<(usize, usize)> {
        let index = (line as usize).checked_sub(1)?;
        let start = *self.line_starts.get(index)?;
        let start = if index == 0 {
            start.max(self.bom_len())
        } else {
            start
        };
        let mut end = self
            .line_starts
            .get(index + 1)
            .copied()
            .unwrap_or(self.text.len());
        let bytes = self.text.as_bytes();
        while end > start && matches!(bytes[end - 1], b'\n' | b'\r') {
            end -= 1;
        }
        Some((start, end))
    }

    /// The text of a 1-based line (empty when out of range).
    pub fn line_text(&self, line: u32) -> &str {
        self.line_range(line)
            .map_or("", |(start, end)| &self.text[start..end])
    }

    /// Converts an engine position. `None` when the position does not exist in this text.
    pub fn resolve(&self, position: &Position) -> Option<Resolved> {
        let byte = match position.byte_offset {
            Some(offset) => floor_char_boundary(&self.text, offset as usize),
            None => {
                let (start, end) = self.line_range(position.line)?;
                let wanted = position.column.saturating_sub(1) as usize;
                start + advance(&self.text[start..end], wanted, position.unit)?
            }
        };
        // Editors do not count a byte order mark as a column.
        let byte = byte.max(self.bom_len());
        let index = self.line_starts.partition_point(|&start| start <= byte) - 1;
        let start = self.line_starts[index].max(if index == 0 { self.bom_len() } else { 0 });
        let col = self.text[start..byte].encode_utf16().count() + 1;
        Some(Resolved {
            line: index as u32 + 1,
            col: col as u32,
            byte,
        })
    }
}

/// Byte length of the prefix of `line` that is `units` long in `unit`, clamped to the line;
/// `None` for a unit of a newer plugin API, which cannot be counted.
fn advance(line: &str, units: usize, unit: ColumnUnit) -> Option<usize> {
    Some(match unit {
        ColumnUnit::Utf8Bytes => floor_char_boundary(line, units),
        ColumnUnit::CodePoints => line
            .char_indices()
            .nth(units)
            .map_or(line.len(), |(i, _)| i),
        ColumnUnit::Utf16 => {
            let mut counted = 0;
            for (i, c) in line.char_indices() {
                if counted >= units {
                    return Some(i);
                }
                counted += c.len_utf16();
            }
            line.len()
        }
        _ => return None,
    })
}

/// Whether the host can place `position` at all: an exact byte offset, or a column in a unit
/// it knows.
pub fn placeable(position: &Position) -> bool {
    position.byte_offset.is_some()
        || matches!(
            position.unit,
            ColumnUnit::Utf8Bytes | ColumnUnit::CodePoints | ColumnUnit::Utf16
        )
}

/// The most bytes of its line an issue quotes: a minified file's one line, quoted whole by
/// each of its thousands of issues, would cost gigabytes in memory and in the cache.
pub(crate) const MAX_LINE_TEXT: usize = 1_000;

/// The trimmed line an issue quotes, its first [`MAX_LINE_TEXT`] bytes when longer.
fn quoted_line(line: &str) -> &str {
    let line = line.trim();
    line[..floor_char_boundary(line, MAX_LINE_TEXT)].trim_end()
}

fn floor_char_boundary(text: &str, mut index: usize) -> usize {
    index = index.min(text.len());
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

/// The text of every distinct file in `files`, read and indexed side by side: after a run
/// this is all that stands between the engine's output and the answer.
fn read_sources<'a>(root: &Path, files: &'a [String]) -> HashMap<&'a str, Option<SourceText>> {
    let mut distinct: Vec<&str> = files
        .iter()
        .map(String::as_str)
        .filter(|f| !f.is_empty())
        .collect();
    distinct.sort_unstable();
    distinct.dedup();
    let read = |file: &&'a str| {
        let text = std::fs::read_to_string(root.join(file)).ok();
        (*file, text.map(SourceText::new))
    };
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(distinct.len().div_ceil(16));
    if threads <= 1 {
        return distinct.iter().map(read).collect();
    }
    let chunk = distinct.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let parts: Vec<_> = distinct
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().map(read).collect::<Vec<_>>()))
            .collect();
        parts
            .into_iter()
            .flat_map(|part| part.join().unwrap_or_default())
            .collect()
    })
}

/// Converts engine diagnostics into core input: project-relative paths, UTF-16 columns, the
/// flagged line's text. `fixes_on_request`: the engine computes some fixes only when fixes are
/// applied, so a diagnostic that states a fix safety without edits is fixable.
pub(crate) fn to_issues(
    root: &Path,
    engine: &str,
    diagnostics: Vec<(PathBuf, Diagnostic, Vec<String>)>,
    fixes_on_request: bool,
) -> Vec<IssueInput> {
    let files: Vec<String> = diagnostics
        .iter()
        .map(|(cwd, diagnostic, _)| {
            diagnostic
                .file
                .as_deref()
                .map(|f| project_relative(root, cwd, f))
                .unwrap_or_default()
        })
        .collect();
    let sources = read_sources(root, &files);
    diagnostics
        .into_iter()
        .zip(&files)
        .map(|((_, diagnostic, programs), file)| {
            let source = sources.get(file.as_str()).and_then(Option::as_ref);
            let resolve = |position: Option<&signalint_plugin_api::Position>| {
                let position = position?;
                match source {
                    Some(source) => source.resolve(position).map(|r| (r.line, r.col)),
                    // Without the text only a UTF-16 position can be trusted as is.
                    None => (position.line > 0
                        && position.unit == signalint_plugin_api::ColumnUnit::Utf16)
                        .then_some((position.line, position.column)),
                }
            };
            let (line, col) = resolve(diagnostic.start.as_ref()).unwrap_or((0, 0));
            let end = resolve(diagnostic.end.as_ref());
            // A fix whose every edit converts, or none: half a fix would corrupt the file.
            let fixes: Option<Vec<FixEdit>> = diagnostic
                .fixes
                .iter()
                .map(|edit| {
                    let (line, col) = resolve(Some(&edit.start))?;
                    let (end_line, end_col) = resolve(Some(&edit.end))?;
                    Some(FixEdit {
                        line,
                        col,
                        end_line,
                        end_col,
                        new_text: edit.new_text.clone(),
                        safety: None,
                    })
                })
                .collect();
            let line_text = source
                .map(|s| quoted_line(s.line_text(line)).to_owned())
                .unwrap_or_default();
            let fixable = !diagnostic.fixes.is_empty()
                || (fixes_on_request && diagnostic.fix_safety.is_some());
            IssueInput {
                file: file.clone(),
                line,
                col,
                end_line: end.map(|e| e.0),
                end_col: end.map(|e| e.1),
                engine: engine.to_owned(),
                rule: diagnostic.rule,
                severity: match diagnostic.severity {
                    Severity::Error => IssueSeverity::Error,
                    // Info, hint, and a severity of a newer plugin API.
                    _ => IssueSeverity::Warning,
                },
                message: diagnostic.message,
                fixable,
                help: diagnostic.help,
                url: diagnostic.url,
                line_text,
                fixes: fixes.unwrap_or_default(),
                // A safety of a newer plugin API counts as unsafe.
                fix_safe: fixable
                    .then_some(diagnostic.fix_safety)
                    .flatten()
                    .map(|s| s == FixSafety::Safe),
                same_as: diagnostic.same_as,
                subject: diagnostic.subject,
                // One program is the common case and says nothing.
                programs: if programs.len() > 1 {
                    programs
                } else {
                    Vec::new()
                },
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: u32, column: u32, unit: ColumnUnit) -> Position {
        Position::new(line, column, unit)
    }

    // The three `debugger` statements measured in docs/engines.md ("Columns, lines and line breaks").
    const LINES: [(&str, u32, u32, u32); 3] = [
        ("const héllo = \"日本語\"; debugger;", 22, 22, 29),
        (
            "export const s = \"😀😀\"; if (s == \"a\") { debugger; }",
            42,
            40,
            46,
        ),
        ("const a = \"é👨‍👩‍👧\"; debugger;", 25, 22, 36),
    ];

    proptest::proptest! {
        /// Line starts match a byte-by-byte reading of the three kinds of line break.
        #[test]
        fn line_starts_match_a_plain_scan(text in "[a\r\né]{0,40}") {
            let bytes = text.as_bytes();
            let mut expected = vec![0];
            let mut i = 0;
            while i < bytes.len() {
                if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                    expected.push(i + 2);
                    i += 2;
                    continue;
                }
                if matches!(bytes[i], b'\r' | b'\n') {
                    expected.push(i + 1);
                }
                i += 1;
            }
            proptest::prop_assert_eq!(SourceText::new(text).line_starts, expected);
        }
    }

    #[test]
    fn all_units_agree_on_the_measured_lines() {
        for (line, utf16, code_points, bytes) in LINES {
            let source = SourceText::new(format!("// header\n{line}\n"));
            let expected = Some(Resolved {
                line: 2,
                col: utf16,
                byte: 10 + bytes as usize - 1,
            });
            assert_eq!(
                source.resolve(&at(2, utf16, ColumnUnit::Utf16)),
                expected,
                "{line}"
            );
            assert_eq!(
                source.resolve(&at(2, code_points, ColumnUnit::CodePoints)),
                expected,
                "{line}"
            );
            assert_eq!(
                source.resolve(&at(2, bytes, ColumnUnit::Utf8Bytes)),
                expected,
                "{line}"
            );
            let offset = at(0, 0, ColumnUnit::Utf8Bytes).with_byte_offset(10 + bytes as u64 - 1);
            assert_eq!(source.resolve(&offset), expected, "{line}");
        }
    }

    #[test]
    fn a_unit_of_a_newer_api_cannot_be_placed_without_an_offset() {
        let source = SourceText::new("abc\n".into());
        let unknown = at(1, 2, ColumnUnit::Unknown);
        assert!(!placeable(&unknown));
        assert_eq!(source.resolve(&unknown), None);
        let exact = unknown.with_byte_offset(1);
        assert!(placeable(&exact), "an offset needs no unit");
        assert_eq!(source.resolve(&exact).map(|r| r.col), Some(2));
    }

    #[test]
    fn crlf_and_lone_cr_are_single_breaks() {
        let source = SourceText::new("a\r\nbé\rc\nd".into());
        assert_eq!(
            quoted_line(&format!(
                "  {}é{}",
                "x".repeat(MAX_LINE_TEXT - 1),
                "y".repeat(9)
            ))
            .len(),
            MAX_LINE_TEXT - 1,
            "clipped on a character boundary"
        );
        assert_eq!(quoted_line("  short  "), "short");
        assert_eq!(source.line_text(1), "a");
        assert_eq!(source.line_text(2), "bé");
        assert_eq!(source.line_text(3), "c");
        assert_eq!(source.line_text(4), "d");
        let r = source
            .resolve(&at(0, 0, ColumnUnit::Utf8Bytes).with_byte_offset(7))
            .unwrap();
        assert_eq!((r.line, r.col), (3, 1));
        let r = source.resolve(&at(2, 3, ColumnUnit::CodePoints)).unwrap();
        assert_eq!((r.line, r.col), (2, 3));
    }

    #[test]
    fn out_of_range_positions_are_clamped_or_refused() {
        let source = SourceText::new("abc\n".into());
        assert_eq!(source.resolve(&at(9, 1, ColumnUnit::Utf16)), None);
        assert_eq!(
            source.resolve(&at(1, 99, ColumnUnit::Utf16)).unwrap().col,
            4
        );
        let past_end = at(0, 0, ColumnUnit::Utf8Bytes).with_byte_offset(999);
        assert_eq!(source.resolve(&past_end).unwrap().line, 2);
    }

    #[test]
    fn a_byte_order_mark_is_not_a_column() {
        let source = SourceText::new("\u{feff}debugger;\nx".into());
        assert_eq!(
            source.resolve(&at(1, 1, ColumnUnit::Utf16)).unwrap().col,
            1,
            "engines that skip the BOM"
        );
        let offset = at(0, 0, ColumnUnit::Utf8Bytes).with_byte_offset(3);
        assert_eq!(
            source.resolve(&offset).unwrap().col,
            1,
            "engines that count it in offsets"
        );
    }

    #[test]
    fn offsets_inside_a_character_snap_back() {
        let source = SourceText::new("é".into());
        let inside = at(0, 0, ColumnUnit::Utf8Bytes).with_byte_offset(1);
        assert_eq!(source.resolve(&inside).unwrap().col, 1);
    }

    #[test]
    fn an_engine_fix_is_carried_to_the_issue_with_converted_positions() {
        let root = tempfile::tempdir().unwrap();
        std::fs::write(root.path().join("a.ts"), "const é = 1; debugger;\n").unwrap();
        // Byte columns from the engine: `debugger;` starts at byte 15 (1-based), UTF-16 col 14.
        let fix = signalint_plugin_api::TextEdit::new(
            at(1, 15, ColumnUnit::Utf8Bytes),
            at(1, 24, ColumnUnit::Utf8Bytes),
            "",
        );
        let diagnostic = Diagnostic::new("noDebugger", Severity::Warning, "debugger")
            .with_file("a.ts")
            .with_start(at(1, 15, ColumnUnit::Utf8Bytes))
            .with_fixes(vec![fix]);
        let issues = to_issues(
            root.path(),
            "biome",
            vec![(root.path().to_owned(), diagnostic, Vec::new())],
            false,
        );
        assert!(issues[0].fixable);
        assert_eq!(
            issues[0].fixes,
            [FixEdit {
                line: 1,
                col: 14,
                end_line: 1,
                end_col: 23,
                new_text: String::new(),
                safety: None,
            }]
        );
        let analysis = crate::core::analyze(issues);
        assert_eq!(analysis.issues[0].fixes.len(), 1, "the issue keeps its fix");
    }

    #[test]
    fn a_fix_computed_on_request_is_fixable_only_for_an_engine_that_declares_it() {
        let root = tempfile::tempdir().unwrap();
        std::fs::write(root.path().join("a.ts"), "const  a = 1\n").unwrap();
        let stated = Diagnostic::new("format", Severity::Error, "not formatted")
            .with_file("a.ts")
            .with_fix_safety(FixSafety::Safe);
        let convert = |on_request| {
            to_issues(
                root.path(),
                "biome",
                vec![(root.path().to_owned(), stated.clone(), Vec::new())],
                on_request,
            )
        };
        let declared = convert(true);
        assert!(declared[0].fixable && declared[0].fixes.is_empty());
        assert_eq!(declared[0].fix_safe, Some(true));
        let undeclared = convert(false);
        assert!(!undeclared[0].fixable);
        assert_eq!(undeclared[0].fix_safe, None);
    }
}
