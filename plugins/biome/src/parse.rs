//! Reading Biome's json and rdjson reports and classifying the run.

use std::collections::HashMap;

use serde_json::Value;
use signalint_plugin_api::{
    ColumnUnit, Diagnostic, FixSafety, ParseOutcome, ParseRequest, Position, ReportFile, Severity,
    TextEdit,
};

/// A 1-based position, or `None` for Biome's "no position" (line or column 0, or absent).
fn position(value: &Value) -> Option<Position> {
    let line = u32::try_from(value.get("line")?.as_u64()?).ok()?;
    let column = u32::try_from(value.get("column")?.as_u64()?).ok()?;
    (line > 0 && column > 0).then(|| Position::new(line, column, ColumnUnit::CodePoints))
}

fn severity(text: &str) -> Severity {
    match text.to_ascii_lowercase().as_str() {
        "fatal" | "error" => Severity::Error,
        "warning" | "warn" => Severity::Warning,
        "info" | "information" => Severity::Info,
        "hint" => Severity::Hint,
        // A level this adapter does not know yet: keep the diagnostic, as a warning.
        _ => Severity::Warning,
    }
}

/// A message: a string, or markup (an array of `{content}` or strings).
fn message_text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Array(parts) => {
            let text: String = parts
                .iter()
                .filter_map(|p| {
                    p.as_str()
                        .or_else(|| p.get("content").and_then(Value::as_str))
                })
                .collect();
            (!text.is_empty()).then_some(text)
        }
        _ => None,
    }
}

/// One json record, or `None` when it cannot be understood.
fn json_diagnostic(record: &Value) -> Option<Diagnostic> {
    let record = record.as_object()?;
    let message = message_text(record.get("message")?)?;
    let severity = severity(record.get("severity")?.as_str()?);
    let rule = match record.get("category") {
        None | Some(Value::Null) => "biome".to_owned(),
        Some(category) => category.as_str()?.to_owned(),
    };
    let (file, start, end) = match record.get("location") {
        None | Some(Value::Null) => (None, None, None),
        Some(location) => {
            let location = location.as_object()?;
            let file = match location.get("path") {
                None | Some(Value::Null) => None,
                Some(path) => Some(path.as_str()?.to_owned()),
            };
            let start = location.get("start").and_then(position);
            let end = start.and(location.get("end").and_then(position));
            (file, start, end)
        }
    };
    let advices: Vec<&str> = record
        .get("advices")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|a| a.get("text").and_then(Value::as_str))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .collect();
    let mut diagnostic = Diagnostic::new(rule, severity, message);
    diagnostic.file = file;
    diagnostic.start = start;
    diagnostic.end = end;
    // Biome states a fix's safety in its advice: `Safe fix: …` or `Unsafe fix: …`.
    diagnostic.fix_safety = advices.iter().find_map(|a| {
        if a.starts_with("Safe fix") {
            Some(FixSafety::Safe)
        } else if a.starts_with("Unsafe fix") {
            Some(FixSafety::Unsafe)
        } else {
            None
        }
    });
    diagnostic.same_as = crate::facts::keys_of(&diagnostic.rule);
    diagnostic.subject = crate::subject::subject(&diagnostic.rule, &diagnostic.message);
    diagnostic.help = (!advices.is_empty()).then(|| advices.join("\n"));
    Some(diagnostic)
}

/// What the rdjson report adds to a diagnostic.
#[derive(Debug, Clone, Default)]
struct Extra {
    category: Option<String>,
    path: Option<String>,
    start: Option<(u32, u32)>,
    url: Option<String>,
    fixes: Vec<TextEdit>,
    /// The record as a standalone diagnostic, for when the json report is unusable.
    standalone: Option<Diagnostic>,
}

fn edit(suggestion: &Value) -> Option<TextEdit> {
    let range = suggestion.get("range")?;
    Some(TextEdit::new(
        position(range.get("start")?)?,
        position(range.get("end")?)?,
        suggestion.get("text")?.as_str()?,
    ))
}

