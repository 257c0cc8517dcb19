//! Formatting findings with their fix.
//!
//! `biome check` reports an unformatted file as a `format` diagnostic without a span or an
//! edit: no reporter carries the formatted text (the default reporter prints a diff for
//! people, with spaces drawn as `·` and long stretches elided). The formatted text costs a
//! run per file (on a project not formatted with Biome, ten times the check itself), so a
//! check reports the finding with its safety and no edit ([`pending`]), and the engine
//! declares its fixes as computed on request. When fixes are applied, the host plans the files
//! again with fixes wanted: then the parse turns each finding into a follow-up run
//! ([`defer`]), `biome format --stdin-file-path=<file>` with the file on stdin, which prints
//! exactly what Biome's formatter makes of it; that run's parse diffs the text it was given
//! with the text Biome printed and reports the `format` diagnostic again, now with a safe fix
//! whose edits are the changed stretches.

use signalint_plugin_api::{
    ColumnUnit, Diagnostic, FixSafety, Invocation, ParseRequest, Position, Severity, TextEdit,
};

/// The category of Biome's formatting diagnostic.
pub const FORMAT_RULE: &str = "format";

/// The formatter's documentation.
const FORMAT_URL: &str = "https://biomejs.dev/formatter/";

/// At most this many formatter runs follow one run asked for fixes; the files past it keep
/// their finding without an edit, saying so (a project never formatted with Biome costs a
/// process per file, about 20 ms each: one call formats this many in well under a minute, the
/// next call the rest). A check runs none.
pub const MAX_FOLLOW_UPS: usize = 1_000;

/// The argument that marks a formatter follow-up run.
const STDIN_FLAG: &str = "--stdin-file-path=";

/// The message of every formatting finding: one wording, so that they cluster as one cause.
pub const SUMMARY: &str = "file is not formatted as Biome formats it";

/// The help of a formatting finding whose fix is computed when fixes are applied.
pub const ON_REQUEST_HELP: &str = "`signalint fix` (the `apply_fixes` tool) applies Biome's \
    formatting to the file, as `biome format --write` does";

/// What the fix of a formatting finding changes (`changed`: lines, when known).
pub fn help(changed: Option<usize>) -> String {
    match changed {
        Some(1) => "Biome's formatter changes 1 line; the fix applies its output".to_owned(),
        Some(n) => format!("Biome's formatter changes {n} lines; the fix applies its output"),
        None => "run `biome format --write` on the file to apply Biome's formatting".to_owned(),
    }
}

/// A formatting finding for `file`, with `fixes` (empty: none known).
fn finding(file: &str, changed: Option<usize>, fixes: Vec<TextEdit>) -> Diagnostic {
    let safe = !fixes.is_empty();
    let mut diagnostic = Diagnostic::new(FORMAT_RULE, Severity::Error, SUMMARY).with_fixes(fixes);
    diagnostic.file = Some(file.to_owned());
    diagnostic.url = Some(FORMAT_URL.to_owned());
    diagnostic.help = Some(help(changed));
    // The formatter's output never changes what the code means: Biome writes it with `--write`.
    diagnostic.fix_safety = safe.then_some(FixSafety::Safe);
    diagnostic
}

/// The follow-up run that prints the formatted text of `file` (project-relative).
pub fn follow_up(check: &Invocation, file: &str) -> Invocation {
    let args: Vec<String> = check
        .args
        .iter()
        .take_while(|a| !matches!(a.as_str(), "check" | "lint"))
        .cloned()
        .chain([
            "format".to_owned(),
            "--colors=off".to_owned(),
            format!("{STDIN_FLAG}{file}"),
        ])
        .collect();
    Invocation::new(&check.program, args)
        .with_env(check.env.clone())
        .with_stdin_file(file)
        .with_label(format!("biome format {file}"))
}

/// The file a formatter follow-up run formats, when `invocation` is one.
fn follow_up_file(invocation: &Invocation) -> Option<&str> {
    invocation.stdin_file.as_ref()?;
    invocation
        .args
        .iter()
        .find_map(|a| a.strip_prefix(STDIN_FLAG))
}

