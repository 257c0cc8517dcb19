//! MCP definitions read from source inside the check loop: a project whose `package.json`
//! depends on the SDK has its definitions checked by `check` (CLI) and `check_files` (MCP
//! server) with no `[mcp]` section at all, and a finding is an issue at the source line.
//! The fixture server (`host/tests/fixtures/mcp-source-server`) has one deliberate fault: a
//! poisoned `<IMPORTANT>` block in `add_note`'s description, at `src/index.ts:22`.

#[path = "mcp_support/mod.rs"]
mod mcp_support;

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::{Value, json};

/// Engines off: only the rule packs run.
const CONFIG: &str = "[engines.oxlint]\nenabled = false\n[engines.tsc]\nenabled = false\n[engines.biome]\nenabled = false\n";

fn fixture_project() -> tempfile::TempDir {
    mcp_support::build_plugins();
    let dir = tempfile::tempdir().unwrap();
    let fixture = mcp_support::workspace_root().join("host/tests/fixtures/mcp-source-server");
    mcp_support::copy_dir(&fixture, dir.path());
    std::fs::write(dir.path().join("signalint.toml"), CONFIG).unwrap();
    dir
}

fn signalint(root: &Path) -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_signalint"));
    command
        .arg("--root")
        .arg(root)
        .env_remove("SIGNALINT_PLUGIN_PATH")
        .env("SIGNALINT_NO_INSTALL", "1")
        .env(
            "SIGNALINT_CONFIG_DIR",
            std::env::temp_dir().join("signalint-tests-trust-nothing"),
        );
    command
}

#[test]
fn check_reports_a_source_definition_fault_at_its_line() {
    let project = fixture_project();
    let output = signalint(project.path())
        .args(["check", "--format", "sarif"])
        .output()
        .unwrap();
    let sarif: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    let poisoned = results
        .iter()
        .find(|r| {
            r["ruleId"]
                .as_str()
                .unwrap_or_default()
                .contains("SHADOW_PATTERN")
        })
        .unwrap_or_else(|| panic!("a SHADOW_PATTERN result: {sarif:#}"));
    let location = &poisoned["locations"][0]["physicalLocation"];
    assert!(
        location["artifactLocation"]["uri"]
            .as_str()
            .unwrap()
            .ends_with("src/index.ts"),
        "{location}"
    );
    assert_eq!(location["region"]["startLine"], 22, "{location}");
    assert_eq!(output.status.code(), Some(1));

    // `sources = []` turns source reading off: nothing to check, nothing found.
    std::fs::write(
        project.path().join("signalint.toml"),
        format!("{CONFIG}\n[mcp]\nsources = []\n"),
    )
    .unwrap();
    let output = signalint(project.path())
        .args(["check", "--format", "json"])
        .output()
        .unwrap();
    let response: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(response["totalIssues"], 0, "{response:#}");
    assert_eq!(output.status.code(), Some(0), "{response:#}");
}

#[tokio::test(flavor = "multi_thread")]
async fn check_files_on_a_definition_file_reports_its_fault() {
    let project = fixture_project();
    let root = project.path().canonicalize().unwrap();
    let (client, _) = mcp_support::start(&root, &[]).await;
    let response = mcp_support::ok(
        &mcp_support::call(&client, "check_files", json!({"files": ["src/index.ts"]})).await,
    );
    assert_eq!(
        response["rulePacks"]["shadow-patterns"]["status"], "ok",
        "{response:#}"
    );
    let cluster = response["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| {
            c["ruleIds"]
                .as_array()
                .unwrap()
                .iter()
                .any(|r| r.as_str().unwrap().contains("SHADOW_PATTERN"))
        })
        .unwrap_or_else(|| panic!("a SHADOW_PATTERN cluster: {response:#}"))
        .clone();
    let result = mcp_support::call(
        &client,
        "get_issue_detail",
        json!({"clusterId": cluster["clusterId"]}),
    )
    .await;
    assert_ne!(result.is_error, Some(true), "{result:?}");
    // The text of a detail is the bare issue array; the structured content wraps it.
    let detail = result.structured_content.clone().unwrap();
    let issue = &detail["issues"][0];
    assert_eq!(issue["file"], "src/index.ts", "{detail:#}");
    assert_eq!(issue["line"], 22, "{detail:#}");
    client.cancel().await.unwrap();
}

