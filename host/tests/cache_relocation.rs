//! The cache under `.signalint/` names no absolute path, so a cache restored at another path
//! (a CI cache on another runner, a moved clone) still hits: the project is checked, moved,
//! and checked again without one engine run.

mod support;

use std::path::Path;

use signalint::check::{ResponseOptions, Scope, Session};
use signalint::core::{CheckResponse, EngineState};
use tokio_util::sync::CancellationToken;

/// A project whose engines come from its own `node_modules` (linked to the pinned engines), so
/// the tools are named by paths inside the project.
fn write_project(root: &Path) {
    support::oxlint_bin();
    support::copy_tree(&support::workspace_root().join("examples/demo"), root);
    std::os::unix::fs::symlink(
        support::workspace_root().join("test-engines/node_modules"),
        root.join("node_modules"),
    )
    .unwrap();
}

fn check(root: &Path) -> (CheckResponse, Vec<signalint::runner::SpawnRecord>) {
    // Named, so each runs whether or not the project shows it uses it.
    let context =
        support::engine_context(root, "[engines.oxlint]\n[engines.tsc]\n[engines.biome]\n");
    let runner = context.runner.clone();
    let mut session = Session::open(context);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let options = ResponseOptions {
        include_issues: true,
        ..ResponseOptions::default()
    };
    let response = runtime.block_on(session.check(
        &Scope::Project {
            paths: vec![".".into()],
        },
        &options,
        &CancellationToken::new(),
        None,
    ));
    for engine in ["oxlint", "tsc", "biome"] {
        assert_eq!(
            response.engines[engine].status,
            EngineState::Ok,
            "{engine}: {:?}",
            response.engines[engine].message
        );
    }
    let spawned = runtime.block_on(runner.spawn_record());
    (response, spawned)
}

/// Spawns that ran an engine, not a version probe.
fn engine_runs(spawned: &[signalint::runner::SpawnRecord]) -> Vec<String> {
    spawned
        .iter()
        .filter(|record| !record.args.iter().any(|a| a == "--version" || a == "-v"))
        .map(|record| format!("{} {}", record.program, record.args.join(" ")))
        .collect()
}

fn issue_ids(response: &CheckResponse) -> Vec<String> {
    let mut ids: Vec<String> = response
        .issues
        .as_ref()
        .unwrap()
        .iter()
        .map(|issue| issue.issue_id.clone())
        .collect();
    ids.sort();
    ids
}

/// Every file under `dir`, read as text where it is.
fn texts(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(texts(&path));
        } else {
            out.push((
                path.display().to_string(),
                String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned(),
            ));
        }
    }
    out
}

#[test]
fn a_moved_project_keeps_its_cache() {
    let parent = tempfile::tempdir().unwrap();
    let first = support::canonical(parent.path()).join("checkout-a");
    std::fs::create_dir(&first).unwrap();
    write_project(&first);
    let (before, spawned) = check(&first);
    assert!(
        engine_runs(&spawned).len() >= 3,
        "the first check ran every engine: {spawned:?}"
    );
    for (file, text) in texts(&first.join(".signalint/cache")) {
        assert!(
            !text.contains(&first.display().to_string()),
            "{file} names the project's path"
        );
    }

    let moved = support::canonical(parent.path()).join("elsewhere/checkout-b");
    std::fs::create_dir_all(moved.parent().unwrap()).unwrap();
    std::fs::rename(&first, &moved).unwrap();
    let (after, spawned) = check(&moved);
    assert_eq!(
        engine_runs(&spawned),
        Vec::<String>::new(),
        "every engine's result came from the moved cache"
    );
    assert_eq!(issue_ids(&after), issue_ids(&before));
    assert!(!issue_ids(&after).is_empty());
}
