//! The edit loop over MCP: every check says what the edit did (a delta against the files' last
//! known state, new issues marked `new`, new errors first), `since` narrows an answer to what
//! changed, and answers fit a context window (`get_issue_detail` pages, `tools/list` is small).
//! The CLI side: `signalint baseline` and `check --new-only --fail-on error`.

mod mcp_support;

use mcp_support::{Project, call, ok, start};
use serde_json::{Value, json};

/// The budgets of a default `get_issue_detail` answer and of `tools/list`.
const DETAIL_BUDGET: usize = 32 * 1024;
/// `tools/list` under 12 KiB with a short description on every field (the server lints its own
/// tools clean, and the MCP rule packs want every field described): 31.5 KiB before, 21.5 KiB
/// with every tool's error shape in its output schema and check_files repeating check_project's.
const TOOLS_LIST_BUDGET: usize = 12 * 1024;

const UTIL: &str = "export function double(n: number): number {\n  debugger;\n  return n * 2;\n}\n";

/// A successful `get_issue_detail` answer's structured content (its text is the bare array).
fn detail(result: &rmcp::model::CallToolResult) -> Value {
    assert_ne!(
        result.is_error,
        Some(true),
        "{:?}",
        result.structured_content
    );
    result.structured_content.clone().unwrap()
}