/// Whether `d` is a formatting finding as `biome check` reports it: a file, no span, no edit.
fn unformatted_file(d: &Diagnostic) -> Option<&str> {
    (d.rule == FORMAT_RULE && d.start.is_none() && d.fixes.is_empty())
        .then_some(d.file.as_deref())
        .flatten()
}

/// Words each formatting finding of a check run (no span, no edit) as one cause whose safe
/// fix is computed when fixes are applied.
pub fn pending(diagnostics: &mut [Diagnostic]) {
    for d in diagnostics.iter_mut() {
        if let Some(file) = unformatted_file(d) {
            let mut found = finding(file, None, Vec::new());
            found.help = Some(ON_REQUEST_HELP.to_owned());
            found.fix_safety = Some(FixSafety::Safe);
            *d = found;
        }
    }
}

/// Replaces each formatting finding of a check run (no span, no edit) with a follow-up run
/// for its file, up to [`MAX_FOLLOW_UPS`]; the rest keep a readable summary.
pub fn defer(invocation: &Invocation, diagnostics: &mut Vec<Diagnostic>) -> Vec<Invocation> {
    let mut follow_ups = Vec::new();
    diagnostics.retain_mut(|d| {
        let Some(file) = unformatted_file(d).map(str::to_owned) else {
            return true;
        };
        if follow_ups.len() < MAX_FOLLOW_UPS {
            follow_ups.push(follow_up(invocation, &file));
            return false;
        }
        *d = finding(&file, None, Vec::new());
        d.help = Some(format!(
            "Biome's formatting is computed for at most {MAX_FOLLOW_UPS} files per call; \
             apply fixes again for this one"
        ));
        true
    });
    follow_ups
}

/// Parses a formatter follow-up run; `None` when `request` is not one.
pub fn parse_follow_up(request: &ParseRequest) -> Option<Vec<Diagnostic>> {
    let file = follow_up_file(&request.invocation)?;
    let original = request.stdin.as_deref();
    Some(match (request.exit_code, original) {
        (Some(0), Some(original)) if !request.truncated => {
            let formatted = request.stdout.as_str();
            if formatted == original {
                // Formatted meanwhile (the file changed between the two runs).
                Vec::new()
            } else {
                let (edits, changed) = edits(original, formatted);
                vec![finding(file, Some(changed), edits)]
            }
        }
        // The formatter refused (a syntax error, a file it ignores): the finding stands, with
        // no edit rather than a wrong one.
        _ => {
            let mut d = finding(file, None, Vec::new());
            let why = request.stderr.trim();
            if !why.is_empty() {
                d.help = Some(format!(
                    "{}; biome format could not print the formatted text: {}",
                    help(None),
                    why.lines().take(5).collect::<Vec<_>>().join("\n")
                ));
            }
            vec![d]
        }
    })
}

/// Byte offset of each line start of `text`, and the text's length last.
fn line_starts(text: &str) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
    if *starts.last().unwrap_or(&0) != text.len() {
        starts.push(text.len());
    }
    starts
}

/// The lines of `text`, each with its line break.
fn lines(text: &str) -> Vec<&str> {
    text.split_inclusive('\n').collect()
}

/// The 1-based line and code-point column of byte `offset` in `text`, with the offset itself.
fn position(text: &str, starts: &[usize], offset: usize) -> Position {
    let index = starts.partition_point(|&s| s <= offset).saturating_sub(1);
    let start = starts.get(index).copied().unwrap_or(0).min(offset);
    let column = text[start..offset].chars().count() + 1;
    Position::new(index as u32 + 1, column as u32, ColumnUnit::CodePoints)
        .with_byte_offset(offset as u64)
}

/// Shrinks a replacement of `old[from..to]` by `new` to the part that differs: common leading
/// and trailing characters are kept.
fn tighten<'a>(old: &str, from: usize, to: usize, new: &'a str) -> (usize, usize, &'a str) {
    let before = &old[from..to];
    let prefix: usize = before
        .chars()
        .zip(new.chars())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum();
    let (before_rest, new_rest) = (&before[prefix..], &new[prefix..]);
    let suffix: usize = before_rest
        .chars()
        .rev()
        .zip(new_rest.chars().rev())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum();
    (
        from + prefix,
        to - suffix,
        &new_rest[..new_rest.len() - suffix],
    )
}

