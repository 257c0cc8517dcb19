//! Running the rule packs over the project's MCP surfaces.
//!
//! Surfaces come from `[mcp] manifests` and `[[mcp.servers]]`. A source that cannot be read
//! is reported under the `mcp-sources` status and the other sources are still checked.
//! Findings become issues like any engine's: `engine` is the pack id, `rule` the finding code,
//! and the position is where the offending JSON value starts in its file.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::Value;
use serde_json::value::RawValue;
use signalint_plugin_api::{
    AnalyzeOutcome, Finding, FindingSeverity, McpSurface, PluginKind, methods,
};

use super::Context;
use super::positions::SourceText;
use crate::config::options_json;
use crate::core::{EngineStatus, IssueInput, IssueSeverity};
use crate::mcp_sources::{self, LiveServer, LoadedSurface, Locator};
use crate::plugins::{BUILTIN_RULE_PACKS, CallError, PluginHandle};

/// The status key for problems loading MCP surfaces.
pub const SOURCES_STATUS: &str = "mcp-sources";

/// Why the packs did not run.
const NO_SOURCES: &str = "no MCP manifests or servers configured ([mcp] in signalint.toml)";

/// How long one pack may take over all surfaces.
const PACK_TIMEOUT: Duration = Duration::from_secs(60);

/// What the rule packs produced.
pub(crate) struct RulePackOutcome {
    pub issues: Vec<IssueInput>,
    pub statuses: BTreeMap<String, EngineStatus>,
    /// Ids of the packs that ran (they re-check every surface).
    pub ran: Vec<String>,
}

/// Loads the configured surfaces. Errors are per source.
pub async fn load_surfaces(context: &Context) -> (Vec<LoadedSurface>, Vec<String>) {
    let mcp = &context.config.mcp;
    let mut surfaces = Vec::new();
    let mut errors = Vec::new();
    for manifest in &mcp.manifests {
        let path = if manifest.is_relative() {
            context.root.join(manifest)
        } else {
            manifest.clone()
        };
        let display = path
            .strip_prefix(&context.root)
            .map(|p| p.to_string_lossy().replace('\\', "/"))
            .unwrap_or_else(|_| path.to_string_lossy().into_owned());
        match mcp_sources::load_file(&path, &display) {
            Ok(surface) => surfaces.push(surface),
            Err(e) => errors.push(e.to_string()),
        }
    }
    let live = mcp.servers.iter().map(|server| LiveServer {
        name: server.name.clone(),
        command: server.command.clone(),
        args: server.args.clone(),
        env: server.env.clone(),
        timeout: Duration::from_secs(server.timeout_secs.unwrap_or(30)),
    });
    let mut tasks = tokio::task::JoinSet::new();
    for (index, server) in live.enumerate() {
        tasks.spawn(async move { (index, mcp_sources::list_live_server(&server).await) });
    }
    let mut listed = Vec::new();
    while let Some(Ok(result)) = tasks.join_next().await {
        listed.push(result);
    }
    listed.sort_by_key(|(index, _)| *index);
    for (_, result) in listed {
        match result {
            Ok(surface) => surfaces.push(surface),
            Err(e) => errors.push(e.to_string()),
        }
    }
    (surfaces, errors)
}

/// The packs to run: the built-in ones plus any configured, minus the disabled.
fn select(
    context: &Context,
    has_sources: bool,
    statuses: &mut BTreeMap<String, EngineStatus>,
) -> Vec<(String, Arc<PluginHandle>)> {
    let config = &context.config;
    let mut wanted: BTreeMap<String, (String, bool)> = BUILTIN_RULE_PACKS
        .iter()
        .map(|id| ((*id).to_owned(), ((*id).to_owned(), false)))
        .collect();
    for (id, pack) in &config.rule_packs {
        wanted.insert(
            id.clone(),
            (pack.plugin.clone().unwrap_or_else(|| id.clone()), true),
        );
    }
    let mut packs = Vec::new();
    for (id, (plugin_id, explicit)) in wanted {
        if config.rule_packs.get(&id).and_then(|p| p.enabled) == Some(false) {
            statuses.insert(id, EngineStatus::disabled("disabled in signalint.toml"));
            continue;
        }
        // Without sources a built-in pack is not even loaded (`check::plugin_ids`).
        if !has_sources && BUILTIN_RULE_PACKS.contains(&plugin_id.as_str()) {
            statuses.insert(id, EngineStatus::disabled(NO_SOURCES));
            continue;
        }
        match context.registry.get(&plugin_id) {
            Some(plugin) if plugin.manifest().kind == PluginKind::RulePack => {
                packs.push((id, plugin.clone()))
            }
            Some(_) => {
                statuses.insert(id, EngineStatus::error(format!("plugin `{plugin_id}` is an engine, not a rule pack; move it to [engines.{plugin_id}]")));
            }
            None => {
                let why = context
                    .registry
                    .refusal_for(&plugin_id)
                    .map(|r| format!("plugin `{plugin_id}` did not load: {r}"))
                    .unwrap_or_else(|| {
                        format!("plugin `{plugin_id}` not found on the plugin path")
                    });
                statuses.insert(
                    id,
                    if explicit {
                        EngineStatus::error(why)
                    } else {
                        EngineStatus::disabled(why)
                    },
                );
            }
        }
    }
    packs
}

