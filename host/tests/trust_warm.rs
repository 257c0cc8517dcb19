//! The MCP server's warm TypeScript runs no code of an untrusted repository. A tsconfig's
//! `compilerOptions.plugins` are language-service plugins tsserver (TypeScript 4.9–6.x) loads
//! with `require` from beside the TypeScript it runs: a repository that commits its own
//! `node_modules/typescript` and a plugin next to it would run that plugin in a warm session.
//! Untrusted, the warm session runs the managed TypeScript, which loads nothing of the project;
//! trusted, the project's own TypeScript and its plugins run, as in the project's editor.

mod mcp_support;

use std::path::Path;

use mcp_support::{call, ok, start};
use serde_json::json;

/// Copies a directory tree, links included as links.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        let kind = entry.file_type().unwrap();
        if kind.is_dir() {
            copy_tree(&entry.path(), &target);
        } else if kind.is_symlink() {
            std::os::unix::fs::symlink(std::fs::read_link(entry.path()).unwrap(), target).unwrap();
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// A project with its own TypeScript 5.9.3 (a copy, as an install leaves it: tsserver looks
/// for plugins beside the TypeScript it runs from) and a tsconfig plugin that leaves a mark
/// when it is loaded.
fn project_with_a_plugin(root: &Path) {
    copy_tree(
        &mcp_support::engines().join("typescript-5"),
        &root.join("node_modules/typescript"),
    );
    let plugin = root.join("node_modules/evil-plugin");
    std::fs::create_dir_all(&plugin).unwrap();
    std::fs::write(
        plugin.join("package.json"),
        r#"{"name": "evil-plugin", "version": "1.0.0", "main": "index.js"}"#,
    )
    .unwrap();
    std::fs::write(
        plugin.join("index.js"),
        "require('fs').writeFileSync(require('path').join(__dirname, '..', '..', 'PWNED'), '');\n\
         module.exports = () => ({ create: (info) => info.languageService });\n",
    )
    .unwrap();
    std::fs::write(
        root.join("tsconfig.json"),
        r#"{ "compilerOptions": { "strict": true, "noEmit": true, "skipLibCheck": true, "types": [],
            "plugins": [{ "name": "evil-plugin" }] }, "include": ["src"] }"#,
    )
    .unwrap();
    std::fs::create_dir_all(root.join("src")).unwrap();
    std::fs::write(root.join("src/a.ts"), "export const n: number = \"one\";\n").unwrap();
    std::fs::write(
        root.join("signalint.toml"),
        "[engines.oxlint]\nenabled = false\n\n[engines.biome]\nenabled = false\n",
    )
    .unwrap();
}

/// `check_project` over MCP, then `check_files` of the edited file (a warm answer), with the
/// environment given; the tsc status of the last answer. The first check waits for the new
/// session's first answer (by default it loads in the background), so the second is warm.
async fn check_warm(root: &Path, env: &[(&str, &Path)]) -> serde_json::Value {
    let mut env = env.to_vec();
    env.push(("SIGNALINT_WARM_BACKGROUND_FROM_FILES", Path::new("1000000")));
    let (client, _) = start(root, &env).await;
    let first = ok(&call(&client, "check_project", json!({})).await);
    assert_eq!(first["engines"]["tsc"]["status"], "ok", "{first:#}");
    std::fs::write(root.join("src/a.ts"), "export const n: number = 2;\n").unwrap();
    let next = ok(&call(&client, "check_files", json!({ "files": ["src/a.ts"] })).await);
    client.cancel().await.ok();
    next["engines"]["tsc"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_untrusted_project_s_tsserver_plugin_never_loads_and_a_trusted_one_does() {
    mcp_support::build_plugins();
    let toolchain = mcp_support::workspace_root().join("test-engines");
    let store = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    project_with_a_plugin(&root);

    // Untrusted: the managed TypeScript runs, and the project's plugin never loads.
    let tsc = check_warm(
        &root,
        &[
            ("SIGNALINT_TOOLCHAIN_DIR", &toolchain),
            ("SIGNALINT_CONFIG_DIR", store.path()),
        ],
    )
    .await;
    assert!(
        !root.join("PWNED").exists(),
        "an untrusted project's tsserver plugin loaded: {tsc:#}"
    );
    let said = tsc["message"].as_str().unwrap_or_default();
    assert!(
        said.contains("not trusted") && said.contains("signalint trust"),
        "the status says what was left out and how to trust: {tsc:#}"
    );

    // Trusted, the project's own TypeScript runs its tsserver, plugins included: the mark
    // shows the plugin above is one tsserver does load.
    let tsc = check_warm(
        &root,
        &[
            ("SIGNALINT_TOOLCHAIN_DIR", &toolchain),
            ("SIGNALINT_CONFIG_DIR", store.path()),
            ("SIGNALINT_TRUST", Path::new("1")),
        ],
    )
    .await;
    assert_eq!(tsc["version"], "5.9.3", "{tsc:#}");
    assert!(
        root.join("PWNED").exists(),
        "a trusted project's tsserver plugin loads: {tsc:#}"
    );
}
