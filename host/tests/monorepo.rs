//! Workspace monorepos (`tests/fixtures/monorepos/`: npm, yarn and pnpm shapes) with the real
//! engines: a solution tsconfig whose referenced packages are each checked once, a
//! package-local compiler next to a hoisted one, paths relative to the root a check was given
//! and, in SARIF and GitHub output, to the repository; path-scoped checks; a symlink out of the
//! root.

mod support;

use std::path::{Path, PathBuf};

use serde_json::Value;

fn engines() -> PathBuf {
    support::oxlint_bin();
    support::workspace_root().join("test-engines/node_modules")
}

/// A copy of one fixture as a git work tree, with TypeScript 5.9 hoisted in the root's
/// `node_modules` and 4.9 local to `packages/b`.
fn workspace(shape: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = support::temp_project();
    let top = support::canonical(dir.path()).join(shape);
    support::copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/monorepos")
            .join(shape),
        &top,
    );
    std::fs::create_dir(top.join(".git")).unwrap();
    let engines = engines();
    for (at, package) in [
        ("node_modules", "typescript-5"),
        ("packages/b/node_modules", "typescript-4"),
    ] {
        std::fs::create_dir_all(top.join(at)).unwrap();
        std::os::unix::fs::symlink(engines.join(package), top.join(at).join("typescript")).unwrap();
    }
    (dir, top)
}

fn check(root: &Path, extra: &[&str], format: &str) -> std::process::Output {
    support::run(
        support::signalint(None)
            // The packages pin their own TypeScript: trusted, they run it.
            .env("SIGNALINT_TRUST", "1")
            .args(["check", "--root"])
            .arg(root)
            .args(["--format", format, "--all-issues", "--fail-on", "never"])
            .args(extra)
            .env(
                "SIGNALINT_TOOLCHAIN_DIR",
                support::workspace_root().join("test-engines"),
            ),
    )
}

fn check_json(root: &Path, extra: &[&str]) -> Value {
    support::stdout_json(&check(root, extra, "json"))
}

/// `file line engine rule` of every issue, sorted.
fn places(response: &Value) -> Vec<String> {
    let mut places: Vec<String> = response["issues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            format!(
                "{} {} {} {}",
                i["file"].as_str().unwrap(),
                i["line"],
                i["engine"].as_str().unwrap(),
                i["rule"].as_str().unwrap()
            )
        })
        .collect();
    places.sort();
    places
}

fn status<'a>(response: &'a Value, engine: &str) -> &'a Value {
    let status = &response["engines"][engine];
    assert_eq!(status["status"], "ok", "{engine}: {status:#}");
    status
}

#[test]
fn every_workspace_shape_checks_each_referenced_package_once() {
    for shape in ["npm", "yarn", "pnpm"] {
        let (_dir, top) = workspace(shape);
        let response = check_json(&top, &[]);
        // The hoisted compiler checks the solution; each package's type error comes once.
        assert_eq!(status(&response, "tsc")["version"], "5.9.3", "{shape}");
        status(&response, "oxlint");
        assert_eq!(
            response["engines"]["biome"]["status"], "disabled",
            "{shape}"
        );
        let mut expected = vec![
            "packages/a/src/index.ts 1 tsc TS2322",
            "packages/a/src/index.ts 4 oxlint eslint/no-debugger",
            "packages/b/src/index.ts 1 tsc TS2322",
            "packages/b/src/index.ts 4 oxlint eslint/no-debugger",
        ];
        if shape == "npm" {
            // The package's own .oxlintrc.json applies to its files only.
            expected.push("packages/b/src/index.ts 7 oxlint eslint/eqeqeq");
        }
        expected.sort();
        assert_eq!(places(&response), expected, "{shape}");
    }
}

