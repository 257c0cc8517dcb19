//! Large projects on the real engines: what would cost minutes on every check (a file too
//! large for Biome's formatter report) is left out once with a stated reason, and the rest is
//! checked as usual.

mod support;

use std::path::{Path, PathBuf};

use signalint::check::{Context, ResponseOptions, Scope, Session};
use signalint::core::{CheckResponse, EngineState};
use tokio_util::sync::CancellationToken;

/// A config that runs Biome alone, the pinned test engine.
fn biome_only() -> String {
    support::oxlint_bin();
    let biome =
        support::workspace_root().join("test-engines/node_modules/@biomejs/cli-linux-x64/biome");
    format!(
        "[engines.oxlint]\nenabled = false\n[engines.tsc]\nenabled = false\n\
         [engines.biome]\ntool = \"{}\"\n",
        biome.display()
    )
}

fn write(root: &Path, file: &str, text: &str) {
    let path = root.join(file);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn project() -> (tempfile::TempDir, PathBuf) {
    let dir = support::temp_project();
    let root = support::canonical(dir.path());
    write(&root, "biome.json", "{}\n");
    (dir, root)
}

fn check(context: Context) -> CheckResponse {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut session = Session::open(context);
    let options = ResponseOptions {
        include_issues: true,
        ..ResponseOptions::default()
    };
    runtime.block_on(session.check(
        &Scope::Project {
            paths: vec![".".into()],
        },
        &options,
        &CancellationToken::new(),
        None,
    ))
}

/// A minified bundle: one line of `bytes` bytes, valid and lint-clean, but not as Biome
/// formats it.
fn one_line_module(bytes: usize) -> String {
    let mut text = String::from("export const data=[0");
    let mut n = 1;
    while text.len() < bytes - 2 {
        text.push_str(&format!(",{n}"));
        n += 1;
    }
    text.push_str("];");
    text
}

/// One line of JSON of about `bytes` bytes.
fn one_line_json(bytes: usize) -> String {
    let mut records = Vec::new();
    let mut len = 2;
    let mut n = 0;
    while len < bytes {
        let record = format!("{{\"id\":{n},\"name\":\"n{n}\",\"v\":[{n},{}]}}", n * 2);
        len += record.len() + 1;
        records.push(record);
        n += 1;
    }
    format!("[{}]", records.join(","))
}

#[test]
fn biome_leaves_formatting_of_one_line_giants_out_says_so_and_checks_the_rest() {
    let (_dir, root) = project();
    write(&root, "src/bundle.js", &one_line_module(1_000_000));
    write(&root, "data/records.json", &one_line_json(700_000));
    write(&root, "src/small.js", "export const  x = [1,2,3]\n");
    write(
        &root,
        "src/linted.js",
        "export function f() {\n\tdebugger;\n}\n",
    );

    let response = check(support::engine_context(&root, &biome_only()));
    let biome = &response.engines["biome"];
    assert_eq!(biome.status, EngineState::Ok, "{:?}", biome.message);
    let message = biome.message.as_deref().unwrap_or_default();
    assert_eq!(
        message.matches("formatting not checked").count(),
        1,
        "stated once: {message}"
    );
    for named in ["src/bundle.js (", "data/records.json ("] {
        assert!(message.contains(named), "{named} in {message}");
    }
    assert!(!message.contains("small.js"), "{message}");

    let issues = response.issues.as_ref().unwrap();
    let found = |file: &str, rule: &str| issues.iter().any(|i| i.file == file && i.rule == rule);
    assert!(
        found("src/small.js", "format"),
        "the other files are still formatted-checked: {issues:#?}"
    );
    assert!(
        found("src/linted.js", "lint/suspicious/noDebugger"),
        "and linted: {issues:#?}"
    );
    assert!(
        !issues
            .iter()
            .any(|i| i.file != "src/small.js" && i.rule == "format"),
        "{issues:#?}"
    );
}

/// A config that runs oxlint alone, the pinned test engine.
fn oxlint_only() -> String {
    format!(
        "[engines.oxlint]\ntool = \"{}\"\n[engines.tsc]\nenabled = false\n\
         [engines.biome]\nenabled = false\n",
        support::oxlint_bin().display()
    )
}

#[test]
fn a_project_past_the_old_cache_floor_is_linted_once() {
    let (_dir, root) = project();
    // One more than the cache used to keep per engine, whatever the project's size.
    let files = signalint::cache::MIN_ENTRIES + 1;
    for n in 0..files {
        write(
            &root,
            &format!("src/m{}/f{n}.js", n / 1000),
            "export const a = 1;\n",
        );
    }
    let context = support::engine_context(&root, &oxlint_only());
    let runner = context.runner.clone();
    let first = check(context);
    assert_eq!(first.engines["oxlint"].status, EngineState::Ok);
    let spawned = runner.spawn_count();
    assert!(spawned >= 1, "oxlint ran the first time");

    // A new session, as the next CLI run opens: the cache on disk alone answers.
    let context = support::engine_context(&root, &oxlint_only());
    let runner = context.runner.clone();
    let second = check(context);
    assert_eq!(second.engines["oxlint"].status, EngineState::Ok);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    assert_eq!(
        runner.spawn_count(),
        0,
        "no file was linted again: {:?}",
        runtime.block_on(runner.spawn_record())
    );
}
