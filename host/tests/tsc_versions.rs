//! tsc with the compiler a project pins: TypeScript 5.9 and 4.9 (the JavaScript compiler, run
//! with node), the native TypeScript 7 by `compiler = "native"`, an out-of-range pin as an
//! error that names the fix, and `doctor` saying which compiler runs and why.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

fn test_engines() -> PathBuf {
    let dir = support::workspace_root().join("test-engines");
    assert!(
        dir.join("node_modules/typescript-5/lib/tsc.js").is_file()
            && dir.join("node_modules/typescript-4/lib/tsc.js").is_file(),
        "the pinned TypeScript 5.9.3 and 4.9.5 are missing: run `npm install --prefix test-engines`"
    );
    dir
}

/// A copy of the tsc plugin's `project` fixture that pins the TypeScript of `alias` (a link
/// at `node_modules/typescript`, as an install leaves it), with only tsc turned on.
fn project(alias: Option<&str>, tsc_table: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = support::temp_project();
    let root = support::canonical(dir.path());
    support::copy_tree(
        &support::workspace_root().join("plugins/tsc/tests/fixtures/project"),
        &root,
    );
    if let Some(alias) = alias {
        std::fs::create_dir_all(root.join("node_modules")).unwrap();
        std::os::unix::fs::symlink(
            test_engines().join("node_modules").join(alias),
            root.join("node_modules/typescript"),
        )
        .unwrap();
    }
    std::fs::write(
        root.join("signalint.toml"),
        format!(
            "[engines.oxlint]\nenabled = false\n[engines.biome]\nenabled = false\n\
             [engines.tsc]\n{tsc_table}"
        ),
    )
    .unwrap();
    (dir, root)
}

/// `signalint` with the pinned engines as its managed toolchain (TypeScript 7.0.2), in a
/// trusted project (its own TypeScript is what these tests are about).
fn signalint(root: &Path, args: &[&str]) -> serde_json::Value {
    let output = support::run(
        support::signalint(None)
            .env("SIGNALINT_TOOLCHAIN_DIR", test_engines())
            .env("SIGNALINT_TRUST", "1")
            .arg("--root")
            .arg(root)
            .args(args),
    );
    support::stdout_json(&output)
}

fn check(root: &Path) -> serde_json::Value {
    signalint(root, &["check", "--all-issues", "--format", "json"])
}

type Fact = (String, String, u64, u64, String);

/// The diagnostics of `node <alias>/lib/tsc.js --noEmit --pretty false -p tsconfig.json`
/// run directly in a fresh copy of the fixture (file, rule, line, UTF-16 column, first line
/// of the message).
fn direct_run(alias: &str) -> Vec<Fact> {
    let (_dir, root) = project(None, "");
    let output = Command::new("node")
        .arg(
            test_engines()
                .join("node_modules")
                .join(alias)
                .join("lib/tsc.js"),
        )
        .args(["--noEmit", "--pretty", "false", "-p", "tsconfig.json"])
        .current_dir(&root)
        .output()
        .unwrap();
    let pattern = regex::Regex::new(r"^(.+)\((\d+),(\d+)\): error (TS\d+): (.*)$").unwrap();
    let mut facts: Vec<Fact> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| pattern.captures(line))
        .map(|c| {
            (
                c[1].to_owned(),
                c[4].to_owned(),
                c[2].parse().unwrap(),
                c[3].parse().unwrap(),
                c[5].to_owned(),
            )
        })
        .collect();
    facts.sort();
    facts
}

/// Asserts that the issues carry exactly the directly printed diagnostics: the same places and
/// rules, each message starting with tsc's head line (the response folds the chain after it
/// and cuts a long one).
fn assert_conserved(json: &serde_json::Value, direct: &[Fact], what: &str) {
    let issues = tsc_facts(json);
    let places = |facts: &[Fact]| -> Vec<(String, String, u64, u64)> {
        facts
            .iter()
            .map(|f| (f.0.clone(), f.1.clone(), f.2, f.3))
            .collect()
    };
    assert_eq!(
        places(&issues),
        places(direct),
        "{what}: every diagnostic conserved"
    );
    for (issue, printed) in issues.iter().zip(direct) {
        // The response cuts a long message with `...`.
        let shown = issue.4.strip_suffix("...").unwrap_or(&issue.4);
        assert!(
            shown.starts_with(printed.4.trim_end_matches('.')) || printed.4.starts_with(shown),
            "{what}: {issue:?} does not carry {printed:?}"
        );
    }
}

