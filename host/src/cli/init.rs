//! `signalint init`: a starter `signalint.toml` for the project it finds, and MCP client
//! configuration a team can commit, for Claude Code (`.mcp.json`), Cursor (`.cursor/mcp.json`),
//! VS Code (`.vscode/mcp.json`) and any stdio client.
//!
//! The server entry names no path of one machine: `npx -y signalint mcp`, or the project's own
//! `node_modules/.bin/signalint` when the project depends on signalint. It never overwrites a
//! config without `--force`, and writes a client's file only when asked (`--client`), merging
//! into what is there: every other server, and in JSONC files every comment, stays.
//!
//! For Claude Code it also writes the post-edit hook (`.claude/settings.json`, `hooks.PostToolUse`
//! on Edit, Write and MultiEdit running `signalint hook`), merged the same way.

use std::path::Path;

use clap::{Args, ValueEnum};
use jsonc_parser::cst::{CstInputValue, CstRootNode};
use serde_json::{Value, json};

use super::{Cli, exit, print, project_root, usage_error};
use crate::config::CONFIG_FILE_NAME;

#[derive(Debug, Args)]
pub struct InitArgs {
    /// Replace an existing signalint.toml.
    #[arg(long)]
    force: bool,
    /// Add the signalint server to these MCP clients' project files, creating them if needed
    /// and keeping every other server (comma-separated or repeated); for Claude Code also the
    /// post-edit hook (`signalint hook`) in `.claude/settings.json`.
    #[arg(
        long = "client",
        value_enum,
        value_delimiter = ',',
        value_name = "CLIENT"
    )]
    clients: Vec<ClientArg>,
    /// The same as `--client claude-code`.
    #[arg(long)]
    write_mcp_json: bool,
}

/// The MCP clients whose project file `init` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ClientArg {
    /// Claude Code: `.mcp.json`, and the post-edit hook in `.claude/settings.json`.
    ClaudeCode,
    /// Cursor: `.cursor/mcp.json`.
    Cursor,
    /// VS Code: `.vscode/mcp.json`.
    Vscode,
    /// All three.
    All,
}

/// An MCP client with a project-level server file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Client {
    ClaudeCode,
    Cursor,
    VsCode,
}

impl Client {
    pub const ALL: [Client; 3] = [Client::ClaudeCode, Client::Cursor, Client::VsCode];

    pub fn name(self) -> &'static str {
        match self {
            Client::ClaudeCode => "Claude Code",
            Client::Cursor => "Cursor",
            Client::VsCode => "VS Code",
        }
    }

    /// The file, relative to the project root.
    pub fn file(self) -> &'static str {
        match self {
            Client::ClaudeCode => ".mcp.json",
            Client::Cursor => ".cursor/mcp.json",
            Client::VsCode => ".vscode/mcp.json",
        }
    }

    /// The key of the server table: VS Code calls it `servers`.
    pub fn servers_key(self) -> &'static str {
        match self {
            Client::VsCode => "servers",
            _ => "mcpServers",
        }
    }

    /// The `--client` value.
    pub fn flag(self) -> &'static str {
        match self {
            Client::ClaudeCode => "claude-code",
            Client::Cursor => "cursor",
            Client::VsCode => "vscode",
        }
    }
}

/// How a client starts signalint on every machine of a team.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Launch {
    /// `npx -y signalint`: no install needed, the package is fetched once and cached.
    Npx,
    /// The project's own `node_modules/.bin/signalint`: the version the project pins.
    ProjectDependency,
}

impl Launch {
    /// `ProjectDependency` when the project's `package.json` depends on signalint.
    pub fn for_project(root: &Path) -> Self {
        let depends = std::fs::read_to_string(root.join("package.json"))
            .ok()
            .and_then(|text| serde_json::from_str::<Value>(&text).ok())
            .is_some_and(|manifest| {
                ["dependencies", "devDependencies", "optionalDependencies"]
                    .iter()
                    .any(|table| manifest[table].get("signalint").is_some())
            });
        if depends {
            Launch::ProjectDependency
        } else {
            Launch::Npx
        }
    }
}

