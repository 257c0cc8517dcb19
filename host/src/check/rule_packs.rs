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
use crate::config::{ProjectPackage, options_json};
use crate::core::{EngineStatus, IssueInput, IssueSeverity};
use crate::mcp_sources::{self, LiveServer, LoadedSurface, Locator, lock};
use crate::plugins::{BUILTIN_RULE_PACKS, CallError, PluginHandle};

/// The status key for problems loading MCP surfaces.
pub const SOURCES_STATUS: &str = "mcp-sources";

/// Why the packs did not run.
const NO_SOURCES: &str =
    "no MCP manifests, servers or source definitions configured ([mcp] in signalint.toml)";

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
pub async fn load_surfaces(
    context: &Context,
    package: &ProjectPackage,
) -> (Vec<LoadedSurface>, Vec<String>) {
    load_project_surfaces(&context.root, &context.config, package).await
}

/// [`load_surfaces`] of a project's root and config (`tools lock` has no check context).
pub async fn load_project_surfaces(
    root: &Path,
    config: &crate::config::Config,
    package: &ProjectPackage,
) -> (Vec<LoadedSurface>, Vec<String>) {
    let mcp = &config.mcp;
    let limits = mcp_sources::Limits::of(mcp);
    let mut surfaces = Vec::new();
    let mut errors = Vec::new();
    for manifest in &mcp.manifests {
        let path = if manifest.is_relative() {
            root.join(manifest)
        } else {
            manifest.clone()
        };
        let display = path
            .strip_prefix(root)
            .map(|p| p.to_string_lossy().replace('\\', "/"))
            .unwrap_or_else(|_| path.to_string_lossy().into_owned());
        // A project's config names the file: a committed symbolic link is not followed.
        match mcp_sources::load_file(&path, &display, &limits, mcp_sources::Links::Refuse) {
            Ok(surface) => surfaces.push(surface),
            Err(e) => errors.push(e.to_string()),
        }
    }
    let live = mcp.servers.iter().map(|server| LiveServer {
        name: server.name.clone(),
        named_by_user: true,
        command: server.command.clone(),
        args: server.args.clone(),
        env: server.env.clone(),
        timeout: Duration::from_secs(server.timeout_secs.unwrap_or(30)),
        limits,
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
    // Definitions read from source: every definition file of the server, so rules across
    // definitions see them all.
    let globs = mcp.source_globs(package);
    if !globs.is_empty() {
        match mcp_sources::configured_files(root, &globs, limits.manifest_bytes) {
            Ok(files) if !files.is_empty() => {
                let display = if root.join("package.json").is_file() {
                    "package.json"
                } else {
                    "."
                };
                let name = mcp_sources::server_name(root, package);
                let scan = mcp_sources::load_source(root, &files, &name, display, &limits);
                surfaces.extend(scan.surface);
                errors.extend(scan.errors);
            }
            Ok(_) => {}
            Err(e) => errors.push(e),
        }
    }
    // Past a cap the surface is still checked as far as it was kept; the cap is an error.
    errors.extend(surfaces.iter().flat_map(|s| s.notes.iter().cloned()));
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
    package: &ProjectPackage,
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
    let has_sources = mcp.has_sources(package);
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
    // Compared before the definitions are released; raised by the packs' findings below.
    let locked = compare_with_lock(&context.root, &surfaces);
    let mut poisoned = Vec::new();
    let mut surfaces = surfaces;
    let shared = Arc::new(SharedSurfaces::new(&surfaces));
    for surface in &mut surfaces {
        surface.release_definitions();
    }
    crate::memory::return_freed_memory();
    let surfaces = Arc::new(surfaces);
    // One pack at a time on a large request: each decodes its own copy of the surfaces.
    let gate = Arc::new(std::sync::Mutex::new(()));
    let one_at_a_time = shared.is_large();
    // Every pack runs at once; each is waited for up to PACK_TIMEOUT from the common start.
    let deadline = tokio::time::Instant::now() + PACK_TIMEOUT;
    let calls: Vec<_> = packs
        .into_iter()
        .map(|(id, plugin)| {
            let config = context.config.rule_packs.get(&id);
            let include_info = config.and_then(|c| c.include_info).unwrap_or(false);
            let options = options_json(config.and_then(|c| c.options.as_ref()));
            let shared = shared.clone();
            let gate = gate.clone();
            let started = Instant::now();
            let call = tokio::task::spawn_blocking(move || {
                let _turn = one_at_a_time.then(|| gate.lock().unwrap_or_else(|e| e.into_inner()));
                let started = Instant::now();
                let outcome = shared.analyze(&plugin, options);
                if one_at_a_time {
                    crate::memory::return_freed_memory();
                }
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
                poisoned.extend(lock::poisoning_pointers(&id, &outcome.findings));
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
    match locked {
        Some(Ok(changes)) => {
            let found = to_issues(
                lock::LOCK_PACK,
                &surfaces,
                lock::to_findings(changes, &poisoned),
                false,
            );
            let mut status = EngineStatus::ok();
            status.issue_count = Some(found.len());
            issues.extend(found);
            ran.push(lock::LOCK_PACK.to_owned());
            statuses.insert(lock::LOCK_PACK.to_owned(), status);
        }
        Some(Err(e)) => {
            statuses.insert(lock::LOCK_PACK.to_owned(), EngineStatus::error(e));
        }
        None => {}
    }
    RulePackOutcome {
        issues,
        statuses,
        ran,
    }
}

/// The differences between the surfaces and `signalint-tools.lock` in `root`: `None` when the
/// project has no lock, the error when it cannot be read.
pub fn compare_with_lock(
    root: &Path,
    surfaces: &[LoadedSurface],
) -> Option<Result<Vec<lock::Change>, String>> {
    let locked = match lock::read(root) {
        Ok(None) => return None,
        Ok(Some(locked)) => locked,
        Err(e) => return Some(Err(e)),
    };
    let sources: Vec<String> = surfaces
        .iter()
        .map(|s| lock::source_key(root, &s.display_path))
        .collect();
    Some(Ok(lock::compare(&locked, surfaces, &sources)))
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
    /// Past this many bytes the packs run one at a time: each decodes its own copy of the
    /// surfaces (the plugin API's compact JSON, several times the JSON's size) and works on it,
    /// so four at once would quadruple the peak.
    pub const LARGE: usize = 4 << 20;

    pub fn new(surfaces: &[LoadedSurface]) -> Self {
        let surfaces: Vec<&McpSurface> = surfaces.iter().map(|s| &s.surface).collect();
        let json = serde_json::to_string(&surfaces).expect("surfaces serialize");
        Self(RawValue::from_string(json).expect("serialized JSON is valid"))
    }

    /// Whether the packs should run one at a time ([`Self::LARGE`]).
    pub fn is_large(&self) -> bool {
        self.0.get().len() > Self::LARGE
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

/// Where each finding's JSON value starts (file, 1-based line, UTF-16 column), in finding
/// order; `None` for live servers and findings without a pointer. The file is the surface's,
/// except for definitions read from source, where each finding has its own.
pub fn positions<'f>(
    surfaces: &[LoadedSurface],
    findings: impl IntoIterator<Item = &'f Finding>,
) -> Vec<Option<(String, u32, u32)>> {
    let mut places = Places::default();
    findings
        .into_iter()
        .map(|finding| {
            let surface = surfaces.get(finding.surface)?;
            places
                .resolve(surface, finding.pointer.as_deref()?)
                .map(|(file, line, col, _)| (file.to_owned(), line, col))
        })
        .collect()
}

/// Line tables and pointer indexes of the files findings point into, built on first use and
/// shared by every finding in the same file (many surfaces can share one file).
#[derive(Default)]
struct Places<'s> {
    files: HashMap<&'s str, (Columns<'s>, Locator<'s>)>,
}

impl<'s> Places<'s> {
    /// File, line, column and line text of a surface pointer; `None` for live servers.
    fn resolve(
        &mut self,
        surface: &'s LoadedSurface,
        pointer: &str,
    ) -> Option<(&'s str, u32, u32, &'s str)> {
        if let Some(table) = surface.places.as_deref() {
            let (file, place) = table.lookup(pointer)?;
            return Some((
                file.path.as_str(),
                place.line,
                place.col,
                line_at(&file.text, place.offset as usize),
            ));
        }
        let text = surface.text.as_deref()?;
        let (columns, locator) = self
            .files
            .entry(surface.display_path.as_str())
            .or_insert_with(|| (Columns::new(text), Locator::new(text)));
        let byte = locator.locate(&surface.document_pointer(pointer).unwrap_or_default());
        let (line, col, line_text) = columns.resolve(byte);
        Some((surface.display_path.as_str(), line, col, line_text))
    }
}

/// The line of `text` that holds `byte`, without its line break.
fn line_at(text: &str, byte: usize) -> &str {
    let byte = floor_char_boundary(text, byte);
    let start = text[..byte].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let end = text[byte..]
        .find(['\n', '\r'])
        .map_or(text.len(), |i| byte + i);
    let line = &text[start..end];
    if line.len() > Columns::QUOTED_LINE {
        &text[byte..floor_char_boundary(text, (byte + Columns::QUOTED_LINE).min(end))]
    } else {
        line
    }
}

/// Lines and UTF-16 columns of one file, each found in time independent of the file's size.
///
/// A tools/list answer is often one line of megabytes: counting a column from the start of
/// its line for every finding is quadratic in the findings. So the UTF-16 length of the text
/// before every [`Columns::BLOCK`]-th byte is counted once, and a column costs at most one
/// block of counting.
struct Columns<'s> {
    text: &'s str,
    /// Byte offset of every line start (`\r\n`, `\n` and a lone `\r` end a line).
    line_starts: Vec<usize>,
    /// Block starts (char boundaries), with the UTF-16 length of the text before each.
    blocks: Vec<(usize, usize)>,
}

impl<'s> Columns<'s> {
    const BLOCK: usize = 4096;
    /// Longer lines are quoted from the finding's position rather than whole, so that an issue
    /// of a one-line file does not carry the whole file.
    const QUOTED_LINE: usize = 240;

    fn new(text: &'s str) -> Self {
        let bytes = text.as_bytes();
        let mut line_starts = vec![0];
        for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
            // The `\n` of a `\r\n` pair: its `\r` already started the line after the pair.
            if bytes[i] == b'\n' && i > 0 && bytes[i - 1] == b'\r' {
                continue;
            }
            let next = if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                i + 2
            } else {
                i + 1
            };
            line_starts.push(next);
        }
        let mut blocks = vec![(0, 0)];
        let (mut at, mut units) = (0, 0);
        while at + Self::BLOCK < text.len() {
            let next = floor_char_boundary(text, at + Self::BLOCK);
            units += utf16_len(&text[at..next]);
            at = next;
            blocks.push((at, units));
        }
        Self {
            text,
            line_starts,
            blocks,
        }
    }

    /// UTF-16 length of the text before `byte` (a char boundary).
    fn units_before(&self, byte: usize) -> usize {
        let k = self.blocks.partition_point(|&(start, _)| start <= byte) - 1;
        let (start, units) = self.blocks[k];
        units + utf16_len(&self.text[start..byte])
    }

    /// 1-based line, 1-based UTF-16 column (a byte order mark is not a column) and the text
    /// of the line, or the part of it from `byte` when the line is long.
    fn resolve(&self, byte: usize) -> (u32, u32, &'s str) {
        let bom = if self.text.starts_with('\u{feff}') {
            3
        } else {
            0
        };
        let byte = floor_char_boundary(self.text, byte).max(bom);
        let index = self.line_starts.partition_point(|&start| start <= byte) - 1;
        let start = self.line_starts[index].max(if index == 0 { bom } else { 0 });
        let col = self.units_before(byte) - self.units_before(start) + 1;
        let mut end = self
            .line_starts
            .get(index + 1)
            .copied()
            .unwrap_or(self.text.len());
        while end > start && matches!(self.text.as_bytes()[end - 1], b'\n' | b'\r') {
            end -= 1;
        }
        let line = if end - start <= Self::QUOTED_LINE {
            &self.text[start..end]
        } else {
            let byte = byte.min(end);
            &self.text[byte..floor_char_boundary(self.text, (byte + Self::QUOTED_LINE).min(end))]
        };
        (index as u32 + 1, col as u32, line)
    }
}

/// UTF-16 length of `text`; ASCII, the usual case, is one unit a byte.
fn utf16_len(text: &str) -> usize {
    if text.is_ascii() {
        text.len()
    } else {
        text.chars().map(char::len_utf16).sum()
    }
}

fn floor_char_boundary(text: &str, mut index: usize) -> usize {
    index = index.min(text.len());
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
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
            let placed = surface.text.is_some() || surface.places.is_some();
            let (file, line, col, line_text) = match (placed, &finding.pointer) {
                (true, Some(pointer)) => match places.resolve(surface, pointer) {
                    Some((file, line, col, text)) => (file, line, col, text.trim().to_owned()),
                    None => (surface.display_path.as_str(), 0, 0, String::new()),
                },
                _ => (
                    surface.display_path.as_str(),
                    0,
                    0,
                    format!(
                        "{} {}",
                        finding.tool.clone().unwrap_or_default(),
                        finding.pointer.clone().unwrap_or_default()
                    ),
                ),
            };
            let message = match (&finding.tool, !placed) {
                // A live server has no file to point at: name the tool in the message.
                (Some(tool), true) if !finding.message.contains(tool.as_str()) => {
                    format!("{tool}: {}", finding.message)
                }
                _ => finding.message,
            };
            let message = format!(
                "{}{message}",
                output_schema_label(finding.pointer.as_deref())
            );
            Some(IssueInput {
                file: file.to_owned(),
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
                fixes: Vec::new(),
                fix_safe: None,
                same_as: Vec::new(),
                programs: Vec::new(),
                subject: None,
            })
        })
        .collect()
}

/// `[output schema] ` for a finding inside a tool's `outputSchema`: a field there is part of
/// what the tool returns, not of what it is called with, and the message must say so.
pub fn output_schema_label(pointer: Option<&str>) -> &'static str {
    match pointer {
        Some(p) if p.split('/').nth(3) == Some("outputSchema") => "[output schema] ",
        _ => "",
    }
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
            places: None,
            display_path: "mcp:s".to_owned(),
            bases: Default::default(),
            server_info: None,
            notes: Vec::new(),
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
    fn columns_match_the_source_text_on_any_line_length() {
        use crate::check::positions::SourceText;
        let mut text = String::from("\u{feff}{\"a\": \"é😀\",\r\n \"b\": [");
        for i in 0..3000 {
            text.push_str(&format!("\"x{i}→😀\", "));
        }
        text.push_str("1]\r\"c\": 2}\n");
        let reference = SourceText::new(text.clone());
        let columns = Columns::new(&text);
        for byte in (0..text.len()).step_by(7).chain([0, 1, 3, text.len()]) {
            let position = signalint_plugin_api::Position::new(
                0,
                0,
                signalint_plugin_api::ColumnUnit::Utf8Bytes,
            )
            .with_byte_offset(byte as u64);
            let expected = reference.resolve(&position).unwrap();
            let (line, col, quoted) = columns.resolve(byte);
            assert_eq!((line, col), (expected.line, expected.col), "byte {byte}");
            assert!(quoted.len() <= Columns::QUOTED_LINE.max(40), "byte {byte}");
        }
    }

    #[test]
    fn a_one_line_manifest_costs_one_pass_however_many_findings() {
        // 20,000 findings on a 2 MB line: counted from the line start each, this is 20 GB of
        // counting; with block checkpoints it is a few MB.
        let tools: Vec<_> = (0..20_000)
            .map(|i| serde_json::json!({"name": format!("t{i}"), "description": "é".repeat(40)}))
            .collect();
        let text = serde_json::to_string(&tools).unwrap();
        let surfaces = [LoadedSurface {
            surface: McpSurface::new("s"),
            text: Some(Arc::from(text.as_str())),
            places: None,
            display_path: "m.json".to_owned(),
            bases: crate::mcp_sources::Bases {
                tools: Some(String::new()),
                ..Default::default()
            },
            server_info: None,
            notes: Vec::new(),
        }];
        let findings: Vec<Finding> = (0..20_000)
            .map(|i| {
                Finding::new("X", FindingSeverity::Warning, "m", 0)
                    .with_pointer(format!("/tools/{i}/description"))
            })
            .collect();
        let started = Instant::now();
        let issues = to_issues("pack", &surfaces, findings, false);
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{:?}",
            started.elapsed()
        );
        assert_eq!(issues.len(), 20_000);
        let last = &issues[19_999];
        assert_eq!(last.line, 1);
        let name = text.find("\"t19999\"").unwrap();
        // Keys are written in order: the description comes before the name.
        let value = text[..name].rfind("\"description\":").unwrap() + "\"description\":".len();
        assert_eq!(last.col as usize, text[..value].encode_utf16().count() + 1);
        assert!(
            last.line_text.len() <= Columns::QUOTED_LINE,
            "{}",
            last.line_text.len()
        );
    }

    #[test]
    fn output_schema_findings_say_so() {
        let surfaces = [LoadedSurface {
            surface: McpSurface::new("s"),
            text: None,
            places: None,
            display_path: "mcp:s".to_owned(),
            bases: Default::default(),
            server_info: None,
            notes: Vec::new(),
        }];
        let finding = |pointer: &str| {
            Finding::new(
                "describe-on-fields",
                FindingSeverity::Warning,
                "property `x` has no description",
                0,
            )
            .with_pointer(pointer)
        };
        let issues = to_issues(
            "mcp-lint",
            &surfaces,
            vec![
                finding("/tools/0/outputSchema/properties/x"),
                finding("/tools/0/inputSchema/properties/x"),
            ],
            false,
        );
        assert!(
            issues[0]
                .message
                .starts_with("[output schema] property `x`"),
            "{}",
            issues[0].message
        );
        assert!(
            issues[1].message.starts_with("property `x`"),
            "{}",
            issues[1].message
        );
    }

    #[test]
    fn the_shared_request_is_an_analyze_request() {
        let surface = |server: &str| LoadedSurface {
            surface: McpSurface::new(server)
                .with_tools(vec![serde_json::json!({"name": "t", "description": "d"})]),
            text: None,
            places: None,
            display_path: format!("mcp:{server}"),
            bases: Default::default(),
            server_info: None,
            notes: Vec::new(),
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
