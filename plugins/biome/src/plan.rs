//! Biome command lines: one per batch of files, each with its own report files.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::Deserialize;
use signalint_plugin_api::{Invocation, Plan, PlanRequest, PluginError};

/// The `[engines.biome.options]` table; see the crate documentation for the contract.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BiomeOptions {
    /// `--files-max-size=N` in bytes.
    #[serde(default)]
    pub files_max_size: Option<u64>,
    /// File-argument bytes per invocation.
    #[serde(default)]
    pub batch_bytes: Option<usize>,
    /// `check` (the default: lint, formatting and import sorting, as Biome's users run it) or
    /// `lint` (the lint rules only).
    #[serde(default)]
    pub command: Option<BiomeCommand>,
}

/// The Biome command that runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BiomeCommand {
    /// `biome check`: lint rules, formatting and import sorting.
    #[default]
    Check,
    /// `biome lint`: the lint rules only.
    Lint,
}

impl BiomeCommand {
    fn as_str(self) -> &'static str {
        match self {
            BiomeCommand::Check => "check",
            BiomeCommand::Lint => "lint",
        }
    }
}

impl BiomeOptions {
    /// Reads the options table; `null` means all defaults.
    pub fn from_value(value: &serde_json::Value) -> Result<Self, PluginError> {
        if value.is_null() {
            return Ok(Self::default());
        }
        let options: BiomeOptions = serde_json::from_value(value.clone()).map_err(|e| {
            PluginError::new(format!(
                "invalid [engines.biome.options]: {e}. Expected {{\"files_max_size\": bytes, \
                 \"batch_bytes\": bytes, \"command\": \"check\" | \"lint\"}}"
            ))
        })?;
        if options.batch_bytes == Some(0) || options.files_max_size == Some(0) {
            return Err(PluginError::new(
                "invalid [engines.biome.options]: `batch_bytes` and `files_max_size` must be at least 1",
            ));
        }
        Ok(options)
    }
}

/// Biome's own `files.maxSize` default: larger files are skipped with a warning.
pub const BIOME_MAX_SIZE: u64 = 1024 * 1024;

/// Files larger than this run with Biome's formatter off. Formatting itself is fast (`biome
/// format` prints a 1 MB file in 0.3 s), but `biome check` renders the diff of an unformatted
/// file into its report, and that grows with the square of the file (Biome 2.6.8, every line
/// unformatted: 93 KB 1.7 s, 230 KB 9.3 s, 470 KB 37 s, 990 KB past 60 s).
pub const FORMAT_MAX_BYTES: u64 = 256 * 1024;

/// Files with a line longer than this (in characters) run with Biome's formatter off: the
/// diff of a one-line file is one huge line (a 19 KB line 0.2 s; a 1 MB line, or a 700 KB
/// one-line JSON, past 100 s).
pub const FORMAT_MAX_LINE_CHARS: usize = 20_000;

/// How many skipped files a note names; the rest are counted.
const NAMED_IN_NOTE: usize = 10;

/// Why Biome's formatter is not run on the file at `path`: too large, or a line too long, for
/// its report; `None` when it is formatted-checked (or Biome skips it whole, past `max_size`).
fn too_large_to_format(path: &std::path::Path, max_size: u64) -> Option<String> {
    let len = std::fs::metadata(path).ok()?.len();
    if len > max_size {
        return None;
    }
    if len > FORMAT_MAX_BYTES {
        return Some(format!("{len} bytes"));
    }
    // A line of more characters than the file has bytes cannot exist: only files this long
    // are read.
    if len <= FORMAT_MAX_LINE_CHARS as u64 {
        return None;
    }
    let bytes = std::fs::read(path).ok()?;
    let longest = bytes
        .split(|&b| b == b'\n')
        .map(|line| line.iter().filter(|&&b| b & 0xC0 != 0x80).count())
        .max()
        .unwrap_or(0);
    (longest > FORMAT_MAX_LINE_CHARS).then(|| format!("a line of {longest} characters"))
}

