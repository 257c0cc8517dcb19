//! Incremental checks on the real engines: what is unchanged is never run again, what changed
//! (also a file that was not passed but is imported) is, and no stale result is ever returned.

mod support;

use std::path::{Path, PathBuf};

use signalint::check::{Context, ResponseOptions, Scope, Session};
use signalint::core::CheckResponse;
use tokio_util::sync::CancellationToken;

fn engines() -> PathBuf {
    support::oxlint_bin();
    support::workspace_root().join("test-engines/node_modules")
}

/// A config that points the three engines at the pinned test engines.
fn config_text(extra: &str) -> String {
    let engines = engines();
    format!(
        "[engines.oxlint]\ntool = \"{}\"\n{extra}\n[engines.tsc]\ntool = \"{}\"\n[engines.biome]\ntool = \"{}\"\n",
        engines.join("oxlint/bin/oxlint").display(),
        engines
            .join("@typescript/typescript-linux-x64/lib/tsc")
            .display(),
        engines.join("@biomejs/cli-linux-x64/biome").display(),
    )
}

fn context(root: &Path, config: &str) -> Context {
    support::engine_context(root, config)
}

fn project() -> (tempfile::TempDir, PathBuf) {
    let dir = support::temp_project();
    let root = support::canonical(dir.path());
    write(
        &root,
        "tsconfig.json",
        r#"{ "compilerOptions": { "strict": true, "noEmit": true, "types": [] }, "include": ["src/**/*.ts"] }"#,
    );
    write(
        &root,
        ".oxlintrc.json",
        r#"{ "rules": { "no-debugger": "error" } }"#,
    );
    write(
        &root,
        "src/shapes.ts",
        "export interface Shape { sides: number }\nexport const square: Shape = { sides: 4 };\n",
    );
    write(
        &root,
        "src/main.ts",
        "import { square } from \"./shapes\";\nexport const count: number = square.sides;\ndebugger;\n",
    );
    (dir, root)
}

