//! `signalint hook` driven as Claude Code drives it: a recorded PostToolUse payload on stdin,
//! after a real edit of a small TypeScript project checked by the pinned oxlint and tsc. It
//! exits with 2 (stderr shown to the model) only for errors the edit introduced, once each, and
//! with a loop warning when the agent keeps bringing back an error it fixed.

mod mcp_support;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use mcp_support::Project;
use serde_json::json;

const UTIL: &str = "export function double(n: number): number {\n  debugger;\n  return n * 2;\n}\n";
/// `util.ts` with a type error in the body.
const UTIL_BROKEN: &str = "export function double(n: number): number {\n  debugger;\n  const half: string = n / 2;\n  return n * 2 + half.length;\n}\n";

/// Claude Code's PostToolUse payload for an edit of `file` (as recorded from the client).
fn claude_payload(root: &Path, tool: &str, file: &str) -> String {
    json!({
        "session_id": "0f3c9a2e-7d41-4b8e-9c55-1e2f3a4b5c6d",
        "transcript_path": "/home/dev/.claude/projects/app/0f3c9a2e.jsonl",
        "cwd": root,
        "permission_mode": "default",
        "hook_event_name": "PostToolUse",
        "tool_name": tool,
        "tool_input": {
            "file_path": root.join(file),
            "old_string": "return n * 2;",
            "new_string": "return n * 3;"
        },
        "tool_response": {"filePath": root.join(file), "success": true}
    })
    .to_string()
}

/// Runs `signalint hook` from outside the project with `payload` on stdin: the payload's `cwd`
/// says where the project is.
fn hook(payload: &str) -> Output {
    hook_logging(payload, None)
}

