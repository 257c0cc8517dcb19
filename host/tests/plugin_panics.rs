//! A plugin that panics ends as an error on its own engine; the host keeps answering.

/// The host's allocator (see `src/main.rs`): plugins, with allocators of their own, load beside it.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod support;

use std::sync::Arc;

use signalint::check::{Context, ResponseOptions, Scope, Session, engine_plugin_ids};
use signalint::config::Config;
use signalint::plugins::Registry;
use signalint::runner::Runner;
use signalint::toolchain::ManagedToolchain;
use support::{PluginDir, fixture};
use tokio_util::sync::CancellationToken;

const CONFIG: &str = r#"
[engines.oxlint]
enabled = false
[engines.tsc]
enabled = false
[engines.biome]
enabled = false

[engines.panicky]

[engines.fine]
plugin = "fault-engine"
options = { mode = "ok" }
"#;

fn project() -> tempfile::TempDir {
    let project = support::temp_project();
    std::fs::write(project.path().join("notes.txt"), "one line\n").unwrap();
    std::fs::write(project.path().join("signalint.toml"), CONFIG).unwrap();
    project
}

fn plugin_dir() -> PluginDir {
    let dir = PluginDir::new();
    dir.add(fixture::PANICKY, "panicky");
    dir.add(fixture::FAULT_ENGINE, "fault_engine");
    dir
}

fn assert_panicked_in(status: &serde_json::Value, method: &str) {
    assert_eq!(status["status"], "error", "{status:#}");
    let message = status["message"].as_str().unwrap();
    assert!(
        message.contains(&format!("plugin `panicky` failed in `{method}`")),
        "{message}"
    );
    assert!(
        message.contains("plugin panicked: panicky engine"),
        "{message}"
    );
}

fn assert_fine(json: &serde_json::Value) {
    assert_eq!(json["engines"]["fine"]["status"], "ok", "{json:#}");
    let issues = json["issues"].as_array().expect("issues");
    assert_eq!(issues.len(), 1, "{json:#}");
    assert_eq!(issues[0]["engine"], "fine");
    assert_eq!(issues[0]["rule"], "fault/ok");
    assert_eq!(issues[0]["file"], "notes.txt");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_in_plan_is_an_engine_error_and_the_session_answers_the_next_check() {
    let project = project();
    let root = support::canonical(project.path());
    let dir = plugin_dir();
    let config = Config::load(&root.join("signalint.toml"), &root).unwrap();
    let registry = Registry::load(&[dir.as_plugin_dir()]);
    assert!(registry.get("panicky").is_some(), "{registry:?}");
    let context = Context {
        root: root.clone(),
        toolchain: Arc::new(ManagedToolchain::for_registry(
            &registry,
            engine_plugin_ids(&config),
        )),
        config: Arc::new(config),
        registry: Arc::new(registry),
        runner: Runner::new(2, 10 * 1024 * 1024),
        prewalk: Default::default(),
        kept: Default::default(),
        shard: None,
        warm: None,
    };
    let mut session = Session::open(context);
    let options = ResponseOptions {
        include_issues: true,
        ..ResponseOptions::default()
    };
    let scope = Scope::Project {
        paths: vec![".".into()],
    };
    for round in 0..2 {
        let response = session
            .check(&scope, &options, &CancellationToken::new(), None)
            .await;
        let json = serde_json::to_value(&response).unwrap();
        assert_panicked_in(&json["engines"]["panicky"], "plan");
        assert_fine(&json);
        assert_eq!(
            json["engines"]["oxlint"]["status"], "disabled",
            "round {round}"
        );
    }
    // The host still calls into the same library after two panics.
    let handle = session.context.registry.get("panicky").unwrap();
    let manifest: signalint_plugin_api::PluginManifest = handle
        .call(signalint_plugin_api::methods::MANIFEST, &())
        .unwrap();
    assert_eq!(manifest.id, "panicky");
}

#[test]
fn a_panic_in_parse_is_an_engine_error_and_the_binary_answers_with_json() {
    let project = project();
    std::fs::write(
        project.path().join("signalint.toml"),
        CONFIG.replace(
            "[engines.panicky]\n",
            "[engines.panicky]\noptions = { panic_in = \"parse\" }\n",
        ),
    )
    .unwrap();
    let dir = plugin_dir();
    for _ in 0..2 {
        let output = support::run(
            support::signalint(Some(dir.path()))
                .arg("--root")
                .arg(project.path())
                .args(["check", "--format", "json", "--all-issues"]),
        );
        let json = support::stdout_json(&output);
        // Issues found wins over a failed engine.
        assert_eq!(output.status.code(), Some(1), "{json:#}");
        assert_panicked_in(&json["engines"]["panicky"], "parse");
        assert_fine(&json);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            !stderr.contains("panicked at"),
            "the plugin's panic leaked to stderr: {stderr}"
        );
    }
}
