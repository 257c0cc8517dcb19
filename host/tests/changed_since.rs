//! `signalint check --changed-since REF` on a real git repository: only the issues on lines the
//! branch changed since its merge-base with REF are reported (committed, uncommitted and
//! untracked changes; a renamed file's unchanged lines stay quiet), as JSON and as reviewdog's
//! rdjson, which validates against reviewdog's own schema.

mod mcp_support;

use std::path::Path;
use std::process::{Command, Output};

use mcp_support::Project;
use serde_json::Value;

fn git(root: &Path, args: &[&str]) {
    let output = Command::new("git")
        .args(["-c", "user.name=dev", "-c", "user.email=dev@example.com"])
        .args([
            "-c",
            "commit.gpgsign=false",
            "-c",
            "init.defaultBranch=main",
        ])
        .args(args)
        .current_dir(root)
        .output()
        .expect("run git");
    assert!(
        output.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

fn signalint(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_signalint"))
        .arg("--root")
        .arg(root)
        .args(args)
        .env_remove("SIGNALINT_LOG")
        .env("SIGNALINT_NO_INSTALL", "1")
        .env(
            "SIGNALINT_TOOLCHAIN_DIR",
            mcp_support::workspace_root().join("test-engines"),
        )
        .output()
        .expect("run signalint")
}

fn json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

/// The fixture project committed on `main`, then a branch that renames `src/util.ts` to
/// `src/math/util.ts` adding one line (committed), appends a type error to `src/index.ts`
/// (uncommitted) and adds an untracked file.
fn branch() -> Project {
    let project = Project::typescript();
    // Every engine the project uses: oxlint, tsc, and Biome (whose fixes become suggestions).
    project.write("signalint.toml", "");
    project.write("biome.json", "{}\n");
    let root = project.root();
    git(&root, &["init", "-q"]);
    git(&root, &["add", "-A"]);
    git(&root, &["commit", "-q", "-m", "base"]);
    git(&root, &["checkout", "-q", "-b", "feature"]);
    std::fs::create_dir(root.join("src/math")).unwrap();
    git(&root, &["mv", "src/util.ts", "src/math/util.ts"]);
    project.write(
        "src/math/util.ts",
        "export function double(n: number): number {\n  debugger;\n  const scratch = n;\n  return n * 2;\n}\n",
    );
    let index = std::fs::read_to_string(root.join("src/index.ts"))
        .unwrap()
        .replace("\"./util\"", "\"./math/util\"");
    project.write("src/index.ts", &index);
    git(&root, &["commit", "-q", "-am", "move util"]);
    project.write(
        "src/index.ts",
        &format!("{index}export const label: number = \"label\";\n"),
    );
    project.write(
        "src/extra.ts",
        "export const flag = 1;\ndebugger;\nlet a = 1; if (a == 2) {}\n",
    );
    project
}

/// (file, line, rule) of every issue.
fn issues(response: &Value) -> Vec<(String, u64, String)> {
    let mut found: Vec<(String, u64, String)> = response["issues"]
        .as_array()
        .unwrap_or_else(|| panic!("{response:#}"))
        .iter()
        .map(|i| {
            (
                i["file"].as_str().unwrap().to_owned(),
                i["line"].as_u64().unwrap(),
                i["rule"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    found.sort();
    found
}

#[test]
fn only_issues_on_changed_lines_are_reported() {
    let project = branch();
    let root = project.root();
    // The whole project has the old issues too.
    let full = signalint(&root, &["check", "--format", "json", "--all-issues"]);
    let all = issues(&json(&full));
    assert!(
        all.iter()
            .any(|(f, l, r)| f == "src/index.ts" && *l == 3 && r == "TS2322"),
        "{all:?}"
    );

    let output = signalint(
        &root,
        &[
            "check",
            "--changed-since",
            "main",
            "--format",
            "json",
            "--all-issues",
        ],
    );
    assert_eq!(output.status.code(), Some(1), "issues on changed lines");
    let found = issues(&json(&output));
    let files: Vec<(&str, u64)> = found.iter().map(|(f, l, _)| (f.as_str(), *l)).collect();
    // The appended type error (uncommitted), the new unused variable in the renamed file
    // (committed) and the untracked file's debugger.
    assert!(
        found
            .iter()
            .any(|(f, l, r)| f == "src/index.ts" && *l == 9 && r == "TS2322"),
        "{found:?}"
    );
    assert!(files.contains(&("src/math/util.ts", 3)), "{found:?}");
    assert!(files.contains(&("src/extra.ts", 2)), "{found:?}");
    // Unchanged lines stay quiet: index.ts's old TS2322 and unused variable, and the moved
    // file's old `debugger` (git follows the rename).
    for (file, line) in [
        ("src/index.ts", 3),
        ("src/index.ts", 4),
        ("src/math/util.ts", 2),
    ] {
        assert!(!files.contains(&(file, line)), "{file}:{line} in {found:?}");
    }
    assert!(found.len() < all.len(), "{found:?} vs {all:?}");

    // The same issues as GitHub annotations, and no annotation on an unchanged line.
    let github = signalint(
        &root,
        &["check", "--changed-since", "main", "--format", "github"],
    );
    let annotations = String::from_utf8_lossy(&github.stdout);
    assert!(
        annotations.contains("::error file=src/index.ts,line=9,"),
        "{annotations}"
    );
    assert_eq!(annotations.lines().count(), found.len(), "{annotations}");
    assert!(
        !annotations.contains("file=src/index.ts,line=3,"),
        "{annotations}"
    );
}

#[test]
fn rdjson_validates_and_carries_fixes_as_suggestions() {
    let project = branch();
    let root = project.root();
    let output = signalint(
        &root,
        &["check", "--changed-since", "main", "--format", "rdjson"],
    );
    assert_eq!(output.status.code(), Some(1));
    let rdjson = json(&output);
    let schema_path =
        mcp_support::workspace_root().join("host/tests/schemas/rdjson-DiagnosticResult.json");
    let schema: Value =
        serde_json::from_str(&std::fs::read_to_string(&schema_path).unwrap()).unwrap();
    let mut schemas = boon::Schemas::new();
    let mut compiler = boon::Compiler::new();
    compiler.add_resource("rdjson.json", schema).unwrap();
    let index = compiler.compile("rdjson.json", &mut schemas).unwrap();
    if let Err(error) = schemas.validate(&rdjson, index) {
        panic!("rdjson does not validate: {error:#}\n{rdjson:#}");
    }
    assert_eq!(rdjson["source"]["name"], "signalint");
    let diagnostics = rdjson["diagnostics"].as_array().unwrap();
    let type_error = diagnostics
        .iter()
        .find(|d| d["code"]["value"] == "TS2322")
        .unwrap_or_else(|| panic!("{rdjson:#}"));
    assert_eq!(type_error["location"]["path"], "src/index.ts");
    assert_eq!(type_error["location"]["range"]["start"]["line"], 9);
    assert_eq!(type_error["severity"], "ERROR");
    assert_eq!(type_error["source"]["name"], "tsc");
    for d in diagnostics {
        let line = d["location"]["range"]["start"]["line"].as_u64().unwrap();
        assert!(
            !(d["location"]["path"] == "src/index.ts" && line < 9),
            "an unchanged line: {d:#}"
        );
    }
    // Every fix an engine supplied for these issues is a suggestion with its range and text.
    let with_fix = signalint(
        &root,
        &[
            "check",
            "--changed-since",
            "main",
            "--format",
            "json",
            "--all-issues",
        ],
    );
    let fixable: Vec<Value> = json(&with_fix)["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["fixes"].as_array().is_some_and(|f| !f.is_empty()))
        .filter(|i| i["fixSafety"] != "unsafe")
        .cloned()
        .collect();
    assert!(
        !fixable.is_empty(),
        "Biome fixes `let` and `==`: {rdjson:#}"
    );
    for issue in &fixable {
        let diagnostic = diagnostics
            .iter()
            .find(|d| {
                d["location"]["path"] == issue["file"]
                    && d["location"]["range"]["start"]["line"] == issue["line"]
                    && d["code"]["value"] == issue["rule"]
                    && d["message"] == issue["message"]
            })
            .unwrap();
        let suggestion = &diagnostic["suggestions"][0];
        assert_eq!(
            suggestion["text"], issue["fixes"][0]["newText"],
            "{diagnostic:#}"
        );
        assert_eq!(
            suggestion["range"]["start"]["line"], issue["fixes"][0]["line"],
            "{diagnostic:#}"
        );
    }
}

#[test]
fn an_unknown_reference_is_a_clear_usage_error() {
    let project = branch();
    let output = signalint(
        &project.root(),
        &["check", "--changed-since", "no-such-branch"],
    );
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("no-such-branch") && stderr.contains("merge-base"),
        "{stderr}"
    );
    let dash = signalint(&project.root(), &["check", "--changed-since=--output=x"]);
    assert_eq!(dash.status.code(), Some(2));
    assert!(!project.root().join("x").exists());
}

/// An export change breaks an importer the change did not touch: that issue is reported, marked
/// as caused by the change, found by checking the merge-base in a worktree that is gone after.
#[test]
fn an_importer_the_change_broke_is_reported_as_caused() {
    let project = Project::typescript();
    project.write("signalint.toml", "");
    let root = project.root();
    git(&root, &["init", "-q"]);
    git(&root, &["add", "-A"]);
    git(&root, &["commit", "-q", "-m", "base"]);
    git(&root, &["checkout", "-q", "-b", "feature"]);
    // `double` now takes a string: index.ts's `double(count)` (line 7) no longer type-checks.
    project.write(
        "src/util.ts",
        "export function double(n: string): number {\n  debugger;\n  return n.length * 2;\n}\n",
    );
    git(&root, &["commit", "-q", "-am", "double takes text"]);
    let output = signalint(
        &root,
        &[
            "check",
            "--changed-since",
            "main",
            "--format",
            "json",
            "--all-issues",
        ],
    );
    let response = json(&output);
    let issues = response["issues"].as_array().unwrap();
    let caused: Vec<&Value> = issues
        .iter()
        .filter(|i| i["file"] == "src/index.ts")
        .collect();
    assert_eq!(
        caused.len(),
        1,
        "only the broken call, not index.ts's old issues: {response:#}"
    );
    assert_eq!(caused[0]["line"], 7, "{response:#}");
    assert_eq!(caused[0]["rule"], "TS2345", "{response:#}");
    assert!(
        caused[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("caused by this change: "),
        "{response:#}"
    );
    assert!(
        response["engines"]["tsc"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("this change caused")),
        "{response:#}"
    );
    // util.ts's changed line 1 has no issue of its own; its untouched `debugger` stays quiet.
    assert!(
        issues
            .iter()
            .all(|i| i["file"] != "src/util.ts" || i["line"] != 2),
        "{response:#}"
    );
    let worktrees = Command::new("git")
        .args(["worktree", "list", "--porcelain"])
        .current_dir(&root)
        .output()
        .unwrap();
    let listed = String::from_utf8_lossy(&worktrees.stdout);
    assert_eq!(listed.matches("worktree ").count(), 1, "{listed}");
}