/// The issues of every cluster of an answer, as `(file, issueId)`, through
/// `get_issue_detail`: the whole clusters of the latest check.
async fn cluster_issues(client: &mcp_support::Client, response: &Value) -> Vec<(String, String)> {
    let mut issues = Vec::new();
    for cluster in response["clusters"].as_array().unwrap() {
        let result = mcp_support::call(
            client,
            "get_issue_detail",
            json!({"clusterId": cluster["clusterId"], "limit": 500}),
        )
        .await;
        // The text of a detail is the bare issue array; the structured content wraps it.
        let detail = result.structured_content.clone().unwrap();
        for issue in detail["issues"].as_array().unwrap() {
            issues.push((
                issue["file"].as_str().unwrap().to_owned(),
                issue["issueId"].as_str().unwrap().to_owned(),
            ));
        }
    }
    issues
}

/// Asserts that every cluster of a `check_files` answer lies in `file` alone, and returns
/// how many issues the answer counts.
async fn assert_answers_for(client: &mcp_support::Client, response: &Value, file: &str) -> usize {
    let mut count = 0;
    for cluster in response["clusters"].as_array().unwrap() {
        assert_eq!(cluster["fileCount"], 1, "{cluster:#}");
        for sample in cluster["sampleIssueIds"].as_array().unwrap() {
            let result =
                mcp_support::call(client, "get_issue_detail", json!({"issueId": sample})).await;
            let detail = result.structured_content.clone().unwrap();
            assert_eq!(detail["issues"][0]["file"], file, "{detail:#}");
        }
        count += cluster["issueCount"].as_u64().unwrap() as usize;
    }
    count
}

/// A real server with findings in many definition files (git-mcp-server, read from its
/// source): `check_files` of one tool file answers with that file's findings only, before and
/// after a project check, and the project check reports the findings of every file.
#[tokio::test(flavor = "multi_thread")]
async fn check_files_of_one_definition_answers_with_that_file_only() {
    mcp_support::build_plugins();
    let project = tempfile::tempdir().unwrap();
    let server = mcp_support::workspace_root().join("corpus/mcp-source-servers/git-mcp-server");
    mcp_support::copy_dir(&server, project.path());
    std::fs::write(project.path().join("signalint.toml"), CONFIG).unwrap();
    let root = project.path().canonicalize().unwrap();
    let (client, _) = mcp_support::start(&root, &[]).await;
    let file = "src/mcp-server/tools/definitions/git-branch.tool.ts";
    let first =
        mcp_support::ok(&mcp_support::call(&client, "check_files", json!({"files": [file]})).await);
    let answered = assert_answers_for(&client, &first, file).await;
    let project_check =
        mcp_support::ok(&mcp_support::call(&client, "check_project", json!({})).await);
    let all = cluster_issues(&client, &project_check).await;
    let files: BTreeSet<&str> = all.iter().map(|(f, _)| f.as_str()).collect();
    assert!(files.len() > 3, "{files:?}");
    let in_file = all.iter().filter(|(f, _)| f == file).count();
    assert!(in_file > 0);
    assert_eq!(answered, in_file, "{first:#}");
    let again =
        mcp_support::ok(&mcp_support::call(&client, "check_files", json!({"files": [file]})).await);
    assert_eq!(
        assert_answers_for(&client, &again, file).await,
        in_file,
        "{again:#}"
    );
    client.cancel().await.unwrap();
}