/// What the project has, as far as the starter config cares.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Detected {
    pub tsconfig: bool,
    pub oxlint_config: Option<String>,
    pub biome_config: Option<String>,
    pub mcp_manifests: Vec<String>,
}

/// Looks at the project root for engine configs and MCP manifests.
pub fn detect(root: &Path) -> Detected {
    let first = |names: &[&str]| {
        names
            .iter()
            .find(|n| root.join(n).is_file())
            .map(|n| (*n).to_owned())
    };
    let mut mcp_manifests: Vec<String> = [
        "server.json",
        "mcp.json",
        "tools.json",
        "mcp/tools.json",
        "mcp/server.json",
    ]
    .iter()
    .filter(|n| root.join(n).is_file())
    .map(|n| (*n).to_owned())
    .collect();
    mcp_manifests.sort();
    Detected {
        tsconfig: root.join("tsconfig.json").is_file(),
        oxlint_config: first(&[".oxlintrc.json", ".oxlintrc.jsonc"]),
        biome_config: first(&["biome.json", "biome.jsonc"]),
        mcp_manifests,
    }
}

/// The starter config text for what was detected.
pub fn starter_config(detected: &Detected) -> String {
    let mut out = String::from(
        "# signalint.toml: see the fully commented reference in the signalint repository.\n\
         # Without a table, a built-in engine runs when its tool is found; these tables only tune.\n\n",
    );
    let line = |found: bool, what: &str| {
        if found {
            format!("# found: {what}\n")
        } else {
            format!("# not found: {what}\n")
        }
    };
    out.push_str(&line(
        detected.oxlint_config.is_some(),
        &format!(
            "oxlint config {}",
            detected
                .oxlint_config
                .as_deref()
                .unwrap_or(".oxlintrc.json")
        ),
    ));
    out.push_str("[engines.oxlint]\nenabled = true\n\n");
    out.push_str(&line(detected.tsconfig, "tsconfig.json"));
    out.push_str(&format!(
        "[engines.tsc]\nenabled = {}\n\n",
        detected.tsconfig
    ));
    out.push_str(&line(
        detected.biome_config.is_some(),
        &format!(
            "Biome config {}",
            detected.biome_config.as_deref().unwrap_or("biome.json")
        ),
    ));
    out.push_str("[engines.biome]\nenabled = true\n\n");
    out.push_str("[check]\nignore = [\"dist/**\", \"build/**\", \"coverage/**\"]\n\n");
    out.push_str("# MCP tool definitions for the rule packs (shadow-patterns, param-synonyms, tool-hygiene, mcp-lint).\n[mcp]\n");
    let manifests: Vec<String> = detected
        .mcp_manifests
        .iter()
        .map(|m| format!("\"{m}\""))
        .collect();
    out.push_str(&format!("manifests = [{}]\n", manifests.join(", ")));
    out
}

/// The MCP server entry for `client`: a command every machine of the team can run.
///
/// Cursor and VS Code expand `${workspaceFolder}`, so the entry names the project wherever the
/// client starts the server; Claude Code starts a project's servers in the project directory.
pub fn server_entry(client: Client, launch: Launch) -> Value {
    let workspace = "${workspaceFolder}";
    let (command, mut args): (String, Vec<&str>) = match (launch, client) {
        (Launch::Npx, _) => ("npx".into(), vec!["-y", "signalint", "mcp"]),
        (Launch::ProjectDependency, Client::ClaudeCode) => {
            ("node_modules/.bin/signalint".into(), vec!["mcp"])
        }
        (Launch::ProjectDependency, _) => (
            format!("{workspace}/node_modules/.bin/signalint"),
            vec!["mcp"],
        ),
    };
    if client != Client::ClaudeCode {
        args.extend(["--root", workspace]);
    }
    json!({ "type": "stdio", "command": command, "args": args })
}

