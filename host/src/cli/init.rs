//! `signalint init`: a starter `signalint.toml` for the project it finds, and MCP client
//! configuration for Claude Code, Cursor and any stdio client.
//!
//! It never overwrites a config without `--force`, and merges into an existing `.mcp.json`
//! only with `--write-mcp-json`, keeping every server already there.

use std::path::{Path, PathBuf};

use clap::Args;
use serde_json::{Value, json};

use super::{Cli, exit, print, project_root, usage_error};
use crate::config::CONFIG_FILE_NAME;

#[derive(Debug, Args)]
pub struct InitArgs {
    /// Replace an existing signalint.toml.
    #[arg(long)]
    force: bool,
    /// Add signalint to the project's .mcp.json (Claude Code), creating it if needed.
    #[arg(long)]
    write_mcp_json: bool,
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

/// The MCP server entry: how a client starts signalint for this project.
pub fn server_entry(executable: &str, root: &Path) -> Value {
    json!({ "command": executable, "args": ["mcp", "--root", root.display().to_string()] })
}

/// Adds signalint to an `.mcp.json` document, keeping everything that is there. An existing
/// `signalint` entry is left alone unless `replace`.
pub fn merge_mcp_json(
    existing: Option<&str>,
    entry: Value,
    replace: bool,
) -> Result<(String, bool), String> {
    let mut document: Value = match existing {
        Some(text) if !text.trim().is_empty() => serde_json::from_str(text).map_err(|e| {
            format!(".mcp.json is not valid JSON ({e}); fix it or add the entry by hand")
        })?,
        _ => json!({}),
    };
    let Some(object) = document.as_object_mut() else {
        return Err(".mcp.json is not a JSON object; add the entry by hand".into());
    };
    let servers = object.entry("mcpServers").or_insert_with(|| json!({}));
    let Some(servers) = servers.as_object_mut() else {
        return Err("`mcpServers` in .mcp.json is not an object; add the entry by hand".into());
    };
    let changed = match servers.get("signalint") {
        Some(_) if !replace => false,
        _ => {
            servers.insert("signalint".into(), entry);
            true
        }
    };
    Ok((
        format!(
            "{}\n",
            serde_json::to_string_pretty(&document).expect("serializable")
        ),
        changed,
    ))
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

    let executable = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("signalint"));
    let entry = server_entry(&executable.to_string_lossy(), &root);
    let snippet =
        serde_json::to_string_pretty(&json!({ "mcpServers": { "signalint": entry.clone() } }))
            .expect("serializable");
    if args.write_mcp_json {
        let path = root.join(".mcp.json");
        let existing = std::fs::read_to_string(&path).ok();
        match merge_mcp_json(existing.as_deref(), entry.clone(), args.force) {
            Ok((text, true)) => {
                if let Err(e) = std::fs::write(&path, text) {
                    return usage_error(format!("cannot write {}: {e}", path.display()));
                }
                out.push_str(&format!("added signalint to {}\n", path.display()));
            }
            Ok((_, false)) => out.push_str(&format!(
                "{} already has a signalint entry; left as it is (--force replaces it)\n",
                path.display()
            )),
            Err(e) => return usage_error(e),
        }
    }
    out.push_str(&format!(
        "\nClaude Code (.mcp.json in the project root; `signalint init --write-mcp-json` adds it):\n{snippet}\n\
         \nCursor (.cursor/mcp.json):\n{snippet}\n\
         \nAny stdio MCP client: run `{} mcp --root {}`\n",
        executable.display(),
        root.display()
    ));
    print(&out);
    exit::CLEAN
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merging_keeps_every_existing_server() {
        let existing = r#"{"mcpServers": {"github": {"command": "gh-mcp"}}, "other": 1}"#;
        let (text, changed) =
            merge_mcp_json(Some(existing), json!({"command": "signalint"}), false).unwrap();
        let merged: Value = serde_json::from_str(&text).unwrap();
        assert!(changed);
        assert_eq!(merged["mcpServers"]["github"]["command"], "gh-mcp");
        assert_eq!(merged["other"], 1);
        assert_eq!(merged["mcpServers"]["signalint"]["command"], "signalint");
    }

    #[test]
    fn an_existing_entry_is_kept_unless_replaced() {
        let existing = r#"{"mcpServers": {"signalint": {"command": "old"}}}"#;
        let (text, changed) =
            merge_mcp_json(Some(existing), json!({"command": "new"}), false).unwrap();
        assert!(!changed);
        assert!(text.contains("old"));
        let (text, changed) =
            merge_mcp_json(Some(existing), json!({"command": "new"}), true).unwrap();
        assert!(changed && text.contains("new"));
    }

    #[test]
    fn invalid_json_is_never_overwritten() {
        assert!(
            merge_mcp_json(Some("{ nope"), json!({}), true)
                .unwrap_err()
                .contains("not valid JSON")
        );
        assert!(merge_mcp_json(Some("[1]"), json!({}), true).is_err());
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
