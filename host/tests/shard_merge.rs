//! A check split into three shards (`check --shard I/3`) and joined again (`merge`) gives the
//! unsharded check's answer, issue for issue and cluster for cluster, on a real project: the
//! demo project, with every built-in engine and the rule packs over its MCP manifest.

mod support;

use std::path::Path;

use serde_json::Value;

/// The demo project in a fresh directory, with its MCP manifest configured.
fn demo() -> tempfile::TempDir {
    let project = support::temp_project();
    support::copy_tree(
        &support::workspace_root().join("examples/demo"),
        project.path(),
    );
    std::fs::write(
        project.path().join("signalint.toml"),
        "[engines.biome]\n\n[mcp]\nmanifests = [\"mcp/tools.json\"]\n",
    )
    .unwrap();
    project
}

fn signalint(root: &Path, args: &[&str]) -> std::process::Output {
    support::run(
        support::signalint(None)
            .arg("--root")
            .arg(root)
            .args(args)
            .env(
                "SIGNALINT_TOOLCHAIN_DIR",
                support::workspace_root().join("test-engines"),
            ),
    )
}

/// Each issue as the comparison sees it: everything but what belongs to one run's history.
fn issues(response: &Value) -> Vec<Value> {
    let mut issues: Vec<Value> = response["issues"]
        .as_array()
        .expect("every issue (--all-issues)")
        .iter()
        .map(|issue| {
            let mut issue = issue.clone();
            issue.as_object_mut().unwrap().remove("new");
            issue
        })
        .collect();
    issues.sort_by_key(|i| i["issueId"].as_str().unwrap().to_owned());
    issues
}

fn clusters(response: &Value) -> Vec<Value> {
    let mut clusters: Vec<Value> = response["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|cluster| {
            let mut cluster = cluster.clone();
            let object = cluster.as_object_mut().unwrap();
            object.remove("delta");
            object.remove("new");
            cluster
        })
        .collect();
    clusters.sort_by_key(|c| c["clusterId"].as_str().unwrap().to_owned());
    clusters
}

fn states(statuses: &Value) -> Vec<(String, Value, Value)> {
    statuses
        .as_object()
        .unwrap()
        .iter()
        .map(|(id, s)| (id.clone(), s["status"].clone(), s["issueCount"].clone()))
        .collect()
}

#[test]
fn three_shards_merged_equal_the_unsharded_check() {
    let project = demo();
    let root = project.path();
    let whole = signalint(
        root,
        &[
            "check",
            "--format",
            "json",
            "--all-issues",
            "--page-size",
            "1000",
        ],
    );
    let whole_json = support::stdout_json(&whole);
    assert_eq!(whole.status.code(), Some(1), "{whole_json}");
    for engine in ["oxlint", "tsc", "biome"] {
        assert_eq!(
            whole_json["engines"][engine]["status"], "ok",
            "{whole_json}"
        );
    }
    assert!(
        whole_json["rulePacks"]
            .as_object()
            .unwrap()
            .values()
            .any(|s| s["status"] == "ok"),
        "the rule packs ran: {whole_json}"
    );

    let scratch = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    let mut per_shard = Vec::new();
    for index in 1..=3 {
        // A fresh copy per shard, as on separate runners: no shared cache or state.
        let runner = demo();
        let output = signalint(
            runner.path(),
            &[
                "check",
                "--shard",
                &format!("{index}/3"),
                "--format",
                "json",
            ],
        );
        let json = support::stdout_json(&output);
        assert_eq!(json["kind"], "signalint-shard-result", "{json}");
        per_shard.push(json["inputs"].as_array().unwrap().len());
        let file = scratch.path().join(format!("shard-{index}.json"));
        std::fs::write(&file, &output.stdout).unwrap();
        files.push(file);
    }
    // Split, not repeated: every input of the unsharded check is in exactly one shard.
    let reported: u64 = ["engines", "rulePacks"]
        .iter()
        .flat_map(|table| whole_json[*table].as_object().unwrap().values())
        .filter_map(|status| status["issueCount"].as_u64())
        .sum();
    assert_eq!(
        per_shard.iter().sum::<usize>() as u64,
        reported,
        "{per_shard:?}"
    );
    assert!(
        per_shard.iter().filter(|&&n| n > 0).count() >= 2,
        "the work is split: {per_shard:?}"
    );

    let mut merge = support::signalint(None);
    merge
        .args(["merge", "--format", "json", "--all-issues"])
        .args(&files);
    let merged = support::run(&mut merge);
    let merged_json = support::stdout_json(&merged);
    assert_eq!(merged.status.code(), whole.status.code(), "{merged_json}");
    assert_eq!(merged_json["totalIssues"], whole_json["totalIssues"]);
    assert_eq!(issues(&merged_json), issues(&whole_json));
    assert_eq!(clusters(&merged_json), clusters(&whole_json));
    assert_eq!(
        states(&merged_json["engines"]),
        states(&whole_json["engines"])
    );
    assert_eq!(
        states(&merged_json["rulePacks"]),
        states(&whole_json["rulePacks"])
    );

    // The CI formats come out of the merge as well, with every issue.
    let mut sarif = support::signalint(None);
    sarif.args(["merge", "--format", "sarif"]).args(&files);
    let sarif = support::stdout_json(&support::run(&mut sarif));
    let results = sarif["runs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|run| run["results"].as_array().map_or(0, Vec::len))
        .sum::<usize>();
    assert_eq!(results as u64, whole_json["totalIssues"].as_u64().unwrap());
}

#[test]
fn merge_refuses_an_incomplete_split_and_a_check_response() {
    let project = demo();
    let output = signalint(
        project.path(),
        &["check", "--shard", "2/2", "--format", "json"],
    );
    let scratch = tempfile::tempdir().unwrap();
    let shard = scratch.path().join("shard-2.json");
    std::fs::write(&shard, &output.stdout).unwrap();
    let mut merge = support::signalint(None);
    merge.arg("merge").arg(&shard);
    let out = support::run(&mut merge);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("1/2 missing"),
        "{out:?}"
    );

    let response = signalint(project.path(), &["check", "--format", "json"]);
    let plain = scratch.path().join("response.json");
    std::fs::write(&plain, &response.stdout).unwrap();
    let mut merge = support::signalint(None);
    merge.arg("merge").arg(&plain);
    let out = support::run(&mut merge);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("not a shard result"),
        "{out:?}"
    );

    let bad = signalint(project.path(), &["check", "--shard", "4/3"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("1 ≤ I ≤ N"));
}