/// The status note naming the files run with the formatter off, each with why.
fn format_off_note(skipped: &[(String, String)]) -> String {
    let mut named: Vec<String> = skipped
        .iter()
        .take(NAMED_IN_NOTE)
        .map(|(file, why)| format!("{file} ({why})"))
        .collect();
    if skipped.len() > NAMED_IN_NOTE {
        named.push(format!("and {} more", skipped.len() - NAMED_IN_NOTE));
    }
    format!(
        "formatting not checked in {} file{} too large for Biome's formatter report (over {} \
         bytes or a line over {} characters; linted as usual): {}",
        skipped.len(),
        if skipped.len() == 1 { "" } else { "s" },
        FORMAT_MAX_BYTES,
        FORMAT_MAX_LINE_CHARS,
        named.join(", ")
    )
}

/// Whether the rdjson report alone carries what the adapter reads: from Biome 2.6 it has the
/// severity. A second reporter costs Biome as much again per diagnostic as the first (effect
/// 4.1.0, 7,221 diagnostics: 13–14 s of CPU with json and rdjson, 10–11 s with one).
fn rdjson_is_enough(version: &str) -> bool {
    let digits = version.trim_start_matches(|c: char| !c.is_ascii_digit());
    let mut parts = digits.split('.').map(|p| p.parse::<u32>().ok());
    match (parts.next().flatten(), parts.next().flatten()) {
        (Some(major), Some(minor)) => (major, minor) >= (2, 6),
        _ => false,
    }
}

/// Default budget for the file arguments of one command line.
pub const DEFAULT_BATCH_BYTES: usize = if cfg!(windows) { 24_000 } else { 100_000 };

/// Plans made by this process, so that two plans never name the same report file.
static PLANS: AtomicU64 = AtomicU64::new(0);

/// 64-bit FNV-1a.
fn fnv1a(parts: &[&str]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for byte in part.bytes().chain([0]) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash
}

/// Project-relative, forward slashes, no leading `./`.
fn normalize(path: &str, project_root: &str) -> String {
    let mut p = path.replace('\\', "/");
    let root = project_root.replace('\\', "/");
    let root = root.trim_end_matches('/');
    if !root.is_empty()
        && let Some(rest) = p.strip_prefix(root)
        && let Some(rest) = rest.strip_prefix('/')
    {
        p = rest.to_owned();
    }
    while let Some(rest) = p.strip_prefix("./") {
        p = rest.to_owned();
    }
    p
}

