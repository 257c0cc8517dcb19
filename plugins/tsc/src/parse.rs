//! Parsing `tsc --pretty false` output and classifying the run.

use std::sync::LazyLock;

use regex::Regex;
use signalint_plugin_api::{
    ColumnUnit, Diagnostic, ParseOutcome, ParseRequest, Position, Severity,
};

/// `file(line,col): error TS1234: message`, or `error TS1234: message` for a file-less one.
static HEAD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(?:(?<file>.+?)\((?<line>\d+),(?<col>\d+)\): )?(?<cat>error|warning|message) TS(?<code>\d+): (?<msg>.*)$",
    )
    .expect("valid regex")
});

/// A build-mode status line: `09:22:29 PM - Building project …` (TypeScript 7 and 6), or the
/// bracketed form `[9:22:29 PM] …` of older releases.
static BUILD_STATUS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\[?\d{1,2}:\d{2}:\d{2}(?:\s?[AaPp]\.?[Mm]\.?)?\]?(?: -|\s)").expect("valid regex")
});

/// The summary pretty mode and some build runs print: `Found 3 errors in 2 files.`
static SUMMARY: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^Found \d+ errors?\b").expect("valid regex"));

/// ANSI escape sequences (never expected with `--pretty false`, stripped defensively).
static ANSI: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\x1b\[[0-9;?]*[A-Za-z]").expect("valid regex"));

/// File-less diagnostics that mean the invocation itself was wrong: the program was never
/// checked. When a run prints nothing else, it failed.
const INVOCATION_CODES: &[u32] = &[
    5023, // Unknown compiler option.
    5025, // Unknown compiler option, did you mean …
    5042, // Option 'project' cannot be mixed with source files on a command line.
    5057, // Cannot find a tsconfig.json file at the specified directory.
    5058, // The specified path does not exist.
    5072, // Unknown build option.
    5073, // Build option requires a value.
    5077, // Unknown build option, did you mean …
    5083, // Cannot read file.
    5093, // Compiler option may only be used with '--build'.
    5094, // Compiler option may not be used with '--build'.
    5112, // tsconfig.json is present but will not be loaded if files are specified.
    6044, // Compiler option expects an argument.
    6046, // Argument for option must be …
    6053, // File not found (the tsconfig given to --build).
];

/// What the lines of one run contained.
#[derive(Debug, Default)]
struct Lines {
    diagnostics: Vec<Diagnostic>,
    skipped: u32,
    /// Unrecognised lines, for the failure message.
    first_unrecognised: Vec<String>,
}

/// What an indented line belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Owner {
    /// The last diagnostic: the line is part of its message chain.
    Diagnostic,
    /// A build status line or nothing: dropped.
    Ignored,
    /// An unrecognised line: dropped with it.
    Unrecognised,
}

fn parse_lines(stdout: &str) -> Lines {
    let clean;
    let text = if stdout.contains('\x1b') {
        clean = ANSI.replace_all(stdout, "");
        clean.as_ref()
    } else {
        stdout
    };
    let mut out = Lines::default();
    let mut owner = Owner::Ignored;
    for raw in text.lines() {
        let line = raw.trim_end_matches('\r');
        if line.trim().is_empty() {
            owner = Owner::Ignored;
            continue;
        }
        if line.starts_with(' ') || line.starts_with('\t') {
            if owner == Owner::Diagnostic
                && let Some(last) = out.diagnostics.last_mut()
            {
                last.message.push('\n');
                last.message.push_str(line.trim_end());
            }
            continue;
        }
        if let Some(caps) = HEAD.captures(line) {
            match head_diagnostic(&caps) {
                Some(diagnostic) => {
                    out.diagnostics.push(diagnostic);
                    owner = Owner::Diagnostic;
                }
                None => {
                    out.skipped += 1;
                    owner = Owner::Unrecognised;
                }
            }
            continue;
        }
        if BUILD_STATUS.is_match(line) || SUMMARY.is_match(line) {
            owner = Owner::Ignored;
            continue;
        }
        out.skipped += 1;
        if out.first_unrecognised.len() < 5 {
            out.first_unrecognised.push(truncate_chars(line, 200));
        }
        owner = Owner::Unrecognised;
    }
    out
}

