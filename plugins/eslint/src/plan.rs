//! The ESLint command line.
//!
//! One invocation per batch of files:
//!
//! ```text
//! node …/eslint.js --format json --no-warn-ignored --no-error-on-unmatched-pattern [args] -- files…
//! ```
//!
//! * `--format json` is the only format [`parse`](crate::parse) reads, so `[engines.eslint]
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

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use serde::Deserialize;
use signalint_plugin_api::{Invocation, Plan, PlanRequest, PluginError};

/// Bytes of file arguments per invocation.
const MAX_ARG_BYTES: usize = 96 * 1024;

/// Files per invocation unless `max_files_per_run` says otherwise.
pub const DEFAULT_MAX_FILES_PER_RUN: usize = 200;

/// Flags `[engines.eslint] args` may not contain: they change the report's format or
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

/// `[engines.eslint.options]`.
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
                "[engines.eslint.options]: {e}; the only option is max_files_per_run (a positive integer)"
            ))
        })?;
        if options.max_files_per_run == 0 {
            return Err(PluginError::new(
                "[engines.eslint.options] max_files_per_run must be at least 1",
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
            "[engines.eslint] args may not contain `{flag}`: signalint needs ESLint's JSON report \
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
    let lookup = lookup_from_file(&request.tool.version);
    let per_file = !lookup.is_empty();
    base.extend(lookup);
    base.extend(request.extra_args.iter().cloned());
    base.push("--".into());

    // Each file runs from the directory of its config, as a package's own `eslint src/` runs
    // from the package: what a config resolves against the working directory (a resolver's
    // `project: 'tsconfig.json'`) is then the package's. A project with one config at the
    // root, or an ESLint that looks only there, runs from the root.
    let root = Path::new(&request.project_root);
    let mut configured = Configured::new(root);
    let mut groups: BTreeMap<PathBuf, Vec<String>> = BTreeMap::new();
    for file in &request.files {
        if !per_file {
            groups
                .entry(root.to_path_buf())
                .or_default()
                .push(file.clone());
            continue;
        }
        // Looking up from each file, ESLint 9 refuses a whole batch over one file with no
        // config above it (a shared package's own `vitest.config.js`): such a file is linted
        // by nobody, so it is not handed over.
        if let Some(dir) = configured.config_dir(file) {
            groups.entry(dir).or_default().push(file.clone());
        }
    }
    let mut invocations = Vec::new();
    for (dir, files) in groups {
        let cwd = (dir != root).then_some(dir.as_path());
        let mut batch: Vec<String> = Vec::new();
        let mut batch_bytes = 0;
        for file in files {
            let full = batch.len() >= options.max_files_per_run
                || batch_bytes + file.len() + 1 > MAX_ARG_BYTES;
            if !batch.is_empty() && full {
                invocations.push(invocation(request, &base, cwd, std::mem::take(&mut batch)));
                batch_bytes = 0;
            }
            batch_bytes += file.len() + 1;
            batch.push(file);
        }
        if !batch.is_empty() {
            invocations.push(invocation(request, &base, cwd, batch));
        }
    }
    Ok(Plan::new(invocations))
}

/// The flag that makes ESLint 9 look each file's config up from the file's directory, as
/// ESLint 10 always does: a monorepo whose packages each have an `eslint.config.*` and none at
/// the root (linted by each package's own `eslint src/`) is otherwise refused as a whole ("no
/// configuration file found"). 9.12 brought the flag, 9.30 renamed it; before 9.12 ESLint
/// looks up from the project root only.
fn lookup_from_file(version: &str) -> Vec<String> {
    let mut parts = version.split('.').map(|p| p.parse::<u64>().ok());
    let flag = match (parts.next().flatten(), parts.next().flatten()) {
        (Some(9), Some(minor)) if minor >= 30 => "v10_config_lookup_from_file",
        (Some(9), Some(minor)) if minor >= 12 => "unstable_config_lookup_from_file",
        _ => return Vec::new(),
    };
    vec!["--flag".into(), flag.into()]
}

/// The flat config above each directory of the project (its own included), looked up once
/// per directory.
struct Configured<'a> {
    root: &'a Path,
    known: HashMap<PathBuf, Option<PathBuf>>,
}

impl<'a> Configured<'a> {
    fn new(root: &'a Path) -> Self {
        Self {
            root,
            known: HashMap::new(),
        }
    }

    /// The nearest directory at or above `file`'s, within the root, that has a flat config.
    fn config_dir(&mut self, file: &str) -> Option<PathBuf> {
        let dir = self.root.join(file).parent()?.to_path_buf();
        self.dir_config(&dir)
    }

    fn dir_config(&mut self, dir: &Path) -> Option<PathBuf> {
        if let Some(known) = self.known.get(dir) {
            return known.clone();
        }
        let here = crate::FLAT_CONFIG_FILES
            .iter()
            .any(|name| dir.join(name).is_file());
        let found = if here {
            Some(dir.to_path_buf())
        } else if dir != self.root && dir.starts_with(self.root) {
            dir.parent().and_then(|up| self.dir_config(up))
        } else {
            None
        };
        self.known.insert(dir.to_path_buf(), found.clone());
        found
    }
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

/// One batch, run from `cwd` (the project root when `None`) with its files named from there.
fn invocation(
    request: &PlanRequest,
    base: &[String],
    cwd: Option<&Path>,
    files: Vec<String>,
) -> Invocation {
    let mut args = base.to_vec();
    let root = Path::new(&request.project_root);
    args.extend(files.iter().map(|file| {
        match cwd {
            Some(cwd) => root
                .join(file)
                .strip_prefix(cwd)
                .map_or_else(|_| file.clone(), |p| p.to_string_lossy().into_owned()),
            None => file.clone(),
        }
    }));
    let invocation = Invocation::new(&request.tool.program, args)
        .with_label(format!("{} files", files.len()))
        .with_covers(files);
    match cwd {
        Some(cwd) => invocation.with_cwd(cwd.to_string_lossy()),
        None => invocation,
    }
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
    fn eslint_9_looks_each_files_config_up_from_its_directory() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().to_string_lossy().into_owned();
        std::fs::write(dir.path().join("eslint.config.js"), "export default [];").unwrap();
        let with = |version: &str| {
            let tool = ResolvedTool::new("/usr/bin/node", version)
                .with_prefix_args(vec!["/p/node_modules/eslint/bin/eslint.js".into()]);
            let request = PlanRequest::new(&root, tool, files(1), "/p/.signalint/work/eslint");
            plan_invocations(&request).unwrap().invocations[0]
                .args
                .clone()
        };
        let flag_of = |args: Vec<String>| {
            args.iter()
                .position(|a| a == "--flag")
                .map(|at| args[at + 1].clone())
        };
        assert_eq!(
            flag_of(with("9.39.3")).as_deref(),
            Some("v10_config_lookup_from_file")
        );
        assert_eq!(
            flag_of(with("9.12.0")).as_deref(),
            Some("unstable_config_lookup_from_file")
        );
        assert_eq!(flag_of(with("9.11.1")), None);
        assert_eq!(flag_of(with("10.15.0")), None);
    }

    #[test]
    fn looking_up_per_file_hands_over_no_file_without_a_config_above_it() {
        let dir = tempfile::tempdir().unwrap();
        for package in ["packages/core", "common/vitest-config"] {
            std::fs::create_dir_all(dir.path().join(package).join("src")).unwrap();
        }
        std::fs::write(
            dir.path().join("packages/core/eslint.config.mjs"),
            "export default [];",
        )
        .unwrap();
        let tool = ResolvedTool::new("/usr/bin/node", "9.39.3")
            .with_prefix_args(vec!["/p/node_modules/eslint/bin/eslint.js".into()]);
        let files: Vec<String> = [
            "packages/core/src/index.ts",
            "packages/core/eslint.config.mjs",
            "common/vitest-config/vitest.config.js",
        ]
        .map(String::from)
        .to_vec();
        let request = PlanRequest::new(dir.path().to_string_lossy(), tool, files, "/w");
        let plan = plan_invocations(&request).unwrap();
        assert_eq!(
            plan.invocations[0].covers,
            [
                "packages/core/src/index.ts",
                "packages/core/eslint.config.mjs"
            ]
        );
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