fn tsc_facts(json: &serde_json::Value) -> Vec<Fact> {
    let mut facts: Vec<Fact> = json["issues"]
        .as_array()
        .expect("--all-issues lists issues")
        .iter()
        .filter(|i| i["engine"] == "tsc")
        .map(|i| {
            (
                i["file"].as_str().unwrap().to_owned(),
                i["rule"].as_str().unwrap().to_owned(),
                i["line"].as_u64().unwrap(),
                i["col"].as_u64().unwrap(),
                i["message"]
                    .as_str()
                    .unwrap()
                    .lines()
                    .next()
                    .unwrap()
                    .to_owned(),
            )
        })
        .collect();
    facts.sort();
    facts
}

#[test]
fn a_project_pinning_typescript_5_or_4_9_is_checked_with_its_own_compiler() {
    for (alias, version) in [("typescript-5", "5.9.3"), ("typescript-4", "4.9.5")] {
        let (_dir, root) = project(Some(alias), "");
        let json = check(&root);
        let tsc = &json["engines"]["tsc"];
        assert_eq!(tsc["status"], "ok", "{alias}: {json:#}");
        assert_eq!(tsc["version"], version, "{alias}: {json:#}");
        let direct = direct_run(alias);
        assert!(direct.len() >= 6, "{alias}: {direct:#?}");
        assert_conserved(&json, &direct, alias);
        // The emoji line: UTF-16 column 41 (40 code points, 50 bytes), as tsc counts.
        assert!(
            direct
                .iter()
                .any(|f| f.0 == "src/unicode.ts" && (f.2, f.3) == (2, 41))
        );
    }
}

#[test]
fn compiler_native_runs_the_managed_typescript_7_over_the_projects_pin() {
    let (_dir, root) = project(Some("typescript-5"), "compiler = \"native\"\n");
    let json = check(&root);
    let tsc = &json["engines"]["tsc"];
    assert_eq!(tsc["status"], "ok", "{json:#}");
    assert_eq!(tsc["version"], "7.0.2", "{json:#}");
    // The same program, the same facts as the project's 5.9.
    assert_conserved(&json, &direct_run("typescript-5"), "native");

    let (_dir, root) = project(Some("typescript-5"), "compiler = \"fast\"\n");
    let json = check(&root);
    let message = json["engines"]["tsc"]["message"]
        .as_str()
        .unwrap_or_default();
    assert_eq!(json["engines"]["tsc"]["status"], "error", "{json:#}");
    assert!(
        message.contains("[engines.tsc] compiler = \"fast\"") && message.contains("native"),
        "{message}"
    );
}

#[test]
fn an_out_of_range_pin_names_the_file_the_version_and_the_config_line() {
    let (_dir, root) = project(None, "");
    let package = root.join("node_modules/typescript");
    std::fs::create_dir_all(package.join("lib")).unwrap();
    std::fs::write(
        package.join("package.json"),
        r#"{"name": "typescript", "version": "4.8.4"}"#,
    )
    .unwrap();
    std::fs::write(package.join("lib/tsc.js"), "process.exit(9)\n").unwrap();
    let json = check(&root);
    let tsc = &json["engines"]["tsc"];
    assert_eq!(tsc["status"], "error", "{json:#}");
    let message = tsc["message"].as_str().unwrap();
    assert_eq!(
        message,
        format!(
            "tsc 4.8.4 at {}/node_modules/typescript/lib/tsc.js (project) is outside the \
             supported range >=4.9.0, <8.0.0; to run the managed typescript@7.0.2 instead, add \
             `compiler = \"native\"` under [engines.tsc] in signalint.toml (or install a \
             supported version in the project)",
            root.display()
        )
    );
    assert!(!message.contains("<id>"));

    // The line it names does fix it.
    std::fs::write(
        root.join("signalint.toml"),
        "[engines.oxlint]\nenabled = false\n[engines.biome]\nenabled = false\n\
         [engines.tsc]\ncompiler = \"native\"\n",
    )
    .unwrap();
    let json = check(&root);
    assert_eq!(json["engines"]["tsc"]["status"], "ok", "{json:#}");
    assert_eq!(json["engines"]["tsc"]["version"], "7.0.2", "{json:#}");
}

