//! Which fixes of one file apply together, and the file's text once they do.
//!
//! Overlaps are resolved deterministically: fixes are taken in the order of their first edit's
//! position (then by issue id), and a fix whose edit overlaps an edit already taken is skipped,
//! saying which fix it gave way to. A fix is applied whole or not at all.

use signalint_plugin_api::{ColumnUnit, Position};

use crate::check::positions::SourceText;
use crate::core::FixEdit;

/// One issue's fix, as the check recorded it.
#[derive(Debug, Clone, Copy)]
pub struct Candidate<'a> {
    pub issue_id: &'a str,
    pub edits: &'a [FixEdit],
}

/// What applies to the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Planned {
    /// The file's text with the applied fixes.
    pub text: String,
    /// Issue ids whose fixes are in `text`.
    pub applied: Vec<String>,
    /// Issue ids left out, and why.
    pub skipped: Vec<(String, String)>,
}

/// A resolved edit: byte range in the text and its replacement.
#[derive(Debug, Clone)]
struct Span<'a> {
    start: usize,
    end: usize,
    text: &'a str,
}

/// Whether two edits cannot both be applied: their ranges intersect, or they start at the
/// same place (two insertions there have no order).
fn conflict(a: &Span<'_>, b: &Span<'_>) -> bool {
    (a.start < b.end && b.start < a.end) || a.start == b.start
}

/// Plans the candidates' fixes on `text`.
pub fn plan(text: &str, candidates: &[Candidate<'_>]) -> Planned {
    let source = SourceText::new(text.to_owned());
    let byte = |line: u32, col: u32| {
        source
            .resolve(&Position::new(line, col, ColumnUnit::Utf16))
            .map(|r| r.byte)
    };
    let mut skipped = Vec::new();
    let mut resolved: Vec<(&str, Vec<Span<'_>>)> = Vec::new();
    for candidate in candidates {
        let spans: Option<Vec<Span<'_>>> = candidate
            .edits
            .iter()
            .map(|edit| {
                let start = byte(edit.line, edit.col)?;
                let end = byte(edit.end_line, edit.end_col)?;
                (start <= end).then_some(Span {
                    start,
                    end,
                    text: &edit.new_text,
                })
            })
            .collect();
        match spans {
            Some(mut spans) if !spans.is_empty() => {
                spans.sort_by_key(|s| (s.start, s.end));
                let overlapping = spans.windows(2).any(|w| conflict(&w[0], &w[1]));
                if overlapping {
                    skipped.push((
                        candidate.issue_id.to_owned(),
                        "its own edits overlap; the engine's fix is malformed".to_owned(),
                    ));
                } else {
                    resolved.push((candidate.issue_id, spans));
                }
            }
            _ => skipped.push((
                candidate.issue_id.to_owned(),
                "its edits do not fit the file's text".to_owned(),
            )),
        }
    }
    resolved.sort_by(|a, b| {
        let first = |spans: &[Span<'_>]| (spans[0].start, spans[spans.len() - 1].end);
        first(&a.1).cmp(&first(&b.1)).then(a.0.cmp(b.0))
    });
    let mut taken: Vec<(&str, Span<'_>)> = Vec::new();
    let mut applied = Vec::new();
    for (id, spans) in resolved {
        let blocker = taken
            .iter()
            .find(|(_, t)| spans.iter().any(|s| conflict(s, t)))
            .map(|(other, _)| *other);
        match blocker {
            Some(other) => skipped.push((
                id.to_owned(),
                format!("its edit overlaps the fix of issue {other}, applied first"),
            )),
            None => {
                applied.push(id.to_owned());
                taken.extend(spans.into_iter().map(|s| (id, s)));
            }
        }
    }
    taken.sort_by_key(|(_, s)| std::cmp::Reverse((s.start, s.end)));
    let mut out = text.to_owned();
    for (_, span) in &taken {
        out.replace_range(span.start..span.end, span.text);
    }
    Planned {
        text: out,
        applied,
        skipped,
    }
}

/// The unified diff of one file's fix (`a/` and `b/` prefixed, three lines of context).
pub fn unified_diff(file: &str, before: &str, after: &str) -> String {
    similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{file}"), &format!("b/{file}"))
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(line: u32, col: u32, end_line: u32, end_col: u32, new_text: &str) -> FixEdit {
        FixEdit {
            line,
            col,
            end_line,
            end_col,
            new_text: new_text.to_owned(),
            safety: None,
        }
    }

    #[test]
    fn fixes_apply_from_the_end_in_utf16_columns() {
        let text = "let é = a == b;\nfoo ( );\n";
        let eq = [edit(1, 11, 1, 13, "===")];
        let space = [edit(2, 4, 2, 5, ""), edit(2, 6, 2, 7, "")];
        let planned = plan(
            text,
            &[
                Candidate {
                    issue_id: "b",
                    edits: &space,
                },
                Candidate {
                    issue_id: "a",
                    edits: &eq,
                },
            ],
        );
        assert_eq!(planned.text, "let é = a === b;\nfoo();\n");
        assert_eq!(planned.applied, ["a", "b"]);
        assert!(planned.skipped.is_empty());
    }

    #[test]
    fn an_overlapping_fix_is_skipped_whatever_the_order() {
        let text = "a == b == c\n";
        let first = [edit(1, 3, 1, 5, "===")];
        let wide = [edit(1, 1, 1, 12, "x")];
        for order in [[0, 1], [1, 0]] {
            let candidates = [
                Candidate {
                    issue_id: "first",
                    edits: &first,
                },
                Candidate {
                    issue_id: "wide",
                    edits: &wide,
                },
            ];
            let picked: Vec<_> = order.iter().map(|&i| candidates[i]).collect();
            let planned = plan(text, &picked);
            assert_eq!(planned.text, "x\n", "the earlier start wins");
            assert_eq!(planned.applied, ["wide"]);
            assert_eq!(planned.skipped.len(), 1);
            assert!(planned.skipped[0].1.contains("issue wide"));
        }
    }

    #[test]
    fn an_edit_outside_the_text_is_skipped_and_nothing_changes() {
        let text = "one line\n";
        let far = [edit(9, 1, 9, 2, "x")];
        let planned = plan(
            text,
            &[Candidate {
                issue_id: "far",
                edits: &far,
            }],
        );
        assert_eq!(planned.text, text);
        assert!(planned.applied.is_empty());
        assert_eq!(planned.skipped[0].0, "far");
    }

    #[test]
    fn the_diff_names_the_file() {
        let diff = unified_diff("src/a.ts", "a == b\n", "a === b\n");
        assert!(diff.contains("--- a/src/a.ts"), "{diff}");
        assert!(diff.contains("+a === b"), "{diff}");
    }
}
