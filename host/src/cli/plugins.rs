//! `signalint plugins`: what is on the plugin path and whether it loaded.

use clap::Args;
use serde::Serialize;

use super::{Cli, Format, exit, print, project_root, usage_error};
use crate::config::Config;
use crate::plugins::{PluginState, Registry, plugin_dirs};

#[derive(Debug, Args)]
pub struct PluginsArgs {
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PluginRow {
    id: Option<String>,
    kind: Option<String>,
    version: Option<String>,
    api_version: Option<String>,
    description: Option<String>,
    path: String,
    source: &'static str,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
}

pub fn run(cli: &Cli, args: &PluginsArgs) -> u8 {
    let root = match project_root(cli) {
        Ok(root) => root,
        Err(e) => return usage_error(e),
    };
    let config = match Config::discover(&root, cli.config.as_deref()) {
        Ok(config) => config,
        Err(e) => return usage_error(e),
    };
    let dirs = plugin_dirs(&config.plugins.path, &root, cli.allow_project_plugins);
    let registry = Registry::load(&dirs);
    let rows: Vec<PluginRow> = registry
        .entries
        .iter()
        .map(|entry| {
            let manifest = entry.manifest();
            let (status, reason) = match &entry.state {
                PluginState::Loaded(handle) => ("loaded", misnamed(&entry.path, handle.id())),
                PluginState::Refused(reason) => ("refused", Some(reason.clone())),
                PluginState::Shadowed { by } => (
                    "shadowed",
                    Some(format!(
                        "an earlier plugin with the same id: {}",
                        by.display()
                    )),
                ),
            };
            PluginRow {
                id: manifest.map(|m| m.id.clone()),
                kind: manifest.map(|m| m.kind.as_str().to_owned()),
                version: manifest.map(|m| m.version.clone()),
                api_version: manifest.map(|m| m.api_version.clone()),
                description: manifest.map(|m| m.description.clone()),
                path: entry.path.display().to_string(),
                source: entry.source.as_str(),
                status,
                reason,
            }
        })
        .collect();
    match args.format {
        Format::Json => {
            let skipped: Vec<_> = registry
                .skipped_dirs
                .iter()
                .map(|(dir, reason)| serde_json::json!({ "path": dir, "reason": reason }))
                .collect();
            let value = serde_json::json!({ "plugins": rows, "skippedDirectories": skipped });
            print(&format!(
                "{}\n",
                serde_json::to_string_pretty(&value).expect("serializable")
            ));
        }
        Format::Human => {
            let mut out = String::new();
            for row in &rows {
                let name = row.id.clone().unwrap_or_else(|| "?".into());
                out.push_str(&format!(
                    "{:<18} {:<10} {:<8} api {:<7} {:<9} {}\n",
                    name,
                    row.kind.as_deref().unwrap_or("-"),
                    row.version.as_deref().unwrap_or("-"),
                    row.api_version.as_deref().unwrap_or("-"),
                    row.status,
                    row.path
                ));
                if let Some(reason) = &row.reason {
                    out.push_str(&format!("    {reason}\n"));
                }
            }
            for (dir, reason) in &registry.skipped_dirs {
                out.push_str(&format!("skipped directory {}: {reason}\n", dir.display()));
            }
            if rows.is_empty() {
                out.push_str("no plugins found on the plugin path\n");
            }
            print(&out);
        }
    }
    if rows.iter().any(|r| r.status == "refused") {
        exit::ENGINE_FAILED
    } else {
        exit::CLEAN
    }
}

/// A note for a library whose file name is not the one for its id: `signalint check` looks
/// libraries up by name and finds this one only after a fallback to the whole plugin path.
fn misnamed(path: &std::path::Path, id: &str) -> Option<String> {
    let expected = crate::plugins::library_stem(id);
    (crate::plugins::file_stem(path) != Some(expected.as_str())).then(|| {
        format!(
            "named for another id; rename it to {}{expected}{} so that `signalint check` finds it without loading every library",
            std::env::consts::DLL_PREFIX,
            std::env::consts::DLL_SUFFIX
        )
    })
}