fn head_diagnostic(caps: &regex::Captures<'_>) -> Option<Diagnostic> {
    let code: u32 = caps["code"].parse().ok()?;
    let (file, start) = match caps.name("file") {
        Some(file) => {
            let line: u32 = caps["line"].parse().ok()?;
            let column: u32 = caps["col"].parse().ok()?;
            if line == 0 || column == 0 {
                return None;
            }
            (
                Some(file.as_str().to_owned()),
                Some(Position::new(line, column, ColumnUnit::Utf16)),
            )
        }
        None => (None, None),
    };
    let severity = match &caps["cat"] {
        "error" => Severity::Error,
        "warning" => Severity::Warning,
        _ => Severity::Info,
    };
    let mut diagnostic =
        crate::diagnostic::with_code(code.into(), severity, caps["msg"].trim_end());
    diagnostic.file = file;
    diagnostic.start = start;
    Some(diagnostic)
}

fn truncate_chars(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_owned(),
    }
}

/// The last lines of stderr, for failure messages.
pub(crate) fn stderr_tail(stderr: &str) -> String {
    let lines: Vec<&str> = stderr.trim_end().lines().collect();
    let tail = lines[lines.len().saturating_sub(15)..].join("\n");
    let chars = tail.chars().count();
    if chars > 2000 {
        let skip = chars - 2000;
        let start = tail.char_indices().nth(skip).map_or(0, |(i, _)| i);
        format!("…{}", &tail[start..])
    } else {
        tail
    }
}

fn with_stderr(message: String, stderr: &str) -> String {
    let tail = stderr_tail(stderr);
    if tail.is_empty() {
        format!("{message} (stderr was empty)")
    } else {
        format!("{message}; stderr ends with:\n{tail}")
    }
}

/// A crash rather than diagnostics: a Go panic or runtime error, or a Node stack trace.
fn looks_like_crash(stderr: &str) -> bool {
    stderr.contains("panic:")
        || stderr.contains("fatal error:")
        || stderr.contains("goroutine ")
        || stderr
            .lines()
            .any(|l| l.trim_start().starts_with("at ") && l.contains(".js:"))
}

fn is_help_screen(stdout: &str) -> bool {
    stdout.contains("COMMON COMMANDS") || stdout.contains("tsc: The TypeScript Compiler")
}

/// Parses one tsc run: its exit code, stdout and stderr.
pub fn parse_output(
    exit_code: Option<i32>,
    stdout: &str,
    stderr: &str,
    truncated: bool,
) -> ParseOutcome {
    let lines = parse_lines(stdout);
    let count = lines.diagnostics.len();
    let only_invocation_errors = count > 0
        && lines.diagnostics.iter().all(|d| {
            d.file.is_none()
                && d.rule
                    .strip_prefix("TS")
                    .and_then(|c| c.parse::<u32>().ok())
                    .is_some_and(|c| INVOCATION_CODES.contains(&c))
        });
    let failure = match exit_code {
        None => Some(with_stderr(
            format!(
                "tsc was killed by a signal (timeout or crash) after printing {count} diagnostics"
            ),
            stderr,
        )),
        Some(code) if looks_like_crash(stderr) => Some(with_stderr(
            format!("tsc crashed (exit code {code}) after printing {count} diagnostics"),
            stderr,
        )),
        Some(code) if truncated => Some(with_stderr(
            format!(
                "tsc output was cut at the output cap (exit code {code}); only the first {count} diagnostics were read"
            ),
            stderr,
        )),
        Some(code) if only_invocation_errors => {
            let first = &lines.diagnostics[0];
            let hint = if matches!(
                first.rule.as_str(),
                "TS5057" | "TS5058" | "TS6053" | "TS5083"
            ) {
                "; list the project's tsconfig files in [engines.tsc.options] tsconfigs"
            } else {
                ""
            };
            Some(with_stderr(
                format!(
                    "tsc did not check the program (exit code {code}): {} {}{hint}",
                    first.rule, first.message
                ),
                stderr,
            ))
        }
        Some(code @ (1 | 2)) if count == 0 => {
            let what = if is_help_screen(stdout) {
                "tsc printed its help screen instead of diagnostics (no tsconfig was given or found)".to_owned()
            } else if stdout.trim().is_empty() {
                "tsc reported failure but printed nothing on stdout".to_owned()
            } else {
                format!(
                    "tsc printed no diagnostics but {} unrecognised lines, starting with: {}",
                    lines.skipped,
                    lines.first_unrecognised.join(" | ")
                )
            };
            Some(with_stderr(format!("{what} (exit code {code})"), stderr))
        }
        Some(0) if count == 0 && lines.skipped > 0 => Some(with_stderr(
            format!(
                "tsc printed no diagnostics but {} unrecognised lines, starting with: {}",
                lines.skipped,
                lines.first_unrecognised.join(" | ")
            ),
            stderr,
        )),
        Some(0..=2) => None,
        Some(code @ (3 | 4)) => Some(with_stderr(
            format!(
                "tsc --build exited with code {code} ({}): the projects it skipped were not checked; {count} diagnostics were read",
                if code == 3 {
                    "an invalid project"
                } else {
                    "a project reference cycle"
                }
            ),
            stderr,
        )),
        Some(code) => Some(with_stderr(
            format!("tsc exited with unexpected code {code} after printing {count} diagnostics"),
            stderr,
        )),
    };
    let mut outcome = ParseOutcome::new(lines.diagnostics).with_skipped(lines.skipped);
    outcome.failure = failure;
    outcome
}