/// Runs every selected pack over `surfaces`.
pub(crate) async fn run(
    context: &Context,
    surfaces: Vec<LoadedSurface>,
    source_errors: Vec<String>,
) -> RulePackOutcome {
    let mut statuses = BTreeMap::new();
    if !source_errors.is_empty() {
        statuses.insert(
            SOURCES_STATUS.to_owned(),
            EngineStatus::error(source_errors.join("; ")),
        );
    }
    let mcp = &context.config.mcp;
    let has_sources = !mcp.manifests.is_empty() || !mcp.servers.is_empty();
    let packs = select(context, has_sources, &mut statuses);
    if surfaces.is_empty() {
        for (id, _) in packs {
            statuses.insert(id, EngineStatus::disabled(NO_SOURCES));
        }
        return RulePackOutcome {
            issues: Vec::new(),
            statuses,
            ran: Vec::new(),
        };
    }
    let surfaces = Arc::new(surfaces);
    let shared = Arc::new(SharedSurfaces::new(&surfaces));
    // Every pack runs at once; each is waited for up to PACK_TIMEOUT from the common start.
    let deadline = tokio::time::Instant::now() + PACK_TIMEOUT;
    let calls: Vec<_> = packs
        .into_iter()
        .map(|(id, plugin)| {
            let config = context.config.rule_packs.get(&id);
            let include_info = config.and_then(|c| c.include_info).unwrap_or(false);
            let options = options_json(config.and_then(|c| c.options.as_ref()));
            let shared = shared.clone();
            let started = Instant::now();
            let call = tokio::task::spawn_blocking(move || {
                let outcome = shared.analyze(&plugin, options);
                (outcome, started.elapsed())
            });
            (id, include_info, started, call)
        })
        .collect();
    let mut issues = Vec::new();
    let mut ran = Vec::new();
    for (id, include_info, started, call) in calls {
        let (mut status, took) = match tokio::time::timeout_at(deadline, call).await {
            Ok(Ok((Ok(outcome), took))) => {
                let found = to_issues(&id, &surfaces, outcome.findings, include_info);
                let mut status = EngineStatus::ok();
                status.issue_count = Some(found.len());
                issues.extend(found);
                ran.push(id.clone());
                (status, took)
            }
            Ok(Ok((Err(e), took))) => (EngineStatus::error(e.to_string()), took),
            Ok(Err(e)) => (
                EngineStatus::error(format!("{id} failed: {e}")),
                started.elapsed(),
            ),
            Err(_) => (
                EngineStatus::error(format!(
                    "{id} did not complete within {}s",
                    PACK_TIMEOUT.as_secs()
                )),
                started.elapsed(),
            ),
        };
        status.duration_ms = Some(took.as_millis() as u64);
        statuses.insert(id, status);
    }
    RulePackOutcome {
        issues,
        statuses,
        ran,
    }
}

/// The surfaces of one request serialized once: every pack is sent the same bytes, rather
/// than its own copy of the surfaces serialized again.
pub struct SharedSurfaces(Box<RawValue>);

/// The analyze request as it crosses the boundary: the shape of
/// [`signalint_plugin_api::AnalyzeRequest`].
#[derive(Serialize)]
struct SharedRequest<'r> {
    surfaces: &'r RawValue,
    options: Value,
}

impl SharedSurfaces {
    pub fn new(surfaces: &[LoadedSurface]) -> Self {
        let surfaces: Vec<&McpSurface> = surfaces.iter().map(|s| &s.surface).collect();
        let json = serde_json::to_string(&surfaces).expect("surfaces serialize");
        Self(RawValue::from_string(json).expect("serialized JSON is valid"))
    }

    /// Calls `analyze` on one pack with its options.
    pub fn analyze(
        &self,
        pack: &PluginHandle,
        options: Value,
    ) -> Result<AnalyzeOutcome, CallError> {
        let request = SharedRequest {
            surfaces: &self.0,
            options,
        };
        pack.call::<_, AnalyzeOutcome>(methods::ANALYZE, &request)
    }
}

/// Where each finding's JSON value starts (1-based line, UTF-16 column), in finding order;
/// `None` for live servers and findings without a pointer.
pub fn positions<'f>(
    surfaces: &[LoadedSurface],
    findings: impl IntoIterator<Item = &'f Finding>,
) -> Vec<Option<(u32, u32)>> {
    let mut places = Places::default();
    findings
        .into_iter()
        .map(|finding| {
            let surface = surfaces.get(finding.surface)?;
            places
                .resolve(surface, finding.pointer.as_deref()?)
                .map(|(line, col, _)| (line, col))
        })
        .collect()
}

/// Line tables and pointer indexes of the files findings point into, built on first use and
/// shared by every finding in the same file (many surfaces can share one file).
#[derive(Default)]
struct Places<'s> {
    files: HashMap<&'s str, (SourceText, Locator<'s>)>,
}

