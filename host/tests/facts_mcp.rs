//! Facts of real repositories through the real MCP server: Biome's formatting findings are
//! fixed to what the formatter prints, and `check_files` keeps to the files it was given.

#[path = "mcp_support/mod.rs"]
mod mcp_support;

use std::path::Path;

use mcp_support::{call, ok, start, workspace_root};
use serde_json::{Value, json};

/// What the pinned `biome format` prints for `file` of `root`.
fn biome_format(root: &Path, file: &str) -> String {
    let output =
        std::process::Command::new(workspace_root().join("test-engines/node_modules/.bin/biome"))
            .args(["format", &format!("--stdin-file-path={file}")])
            .current_dir(root)
            .stdin(std::fs::File::open(root.join(file)).unwrap())
            .output()
            .expect("run the pinned biome");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_formatting_issue_s_fix_makes_the_file_what_biome_format_prints() {
    mcp_support::build_plugins();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::write(
        root.join("signalint.toml"),
        "[engines.oxlint]\nenabled = false\n\n[engines.tsc]\nenabled = false\n\n[engines.biome]\n",
    )
    .unwrap();
    std::fs::write(root.join("biome.json"), "{}\n").unwrap();
    let messy =
        "const s   = {x:\"日本😀\",\n  y:2}\nfunction f(){return s}\n// keep\nexport  { f };\n";
    std::fs::write(root.join("messy.ts"), messy).unwrap();
    let engines = workspace_root().join("test-engines");
    let (client, _) = start(&root, &[("SIGNALINT_TOOLCHAIN_DIR", &engines)]).await;

    let response = ok(&call(&client, "check_files", json!({"files": ["messy.ts"]})).await);
    assert_eq!(
        response["engines"]["biome"]["status"], "ok",
        "{}",
        response["engines"]
    );
    let cluster = response["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["ruleIds"] == json!(["format"]))
        .unwrap_or_else(|| panic!("a formatting cluster: {response}"));
    let summary = cluster["rootCauseSummary"].as_str().unwrap();
    assert!(
        summary.contains("not formatted as Biome formats it"),
        "{summary}"
    );

    let detail = call(
        &client,
        "get_issue_detail",
        json!({"clusterId": cluster["clusterId"]}),
    )
    .await
    .structured_content
    .expect("structured content");
    let issues = detail["issues"].as_array().unwrap();
    assert_eq!(issues.len(), 1, "{detail}");
    let issue = &issues[0];
    assert_eq!(issue["file"], "messy.ts");
    // The check ran no formatter: the fix is computed when it is applied.
    assert!(
        issue["fixes"].as_array().is_none_or(Vec::is_empty),
        "{issue}"
    );
    assert_eq!(issue["fixable"], true, "{issue}");
    assert_eq!(issue["fixSafety"], "safe", "{issue}");
    let expected = biome_format(&root, "messy.ts");
    assert_ne!(expected, messy);
    let report = ok(&call(
        &client,
        "apply_fixes",
        json!({"issueIds": [issue["issueId"]]}),
    )
    .await);
    assert_eq!(report["applied"], 1, "{report}");
    assert_eq!(report["issues"][0]["status"], "applied", "{report}");
    assert_eq!(
        std::fs::read_to_string(root.join("messy.ts")).unwrap(),
        expected,
        "the file is what biome format prints (edits placed by UTF-16 columns)"
    );
    client.cancel().await.unwrap();
}

/// The file and rule of every issue the answer's clusters sample (every issue here: the
/// clusters are small), through `get_issue_detail`.
async fn answered_files(client: &mcp_support::Client, response: &Value) -> Vec<(String, String)> {
    let mut files = Vec::new();
    for cluster in response["clusters"].as_array().unwrap() {
        let samples = cluster["sampleIssueIds"].as_array().unwrap();
        assert_eq!(
            samples.len() as u64,
            cluster["issueCount"].as_u64().unwrap(),
            "{cluster}"
        );
        for id in samples {
            let detail = call(client, "get_issue_detail", json!({"issueId": id}))
                .await
                .structured_content
                .expect("structured content");
            let issue = &detail["issues"][0];
            files.push((
                issue["file"].as_str().unwrap().to_owned(),
                issue["rule"].as_str().unwrap().to_owned(),
            ));
        }
    }
    files.sort();
    files
}

/// `check_files` answers for its files: a pre-existing tsc error in another file is left out
/// and counted on tsc's status, and the error the edit caused in an importer is reported, with
/// the language server (warm) and with one-shot runs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_files_reports_its_files_and_what_the_edit_broke_elsewhere() {
    for warm in ["on", "0"] {
        let project = mcp_support::Project::typescript();
        project.write(
            "src/hub.ts",
            "export function hub(): number {\n  return 1;\n}\n",
        );
        project.write(
            "src/leaf.ts",
            "import { hub } from \"./hub\";\n\nexport const n: number = hub();\n",
        );
        let root = project.root();
        let (client, _) = start(&root, &[("SIGNALINT_WARM", Path::new(warm))]).await;
        let first = ok(&call(&client, "check_project", json!({})).await);
        assert_eq!(first["engines"]["tsc"]["status"], "ok", "{first}");
        let before = answered_files(&client, &first).await;
        assert!(
            before.contains(&("src/index.ts".into(), "TS2322".into())),
            "the fixture's own error: {before:?}"
        );

        // The edit to the hub breaks the leaf that imports it.
        project.write(
            "src/hub.ts",
            "export function hub(): string {\n  return \"1\";\n}\n",
        );
        let after = ok(&call(&client, "check_files", json!({"files": ["src/hub.ts"]})).await);
        let tsc = &after["engines"]["tsc"];
        assert_eq!(tsc["status"], "ok", "{after}");
        let files = answered_files(&client, &after).await;
        assert!(
            files.contains(&("src/leaf.ts".into(), "TS2322".into())),
            "warm {warm}: the importer's new error is reported: {files:?}"
        );
        assert!(
            !files.iter().any(|(file, _)| file == "src/index.ts"),
            "warm {warm}: the other file's known error is left out: {files:?}"
        );
        let message = tsc["message"].as_str().unwrap_or_default();
        assert!(
            message.contains("1 new issue(s) in other files reported"),
            "warm {warm}: {message}"
        );
        if warm == "0" {
            assert!(
                message.contains(
                    "checked its whole programs; 1 issue(s) outside the requested files not reported"
                ),
                "{message}"
            );
        }
        assert_eq!(
            tsc["issueCount"], 1,
            "warm {warm}: only the reported issue is counted: {tsc}"
        );
        client.cancel().await.unwrap();
    }
}