/// The edits that turn `original` into `formatted` (one per changed stretch of lines, trimmed
/// to what differs), and how many lines they change (per stretch, the larger of the old and
/// the new line count).
pub fn edits(original: &str, formatted: &str) -> (Vec<TextEdit>, usize) {
    let (old, new) = (lines(original), lines(formatted));
    let (old_starts, new_starts) = (line_starts(original), line_starts(formatted));
    let ops = similar::capture_diff_slices(similar::Algorithm::Myers, &old, &new);
    let mut edits = Vec::new();
    let mut changed = 0;
    let mut pending: Option<(std::ops::Range<usize>, std::ops::Range<usize>)> = None;
    let mut flush = |hunk: (std::ops::Range<usize>, std::ops::Range<usize>)| {
        let (o, n) = hunk;
        changed += o.len().max(n.len());
        let at = |starts: &[usize], i: usize| starts.get(i).copied().unwrap_or(usize::MAX);
        let from = at(&old_starts, o.start).min(original.len());
        let to = at(&old_starts, o.end).min(original.len());
        let text = &formatted[at(&new_starts, n.start).min(formatted.len())
            ..at(&new_starts, n.end).min(formatted.len())];
        let (from, to, text) = tighten(original, from, to, text);
        edits.push(TextEdit::new(
            position(original, &old_starts, from),
            position(original, &old_starts, to),
            text,
        ));
    };
    for op in ops {
        let (tag, o, n) = op.as_tag_tuple();
        if tag == similar::DiffTag::Equal {
            if let Some(hunk) = pending.take() {
                flush(hunk);
            }
            continue;
        }
        pending = Some(match pending.take() {
            Some((po, pn)) => (po.start..o.end, pn.start..n.end),
            None => (o, n),
        });
    }
    if let Some(hunk) = pending {
        flush(hunk);
    }
    (edits, changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Applies edits (byte offsets) to `text`, last first.
    fn apply(text: &str, edits: &[TextEdit]) -> String {
        let mut out = text.to_owned();
        let mut sorted: Vec<&TextEdit> = edits.iter().collect();
        sorted.sort_by_key(|e| std::cmp::Reverse(e.start.byte_offset));
        for e in sorted {
            let (from, to) = (
                e.start.byte_offset.unwrap() as usize,
                e.end.byte_offset.unwrap() as usize,
            );
            out.replace_range(from..to, &e.new_text);
        }
        out
    }

    #[test]
    fn edits_turn_the_text_into_the_formatted_text() {
        let cases = [
            ("a\nb\nc\n", "a\nB\nc\n"),
            ("const  é = 1\n", "const é = 1;\n"),
            ("x\r\ny\r\n", "x\ny\n"),
            ("no newline", "no newline\n"),
            ("a\n\n\n\nb\n", "a\n\nb\n"),
            ("", "x\n"),
            ("same\nlines\nextra\n", "same\nlines\n"),
        ];
        for (original, formatted) in cases {
            let (edits, changed) = edits(original, formatted);
            assert_eq!(apply(original, &edits), formatted, "{original:?}");
            assert!(changed >= 1 && !edits.is_empty(), "{original:?}");
        }
    }

    #[test]
    fn edits_are_the_changed_stretches_only() {
        let (edits, changed) = edits("a\nb  \nc\nd\ne;;\n", "a\nb\nc\nd\ne;\n");
        assert_eq!(changed, 2);
        assert_eq!(edits.len(), 2);
        assert_eq!((edits[0].start.line, edits[0].start.column), (2, 2));
        assert_eq!((edits[0].end.line, edits[0].end.column), (2, 4));
        assert_eq!(edits[0].new_text, "");
        assert_eq!((edits[1].start.line, edits[1].start.column), (5, 3));
        assert_eq!(edits[1].new_text, "");
    }

    #[test]
    fn columns_count_code_points() {
        let (edits, _) = edits("const 日本 =  1;\n", "const 日本 = 1;\n");
        assert_eq!((edits[0].start.line, edits[0].start.column), (1, 12));
        assert_eq!(edits[0].start.byte_offset, Some(15));
    }

    #[test]
    fn help_counts_the_changed_lines() {
        assert_eq!(
            help(Some(3)),
            "Biome's formatter changes 3 lines; the fix applies its output"
        );
        assert_eq!(
            help(Some(1)),
            "Biome's formatter changes 1 line; the fix applies its output"
        );
    }

    #[test]
    fn a_follow_up_formats_one_file_from_stdin_and_is_recognised() {
        let check = Invocation::new(
            "/bin/biome",
            vec![
                "check".into(),
                "--colors=off".into(),
                "--".into(),
                "a.ts".into(),
            ],
        );
        let run = follow_up(&check, "src/a b.ts");
        assert_eq!(
            run.args,
            ["format", "--colors=off", "--stdin-file-path=src/a b.ts"]
        );
        assert_eq!(run.stdin_file.as_deref(), Some("src/a b.ts"));
        assert!(run.covers.is_empty());
        assert_eq!(follow_up_file(&run), Some("src/a b.ts"));
        assert_eq!(follow_up_file(&check), None);

        let request = ParseRequest::new("/p", run.clone(), Some(0))
            .with_stdout("let a = 1;\n")
            .with_stdin("let  a = 1\n");
        let found = parse_follow_up(&request).unwrap();
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].fix_safety, Some(FixSafety::Safe));
        assert_eq!(apply("let  a = 1\n", &found[0].fixes), "let a = 1;\n");

        let refused = ParseRequest::new("/p", run, Some(1)).with_stderr("× parse error");
        let found = parse_follow_up(&refused).unwrap();
        assert!(found[0].fixes.is_empty());
        assert_eq!(found[0].fix_safety, None);
        assert!(found[0].help.as_deref().unwrap().contains("parse error"));
    }

    #[test]
    fn pending_findings_state_a_safe_fix_and_run_nothing() {
        let mut unformatted = Diagnostic::new(FORMAT_RULE, Severity::Error, "Formatter would");
        unformatted.file = Some("a.ts".into());
        let mut diagnostics = vec![
            unformatted,
            Diagnostic::new(FORMAT_RULE, Severity::Error, "no file"),
            Diagnostic::new("lint/x", Severity::Warning, "m"),
        ];
        pending(&mut diagnostics);
        assert_eq!(diagnostics[0].message, SUMMARY);
        assert_eq!(diagnostics[0].file.as_deref(), Some("a.ts"));
        assert!(diagnostics[0].fixes.is_empty());
        assert_eq!(diagnostics[0].fix_safety, Some(FixSafety::Safe));
        assert_eq!(diagnostics[0].help.as_deref(), Some(ON_REQUEST_HELP));
        assert_eq!(diagnostics[1].message, "no file", "left as reported");
        assert_eq!(diagnostics[1].fix_safety, None);
        assert_eq!(diagnostics[2].rule, "lint/x");
    }

    #[test]
    fn defer_keeps_lint_findings_and_caps_follow_ups() {
        let check = Invocation::new("/bin/biome", vec!["check".into()]);
        let format = |file: &str| {
            let mut d =
                Diagnostic::new(FORMAT_RULE, Severity::Error, "Formatter would have printed");
            d.file = Some(file.into());
            d
        };
        let mut diagnostics: Vec<Diagnostic> = (0..MAX_FOLLOW_UPS + 2)
            .map(|i| format(&format!("f{i}.ts")))
            .collect();
        diagnostics.push(Diagnostic::new("lint/x", Severity::Warning, "m"));
        let follow_ups = defer(&check, &mut diagnostics);
        assert_eq!(follow_ups.len(), MAX_FOLLOW_UPS);
        assert_eq!(diagnostics.len(), 3);
        assert_eq!(diagnostics[0].message, SUMMARY);
        assert!(diagnostics[0].fixes.is_empty());
        let help = diagnostics[0].help.as_deref().unwrap();
        assert!(help.contains("apply fixes again"), "{help}");
        assert_eq!(diagnostics[2].rule, "lint/x");
    }
}
