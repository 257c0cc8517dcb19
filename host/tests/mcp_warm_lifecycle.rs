//! The lifecycle of a warm engine in the MCP server: started on the first check, kept
//! between calls, restarted after a crash and when a program input changes, stopped when
//! idle or above its memory limit, never outliving the server (closed stdin or SIGKILL), and
//! one-shot with the reason in the status where it cannot answer (a syntax error). The
//! lifecycle runs for both servers: TypeScript 7's language server and TypeScript 5.9.3's
//! tsserver.

mod mcp_support;

use std::path::Path;
use std::time::{Duration, Instant};

use mcp_support::{call, ok, start};

/// The projects pin their TypeScript in `node_modules`: they are trusted, so it is what runs.
fn trusted() -> (&'static str, &'static Path) {
    ("SIGNALINT_TRUST", Path::new("1"))
}
use serde_json::{Value, json};

/// A new session's first answer waited on (below a million source files), as the tests of a
/// loaded session's lifecycle want it; by default it loads in the background, its first check
/// one-shot (`a_new_session_loads_in_the_background_its_first_check_one_shot`).
fn waited() -> (&'static str, &'static Path) {
    ("SIGNALINT_WARM_BACKGROUND_FROM_FILES", Path::new("1000000"))
}

const CONFIG: &str = "[engines.oxlint]\nenabled = false\n\n[engines.biome]\nenabled = false\n";

/// A two-file TypeScript project with one type error, pinning the TypeScript of `typescript`
/// (a package of the test engines; the managed TypeScript 7 when `None`).
fn pinned(typescript: Option<&str>) -> tempfile::TempDir {
    let dir = project();
    if let Some(package) = typescript {
        std::fs::create_dir_all(dir.path().join("node_modules")).unwrap();
        std::os::unix::fs::symlink(
            mcp_support::engines().join(package),
            dir.path().join("node_modules/typescript"),
        )
        .unwrap();
    }
    dir
}

/// A two-file TypeScript project with one type error.
fn project() -> tempfile::TempDir {
    mcp_support::engines();
    mcp_support::build_plugins();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("src")).unwrap();
    std::fs::write(
        root.join("tsconfig.json"),
        r#"{ "compilerOptions": { "strict": true, "noEmit": true, "module": "esnext", "moduleResolution": "bundler", "types": [] }, "include": ["src"] }"#,
    )
    .unwrap();
    std::fs::write(root.join("src/a.ts"), "export const a: number = 1;\n").unwrap();
    std::fs::write(
        root.join("src/b.ts"),
        "import { a } from \"./a\";\nexport const b: string = a;\n",
    )
    .unwrap();
    std::fs::write(root.join("signalint.toml"), CONFIG).unwrap();
    dir
}

/// The warm tsc servers running in `root`: language servers (`--lsp`) and tsservers.
fn servers(root: &Path) -> Vec<i32> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            let lsp = cmdline
                .split(|&b| b == 0)
                .any(|arg| arg == b"--lsp" || arg.ends_with(b"/tsserver.js"));
            let zombie = std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
                s.rsplit_once(')')
                    .is_some_and(|(_, r)| r.trim_start().starts_with('Z'))
            });
            lsp && !zombie
                && std::fs::read_link(format!("/proc/{pid}/cwd")).is_ok_and(|cwd| cwd == root)
        })
        .collect()
}

