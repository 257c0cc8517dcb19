//! Fixes applied and verified in one call (`signalint fix`, the `apply_fixes` tool), on the
//! pinned Biome, oxlint (its language server's code actions) and TypeScript (its server's
//! code fixes, 7.0.2's language server and 5.9.3's tsserver): a safe fix round-trips, a
//! suggestion only with `--unsafe`, a fix that breaks an importer is
//! reverted with what it broke, a stale or symlinked file is refused, a dry run writes nothing,
//! and two servers applying fixes at once lose no edit.

mod mcp_support;

use std::path::{Path, PathBuf};

use mcp_support::{call, ok, start, workspace_root};
use serde_json::{Value, json};

const USER: &str = "export interface User {\n  name: string;\n}\n\n\
                    export function nameOf(user?: User) {\n  return user!.name;\n}\n";
const MAIN: &str = "import { nameOf } from \"./user\";\n\nlet greeting = \"hello\";\n\
                    export const who: string = nameOf({ name: \"a\" });\n\
                    export const line = `${greeting} ${who}`;\n";
const MAIN_FIXED: &str = "import { nameOf } from \"./user\";\n\nconst greeting = \"hello\";\n\
                          export const who: string = nameOf({ name: \"a\" });\n\
                          export const line = `${greeting} ${who}`;\n";
const OTHER: &str = "let count = 1;\nexport const twice = count * 2;\n";
const OTHER_FIXED: &str = "const count = 1;\nexport const twice = count * 2;\n";

/// An empty project folder, with the plugins built.
fn empty_project() -> (tempfile::TempDir, PathBuf) {
    mcp_support::build_plugins();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    (dir, root)
}

/// Writes `text` to `file` of `root`, creating its folders.
fn write_file(root: &Path, file: &str, text: &str) {
    let path = root.join(file);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// A TypeScript project checked by tsc and Biome (formatter off): `useConst` has a safe fix in
/// `src/main.ts` and `src/other.ts`; `noNonNullAssertion`'s unsafe fix in `src/user.ts`
/// (`user!.name` → `user?.name`) makes `nameOf` return `string | undefined`, which breaks
/// its importer `src/main.ts`.
fn project() -> (tempfile::TempDir, PathBuf) {
    let (dir, root) = empty_project();
    let write = |file: &str, text: &str| write_file(&root, file, text);
    write(
        "signalint.toml",
        "[engines.oxlint]\nenabled = false\n\n[engines.tsc]\n\n[engines.biome]\n",
    );
    write(
        "biome.json",
        r#"{"formatter": {"enabled": false}, "linter": {"rules": {"style": {"noNonNullAssertion": "error", "useConst": "error"}}}}"#,
    );
    write(
        "tsconfig.json",
        r#"{"compilerOptions": {"strict": true, "noEmit": true, "target": "es2022", "module": "esnext", "moduleResolution": "bundler"}, "include": ["src"]}"#,
    );
    write("src/user.ts", USER);
    write("src/main.ts", MAIN);
    write("src/other.ts", OTHER);
    (dir, root)
}

fn engines() -> PathBuf {
    workspace_root().join("test-engines")
}

fn read(root: &Path, file: &str) -> String {
    std::fs::read_to_string(root.join(file)).unwrap()
}

/// `signalint <args>` in `root` with the pinned engines; its JSON output.
fn cli(root: &Path, args: &[&str]) -> Value {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_signalint"))
        .arg("--root")
        .arg(root)
        .args(args)
        .env("SIGNALINT_TOOLCHAIN_DIR", engines())
        .env("SIGNALINT_NO_INSTALL", "1")
        .env_remove("SIGNALINT_LOG")
        .output()
        .expect("run signalint");
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

/// The outcomes of `report` for `rule`.
fn outcomes<'a>(report: &'a Value, rule: &str) -> Vec<&'a Value> {
    report["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["rule"] == rule)
        .collect()
}

fn rules_of(check: &Value) -> Vec<String> {
    check["issues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            format!(
                "{} {}",
                i["file"].as_str().unwrap(),
                i["rule"].as_str().unwrap()
            )
        })
        .collect()
}

