//! Long checks over MCP: cancelling a request kills its engine processes, identical concurrent
//! checks share one run, different checks run one after the other. The slow engine is the
//! fault-engine fixture plugin in `hang` mode (`sh -c 'sleep S & sleep S'`), recognisable in
//! `/proc` by its `S`.

mod mcp_support;

use std::time::{Duration, Instant};

use mcp_support::{Project, assert_alive, call, fault_engine_dir, ok, start};
use serde_json::json;

fn slow_config(seconds: &str) -> String {
    format!(
        r#"
[engines.oxlint]
enabled = false
[engines.tsc]
enabled = false
[engines.biome]
enabled = false

[engines.slow]
plugin = "fault-engine"
options = {{ mode = "hang", seconds = "{seconds}" }}
"#
    )
}

/// Pids of live `sleep <seconds>` processes.
fn sleepers(seconds: &str) -> Vec<u32> {
    let wanted = format!("sleep\0{seconds}");
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let cmdline = String::from_utf8_lossy(&cmdline);
        if cmdline.trim_end_matches('\0') == wanted {
            // A zombie has an empty cmdline, so this is a live process.
            found.push(pid);
        }
    }
    found
}

async fn wait_for(what: &str, timeout: Duration, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + timeout;
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancelling_a_slow_check_leaves_no_engine_process_behind() {
    const SECONDS: &str = "301.7311";
    let plugins = fault_engine_dir();
    let project = Project::with_config(&slow_config(SECONDS));
    let (client, recorder) = start(
        &project.root(),
        &[("SIGNALINT_PLUGIN_PATH", plugins.path())],
    )
    .await;
    let peer = client.peer().clone();
    let check = tokio::spawn(async move {
        let mut params = rmcp::model::CallToolRequestParams::new("check_project");
        params.arguments = Some(serde_json::Map::new());
        peer.call_tool(params).await
    });
    wait_for("the slow engine to start", Duration::from_secs(60), || {
        sleepers(SECONDS).len() == 2
    })
    .await;
    let started = recorder.progress.lock().unwrap().clone();
    assert!(
        started
            .iter()
            .any(|p| p.message.as_deref() == Some("slow started")),
        "{started:?}"
    );

    // Dropping the request future makes rmcp's client send notifications/cancelled.
    check.abort();
    let _ = check.await;
    wait_for(
        "the engine's processes to be killed",
        Duration::from_secs(15),
        || sleepers(SECONDS).is_empty(),
    )
    .await;
    assert_alive(&client).await;
    let loops = ok(&call(&client, "get_loop_status", json!({})).await);
    assert_eq!(loops["looping"], false);
    client.cancel().await.unwrap();
    assert!(sleepers(SECONDS).is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn identical_concurrent_checks_share_one_run() {
    const SECONDS: &str = "3.1237";
    let plugins = fault_engine_dir();
    let project = Project::with_config(&slow_config(SECONDS));
    let (client, _) = start(
        &project.root(),
        &[("SIGNALINT_PLUGIN_PATH", plugins.path())],
    )
    .await;
    let started = Instant::now();
    let (first, second) = tokio::join!(
        call(&client, "check_project", json!({})),
        call(&client, "check_project", json!({"paths": ["."]})),
    );
    let elapsed = started.elapsed();
    let (first, second) = (ok(&first), ok(&second));
    assert_eq!(first["engines"]["slow"]["status"], "ok", "{first:#}");
    assert_eq!(
        first, second,
        "the second request shares the first one's run (same durationMs)"
    );
    assert!(
        elapsed < Duration::from_secs_f64(5.5),
        "two identical checks took {elapsed:?}: they ran twice"
    );
    client.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn different_checks_run_one_after_the_other() {
    const SECONDS: &str = "2.0713";
    let plugins = fault_engine_dir();
    let project = Project::with_config(&slow_config(SECONDS));
    let (client, _) = start(
        &project.root(),
        &[("SIGNALINT_PLUGIN_PATH", plugins.path())],
    )
    .await;
    let most = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let watch = {
        let most = most.clone();
        tokio::spawn(async move {
            loop {
                most.fetch_max(sleepers(SECONDS).len(), std::sync::atomic::Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
    };
    let started = Instant::now();
    // Two different files, so that no result cache can answer either from the other.
    let (notes, other) = tokio::join!(
        call(&client, "check_files", json!({"files": ["notes.txt"]})),
        call(&client, "check_files", json!({"files": ["other.txt"]})),
    );
    let elapsed = started.elapsed();
    watch.abort();
    assert_eq!(ok(&notes)["engines"]["slow"]["status"], "ok");
    assert_eq!(ok(&other)["engines"]["slow"]["status"], "ok");
    assert!(
        elapsed >= Duration::from_secs_f64(4.0),
        "two different checks overlapped: {elapsed:?}"
    );
    assert_eq!(
        most.load(std::sync::atomic::Ordering::SeqCst),
        2,
        "one engine run (two sleeps) at a time"
    );
    client.cancel().await.unwrap();
}
