//! Real code bases nobody here wrote, checked as a new user would (`corpus/repos/`, built by
//! `scripts/install-repos` under the user's cache dir). For each project:
//!
//! * every engine the project uses is `ok`, and every other built-in engine is off with its
//!   reason;
//! * every diagnostic a direct run of each engine prints is conserved: at each file and line,
//!   as many issues list that engine as the engine reported there;
//! * no fact appears twice: issue ids are unique, and no two issues at one place share a rule;
//! * when a cluster is a root cause, the first cluster is one.
//!
//! A project with its dependencies installed (`own` in the manifest: hono, the MCP TypeScript
//! SDK, bulletproof-react) is held to its own tools instead: the same type errors as its own
//! typecheck commands and the same findings as its own ESLint commands, run as its scripts run
//! them; and the check writes nothing outside `.signalint/` and reports no error of a config
//! that is only extended (TS18003).
//!
//! A missing corpus fails the test with the command that builds it. Nothing is skipped.

mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// The built-in engines (the contract always reports them).
const BUILTIN: [&str; 4] = ["oxlint", "tsc", "biome", "eslint"];

fn manifest() -> Value {
    let path = support::workspace_root().join("corpus/repos/repos.json");
    serde_json::from_str(&std::fs::read_to_string(&path).expect("corpus/repos/repos.json"))
        .expect("the corpus manifest is JSON")
}