#[test]
fn a_safe_fix_round_trips_and_a_fix_that_breaks_an_importer_is_reverted() {
    let (_dir, root) = project();

    let safe = cli(&root, &["fix", "--format", "json"]);
    assert_eq!(safe["applied"], 2, "{safe:#}");
    for outcome in outcomes(&safe, "lint/style/useConst") {
        assert_eq!(outcome["status"], "applied", "{safe:#}");
    }
    let unsafe_fix = outcomes(&safe, "lint/style/noNonNullAssertion");
    assert_eq!(unsafe_fix[0]["status"], "skipped", "{safe:#}");
    assert!(
        unsafe_fix[0]["reason"]
            .as_str()
            .unwrap()
            .contains("not marked safe"),
        "{safe:#}"
    );
    assert_eq!(safe["delta"]["new"], 0, "{safe:#}");
    assert_eq!(read(&root, "src/main.ts"), MAIN_FIXED);
    assert_eq!(read(&root, "src/other.ts"), OTHER_FIXED);

    let all = cli(&root, &["fix", "--unsafe", "--format", "json"]);
    let reverted = outcomes(&all, "lint/style/noNonNullAssertion");
    assert_eq!(reverted[0]["status"], "reverted", "{all:#}");
    let broke = reverted[0]["broke"].as_array().unwrap();
    assert!(
        broke
            .iter()
            .any(|b| b.as_str().unwrap().starts_with("src/main.ts:4:14 TS2322")),
        "the importer's new error is named: {all:#}"
    );
    assert_eq!(read(&root, "src/user.ts"), USER, "restored byte for byte");

    // Fixes tried and restored are not an agent's fix and regression: no loop, however often.
    let again = cli(&root, &["fix", "--unsafe", "--format", "json"]);
    assert_eq!(again["reverted"], 1, "{again:#}");
    let loops = cli(&root, &["loops", "--format", "json"]);
    assert_eq!(loops["looping"], false, "{loops:#}");

    let check = cli(&root, &["check", "--format", "json", "--all-issues"]);
    let rules = rules_of(&check);
    assert_eq!(
        rules,
        ["src/user.ts lint/style/noNonNullAssertion"],
        "the fixed issues are gone and nothing new appeared: {check:#}"
    );
}

#[test]
fn an_oxlint_fix_from_its_language_server_round_trips() {
    mcp_support::build_plugins();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::create_dir(root.join("src")).unwrap();
    std::fs::write(
        root.join("signalint.toml"),
        "[engines.oxlint]\n\n[engines.tsc]\nenabled = false\n\n[engines.biome]\nenabled = false\n",
    )
    .unwrap();
    let util = "export function double(n) {\n  debugger;\n  return n * 2;\n}\n";
    std::fs::write(root.join("src/util.js"), util).unwrap();

    let report = cli(&root, &["fix", "--format", "json"]);
    let debugger = outcomes(&report, "eslint/no-debugger");
    assert_eq!(debugger.len(), 1, "{report:#}");
    assert_eq!(debugger[0]["status"], "applied", "{report:#}");
    assert_eq!(report["delta"]["new"], 0, "{report:#}");
    let fixed = read(&root, "src/util.js");
    assert!(!fixed.contains("debugger"), "{fixed}");
    assert!(fixed.contains("return n * 2;"), "{fixed}");
    let check = cli(&root, &["check", "--format", "json", "--all-issues"]);
    assert_eq!(check["engines"]["oxlint"]["status"], "ok", "{check:#}");
    assert_eq!(rules_of(&check), Vec::<String>::new(), "{check:#}");
}

#[test]
fn a_fix_that_overlaps_another_is_applied_in_a_second_round() {
    mcp_support::build_plugins();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::write(
        root.join("signalint.toml"),
        "[engines.oxlint]\nenabled = false\n\n[engines.tsc]\nenabled = false\n\n[engines.biome]\n",
    )
    .unwrap();
    std::fs::write(
        root.join("biome.json"),
        r#"{"linter": {"rules": {"style": {"useConst": "error"}}}}"#,
    )
    .unwrap();
    // Biome's formatting fix re-indents both lines in one edit (tabs), which overlaps the
    // useConst fix inside it.
    std::fs::write(
        root.join("twice.ts"),
        "export function twice() {\n  let count = 1;\n  return count * 2;\n}\n",
    )
    .unwrap();

    let report = cli(&root, &["fix", "--format", "json"]);
    for rule in ["format", "lint/style/useConst"] {
        let outcome: Vec<_> = outcomes(&report, rule)
            .into_iter()
            .filter(|o| o["file"] == "twice.ts")
            .collect();
        assert_eq!(outcome.len(), 1, "{rule}: {report:#}");
        assert_eq!(outcome[0]["status"], "applied", "{rule}: {report:#}");
    }
    assert_eq!(
        read(&root, "twice.ts"),
        "export function twice() {\n\tconst count = 1;\n\treturn count * 2;\n}\n"
    );
}

