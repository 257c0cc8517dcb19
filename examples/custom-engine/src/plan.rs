//! The ESLint command line.
//!
//! One invocation per batch of files:
//!
//! ```text
//! node …/eslint.js --format json --no-warn-ignored --no-error-on-unmatched-pattern [args] -- files…
//! ```
//!
//! * `--format json` is the only format [`parse`](crate::parse) reads, so `[engines.eslint-example]
//!   args` may not replace it (nor write the report elsewhere, nor fix files: see
//!   [`RESERVED_FLAGS`]).
//! * `--no-warn-ignored`: the host hands over every file with a JavaScript-like extension; a
//!   file the project's config ignores, or that no `files` pattern of it matches, is skipped
//!   without the "File ignored" warning that would otherwise become an issue.
//! * `--no-error-on-unmatched-pattern`: a file deleted between the host's listing and the run
//!   would otherwise fail the whole batch ("No files matching the pattern", exit code 2, no
//!   report).
//! * `--` ends the options, so a file named `-x.js` is a file.
//!
//! Batches keep the command line far below the OS limit and, because ESLint echoes the text of
//! every file with problems in its report, keep each report well under the host's output cap;
//! the host runs the batches side by side.

use serde::Deserialize;
use signalint_plugin_api::{Invocation, Plan, PlanRequest, PluginError};

/// Bytes of file arguments per invocation.
const MAX_ARG_BYTES: usize = 96 * 1024;

/// Files per invocation unless `max_files_per_run` says otherwise.
pub const DEFAULT_MAX_FILES_PER_RUN: usize = 200;

/// Flags `[engines.eslint-example] args` may not contain: they change the report's format or
/// destination, modify files, or make ESLint do something other than lint.
pub const RESERVED_FLAGS: &[&str] = &[
    "-f",
    "--format",
    "-o",
    "--output-file",
    "--fix",
    "--fix-dry-run",
    "--fix-type",
    "--stdin",
    "--stdin-filename",
    "--suppress-all",
    "--suppress-rule",
    "--prune-suppressions",
    "--init",
    "--inspect-config",
    "--print-config",
    "--env-info",
    "--mcp",
    "-h",
    "--help",
    "-v",
    "--version",
];

/// `[engines.eslint-example.options]`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// Files per ESLint process. Lower it when reports approach the output cap; raise it when
    /// config loading (slow with large plugin sets) dominates.
    #[serde(default = "default_max_files")]
    pub max_files_per_run: usize,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            max_files_per_run: DEFAULT_MAX_FILES_PER_RUN,
        }
    }
}

fn default_max_files() -> usize {
    DEFAULT_MAX_FILES_PER_RUN
}

impl Options {
    /// Reads the options table (`null` when the config has none). Errors say what to change.
    pub fn from_json(value: &serde_json::Value) -> Result<Self, PluginError> {
        if value.is_null() {
            return Ok(Self::default());
        }
        let options: Options = serde_json::from_value(value.clone()).map_err(|e| {
            PluginError::new(format!(
                "[engines.eslint-example.options]: {e}; the only option is max_files_per_run (a positive integer)"
            ))
        })?;
        if options.max_files_per_run == 0 {
            return Err(PluginError::new(
                "[engines.eslint-example.options] max_files_per_run must be at least 1",
            ));
        }
        Ok(options)
    }
}

/// The invocations for one request.
pub fn plan_invocations(request: &PlanRequest) -> Result<Plan, PluginError> {
    let options = Options::from_json(&request.options)?;
    if let Some(flag) = request.extra_args.iter().find(|a| is_reserved(a)) {
        return Err(PluginError::new(format!(
            "[engines.eslint-example] args may not contain `{flag}`: signalint needs ESLint's JSON report \
             on stdout and never lets a check modify files; remove it from args"
        )));
    }

    let mut base = request.tool.prefix_args.clone();
    base.extend(
        [
            "--format",
            "json",
            "--no-warn-ignored",
            "--no-error-on-unmatched-pattern",
        ]
        .map(String::from),
    );
    base.extend(request.extra_args.iter().cloned());
    base.push("--".into());

    let mut invocations = Vec::new();
    let mut batch: Vec<String> = Vec::new();
    let mut batch_bytes = 0;
    for file in &request.files {
        let full = batch.len() >= options.max_files_per_run
            || batch_bytes + file.len() + 1 > MAX_ARG_BYTES;
        if !batch.is_empty() && full {
            invocations.push(invocation(request, &base, std::mem::take(&mut batch)));
            batch_bytes = 0;
        }
        batch_bytes += file.len() + 1;
        batch.push(file.clone());
    }
    if !batch.is_empty() {
        invocations.push(invocation(request, &base, batch));
    }
    Ok(Plan::new(invocations))
}

/// `--format`, `--format=json`, `-f`, `-fjson` and the like.
fn is_reserved(arg: &str) -> bool {
    RESERVED_FLAGS.iter().any(|flag| {
        arg == *flag
            || arg
                .strip_prefix(flag)
                .is_some_and(|rest| rest.starts_with('=') || (flag.len() == 2 && !rest.is_empty()))
    })
}

