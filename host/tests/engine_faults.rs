//! Engines that hang, flood, crash, print garbage or cannot be found, side by side with a real
//! oxlint in one `signalint check`: each fault ends as an error on its own engine, with a
//! message that says what happened, and every other engine's results survive.

mod support;

use std::path::Path;
use std::time::{Duration, Instant};

use support::{PluginDir, fixture};

/// A `sleep` argument no other process on the machine uses, so the test can look for leftovers.
fn unique_seconds() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    format!("300.{}{:09}", std::process::id(), nanos)
}

/// Processes whose command line is exactly `sleep <seconds>`.
fn sleepers(seconds: &str) -> Vec<u32> {
    let wanted = format!("sleep\0{seconds}\0");
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline"))
                .is_ok_and(|cmdline| cmdline == wanted.as_bytes())
        })
        .collect()
}

struct Project {
    _dir: tempfile::TempDir,
    root: std::path::PathBuf,
}

/// A project with one JavaScript file for oxlint and one text file for the fault engines.
fn project(config: &str) -> Project {
    let dir = support::temp_project();
    let root = support::canonical(dir.path());
    std::fs::write(
        root.join("app.js"),
        "export function f(x) {\n  debugger;\n  return x == 1;\n}\n",
    )
    .unwrap();
    std::fs::write(root.join("notes.txt"), "a note\n").unwrap();
    let oxlint = support::oxlint_bin();
    std::fs::write(
        root.join("signalint.toml"),
        format!(
            "[engines.tsc]\nenabled = false\n\n[engines.biome]\nenabled = false\n\n\
             [engines.oxlint]\ntool = \"{}\"\n\n{config}",
            oxlint.display()
        ),
    )
    .unwrap();
    Project { _dir: dir, root }
}

fn check(root: &Path, plugins: &PluginDir) -> (serde_json::Value, std::process::Output, Duration) {
    let mut command = support::signalint(Some(plugins.path()));
    // The test wrote the config: it trusts its tools.
    command
        .arg("--root")
        .arg(root)
        .args(["--trust", "check", "--all-issues", "--format", "json"]);
    let started = Instant::now();
    let output = support::run(&mut command);
    let elapsed = started.elapsed();
    (support::stdout_json(&output), output, elapsed)
}

fn fault_plugins() -> PluginDir {
    let dir = PluginDir::new();
    dir.add(fixture::FAULT_ENGINE, "fault_engine");
    dir
}

fn error_message<'a>(json: &'a serde_json::Value, engine: &str) -> &'a str {
    let status = &json["engines"][engine];
    assert_eq!(status["status"], "error", "{engine}: {json:#}");
    status["message"].as_str().expect("an error message")
}

/// oxlint's findings and the `ok` instance's finding are all in the response.
fn assert_others_intact(json: &serde_json::Value) {
    assert_eq!(json["engines"]["oxlint"]["status"], "ok", "{json:#}");
    let issues = json["issues"].as_array().expect("issues");
    let oxlint: Vec<&str> = issues
        .iter()
        .filter(|i| i["engine"] == "oxlint")
        .map(|i| i["rule"].as_str().unwrap())
        .collect();
    assert_eq!(oxlint, ["eslint/no-debugger"], "{json:#}");
    assert_eq!(json["engines"]["fine"]["status"], "ok", "{json:#}");
    let fine: Vec<&serde_json::Value> = issues.iter().filter(|i| i["engine"] == "fine").collect();
    assert_eq!(fine.len(), 1, "{json:#}");
    assert_eq!(fine[0]["rule"], "fault/ok");
    assert_eq!(fine[0]["file"], "notes.txt");
}

const FINE: &str = "[engines.fine]\nplugin = \"fault-engine\"\noptions = { mode = \"ok\" }\n";

#[test]
fn a_hanging_engine_is_killed_at_its_timeout_with_its_children() {
    let seconds = unique_seconds();
    let project = project(&format!(
        "{FINE}\n[engines.hang]\nplugin = \"fault-engine\"\ntimeout_secs = 2\n\
         options = {{ mode = \"hang\", seconds = \"{seconds}\" }}\n"
    ));
    let plugins = fault_plugins();
    let (json, output, elapsed) = check(&project.root, &plugins);

    assert_eq!(output.status.code(), Some(1), "issues found: {json:#}");
    let message = error_message(&json, "hang");
    assert!(
        message.contains("hang did not complete within 2s"),
        "{message}"
    );
    assert!(message.contains(&format!("sleep {seconds}")), "{message}");
    assert!(
        elapsed >= Duration::from_secs(2) && elapsed < Duration::from_secs(60),
        "the check took {elapsed:?}"
    );
    assert_others_intact(&json);

    // Neither the child nor the grandchild outlives the check.
    let deadline = Instant::now() + Duration::from_secs(3);
    let mut left = sleepers(&seconds);
    while !left.is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
        left = sleepers(&seconds);
    }
    assert!(
        left.is_empty(),
        "`sleep {seconds}` processes outlived the timeout: {left:?}"
    );
}