/// Adds signalint to a client's server file, keeping everything that is there (other servers,
/// other keys, comments and trailing commas of JSONC). An existing `signalint` entry is left
/// alone unless `replace`. Returns the new text and whether it changed.
pub fn merge_server_file(
    client: Client,
    existing: Option<&str>,
    entry: &Value,
    replace: bool,
) -> Result<(String, bool), String> {
    let file = client.file();
    let text = existing.filter(|t| !t.trim().is_empty()).unwrap_or("{}\n");
    let options = jsonc_parser::ParseOptions::default();
    let root = CstRootNode::parse(text, &options).map_err(|e| {
        format!("{file} is not valid JSON ({e}); fix it or add the signalint entry by hand")
    })?;
    let document = root
        .object_value_or_create()
        .ok_or_else(|| format!("{file} is not a JSON object; add the signalint entry by hand"))?;
    let key = client.servers_key();
    let servers = document.object_value_or_create(key).ok_or_else(|| {
        format!("`{key}` in {file} is not an object; add the signalint entry by hand")
    })?;
    let changed = match servers.get("signalint") {
        Some(_) if !replace => false,
        Some(prop) => {
            prop.set_value(cst_value(entry));
            true
        }
        None => {
            servers.append("signalint", cst_value(entry));
            true
        }
    };
    let mut out = root.to_string();
    if !out.ends_with('\n') {
        out.push('\n');
    }
    Ok((out, changed))
}

/// Claude Code's project settings, where its hooks are.
pub const CLAUDE_SETTINGS: &str = ".claude/settings.json";

/// The tools after which Claude Code runs the hook: the ones that write a file.
pub const HOOK_MATCHER: &str = "Edit|Write|MultiEdit";

/// Claude Code's PostToolUse entry running `signalint hook`, naming no path of one machine:
/// Claude Code runs hooks with `CLAUDE_PROJECT_DIR` set to the project.
pub fn hook_entry(launch: Launch) -> Value {
    let command = match launch {
        Launch::Npx => "npx -y signalint hook",
        Launch::ProjectDependency => "\"$CLAUDE_PROJECT_DIR\"/node_modules/.bin/signalint hook",
    };
    json!({
        "matcher": HOOK_MATCHER,
        "hooks": [{ "type": "command", "command": command }]
    })
}

/// Adds the hook entry to Claude Code's settings, keeping every other key, hook and comment.
/// A settings file that already runs `signalint hook` after edits is left alone. Returns the
/// new text and whether it changed.
pub fn merge_hook_settings(
    existing: Option<&str>,
    entry: &Value,
) -> Result<(String, bool), String> {
    let file = CLAUDE_SETTINGS;
    let text = existing.filter(|t| !t.trim().is_empty()).unwrap_or("{}\n");
    let options = jsonc_parser::ParseOptions::default();
    let root = CstRootNode::parse(text, &options).map_err(|e| {
        format!("{file} is not valid JSON ({e}); fix it or add the signalint hook by hand")
    })?;
    let value: Value = jsonc_parser::parse_to_serde_value(text, &options)
        .ok()
        .flatten()
        .unwrap_or(Value::Null);
    let runs_signalint = value["hooks"]["PostToolUse"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|group| group["hooks"].as_array().into_iter().flatten())
        .filter_map(|hook| hook["command"].as_str())
        .any(|command| command.contains("signalint") && command.contains(" hook"));
    if runs_signalint {
        return Ok((text.to_owned(), false));
    }
    let refuse = |what: &str| {
        format!("{what} in {file} is not what Claude Code reads; add the signalint hook by hand")
    };
    let document = root
        .object_value_or_create()
        .ok_or_else(|| refuse("the document"))?;
    let hooks = document
        .object_value_or_create("hooks")
        .ok_or_else(|| refuse("`hooks`"))?;
    let post = hooks
        .array_value_or_create("PostToolUse")
        .ok_or_else(|| refuse("`hooks.PostToolUse`"))?;
    post.append(cst_value(entry));
    let mut out = root.to_string();
    if !out.ends_with('\n') {
        out.push('\n');
    }
    Ok((out, true))
}

