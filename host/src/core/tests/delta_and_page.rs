use super::super::{
    Analysis, Coverage, DEFAULT_PAGE_SIZE, Delta, EngineStatus, LoopHistory, Rechecked,
    ResponseParts, Snapshot, analyze, delta, page, respond,
};
use super::{missing_name, oxlint, tsc, unused_var};

fn check_files(files: &[&str]) -> Rechecked {
    Rechecked::new()
        .engine("oxlint", Coverage::files(files.iter().copied()))
        .engine("tsc", Coverage::All)
        .focus(files.iter().copied())
}

#[test]
fn delta_counts_new_resolved_and_persisting() {
    let first = analyze(vec![
        missing_name("UserId", "src/a.ts", 1),
        missing_name("UserId", "src/b.ts", 1),
        unused_var("eslint", "tmp", "src/a.ts", 5),
        unused_var("eslint", "old", "src/c.ts", 5),
    ]);
    let snapshot = Snapshot::of(&first);
    let user_id = first.clusters[0].cluster_id.clone();
    // check_files([a.ts]): tsc re-checked everything, oxlint only a.ts.
    let scope = check_files(&["src/a.ts"]);
    let mut second = analyze(vec![
        missing_name("UserId", "src/a.ts", 1),
        missing_name("UserId", "src/d.ts", 1),
        oxlint(
            "eslint/no-debugger",
            "src/a.ts",
            9,
            "`debugger` statement is not allowed",
        ),
    ]);
    let report = delta(&snapshot, &second, &scope);
    // new: UserId in d.ts, debugger. persisting: UserId in a.ts. resolved: UserId in b.ts (tsc
    // re-checked it), tmp in a.ts (oxlint re-checked a.ts). `old` in c.ts: not re-checked, unknown.
    assert_eq!(
        report.overall,
        Delta {
            new: 2,
            resolved: 2,
            persisting: 1
        }
    );
    assert_eq!(
        report.clusters[&user_id],
        Delta {
            new: 1,
            resolved: 1,
            persisting: 1
        }
    );
    report.annotate(&mut second.clusters);
    let annotated = second
        .clusters
        .iter()
        .find(|c| c.cluster_id == user_id)
        .and_then(|c| c.delta);
    assert_eq!(
        annotated,
        Some(Delta {
            new: 1,
            resolved: 1,
            persisting: 1
        })
    );

    // The next snapshot keeps `old` (c.ts was not re-checked) so a later check can resolve it.
    let next = Snapshot::advance(Some(&snapshot), &second, &scope);
    assert_eq!(next.issues.len(), 4);
    let third = analyze(vec![]);
    let report = delta(&next, &third, &Rechecked::whole_project(["oxlint", "tsc"]));
    assert_eq!(
        report.overall,
        Delta {
            new: 0,
            resolved: 4,
            persisting: 0
        }
    );
}

#[test]
fn snapshots_serialize() {
    let snapshot = Snapshot::of(&analyze(vec![missing_name("X", "src/a.ts", 1)]));
    let json = serde_json::to_string(&snapshot).unwrap_or_default();
    assert!(json.contains("\"clusterId\""));
    let back: Snapshot = serde_json::from_str(&json).unwrap_or_default();
    assert_eq!(back, snapshot);
}

fn many_clusters(n: usize) -> Analysis {
    analyze(
        (0..n)
            .map(|i| {
                oxlint(
                    &format!("eslint/rule-{i:02}"),
                    "src/a.ts",
                    i as u32 + 1,
                    "Unexpected thing",
                )
            })
            .collect(),
    )
}

#[test]
fn pages_of_ten_with_a_cursor() {
    let analysis = many_clusters(25);
    let first = page(&analysis.clusters, None, DEFAULT_PAGE_SIZE);
    assert_eq!(first.clusters.len(), 10);
    assert!(first.truncated && !first.cursor_rejected);
    assert_eq!(first.clusters[0].priority, 1);
    let second = page(&analysis.clusters, first.next_cursor.as_deref(), 10);
    assert_eq!(second.clusters[0].priority, 11);
    assert!(second.truncated);
    let third = page(&analysis.clusters, second.next_cursor.as_deref(), 10);
    assert_eq!(third.clusters.len(), 5);
    assert_eq!(third.clusters[4].priority, 25);
    assert!(!third.truncated);
    assert_eq!(third.next_cursor, None);
    // 0 means the default.
    assert_eq!(
        page(&analysis.clusters, None, 0).clusters.len(),
        DEFAULT_PAGE_SIZE
    );
}

#[test]
fn bad_cursors_give_the_first_page_flagged() {
    let analysis = many_clusters(25);
    let other = many_clusters(24);
    let foreign = page(&other.clusters, None, 10).next_cursor;
    for cursor in [
        Some("garbage"),
        Some(""),
        Some("0.00000000"),
        Some("ffffffff.12345678"),
        foreign.as_deref(),
    ] {
        let p = page(&analysis.clusters, cursor, 10);
        assert!(p.cursor_rejected, "{cursor:?}");
        assert_eq!(p.clusters[0].priority, 1);
    }
    let small = page(&analysis.clusters[..3], None, 10);
    assert!(!small.truncated && small.next_cursor.is_none());
}

#[test]
fn the_response_follows_the_contract() {
    let mut history = LoopHistory::default();
    let analysis = analyze(vec![
        missing_name("UserId", "src/a.ts", 1),
        missing_name("UserId", "src/b.ts", 1),
        tsc(2554, "src/c.ts", 1, "Expected 2 arguments, but got 1."),
    ]);
    let loops = history.update(&analysis, &Rechecked::whole_project(["tsc"]), 2);
    let mut engines = std::collections::BTreeMap::new();
    engines.insert("tsc".to_owned(), EngineStatus::ok());
    let response = respond(ResponseParts {
        engines,
        rule_packs: Default::default(),
        analysis: &analysis,
        page: page(&analysis.clusters, None, 1),
        loops: Some(&loops),
        delta: None,
        include_issues: false,
    });
    let json = serde_json::to_value(&response).unwrap_or_default();
    assert_eq!(json["schemaVersion"], "1.1");
    assert_eq!(json["status"], "issues_found");
    assert_eq!(json["totalIssues"], 3);
    assert_eq!(json["truncated"], true);
    assert!(json["loopWarning"].is_null());
    assert_eq!(json["engines"]["biome"]["status"], "disabled");
    assert_eq!(json["engines"]["tsc"]["status"], "ok");
    let cluster = &json["clusters"][0];
    for key in [
        "clusterId",
        "rootCauseSummary",
        "ruleIds",
        "issueCount",
        "fileCount",
        "priority",
        "suggestedAction",
        "sampleIssueIds",
    ] {
        assert!(!cluster[key].is_null(), "{key}");
    }
    assert_eq!(cluster["sampleIssueIds"].as_array().map(Vec::len), Some(2));
    assert!(json.get("issues").is_none());
    assert!(json["nextCursor"].is_string());
}
