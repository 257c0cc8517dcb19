//! `signalint rules`: every rule of every loaded rule pack, with its documentation, and every
//! engine with its scope and where its rules are documented.
//!
//! Rule packs document their rules in their manifests (`RuleInfo.doc`, markdown in ruff's
//! sections); engines report the rules of their tool, which that tool documents. A plugin
//! that was refused is named with the reason and the listing goes on without it.

use clap::{Args, ValueEnum};
use serde::Serialize;
use signalint_plugin_api::rule_kit::demote_headings;
use signalint_plugin_api::{FindingSeverity, PluginKind, PluginManifest};

use super::{Cli, exit, print, project_root, usage_error};
use crate::config::Config;
use crate::plugins::{PluginState, Registry, plugin_dirs};

#[derive(Debug, Args)]
pub struct RulesArgs {
    #[arg(long, value_enum, default_value = "human")]
    format: RulesFormat,
}

/// Output format of `rules`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum RulesFormat {
    Human,
    Json,
    /// One document: a section per plugin, a heading per rule, its documentation below.
    Markdown,
}

/// The listing (`--format json`).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Listing {
    plugins: Vec<PluginRules>,
    /// Libraries that did not load: the listing lacks their rules.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    refused: Vec<Refused>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct PluginRules {
    id: String,
    kind: &'static str,
    version: String,
    description: String,
    /// For engines: what one run sees and where the rules are documented.
    #[serde(skip_serializing_if = "Option::is_none")]
    engine: Option<EngineRules>,
    /// For rule packs: every rule the manifest lists.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    rules: Vec<Rule>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct EngineRules {
    scope: String,
    tool: String,
    documented: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Rule {
    code: String,
    default_severity: FindingSeverity,
    summary: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
    /// Markdown; empty when the pack documents nothing beyond the summary.
    doc: String,
}

#[derive(Debug, Serialize)]
struct Refused {
    path: String,
    reason: String,
}

pub fn run(cli: &Cli, args: &RulesArgs) -> u8 {
    let root = match project_root(cli) {
        Ok(root) => root,
        Err(e) => return usage_error(e),
    };
    let config = match Config::discover(&root, cli.config.as_deref()) {
        Ok(config) => config,
        Err(e) => return usage_error(e),
    };
    let registry = Registry::load(&plugin_dirs(
        &config.plugins.path,
        &root,
        cli.allow_project_plugins,
    ));
    let listing = listing(&registry);
    print(&match args.format {
        RulesFormat::Json => format!(
            "{}\n",
            serde_json::to_string_pretty(&listing).expect("serializable")
        ),
        RulesFormat::Markdown => markdown(&listing),
        RulesFormat::Human => human(&listing),
    });
    if listing.refused.is_empty() {
        exit::CLEAN
    } else {
        exit::ENGINE_FAILED
    }
}

/// The loaded plugins (shadowed ones are listed under the plugin that shadows them) sorted by
/// kind and id, and the refused libraries.
fn listing(registry: &Registry) -> Listing {
    let mut plugins = Vec::new();
    let mut refused = Vec::new();
    for entry in &registry.entries {
        match &entry.state {
            PluginState::Loaded(handle) => plugins.push(plugin_rules(handle.manifest())),
            PluginState::Refused(reason) => refused.push(Refused {
                path: entry.path.display().to_string(),
                reason: reason.clone(),
            }),
            PluginState::Shadowed { .. } => {}
        }
    }
    plugins.sort_by(|a, b| (a.kind, &a.id).cmp(&(b.kind, &b.id)));
    Listing { plugins, refused }
}

fn plugin_rules(manifest: &PluginManifest) -> PluginRules {
    let engine = manifest.engine.as_ref().map(|engine| {
        let tool = engine.tool.name.clone();
        EngineRules {
            scope: serde_json::to_value(engine.scope)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default(),
            documented: format!(
                "the rules are {tool}'s own and {tool}'s documentation describes them; each issue links its rule's page when {tool} reports one"
            ),
            tool,
        }
    });
    let rules = manifest
        .rule_pack
        .iter()
        .flat_map(|pack| &pack.rules)
        .map(|rule| Rule {
            code: rule.code.clone(),
            default_severity: rule.default_severity,
            summary: rule.summary.clone(),
            url: rule.url.clone(),
            doc: rule.doc.clone().unwrap_or_default(),
        })
        .collect();
    PluginRules {
        id: manifest.id.clone(),
        kind: match manifest.kind {
            PluginKind::Engine => "engine",
            _ => "rule-pack",
        },
        version: manifest.version.clone(),
        description: manifest.description.clone(),
        engine,
        rules,
    }
}