/// Writes Claude Code's hook into `.claude/settings.json` under `root`; returns the line to
/// print.
fn write_hook(root: &Path, launch: Launch) -> Result<String, String> {
    let path = root.join(CLAUDE_SETTINGS);
    let existing = match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let (text, changed) = merge_hook_settings(existing.as_deref(), &hook_entry(launch))?;
    if !changed {
        return Ok(format!(
            "{} already runs signalint hook; left as it is\n",
            path.display()
        ));
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(format!(
        "added the post-edit hook to {} (Claude Code)\n",
        path.display()
    ))
}

/// A JSON value as the JSONC editor's input.
fn cst_value(value: &Value) -> CstInputValue {
    match value {
        Value::Null => CstInputValue::Null,
        Value::Bool(b) => CstInputValue::Bool(*b),
        Value::Number(n) => CstInputValue::Number(n.to_string()),
        Value::String(s) => CstInputValue::String(s.clone()),
        Value::Array(items) => CstInputValue::Array(items.iter().map(cst_value).collect()),
        Value::Object(map) => {
            CstInputValue::Object(map.iter().map(|(k, v)| (k.clone(), cst_value(v))).collect())
        }
    }
}

/// The clients `--client` (and `--write-mcp-json`) asked for, each once, in a fixed order.
fn chosen_clients(args: &InitArgs) -> Vec<Client> {
    let mut wanted: Vec<Client> = Vec::new();
    for arg in &args.clients {
        match arg {
            ClientArg::ClaudeCode => wanted.push(Client::ClaudeCode),
            ClientArg::Cursor => wanted.push(Client::Cursor),
            ClientArg::Vscode => wanted.push(Client::VsCode),
            ClientArg::All => wanted.extend(Client::ALL),
        }
    }
    if args.write_mcp_json {
        wanted.push(Client::ClaudeCode);
    }
    Client::ALL
        .into_iter()
        .filter(|c| wanted.contains(c))
        .collect()
}

/// Writes one client's file under `root`; returns the line to print.
fn write_client(
    root: &Path,
    client: Client,
    entry: &Value,
    replace: bool,
) -> Result<String, String> {
    let path = root.join(client.file());
    let existing = match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let (text, changed) = merge_server_file(client, existing.as_deref(), entry, replace)?;
    if !changed {
        return Ok(format!(
            "{} already has a signalint entry; left as it is (--force replaces it)\n",
            path.display()
        ));
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(format!(
        "added signalint to {} ({})\n",
        path.display(),
        client.name()
    ))
}

/// The snippets for every client, and the command for any other.
fn client_help(launch: Launch) -> String {
    let mut out = String::new();
    for client in Client::ALL {
        let snippet =
            json!({ client.servers_key(): { "signalint": server_entry(client, launch) } });
        out.push_str(&format!(
            "\n{} ({}; `signalint init --client {}` adds it):\n{}\n",
            client.name(),
            client.file(),
            client.flag(),
            serde_json::to_string_pretty(&snippet).expect("serializable")
        ));
    }
    let hook = json!({ "hooks": { "PostToolUse": [hook_entry(launch)] } });
    out.push_str(&format!(
        "\nClaude Code's post-edit hook ({CLAUDE_SETTINGS}; `signalint init --client claude-code` \
         adds it): blocks only on errors an edit introduced\n{}\n",
        serde_json::to_string_pretty(&hook).expect("serializable")
    ));
    let command = match launch {
        Launch::Npx => "npx -y signalint mcp",
        Launch::ProjectDependency => "node_modules/.bin/signalint mcp",
    };
    out.push_str(&format!(
        "\nAny other stdio MCP client: run `{command}` in the project directory (or add \
         `--root <project>`; on Windows, `cmd /c {command}`).\n"
    ));
    out
}

pub fn run(cli: &Cli, args: &InitArgs) -> u8 {
    let root = match project_root(cli) {
        Ok(root) => root,
        Err(e) => return usage_error(e),
    };
    let detected = detect(&root);
    let config_path = root.join(CONFIG_FILE_NAME);
    let mut out = String::new();
    if config_path.exists() && !args.force {
        out.push_str(&format!(
            "{} exists; left as it is (--force replaces it)\n",
            config_path.display()
        ));
    } else {
        if let Err(e) = std::fs::write(&config_path, starter_config(&detected)) {
            return usage_error(format!("cannot write {}: {e}", config_path.display()));
        }
        out.push_str(&format!("wrote {}\n", config_path.display()));
    }

    let launch = Launch::for_project(&root);
    for client in chosen_clients(args) {
        match write_client(&root, client, &server_entry(client, launch), args.force) {
            Ok(line) => out.push_str(&line),
            Err(e) => return usage_error(e),
        }
        if client == Client::ClaudeCode {
            match write_hook(&root, launch) {
                Ok(line) => out.push_str(&line),
                Err(e) => return usage_error(e),
            }
        }
    }
    out.push_str(&client_help(launch));
    print(&out);
    exit::CLEAN
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn merged(client: Client, existing: Option<&str>, replace: bool) -> (Value, String, bool) {
        let entry = server_entry(client, Launch::Npx);
        let (text, changed) = merge_server_file(client, existing, &entry, replace).unwrap();
        let value: Value = jsonc_parser::parse_to_serde_value(&text, &Default::default()).unwrap();
        (value, text, changed)
    }

    #[test]
    fn merging_keeps_every_existing_server() {
        let existing = r#"{"mcpServers": {"github": {"command": "gh-mcp"}}, "other": 1}"#;
        let (merged, _, changed) = merged(Client::ClaudeCode, Some(existing), false);
        assert!(changed);
        assert_eq!(merged["mcpServers"]["github"]["command"], "gh-mcp");
        assert_eq!(merged["other"], 1);
        assert_eq!(merged["mcpServers"]["signalint"]["command"], "npx");
    }

    #[test]
    fn vs_code_files_keep_their_comments_and_use_servers() {
        let existing = "// team servers\n{\n  \"servers\": {\n    // the docs server\n    \"docs\": { \"type\": \"stdio\", \"command\": \"docs-mcp\" },\n  },\n}\n";
        let (merged, text, changed) = merged(Client::VsCode, Some(existing), false);
        assert!(changed);
        assert!(
            text.contains("// team servers") && text.contains("// the docs server"),
            "{text}"
        );
        assert_eq!(merged["servers"]["docs"]["command"], "docs-mcp");
        assert_eq!(merged["servers"]["signalint"]["type"], "stdio");
        assert_eq!(
            merged["servers"]["signalint"]["args"],
            json!(["-y", "signalint", "mcp", "--root", "${workspaceFolder}"])
        );
    }

    #[test]
    fn an_existing_entry_is_kept_unless_replaced() {
        let existing = r#"{"mcpServers": {"signalint": {"command": "old"}}}"#;
        let (_, text, changed) = merged(Client::Cursor, Some(existing), false);
        assert!(!changed);
        assert!(text.contains("old"));
        let (merged, _, changed) = merged(Client::Cursor, Some(existing), true);
        assert!(changed);
        assert_eq!(merged["mcpServers"]["signalint"]["command"], "npx");
    }

    #[test]
    fn invalid_json_is_never_overwritten() {
        let entry = json!({});
        for bad in ["{ nope", "[1]", r#"{"mcpServers": 3}"#] {
            let error = merge_server_file(Client::ClaudeCode, Some(bad), &entry, true).unwrap_err();
            assert!(error.contains(".mcp.json"), "{bad}: {error}");
        }
    }

    #[test]
    fn entries_name_no_path_of_one_machine() {
        for client in Client::ALL {
            let npx = server_entry(client, Launch::Npx);
            assert_eq!(npx["command"], "npx");
            let local = server_entry(client, Launch::ProjectDependency);
            let command = local["command"].as_str().unwrap();
            assert!(
                command.ends_with("node_modules/.bin/signalint"),
                "{command}"
            );
            assert!(!command.starts_with('/'), "{command}");
        }
    }

    #[test]
    fn the_hook_merges_into_claude_settings_once() {
        let existing = "{\n  // the team's\n  \"permissions\": {\"allow\": [\"Bash(npm test)\"]},\n  \"hooks\": {\"PostToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"log.sh\"}]}]}\n}\n";
        let entry = hook_entry(Launch::Npx);
        let (text, changed) = merge_hook_settings(Some(existing), &entry).unwrap();
        assert!(changed);
        assert!(text.contains("// the team's"), "{text}");
        let value: Value = jsonc_parser::parse_to_serde_value(&text, &Default::default()).unwrap();
        assert_eq!(value["permissions"]["allow"][0], "Bash(npm test)");
        let post = value["hooks"]["PostToolUse"].as_array().unwrap();
        assert_eq!(post.len(), 2, "{text}");
        assert_eq!(post[0]["hooks"][0]["command"], "log.sh");
        assert_eq!(post[1]["matcher"], HOOK_MATCHER);
        assert_eq!(post[1]["hooks"][0]["command"], "npx -y signalint hook");
        // A second run changes nothing.
        let (again, changed) = merge_hook_settings(Some(&text), &entry).unwrap();
        assert!(!changed);
        assert_eq!(again, text);
        // A fresh file, and ones that cannot take the entry.
        let (fresh, _) = merge_hook_settings(None, &entry).unwrap();
        assert!(fresh.contains("PostToolUse"), "{fresh}");
        for bad in [
            "{ nope",
            r#"{"hooks": 3}"#,
            r#"{"hooks": {"PostToolUse": {}}}"#,
        ] {
            let error = merge_hook_settings(Some(bad), &entry).unwrap_err();
            assert!(error.contains(CLAUDE_SETTINGS), "{bad}: {error}");
        }
    }

    #[test]
    fn a_project_that_depends_on_signalint_runs_its_own() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(Launch::for_project(dir.path()), Launch::Npx);
        std::fs::write(
            dir.path().join("package.json"),
            r#"{"devDependencies": {"signalint": "^0.1.0"}}"#,
        )
        .unwrap();
        assert_eq!(Launch::for_project(dir.path()), Launch::ProjectDependency);
    }

    #[test]
    fn the_starter_config_parses_and_reflects_the_project() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("tsconfig.json"), "{}").unwrap();
        std::fs::write(dir.path().join("biome.jsonc"), "{}").unwrap();
        std::fs::write(dir.path().join("server.json"), "{}").unwrap();
        let detected = detect(dir.path());
        assert_eq!(detected.biome_config.as_deref(), Some("biome.jsonc"));
        let text = starter_config(&detected);
        let config =
            crate::config::Config::parse(&text, &dir.path().join("signalint.toml")).unwrap();
        assert_eq!(config.engines["tsc"].enabled, Some(true));
        assert_eq!(config.mcp.manifests, [PathBuf::from("server.json")]);
        let without = starter_config(&Detected::default());
        let config =
            crate::config::Config::parse(&without, &dir.path().join("signalint.toml")).unwrap();
        assert_eq!(config.engines["tsc"].enabled, Some(false));
    }
}
