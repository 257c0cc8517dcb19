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

fn check_project(name: &str, spec: &Value, source: &Path, engines: &Path) {
    let dir = support::temp_project();
    let project = support::canonical(dir.path()).join(name);
    copy_project(source, &project);

    let used: BTreeSet<&str> = spec["engines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    // The engines run directly first, on the copy as the user has it (signalint then adds
    // only `.signalint/`).
    let direct: BTreeMap<&str, Places> = used
        .iter()
        .map(|engine| {
            let places = match *engine {
                "oxlint" => direct_oxlint(&project, engines),
                "biome" => direct_biome(&project, engines),
                "eslint" => direct_eslint(&project, engines),
                "tsc" => direct_tsc(&project, engines, spec["tsc"].as_array().unwrap()),
                other => panic!("{name}: no direct run for {other}"),
            };
            (*engine, places)
        })
        .collect();

    let output = support::run(
        support::signalint(None)
            .args(["check", "--root"])
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
    for engine in BUILTIN.iter().filter(|e| !used.contains(*e)) {
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
        for issue in issues
            .iter()
            .filter(|i| engines_of(i).iter().any(|e| e == engine))
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
