//! `signalint new-plugin`: the crates it writes build outside this repository, pass their own
//! tests, and load into the host, an engine (run end to end on a stand-in tool) and a rule pack
//! (run over a manifest).

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

/// A target directory kept between runs (beside the workspace's own), so the dependencies of
/// the generated crates build once.
fn target_dir() -> PathBuf {
    support::library_dir()
        .parent()
        .expect("the target directory")
        .join("new-plugin")
}

fn new_plugin(kind: &str, id: &str, dir: &Path) {
    let output = support::run(
        support::signalint(None)
            .args(["new-plugin", "--kind", kind, id])
            .arg(dir)
            .arg("--api-path")
            .arg(support::workspace_root().join("plugin-api")),
    );
    assert!(output.status.success(), "{output:?}");
}

fn cargo(dir: &Path, args: &[&str]) {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(cargo)
        .args(args)
        .args(["--offline", "--quiet"])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target_dir())
        .env_remove("RUSTFLAGS")
        .output()
        .expect("run cargo");
    assert!(
        output.status.success(),
        "cargo {args:?} in {} failed:\n{}\n{}",
        dir.display(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A stand-in for the engine's tool on PATH: prints its version, and one diagnostic per file in
/// the output format the template parses.
fn stand_in_tool(bin: &Path, name: &str) {
    use std::os::unix::fs::PermissionsExt;
    let script = bin.join(name);
    std::fs::write(
        &script,
        "#!/bin/sh\n\
         if [ \"$1\" = \"--version\" ]; then echo \"stand-in 1.2.3\"; exit 0; fi\n\
         for f in \"$@\"; do\n\
           case \"$f\" in --*) continue ;; esac\n\
           printf '{\"file\": \"%s\", \"line\": 1, \"column\": 1, \"rule\": \"R1\", \"severity\": \"error\", \"message\": \"found a note\"}\\n' \"$f\"\n\
         done\n",
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn generated_plugins_build_pass_their_tests_and_load() {
    let scratch = tempfile::tempdir().unwrap();
    let engine = scratch.path().join("engine");
    let pack = scratch.path().join("pack");
    new_plugin("engine", "starter-engine", &engine);
    new_plugin("rule-pack", "starter-pack", &pack);
    for dir in [&engine, &pack] {
        assert!(dir.join("README.md").is_file());
        cargo(dir, &["test"]);
        cargo(dir, &["build"]);
    }
    let libraries = target_dir().join("debug");

    let output = support::run(
        support::signalint(Some(&libraries))
            .arg("--root")
            .arg(scratch.path())
            .args(["plugins", "--format", "json"]),
    );
    let json = support::stdout_json(&output);
    for (id, kind) in [("starter-engine", "engine"), ("starter-pack", "rule-pack")] {
        let row = json["plugins"]
            .as_array()
            .unwrap()
            .iter()
            .find(|row| row["id"] == id)
            .unwrap_or_else(|| panic!("{id} not listed: {json}"));
        assert_eq!(row["status"], "loaded", "{row}");
        assert_eq!(row["kind"], kind, "{row}");
    }

    // Both run in a check: the engine on the stand-in tool, the pack over a manifest.
    let project = support::temp_project();
    let root = project.path();
    std::fs::write(root.join("note.txt"), "a note\n").unwrap();
    std::fs::write(root.join("tools.json"), r#"[{"name": "fetch"}]"#).unwrap();
    std::fs::write(
        root.join("signalint.toml"),
        "[engines.starter-engine]\n\n[rule_packs.starter-pack]\n\n[mcp]\nmanifests = [\"tools.json\"]\n",
    )
    .unwrap();
    let bin = scratch.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    stand_in_tool(&bin, "starter-engine");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = support::run(
        support::signalint(Some(&libraries))
            .arg("--root")
            .arg(root)
            .args(["check", "--format", "json", "--all-issues"])
            .env("PATH", path)
            .env(
                "SIGNALINT_TOOLCHAIN_DIR",
                support::workspace_root().join("test-engines"),
            ),
    );
    let json = support::stdout_json(&output);
    assert_eq!(json["engines"]["starter-engine"]["status"], "ok", "{json}");
    assert_eq!(json["rulePacks"]["starter-pack"]["status"], "ok", "{json}");
    let rules: Vec<&str> = json["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|issue| issue["rule"].as_str())
        .collect();
    assert!(rules.contains(&"starter-engine/R1"), "{rules:?}");
    assert!(rules.contains(&"missing-description"), "{rules:?}");
}

#[test]
fn a_bad_id_or_a_used_directory_is_refused() {
    let scratch = tempfile::tempdir().unwrap();
    let output =
        support::run(support::signalint(None).args(["new-plugin", "--kind", "engine", "Bad_Name"]));
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a plugin id"));

    std::fs::write(scratch.path().join("keep.txt"), "mine").unwrap();
    let output = support::run(
        support::signalint(None)
            .args(["new-plugin", "--kind", "rule-pack", "mine"])
            .arg(scratch.path()),
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not empty"));
    assert_eq!(
        std::fs::read_to_string(scratch.path().join("keep.txt")).unwrap(),
        "mine"
    );
}

/// What `cargo publish` needs of the plugin API: its metadata, a readme and a licence in the
/// package, and no dependency that exists only as a path (`cargo publish --dry-run -p
/// signalint-plugin-api` then builds it from the packaged files).
#[test]
fn the_plugin_api_is_ready_to_publish() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let workspace = support::workspace_root();
    let output = Command::new(&cargo)
        .args([
            "metadata",
            "--no-deps",
            "--offline",
            "--format-version",
            "1",
        ])
        .current_dir(&workspace)
        .output()
        .expect("run cargo metadata");
    assert!(output.status.success(), "{output:?}");
    let metadata = support::stdout_json(&output);
    let api = metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "signalint-plugin-api")
        .expect("the plugin API package");
    for field in ["description", "license", "readme", "repository"] {
        assert!(
            api[field].as_str().is_some_and(|v| !v.is_empty()),
            "{field} is missing"
        );
    }
    for dependency in api["dependencies"].as_array().unwrap() {
        assert!(
            dependency["path"].is_null() && dependency["req"] != "*",
            "a dependency crates.io cannot resolve: {dependency}"
        );
    }
    let output = Command::new(&cargo)
        .args([
            "package",
            "--list",
            "--allow-dirty",
            "--offline",
            "-p",
            "signalint-plugin-api",
        ])
        .current_dir(&workspace)
        .output()
        .expect("run cargo package");
    assert!(output.status.success(), "{output:?}");
    let listed = String::from_utf8_lossy(&output.stdout);
    for file in ["README.md", "LICENSE", "src/lib.rs"] {
        assert!(
            listed.lines().any(|l| l == file),
            "{file} not packaged: {listed}"
        );
    }
}