fn rdjson_extra(record: &Value) -> Extra {
    let code = record.get("code");
    let category = code
        .and_then(|c| c.get("value"))
        .and_then(Value::as_str)
        .map(String::from);
    let url = code
        .and_then(|c| c.get("url"))
        .and_then(Value::as_str)
        .map(String::from);
    let location = record.get("location");
    let path = location
        .and_then(|l| l.get("path"))
        .and_then(Value::as_str)
        .map(String::from);
    let range = location.and_then(|l| l.get("range"));
    let start = range.and_then(|r| r.get("start")).and_then(position);
    let end = start.and(range.and_then(|r| r.get("end")).and_then(position));
    // All edits or none: a partial fix is worse than no fix.
    let fixes = record
        .get("suggestions")
        .and_then(Value::as_array)
        .map(|list| list.iter().map(edit).collect::<Option<Vec<_>>>())
        .and_then(|edits| edits)
        .unwrap_or_default();
    let standalone = message_text(record.get("message").unwrap_or(&Value::Null)).map(|message| {
        let rule = category.clone().unwrap_or_else(|| "biome".to_owned());
        let severity = record
            .get("severity")
            .and_then(Value::as_str)
            .map_or(Severity::Warning, severity);
        let mut diagnostic = Diagnostic::new(rule, severity, message).with_fixes(fixes.clone());
        diagnostic.file = path.clone();
        diagnostic.start = start;
        diagnostic.end = end;
        diagnostic.url = url.clone();
        diagnostic.same_as = crate::facts::keys_of(&diagnostic.rule);
        diagnostic.subject = crate::subject::subject(&diagnostic.rule, &diagnostic.message);
        diagnostic
    });
    Extra {
        category,
        path,
        start: start.map(|p| (p.line, p.column)),
        url,
        fixes,
        standalone,
    }
}

/// The `diagnostics` array of a report, or `None` when the report is not one.
fn diagnostics_array(text: &str) -> Option<Vec<Value>> {
    let value: Value = serde_json::from_str(text.trim_start_matches('\u{feff}')).ok()?;
    match value.get("diagnostics")? {
        Value::Array(list) => Some(list.clone()),
        _ => None,
    }
}

/// A json report printed on stdout (a run without report files): from the first `{`.
fn stdout_report(stdout: &str) -> Option<Vec<Value>> {
    let start = stdout.find('{')?;
    diagnostics_array(&stdout[start..])
}

/// What a json diagnostic and its rdjson record share: category and start (line, column).
type PairKey = (String, Option<(u32, u32)>);

fn pair_key(category: Option<&str>, start: Option<(u32, u32)>) -> PairKey {
    (category.unwrap_or("biome").to_owned(), start)
}

/// True when the json diagnostic and the rdjson record describe the same thing.
fn consistent(diagnostic: Option<&Diagnostic>, extra: &Extra) -> bool {
    let Some(d) = diagnostic else {
        return true; // a skipped json record still holds its slot
    };
    let same_rule = extra.category.as_deref().is_none_or(|c| c == d.rule);
    let same_start = d.start.map(|p| (p.line, p.column)) == extra.start;
    let same_path = match (&extra.path, &d.file) {
        (Some(a), Some(b)) => a == b,
        _ => true,
    };
    same_rule && same_start && same_path
}

fn last_lines(text: &str, max_lines: usize) -> String {
    let lines: Vec<&str> = text.trim_end().lines().collect();
    let tail = lines[lines.len().saturating_sub(max_lines)..].join("\n");
    let chars = tail.chars().count();
    if chars > 2000 {
        let start = tail.char_indices().nth(chars - 2000).map_or(0, |(i, _)| i);
        format!("…{}", &tail[start..])
    } else {
        tail
    }
}

