//! Which tsconfigs a request reaches, and the command line for each.

use std::collections::{BTreeMap, HashSet};

use serde::Deserialize;
use signalint_plugin_api::{Invocation, Plan, PlanRequest, PluginError};

/// The `[engines.tsc.options]` table; see the crate documentation for the contract.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TscOptions {
    /// The programs of the project. Absent: `tsconfig.json` at the project root.
    #[serde(default)]
    pub tsconfigs: Option<Vec<TsconfigEntry>>,
    /// `--checkers N` (TypeScript 7 only).
    #[serde(default)]
    pub checkers: Option<u32>,
    /// `--singleThreaded` (TypeScript 7 only).
    #[serde(default)]
    pub single_threaded: bool,
    /// `--incremental --tsBuildInfoFile …` in project mode (default true).
    #[serde(default)]
    pub incremental: Option<bool>,
    /// The Go collector's `GOGC` for the native compiler (default [`DEFAULT_GC_PERCENT`]).
    #[serde(default)]
    pub gc_percent: Option<GcPercent>,
    /// Configs checked on top of those discovery finds (project-relative paths).
    #[serde(default)]
    pub programs: Vec<String>,
    /// Configs discovery finds that are not checked (project-relative globs).
    #[serde(default)]
    pub exclude_programs: Vec<String>,
}

/// The Go collector's `GOGC`: a percentage, or `"off"` (collect only near `GOMEMLIMIT`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum GcPercent {
    Percent(u32),
    Off(Off),
}

/// The word `"off"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Off {
    Off,
}

impl GcPercent {
    /// The `GOGC` value.
    fn env_value(self) -> String {
        match self {
            GcPercent::Percent(n) => n.to_string(),
            GcPercent::Off(_) => "off".to_owned(),
        }
    }

    /// Whether the heap may grow well past its live size, so a memory limit is needed.
    fn grows(self) -> bool {
        match self {
            GcPercent::Percent(n) => n > 100,
            GcPercent::Off(_) => true,
        }
    }
}

/// The native compiler builds its program once and keeps nearly all of it alive, so whatever
/// its collector does is almost all wasted: effect 4.1.0 (572 files) peaks at 1.66 GB with
/// `GOGC=800` and at 1.70 GB with no collection at all, rxjs at 149 and 152 MB, while the
/// collections cost effect 2-3 s of its 20 s of CPU (38 s at Go's default of 100). So the
/// collector is off, and `GOMEMLIMIT` (half the machine's memory) makes it collect only if a
/// very large program gets there.
pub const DEFAULT_GC_PERCENT: GcPercent = GcPercent::Off(Off::Off);

/// One tsconfig of the project.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TsconfigEntry {
    /// Project-relative path of the tsconfig.
    pub path: String,
    /// True for a solution-style config (with `references`): run with `--build`.
    #[serde(default)]
    pub solution: bool,
    /// The program's project-relative files, when the host knows them.
    #[serde(default)]
    pub files: Option<Vec<String>>,
}

impl TscOptions {
    /// Reads the options table; `null` means all defaults.
    pub fn from_value(value: &serde_json::Value) -> Result<Self, PluginError> {
        if value.is_null() {
            return Ok(Self::default());
        }
        let options: TscOptions = serde_json::from_value(value.clone()).map_err(|e| {
            PluginError::new(format!(
                "invalid [engines.tsc.options]: {e}. Expected {{\"tsconfigs\": [{{\"path\": \
                 \"tsconfig.json\", \"solution\": false, \"files\": [..]}}], \"checkers\": N, \
                 \"single_threaded\": bool, \"incremental\": bool, \"gc_percent\": N or \"off\", \
                 \"programs\": [\"path/tsconfig.x.json\"], \"exclude_programs\": [\"glob\"]}}"
            ))
        })?;
        if options.checkers == Some(0) {
            return Err(PluginError::new(
                "invalid [engines.tsc.options]: `checkers` must be at least 1",
            ));
        }
        if let Some(entries) = &options.tsconfigs
            && let Some(bad) = entries.iter().find(|e| e.path.trim().is_empty())
        {
            return Err(PluginError::new(format!(
                "invalid [engines.tsc.options]: a tsconfig entry has an empty path ({bad:?})"
            )));
        }
        if let Some(bad) = options
            .programs
            .iter()
            .find(|p| p.trim().is_empty() || p.starts_with('/') || p.split('/').any(|x| x == ".."))
        {
            return Err(PluginError::new(format!(
                "invalid [engines.tsc.options]: `programs` entries are config paths inside the \
                 project, relative to its root ({bad:?} is not)"
            )));
        }
        options.exclude_set()?;
        Ok(options)
    }