fn write(root: &Path, file: &str, text: &str) {
    let path = root.join(file);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn files(list: &[&str]) -> Scope {
    Scope::Files {
        files: list.iter().map(|s| (*s).to_owned()).collect(),
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap()
}

fn check(runtime: &tokio::runtime::Runtime, session: &mut Session, scope: &Scope) -> CheckResponse {
    let options = ResponseOptions {
        include_issues: true,
        ..ResponseOptions::default()
    };
    let response =
        runtime.block_on(session.check(scope, &options, &CancellationToken::new(), None));
    for (engine, status) in &response.engines {
        assert_ne!(
            status.status,
            signalint::core::EngineState::Error,
            "{engine}: {:?}",
            status.message
        );
    }
    response
}

fn rules(response: &CheckResponse) -> Vec<(String, String, u32)> {
    let mut found: Vec<_> = response
        .issues
        .as_ref()
        .unwrap()
        .iter()
        .map(|i| (i.file.clone(), i.rule.clone(), i.line))
        .collect();
    found.sort();
    found
}

#[test]
fn a_second_check_of_unchanged_files_starts_no_engine_process() {
    let (_dir, root) = project();
    let context = context(&root, &config_text(""));
    let runner = context.runner.clone();
    let mut session = Session::open(context);
    let runtime = runtime();
    let first = check(&runtime, &mut session, &files(&["src/main.ts"]));
    let spawned = runner.spawn_count();
    assert!(
        spawned >= 3,
        "oxlint, tsc and biome ran the first time ({spawned})"
    );
    let second = check(&runtime, &mut session, &files(&["src/main.ts"]));
    assert_eq!(
        runner.spawn_count(),
        spawned,
        "nothing ran the second time: {:?}",
        runtime.block_on(runner.spawn_record())
    );
    assert_eq!(rules(&first), rules(&second));
    assert!(
        rules(&second)
            .iter()
            .any(|(_, rule, _)| rule == "eslint/no-debugger")
    );

    // A fresh session (a restarted server, the next CLI run) reads the same cache.
    let context = self::context(&root, &config_text(""));
    let runner = context.runner.clone();
    let mut session = Session::open(context);
    let third = check(&runtime, &mut session, &files(&["src/main.ts"]));
    assert_eq!(runner.spawn_count(), 0);
    assert_eq!(rules(&third), rules(&first));
}

/// Sets every file under `root` to a time well in the past, as files that were not just saved.
fn age_files(root: &Path) {
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(600);
    for entry in walk(root) {
        let file = std::fs::File::options().write(true).open(&entry).unwrap();
        file.set_modified(old).unwrap();
    }
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}

#[test]
fn a_cold_check_of_settled_files_caches_what_it_hashed_while_the_engines_ran() {
    let (_dir, root) = project();
    age_files(&root);
    let context = context(&root, &config_text(""));
    let runner = context.runner.clone();
    let mut session = Session::open(context);
    let runtime = runtime();
    let scope = Scope::Project {
        paths: vec![".".into()],
    };
    let first = check(&runtime, &mut session, &scope);
    let spawned = runner.spawn_count();
    assert!(spawned >= 3, "the three engines ran ({spawned})");
    let second = check(&runtime, &mut session, &scope);
    assert_eq!(
        runner.spawn_count(),
        spawned,
        "every key hashed during the cold run was stored: {:?}",
        runtime.block_on(runner.spawn_record())
    );
    assert_eq!(rules(&first), rules(&second));

    // An edit after the cold run is seen: the edited file's old result is not reused.
    write(&root, "src/main.ts", "export const fixed = 1;\n");
    let third = check(&runtime, &mut session, &scope);
    assert!(runner.spawn_count() > spawned);
    assert!(
        !rules(&third)
            .iter()
            .any(|(_, rule, _)| rule == "eslint/no-debugger"),
        "{:?}",
        rules(&third)
    );
}

#[test]
fn editing_an_imported_file_that_was_not_passed_reruns_tsc() {
    let (_dir, root) = project();
    let context = context(&root, &config_text(""));
    let runner = context.runner.clone();
    let mut session = Session::open(context);
    let runtime = runtime();
    let before = check(&runtime, &mut session, &files(&["src/main.ts"]));
    assert!(
        !rules(&before)
            .iter()
            .any(|(_, rule, _)| rule.starts_with("TS")),
        "{:?}",
        rules(&before)
    );
    let spawned = runner.spawn_count();

    // shapes.ts is not passed, but main.ts imports it: `sides` becomes a string.
    write(
        &root,
        "src/shapes.ts",
        "export interface Shape { sides: string }\nexport const square: Shape = { sides: \"4\" };\n",
    );
    let after = check(&runtime, &mut session, &files(&["src/main.ts"]));
    let records = runtime.block_on(runner.spawn_record());
    let new_runs: Vec<_> = records.iter().skip(spawned as usize).collect();
    assert!(
        new_runs.iter().any(|r| r.program.ends_with("/tsc")),
        "tsc ran again: {new_runs:?}"
    );
    assert!(
        !new_runs
            .iter()
            .any(|r| r.program.contains("biome") || r.args.iter().any(|a| a.contains("oxlint"))),
        "the file-local engines had nothing new to check: {new_runs:?}"
    );
    assert!(
        rules(&after).contains(&("src/main.ts".to_owned(), "TS2322".to_owned(), 2)),
        "the new type error in the importing file appears: {:?}",
        rules(&after)
    );
}

#[test]
fn switching_between_configs_never_returns_the_other_configs_result() {
    let (_dir, root) = project();
    let runtime = runtime();
    let has_debugger = |response: &CheckResponse| {
        rules(response)
            .iter()
            .any(|(_, rule, _)| rule == "eslint/no-debugger")
    };

    // The engine's own config file.
    let mut session = Session::open(context(&root, &config_text("")));
    assert!(has_debugger(&check(
        &runtime,
        &mut session,
        &files(&["src/main.ts"])
    )));
    write(
        &root,
        ".oxlintrc.json",
        r#"{ "rules": { "no-debugger": "off" } }"#,
    );
    assert!(!has_debugger(&check(
        &runtime,
        &mut session,
        &files(&["src/main.ts"])
    )));
    write(
        &root,
        ".oxlintrc.json",
        r#"{ "rules": { "no-debugger": "error" } }"#,
    );
    assert!(has_debugger(&check(
        &runtime,
        &mut session,
        &files(&["src/main.ts"])
    )));

    // signalint.toml's arguments for the engine.
    let mut quiet = Session::open(context(
        &root,
        &config_text("args = [\"-A\", \"all\", \"-A\", \"no-debugger\"]"),
    ));
    assert!(!has_debugger(&check(
        &runtime,
        &mut quiet,
        &files(&["src/main.ts"])
    )));
    let mut loud = Session::open(context(&root, &config_text("")));
    assert!(has_debugger(&check(
        &runtime,
        &mut loud,
        &files(&["src/main.ts"])
    )));
}

#[test]
fn truncated_cache_entries_are_recomputed() {
    let (_dir, root) = project();
    let runtime = runtime();
    let context = context(&root, &config_text(""));
    let runner = context.runner.clone();
    let mut session = Session::open(context);
    let first = check(
        &runtime,
        &mut session,
        &Scope::Project {
            paths: vec![".".into()],
        },
    );
    let spawned = runner.spawn_count();

    let mut truncated = 0;
    let mut stack = vec![root.join(".signalint/cache")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            if entry.file_type().unwrap().is_dir() {
                stack.push(entry.path());
            } else {
                let bytes = std::fs::read(entry.path()).unwrap();
                std::fs::write(entry.path(), &bytes[..bytes.len() / 2]).unwrap();
                truncated += 1;
            }
        }
    }
    assert!(
        truncated >= 3,
        "every engine left cache entries ({truncated})"
    );
    let second = check(
        &runtime,
        &mut session,
        &Scope::Project {
            paths: vec![".".into()],
        },
    );
    assert!(
        runner.spawn_count() > spawned,
        "the engines ran again instead of trusting torn entries"
    );
    assert_eq!(rules(&first), rules(&second));
}

#[test]
fn a_report_no_checked_file_owns_survives_the_second_check() {
    let (_dir, root) = project();
    // Not UTF-8: Biome and oxlint report "could not read" without naming the file.
    let path = root.join("src/latin1.ts");
    std::fs::write(&path, b"export const caf\xe9 = 1;\n").unwrap();
    age_files(&root);
    let context = context(&root, &config_text(""));
    let mut session = Session::open(context);
    let runtime = runtime();
    let scope = Scope::Project { paths: Vec::new() };
    let first = check(&runtime, &mut session, &scope);
    assert!(
        rules(&first).iter().any(|(file, _, _)| file.is_empty()),
        "an engine reported the unreadable file without a path: {:?}",
        rules(&first)
    );
    let second = check(&runtime, &mut session, &scope);
    assert_eq!(rules(&second), rules(&first));
    assert_eq!(second.delta.as_ref().map(|d| d.resolved), Some(0));
}