impl<'s> Places<'s> {
    /// Line, column and line text of a surface pointer; `None` for live servers.
    fn resolve(&mut self, surface: &'s LoadedSurface, pointer: &str) -> Option<(u32, u32, &str)> {
        let text = surface.text.as_deref()?;
        let (source, locator) = self
            .files
            .entry(surface.display_path.as_str())
            .or_insert_with(|| (SourceText::new(text.to_owned()), Locator::new(text)));
        let byte = locator.locate(&surface.document_pointer(pointer).unwrap_or_default());
        let position =
            signalint_plugin_api::Position::new(0, 0, signalint_plugin_api::ColumnUnit::Utf8Bytes)
                .with_byte_offset(byte as u64);
        let found = source.resolve(&position)?;
        Some((found.line, found.col, source.line_text(found.line)))
    }
}

/// Findings → issues, located in their source files.
pub fn to_issues(
    pack: &str,
    surfaces: &[LoadedSurface],
    findings: Vec<Finding>,
    include_info: bool,
) -> Vec<IssueInput> {
    let mut places = Places::default();
    findings
        .into_iter()
        .filter_map(|finding| {
            let severity = match finding.severity {
                FindingSeverity::Critical | FindingSeverity::Error => IssueSeverity::Error,
                FindingSeverity::Info if include_info => IssueSeverity::Warning,
                FindingSeverity::Info => return None,
                // Warning, and a severity from a newer pack (`Unknown`): kept, not dropped.
                _ => IssueSeverity::Warning,
            };
            let surface = surfaces.get(finding.surface)?;
            let (line, col, line_text) = match (&surface.text, &finding.pointer) {
                (Some(_), Some(pointer)) => match places.resolve(surface, pointer) {
                    Some((line, col, text)) => (line, col, text.trim().to_owned()),
                    None => (0, 0, String::new()),
                },
                _ => (
                    0,
                    0,
                    format!(
                        "{} {}",
                        finding.tool.clone().unwrap_or_default(),
                        finding.pointer.clone().unwrap_or_default()
                    ),
                ),
            };
            let message = match (&finding.tool, surface.text.is_none()) {
                // A live server has no file to point at: name the tool in the message.
                (Some(tool), true) if !finding.message.contains(tool.as_str()) => {
                    format!("{tool}: {}", finding.message)
                }
                _ => finding.message,
            };
            Some(IssueInput {
                file: surface.display_path.clone(),
                line,
                col,
                end_line: None,
                end_col: None,
                engine: pack.to_owned(),
                rule: finding.code,
                severity,
                message,
                fixable: false,
                help: finding.evidence.map(|e| format!("quoted: {e}")),
                url: None,
                line_text,
                fix_safe: None,
                same_as: Vec::new(),
            })
        })
        .collect()
}

/// Whether a display path names a live server.
pub fn is_live(path: &str) -> bool {
    Path::new(path).starts_with("mcp:") || path.starts_with("mcp://")
}

#[cfg(test)]
mod tests {
    use signalint_plugin_api::AnalyzeRequest;

    use super::*;

    #[test]
    fn a_severity_from_a_newer_pack_becomes_a_warning() {
        let surfaces = [LoadedSurface {
            surface: McpSurface::new("s"),
            text: None,
            display_path: "mcp:s".to_owned(),
            bases: Default::default(),
        }];
        let finding: Finding = serde_json::from_str(
            r#"{"code": "X", "severity": "fatal", "message": "m", "surface": 0}"#,
        )
        .unwrap();
        let info = Finding::new("Y", FindingSeverity::Info, "weak", 0);
        let issues = to_issues("pack", &surfaces, vec![finding, info.clone()], false);
        assert_eq!(issues.len(), 1, "info is dropped without include_info");
        assert_eq!(issues[0].rule, "X");
        assert_eq!(issues[0].severity, IssueSeverity::Warning);
        let issues = to_issues("pack", &surfaces, vec![info], true);
        assert_eq!(issues[0].severity, IssueSeverity::Warning);
    }

    #[test]
    fn the_shared_request_is_an_analyze_request() {
        let surface = |server: &str| LoadedSurface {
            surface: McpSurface::new(server)
                .with_tools(vec![serde_json::json!({"name": "t", "description": "d"})]),
            text: None,
            display_path: format!("mcp:{server}"),
            bases: Default::default(),
        };
        let surfaces = [surface("a"), surface("b")];
        let shared = SharedSurfaces::new(&surfaces);
        let options = serde_json::json!({"disabled": ["x"]});
        let sent = serde_json::to_string(&SharedRequest {
            surfaces: &shared.0,
            options: options.clone(),
        })
        .unwrap();
        let expected = AnalyzeRequest::new(
            surfaces
                .iter()
                .map(|s| s.surface.clone())
                .collect::<Vec<_>>(),
            options,
        );
        assert_eq!(
            serde_json::from_str::<AnalyzeRequest>(&sent).unwrap(),
            expected
        );
        assert_eq!(sent, serde_json::to_string(&expected).unwrap());
    }
}