    /// The `exclude_programs` globs, compiled; an invalid one is an error that names it.
    pub(crate) fn exclude_set(&self) -> Result<globset::GlobSet, PluginError> {
        let mut set = globset::GlobSetBuilder::new();
        for pattern in &self.exclude_programs {
            let glob = globset::GlobBuilder::new(pattern.trim_start_matches("./"))
                .literal_separator(true)
                .build()
                .map_err(|e| {
                    PluginError::new(format!(
                        "invalid [engines.tsc.options]: `exclude_programs` entry {pattern:?}: {e}"
                    ))
                })?;
            set.add(glob);
        }
        set.build()
            .map_err(|e| PluginError::new(format!("invalid [engines.tsc.options]: {e}")))
    }
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

/// The directory of a normalized project-relative path (`""` for the root).
fn parent_dir(path: &str) -> &str {
    match path.rfind('/') {
        Some(i) => &path[..i],
        None => "",
    }
}

/// True when `dir` (normalized, `""` = root) contains `file`.
fn is_under(file: &str, dir: &str) -> bool {
    dir.is_empty()
        || file
            .strip_prefix(dir)
            .is_some_and(|rest| rest.starts_with('/'))
}

/// The major version in a reported version string (`"7.0.2"`, `"Version 7.0.2"`).
pub(crate) fn major_version(version: &str) -> Option<u32> {
    let start = version.find(|c: char| c.is_ascii_digit())?;
    let digits: String = version[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// The major and minor version in a reported version string (`"5.9.3"` → `(5, 9)`).
pub(crate) fn major_minor(version: &str) -> Option<(u32, u32)> {
    let major = major_version(version)?;
    let start = version.find(|c: char| c.is_ascii_digit())?;
    let rest = version[start..].trim_start_matches(|c: char| c.is_ascii_digit());
    let minor = rest
        .strip_prefix('.')
        .map(|r| {
            r.chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
        })
        .and_then(|d| d.parse().ok())
        .unwrap_or(0);
    Some((major, minor))
}

/// The first TypeScript whose `--build` accepts `--noEmit` on the command line: 4.9.5 refuses
/// it (TS5094 "Compiler option '--noEmit' may not be used with '--build'", as 5.2 was reported
/// to), 5.9.3 and 7 accept it; the versions between are unmeasured, and 5.6 is taken as the first.
pub const BUILD_NO_EMIT_SINCE: (u32, u32) = (5, 6);

/// 64-bit FNV-1a: a stable name for a tsconfig's build info file.
fn fnv1a(text: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// A path argument that tsc cannot mistake for a flag.
fn path_arg(path: &str) -> String {
    if path.starts_with('-') {
        format!("./{path}")
    } else {
        path.to_owned()
    }
}

/// Indexes of the entries the request reaches, in listed order.
fn reached(entries: &[(String, &TsconfigEntry)], request: &PlanRequest) -> Vec<usize> {
    if request.whole_project {
        return (0..entries.len()).collect();
    }
    // The membership lists, normalized once.
    let members: Vec<Option<HashSet<String>>> = entries
        .iter()
        .map(|(_, entry)| {
            entry.files.as_ref().map(|files| {
                files
                    .iter()
                    .map(|f| normalize(f, &request.project_root))
                    .collect()
            })
        })
        .collect();
    let mut hit = vec![false; entries.len()];
    for file in &request.files {
        let file = normalize(file, &request.project_root);
        if file.is_empty() {
            continue;
        }
        let mut listed = false;
        for (i, set) in members.iter().enumerate() {
            if set.as_ref().is_some_and(|set| set.contains(&file)) {
                hit[i] = true;
                listed = true;
            }
        }
        // A tsconfig itself reaches its own program.
        for (i, (path, _)) in entries.iter().enumerate() {
            if *path == file {
                hit[i] = true;
                listed = true;
            }
        }
        if listed {
            continue;
        }
        let nearest = entries
            .iter()
            .enumerate()
            .filter(|(_, (path, entry))| entry.files.is_none() && is_under(&file, parent_dir(path)))
            .max_by_key(|(i, (path, _))| (parent_dir(path).len(), std::cmp::Reverse(*i)));
        if let Some((i, _)) = nearest {
            hit[i] = true;
        }
    }
    hit.iter()
        .enumerate()
        .filter_map(|(i, h)| h.then_some(i))
        .collect()
}

pub(crate) fn plan(request: &PlanRequest) -> Result<Plan, PluginError> {
    let options = TscOptions::from_value(&request.options)?;
    let default_entry = [TsconfigEntry {
        path: "tsconfig.json".into(),
        solution: false,
        files: None,
    }];
    // The user's list wins over the programs the host found with `discover`.
    let discovered: Vec<TsconfigEntry> = request
        .programs
        .iter()
        .filter(|program| program.detail["excluded"] != true)
        .map(|program| TsconfigEntry {
            path: program.config.clone(),
            solution: program.detail["solution"].as_bool().unwrap_or(false),
            files: None,
        })
        .collect();
    let listed: &[TsconfigEntry] = match &options.tsconfigs {
        Some(user) => user,
        None if !discovered.is_empty() => &discovered,
        None => &default_entry,
    };

    // Normalize and drop duplicate paths (the first entry wins).
    let mut entries: Vec<(String, &TsconfigEntry)> = Vec::new();
    for entry in listed {
        let path = normalize(&entry.path, &request.project_root);
        if !entries.iter().any(|(p, _)| *p == path) {
            entries.push((path, entry));
        }
    }

    // An unreadable version is taken for the newest compiler, whose flags are the superset.
    let version = major_minor(&request.tool.version);
    let native = version.is_none_or(|(major, _)| major >= 7);
    let build_no_emit = version.is_none_or(|v| v >= BUILD_NO_EMIT_SINCE);
    let threading = if native {
        threading_args(&options, &request.extra_args, || {
            request.machine.cores.map(|n| n as usize)
        })
    } else {
        Vec::new()
    };
    let incremental = options.incremental.unwrap_or(true);
    let env = if native {
        go_runtime_env(
            options.gc_percent.unwrap_or(DEFAULT_GC_PERCENT),
            |name| request.env.contains_key(name),
            || request.machine.memory_bytes,
        )
    } else {
        BTreeMap::new()
    };
    let work_dir = request.work_dir.trim_end_matches(['/', '\\']);

    let reached = reached(&entries, request);
    if !build_no_emit
        && let Some((path, _)) = reached
            .iter()
            .map(|&i| &entries[i])
            .find(|(_, e)| e.solution)
    {
        // Without `--noEmit`, `--build` would write every referenced project's output into
        // the user's tree; checking the references one by one with `-p` would read their
        // stale declarations instead of their sources. Neither is the project's check.
        return Err(PluginError::new(format!(
            "tsc {} cannot check the solution {path} without emitting: `--build` accepts \
             `--noEmit` from TypeScript {}.{} on (older versions: TS5094). Add `compiler = \
             \"native\"` under [engines.tsc] in signalint.toml to check it with the managed \
             TypeScript 7, or list its referenced tsconfigs in [engines.tsc.options] tsconfigs",
            request.tool.version, BUILD_NO_EMIT_SINCE.0, BUILD_NO_EMIT_SINCE.1
        )));
    }
    let invocations = reached
        .into_iter()
        .map(|i| {
            let (path, entry) = &entries[i];
            let mut args = request.tool.prefix_args.clone();
            if entry.solution {
                args.extend(
                    ["--build", &path_arg(path), "--noEmit", "--pretty", "false"].map(String::from),
                );
                args.extend(["--locale", "en"].map(String::from));
            } else {
                args.extend(
                    ["--noEmit", "--pretty", "false", "--locale", "en", "-p"].map(String::from),
                );
                args.push(path_arg(path));
                if incremental {
                    args.push("--incremental".into());
                    args.push("--tsBuildInfoFile".into());
                    args.push(format!("{work_dir}/tsc/{:016x}.tsbuildinfo", fnv1a(path)));
                }
            }
            args.extend(threading.iter().cloned());
            args.extend(request.extra_args.iter().cloned());
            let writes = if entry.solution {
                build_writes(request, path)
            } else {
                Vec::new()
            };
            Invocation::new(&request.tool.program, args)
                .with_env(env.clone())
                .with_label(path)
                .with_writes(writes)
        })
        .collect();
    Ok(Plan::new(invocations))
}

/// The absolute paths `tsc --build` of the solution `path` writes its build info to (it
/// refuses `--tsBuildInfoFile`), as `discover` read them from the configs; a solution the user
/// listed that discovery did not find writes next to its config, as far as the adapter knows.
fn build_writes(request: &PlanRequest, path: &str) -> Vec<String> {
    let discovered: Option<Vec<String>> = request
        .programs
        .iter()
        .find(|p| normalize(&p.config, &request.project_root) == path)
        .and_then(|p| p.detail["writes"].as_array())
        .map(|list| {
            list.iter()
                .filter_map(|w| w.as_str().map(str::to_owned))
                .collect()
        });
    let relative = discovered.unwrap_or_else(|| {
        vec![format!(
            "{}.tsbuildinfo",
            path.strip_suffix(".json").unwrap_or(path)
        )]
    });
    let root = request.project_root.trim_end_matches(['/', '\\']);
    relative
        .into_iter()
        .map(|w| {
            if std::path::Path::new(&w).is_absolute() {
                w
            } else {
                format!("{root}/{w}")
            }
        })
        .collect()
}

/// TypeScript 7's own number of checkers when nothing else is asked for.
pub const NATIVE_DEFAULT_CHECKERS: u32 = 4;

/// The native compiler's threading flags: the user's choice (options, or flags of their own in
/// `args`), else one checker per core where the machine has fewer cores than tsc's default of
/// four. Each checker checks the global types again for itself, so checkers beyond the cores
/// add work without adding speed, and take the cycles the other engines of the check need:
/// effect 4.1.0 on 2 cores, a cold check with oxlint and Biome took 14.9 s with four checkers
/// and 12.9 s with two (medians of 4).
fn threading_args(
    options: &TscOptions,
    extra_args: &[String],
    cores: impl FnOnce() -> Option<usize>,
) -> Vec<String> {
    let user_flag = |arg: &String| {
        let flag = arg.split('=').next().unwrap_or_default();
        flag.eq_ignore_ascii_case("--checkers") || flag.eq_ignore_ascii_case("--singleThreaded")
    };
    if options.single_threaded {
        return vec!["--singleThreaded".to_owned()];
    }
    if let Some(n) = options.checkers {
        return vec!["--checkers".to_owned(), n.to_string()];
    }
    if extra_args.iter().any(user_flag) {
        return Vec::new();
    }
    match cores().and_then(|n| u32::try_from(n).ok()) {
        Some(n) if (1..NATIVE_DEFAULT_CHECKERS).contains(&n) => {
            vec!["--checkers".to_owned(), n.to_string()]
        }
        _ => Vec::new(),
    }
}

/// `GOGC` and a `GOMEMLIMIT` safety net for the native compiler, each only where the user's
/// environment does not set it already (the child inherits the user's value then).
///
/// With a high `GOGC` the heap may grow to several times its live size before a collection;
/// the soft limit at half the machine's memory makes Go collect early instead of swapping
/// when a very large program gets there.
fn go_runtime_env(
    gc_percent: GcPercent,
    user_sets: impl Fn(&str) -> bool,
    physical_memory: impl FnOnce() -> Option<u64>,
) -> BTreeMap<String, String> {
    let mut env = BTreeMap::new();
    if !user_sets("GOGC") {
        env.insert("GOGC".to_owned(), gc_percent.env_value());
    }
    if gc_percent.grows()
        && !user_sets("GOMEMLIMIT")
        && let Some(bytes) = physical_memory()
    {
        env.insert(
            "GOMEMLIMIT".to_owned(),
            format!("{}MiB", bytes / 2 / (1 << 20)),
        );
    }
    env
}

#[cfg(test)]
mod tests {
    use super::*;
    use signalint_plugin_api::{Machine, Program, ResolvedTool};

    fn request(files: &[&str], options: serde_json::Value) -> PlanRequest {
        PlanRequest::new(
            "/p",
            ResolvedTool::new(
                "/p/node_modules/@typescript/typescript-linux-x64/lib/tsc",
                "7.0.2",
            ),
            files.iter().map(|f| f.to_string()).collect(),
            "/p/.signalint/work",
        )
        .with_options(options)
    }

    fn labels(plan: &Plan) -> Vec<&str> {
        plan.invocations.iter().map(|i| i.label.as_str()).collect()
    }

    #[test]
    fn default_is_root_tsconfig_with_incremental_build_info() {
        let plan = plan(&request(&["src/a.ts"], serde_json::Value::Null)).unwrap();
        assert_eq!(plan.invocations.len(), 1);
        let inv = &plan.invocations[0];
        assert_eq!(inv.label, "tsconfig.json");
        assert!(inv.covers.is_empty());
        assert_eq!(inv.cwd, None);
        assert_eq!(
            &inv.args[..7],
            &[
                "--noEmit",
                "--pretty",
                "false",
                "--locale",
                "en",
                "-p",
                "tsconfig.json"
            ]
        );
        assert_eq!(inv.args[7], "--incremental");
        assert_eq!(inv.args[8], "--tsBuildInfoFile");
        assert!(inv.args[9].starts_with("/p/.signalint/work/tsc/"));
        assert!(inv.args[9].ends_with(".tsbuildinfo"));
    }

    #[test]
    fn build_info_differs_per_tsconfig() {
        let opts = serde_json::json!({"tsconfigs": [{"path": "a/tsconfig.json"}, {"path": "b/tsconfig.json"}]});
        let mut req = request(&[], opts);
        req.whole_project = true;
        let plan = plan(&req).unwrap();
        assert_eq!(labels(&plan), ["a/tsconfig.json", "b/tsconfig.json"]);
        assert_ne!(plan.invocations[0].args[9], plan.invocations[1].args[9]);
    }

    #[test]
    fn solution_config_runs_in_build_mode() {
        let opts = serde_json::json!({"tsconfigs": [{"path": "tsconfig.json", "solution": true}], "checkers": 2});
        let plan = plan(&request(&["packages/a/src/a.ts"], opts)).unwrap();
        assert_eq!(
            plan.invocations[0].args,
            [
                "--build",
                "tsconfig.json",
                "--noEmit",
                "--pretty",
                "false",
                "--locale",
                "en",
                "--checkers",
                "2"
            ]
        );
        // Listed by the user, not discovered: the build info next to the config, as far as
        // the adapter knows; a `-p` run writes only in the work directory.
        assert_eq!(plan.invocations[0].writes, ["/p/tsconfig.tsbuildinfo"]);
        let plain = super::plan(&request(&["src/a.ts"], serde_json::Value::Null)).unwrap();
        assert!(plain.invocations[0].writes.is_empty());
    }

    #[test]
    fn a_discovered_solution_lists_the_build_info_discovery_found() {
        let mut req = request(&["packages/a/src/a.ts"], serde_json::Value::Null);
        req.programs = vec![signalint_plugin_api::Program::new("tsconfig.json").with_detail(
            serde_json::json!({"solution": true, "writes": ["packages/a/tsconfig.tsbuildinfo", "../x"]}),
        )];
        let plan = plan(&req).unwrap();
        assert_eq!(plan.invocations[0].args[0], "--build");
        assert_eq!(
            plan.invocations[0].writes,
            ["/p/packages/a/tsconfig.tsbuildinfo", "/p/../x"]
        );
    }

    #[test]
    fn nearest_tsconfig_wins_and_each_runs_once() {
        let opts = serde_json::json!({"tsconfigs": [
            {"path": "tsconfig.json"},
            {"path": "./packages/web/tsconfig.json"},
            {"path": "packages/api/tsconfig.json"}
        ]});
        let plan = plan(&request(
            &[
                "packages/web/src/a.ts",
                "./packages/web/b.ts",
                "scripts/x.ts",
                "packages/webby/c.ts",
            ],
            opts,
        ))
        .unwrap();
        assert_eq!(
            labels(&plan),
            ["tsconfig.json", "packages/web/tsconfig.json"]
        );
    }

    #[test]
    fn files_lists_decide_membership() {
        let opts = serde_json::json!({"tsconfigs": [
            {"path": "tsconfig.json", "files": ["src/a.ts"]},
            {"path": "tsconfig.test.json", "files": ["src/a.ts", "test/t.ts"]},
            {"path": "tools/tsconfig.json"}
        ]});
        let plan1 = plan(&request(&["src/a.ts"], opts.clone())).unwrap();
        assert_eq!(labels(&plan1), ["tsconfig.json", "tsconfig.test.json"]);
        let plan2 = plan(&request(&["test/t.ts", "tools/x.ts"], opts.clone())).unwrap();
        assert_eq!(
            labels(&plan2),
            ["tsconfig.test.json", "tools/tsconfig.json"]
        );
        // Not in any program, no nearest entry without a list: nothing runs.
        let plan3 = plan(&request(&["other/z.ts"], opts.clone())).unwrap();
        assert!(plan3.invocations.is_empty());
        // An edited tsconfig reaches its own program.
        let plan4 = plan(&request(&["tsconfig.test.json"], opts)).unwrap();
        assert_eq!(labels(&plan4), ["tsconfig.test.json"]);
    }

    #[test]
    fn typescript_6_runs_through_the_launcher_without_native_flags() {
        let mut req = request(&["a.ts"], serde_json::json!({"single_threaded": true}));
        req.tool = ResolvedTool::new("node", "Version 6.0.3")
            .with_prefix_args(vec!["/p/node_modules/typescript/lib/tsc.js".into()]);
        req.extra_args = vec!["--skipLibCheck".into()];
        let plan = plan(&req).unwrap();
        let inv = &plan.invocations[0];
        assert_eq!(inv.program, "node");
        assert_eq!(inv.args[0], "/p/node_modules/typescript/lib/tsc.js");
        assert!(!inv.args.iter().any(|a| a == "--singleThreaded"));
        assert_eq!(inv.args.last().unwrap(), "--skipLibCheck");
        assert!(
            inv.env.is_empty(),
            "no Go runtime settings for Node: {:?}",
            inv.env
        );
    }

    #[test]
    fn native_compiler_gets_a_checker_per_core_below_its_default() {
        let defaults = TscOptions::default();
        let strings = |args: &[&str]| args.iter().map(|a| a.to_string()).collect::<Vec<_>>();
        assert_eq!(
            threading_args(&defaults, &[], || Some(2)),
            strings(&["--checkers", "2"])
        );
        assert_eq!(
            threading_args(&defaults, &[], || Some(1)),
            strings(&["--checkers", "1"])
        );
        assert!(threading_args(&defaults, &[], || Some(4)).is_empty());
        assert!(threading_args(&defaults, &[], || Some(16)).is_empty());
        assert!(threading_args(&defaults, &[], || None).is_empty());
        for own in [
            ["--checkers", "3"].as_slice(),
            &["--checkers=3"],
            &["--singleThreaded"],
        ] {
            assert!(
                threading_args(&defaults, &strings(own), || Some(2)).is_empty(),
                "the user's own flag {own:?} is left alone"
            );
        }
        let chosen = TscOptions {
            checkers: Some(3),
            ..TscOptions::default()
        };
        assert_eq!(
            threading_args(&chosen, &[], || Some(2)),
            strings(&["--checkers", "3"])
        );
    }

    #[test]
    fn native_compiler_gets_a_go_gc_setting_unless_the_user_has_one() {
        let none = |_: &str| false;
        let env = go_runtime_env(DEFAULT_GC_PERCENT, none, || Some(8 << 30));
        assert_eq!(env.get("GOGC").map(String::as_str), Some("off"));
        assert_eq!(env.get("GOMEMLIMIT").map(String::as_str), Some("4096MiB"));

        let user_gogc = |name: &str| name == "GOGC";
        let env = go_runtime_env(GcPercent::Percent(800), user_gogc, || Some(8 << 30));
        assert!(!env.contains_key("GOGC"), "the user's GOGC is inherited");
        assert!(env.contains_key("GOMEMLIMIT"));

        let user_limit = |name: &str| name == "GOMEMLIMIT";
        assert!(
            !go_runtime_env(GcPercent::Percent(800), user_limit, || Some(8 << 30))
                .contains_key("GOMEMLIMIT")
        );
        // Go's own default needs no safety net; an unknown machine size sets none.
        assert!(
            !go_runtime_env(GcPercent::Percent(100), none, || Some(8 << 30))
                .contains_key("GOMEMLIMIT")
        );
        assert!(!go_runtime_env(GcPercent::Percent(800), none, || None).contains_key("GOMEMLIMIT"));
    }

    #[test]
    fn gc_percent_option_reaches_every_native_invocation() {
        for (option, expected) in [
            (serde_json::json!(250), "250"),
            (serde_json::json!("off"), "off"),
        ] {
            let req = request(&["a.ts"], serde_json::json!({ "gc_percent": option }));
            let plan = plan(&req).unwrap();
            let inv = &plan.invocations[0];
            assert_eq!(inv.env.get("GOGC").map(String::as_str), Some(expected));
            // The user's own GOGC, as the host passes it on, is inherited instead.
            let users = req.with_env([("GOGC".to_owned(), "50".to_owned())].into());
            assert!(!plan_env(&users).contains_key("GOGC"));
        }
        let err = plan(&request(
            &["a.ts"],
            serde_json::json!({"gc_percent": "never"}),
        ))
        .unwrap_err();
        assert!(err.message().contains("gc_percent"), "{err}");
    }

    fn plan_env(request: &PlanRequest) -> BTreeMap<String, String> {
        plan(request).unwrap().invocations[0].env.clone()
    }

    #[test]
    fn machine_facts_come_from_the_plan_request() {
        let bare = request(&["a.ts"], serde_json::Value::Null);
        let args = |req: &PlanRequest| plan(req).unwrap().invocations[0].args.clone();
        // Nothing known about the machine: tsc's own threading, no memory limit.
        assert!(!args(&bare).iter().any(|a| a == "--checkers"));
        assert!(!plan_env(&bare).contains_key("GOMEMLIMIT"));
        let two_cores = bare
            .clone()
            .with_machine(Machine::new(Some(2), Some(8 << 30)));
        let with_machine = args(&two_cores);
        let at = with_machine.iter().position(|a| a == "--checkers").unwrap();
        assert_eq!(with_machine[at + 1], "2");
        assert_eq!(
            plan_env(&two_cores).get("GOMEMLIMIT").map(String::as_str),
            Some("4096MiB")
        );
        let user_limit = two_cores.with_env([("GOMEMLIMIT".to_owned(), "1GiB".to_owned())].into());
        assert!(!plan_env(&user_limit).contains_key("GOMEMLIMIT"));
    }

    #[test]
    fn discovered_programs_are_planned_unless_the_user_lists_tsconfigs() {
        let programs = vec![
            Program::new("tools/tsconfig.json"),
            Program::new("tsconfig.json").with_detail(serde_json::json!({"solution": true})),
        ];
        let mut req = request(&[], serde_json::Value::Null).with_programs(programs.clone());
        req.whole_project = true;
        let found = plan(&req).unwrap();
        assert_eq!(labels(&found), ["tools/tsconfig.json", "tsconfig.json"]);
        assert_eq!(found.invocations[1].args[0], "--build");
        let user =
            req.with_options(serde_json::json!({"tsconfigs": [{"path": "a/tsconfig.json"}]}));
        assert_eq!(labels(&plan(&user).unwrap()), ["a/tsconfig.json"]);
    }

    #[test]
    fn typescript_7_single_threaded_wins_over_checkers() {
        let req = request(
            &["a.ts"],
            serde_json::json!({"single_threaded": true, "checkers": 3}),
        );
        let plan = plan(&req).unwrap();
        let args = &plan.invocations[0].args;
        assert!(args.iter().any(|a| a == "--singleThreaded"));
        assert!(!args.iter().any(|a| a == "--checkers"));
    }

    #[test]
    fn unknown_option_keys_are_errors() {
        let err = plan(&request(&["a.ts"], serde_json::json!({"tsconfig": "x"}))).unwrap_err();
        assert!(err.message().contains("unknown field `tsconfig`"), "{err}");
        let err = plan(&request(&["a.ts"], serde_json::json!({"checkers": 0}))).unwrap_err();
        assert!(err.message().contains("checkers"), "{err}");
    }

    #[test]
    fn absolute_and_dash_paths_are_safe() {
        let opts = serde_json::json!({"tsconfigs": [{"path": "/p/-odd/tsconfig.json"}]});
        let plan = plan(&request(&["/p/-odd/src/a.ts"], opts)).unwrap();
        assert_eq!(labels(&plan), ["-odd/tsconfig.json"]);
        assert!(
            plan.invocations[0]
                .args
                .contains(&"./-odd/tsconfig.json".to_owned())
        );
    }

    #[test]
    fn javascript_compilers_get_no_native_flags_and_old_ones_no_build_mode() {
        for version in ["5.9.3", "4.9.5"] {
            let mut req = request(&["a.ts"], serde_json::json!({"checkers": 2}));
            req.tool = ResolvedTool::new("node", version)
                .with_prefix_args(vec!["/p/node_modules/typescript/lib/tsc.js".into()]);
            let plan = plan(&req).unwrap();
            let args = &plan.invocations[0].args;
            // `--checkers` is TS5025 "Unknown compiler option" before 7.
            assert!(
                !args.iter().any(|a| a == "--checkers"),
                "{version}: {args:?}"
            );
            assert!(
                args.iter().any(|a| a == "--incremental"),
                "{version}: {args:?}"
            );
        }
        let solution =
            serde_json::json!({"tsconfigs": [{"path": "tsconfig.json", "solution": true}]});
        let mut req = request(&["packages/a/a.ts"], solution);
        req.tool = ResolvedTool::new("node", "5.9.3");
        assert_eq!(plan(&req).unwrap().invocations[0].args[0], "--build");
        req.tool = ResolvedTool::new("node", "4.9.5");
        let err = plan(&req).unwrap_err();
        assert!(err.message().contains("TS5094"), "{err}");
        assert!(err.message().contains("compiler = \"native\""), "{err}");
    }

    #[test]
    fn major_minor_parsing() {
        assert_eq!(major_minor("5.9.3"), Some((5, 9)));
        assert_eq!(major_minor("Version 4.9.5"), Some((4, 9)));
        assert_eq!(major_minor("7"), Some((7, 0)));
        assert_eq!(major_minor("dev"), None);
        assert!(major_minor("5.10.0").unwrap() >= BUILD_NO_EMIT_SINCE);
        assert!(major_minor("5.2.2").unwrap() < BUILD_NO_EMIT_SINCE);
    }

    #[test]
    fn major_version_parsing() {
        assert_eq!(major_version("7.0.2"), Some(7));
        assert_eq!(major_version("Version 6.0.3"), Some(6));
        assert_eq!(major_version("dev"), None);
    }
}
