//! The CI files a user copies (`action.yml`, `.pre-commit-hooks.yaml`, the workflows in
//! `docs/ci.md`) are valid YAML of the right shape, and every signalint command they run exists
//! with the flags they pass.

mod support;

use std::path::Path;

use yaml_rust2::{Yaml, YamlLoader};

fn load(path: &Path) -> Yaml {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse(&path.display().to_string(), &text)
}

fn parse(name: &str, text: &str) -> Yaml {
    let mut documents = YamlLoader::load_from_str(text).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(documents.len(), 1, "{name}: one document");
    documents.remove(0)
}

/// A signalint command in a script line: the subcommand and the flags written with it.
#[derive(Debug)]
struct Invocation {
    subcommand: String,
    flags: Vec<String>,
    line: String,
}

/// Every `signalint <subcommand> …` in `script` (also `"$SIGNALINT" check`, `npx signalint`).
fn invocations(script: &str) -> Vec<Invocation> {
    let mut found = Vec::new();
    for line in script.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        for (at, word) in words.iter().enumerate() {
            let word = word.trim_matches('"');
            let is_signalint =
                word == "signalint" || word == "$SIGNALINT" || word.ends_with("/signalint");
            let Some(next) = words.get(at + 1) else {
                continue;
            };
            if !is_signalint || !next.chars().next().is_some_and(|c| c.is_ascii_lowercase()) {
                continue;
            }
            let flags = words[at + 2..]
                .iter()
                .take_while(|w| !matches!(**w, ">" | "|" | "||" | "&&" | ";"))
                .filter(|w| w.starts_with("--"))
                .map(|w| w.split('=').next().unwrap().to_owned())
                .collect();
            found.push(Invocation {
                subcommand: (*next).to_owned(),
                flags,
                line: line.trim().to_owned(),
            });
        }
    }
    found
}

/// `signalint SUBCOMMAND --help`, which must succeed and name every flag.
fn assert_runs(invocation: &Invocation, source: &str) {
    let output =
        support::run(support::signalint(None).args([invocation.subcommand.as_str(), "--help"]));
    assert!(
        output.status.success(),
        "{source}: `signalint {}` is not a command ({})",
        invocation.subcommand,
        invocation.line
    );
    let help = String::from_utf8_lossy(&output.stdout);
    for flag in &invocation.flags {
        assert!(
            help.contains(flag.as_str()),
            "{source}: `signalint {}` has no {flag} ({})",
            invocation.subcommand,
            invocation.line
        );
    }
}

fn str_of<'a>(yaml: &'a Yaml, key: &str) -> Option<&'a str> {
    yaml[key].as_str()
}

#[test]
fn the_action_installs_checks_and_uploads() {
    let action = load(&support::workspace_root().join("action.yml"));
    assert!(str_of(&action, "name").is_some() && str_of(&action, "description").is_some());
    assert_eq!(str_of(&action["runs"], "using"), Some("composite"));
    let inputs = action["inputs"].as_hash().expect("inputs");
    let steps = action["runs"]["steps"].as_vec().expect("steps");
    let mut all_runs = String::new();
    let mut uses = Vec::new();
    for step in steps {
        if let Some(run) = str_of(step, "run") {
            assert_eq!(
                str_of(step, "shell"),
                Some("bash"),
                "a composite run step names its shell"
            );
            all_runs.push_str(run);
            all_runs.push('\n');
        }
        if let Some(action) = str_of(step, "uses") {
            uses.push(action.to_owned());
        }
        // Every input a step reads is declared.
        let text = format!("{step:?}");
        for (at, _) in text.match_indices("inputs.") {
            let name: String = text[at + 7..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            assert!(
                inputs.contains_key(&Yaml::String(name.clone())),
                "the action reads an undeclared input `{name}`"
            );
        }
    }
    assert!(
        uses.iter()
            .any(|u| u.starts_with("github/codeql-action/upload-sarif@")),
        "{uses:?}"
    );
    // It installs the npm package this repository builds.
    let launcher: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(support::workspace_root().join("npm/signalint/package.json"))
            .unwrap(),
    )
    .unwrap();
    let package = launcher["name"].as_str().unwrap();
    assert!(all_runs.contains(&format!("\"{package}@")), "{all_runs}");
    let found = invocations(&all_runs);
    let check = found
        .iter()
        .find(|i| i.subcommand == "check")
        .expect("the action runs signalint check");
    assert!(check.flags.contains(&"--format".to_owned()) && check.line.contains("sarif"));
    assert!(all_runs.contains("--new-only"), "the baseline option");
    for invocation in &found {
        assert_runs(invocation, "action.yml");
    }
    let new_only = support::run(support::signalint(None).args(["check", "--help"]));
    assert!(String::from_utf8_lossy(&new_only.stdout).contains("--new-only"));
}