/// Biome's own error lines on stderr (`× …`), each with the header of its diagnostic
/// (`biome.json:1:3 deserialize`), which the tail alone may have scrolled away.
fn stderr_errors(stderr: &str) -> Vec<String> {
    let mut header = "";
    let mut out = Vec::new();
    for line in stderr.lines() {
        if !line.starts_with(' ') && line.contains('━') {
            header = line.trim_end_matches(['━', ' ']).trim();
        } else if let Some(error) = line.trim_start().strip_prefix('×') {
            let error = error.trim();
            let entry = if header.is_empty() {
                error.to_owned()
            } else {
                format!("{header}: {error}")
            };
            if out.len() < 10 && !out.contains(&entry) {
                out.push(entry);
            }
        }
    }
    out
}

fn with_stderr(message: String, stderr: &str) -> String {
    let tail = last_lines(stderr, 20);
    if tail.is_empty() {
        return format!("{message} (stderr was empty)");
    }
    let errors = stderr_errors(stderr);
    if errors.is_empty() {
        format!("{message}; stderr ends with:\n{tail}")
    } else {
        format!(
            "{message}; biome says: {}; stderr ends with:\n{tail}",
            errors.join(" | ")
        )
    }
}

/// The contents of the report file with this extension, by the invocation's order first.
fn report<'a>(files: &'a [ReportFile], planned: &[String], extension: &str) -> Option<&'a str> {
    let wanted = planned.iter().find(|p| p.ends_with(extension));
    files
        .iter()
        .find(|f| Some(&f.path) == wanted)
        .or_else(|| files.iter().find(|f| f.path.ends_with(extension)))
        .and_then(|f| f.contents.as_deref())
}