/// Where `scripts/install-repos` built the corpus.
fn corpus_dir(version: u64) -> PathBuf {
    if let Some(dir) = std::env::var_os("SIGNALINT_CORPUS_REPOS") {
        return PathBuf::from(dir);
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .expect("HOME or XDG_CACHE_HOME");
    base.join(format!("signalint/corpus-repos/v{version}"))
}

fn engines_dir() -> PathBuf {
    support::oxlint_bin();
    support::workspace_root().join("test-engines/node_modules")
}

/// A copy of a corpus project (a check writes `.signalint/`, and `tsc --build` its build
/// info), symlinks kept as links.
fn copy_project(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        let kind = entry.file_type().unwrap();
        if kind.is_symlink() {
            std::os::unix::fs::symlink(std::fs::read_link(entry.path()).unwrap(), &target).unwrap();
        } else if kind.is_dir() {
            copy_project(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Diagnostics of a direct run, counted by (file, line); file-level ones at line 0.
type Places = BTreeMap<(String, u64), usize>;

fn output_of(command: &mut Command, what: &str) -> String {
    let output = command
        .env("NO_COLOR", "1")
        .env_remove("CLAUDECODE")
        .env_remove("CURSOR_AGENT")
        .output()
        .unwrap_or_else(|e| panic!("{what} did not start: {e}"));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn relative(project: &Path, file: &str) -> String {
    let file = Path::new(file);
    file.strip_prefix(project)
        .unwrap_or(file)
        .to_string_lossy()
        .trim_start_matches("./")
        .to_owned()
}

fn direct_oxlint(project: &Path, engines: &Path) -> Places {
    let stdout = output_of(
        Command::new("node")
            .arg(engines.join("oxlint/bin/oxlint"))
            .args(["--format=json", "--ignore-pattern=**/node_modules/**", "."])
            .current_dir(project),
        "oxlint",
    );
    let report: Value = serde_json::from_str(&stdout[stdout.find('{').unwrap_or(0)..])
        .unwrap_or_else(|e| panic!("oxlint json ({e}): {stdout}"));
    let mut places = Places::new();
    for d in report["diagnostics"].as_array().unwrap() {
        let line = d["labels"][0]["span"]["line"].as_u64().unwrap_or(0);
        let file = relative(project, d["filename"].as_str().unwrap_or(""));
        *places.entry((file, line)).or_default() += 1;
    }
    places
}

fn direct_biome(project: &Path, engines: &Path) -> Places {
    let scratch = tempfile::tempdir().unwrap();
    let report = scratch.path().join("biome.json");
    output_of(
        Command::new(engines.join("@biomejs/cli-linux-x64/biome"))
            .args([
                "check",
                "--colors=off",
                "--max-diagnostics=none",
                "--reporter=json",
            ])
            .arg(format!("--reporter-file={}", report.display()))
            .arg(".")
            .current_dir(project),
        "biome",
    );
    let text = std::fs::read_to_string(&report).expect("biome wrote its report");
    let report: Value = serde_json::from_str(&text).unwrap();
    let mut places = Places::new();
    for d in report["diagnostics"].as_array().unwrap() {
        let location = &d["location"];
        let file = relative(project, location["path"].as_str().unwrap_or(""));
        let line = location["start"]["line"].as_u64().unwrap_or(0);
        *places.entry((file, line)).or_default() += 1;
    }
    places
}

fn direct_eslint(project: &Path, engines: &Path) -> Places {
    let stdout = output_of(
        Command::new("node")
            .arg(engines.join("eslint/bin/eslint.js"))
            .args(["--format", "json", "."])
            .current_dir(project),
        "eslint",
    );
    let report: Value =
        serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("eslint json ({e}): {stdout}"));
    let mut places = Places::new();
    for file in report.as_array().unwrap() {
        let name = relative(project, file["filePath"].as_str().unwrap());
        for m in file["messages"].as_array().unwrap() {
            let line = m["line"].as_u64().unwrap_or(0);
            *places.entry((name.clone(), line)).or_default() += 1;
        }
    }
    places
}

/// Every program the manifest lists, run as signalint runs it: the project's own compiler
/// when it pins one, else the managed TypeScript 7.
fn direct_tsc(project: &Path, engines: &Path, programs: &[Value]) -> Places {
    let own = project.join("node_modules/typescript/lib/tsc.js");
    let head = regex_lite_head();
    let mut places = Places::new();
    for args in programs {
        let args: Vec<&str> = args
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        let mut command = if own.is_file() {
            let mut c = Command::new("node");
            c.arg(&own);
            c
        } else {
            Command::new(engines.join("@typescript/typescript-linux-x64/lib/tsc"))
        };
        let build = args.first() == Some(&"--build");
        command.args(&args).args(["--noEmit", "--pretty", "false"]);
        if !build {
            command.args(["--locale", "en"]);
        }
        let stdout = output_of(command.current_dir(project), "tsc");
        // `--build` writes build info next to each config: leave the copy as signalint finds it.
        for info in walk(project).filter(|p| p.extension().is_some_and(|e| e == "tsbuildinfo")) {
            std::fs::remove_file(info).unwrap();
        }
        for line in stdout.lines() {
            // What `--build --noEmit` says of every referenced project, because of the
            // `--noEmit` alone: signalint drops it (the user's `tsc -b` never prints it).
            if build && line.contains(": error TS6310: ") {
                continue;
            }
            if let Some((file, line)) = head(line) {
                *places.entry((file, line)).or_default() += 1;
            }
        }
    }
    places
}

/// tsc's head line, `file(line,col): error TS…: …` or `error TS…: …`: its file and line.
fn regex_lite_head() -> impl Fn(&str) -> Option<(String, u64)> {
    |line: &str| {
        if line.starts_with(' ') {
            return None;
        }
        for category in ["error", "warning", "message"] {
            let marker = format!("{category} TS");
            if let Some(rest) = line.strip_prefix(&marker)
                && rest.starts_with(|c: char| c.is_ascii_digit())
            {
                return Some((String::new(), 0));
            }
            if let Some(at) = line.find(&format!("): {marker}")) {
                let place = &line[..at];
                let open = place.rfind('(')?;
                let line_no = place[open + 1..].split(',').next()?.parse().ok()?;
                return Some((place[..open].to_owned(), line_no));
            }
        }
        None
    }
}

fn walk(dir: &Path) -> impl Iterator<Item = PathBuf> {
    let mut stack = vec![dir.to_owned()];
    let mut files = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let kind = entry.file_type().unwrap();
            if kind.is_dir() && entry.file_name() != "node_modules" && entry.file_name() != ".git" {
                stack.push(entry.path());
            } else if kind.is_file() {
                files.push(entry.path());
            }
        }
    }
    files.into_iter()
}

/// The engines an issue stands for: its `engines` list, or its own engine.
fn engines_of(issue: &Value) -> Vec<String> {
    match issue["engines"].as_array() {
        Some(list) if !list.is_empty() => list
            .iter()
            .map(|e| e.as_str().unwrap().to_owned())
            .collect(),
        _ => vec![issue["engine"].as_str().unwrap().to_owned()],
    }
}

/// A command of the project's own scripts (`own` in the manifest): `cwd` inside the project,
/// `run` its program (a path inside the project) and arguments.
fn own_command(project: &Path, command: &Value) -> (PathBuf, Command) {
    let cwd = project.join(command["cwd"].as_str().unwrap_or("."));
    let run: Vec<&str> = command["run"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    let mut process = Command::new(project.join(run[0]));
    process.args(&run[1..]).current_dir(&cwd);
    (cwd, process)
}

/// `path` as the project names it, from a path relative to `cwd` (or absolute).
fn from_cwd(project: &Path, cwd: &Path, path: &str) -> String {
    let mut joined = PathBuf::new();
    for part in cwd.join(path).components() {
        match part {
            std::path::Component::ParentDir => {
                joined.pop();
            }
            std::path::Component::CurDir => {}
            other => joined.push(other),
        }
    }
    relative(project, &joined.to_string_lossy())
}

/// The project's own typecheck commands, as its scripts run them (with `--pretty false`). A
/// file in two programs is reported by both with the same line: one fact, counted once (the
/// most any one command printed it).
fn own_typecheck(project: &Path, commands: &[Value]) -> Places {
    let head = regex_lite_head();
    let mut most: BTreeMap<(String, u64, String), usize> = BTreeMap::new();
    for command in commands {
        let (cwd, mut process) = own_command(project, command);
        let stdout = output_of(&mut process, "the project's typecheck");
        let mut counted: BTreeMap<(String, u64, String), usize> = BTreeMap::new();
        for text in stdout.lines() {
            // `--build --noEmit` says so of every referenced project; a `tsc -b` never does.
            if text.contains("error TS6310:") {
                continue;
            }
            if let Some((file, line)) = head(text) {
                let file = if file.is_empty() {
                    file
                } else {
                    from_cwd(project, &cwd, &file)
                };
                let said =
                    text[text.find(": error").or(text.find(": warning")).unwrap_or(0)..].to_owned();
                *counted.entry((file, line, said)).or_default() += 1;
            }
        }
        for (fact, count) in counted {
            let seen = most.entry(fact).or_default();
            *seen = (*seen).max(count);
        }
    }
    let mut places = Places::new();
    for ((file, line, _), count) in most {
        *places.entry((file, line)).or_default() += count;
    }
    places
}

/// The project's own ESLint commands, as its scripts run them, with a JSON report: the
/// findings, and every file the commands linted (signalint lints every file the project's
/// config covers, which may be more than a script names: `eslint src/`).
fn own_lint(project: &Path, commands: &[Value], linted: &mut BTreeSet<String>) -> Places {
    let mut places = Places::new();
    for command in commands {
        let (_, mut process) = own_command(project, command);
        let stdout = output_of(process.args(["--format", "json"]), "the project's ESLint");
        let report: Value = serde_json::from_str(&stdout)
            .unwrap_or_else(|e| panic!("the project's ESLint json ({e}): {stdout}"));
        for file in report.as_array().unwrap() {
            let name = relative(project, file["filePath"].as_str().unwrap());
            linted.insert(name.clone());
            for m in file["messages"].as_array().unwrap() {
                let line = m["line"].as_u64().unwrap_or(0);
                *places.entry((name.clone(), line)).or_default() += 1;
            }
        }
    }
    places
}

/// Every file of the project outside `node_modules`, `.git` and `.signalint/`, with its size
/// and modification time: what a check must leave as it found it.
fn snapshot(project: &Path) -> BTreeMap<String, (u64, std::time::SystemTime)> {
    walk(project)
        .filter(|file| !file.starts_with(project.join(".signalint")))
        .map(|file| {
            let meta = std::fs::metadata(&file).unwrap();
            (
                relative(project, &file.to_string_lossy()),
                (meta.len(), meta.modified().unwrap()),
            )
        })
        .collect()
}

fn check_project(name: &str, spec: &Value, source: &Path, engines: &Path) {
    let dir = support::temp_project();
    let project = support::canonical(dir.path()).join(name);
    copy_project(source, &project);
    // The project's own tools run on a copy of their own: some write build info into the
    // project (`incremental` configs), which the check must never see nor make.
    let own_copy = support::canonical(dir.path()).join(format!("{name}.own"));
    let own = spec.get("own");
    if own.is_some() {
        copy_project(source, &own_copy);
    }

    let used: BTreeSet<&str> = spec["engines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    // The engines run directly first, on the copy as the user has it (signalint then adds
    // only `.signalint/`).
    let mut linted = BTreeSet::new();
    let direct: BTreeMap<&str, Places> = used
        .iter()
        .map(|engine| {
            let places = match (*engine, own) {
                ("tsc", Some(own)) => {
                    own_typecheck(&own_copy, own["typecheck"].as_array().unwrap())
                }
                ("eslint", Some(own)) => {
                    own_lint(&own_copy, own["lint"].as_array().unwrap(), &mut linted)
                }
                _ => match *engine {
                    "oxlint" => direct_oxlint(&project, engines),
                    "biome" => direct_biome(&project, engines),
                    "eslint" => direct_eslint(&project, engines),
                    "tsc" => direct_tsc(&project, engines, spec["tsc"].as_array().unwrap()),
                    other => panic!("{name}: no direct run for {other}"),
                },
            };
            (*engine, places)
        })
        .collect();

    let before = snapshot(&project);
    // A typed ESLint config with an import resolver over a whole monorepo can pass the
    // default 120 s engine timeout on a loaded CI machine: the run is slow, not wrong.
    let slow = dir.path().join("slow-engines.toml");
    std::fs::write(&slow, "[check]\ntimeout_secs = 900\n").unwrap();
    let output = support::run(
        support::signalint(None)
            .args(["check", "--config"])
            .arg(&slow)
            .arg("--root")
            .arg(&project)
            .args(["--format", "json", "--all-issues", "--fail-on", "never"])
            // The corpus repositories are trusted: their own pinned engines (and their ESLint
            // config, which is JavaScript) are what they lint with, and what the direct runs
            // above compare with.
            .env("SIGNALINT_TRUST", "1")
            .env(
                "SIGNALINT_TOOLCHAIN_DIR",
                support::workspace_root().join("test-engines"),
            ),
    );
    let response = support::stdout_json(&output);
    assert_eq!(
        snapshot(&project),
        before,
        "{name}: the check wrote in the project outside .signalint/"
    );

    // Every engine the project uses ran cleanly; every other one is off and says why.
    for engine in &used {
        let status = &response["engines"][engine];
        assert_eq!(status["status"], "ok", "{name}: {engine} {status:#}");
        assert!(
            status["reason"]
                .as_str()
                .is_some_and(|r| r.starts_with("on")),
            "{name}: {engine} {status:#}"
        );
    }
    // An engine the project uses that signalint declines: an error that says why.
    let refused = spec.get("refused").and_then(Value::as_object);
    for (engine, why) in refused.into_iter().flatten() {
        let status = &response["engines"][engine];
        assert_eq!(status["status"], "error", "{name}: {engine} {status:#}");
        assert!(
            status["message"]
                .as_str()
                .is_some_and(|m| m.contains(why.as_str().unwrap())),
            "{name}: {engine} {status:#}"
        );
    }
    for engine in BUILTIN
        .iter()
        .filter(|e| !used.contains(*e) && !refused.is_some_and(|r| r.contains_key(**e)))
    {
        let status = &response["engines"][engine];
        assert_eq!(status["status"], "disabled", "{name}: {engine} {status:#}");
        assert!(
            status["reason"]
                .as_str()
                .is_some_and(|r| r.starts_with("off")),
            "{name}: {engine} {status:#}"
        );
    }

    let issues = response["issues"].as_array().expect("--all-issues");
    // Conservation, engine by engine, place by place.
    for (engine, direct) in &direct {
        let mut reported = Places::new();
        // The project's own lint scripts name what they lint: the findings compare there.
        let in_scope = |issue: &&Value| {
            *engine != "eslint"
                || own.is_none()
                || linted.contains(issue["file"].as_str().unwrap_or_default())
        };
        for issue in issues
            .iter()
            .filter(|i| engines_of(i).iter().any(|e| e == engine))
            .filter(in_scope)
        {
            let key = (
                issue["file"].as_str().unwrap().to_owned(),
                issue["line"].as_u64().unwrap(),
            );
            *reported.entry(key).or_default() += 1;
        }
        assert_eq!(
            &reported, direct,
            "{name}: {engine}'s issues by place against its direct run"
        );
    }

    // No fact twice.
    let ids: BTreeSet<&str> = issues
        .iter()
        .map(|i| i["issueId"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), issues.len(), "{name}: duplicate issue ids");
    let mut seen: BTreeSet<(String, u64, u64, String)> = BTreeSet::new();
    for issue in issues {
        let rules: Vec<String> = match issue["rules"].as_array() {
            Some(list) if !list.is_empty() => list
                .iter()
                .map(|r| r.as_str().unwrap().to_owned())
                .collect(),
            _ => vec![format!("{}:{}", issue["engine"], issue["rule"])],
        };
        for rule in rules {
            let place = (
                issue["file"].as_str().unwrap().to_owned(),
                issue["line"].as_u64().unwrap(),
                issue["col"].as_u64().unwrap(),
                rule,
            );
            if issue["line"].as_u64() != Some(0) {
                assert!(seen.insert(place.clone()), "{name}: {place:?} twice");
            }
        }
    }

    // The programs checked are the project's own: no benchmark or foreign sub-project, no
    // base config, as doctor lists them.
    if own.is_some() {
        let doctor = support::stdout_json(&support::run(
            support::signalint(None)
                .args(["doctor", "--format", "json", "--root"])
                .arg(&project)
                .env("SIGNALINT_TRUST", "1")
                .env(
                    "SIGNALINT_TOOLCHAIN_DIR",
                    support::workspace_root().join("test-engines"),
                ),
        ));
        let tsc = doctor["checks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == "tsc")
            .expect("doctor lists tsc");
        let checked: BTreeSet<&str> = tsc["programs"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["checked"] == true)
            .map(|p| p["config"].as_str().unwrap())
            .collect();
        let expected: BTreeSet<&str> = spec["tsc"]
            .as_array()
            .unwrap()
            .iter()
            .map(|args| args.as_array().unwrap().last().unwrap().as_str().unwrap())
            .collect();
        assert_eq!(checked, expected, "{name}: the programs checked: {tsc:#}");
    }

    // A config that is only extended is no program of its own.
    for issue in issues.iter().filter(|_| own.is_some()) {
        assert_ne!(
            issue["rule"], "TS18003",
            "{name}: a config with no inputs was checked as a program: {issue:#}"
        );
    }

    // Causes first.
    let clusters = response["clusters"].as_array().unwrap();
    if clusters.iter().any(|c| c["rootCause"] == true) {
        assert_eq!(
            clusters[0]["rootCause"], true,
            "{name}: the first cluster is not the cause: {:#}",
            clusters[0]
        );
    }
}

#[test]
fn every_corpus_project_is_checked_as_its_engines_see_it() {
    let manifest = manifest();
    let corpus = corpus_dir(manifest["version"].as_u64().unwrap());
    let engines = engines_dir();
    let projects = manifest["projects"].as_object().unwrap();
    assert!(projects.len() >= 6, "at least six real code bases");
    for (name, spec) in projects {
        let source = corpus.join(name);
        assert!(
            source.join(".corpus-manifest").is_file(),
            "{} is not built: run `scripts/install-repos` in the workspace root",
            source.display()
        );
        check_project(name, spec, &source, &engines);
    }
}