fn rules(cluster: &Value) -> Vec<String> {
    cluster["ruleIds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_check_files_after_an_edit_has_a_delta_and_puts_the_new_error_first() {
    let project = Project::typescript();
    let (client, _) = start(&project.root(), &[]).await;
    let first = ok(&call(&client, "check_project", json!({})).await);
    assert!(
        first.get("delta").is_none(),
        "a first-ever check: {first:#}"
    );

    // An edit that adds a type error of a kind the project did not have.
    project.write(
        "src/util.ts",
        &format!("{UTIL}export const missing = notDeclared + 1;\n"),
    );
    let after = ok(&call(&client, "check_files", json!({"files": ["src/util.ts"]})).await);
    let delta = &after["delta"];
    assert!(
        delta.is_object(),
        "a delta on the first check_files: {after:#}"
    );
    assert_eq!(delta["new"], 1, "{after:#}");
    assert!(delta["persisting"].as_u64().unwrap() >= 2, "{after:#}");
    let top = &after["clusters"][0];
    assert_eq!(
        rules(top),
        ["TS2304"],
        "the new error ranks first: {after:#}"
    );
    assert_eq!(top["new"], true, "{top:#}");
    assert_eq!(top["priority"], 1);
    let old: Vec<&Value> = after["clusters"].as_array().unwrap()[1..].iter().collect();
    assert!(old.iter().all(|c| c.get("new").is_none()), "{after:#}");

    let expanded = detail(
        &call(
            &client,
            "get_issue_detail",
            json!({"clusterId": top["clusterId"]}),
        )
        .await,
    );
    assert_eq!(expanded["issues"][0]["new"], true, "{expanded:#}");
    assert_eq!(expanded["issues"][0]["file"], "src/util.ts");

    // A check of the same state: nothing new, nothing marked.
    let again = ok(&call(&client, "check_files", json!({"files": ["src/util.ts"]})).await);
    assert_eq!(again["delta"]["new"], 0, "{again:#}");
    assert!(
        again["clusters"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c.get("new").is_none()),
        "{again:#}"
    );
    client.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn since_narrows_a_check_to_what_changed() {
    let project = Project::typescript();
    let (client, _) = start(&project.root(), &[]).await;
    let start_state = ok(&call(&client, "check_project", json!({})).await);
    let everything = start_state["totalIssues"].as_u64().unwrap();
    assert!(everything >= 3, "{start_state:#}");

    project.write(
        "src/util.ts",
        &format!("{UTIL}export const missing = notDeclared + 1;\n"),
    );
    let last = ok(&call(
        &client,
        "check_files",
        json!({"files": ["src/util.ts"], "since": "last"}),
    )
    .await);
    assert_eq!(last["totalIssues"], 1, "only the new issue: {last:#}");
    assert_eq!(rules(&last["clusters"][0]), ["TS2304"]);
    assert_eq!(last["clusters"].as_array().unwrap().len(), 1);

    // Nothing changed since the last check; since the server's first check, the new error.
    let none = ok(&call(&client, "check_project", json!({"since": "last"})).await);
    assert_eq!(none["totalIssues"], 0, "{none:#}");
    assert_eq!(none["clusters"], json!([]));
    let since_start = ok(&call(&client, "check_project", json!({"since": "start"})).await);
    assert_eq!(since_start["totalIssues"], 1, "{since_start:#}");

    // No baseline recorded: every issue is new since it.
    let baseline = ok(&call(&client, "check_project", json!({"since": "baseline"})).await);
    assert_eq!(baseline["totalIssues"], everything + 1, "{baseline:#}");

    let refused = call(&client, "check_project", json!({"since": "yesterday"})).await;
    assert_eq!(refused.is_error, Some(true), "{refused:?}");
    client.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_detail_pages_within_its_budget_and_tools_list_is_small() {
    let project = Project::typescript();
    // One cluster of 300 issues.
    let mut many = String::from("export function f(): void {\n");
    for _ in 0..300 {
        many.push_str("  debugger;\n");
    }
    many.push_str("}\n");
    project.write("src/many.ts", &many);
    let (client, _) = start(&project.root(), &[]).await;

    let tools = client.peer().list_tools(None).await.unwrap();
    let bytes = serde_json::to_vec(&tools).unwrap().len();
    assert!(bytes < TOOLS_LIST_BUDGET, "tools/list is {bytes} bytes");
    for tool in &tools.tools {
        assert!(
            tool.output_schema.is_some(),
            "{} keeps its output schema",
            tool.name
        );
    }

    let response = ok(&call(&client, "check_files", json!({"files": ["src/many.ts"]})).await);
    let cluster = response["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["issueCount"] == 300)
        .unwrap_or_else(|| panic!("a 300-issue cluster: {response:#}"))
        .clone();
    let id = cluster["clusterId"].clone();

    let result = call(&client, "get_issue_detail", json!({"clusterId": id})).await;
    let size = serde_json::to_vec(&result).unwrap().len();
    assert!(size < DETAIL_BUDGET, "a default answer is {size} bytes");
    let first = result.structured_content.clone().unwrap();
    assert_eq!(first["total"], 300, "{first:#}");
    let page = first["issues"].as_array().unwrap().len();
    assert!((1..=50).contains(&page), "{page} issues on the first page");

    // Following the cursors yields every issue exactly once.
    let mut seen: Vec<String> = Vec::new();
    let mut cursor = Value::Null;
    loop {
        let mut args = json!({"clusterId": id, "limit": 500});
        if !cursor.is_null() {
            args["cursor"] = cursor.clone();
        }
        let result = call(&client, "get_issue_detail", args).await;
        let size = serde_json::to_vec(&result).unwrap().len();
        assert!(size < DETAIL_BUDGET, "a page of limit 500 is {size} bytes");
        let page = detail(&result);
        seen.extend(
            page["issues"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| i["issueId"].as_str().unwrap().to_owned()),
        );
        match page.get("nextCursor") {
            Some(next) => cursor = next.clone(),
            None => break,
        }
    }
    let count = seen.len();
    seen.sort();
    seen.dedup();
    assert_eq!((count, seen.len()), (300, 300));

    let small = detail(
        &call(
            &client,
            "get_issue_detail",
            json!({"clusterId": id, "limit": 7}),
        )
        .await,
    );
    assert_eq!(small["issues"].as_array().unwrap().len(), 7);
    let next = detail(
        &call(
            &client,
            "get_issue_detail",
            json!({"clusterId": id, "limit": 7, "cursor": small["nextCursor"]}),
        )
        .await,
    );
    assert_ne!(next["issues"][0], small["issues"][0]);
    for bad in [
        json!({"clusterId": id, "limit": 0}),
        json!({"clusterId": id, "cursor": "zz.00000000"}),
    ] {
        let refused = call(&client, "get_issue_detail", bad).await;
        assert_eq!(refused.is_error, Some(true), "{refused:?}");
    }
    client.cancel().await.unwrap();
}

fn cli(root: &std::path::Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_signalint"))
        .args(args)
        .arg("--trust")
        .arg("--root")
        .arg(root)
        .output()
        .unwrap()
}

#[test]
fn ci_holds_the_line_with_a_baseline() {
    let project = Project::typescript();
    let root = project.root();
    // The fixture has an error: without a baseline, every error fails.
    let before = cli(&root, &["check", "--new-only", "--fail-on", "error"]);
    assert_eq!(before.status.code(), Some(1), "{before:?}");

    let recorded = cli(&root, &["baseline"]);
    assert_eq!(recorded.status.code(), Some(0), "{recorded:?}");
    assert!(root.join(".signalint/baseline.state").is_file());
    // The project's own formatters walk `.signalint/` too (`biome check .`, `prettier --check
    // .`): they must find no JSON of ours to fail on.
    let json: Vec<_> = ignore::WalkBuilder::new(root.join(".signalint"))
        .standard_filters(false)
        .build()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .map(|e| e.path().to_owned())
        .collect();
    assert!(json.is_empty(), "{json:?}");

    let held = cli(&root, &["check", "--new-only", "--fail-on", "error"]);
    assert_eq!(held.status.code(), Some(0), "old errors pass: {held:?}");

    // Lines inserted above the accepted error do not make it new.
    let index = std::fs::read_to_string(root.join("src/index.ts")).unwrap();
    project.write("src/index.ts", &format!("// moved\n// down\n{index}"));
    let moved = cli(&root, &["check", "--new-only", "--fail-on", "error"]);
    assert_eq!(
        moved.status.code(),
        Some(0),
        "moved code is not new: {moved:?}"
    );

    project.write(
        "src/util.ts",
        &format!("{UTIL}export const missing = notDeclared + 1;\n"),
    );
    let broken = cli(
        &root,
        &[
            "check",
            "--new-only",
            "--fail-on",
            "error",
            "--format",
            "json",
        ],
    );
    assert_eq!(
        broken.status.code(),
        Some(1),
        "a new error fails: {broken:?}"
    );
    let response: Value = serde_json::from_slice(&broken.stdout).unwrap();
    assert_eq!(response["totalIssues"], 1, "{response:#}");
}