/// [`hook`] with `SIGNALINT_LOG` set to `log`.
fn hook_logging(payload: &str, log: Option<&str>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_signalint"));
    match log {
        Some(log) => command.env("SIGNALINT_LOG", log),
        None => command.env_remove("SIGNALINT_LOG"),
    };
    let mut child = command
        .arg("hook")
        .current_dir(std::env::temp_dir())
        .env_remove("CLAUDE_PROJECT_DIR")
        .env("SIGNALINT_NO_INSTALL", "1")
        .env(
            "SIGNALINT_TOOLCHAIN_DIR",
            mcp_support::workspace_root().join("test-engines"),
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn signalint hook");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(payload.as_bytes())
        .unwrap();
    child.wait_with_output().expect("signalint hook ran")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The fixture project, its engines (the pinned oxlint and tsc) from the managed toolchain.
fn project() -> Project {
    let project = Project::typescript();
    project.write("signalint.toml", "[engines.biome]\nenabled = false\n");
    project
}

/// The project, with a first hook on `util.ts` so its current issues are known.
fn known_project() -> Project {
    let project = project();
    let first = hook(&claude_payload(&project.root(), "Write", "src/util.ts"));
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    project
}

#[test]
fn a_clean_edit_passes_quietly() {
    let project = known_project();
    project.write("src/util.ts", &UTIL.replace("n * 2", "n * 3"));
    let output = hook(&claude_payload(&project.root(), "Edit", "src/util.ts"));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(output.stdout.is_empty());
    assert_eq!(stderr(&output), "", "a clean edit says nothing");
}

#[test]
fn a_new_error_blocks_once_with_a_short_report() {
    let project = known_project();
    let root = project.root();
    project.write("src/util.ts", UTIL_BROKEN);
    let output = hook(&claude_payload(&root, "Edit", "src/util.ts"));
    let report = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{report}");
    assert!(
        report.contains("introduced 1 error") && report.contains("src/util.ts:3:"),
        "{report}"
    );
    assert!(report.contains("TS2322"), "{report}");
    assert!(report.len() < 2048, "{} bytes: {report}", report.len());
    // The warning oxlint has about `debugger` is old, and a warning: not a word of it.
    assert!(!report.contains("debugger"), "{report}");

    // The same unchanged error on the next hook (the agent edited elsewhere): not again.
    let again = hook(&claude_payload(&root, "Edit", "src/util.ts"));
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    assert!(!stderr(&again).contains("TS2322"), "{}", stderr(&again));
}

#[test]
fn an_old_error_left_untouched_does_not_block() {
    let project = project();
    let root = project.root();
    // The first hook on index.ts (TS2322 is there already) takes the file as it is.
    let first = hook(&claude_payload(&root, "Write", "src/index.ts"));
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    assert!(stderr(&first).contains("first check"), "{}", stderr(&first));
    // An edit elsewhere in the file: the old error is still there, nothing new.
    let index = std::fs::read_to_string(root.join("src/index.ts")).unwrap();
    project.write(
        "src/index.ts",
        &format!("{index}\nexport const label = \"x\";\n"),
    );
    let output = hook(&claude_payload(&root, "Edit", "src/index.ts"));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(!stderr(&output).contains("TS2322"), "{}", stderr(&output));
}

/// Runs git in `root` with a fixed identity; panics with git's words when it fails.
fn git(root: &Path, args: &[&str]) {
    let output = Command::new("git")
        .args(["-c", "user.name=dev", "-c", "user.email=dev@example.com"])
        .args(args)
        .current_dir(root)
        .output()
        .expect("git runs");
    assert!(
        output.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn the_first_edit_of_a_file_blocks_on_what_it_broke_by_git_diff() {
    let project = project();
    let root = project.root();
    git(&root, &["init", "-q"]);
    git(&root, &["add", "-A"]);
    git(&root, &["commit", "-q", "-m", "start"]);
    // No check has seen index.ts; its TS2322 on line 3 was committed, the edit adds another.
    let index = std::fs::read_to_string(root.join("src/index.ts")).unwrap();
    project.write(
        "src/index.ts",
        &format!("{index}\nexport const label: number = \"x\";\n"),
    );
    let output = hook(&claude_payload(&root, "Edit", "src/index.ts"));
    let report = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{report}");
    assert!(
        report.contains("introduced 1 error") && report.contains("src/index.ts:10:"),
        "{report}"
    );
    assert!(!report.contains("src/index.ts:3:"), "{report}");

    // A file the agent created is new as a whole: its errors are the edit's.
    project.write("src/created.ts", "export const flag: boolean = 1;\n");
    let created = hook(&claude_payload(&root, "Write", "src/created.ts"));
    assert_eq!(created.status.code(), Some(2), "{}", stderr(&created));
    assert!(
        stderr(&created).contains("src/created.ts:1:"),
        "{}",
        stderr(&created)
    );
}

#[test]
fn a_fix_regress_loop_blocks_each_return_and_says_it_is_a_loop() {
    let project = known_project();
    let root = project.root();
    let mut warned = None;
    for round in 1..=4 {
        project.write("src/util.ts", UTIL_BROKEN);
        let broken = hook(&claude_payload(&root, "Edit", "src/util.ts"));
        assert_eq!(
            broken.status.code(),
            Some(2),
            "round {round}: {}",
            stderr(&broken)
        );
        if stderr(&broken).contains("loop: ") {
            warned = Some((round, stderr(&broken)));
            break;
        }
        project.write("src/util.ts", UTIL);
        let fixed = hook(&claude_payload(&root, "Edit", "src/util.ts"));
        assert_eq!(
            fixed.status.code(),
            Some(0),
            "round {round}: {}",
            stderr(&fixed)
        );
    }
    let (round, report) = warned.expect("a loop warning within four fix/regress rounds");
    assert!(round >= 2, "a loop needs a return: {report}");
    assert!(report.contains("came back"), "{report}");
    assert!(report.len() < 2048, "{} bytes: {report}", report.len());
}

#[test]
fn bad_payloads_never_block_the_agent() {
    for (payload, says) in [
        ("", "empty"),
        ("{not json", "not JSON"),
        ("[1, 2]", "not an object"),
    ] {
        let output = hook(payload);
        assert_eq!(output.status.code(), Some(0), "{payload:?}");
        assert!(
            stderr(&output).contains(says),
            "{payload:?}: {}",
            stderr(&output)
        );
    }
    // A tool that edits no file (a shell command): nothing to check, nothing said.
    let bash = json!({"cwd": "/", "hook_event_name": "PostToolUse", "tool_name": "Bash",
                      "tool_input": {"command": "ls"}});
    let output = hook(&bash.to_string());
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stderr(&output), "");
}

#[test]
fn a_file_outside_the_project_is_not_checked() {
    let project = project();
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("x.ts"), "const a: number = 'x';\n").unwrap();
    let payload = json!({"cwd": project.root(), "hook_event_name": "PostToolUse",
        "tool_name": "Write", "tool_input": {"file_path": outside.path().join("x.ts")}});
    let output = hook(&payload.to_string());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("outside the project"),
        "{}",
        stderr(&output)
    );
}

/// With `signalint mcp` running on the project, the hook's check runs in the server's session
/// (its warm engines) through the project's hook endpoint, and answers the same way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_server_answers_the_hook() {
    let project = project();
    let root = project.root();
    let engines = mcp_support::workspace_root().join("test-engines");
    let (client, _) = mcp_support::start(&root, &[("SIGNALINT_TOOLCHAIN_DIR", &engines)]).await;
    let socket = root.join(".signalint/hook.sock");
    for _ in 0..100 {
        if socket.exists() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let mode =
        std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(&socket).unwrap().permissions());
    assert_eq!(mode & 0o777, 0o600, "only the user reaches the endpoint");

    let payload = claude_payload(&root, "Edit", "src/util.ts");
    let first = {
        let payload = payload.clone();
        tokio::task::spawn_blocking(move || hook_logging(&payload, Some("info")))
            .await
            .unwrap()
    };
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    assert!(
        stderr(&first).contains("checked by the running signalint mcp"),
        "{}",
        stderr(&first)
    );
    project.write("src/util.ts", UTIL_BROKEN);
    let broken = tokio::task::spawn_blocking(move || hook_logging(&payload, Some("info")))
        .await
        .unwrap();
    let report = stderr(&broken);
    assert_eq!(broken.status.code(), Some(2), "{report}");
    assert!(
        report.contains("checked by the running signalint mcp"),
        "{report}"
    );
    assert!(
        report.contains("src/util.ts:3:") && report.contains("TS2322"),
        "{report}"
    );
    // The server's own answers know the hook's check: the error is not new to check_files.
    let files = mcp_support::ok(
        &mcp_support::call(&client, "check_files", json!({"files": ["src/util.ts"]})).await,
    );
    assert_eq!(files["delta"]["new"], 0, "{files:#}");
    client.cancel().await.unwrap();
    // The socket goes with the server.
    for _ in 0..100 {
        if !socket.exists() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(
        !socket.exists(),
        "the endpoint is removed when the server stops"
    );
}
