//! The programs a project checks, with the real TypeScript (`tests/fixtures/programs/`):
//!
//! * `library`: hono's shape. A root solution over `tsconfig.build.json`/`tsconfig.spec.json`
//!   (the `test` script runs `tsc -p tsconfig.spec.json`) and a runtime test, and a benchmark
//!   with a `package.json` of its own and node16 resolution: the benchmark is not checked, a
//!   file three programs include reports its error once, and the check leaves no build info in
//!   the project.
//! * `pnpm-monorepo`: typescript-sdk's shape. A pnpm workspace whose packages extend a base
//!   config that is a workspace package of its own (by name), type-checked by `tsgo -p`
//!   scripts with `@typescript/native-preview` installed: the base config is no program (no
//!   TS18003), the example outside the workspace is not checked, the preview compiler runs,
//!   and a file both packages read reports its error once.
//!
//! Each time the errors are the ones the project's own compiler prints for the programs the
//! project names.

mod support;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn engines() -> PathBuf {
    support::workspace_root().join("test-engines/node_modules")
}

/// A copy of one fixture with a `.git` directory, and the files in it.
fn project(shape: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = support::temp_project();
    let root = support::canonical(dir.path()).join(shape);
    support::copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/programs")
            .join(shape),
        &root,
    );
    std::fs::create_dir(root.join(".git")).unwrap();
    (dir, root)
}

fn link(target: &Path, at: &Path) {
    std::fs::create_dir_all(at.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(target, at).unwrap();
}

/// Every file of the project outside `node_modules`, `.git` and `.signalint`.
fn files(root: &Path) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let entry = entry.unwrap();
            let name = entry.file_name().to_string_lossy().into_owned();
            let kind = entry.file_type().unwrap();
            if kind.is_dir() {
                if !matches!(name.as_str(), "node_modules" | ".git" | ".signalint") {
                    stack.push(entry.path());
                }
            } else {
                let path = entry.path();
                found.insert(path.strip_prefix(root).unwrap().display().to_string());
            }
        }
    }
    found
}

fn signalint(root: &Path, args: &[&str]) -> Value {
    let output = support::run(
        support::signalint(None)
            .arg("--root")
            .arg(root)
            .args(args)
            // Trusted: the fixtures' own compilers are what the projects check with, and what
            // these tests compare with.
            .env("SIGNALINT_TRUST", "1")
            .env(
                "SIGNALINT_TOOLCHAIN_DIR",
                support::workspace_root().join("test-engines"),
            ),
    );
    support::stdout_json(&output)
}

fn check(root: &Path) -> Value {
    signalint(
        root,
        &[
            "check",
            "--all-issues",
            "--format",
            "json",
            "--fail-on",
            "never",
        ],
    )
}

/// The tsc engine's line of `doctor --format json`.
fn doctor_tsc(root: &Path) -> Value {
    let report = signalint(root, &["doctor", "--format", "json"]);
    report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "tsc")
        .cloned()
        .unwrap()
}

