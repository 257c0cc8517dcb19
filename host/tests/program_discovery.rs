//! A whole-program engine that declares the programs capability gets its programs found and
//! its inputs hashed by the host, with no code of the host that knows the engine: the fixture
//! knows nothing of TypeScript, and its programs are `prog.toml` files.

mod support;

use std::path::Path;

use support::{PluginDir, fixture};

/// `signalint check --all-issues --format json` with only the program engine turned on.
fn check(root: &Path, plugins: &PluginDir) -> serde_json::Value {
    let output = support::run(
        support::signalint(Some(plugins.path()))
            .arg("--root")
            .arg(root)
            .args(["check", "--all-issues", "--format", "json"]),
    );
    support::stdout_json(&output)
}

fn project(files: &[(&str, &str)]) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = support::temp_project();
    let root = support::canonical(dir.path());
    let mut files = files.to_vec();
    files.push((
        "signalint.toml",
        "[engines.oxlint]\nenabled = false\n[engines.tsc]\nenabled = false\n\
         [engines.biome]\nenabled = false\n\n[engines.prog]\nplugin = \"program-engine\"\n",
    ));
    for (path, text) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    (dir, root)
}

/// The programs that ran, in the order of the runs.
fn runs(root: &Path) -> Vec<String> {
    let work = signalint::state::work_dir(root, "prog").unwrap();
    std::fs::read_to_string(work.join("runs.log"))
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
}

fn plugins() -> PluginDir {
    let dir = PluginDir::new();
    dir.add(fixture::PROGRAM_ENGINE, "program_engine");
    dir
}

#[test]
fn a_generic_engine_gets_its_programs_and_inputs_through_the_capability() {
    let (_dir, root) = project(&[
        ("app/prog.toml", "name = 'app'\n"),
        ("app/main.prog", "main\n"),
        ("lib/prog.toml", "name = 'lib'\n"),
        ("lib/main.prog", "lib\n"),
        ("deps.lock", "v1\n"),
        ("notes.txt", "not an input\n"),
    ]);
    let plugins = plugins();

    let json = check(&root, &plugins);
    assert_eq!(json["engines"]["prog"]["status"], "ok", "{json:#}");
    let mut files: Vec<&str> = json["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["engine"] == "prog")
        .map(|i| i["file"].as_str().unwrap())
        .collect();
    files.sort_unstable();
    assert_eq!(files, ["app/main.prog", "lib/main.prog"], "{json:#}");
    // The plan request carried the machine's cores.
    let cores = std::thread::available_parallelism().unwrap().get();
    let message = json["issues"][0]["message"].as_str().unwrap();
    assert!(message.ends_with(&format!("on {cores} cores")), "{message}");
    let mut ran = runs(&root);
    ran.sort();
    assert_eq!(
        ran,
        ["app/prog.toml", "lib/prog.toml"],
        "one run per program"
    );

    // Nothing changed: served from the cache, no run.
    let again = check(&root, &plugins);
    assert_eq!(again["totalIssues"], json["totalIssues"], "{again:#}");
    assert_eq!(runs(&root).len(), 2, "a cache hit runs nothing");

    // A file that is no program input changes nothing; a declared input re-checks.
    std::fs::write(root.join("notes.txt"), "edited\n").unwrap();
    check(&root, &plugins);
    assert_eq!(runs(&root).len(), 2, "notes.txt is not an input");
    std::fs::write(root.join("deps.lock"), "v2\n").unwrap();
    check(&root, &plugins);
    assert_eq!(
        runs(&root).len(),
        4,
        "deps.lock is an input of every program"
    );
    // So is a program config, and a source with the engine's extension.
    std::fs::write(root.join("lib/main.prog"), "lib, edited\n").unwrap();
    check(&root, &plugins);
    assert_eq!(runs(&root).len(), 6);
}

#[test]
fn without_a_program_config_the_engine_has_nothing_to_check() {
    let (_dir, root) = project(&[("main.prog", "main\n")]);
    let json = check(&root, &plugins());
    let status = &json["engines"]["prog"];
    assert_eq!(status["status"], "disabled", "{json:#}");
    assert_eq!(status["message"], "no prog.toml in the project", "{json:#}");
    assert!(runs(&root).is_empty());
}