#[test]
fn the_pre_commit_hooks_run_signalint_commands() {
    let hooks = load(&support::workspace_root().join(".pre-commit-hooks.yaml"));
    let hooks = hooks.as_vec().expect("a list of hooks");
    assert!(!hooks.is_empty());
    for hook in hooks {
        for key in ["id", "name", "entry", "language"] {
            assert!(
                str_of(hook, key).is_some(),
                "a hook without `{key}`: {hook:?}"
            );
        }
        let entry = str_of(hook, "entry").unwrap();
        let found = invocations(entry);
        assert_eq!(found.len(), 1, "{entry}");
        assert_runs(&found[0], ".pre-commit-hooks.yaml");
    }
}

#[test]
fn the_documented_workflows_parse_and_run_signalint_commands() {
    let page = std::fs::read_to_string(support::workspace_root().join("docs/ci.md")).unwrap();
    // (language, text) of every fenced block.
    let mut fenced: Vec<(String, String)> = Vec::new();
    let mut current: Option<(String, String)> = None;
    for line in page.lines() {
        let fence = line.trim_start().strip_prefix("```");
        match (&mut current, fence) {
            (None, Some(language)) => current = Some((language.to_owned(), String::new())),
            (Some(_), Some("")) => fenced.extend(current.take()),
            (Some((_, block)), _) => {
                block.push_str(line);
                block.push('\n');
            }
            _ => {}
        }
    }
    let blocks: Vec<&String> = fenced
        .iter()
        .filter(|(language, _)| language == "yaml")
        .map(|(_, text)| text)
        .collect();
    assert!(blocks.len() >= 4, "the page has its workflows");
    let mut commands: Vec<String> = fenced
        .iter()
        .filter(|(language, _)| language == "sh")
        .map(|(_, text)| text.clone())
        .collect();
    let mut has_matrix_and_merge = false;
    for (index, block) in blocks.iter().enumerate() {
        let name = format!("docs/ci.md, yaml block {}", index + 1);
        // A fragment of a job's steps is indented; parse it as it stands.
        let yaml = parse(&name, block);
        collect_runs(&yaml, &mut commands);
        if let Some(jobs) = yaml["jobs"].as_hash() {
            let matrix = jobs
                .values()
                .any(|job| !job["strategy"]["matrix"]["shard"].is_badvalue());
            let merge = jobs.values().any(|job| {
                job["steps"].as_vec().is_some_and(|steps| {
                    steps.iter().any(|s| {
                        s["run"]
                            .as_str()
                            .is_some_and(|r| r.contains("signalint merge"))
                    })
                })
            });
            has_matrix_and_merge |= matrix && merge;
        }
    }
    assert!(
        has_matrix_and_merge,
        "a workflow with a shard matrix and a merge job"
    );
    let found: Vec<Invocation> = commands.iter().flat_map(|c| invocations(c)).collect();
    for subcommand in ["check", "merge", "baseline"] {
        assert!(
            found.iter().any(|i| i.subcommand == subcommand),
            "{subcommand}"
        );
    }
    for invocation in &found {
        assert_runs(invocation, "docs/ci.md");
    }
    // The matrix's shard count and `--shard I/N` agree.
    assert!(page.contains("shard: [1, 2, 3, 4]") && page.contains("/4 --format json"));
}

/// Every `run:` value anywhere in a YAML document (steps of jobs, a bare list of steps).
fn collect_runs(yaml: &Yaml, out: &mut Vec<String>) {
    match yaml {
        Yaml::Hash(map) => {
            for (key, value) in map {
                if key.as_str() == Some("run")
                    && let Some(run) = value.as_str()
                {
                    out.push(run.to_owned());
                }
                collect_runs(value, out);
            }
        }
        Yaml::Array(items) => items.iter().for_each(|item| collect_runs(item, out)),
        _ => {}
    }
}