#[test]
fn floods_garbage_crashes_and_missing_tools_stay_on_their_engine() {
    let project = project(&format!(
        "{FINE}\n\
         [engines.flood]\nplugin = \"fault-engine\"\noptions = {{ mode = \"flood\" }}\n\n\
         [engines.garbage]\nplugin = \"fault-engine\"\noptions = {{ mode = \"garbage\" }}\n\n\
         [engines.segfault]\nplugin = \"fault-engine\"\noptions = {{ mode = \"segfault\" }}\n\n\
         [engines.crash]\nplugin = \"fault-engine\"\noptions = {{ mode = \"crash-after-report\" }}\n\n\
         [engines.missing]\nplugin = \"fault-engine\"\ntool = \"/nonexistent/x\"\n\
         options = {{ mode = \"ok\" }}\n"
    ));
    let plugins = fault_plugins();
    // The second check finds the same faults: a failed run is never remembered as a result.
    for _ in 0..2 {
        let (json, output, _) = check(&project.root, &plugins);
        assert_eq!(output.status.code(), Some(1), "issues found: {json:#}");
        assert_faults(&json);
    }
}

fn assert_faults(json: &serde_json::Value) {
    let flood = error_message(json, "flood");
    assert!(
        flood.contains("flood output exceeded the 10 MiB limit"),
        "{flood}"
    );

    let garbage = error_message(json, "garbage");
    assert!(garbage.contains("exit code 2"), "{garbage}");
    assert!(
        garbage.contains("fault-engine: giving up"),
        "the tail of stderr is kept: {garbage}"
    );
    assert!(garbage.contains("sh -c"), "the command is named: {garbage}");
    assert_eq!(json["engines"]["garbage"]["skippedRecords"], 1, "{json:#}");

    let segfault = error_message(json, "segfault");
    assert!(
        segfault.contains("segfault was killed by signal 11 (SIGSEGV)"),
        "{segfault}"
    );
    assert!(segfault.contains("kill -SEGV"), "{segfault}");

    // A tool that printed a readable report and then crashed did not finish: the engine is in
    // error, and what it reported is kept.
    let crash = error_message(json, "crash");
    assert!(
        crash.contains("crash was killed by signal 11 (SIGSEGV)"),
        "{crash}"
    );
    let kept: Vec<&serde_json::Value> = json["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["engine"] == "crash")
        .collect();
    assert_eq!(kept.len(), 1, "{json:#}");
    assert_eq!(kept[0]["rule"], "fault/ok");

    let missing = error_message(json, "missing");
    assert!(missing.contains("/nonexistent/x"), "{missing}");

    assert_others_intact(json);
    assert_eq!(
        json["issues"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|i| !["oxlint", "fine", "crash"].contains(&i["engine"].as_str().unwrap()))
            .count(),
        0,
        "{json:#}"
    );
}

#[test]
fn values_of_a_newer_plugin_api_are_handled_on_their_diagnostic() {
    let project = project(&format!(
        "{FINE}\n[engines.newer]\nplugin = \"fault-engine\"\noptions = {{ mode = \"newer-values\" }}\n"
    ));
    let plugins = fault_plugins();
    let (json, _, _) = check(&project.root, &plugins);
    // A column in an unknown unit cannot be placed: that diagnostic is dropped, counted and
    // named in the engine's status.
    let message = error_message(&json, "newer");
    assert!(
        message.contains(
            "1 diagnostics of newer count columns in a unit this signalint does not know"
        ),
        "{message}"
    );
    assert_eq!(json["engines"]["newer"]["skippedRecords"], 1, "{json:#}");
    // An unknown severity folds to a warning.
    let newer: Vec<&serde_json::Value> = json["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["engine"] == "newer")
        .collect();
    assert_eq!(newer.len(), 1, "{json:#}");
    assert_eq!(newer[0]["rule"], "fault/newer-severity");
    assert_eq!(newer[0]["severity"], "warning");
    assert_others_intact(&json);
}

#[test]
fn a_failed_engine_without_issues_exits_with_engine_failed() {
    let dir = support::temp_project();
    let root = support::canonical(dir.path());
    std::fs::write(root.join("notes.txt"), "a note\n").unwrap();
    std::fs::write(
        root.join("signalint.toml"),
        "[engines.oxlint]\nenabled = false\n[engines.tsc]\nenabled = false\n\
         [engines.biome]\nenabled = false\n\n\
         [engines.garbage]\nplugin = \"fault-engine\"\noptions = { mode = \"garbage\" }\n",
    )
    .unwrap();
    let plugins = fault_plugins();
    let (json, output, _) = check(&root, &plugins);
    assert_eq!(output.status.code(), Some(3), "{json:#}");
    assert!(error_message(&json, "garbage").contains("exit code 2"));
    assert_eq!(json["totalIssues"], 0, "{json:#}");
}