/// Polls until `done` holds, for at most `limit`; returns whether it held.
fn wait_for(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + limit;
    while !done() {
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    true
}

fn tsc_message(answer: &Value) -> String {
    assert_eq!(answer["engines"]["tsc"]["status"], "ok", "{answer:#}");
    answer["engines"]["tsc"]["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_warm_engine_is_kept_restarted_when_needed_and_dies_with_the_server() {
    kept_restarted_and_stopped(None, "tsc --lsp").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_warm_tsserver_is_kept_restarted_when_needed_and_dies_with_the_server() {
    kept_restarted_and_stopped(Some("typescript-5"), "node tsserver.js").await;
}

/// The lifecycle with the compiler of `typescript`, whose warm answers name `server`.
async fn kept_restarted_and_stopped(typescript: Option<&str>, server: &str) {
    let dir = pinned(typescript);
    let root = dir.path().canonicalize().unwrap();
    let (client, _) = start(&root, &[trusted(), waited()]).await;

    let first = ok(&call(&client, "check_project", json!({})).await);
    assert!(
        tsc_message(&first).starts_with(&format!("persistent `{server}")),
        "{first:#}"
    );
    assert_eq!(first["totalIssues"], 1, "{first:#}");
    let [pid] = servers(&root)[..] else {
        panic!("one language server: {:?}", servers(&root))
    };

    // Kept between calls, and told of the edit.
    std::fs::write(root.join("src/a.ts"), "export const a: string = \"1\";\n").unwrap();
    let second = ok(&call(&client, "check_files", json!({"files": ["src/a.ts"]})).await);
    let message = tsc_message(&second);
    assert!(message.contains("2 of 2 files re-checked"), "{message}");
    assert_eq!(second["totalIssues"], 0, "{second:#}");
    assert_eq!(servers(&root), [pid]);

    // A leaf edit re-checks the leaf alone: nothing imports it.
    std::fs::write(
        root.join("src/b.ts"),
        "import { a } from \"./a\";\nexport const b: number = a;\n",
    )
    .unwrap();
    let leaf = ok(&call(&client, "check_files", json!({"files": ["src/b.ts"]})).await);
    assert!(
        tsc_message(&leaf).contains("1 of 2 files re-checked"),
        "{leaf:#}"
    );
    assert_eq!(leaf["totalIssues"], 1, "{leaf:#}");

    // A crash: the next check starts a new one and says why.
    // SAFETY: kill only sends a signal to the language server this test found.
    unsafe { libc::kill(pid, libc::SIGKILL) };
    assert!(wait_for(Duration::from_secs(10), || servers(&root).is_empty()));
    std::fs::write(root.join("src/a.ts"), "export const a: number = 2;\n").unwrap();
    let crashed = ok(&call(&client, "check_files", json!({"files": ["src/a.ts"]})).await);
    let message = tsc_message(&crashed);
    // The host sees the exit either before the request or while sending it; both restart.
    assert!(
        message.contains("restarted: it had exited")
            || message.contains(
                "restarted: after a failure: the language server closed its output (it exited)"
            ),
        "{message}"
    );
    assert_eq!(crashed["totalIssues"], 0, "{crashed:#}");
    let [restarted] = servers(&root)[..] else {
        panic!("one language server: {:?}", servers(&root))
    };
    assert_ne!(restarted, pid);

    // A program input changed: a new server reads the new config.
    with_no_unused_locals(&root, "const unused = 1;\nexport const a: number = 2;\n");
    let config = ok(&call(&client, "check_files", json!({"files": ["src/a.ts"]})).await);
    let message = tsc_message(&config);
    assert!(
        message.contains("restarted: a program input changed"),
        "{message}"
    );
    assert_eq!(
        config["totalIssues"], 1,
        "the new option applies: {config:#}"
    );

    // The server's end (its stdin closed) is the language server's end.
    client.cancel().await.unwrap();
    assert!(
        wait_for(Duration::from_secs(15), || servers(&root).is_empty()),
        "the language server outlived the MCP server: {:?}",
        servers(&root)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_takes_its_warm_engine_with_it() {
    let dir = project();
    let root = dir.path().canonicalize().unwrap();
    let (client, _) = start(&root, &[trusted(), waited()]).await;
    let answer = ok(&call(&client, "check_project", json!({})).await);
    assert!(tsc_message(&answer).starts_with("persistent"), "{answer:#}");
    let [pid] = servers(&root)[..] else {
        panic!("one language server: {:?}", servers(&root))
    };
    // Its parent is the MCP server.
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let parent: i32 = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    // SAFETY: kill only sends a signal to the MCP server this test started.
    unsafe { libc::kill(parent, libc::SIGKILL) };
    assert!(
        wait_for(Duration::from_secs(15), || servers(&root).is_empty()),
        "the language server outlived a killed MCP server: {:?}",
        servers(&root)
    );
    drop(client);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_engine_stops_and_one_past_its_memory_limit_too() {
    let dir = project();
    let root = dir.path().canonicalize().unwrap();
    let (client, _) = start(
        &root,
        &[
            trusted(),
            waited(),
            ("SIGNALINT_WARM_IDLE_SECS", Path::new("1")),
        ],
    )
    .await;
    let answer = ok(&call(&client, "check_project", json!({})).await);
    assert!(tsc_message(&answer).starts_with("persistent"), "{answer:#}");
    assert!(
        wait_for(Duration::from_secs(15), || servers(&root).is_empty()),
        "an idle language server was kept"
    );
    std::fs::write(root.join("src/a.ts"), "export const a: number = 3;\n").unwrap();
    let again = ok(&call(&client, "check_files", json!({"files": ["src/a.ts"]})).await);
    assert!(tsc_message(&again).starts_with("persistent"), "{again:#}");
    // check_files keeps to its files: the importer's known error is left out, and counted.
    assert_eq!(again["totalIssues"], 0, "{again:#}");
    assert!(
        tsc_message(&again).contains("1 issue(s) outside the requested files not reported"),
        "{again:#}"
    );
    client.cancel().await.unwrap();

    let dir = project();
    let root = dir.path().canonicalize().unwrap();
    let (client, _) = start(
        &root,
        &[
            trusted(),
            waited(),
            ("SIGNALINT_WARM_MAX_RSS_MIB", Path::new("1")),
        ],
    )
    .await;
    let answer = ok(&call(&client, "check_project", json!({})).await);
    let message = tsc_message(&answer);
    assert!(message.contains("above its 1 MiB limit"), "{message}");
    assert_eq!(answer["totalIssues"], 1, "{answer:#}");
    assert!(wait_for(Duration::from_secs(10), || servers(&root).is_empty()));
    client.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_syntax_error_sends_a_tsserver_check_one_shot_and_says_why() {
    let dir = pinned(Some("typescript-5"));
    let root = dir.path().canonicalize().unwrap();
    let (client, _) = start(&root, &[trusted(), waited()]).await;
    let answer = ok(&call(&client, "check_project", json!({})).await);
    assert!(tsc_message(&answer).starts_with("persistent"), "{answer:#}");
    std::fs::write(root.join("src/a.ts"), "export const a: number = ;\n").unwrap();
    let broken = ok(&call(&client, "check_files", json!({"files": ["src/a.ts"]})).await);
    let message = tsc_message(&broken);
    assert!(
        message.contains("src/a.ts has TS1109 (a syntax error)")
            && message.contains("this check ran one-shot"),
        "{message}"
    );
    // The one-shot run prints only the syntax error.
    assert_eq!(broken["totalIssues"], 1, "{broken:#}");
    assert_eq!(
        broken["clusters"][0]["ruleIds"],
        json!(["TS1109"]),
        "{broken:#}"
    );
    // The server was kept, and answers again once the syntax is fixed.
    let [pid] = servers(&root)[..] else {
        panic!("one tsserver: {:?}", servers(&root))
    };
    std::fs::write(root.join("src/a.ts"), "export const a: number = 1;\n").unwrap();
    let fixed = ok(&call(&client, "check_project", json!({})).await);
    assert!(tsc_message(&fixed).starts_with("persistent"), "{fixed:#}");
    assert_eq!(fixed["totalIssues"], 1, "{fixed:#}");
    assert_eq!(servers(&root), [pid]);
    client.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_edited_file_and_its_importers_come_first_then_the_complete_answer() {
    edited_files_first(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tsserver_sends_the_edited_file_and_its_importers_first() {
    edited_files_first(Some("typescript-5")).await;
}

async fn edited_files_first(typescript: Option<&str>) {
    let dir = pinned(typescript);
    let root = dir.path().canonicalize().unwrap();
    // a ← b ← c: c imports a only through b; d imports nothing.
    std::fs::write(
        root.join("src/b.ts"),
        "import { a } from \"./a\";\nexport const b: number = a;\n",
    )
    .unwrap();
    std::fs::write(
        root.join("src/c.ts"),
        "import { b } from \"./b\";\nexport const c: number = b;\n",
    )
    .unwrap();
    std::fs::write(root.join("src/d.ts"), "export const d: string = 1;\n").unwrap();
    let (client, recorder) = start(&root, &[trusted(), waited()]).await;
    let first = ok(&call(&client, "check_project", json!({})).await);
    assert_eq!(first["totalIssues"], 1, "{first:#}");
    recorder.progress.lock().unwrap().clear();

    // An export edit: b breaks (a direct importer), c does not (it sees b's declared type).
    std::fs::write(root.join("src/a.ts"), "export const a: string = \"1\";\n").unwrap();
    let answer = ok(&call(&client, "check_files", json!({"files": ["src/a.ts"]})).await);
    let message = tsc_message(&answer);
    assert!(
        message.contains("complete, every file of the program; 3 of 4 files re-checked"),
        "{message}"
    );
    // The new error in b is reported; d's known one, in another file, is left out.
    assert_eq!(answer["totalIssues"], 1, "{answer:#}");
    // In the order the server sent them: its step count. The client may hand notifications to
    // the recorder in another order.
    let mut sent = recorder.progress.lock().unwrap().clone();
    sent.sort_by(|a, b| a.progress.total_cmp(&b.progress));
    let progress: Vec<String> = sent.into_iter().filter_map(|p| p.message).collect();
    let early = progress
        .iter()
        .position(|m| m.starts_with("tsc first results (2 edited or importing files"))
        .unwrap_or_else(|| panic!("no early results in {progress:#?}"));
    assert!(
        progress[early]
            .contains("\nsrc/b.ts:2:14 TS2322 Type 'string' is not assignable to type 'number'."),
        "{}",
        progress[early]
    );
    let finished = progress
        .iter()
        .position(|m| m.starts_with("tsc finished"))
        .unwrap();
    assert!(early < finished, "{progress:#?}");
    client.cancel().await.unwrap();
}

/// A tsserver that counts its starts in the project (its working directory), answers
/// `configure` and `updateOpen`, and never anything after: a program that takes forever to load.
const SILENT_TSSERVER: &str = r#"
const fs = require('fs');
fs.appendFileSync('tsserver-starts.log', 'started\n');
let buffered = '';
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  let end;
  while ((end = buffered.indexOf('\n')) >= 0) {
    const request = JSON.parse(buffered.slice(0, end));
    buffered = buffered.slice(end + 1);
    if (request.command === 'configure' || request.command === 'updateOpen') {
      const body = JSON.stringify({ seq: 0, type: 'response', command: request.command,
        request_seq: request.seq, success: true }) + '\n';
      process.stdout.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    }
  }
});
"#;

/// A project whose TypeScript 5.9.3 has [`SILENT_TSSERVER`] (its `tsc.js` is the real one), and
/// whose tsc engine times out after `secs`.
fn silent_tsserver(secs: u64) -> tempfile::TempDir {
    let dir = project();
    let root = dir.path();
    let real = mcp_support::engines().join("typescript-5");
    let package = root.join("node_modules/typescript");
    std::fs::create_dir_all(package.join("lib")).unwrap();
    std::fs::copy(real.join("package.json"), package.join("package.json")).unwrap();
    for entry in std::fs::read_dir(real.join("lib")).unwrap() {
        let name = entry.unwrap().file_name();
        if name != "tsserver.js" && name != "tsc.js" {
            std::os::unix::fs::symlink(
                real.join("lib").join(&name),
                package.join("lib").join(&name),
            )
            .unwrap();
        }
    }
    std::fs::write(
        package.join("lib/tsc.js"),
        format!("require({:?});\n", real.join("lib/tsc.js")),
    )
    .unwrap();
    std::fs::write(package.join("lib/tsserver.js"), SILENT_TSSERVER).unwrap();
    std::fs::write(
        root.join("signalint.toml"),
        format!("{CONFIG}\n[engines.tsc]\ntimeout_secs = {secs}\n"),
    )
    .unwrap();
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_answer_past_the_timeout_goes_one_shot_at_once_and_says_what_to_raise() {
    let dir = silent_tsserver(20);
    let root = dir.path().canonicalize().unwrap();
    let (client, _) = start(&root, &[trusted(), waited()]).await;
    let answer = ok(&call(&client, "check_project", json!({})).await);
    let message = tsc_message(&answer);
    assert!(
        message.contains("first answer") && message.contains("this check ran one-shot"),
        "{message}"
    );
    assert!(
        message.contains("`timeout_secs` in `[engines.tsc]`"),
        "{message}"
    );
    // The one-shot run answered; the next check runs one-shot at once while the session
    // loads in the background, and no second session is started to wait as long again.
    assert_eq!(answer["totalIssues"], 1, "{answer:#}");
    let next = ok(&call(&client, "check_project", json!({})).await);
    assert!(
        tsc_message(&next).contains("still loading the program in the background"),
        "{next:#}"
    );
    assert_eq!(next["totalIssues"], 1, "{next:#}");
    let starts = std::fs::read_to_string(root.join("tsserver-starts.log")).unwrap();
    assert_eq!(starts.lines().count(), 1, "{starts}");
    // The loading session ends with the server.
    client.cancel().await.unwrap();
    assert!(wait_for(Duration::from_secs(10), || servers(&root).is_empty()));
}

/// A session whose first answer takes longer than the start budget (here 1 ms, as a program
/// too large to load within its timeout) is not waited on: that check runs one-shot, the
/// session goes on loading in the background, checks meanwhile run one-shot at once with the
/// same answer, and once it has loaded the checks are answered warm.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_past_its_start_budget_loads_in_the_background() {
    let (client, _, _dir) = loads_in_the_background(
        &[waited(), ("SIGNALINT_WARM_START_BUDGET_MS", Path::new("1"))],
        "first answer (loading and checking the whole program) took longer than",
    )
    .await;
    client.cancel().await.ok();
}

/// With a size set from which a first answer is not waited on (here 2, the fixture's two
/// files), the program loads in the background from its first check on, without waiting out
/// any budget, and the status says so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_large_program_loads_in_the_background_from_its_first_check() {
    let (client, _, _dir) = loads_in_the_background(
        &[("SIGNALINT_WARM_BACKGROUND_FROM_FILES", Path::new("2"))],
        "from 2 source files (`SIGNALINT_WARM_BACKGROUND_FROM_FILES`), the program has 2",
    )
    .await;
    client.cancel().await.ok();
}

/// By default a new session is never waited on: its first answer (the server started, every
/// file opened and checked) costs more than the one-shot run, so the first check runs
/// one-shot and says why, the session loads in the background, and the checks after it has
/// loaded are answered warm. A restart (a program input changed) is waited on, as the edit
/// loop it comes in wants warm answers next.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_session_loads_in_the_background_its_first_check_one_shot() {
    let (client, root, _dir) = loads_in_the_background(
        &[],
        "a new persistent tsc loads the program in the background",
    )
    .await;
    with_no_unused_locals(
        &root,
        "const unused = 1;\nexport const a: string = \"1\";\n",
    );
    let restarted = ok(&call(&client, "check_files", json!({"files": ["src/a.ts"]})).await);
    let message = tsc_message(&restarted);
    assert!(
        message.starts_with("persistent `tsc --lsp")
            && message.contains("restarted: a program input changed (tsconfig.json"),
        "{restarted:#}"
    );
    assert_eq!(
        restarted["totalIssues"], 1,
        "the new option applies: {restarted:#}"
    );
    assert_eq!(servers(&root).len(), 1, "the restarted session alone");
    client.cancel().await.ok();
}

/// Checks `file` until the loaded session answers (each answer with `issues`), one-shot at
/// once meanwhile, within a minute; the warm answer.
async fn answered_warm(client: &mcp_support::Client, file: &str, issues: u64) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let answer = ok(&call(client, "check_files", json!({"files": [file]})).await);
        assert_eq!(answer["totalIssues"], issues, "{answer:#}");
        let message = tsc_message(&answer);
        if message.starts_with("persistent `tsc --lsp") {
            return answer;
        }
        assert!(
            message.contains("still loading the program in the background"),
            "{answer:#}"
        );
        assert!(Instant::now() < deadline, "never loaded: {answer:#}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The first check, with `env`, runs one-shot saying `why`; the session then loads in the
/// background and answers warm, and follows edits. The client, the project root and its
/// directory.
async fn loads_in_the_background(
    env: &[(&str, &Path)],
    why: &str,
) -> (mcp_support::Client, std::path::PathBuf, tempfile::TempDir) {
    let dir = pinned(None);
    let root = dir.path().canonicalize().unwrap();
    let mut env = env.to_vec();
    env.push(trusted());
    let (client, _) = start(&root, &env).await;

    let first = ok(&call(&client, "check_project", json!({})).await);
    let message = tsc_message(&first);
    assert!(
        message.contains("so this check ran one-shot") && message.contains(why),
        "{first:#}"
    );
    assert_eq!(first["totalIssues"], 1, "the one-shot answer: {first:#}");

    // Every check answers (one-shot while it loads, then warm) and never waits on the load.
    answered_warm(&client, "src/b.ts", 1).await;
    assert_eq!(
        servers(&root).len(),
        1,
        "one session, loaded in the background"
    );
    // The loaded session follows edits like any other.
    std::fs::write(root.join("src/a.ts"), "export const a: string = \"1\";\n").unwrap();
    let edited = ok(&call(&client, "check_files", json!({"files": ["src/a.ts"]})).await);
    assert!(
        tsc_message(&edited).starts_with("persistent `tsc --lsp"),
        "{edited:#}"
    );
    assert_eq!(edited["totalIssues"], 0, "{edited:#}");
    (client, root, dir)
}

/// A project whose own declaration file has a type error, with `skipLibCheck` as `skip` says.
fn with_declarations(typescript: Option<&str>, skip: bool) -> tempfile::TempDir {
    let dir = pinned(typescript);
    let root = dir.path();
    std::fs::write(
        root.join("tsconfig.json"),
        format!(
            r#"{{ "compilerOptions": {{ "strict": true, "noEmit": true, "module": "esnext", "moduleResolution": "bundler", "types": [], "skipLibCheck": {skip} }}, "include": ["src"] }}"#
        ),
    )
    .unwrap();
    std::fs::write(
        root.join("src/shapes.d.ts"),
        "declare const shape: Missing;\n",
    )
    .unwrap();
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_skip_lib_check_the_language_server_is_asked_for_no_declaration_file() {
    skip_lib_check_asks_no_declaration_file(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_skip_lib_check_tsserver_is_asked_for_no_declaration_file() {
    skip_lib_check_asks_no_declaration_file(Some("typescript-5")).await;
}

/// tsc with `skipLibCheck` checks no declaration file, the project's own included: the warm
/// session asks the server for none of them (the note counts the files asked for), and
/// answers as tsc does. Without the option the declaration file is asked for and its error
/// reported.
async fn skip_lib_check_asks_no_declaration_file(typescript: Option<&str>) {
    for (skip, asked, errors) in [(true, "2 of 3", 1), (false, "3 of 3", 2)] {
        let dir = with_declarations(typescript, skip);
        let root = dir.path().canonicalize().unwrap();
        let (client, _) = start(&root, &[trusted(), waited()]).await;
        let first = ok(&call(&client, "check_project", json!({})).await);
        let message = tsc_message(&first);
        assert!(message.starts_with("persistent `"), "{first:#}");
        assert!(
            message.contains(&format!("{asked} files re-checked")),
            "skipLibCheck {skip}: {message}"
        );
        assert_eq!(
            first["totalIssues"], errors,
            "skipLibCheck {skip}: {first:#}"
        );

        // An edit of the declaration file still reaches the program's other files.
        std::fs::write(
            root.join("src/shapes.d.ts"),
            "declare const shape: Nothing;\n",
        )
        .unwrap();
        let edited = ok(&call(
            &client,
            "check_files",
            json!({"files": ["src/shapes.d.ts"]}),
        )
        .await);
        let message = tsc_message(&edited);
        assert!(
            message.contains(&format!("{asked} files re-checked")),
            "skipLibCheck {skip}: {message}"
        );
        // Only the requested file's issues: none in it where tsc skips it.
        assert_eq!(
            edited["totalIssues"],
            errors - 1,
            "skipLibCheck {skip}: {edited:#}"
        );
        client.cancel().await.unwrap();
    }
}

/// Changes a program input (the tsconfig turns `noUnusedLocals` on) and writes `src/a.ts`.
fn with_no_unused_locals(root: &Path, a_ts: &str) {
    std::fs::write(
        root.join("tsconfig.json"),
        r#"{ "compilerOptions": { "strict": true, "noEmit": true, "module": "esnext", "moduleResolution": "bundler", "types": [], "noUnusedLocals": true }, "include": ["src"] }"#,
    )
    .unwrap();
    std::fs::write(root.join("src/a.ts"), a_ts).unwrap();
}