fn invocation(request: &PlanRequest, base: &[String], files: Vec<String>) -> Invocation {
    let mut args = base.to_vec();
    args.extend(files.iter().cloned());
    // No cwd: the project root, as ESLint looks its config up from each file's directory
    // upwards.
    Invocation::new(&request.tool.program, args)
        .with_label(format!("{} files", files.len()))
        .with_covers(files)
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use signalint_plugin_api::ResolvedTool;

    use super::*;

    fn request(files: Vec<String>, extra_args: &[&str], options: serde_json::Value) -> PlanRequest {
        let tool = ResolvedTool::new("/usr/bin/node", "10.15.0")
            .with_prefix_args(vec!["/p/node_modules/eslint/bin/eslint.js".into()]);
        PlanRequest::new("/p", tool, files, "/p/.signalint/work/eslint")
            .with_whole_project(true)
            .with_extra_args(extra_args.iter().map(|a| (*a).to_owned()).collect())
            .with_options(options)
    }

    fn files(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("src/file{i}.js")).collect()
    }

    #[test]
    fn json_report_extra_args_then_files_after_the_separator() {
        let plan = plan_invocations(&request(
            vec!["src/a.js".into(), "-weird.js".into()],
            &[
                "--max-warnings",
                "-1",
                "--rule",
                "{\"no-console\": \"error\"}",
            ],
            serde_json::Value::Null,
        ))
        .unwrap();
        assert_eq!(plan.invocations.len(), 1);
        let invocation = &plan.invocations[0];
        assert_eq!(invocation.program, "/usr/bin/node");
        assert_eq!(
            invocation.args,
            [
                "/p/node_modules/eslint/bin/eslint.js",
                "--format",
                "json",
                "--no-warn-ignored",
                "--no-error-on-unmatched-pattern",
                "--max-warnings",
                "-1",
                "--rule",
                "{\"no-console\": \"error\"}",
                "--",
                "src/a.js",
                "-weird.js",
            ]
        );
        assert_eq!(invocation.covers, ["src/a.js", "-weird.js"]);
        assert_eq!(invocation.cwd, None, "runs in the project root");
    }

    #[test]
    fn batches_cover_every_file_once_in_order() {
        let all = files(450);
        let plan = plan_invocations(&request(all.clone(), &[], serde_json::Value::Null)).unwrap();
        let sizes: Vec<usize> = plan.invocations.iter().map(|i| i.covers.len()).collect();
        assert_eq!(sizes, [200, 200, 50]);
        let covered: Vec<String> = plan
            .invocations
            .iter()
            .flat_map(|i| i.covers.clone())
            .collect();
        assert_eq!(covered, all);
        for invocation in &plan.invocations {
            let separator = invocation.args.iter().position(|a| a == "--").unwrap();
            assert_eq!(invocation.args[separator + 1..], invocation.covers[..]);
        }
    }

    #[test]
    fn long_paths_split_on_bytes_too() {
        let long: Vec<String> = (0..150)
            .map(|i| format!("src/{}/file{i}.js", "deep/".repeat(200)))
            .collect();
        let plan = plan_invocations(&request(
            long.clone(),
            &[],
            json!({ "max_files_per_run": 1000 }),
        ))
        .unwrap();
        assert!(plan.invocations.len() > 1);
        for invocation in &plan.invocations {
            let bytes: usize = invocation.covers.iter().map(|f| f.len() + 1).sum();
            assert!(bytes <= MAX_ARG_BYTES);
        }
        let covered: Vec<String> = plan
            .invocations
            .iter()
            .flat_map(|i| i.covers.clone())
            .collect();
        assert_eq!(covered, long);
    }

    #[test]
    fn max_files_per_run_is_an_option() {
        let plan =
            plan_invocations(&request(files(5), &[], json!({ "max_files_per_run": 2 }))).unwrap();
        assert_eq!(plan.invocations.len(), 3);
        assert_eq!(plan.invocations[2].label, "1 files");
    }

    #[test]
    fn bad_options_are_errors_that_say_what_to_change() {
        for options in [
            json!({ "max_files_per_run": 0 }),
            json!({ "max_files_per_run": "many" }),
            json!({ "max_file_per_run": 10 }),
        ] {
            let error = plan_invocations(&request(files(1), &[], options.clone())).unwrap_err();
            assert!(
                error.message().contains("max_files_per_run"),
                "{options}: {error}"
            );
        }
    }

    #[test]
    fn flags_that_break_the_contract_are_refused() {
        for flag in [
            "--fix",
            "--fix-dry-run",
            "--format=stylish",
            "-f",
            "-fjson",
            "-o",
            "--output-file=x.json",
            "--stdin",
            "--suppress-all",
        ] {
            let error =
                plan_invocations(&request(files(1), &[flag], serde_json::Value::Null)).unwrap_err();
            assert!(error.message().contains(flag), "{flag}: {error}");
        }
        for allowed in [
            "--fixable",
            "--rule",
            "-c",
            "--config=eslint.ci.mjs",
            "--max-warnings",
            "--report-unused-disable-directives",
            "--concurrency=auto",
        ] {
            assert!(!is_reserved(allowed), "{allowed}");
        }
    }

    #[test]
    fn no_files_no_run() {
        let plan = plan_invocations(&request(vec![], &[], serde_json::Value::Null)).unwrap();
        assert!(plan.invocations.is_empty());
    }
}