/// The reason doctor gives for tsc.
fn doctor_reason(root: &Path) -> String {
    let json = signalint(root, &["doctor", "--format", "json"]);
    let tsc = json["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "tsc")
        .unwrap_or_else(|| panic!("no tsc in {json:#}"));
    assert_eq!(tsc["state"], "enabled", "{json:#}");
    tsc["reason"].as_str().unwrap().to_owned()
}

#[test]
fn doctor_says_which_compiler_runs_and_why() {
    let (_a, pinned) = project(Some("typescript-5"), "");
    let reason = doctor_reason(&pinned);
    assert!(
        reason.contains("tsc 5.9.3 from the project")
            && reason.contains("the project's own, installed in its node_modules"),
        "{reason}"
    );
    let (_b, native) = project(Some("typescript-5"), "compiler = \"native\"\n");
    let reason = doctor_reason(&native);
    assert!(
        reason.contains("tsc 7.0.2 from the managed toolchain")
            && reason.contains("opted in with `compiler = \"native\"` in [engines.tsc]"),
        "{reason}"
    );
    let (_c, unpinned) = project(None, "");
    let reason = doctor_reason(&unpinned);
    assert!(
        reason.contains("tsc 7.0.2 from the managed toolchain")
            && reason.contains("managed fallback: the project pins none"),
        "{reason}"
    );
}

/// The root `package.json` of a project whose `typecheck` script runs `tsgo`, declaring
/// `@typescript/native-preview` (or, without it, only TypeScript 5).
fn write_manifest(root: &Path, declares_native_preview: bool) {
    let preview = if declares_native_preview {
        r#""@typescript/native-preview": "7.0.0-dev.20260707.2", "#
    } else {
        ""
    };
    std::fs::write(
        root.join("package.json"),
        format!(
            r#"{{"name": "p", "private": true,
                "scripts": {{"typecheck": "tsgo -p tsconfig.json"}},
                "devDependencies": {{{preview}"typescript": "5.9.3"}}}}"#
        ),
    )
    .unwrap();
}

#[test]
fn a_declared_native_preview_that_is_not_installed_runs_the_managed_typescript_7() {
    // TypeScript 5.9.3 is installed (kept for other tools); the preview is declared, not
    // installed.
    let (_dir, root) = project(Some("typescript-5"), "");
    write_manifest(&root, true);
    let json = check(&root);
    let tsc = &json["engines"]["tsc"];
    assert_eq!(tsc["status"], "ok", "{json:#}");
    assert_eq!(tsc["version"], "7.0.2", "{json:#}");
    let message = tsc["message"].as_str().unwrap_or_default();
    assert!(
        message.contains(
            "the project declares @typescript/native-preview (the `native` build of tsc) but \
             has not installed it: the managed toolchain tsc 7.0.2 runs; install the project's \
             dependencies to use its own"
        ),
        "{json:#}"
    );
    // The type errors are found, the same ones TypeScript 5.9 prints.
    assert_conserved(
        &json,
        &direct_run("typescript-5"),
        "declared native preview",
    );
    let reason = doctor_reason(&root);
    assert!(
        reason.contains("tsc 7.0.2 from the managed toolchain")
            && reason.contains("declares @typescript/native-preview"),
        "{reason}"
    );

    // Without the declaration, the project's own TypeScript 5.9.3 runs, as before.
    write_manifest(&root, false);
    let json = check(&root);
    let tsc = &json["engines"]["tsc"];
    assert_eq!(tsc["status"], "ok", "{json:#}");
    assert_eq!(tsc["version"], "5.9.3", "{json:#}");
    assert!(
        !tsc["message"]
            .as_str()
            .unwrap_or_default()
            .contains("native-preview"),
        "{json:#}"
    );
    assert_conserved(&json, &direct_run("typescript-5"), "no declaration");
}