/// `config → (checked, reason)` of doctor's program list.
fn programs(tsc: &Value) -> Vec<(String, bool, String)> {
    tsc["programs"]
        .as_array()
        .unwrap_or(&Vec::new())
        .iter()
        .map(|p| {
            (
                p["config"].as_str().unwrap().to_owned(),
                p["checked"].as_bool().unwrap(),
                p["reason"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect()
}

/// `file:line:col:rule` of every tsc issue, in answer order (duplicates kept).
fn tsc_places(response: &Value) -> Vec<String> {
    response["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["engine"] == "tsc")
        .map(|i| {
            format!(
                "{}:{}:{}:{}",
                i["file"].as_str().unwrap(),
                i["line"],
                i["col"],
                i["rule"].as_str().unwrap()
            )
        })
        .collect()
}

/// What the project's own compiler prints for each config, as `file:line:col:TSxxxx`.
fn own_compiler(root: &Path, compiler: &[PathBuf], configs: &[&str]) -> BTreeSet<String> {
    let mut places = BTreeSet::new();
    for config in configs {
        let mut command = Command::new(&compiler[0]);
        command
            .args(&compiler[1..])
            .args(["--noEmit", "--pretty", "false", "-p", config])
            .current_dir(root);
        let output = command.output().unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        for line in stdout.lines() {
            let Some((place, rest)) = line.split_once("): error ") else {
                continue;
            };
            let Some((file, position)) = place.split_once('(') else {
                continue;
            };
            let code = rest.split(':').next().unwrap();
            let (line, col) = position.split_once(',').unwrap();
            places.insert(format!("{file}:{line}:{col}:{code}"));
        }
    }
    places
}

#[test]
fn a_library_checks_its_own_programs_once_each_and_writes_nothing_in_the_project() {
    let (_dir, root) = project("library");
    link(
        &engines().join("typescript-5"),
        &root.join("node_modules/typescript"),
    );
    let before = files(&root);

    let tsc = doctor_tsc(&root);
    assert_eq!(tsc["state"], "enabled", "{tsc:#}");
    assert!(!tsc["reason"].as_str().unwrap().contains("CI"), "{tsc:#}");
    let listed = programs(&tsc);
    let checked: Vec<&str> = listed
        .iter()
        .filter(|p| p.1)
        .map(|p| p.0.as_str())
        .collect();
    assert_eq!(
        checked,
        [
            "runtime-tests/node/tsconfig.json",
            "tsconfig.build.json",
            "tsconfig.spec.json"
        ],
        "{listed:#?}"
    );
    let benchmark = listed
        .iter()
        .find(|p| p.0 == "benchmarks/fetch/tsconfig.json")
        .unwrap();
    assert!(!benchmark.1);
    assert!(benchmark.2.contains("no workspace member"), "{benchmark:?}");

    let response = check(&root);
    assert_eq!(
        response["engines"]["tsc"]["status"], "ok",
        "{:#}",
        response["engines"]
    );
    let places = tsc_places(&response);
    let unique: BTreeSet<String> = places.iter().cloned().collect();
    assert_eq!(places.len(), unique.len(), "no duplicates: {places:#?}");
    assert!(
        !places.iter().any(|p| p.starts_with("benchmarks/")),
        "{places:#?}"
    );
    // Nothing written in the project outside `.signalint/`: no build info, no `dist/`.
    assert_eq!(files(&root), before);
    assert!(!root.join("dist").exists());

    // The project's own compiler, on the programs it names (it writes the build info of
    // these composite configs itself, so it runs last).
    let node_tsc = vec![
        PathBuf::from("node"),
        root.join("node_modules/typescript/lib/tsc.js"),
    ];
    let own = own_compiler(&root, &node_tsc, &checked);
    assert!(own.contains("src/router.ts:6:14:TS2322"), "{own:#?}");
    assert_eq!(unique, own);
    // The one issue says which programs reported it: the three that include the file.
    let shared = response["issues"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["file"] == "src/router.ts" && i["line"] == 6)
        .unwrap_or_else(|| panic!("{:#}", response["issues"]));
    assert_eq!(
        shared["programs"],
        serde_json::json!([
            "runtime-tests/node/tsconfig.json",
            "tsconfig.build.json",
            "tsconfig.spec.json"
        ]),
        "{shared:#}"
    );
}

#[test]
fn a_pnpm_monorepo_skips_its_base_config_and_runs_the_native_preview() {
    let (_dir, root) = project("pnpm-monorepo");
    // pnpm's links: the base config package in each member, and the preview compiler (the
    // pinned TypeScript 7 binary, under the preview's package name and version).
    for member in ["packages/core", "packages/client"] {
        link(
            &root.join("common/tsconfig"),
            &root.join(member).join("node_modules/@acme/tsconfig"),
        );
    }
    let preview = root.join("node_modules/@typescript/native-preview-linux-x64");
    link(
        &engines().join("@typescript/typescript-linux-x64/lib/tsc"),
        &preview.join("lib/tsgo"),
    );
    std::fs::write(
        preview.join("package.json"),
        r#"{"name": "@typescript/native-preview-linux-x64", "version": "7.0.0-dev.20260707.2"}"#,
    )
    .unwrap();
    link(
        &engines().join("typescript-5"),
        &root.join("node_modules/typescript"),
    );

    let tsc = doctor_tsc(&root);
    assert_eq!(tsc["version"], "7.0.0-dev.20260707.2", "{tsc:#}");
    assert!(
        tsc["tool"].as_str().unwrap().ends_with("/lib/tsgo"),
        "{tsc:#}"
    );
    let listed = programs(&tsc);
    let checked: Vec<&str> = listed
        .iter()
        .filter(|p| p.1)
        .map(|p| p.0.as_str())
        .collect();
    assert_eq!(
        checked,
        [
            "packages/client/tsconfig.json",
            "packages/core/tsconfig.json"
        ],
        "{listed:#?}"
    );
    let reason = |config: &str| listed.iter().find(|p| p.0 == config).unwrap().2.clone();
    assert!(reason("common/tsconfig/tsconfig.json").contains("base config"));
    assert!(reason("examples/demo/tsconfig.json").contains("no workspace member"));
    assert!(reason("packages/core/tsconfig.json").contains("`typecheck` script"));

    let response = check(&root);
    assert_eq!(
        response["engines"]["tsc"]["status"], "ok",
        "{:#}",
        response["engines"]
    );
    let places = tsc_places(&response);
    assert!(!places.iter().any(|p| p.contains("TS18003")), "{places:#?}");
    assert_eq!(
        places
            .iter()
            .filter(|p| p.starts_with("packages/core/src/index.ts:6:"))
            .count(),
        1,
        "{places:#?}"
    );
    let own = own_compiler(&root, &[preview.join("lib/tsgo")], &checked);
    let unique: BTreeSet<String> = places.iter().cloned().collect();
    assert_eq!(places.len(), unique.len(), "{places:#?}");
    assert_eq!(unique, own);
}

/// A solution whose projects reference each other runs as one `tsc --build`, which writes build
/// info where each config says and cannot be told otherwise: what it created is removed.
#[test]
fn a_build_of_referencing_projects_leaves_no_build_info_behind() {
    let (_dir, root) = project("library");
    link(
        &engines().join("typescript-5"),
        &root.join("node_modules/typescript"),
    );
    std::fs::write(
        root.join("tsconfig.spec.json"),
        r#"{
  "extends": "./tsconfig.base.json",
  "compilerOptions": { "composite": true, "outDir": "dist/spec" },
  "include": ["test"],
  "references": [{ "path": "./tsconfig.build.json" }]
}"#,
    )
    .unwrap();
    let before = files(&root);
    let tsc = doctor_tsc(&root);
    let listed = programs(&tsc);
    assert!(
        listed.iter().any(|p| p.0 == "tsconfig.json" && p.1),
        "the solution runs with --build: {listed:#?}"
    );
    let response = check(&root);
    assert_eq!(
        response["engines"]["tsc"]["status"], "ok",
        "{:#}",
        response["engines"]
    );
    let places = tsc_places(&response);
    assert!(
        places.contains(&"src/router.ts:6:14:TS2322".to_owned()),
        "{places:#?}"
    );
    assert_eq!(files(&root), before);
    assert!(!root.join("dist").exists());
}
