//! `signalint doctor`: for every engine and rule pack, whether it will run, with which tool
//! and version, and why — or what is wrong.

use clap::Args;
use serde::Serialize;
use signalint_plugin_api::PluginKind;

use super::{Cli, Format, exit, print, project_root, usage_error};
use crate::config::Config;
use crate::plugins::{BUILTIN_ENGINES, BUILTIN_RULE_PACKS};
use crate::toolchain;

#[derive(Debug, Args)]
pub struct DoctorArgs {
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
}

/// One line of the report.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Finding {
    id: String,
    kind: &'static str,
    /// `enabled`, `disabled` or `error`.
    state: &'static str,
    /// Why it is in that state.
    reason: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    plugin: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tool: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    version: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<&'static str>,
    /// The programs of a whole-program engine, checked or not, each with why.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    programs: Vec<crate::check::ProgramLine>,
}

/// Why the resolved tool is the one that runs: the project's pin, the user's opt-in, the
/// build the project declares, or the managed fallback.
fn why_this_tool(
    engine: &str,
    choice: &toolchain::ToolChoice<'_>,
    resolution: &toolchain::Resolution,
) -> String {
    use toolchain::ToolSource;
    if let Some(note) = resolution.declared_note() {
        return note;
    }
    match (choice.compiler, resolution.source) {
        (_, ToolSource::Config) => format!("the `tool` set in [engines.{engine}]"),
        (Some(variant), ToolSource::Managed) => format!(
            "opted in with `compiler = \"{variant}\"` in [engines.{engine}] (the managed build)"
        ),
        (Some(variant), _) => format!(
            "opted in with `compiler = \"{variant}\"` in [engines.{engine}] (the project's own build)"
        ),
        (None, ToolSource::Project) => {
            "the project's own, installed in its node_modules (the first of the engine's \
             builds found there)"
                .to_owned()
        }
        (None, ToolSource::Path) if choice.untrusted => {
            "found on PATH; the project is not trusted, so its own pin is not run".to_owned()
        }
        (None, ToolSource::Managed) if choice.untrusted => {
            "the managed toolchain: the project is not trusted, so its own pin is not run \
             (`signalint trust` lets it run)"
                .to_owned()
        }
        (None, ToolSource::Path) => "found on PATH; the project pins none".to_owned(),
        (None, ToolSource::Managed) => "managed fallback: the project pins none".to_owned(),
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Report {
    root: String,
    config: Option<String>,
    managed_toolchain: String,
    managed_toolchain_installed: bool,
    checks: Vec<Finding>,
}

pub fn run(cli: &Cli, args: &DoctorArgs) -> u8 {
    let root = match project_root(cli) {
        Ok(root) => root,
        Err(e) => return usage_error(e),
    };
    let config = match Config::discover(&root, cli.config.as_deref()) {
        Ok(config) => config,
        Err(e) => return usage_error(e),
    };
    let config_path = config.source.as_ref().map(|p| p.display().to_string());
    let context = super::check::context(cli, root.clone(), config);
    let report = super::check::block_on(async {
        let mut checks = Vec::new();
        let mut engine_ids: Vec<(String, String, bool)> = BUILTIN_ENGINES
            .iter()
            .map(|id| ((*id).to_owned(), (*id).to_owned(), false))
            .collect();
        for (id, engine) in &context.config.engines {
            let plugin = engine.plugin.clone().unwrap_or_else(|| id.clone());
            engine_ids.retain(|(existing, _, _)| existing != id);
            engine_ids.push((id.clone(), plugin, true));
        }
        let usage = crate::check::engine_usage(&context);
        for (id, plugin_id, explicit) in engine_ids {
            let engine_config = context.config.engines.get(&id);
            let used = usage.get(&id);
            let mut finding = Finding {
                id: id.clone(),
                kind: "engine",
                state: "enabled",
                reason: match used {
                    Some(used) => used.reason.clone(),
                    None if explicit => "configured in signalint.toml".into(),
                    None => "built-in, on by default".into(),
                },
                plugin: None,
                tool: None,
                version: None,
                source: None,
                programs: Vec::new(),
            };
            if engine_config.and_then(|e| e.enabled) == Some(false) {
                finding.state = "disabled";
                finding.reason = "enabled = false in signalint.toml".into();
                checks.push(finding);
                continue;
            }
            if used.is_some_and(|u| !u.on) {
                finding.state = "disabled";
                checks.push(finding);
                continue;
            }
            let Some(plugin) = context
                .registry
                .get(&plugin_id)
                .filter(|p| p.manifest().kind == PluginKind::Engine)
            else {
                finding.state = if explicit { "error" } else { "disabled" };
                finding.reason = context
                    .registry
                    .refusal_for(&plugin_id)
                    .map(|r| format!("plugin `{plugin_id}` did not load: {r}"))
                    .unwrap_or_else(|| {
                        format!("no engine plugin `{plugin_id}` on the plugin path")
                    });
                checks.push(finding);
                continue;
            };
            finding.plugin = Some(format!(
                "{} {} ({})",
                plugin.id(),
                plugin.manifest().version,
                plugin.path().display()
            ));
            let info = plugin
                .manifest()
                .engine
                .as_ref()
                .expect("engines carry engine info");
            let managed = context.toolchain.root_if_installed();
            let choice = toolchain::ToolChoice::from_config(&id, engine_config)
                .trusted(context.config.trust.trusted);
            match toolchain::resolve(&info.tool, &choice, &root, managed, &context.runner).await {
                Ok(resolution) => {
                    if let Some(note) =
                        resolution.untrusted_note(&root, &context.config.trust.command)
                    {
                        finding.reason.push_str(&format!("; {note}"));
                    }
                    finding.tool = Some(resolution.location.display().to_string());
                    finding.version = Some(resolution.tool.version.clone());
                    finding.source = Some(resolution.source.as_str());
                    finding.reason.push_str(&format!(
                        "; {} {} from the {} (supported: {}): {}",
                        info.tool.name,
                        resolution.tool.version,
                        resolution.source.as_str(),
                        info.tool.version_range,
                        why_this_tool(&id, &choice, &resolution)
                    ));
                }
                Err(problem @ toolchain::ToolProblem::NotFound { .. })
                    if !info.tool.npm_packages.is_empty() && !explicit =>
                {
                    finding.reason =
                        format!("{problem}; the first check installs the managed toolchain");
                }
                Err(problem) => {
                    finding.state = "error";
                    finding.reason = problem.to_string();
                }
            }
            match crate::check::list_programs(&context, &id, plugin, info).await {
                Some(Ok(programs)) => finding.programs = programs,
                Some(Err(problem)) => {
                    finding.state = "error";
                    finding.reason = problem;
                }
                None => {}
            }
            checks.push(finding);
        }
        for plugin in context.registry.of_kind(PluginKind::RulePack) {
            let id = plugin.id().to_owned();
            let pack_config = context.config.rule_packs.get(&id);
            let builtin = BUILTIN_RULE_PACKS.contains(&id.as_str());
            let (state, reason) = match pack_config.and_then(|c| c.enabled) {
                Some(false) => ("disabled", "enabled = false in signalint.toml".to_owned()),
                _ if context.config.mcp.manifests.is_empty()
                    && context.config.mcp.servers.is_empty() =>
                {
                    (
                        "enabled",
                        "runs when [mcp] lists manifests or servers (none yet)".to_owned(),
                    )
                }
                _ if builtin || pack_config.is_some() => (
                    "enabled",
                    format!(
                        "checks {} manifest(s) and {} server(s) from [mcp]",
                        context.config.mcp.manifests.len(),
                        context.config.mcp.servers.len()
                    ),
                ),
                _ => (
                    "disabled",
                    "a third-party rule pack runs only when declared in [rule_packs]".to_owned(),
                ),
            };
            checks.push(Finding {
                id,
                kind: "rule-pack",
                state,
                reason,
                plugin: Some(format!(
                    "{} ({})",
                    plugin.manifest().version,
                    plugin.path().display()
                )),
                tool: None,
                version: None,
                source: None,
                programs: Vec::new(),
            });
        }
        for manifest in &context.config.mcp.manifests {
            let path = root.join(manifest);
            if !path.is_file() {
                checks.push(Finding {
                    id: manifest.display().to_string(),
                    kind: "mcp-manifest",
                    state: "error",
                    reason: format!("{} does not exist", path.display()),
                    plugin: None,
                    tool: None,
                    version: None,
                    source: None,
                    programs: Vec::new(),
                });
            }
        }
        Report {
            root: root.display().to_string(),
            config: config_path,
            managed_toolchain: context.toolchain.toolchain().root.display().to_string(),
            managed_toolchain_installed: context.toolchain.toolchain().is_installed(),
            checks,
        }
    });
    match args.format {
        Format::Json => print(&format!(
            "{}\n",
            serde_json::to_string_pretty(&report).expect("serializable")
        )),
        Format::Human => {
            let mut out = format!(
                "project: {}\nconfig: {}\nmanaged toolchain: {} ({})\n\n",
                report.root,
                report.config.as_deref().unwrap_or("none (defaults)"),
                report.managed_toolchain,
                if report.managed_toolchain_installed {
                    "installed"
                } else {
                    "not installed; `signalint setup` installs it"
                }
            );
            for check in &report.checks {
                let style = match check.state {
                    "enabled" => anstyle::AnsiColor::Green.on_default().bold(),
                    "error" => anstyle::AnsiColor::Red.on_default().bold(),
                    _ => anstyle::Style::new().dimmed(),
                };
                out.push_str(&format!(
                    "{style}{:<8}{style:#} {:<10} {:<16} {}\n",
                    check.state, check.kind, check.id, check.reason
                ));
                if let Some(tool) = &check.tool {
                    out.push_str(&format!("{:>37} {tool}\n", "tool:"));
                }
                for program in &check.programs {
                    let mark = match (program.checked, &program.checked_by) {
                        (true, _) => "program:",
                        (false, Some(_)) => "built:",
                        (false, None) => "skipped:",
                    };
                    let reason = program.reason.as_deref().unwrap_or("");
                    let config = if program.config.is_empty() {
                        "-"
                    } else {
                        program.config.as_str()
                    };
                    out.push_str(&format!("{mark:>37} {config} ({reason})\n"));
                }
            }
            print(&out);
        }
    }
    if report.checks.iter().any(|c| c.state == "error") {
        exit::ENGINE_FAILED
    } else {
        exit::CLEAN
    }
}