/// `Referenced project '…' may not disable emit`: what `tsc --build --noEmit` says of every
/// project another one references, in TypeScript 5.9 and 7 alike. The `--noEmit` is
/// signalint's (a check must not write the user's outputs), so the diagnostic is about the
/// invocation, not the project: the user's own `tsc -b` does not print it.
const BUILD_NO_EMIT_ARTEFACT: &str = "TS6310";

pub(crate) fn parse_request(request: &ParseRequest) -> ParseOutcome {
    let mut outcome = parse_output(
        request.exit_code,
        &request.stdout,
        &request.stderr,
        request.truncated,
    );
    let args = &request.invocation.args;
    if args.iter().any(|a| a == "--build") && args.iter().any(|a| a == "--noEmit") {
        outcome
            .diagnostics
            .retain(|d| d.rule != BUILD_NO_EMIT_ARTEFACT);
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn build_mode_drops_only_the_no_emit_artefact() {
        let stdout = "packages/b/src/index.ts(1,31): error TS2591: Cannot find name 'process'.\n\
                      packages/a/tsconfig.json(5,18): error TS6310: Referenced project '/w/packages/b' may not disable emit.\n";
        let request = |args: &[&str]| {
            let invocation = signalint_plugin_api::Invocation::new(
                "tsc",
                args.iter().map(|a| (*a).to_owned()).collect(),
            );
            let mut request = ParseRequest::new("/w", invocation, Some(1));
            request.stdout = stdout.to_owned();
            request
        };
        let rules = |outcome: ParseOutcome| -> Vec<String> {
            assert_eq!(outcome.failure, None);
            outcome.diagnostics.into_iter().map(|d| d.rule).collect()
        };
        assert_eq!(
            rules(parse_request(&request(&[
                "--build",
                "tsconfig.json",
                "--noEmit"
            ]))),
            ["TS2591"]
        );
        // Without signalint's --noEmit, the diagnostic is the project's own.
        assert_eq!(
            rules(parse_request(&request(&["--build", "tsconfig.json"]))),
            ["TS2591", "TS6310"]
        );
        // Only the artefact: exit 1 is still issues, not a failure.
        let mut alone = request(&["--build", "tsconfig.json", "--noEmit"]);
        alone.stdout = stdout.lines().nth(1).unwrap().to_owned();
        assert_eq!(rules(parse_request(&alone)), Vec::<String>::new());
    }

    #[test]
    fn build_status_lines_are_recognised() {
        for line in [
            "09:22:29 PM - Projects in this build: ",
            "9:22:55 PM - Building project '/x/tsconfig.json'...",
            "[9:22:55 PM] Building project",
            "21:22:29 - Building project",
        ] {
            assert!(BUILD_STATUS.is_match(line), "{line}");
        }
        assert!(!BUILD_STATUS.is_match("src/a.ts(1,2): error TS1: x"));
    }

    #[test]
    fn stderr_tail_is_bounded() {
        let long = "x".repeat(5000);
        assert!(stderr_tail(&long).chars().count() <= 2001);
        let many: String = (0..100).map(|i| format!("line {i}\n")).collect();
        let tail = stderr_tail(&many);
        assert!(tail.starts_with("line 85"), "{tail}");
        assert!(tail.ends_with("line 99"));
    }
}