/// Splits files into batches whose arguments stay within `budget` bytes (a file longer than
/// the budget gets a batch of its own).
fn batches(files: Vec<String>, budget: usize) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    let mut current: Vec<String> = Vec::new();
    let mut used = 0usize;
    for file in files {
        let cost = file.len() + 1;
        if !current.is_empty() && used + cost > budget {
            out.push(std::mem::take(&mut current));
            used = 0;
        }
        used += cost;
        current.push(file);
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

pub(crate) fn plan(request: &PlanRequest) -> Result<Plan, PluginError> {
    let options = BiomeOptions::from_value(&request.options)?;
    let mut seen = HashSet::new();
    let mut files: Vec<String> = Vec::new();
    for file in &request.files {
        let file = normalize(file, &request.project_root);
        if !file.is_empty() && seen.insert(file.clone()) {
            files.push(file);
        }
    }

    let command = options.command.unwrap_or_default();
    // `check` needs the json report too: formatting findings have no span, so rdjson loses
    // their path, and only the json advice says whether a fix is safe (`Safe fix: …`).
    let rdjson_only = command == BiomeCommand::Lint && rdjson_is_enough(&request.tool.version);
    let budget = options.batch_bytes.unwrap_or(DEFAULT_BATCH_BYTES);
    let root = std::path::Path::new(&request.project_root);
    let max_size = options.files_max_size.unwrap_or(BIOME_MAX_SIZE);
    // Each group: its targets, the files it covers, and whether the formatter is off.
    let mut groups: Vec<(Vec<String>, Vec<String>, bool)> = Vec::new();
    let mut format_off: Vec<(String, String)> = Vec::new();
    if request.whole_project {
        groups.push((vec![".".to_owned()], files.clone(), false));
    } else {
        // rdjson names no file for a diagnostic without a span; the files that get one (missing,
        // or over the size limit) run alone, so the file of such a diagnostic is known.
        let (alone, mut together): (Vec<String>, Vec<String>) = if rdjson_only {
            files.iter().cloned().partition(|file| {
                std::fs::metadata(root.join(file)).map_or(true, |meta| meta.len() > max_size)
            })
        } else {
            (Vec::new(), files.clone())
        };
        // `lint` never formats; `check` runs the files too large for its formatter report
        // with the formatter off, and says so.
        if command == BiomeCommand::Check {
            together.retain(
                |file| match too_large_to_format(&root.join(file), max_size) {
                    Some(why) => {
                        format_off.push((file.clone(), why));
                        false
                    }
                    None => true,
                },
            );
        }
        let unformatted: Vec<String> = format_off.iter().map(|(file, _)| file.clone()).collect();
        groups.extend(
            batches(together, budget)
                .into_iter()
                .map(|b| (b.clone(), b, false)),
        );
        groups.extend(
            batches(unformatted, budget)
                .into_iter()
                .map(|b| (b.clone(), b, true)),
        );
        groups.extend(
            alone
                .into_iter()
                .map(|file| (vec![file.clone()], vec![file], false)),
        );
    }

    let serial = PLANS.fetch_add(1, Ordering::Relaxed);
    let run = fnv1a(&[
        &request.project_root,
        &files.join("\n"),
        &std::process::id().to_string(),
        &serial.to_string(),
    ]);
    let work_dir = request.work_dir.trim_end_matches(['/', '\\']);
    let total = groups.len();

    let invocations = groups
        .into_iter()
        .enumerate()
        .map(|(n, (targets, covers, formatter_off))| {
            let json = format!("{work_dir}/biome-{run:016x}-{n}.json");
            let rdjson = format!("{work_dir}/biome-{run:016x}-{n}.rdjson");
            let mut args = request.tool.prefix_args.clone();
            args.extend(
                [
                    command.as_str(),
                    "--colors=off",
                    "--max-diagnostics=none",
                    "--no-errors-on-unmatched",
                    "--files-ignore-unknown=true",
                ]
                .map(String::from),
            );
            if let Some(size) = options.files_max_size {
                args.push(format!("--files-max-size={size}"));
            }
            if formatter_off {
                args.push("--formatter-enabled=false".into());
            }
            let mut report_files = Vec::new();
            if !rdjson_only {
                args.push("--reporter=json".into());
                args.push(format!("--reporter-file={json}"));
                report_files.push(json);
            }
            args.push("--reporter=rdjson".into());
            args.push(format!("--reporter-file={rdjson}"));
            report_files.push(rdjson);
            args.extend(request.extra_args.iter().cloned());
            args.push("--".into());
            args.extend(targets);
            let verb = command.as_str();
            let label = if request.whole_project {
                format!("biome {verb} .")
            } else if formatter_off {
                format!("biome {verb}, formatter off ({} files)", covers.len())
            } else if total == 1 {
                format!("biome {verb} ({} files)", covers.len())
            } else {
                format!(
                    "biome {verb} batch {}/{total} ({} files)",
                    n + 1,
                    covers.len()
                )
            };
            Invocation::new(&request.tool.program, args)
                .with_covers(covers)
                .with_report_files(report_files)
                .with_label(label)
        })
        .collect();
    let notes = (!format_off.is_empty())
        .then(|| format_off_note(&format_off))
        .into_iter()
        .collect();
    Ok(Plan::new(invocations).with_notes(notes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use signalint_plugin_api::ResolvedTool;

    fn request(files: &[&str], options: serde_json::Value) -> PlanRequest {
        PlanRequest::new(
            "/p",
            ResolvedTool::new("/p/node_modules/@biomejs/cli-linux-x64/biome", "2.6.8"),
            files.iter().map(|f| f.to_string()).collect(),
            "/p/.signalint/work/",
        )
        .with_options(options)
    }

    /// A request for Biome 2.5, whose rdjson report has no severity: json and rdjson.
    fn request_2_5(files: &[&str], options: serde_json::Value) -> PlanRequest {
        let mut request = request(files, options);
        request.tool.version = "Version: 2.5.1".into();
        request
    }

    #[test]
    fn one_invocation_with_both_reports_and_files_after_the_separator() {
        let plan = plan(&request_2_5(
            &["src/a.ts", "./src/(x) y/b.ts", "/p/-c.ts"],
            serde_json::Value::Null,
        ))
        .unwrap();
        assert_eq!(plan.invocations.len(), 1);
        let inv = &plan.invocations[0];
        assert_eq!(inv.covers, ["src/a.ts", "src/(x) y/b.ts", "-c.ts"]);
        assert_eq!(inv.report_files.len(), 2);
        assert!(inv.report_files[0].starts_with("/p/.signalint/work/biome-"));
        assert!(inv.report_files[0].ends_with(".json"));
        assert!(inv.report_files[1].ends_with(".rdjson"));
        assert_eq!(
            &inv.args[..5],
            [
                "check",
                "--colors=off",
                "--max-diagnostics=none",
                "--no-errors-on-unmatched",
                "--files-ignore-unknown=true"
            ]
        );
        assert!(
            inv.args
                .contains(&format!("--reporter-file={}", inv.report_files[0]))
        );
        assert!(
            inv.args
                .contains(&format!("--reporter-file={}", inv.report_files[1]))
        );
        let sep = inv.args.iter().position(|a| a == "--").unwrap();
        assert_eq!(&inv.args[sep + 1..], &inv.covers[..]);
        assert_eq!(inv.cwd, None);
    }

    #[test]
    fn biome_2_6_writes_rdjson_alone_and_runs_missing_and_oversized_files_alone() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("src")).unwrap();
        std::fs::write(dir.path().join("src/a.ts"), "let a = 1;\n").unwrap();
        std::fs::write(dir.path().join("src/b.ts"), "let b = 2;\n").unwrap();
        std::fs::write(dir.path().join("src/big.ts"), "x".repeat(100)).unwrap();
        let mut req = request(
            &["src/big.ts", "src/a.ts", "src/gone.ts", "src/b.ts"],
            serde_json::json!({"files_max_size": 50, "command": "lint"}),
        );
        req.project_root = dir.path().to_string_lossy().into_owned();
        let plan = plan(&req).unwrap();
        let covers: Vec<&[String]> = plan.invocations.iter().map(|i| &i.covers[..]).collect();
        assert_eq!(
            covers,
            [
                &["src/a.ts", "src/b.ts"][..],
                &["src/big.ts"],
                &["src/gone.ts"]
            ]
        );
        for inv in &plan.invocations {
            assert_eq!(inv.report_files.len(), 1, "{inv:?}");
            assert!(inv.report_files[0].ends_with(".rdjson"));
            assert!(!inv.args.iter().any(|a| a == "--reporter=json"), "{inv:?}");
            assert!(inv.args.iter().any(|a| a == "--reporter=rdjson"), "{inv:?}");
        }
    }

    #[test]
    fn files_too_large_for_the_formatter_report_run_with_it_off_and_are_named() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("a.ts"), "let a = 1;\n").unwrap();
        std::fs::write(root.join("long.js"), "x".repeat(FORMAT_MAX_LINE_CHARS + 1)).unwrap();
        let lines = "const a = 1;\n".repeat(FORMAT_MAX_BYTES as usize / 13 + 1);
        std::fs::write(root.join("large.ts"), lines).unwrap();
        // Many short lines: formatted-checked as usual.
        std::fs::write(root.join("wide.ts"), "x;\n".repeat(FORMAT_MAX_LINE_CHARS)).unwrap();
        let mut req = request(
            &["a.ts", "long.js", "large.ts", "wide.ts"],
            serde_json::Value::Null,
        );
        req.project_root = root.to_string_lossy().into_owned();
        let plan = plan(&req).unwrap();
        let off = |inv: &Invocation| inv.args.iter().any(|a| a == "--formatter-enabled=false");
        let covers: Vec<(bool, &[String])> = plan
            .invocations
            .iter()
            .map(|i| (off(i), &i.covers[..]))
            .collect();
        assert_eq!(
            covers,
            [
                (false, &["a.ts".to_owned(), "wide.ts".to_owned()][..]),
                (true, &["long.js".to_owned(), "large.ts".to_owned()][..]),
            ]
        );
        assert_eq!(plan.notes.len(), 1, "{:?}", plan.notes);
        let note = &plan.notes[0];
        assert!(note.contains("formatting not checked in 2 files"), "{note}");
        assert!(
            note.contains("long.js (a line of 20001 characters)"),
            "{note}"
        );
        assert!(note.contains("large.ts ("), "{note}");

        // `lint` never formats: nothing to switch off or state.
        req.options = serde_json::json!({"command": "lint"});
        let plan = super::plan(&req).unwrap();
        assert!(plan.notes.is_empty());
        assert!(!plan.invocations.iter().any(off));
    }

    #[test]
    fn check_is_the_default_and_reads_both_reports() {
        let plan = plan(&request(&["src/a.ts", "src/b.ts"], serde_json::Value::Null)).unwrap();
        assert_eq!(plan.invocations.len(), 1);
        let inv = &plan.invocations[0];
        assert!(inv.args.iter().any(|a| a == "check"), "{inv:?}");
        assert!(!inv.args.iter().any(|a| a == "lint"), "{inv:?}");
        assert_eq!(inv.report_files.len(), 2, "{inv:?}");
        assert!(inv.report_files[0].ends_with(".json"));
        assert!(inv.report_files[1].ends_with(".rdjson"));
        assert_eq!(inv.label, "biome check (2 files)");
        let lint = plan_lint();
        assert!(lint.args.iter().any(|a| a == "lint"), "{lint:?}");
        let err = super::plan(&request(
            &["a.ts"],
            serde_json::json!({"command": "format"}),
        ))
        .unwrap_err();
        assert!(err.message().contains("unknown variant `format`"), "{err}");
    }

    fn plan_lint() -> Invocation {
        plan(&request(&["a.ts"], serde_json::json!({"command": "lint"})))
            .unwrap()
            .invocations
            .remove(0)
    }

    #[test]
    fn rdjson_is_enough_from_biome_2_6() {
        assert!(rdjson_is_enough("Version: 2.6.8"));
        assert!(rdjson_is_enough("2.7.0"));
        assert!(rdjson_is_enough("3.0.0"));
        assert!(!rdjson_is_enough("Version: 2.5.1"));
        assert!(!rdjson_is_enough("unknown"));
    }

    #[test]
    fn large_lists_are_split_with_their_own_covers_and_reports() {
        let files: Vec<String> = (0..10).map(|i| format!("src/file{i}.ts")).collect();
        let refs: Vec<&str> = files.iter().map(String::as_str).collect();
        let plan = plan(&request_2_5(&refs, serde_json::json!({"batch_bytes": 50}))).unwrap();
        assert_eq!(plan.invocations.len(), 4);
        let covered: Vec<String> = plan
            .invocations
            .iter()
            .flat_map(|i| i.covers.clone())
            .collect();
        assert_eq!(covered, files, "every file exactly once, in order");
        let mut reports: Vec<&String> = plan
            .invocations
            .iter()
            .flat_map(|i| &i.report_files)
            .collect();
        reports.sort();
        reports.dedup();
        assert_eq!(reports.len(), 8, "report files are never shared");
        for inv in &plan.invocations {
            let sep = inv.args.iter().position(|a| a == "--").unwrap();
            assert_eq!(&inv.args[sep + 1..], &inv.covers[..]);
            let bytes: usize = inv.covers.iter().map(|f| f.len() + 1).sum();
            assert!(bytes <= 50 || inv.covers.len() == 1);
        }
    }

    #[test]
    fn two_plans_never_share_report_files() {
        let a = plan(&request(&["a.ts"], serde_json::Value::Null)).unwrap();
        let b = plan(&request(&["a.ts"], serde_json::Value::Null)).unwrap();
        assert_ne!(a.invocations[0].report_files, b.invocations[0].report_files);
    }

    #[test]
    fn whole_project_lints_the_root() {
        let mut req = request(&["a.ts"], serde_json::json!({"files_max_size": 2097152}));
        req.whole_project = true;
        req.extra_args = vec!["--only=suspicious".into()];
        let plan = plan(&req).unwrap();
        let inv = &plan.invocations[0];
        assert_eq!(inv.args.last().unwrap(), ".");
        assert!(inv.args.contains(&"--files-max-size=2097152".to_owned()));
        let sep = inv.args.iter().position(|a| a == "--").unwrap();
        assert_eq!(inv.args[sep - 1], "--only=suspicious");
        assert_eq!(inv.covers, ["a.ts"]);
    }

    #[test]
    fn empty_request_plans_nothing() {
        assert!(
            plan(&request(&[], serde_json::Value::Null))
                .unwrap()
                .invocations
                .is_empty()
        );
    }

    #[test]
    fn bad_options_are_errors() {
        let err = plan(&request(&["a.ts"], serde_json::json!({"max": 1}))).unwrap_err();
        assert!(err.message().contains("unknown field `max`"), "{err}");
        assert!(plan(&request(&["a.ts"], serde_json::json!({"batch_bytes": 0}))).is_err());
    }
}