#[test]
fn a_dry_run_shows_the_diff_and_writes_nothing() {
    let (_dir, root) = project();
    let report = cli(&root, &["fix", "--dry-run", "--format", "json"]);
    let diff = report["diff"].as_str().unwrap();
    assert!(diff.contains("--- a/src/main.ts"), "{diff}");
    assert!(diff.contains("-let greeting = \"hello\";"), "{diff}");
    assert!(diff.contains("+const greeting = \"hello\";"), "{diff}");
    assert!(diff.contains("+const count = 1;"), "{diff}");
    for outcome in outcomes(&report, "lint/style/useConst") {
        assert_eq!(outcome["status"], "planned", "{report:#}");
    }
    assert_eq!(read(&root, "src/main.ts"), MAIN);
    assert_eq!(read(&root, "src/other.ts"), OTHER);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stale_or_symlinked_file_is_refused() {
    let (_dir, root) = project();
    let outside = tempfile::tempdir().unwrap();
    let (client, _) = start(&root, &[("SIGNALINT_TOOLCHAIN_DIR", &engines())]).await;
    ok(&call(&client, "check_project", json!({})).await);

    // Edited after the check: the fix was made for other content.
    let edited = format!("{MAIN}// edited\n");
    std::fs::write(root.join("src/main.ts"), &edited).unwrap();
    // Replaced by a link to a file outside the project, with the same content.
    std::fs::write(outside.path().join("other.ts"), OTHER).unwrap();
    std::fs::remove_file(root.join("src/other.ts")).unwrap();
    std::os::unix::fs::symlink(outside.path().join("other.ts"), root.join("src/other.ts")).unwrap();

    let report = ok(&call(&client, "apply_fixes", json!({})).await);
    client.cancel().await.unwrap();
    assert_eq!(report["applied"], 0, "{report:#}");
    let reason = |file: &str| {
        outcomes(&report, "lint/style/useConst")
            .into_iter()
            .find(|o| o["file"] == file)
            .and_then(|o| o["reason"].as_str())
            .unwrap_or_else(|| panic!("{file} has an outcome: {report:#}"))
            .to_owned()
    };
    assert!(reason("src/main.ts").starts_with("stale"), "{report:#}");
    assert!(
        reason("src/other.ts").contains("symbolic link"),
        "{report:#}"
    );
    assert_eq!(read(&root, "src/main.ts"), edited);
    assert_eq!(
        std::fs::read_to_string(outside.path().join("other.ts")).unwrap(),
        OTHER
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_applying_fixes_at_once_lose_no_edit() {
    let (_dir, root) = project();
    let env = [("SIGNALINT_TOOLCHAIN_DIR", engines())];
    let env: Vec<(&str, &Path)> = env.iter().map(|(k, v)| (*k, v.as_path())).collect();
    let (first, _) = start(&root, &env).await;
    let (second, _) = start(&root, &env).await;
    ok(&call(&first, "check_project", json!({})).await);
    ok(&call(&second, "check_project", json!({})).await);

    let (a, b) = tokio::join!(
        call(&first, "apply_fixes", json!({})),
        call(&second, "apply_fixes", json!({}))
    );
    let (a, b) = (ok(&a), ok(&b));
    first.cancel().await.unwrap();
    second.cancel().await.unwrap();

    assert_eq!(read(&root, "src/main.ts"), MAIN_FIXED, "{a:#}\n{b:#}");
    assert_eq!(read(&root, "src/other.ts"), OTHER_FIXED, "{a:#}\n{b:#}");
    let applied = a["applied"].as_u64().unwrap() + b["applied"].as_u64().unwrap();
    assert_eq!(applied, 2, "each fix written once: {a:#}\n{b:#}");
    for report in [&a, &b] {
        for outcome in outcomes(report, "lint/style/useConst") {
            let stale = outcome["reason"]
                .as_str()
                .is_some_and(|r| r.starts_with("stale"));
            assert!(
                outcome["status"] == "applied" || stale,
                "applied by one, stale for the other: {report:#}"
            );
        }
    }
}

/// A TypeScript-only project: `src/a.ts` misspells `User` (TS2552) and calls `helper` of
/// `src/b.ts` without importing it (TS2304). With `typescript` the project's own
/// TypeScript is that package of the pinned engines (run with `--trust`), else the default
/// (7.0.2).
fn tsc_project(typescript: Option<&str>) -> (tempfile::TempDir, PathBuf) {
    let (dir, root) = empty_project();
    let write = |file: &str, text: &str| write_file(&root, file, text);
    write(
        "signalint.toml",
        "[engines.oxlint]\nenabled = false\n\n[engines.tsc]\n\n[engines.biome]\nenabled = false\n",
    );
    write(
        "tsconfig.json",
        r#"{"compilerOptions": {"strict": true, "noEmit": true, "target": "es2022", "module": "esnext", "moduleResolution": "bundler", "types": []}, "include": ["src"]}"#,
    );
    write("src/a.ts", TSC_A);
    write(
        "src/b.ts",
        "export function helper(): number {\n  return 1;\n}\n",
    );
    if let Some(package) = typescript {
        std::fs::create_dir_all(root.join("node_modules")).unwrap();
        std::os::unix::fs::symlink(
            mcp_support::engines().join(package),
            root.join("node_modules/typescript"),
        )
        .unwrap();
    }
    (dir, root)
}

const TSC_A: &str = "interface User {\n  name: string;\n}\n\n\
                     export function greet(user: Usr): string {\n  return user.name;\n}\n\n\
                     export const one: number = helper();\n";

/// The single outcome of `rule`.
fn outcome<'a>(report: &'a Value, rule: &str) -> &'a Value {
    let found = outcomes(report, rule);
    assert_eq!(found.len(), 1, "one {rule}: {report:#}");
    found[0]
}

#[test]
fn a_tsserver_fix_is_a_suggestion_applied_with_unsafe_and_round_trips() {
    let (_dir, root) = tsc_project(Some("typescript-5"));

    // tsserver marks no fix preferred: its fixes are suggestions.
    let safe = cli(&root, &["--trust", "fix", "--format", "json"]);
    for rule in ["TS2552", "TS2304"] {
        let skipped = outcome(&safe, rule);
        assert_eq!(skipped["status"], "skipped", "{safe:#}");
        assert!(
            skipped["reason"]
                .as_str()
                .unwrap()
                .contains("not marked safe"),
            "{safe:#}"
        );
    }
    assert_eq!(read(&root, "src/a.ts"), TSC_A);

    let report = cli(&root, &["--trust", "fix", "--unsafe", "--format", "json"]);
    assert_eq!(
        outcome(&report, "TS2552")["status"],
        "applied",
        "{report:#}"
    );
    assert_eq!(
        outcome(&report, "TS2304")["status"],
        "applied",
        "{report:#}"
    );
    assert_eq!(report["delta"]["new"], 0, "{report:#}");
    assert_eq!(
        read(&root, "src/a.ts"),
        TSC_A.replace("user: Usr", "user: User").replacen(
            "interface",
            "import { helper } from \"./b\";\n\ninterface",
            1
        )
    );
    let check = cli(
        &root,
        &["--trust", "check", "--format", "json", "--all-issues"],
    );
    assert_eq!(check["engines"]["tsc"]["status"], "ok", "{check:#}");
    assert_eq!(rules_of(&check), Vec::<String>::new(), "{check:#}");
}

/// TypeScript 7.0.2's language server has no spelling fix (its quick fixes: imports, an
/// interface or member to implement, isolated-declaration annotations) and marks none
/// preferred: the import fix is a suggestion, and the misspelling gets none.
#[test]
fn a_typescript_7_import_fix_round_trips_with_unsafe() {
    let (_dir, root) = tsc_project(None);

    let safe = cli(&root, &["fix", "--format", "json"]);
    let import = outcome(&safe, "TS2304");
    assert_eq!(import["status"], "skipped", "{safe:#}");
    assert!(
        import["reason"]
            .as_str()
            .unwrap()
            .contains("not marked safe"),
        "{safe:#}"
    );
    assert_eq!(read(&root, "src/a.ts"), TSC_A);

    let report = cli(&root, &["fix", "--unsafe", "--format", "json"]);
    assert_eq!(
        outcome(&report, "TS2304")["status"],
        "applied",
        "{report:#}"
    );
    let spelling = outcome(&report, "TS2552");
    assert_eq!(spelling["status"], "skipped", "{report:#}");
    assert_eq!(spelling["reason"], "tsc offers no fix for it", "{report:#}");
    assert_eq!(report["delta"]["new"], 0, "{report:#}");
    assert_eq!(
        read(&root, "src/a.ts"),
        format!("import {{ helper }} from \"./b\";\n\n{TSC_A}")
    );
    let check = cli(&root, &["check", "--format", "json", "--all-issues"]);
    assert_eq!(rules_of(&check), ["src/a.ts TS2552"], "{check:#}");
}

/// An unused binding is one code fact of oxlint (`eslint/no-unused-vars`, the canonical rule,
/// so oxlint leads the merged issue) and tsc (TS6133). oxlint's language server offers no
/// preferred fix for it; tsserver's "remove unused declaration" is asked next, with tsc's own
/// code, and applied.
#[test]
fn a_merged_issue_is_asked_of_its_next_engine_when_the_first_has_no_fix() {
    let (_dir, root) = empty_project();
    let write = |file: &str, text: &str| write_file(&root, file, text);
    write(
        "signalint.toml",
        "[engines.oxlint]\n\n[engines.tsc]\n\n[engines.biome]\nenabled = false\n",
    );
    write(
        "tsconfig.json",
        r#"{"compilerOptions": {"strict": true, "noEmit": true, "noUnusedLocals": true, "target": "es2022", "module": "esnext", "moduleResolution": "bundler", "types": []}, "include": ["src"]}"#,
    );
    let source = "export function total(values: number[]): number {\n  const unused = values.length;\n  return values.reduce((a, b) => a + b, 0);\n}\n";
    write("src/a.ts", source);
    std::fs::create_dir_all(root.join("node_modules")).unwrap();
    std::os::unix::fs::symlink(
        mcp_support::engines().join("typescript-5"),
        root.join("node_modules/typescript"),
    )
    .unwrap();

    let check = cli(
        &root,
        &["--trust", "check", "--format", "json", "--all-issues"],
    );
    let issue = &check["issues"][0];
    assert_eq!(issue["engine"], "oxlint", "{check:#}");
    assert_eq!(issue["engines"], json!(["oxlint", "tsc"]), "{check:#}");

    let safe = cli(&root, &["--trust", "fix", "--format", "json"]);
    let skipped = outcome(&safe, "eslint/no-unused-vars");
    assert!(
        skipped["reason"]
            .as_str()
            .unwrap()
            .contains("not marked safe"),
        "{safe:#}"
    );
    assert_eq!(read(&root, "src/a.ts"), source);

    let report = cli(&root, &["--trust", "fix", "--unsafe", "--format", "json"]);
    assert_eq!(
        outcome(&report, "eslint/no-unused-vars")["status"],
        "applied",
        "{report:#}"
    );
    assert_eq!(report["delta"]["new"], 0, "{report:#}");
    assert_eq!(
        read(&root, "src/a.ts"),
        source.replace("  const unused = values.length;\n", "")
    );
}

/// The MCP server asks its warm session when it runs (else one started for the files).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn apply_fixes_takes_tsc_fixes_in_the_server() {
    let (_dir, root) = tsc_project(Some("typescript-5"));
    let env = [
        ("SIGNALINT_TOOLCHAIN_DIR", engines()),
        ("SIGNALINT_TRUST", PathBuf::from("1")),
    ];
    let env: Vec<(&str, &Path)> = env.iter().map(|(k, v)| (*k, v.as_path())).collect();
    let (client, _) = start(&root, &env).await;
    ok(&call(&client, "check_project", json!({})).await);
    let report = ok(&call(&client, "apply_fixes", json!({"safety": "all"})).await);
    client.cancel().await.unwrap();
    assert_eq!(
        outcome(&report, "TS2552")["status"],
        "applied",
        "{report:#}"
    );
    assert_eq!(
        outcome(&report, "TS2304")["status"],
        "applied",
        "{report:#}"
    );
    assert!(read(&root, "src/a.ts").contains("user: User"));
}