fn severity_name(severity: FindingSeverity) -> String {
    serde_json::to_value(severity)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

fn markdown(listing: &Listing) -> String {
    let mut out = String::from("# Rules\n");
    for plugin in &listing.plugins {
        out.push_str(&format!(
            "\n## `{}` ({} {})\n\n{}\n",
            plugin.id,
            plugin.kind.replace('-', " "),
            plugin.version,
            plugin.description
        ));
        if let Some(engine) = &plugin.engine {
            out.push_str(&format!(
                "\nScope: {}. Tool: `{}`; {}.\n",
                engine.scope, engine.tool, engine.documented
            ));
        }
        for rule in &plugin.rules {
            out.push_str(&format!(
                "\n### `{}`\n\n**{}**: {}\n",
                rule.code,
                severity_name(rule.default_severity),
                rule.summary
            ));
            if let Some(url) = &rule.url {
                out.push_str(&format!("\n<{url}>\n"));
            }
            if !rule.doc.is_empty() {
                out.push('\n');
                out.push_str(&demote_headings(&rule.doc, 2));
            }
        }
    }
    if !listing.refused.is_empty() {
        out.push_str("\n## Plugins that did not load\n\n");
        for refused in &listing.refused {
            out.push_str(&format!("- `{}`: {}\n", refused.path, refused.reason));
        }
    }
    out
}

fn human(listing: &Listing) -> String {
    let mut out = String::new();
    for plugin in &listing.plugins {
        match &plugin.engine {
            Some(engine) => out.push_str(&format!(
                "{} {} (engine, {}): {}\n  {}\n\n",
                plugin.id, plugin.version, engine.scope, plugin.description, engine.documented
            )),
            None => out.push_str(&format!(
                "{} {} (rule pack, {} rules): {}\n\n",
                plugin.id,
                plugin.version,
                plugin.rules.len(),
                plugin.description
            )),
        }
        for rule in &plugin.rules {
            out.push_str(&format!(
                "  {} [{}]: {}\n",
                rule.code,
                severity_name(rule.default_severity),
                rule.summary
            ));
            for line in rule.doc.lines() {
                if line.is_empty() {
                    out.push('\n');
                } else {
                    out.push_str(&format!("      {line}\n"));
                }
            }
            out.push('\n');
        }
    }
    for refused in &listing.refused {
        out.push_str(&format!(
            "not loaded: {}: {}\n",
            refused.path, refused.reason
        ));
    }
    if listing.plugins.is_empty() {
        out.push_str("no plugins found on the plugin path\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use signalint_plugin_api::{EngineInfo, EngineScope, RuleInfo, RulePackInfo, ToolSpec};

    use super::*;

    fn sample() -> Listing {
        let pack = PluginManifest::rule_pack(
            "names",
            "0.1.0",
            "Naming rules",
            RulePackInfo::new(vec![
                RuleInfo::new("name-format", FindingSeverity::Error, "A bad name")
                    .with_doc("## What it does\nFlags names.\n"),
                RuleInfo::new("bare", FindingSeverity::Info, "No doc"),
            ]),
        );
        let engine = PluginManifest::engine(
            "shellcheck",
            "0.2.0",
            "Shell analysis",
            EngineInfo::new(
                EngineScope::FileLocal,
                ToolSpec::new("shellcheck", ">=0.9"),
                vec!["sh".to_owned()],
            ),
        );
        Listing {
            plugins: vec![plugin_rules(&engine), plugin_rules(&pack)],
            refused: vec![Refused {
                path: "/p/libsignalint_plugin_x.so".to_owned(),
                reason: "built for ABI 9".to_owned(),
            }],
        }
    }

    #[test]
    fn markdown_nests_each_rule_doc_under_its_heading() {
        let md = markdown(&sample());
        assert!(md.starts_with("# Rules\n"), "{md}");
        assert!(md.contains("\n## `names` (rule pack 0.1.0)\n"), "{md}");
        assert!(
            md.contains(
                "\n### `name-format`\n\n**error**: A bad name\n\n#### What it does\nFlags names.\n"
            ),
            "{md}"
        );
        assert!(md.contains("\n### `bare`\n\n**info**: No doc\n"), "{md}");
        assert!(
            md.contains("Scope: file-local. Tool: `shellcheck`;"),
            "{md}"
        );
        assert!(
            md.contains("- `/p/libsignalint_plugin_x.so`: built for ABI 9\n"),
            "{md}"
        );
    }

    #[test]
    fn human_lists_engines_and_rules_with_their_docs() {
        let text = human(&sample());
        assert!(
            text.contains("shellcheck 0.2.0 (engine, file-local): Shell analysis\n"),
            "{text}"
        );
        assert!(
            text.contains("names 0.1.0 (rule pack, 2 rules): Naming rules\n"),
            "{text}"
        );
        assert!(
            text.contains("  name-format [error]: A bad name\n      ## What it does\n"),
            "{text}"
        );
        assert!(
            text.contains("not loaded: /p/libsignalint_plugin_x.so: built for ABI 9\n"),
            "{text}"
        );
    }
}
