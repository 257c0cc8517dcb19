//! A parse error hides a file's issues, it does not resolve them: over MCP, an edit that makes
//! a file unparsable reports its syntax errors as new and nothing resolved; the revert reports
//! the syntax errors resolved and the file's earlier issues as they were, none of them new.

mod mcp_support;

use mcp_support::{Project, call, ok, start};
use serde_json::{Value, json};

const UTIL: &str = "export function double(n: number): number {\n  debugger;\n  return n * 2;\n}\n";

/// The rules of the issues a response marks new.
fn new_rules(response: &Value) -> Vec<String> {
    response["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c.get("new") == Some(&Value::Bool(true)))
        .flat_map(|c| c["ruleIds"].as_array().unwrap().clone())
        .map(|r| r.as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_syntax_error_is_new_and_hides_the_files_issues_until_the_revert() {
    let project = Project::typescript();
    let (client, _) = start(&project.root(), &[]).await;
    let first = ok(&call(&client, "check_project", json!({})).await);
    let before = first["totalIssues"].as_u64().unwrap();
    assert!(before >= 3, "{first:#}");

    // The closing brace goes: oxlint and tsc both say util.ts does not parse.
    project.write("src/util.ts", UTIL.trim_end().trim_end_matches('}'));
    let broken = ok(&call(&client, "check_files", json!({"files": ["src/util.ts"]})).await);
    let delta = &broken["delta"];
    assert_eq!(delta["resolved"], 0, "hidden, not resolved: {broken:#}");
    let fresh = new_rules(&broken);
    assert!(!fresh.is_empty(), "{broken:#}");
    assert!(
        fresh.iter().all(|r| r == "oxlint/parse" || r == "TS1005"),
        "only syntax errors are new: {fresh:?}"
    );
    assert_eq!(
        delta["new"].as_u64().unwrap(),
        fresh.len() as u64,
        "{broken:#}"
    );

    // The revert: the syntax errors resolve; util.ts's `debugger` was never gone.
    project.write("src/util.ts", UTIL);
    let reverted = ok(&call(&client, "check_files", json!({"files": ["src/util.ts"]})).await);
    let delta = &reverted["delta"];
    assert_eq!(delta["new"], 0, "{reverted:#}");
    assert_eq!(
        delta["resolved"].as_u64().unwrap(),
        fresh.len() as u64,
        "{reverted:#}"
    );
    assert!(
        new_rules(&reverted).is_empty(),
        "no NEW badge: {reverted:#}"
    );
    let project_again = ok(&call(&client, "check_project", json!({})).await);
    assert_eq!(project_again["totalIssues"].as_u64().unwrap(), before);
    assert_eq!(project_again["delta"]["new"], 0, "{project_again:#}");
    assert_eq!(project_again["delta"]["resolved"], 0, "{project_again:#}");
}