#[test]
fn a_package_is_checked_with_its_own_compiler_and_paths_relative_to_it() {
    let (_dir, top) = workspace("npm");
    let package = top.join("packages/b");
    let response = check_json(&package, &[]);
    assert_eq!(status(&response, "tsc")["version"], "4.9.5");
    assert_eq!(
        places(&response),
        [
            "src/index.ts 1 tsc TS2322",
            "src/index.ts 4 oxlint eslint/no-debugger",
            "src/index.ts 7 oxlint eslint/eqeqeq",
        ]
    );

    // Dashboards and annotations resolve paths against the repository.
    let sarif: Value = support::stdout_json(&check(&package, &[], "sarif"));
    let uris: Vec<&str> = sarif["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                .as_str()
                .unwrap()
        })
        .collect();
    assert_eq!(uris.len(), 3, "{sarif:#}");
    assert!(
        uris.iter().all(|u| *u == "packages/b/src/index.ts"),
        "{uris:?}"
    );
    let github = String::from_utf8(check(&package, &[], "github").stdout).unwrap();
    let lines: Vec<&str> = github.lines().collect();
    assert_eq!(lines.len(), 3, "{github}");
    assert!(
        lines
            .iter()
            .all(|l| l.contains("file=packages/b/src/index.ts,")),
        "{github}"
    );
    // From the top, the two agree.
    let sarif: Value = support::stdout_json(&check(&top, &[], "sarif"));
    assert!(sarif["runs"][0]["results"].as_array().unwrap().iter().any(
        |r| r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            == "packages/a/src/index.ts"
    ));
}

#[test]
fn a_path_scoped_check_reports_only_its_paths_and_says_tsc_checked_everything() {
    let (_dir, top) = workspace("npm");
    let response = check_json(&top, &["packages/a"]);
    assert_eq!(
        places(&response),
        [
            "packages/a/src/index.ts 1 tsc TS2322",
            "packages/a/src/index.ts 4 oxlint eslint/no-debugger",
        ]
    );
    let tsc = status(&response, "tsc");
    assert_eq!(tsc["issueCount"], 1, "{tsc:#}");
    assert!(
        tsc["message"]
            .as_str()
            .is_some_and(|m| m.contains("checked its whole programs; 1 issue(s) outside")),
        "{tsc:#}"
    );
    // The file-local engine was only given the paths: nothing to drop, nothing said.
    assert!(status(&response, "oxlint")["message"].is_null());
}

#[test]
fn issues_in_files_a_symlink_leads_out_of_the_root_to_are_dropped_and_counted() {
    let (_dir, top) = workspace("npm");
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(
        outside.path().join("secret.ts"),
        "export const leaked: number = \"outside\";\n",
    )
    .unwrap();
    // tsc's `include: ["src"]` follows the link; the project walk does not.
    std::os::unix::fs::symlink(outside.path(), top.join("packages/a/src/linked")).unwrap();
    let response = check_json(&top, &[]);
    let all = places(&response);
    assert!(all.iter().all(|p| !p.contains("linked")), "{all:#?}");
    assert_eq!(all.len(), 5, "{all:#?}");
    let tsc = status(&response, "tsc");
    assert_eq!(tsc["issueCount"], 2, "{tsc:#}");
    assert!(
        tsc["message"]
            .as_str()
            .is_some_and(|m| m.contains("1 issue(s) dropped: their files resolve outside")),
        "{tsc:#}"
    );
}