/// Parses one Biome run from its report files (json and rdjson), stdout, stderr and exit code.
/// `args` are the invocation's arguments (they say whether warnings fail the run).
pub fn parse_reports(
    args: &[String],
    exit_code: Option<i32>,
    json: Option<&str>,
    rdjson: Option<&str>,
    stdout: &str,
    stderr: &str,
) -> ParseOutcome {
    let json_records = json
        .and_then(diagnostics_array)
        .or_else(|| stdout_report(stdout));
    let rdjson_records = rdjson.and_then(diagnostics_array);
    let extras: Option<Vec<Extra>> = rdjson_records
        .as_ref()
        .map(|records| records.iter().map(rdjson_extra).collect());

    let mut outcome = ParseOutcome::default();
    match (&json_records, extras) {
        (Some(records), extras) => {
            let parsed: Vec<Option<Diagnostic>> = records.iter().map(json_diagnostic).collect();
            let extras = extras.unwrap_or_default();
            let zipped = !extras.is_empty()
                && extras.len() == parsed.len()
                && parsed
                    .iter()
                    .zip(&extras)
                    .all(|(d, e)| consistent(d.as_ref(), e));
            let mut partner: Vec<Option<usize>> = vec![None; parsed.len()];
            if zipped {
                for (i, slot) in partner.iter_mut().enumerate() {
                    *slot = Some(i);
                }
            } else if !extras.is_empty() {
                let mut pool: HashMap<PairKey, Vec<usize>> = HashMap::new();
                for (i, e) in extras.iter().enumerate().rev() {
                    pool.entry(pair_key(e.category.as_deref(), e.start))
                        .or_default()
                        .push(i);
                }
                for (slot, d) in partner.iter_mut().zip(&parsed) {
                    let Some(d) = d else { continue };
                    let key = pair_key(Some(&d.rule), d.start.map(|p| (p.line, p.column)));
                    if let Some(candidates) = pool.get_mut(&key) {
                        // Prefer the record with the same path; rdjson drops the path of
                        // file-level diagnostics, so accept a record without one.
                        let pick = candidates
                            .iter()
                            .rposition(|&i| extras[i].path.as_deref() == d.file.as_deref())
                            .or_else(|| candidates.iter().rposition(|&i| extras[i].path.is_none()));
                        if let Some(at) = pick {
                            *slot = Some(candidates.remove(at));
                        }
                    }
                }
                let used = partner.iter().flatten().count();
                outcome.skipped_records += u32::try_from(extras.len() - used).unwrap_or(u32::MAX);
            }
            for (d, slot) in parsed.into_iter().zip(partner) {
                let Some(mut d) = d else {
                    outcome.skipped_records += 1;
                    continue;
                };
                if let Some(e) = slot.map(|i| &extras[i]) {
                    d.url = e.url.clone();
                    d.fixes = e.fixes.clone();
                }
                outcome.diagnostics.push(d);
            }
        }
        (None, Some(extras)) => {
            for e in extras {
                match e.standalone {
                    Some(d) => outcome.diagnostics.push(d),
                    None => outcome.skipped_records += 1,
                }
            }
        }
        (None, None) => {}
    }

    // A report cut or spliced by a crash can pair one record's start with another's end.
    for d in &mut outcome.diagnostics {
        if let (Some(start), Some(end)) = (d.start, d.end)
            && (end.line, end.column) < (start.line, start.column)
        {
            d.end = None;
        }
    }

    let error_on_warnings = args.iter().any(|a| a == "--error-on-warnings");
    let fails = |s: Severity| s == Severity::Error || (error_on_warnings && s == Severity::Warning);
    let have_report = json_records.is_some() || rdjson_records.is_some();
    let count = outcome.diagnostics.len();
    let internal = outcome
        .diagnostics
        .iter()
        .find(|d| d.rule.starts_with("internalError"));
    outcome.failure = match exit_code {
        None => Some(with_stderr(
            format!(
                "biome was killed by a signal (timeout or crash) after reporting {count} diagnostics"
            ),
            stderr,
        )),
        Some(code) if !have_report => {
            let why = match (json, rdjson) {
                (None, None) => "wrote no report file",
                _ => "wrote report files that are not Biome reports",
            };
            Some(with_stderr(
                format!(
                    "biome {why} (exit code {code}); a configuration error, an unknown flag or \
                     a missing work directory stops it before linting"
                ),
                stderr,
            ))
        }
        Some(code @ (0 | 1)) => {
            if let Some(d) = internal {
                Some(with_stderr(
                    format!(
                        "biome reported an internal error ({}): {}; {count} diagnostics were read",
                        d.rule, d.message
                    ),
                    stderr,
                ))
            } else if code == 1 && !outcome.diagnostics.iter().any(|d| fails(d.severity)) {
                Some(with_stderr(
                    format!(
                        "biome exited with code 1 but reported no error ({count} diagnostics); the run failed"
                    ),
                    stderr,
                ))
            } else {
                None
            }
        }
        Some(code) => Some(with_stderr(
            format!(
                "biome exited with unexpected code {code} (a crash?) after reporting {count} diagnostics"
            ),
            stderr,
        )),
    };
    outcome
}

pub(crate) fn parse_request(request: &ParseRequest) -> ParseOutcome {
    if let Some(diagnostics) = crate::format::parse_follow_up(request) {
        return ParseOutcome::new(diagnostics);
    }
    let planned = &request.invocation.report_files;
    let json = report(&request.report_files, planned, ".json");
    let mut outcome = parse_reports(
        &request.invocation.args,
        request.exit_code,
        json,
        report(&request.report_files, planned, ".rdjson"),
        &request.stdout,
        &request.stderr,
    );
    // rdjson names no file for a diagnostic without a span; a run of one file names it.
    if json.is_none()
        && let [only] = request.invocation.covers.as_slice()
    {
        for diagnostic in outcome.diagnostics.iter_mut().filter(|d| d.file.is_none()) {
            diagnostic.file = Some(only.clone());
        }
    }
    // A formatting finding gets its edit from a formatter run on its file, when fixes are
    // applied; a check states that the fix exists.
    if request.fixes {
        outcome.follow_ups = crate::format::defer(&request.invocation, &mut outcome.diagnostics);
    } else {
        crate::format::pending(&mut outcome.diagnostics);
    }
    outcome
}
