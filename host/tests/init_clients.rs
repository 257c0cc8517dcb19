//! `signalint init --client …`: the MCP server entry a team can commit, for Claude Code,
//! Cursor and VS Code, merged into the files that are there.

mod support;

use std::path::Path;

use serde_json::{Value, json};

fn init(root: &Path, args: &[&str]) -> std::process::Output {
    support::run(
        support::signalint(None)
            .arg("--root")
            .arg(root)
            .arg("init")
            .args(args),
    )
}

fn read_jsonc(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    jsonc_parser::parse_to_serde_value(&text, &Default::default())
        .unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()))
}

#[test]
fn every_client_gets_an_entry_that_runs_on_any_machine() {
    let project = support::temp_project();
    let root = project.path();
    let output = init(root, &["--client", "all"]);
    assert!(output.status.success(), "{output:?}");
    let claude = read_jsonc(&root.join(".mcp.json"));
    assert_eq!(
        claude["mcpServers"]["signalint"],
        json!({"type": "stdio", "command": "npx", "args": ["-y", "signalint", "mcp"]})
    );
    let cursor = read_jsonc(&root.join(".cursor/mcp.json"));
    assert_eq!(
        cursor["mcpServers"]["signalint"]["args"],
        json!(["-y", "signalint", "mcp", "--root", "${workspaceFolder}"])
    );
    let vscode = read_jsonc(&root.join(".vscode/mcp.json"));
    assert_eq!(vscode["servers"]["signalint"]["type"], "stdio");
    assert_eq!(vscode["servers"]["signalint"]["command"], "npx");
    // Nothing names this machine: the files can be committed.
    let root_text = support::canonical(root).display().to_string();
    // Claude Code also gets the post-edit hook, beside its MCP entry.
    let settings = read_jsonc(&root.join(".claude/settings.json"));
    assert_eq!(
        settings["hooks"]["PostToolUse"],
        json!([{"matcher": "Edit|Write|MultiEdit",
                "hooks": [{"type": "command", "command": "npx -y signalint hook"}]}])
    );
    for file in [
        ".mcp.json",
        ".cursor/mcp.json",
        ".vscode/mcp.json",
        ".claude/settings.json",
    ] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        assert!(!text.contains(&root_text), "{file}: {text}");
    }
    // The same entries are printed for the clients not written, and a command for any other.
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("npx -y signalint mcp"), "{stdout}");
    assert!(stdout.contains(".vscode/mcp.json"), "{stdout}");
}

#[test]
fn a_project_that_depends_on_signalint_runs_its_own_binary() {
    let project = support::temp_project();
    let root = project.path();
    std::fs::write(
        root.join("package.json"),
        r#"{"devDependencies": {"signalint": "^0.1.0"}}"#,
    )
    .unwrap();
    let output = init(root, &["--client", "claude-code,vscode"]);
    assert!(output.status.success(), "{output:?}");
    let claude = read_jsonc(&root.join(".mcp.json"));
    assert_eq!(
        claude["mcpServers"]["signalint"]["command"],
        "node_modules/.bin/signalint"
    );
    let vscode = read_jsonc(&root.join(".vscode/mcp.json"));
    assert_eq!(
        vscode["servers"]["signalint"]["command"],
        "${workspaceFolder}/node_modules/.bin/signalint"
    );
    assert!(!root.join(".cursor").exists(), "only the clients asked for");
    let settings = read_jsonc(&root.join(".claude/settings.json"));
    assert_eq!(
        settings["hooks"]["PostToolUse"][0]["hooks"][0]["command"],
        "\"$CLAUDE_PROJECT_DIR\"/node_modules/.bin/signalint hook"
    );
}

#[test]
fn existing_files_keep_their_servers_and_comments() {
    let project = support::temp_project();
    let root = project.path();
    std::fs::create_dir_all(root.join(".vscode")).unwrap();
    std::fs::write(
        root.join(".vscode/mcp.json"),
        "{\n  // shared by the team\n  \"inputs\": [],\n  \"servers\": {\n    \"docs\": {\"type\": \"stdio\", \"command\": \"docs-mcp\"},\n  },\n}\n",
    )
    .unwrap();
    std::fs::write(
        root.join(".mcp.json"),
        r#"{"mcpServers": {"github": {"command": "gh-mcp"}, "signalint": {"command": "mine"}}}"#,
    )
    .unwrap();
    let output = init(root, &["--client", "vscode", "--write-mcp-json"]);
    assert!(output.status.success(), "{output:?}");
    let text = std::fs::read_to_string(root.join(".vscode/mcp.json")).unwrap();
    assert!(text.contains("// shared by the team"), "{text}");
    let vscode = read_jsonc(&root.join(".vscode/mcp.json"));
    assert_eq!(vscode["servers"]["docs"]["command"], "docs-mcp");
    assert_eq!(vscode["inputs"], json!([]));
    assert_eq!(vscode["servers"]["signalint"]["command"], "npx");
    // An entry of the user's own stays unless --force.
    let claude = read_jsonc(&root.join(".mcp.json"));
    assert_eq!(claude["mcpServers"]["signalint"]["command"], "mine");
    assert_eq!(claude["mcpServers"]["github"]["command"], "gh-mcp");
    let output = init(root, &["--client", "claude-code", "--force"]);
    assert!(output.status.success(), "{output:?}");
    let claude = read_jsonc(&root.join(".mcp.json"));
    assert_eq!(claude["mcpServers"]["signalint"]["command"], "npx");
    assert_eq!(claude["mcpServers"]["github"]["command"], "gh-mcp");
}

#[test]
fn a_broken_file_is_left_alone_with_a_clear_error() {
    let project = support::temp_project();
    let root = project.path();
    std::fs::create_dir_all(root.join(".cursor")).unwrap();
    std::fs::write(root.join(".cursor/mcp.json"), "{ not json").unwrap();
    let output = init(root, &["--client", "cursor"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(".cursor/mcp.json") && stderr.contains("not valid JSON"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(root.join(".cursor/mcp.json")).unwrap(),
        "{ not json"
    );
}

#[test]
fn the_hook_joins_the_users_claude_settings() {
    let project = support::temp_project();
    let root = project.path();
    std::fs::create_dir_all(root.join(".claude")).unwrap();
    std::fs::write(
        root.join(".claude/settings.json"),
        r#"{"permissions": {"deny": ["Read(.env)"]}, "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "notify"}]}]}}"#,
    )
    .unwrap();
    for _ in 0..2 {
        let output = init(root, &["--client", "claude-code"]);
        assert!(output.status.success(), "{output:?}");
    }
    let settings = read_jsonc(&root.join(".claude/settings.json"));
    assert_eq!(settings["permissions"]["deny"], json!(["Read(.env)"]));
    assert_eq!(
        settings["hooks"]["Stop"][0]["hooks"][0]["command"],
        "notify"
    );
    let post = settings["hooks"]["PostToolUse"].as_array().unwrap();
    assert_eq!(
        post.len(),
        1,
        "added once, however often init runs: {settings:#}"
    );
    assert_eq!(post[0]["hooks"][0]["command"], "npx -y signalint hook");
}