#[test]
fn doctor_says_why_each_engine_is_on_or_off_from_a_package() {
    let (_dir, top) = workspace("npm");
    std::fs::write(top.join("biome.json"), "{}\n").unwrap();
    let output = support::run(
        support::signalint(None)
            // The packages pin their own TypeScript: trusted, they run it.
            .env("SIGNALINT_TRUST", "1")
            .args(["doctor", "--format", "json", "--root"])
            .arg(top.join("packages/a"))
            .env(
                "SIGNALINT_TOOLCHAIN_DIR",
                support::workspace_root().join("test-engines"),
            ),
    );
    let report = support::stdout_json(&output);
    let engine = |id: &str| {
        report["checks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == id)
            .unwrap_or_else(|| panic!("no {id} in {report:#}"))
            .clone()
    };
    // The repository's biome.json is an ancestor's config; the package's own tsconfig is its.
    let biome = engine("biome");
    assert_eq!(biome["state"], "enabled", "{biome:#}");
    assert!(
        biome["reason"]
            .as_str()
            .unwrap()
            .starts_with("on: the project uses it (../../biome.json)"),
        "{biome:#}"
    );
    let tsc = engine("tsc");
    assert!(
        tsc["reason"]
            .as_str()
            .unwrap()
            .starts_with("on: the project uses it (tsconfig.json)"),
        "{tsc:#}"
    );
    // Biome lints here, so the baseline linter stays off, and says how to turn it on.
    let oxlint = engine("oxlint");
    assert_eq!(oxlint["state"], "disabled", "{oxlint:#}");
    let reason = oxlint["reason"].as_str().unwrap();
    assert!(
        reason.contains("lints with biome") && reason.contains("[engines.oxlint]"),
        "{oxlint:#}"
    );
}

/// An import of a workspace sibling that is not linked into `node_modules` gets advice from the
/// workspace's facts: it names the package's directory and the package manager's way to link it.
#[test]
fn an_unlinked_workspace_sibling_is_named_with_its_directory() {
    for (shape, install, dependency) in [
        ("npm", "npm install", "\"*\""),
        ("yarn", "yarn install", "\"workspace:*\""),
        ("pnpm", "pnpm install", "\"workspace:*\""),
    ] {
        let (_dir, top) = workspace(shape);
        for file in ["index.ts", "use.ts"] {
            std::fs::write(
                top.join("packages/a/src").join(file),
                format!(
                    "import {{ answer }} from \"@mono/b\";\n\nexport const {}: number = answer;\n",
                    file.replace(".ts", "")
                ),
            )
            .unwrap();
        }
        let response = check_json(&top, &[]);
        status(&response, "tsc");
        let clusters = response["clusters"].as_array().unwrap();
        let module = clusters
            .iter()
            .find(|c| c["ruleIds"] == serde_json::json!(["TS2307"]))
            .unwrap_or_else(|| panic!("{shape}: an unresolved-module cluster: {response:#}"));
        let action = module["suggestedAction"].as_str().unwrap();
        assert_eq!(
            action,
            format!(
                "'@mono/b' is the workspace package in packages/b, not linked: add it to the \
                 importing package's dependencies as {dependency} and run `{install}` in the \
                 repository root"
            ),
            "{shape}"
        );
    }
}

/// A sibling that is linked (as pnpm links it, into the importer's `node_modules`) but whose
/// `exports` point at a build output that does not exist yet is not "not linked": the advice is
/// to build it first, with its own script, the way the workspace's manager runs it.
#[test]
fn a_linked_sibling_without_its_build_output_is_built_first() {
    let (_dir, top) = workspace("pnpm");
    std::fs::write(
        top.join("packages/b/package.json"),
        r#"{"name": "@mono/b", "version": "1.0.0", "private": true,
            "scripts": {"build": "tsc -b"},
            "exports": {".": {"types": "./dist/index.d.ts", "default": "./dist/index.js"}}}"#,
    )
    .unwrap();
    std::fs::create_dir_all(top.join("packages/a/node_modules/@mono")).unwrap();
    std::os::unix::fs::symlink("../../../b", top.join("packages/a/node_modules/@mono/b")).unwrap();
    std::fs::write(
        top.join("packages/a/src/index.ts"),
        "import { answer } from \"@mono/b\";\n\nexport const index: number = answer;\n",
    )
    .unwrap();
    let response = check_json(&top, &[]);
    status(&response, "tsc");
    let module = response["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["ruleIds"] == serde_json::json!(["TS2307"]))
        .unwrap_or_else(|| panic!("an unresolved-module cluster: {response:#}"));
    assert_eq!(
        module["suggestedAction"].as_str().unwrap(),
        "'@mono/b' is the workspace package in packages/b, linked but not built: its entry point \
         packages/b/dist/index.d.ts does not exist; run `pnpm --filter @mono/b run build` first"
    );
}

/// A committed symlink where a referenced project's config puts its build info (aimed at a
/// file of the user's) is never written through: each reference of a solution runs with its
/// build info in the engine's scratch directory, so tsc checks the project and the link and
/// its target stay as they were.
#[test]
fn a_planted_link_at_a_build_info_path_is_never_written_through() {
    let (_dir, top) = workspace("npm");
    let outside = tempfile::tempdir().unwrap();
    let target = outside.path().join("bashrc");
    std::fs::write(&target, "export KEEP=1\n").unwrap();
    let link = top.join("packages/a/tsconfig.tsbuildinfo");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let response = check_json(&top, &[]);
    status(&response, "tsc");
    status(&response, "oxlint");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "export KEEP=1\n");
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(std::fs::read_link(&link).unwrap(), target);
    let places = places(&response);
    assert!(
        places.contains(&"packages/a/src/index.ts 4 oxlint eslint/no-debugger".to_owned()),
        "{places:?}"
    );
}
