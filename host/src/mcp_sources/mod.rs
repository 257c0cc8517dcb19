//! Loading the MCP surfaces that rule packs check: JSON manifests, `server.json` files, and
//! live servers started over stdio.
//!
//! A surface keeps the raw JSON of every definition, so rules can inspect even invalid ones,
//! and remembers where each part sat in its file, so a finding's JSON pointer maps back to a
//! file, line and column.

mod live;
mod locate;
pub mod lock;
mod read;
mod source;

pub use live::{LiveServer, list_live_server};
pub use locate::{Locator, locate};
pub use read::{Links, read_regular};
pub use source::{
    SourceScan, configured_files, is_source_target, load_source, project_root_of, server_name,
    source_files,
};

use std::path::Path;
use std::sync::Arc;

use signalint_plugin_api::{Json, McpSurface, Object, SurfaceOrigin};

/// Where a surface's parts sit in its source document.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Bases {
    pub tools: Option<String>,
    pub resources: Option<String>,
    pub resource_templates: Option<String>,
    pub prompts: Option<String>,
    pub server_json: Option<String>,
    /// The server's `instructions` string.
    pub instructions: Option<String>,
}

/// What one source may cost: every surface is held in memory and sent to every pack, so each
/// bound is on what is read, before it is parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Bytes of one manifest file.
    pub manifest_bytes: u64,
    /// Items of each list (tools, resources, templates, prompts) of one surface.
    pub items: usize,
    /// Pages of one list of a live server.
    pub pages: usize,
    /// Bytes of definitions read from one live server.
    pub listing_bytes: u64,
}

impl Limits {
    /// The limits of an `[mcp]` section.
    pub fn of(mcp: &crate::config::McpSection) -> Self {
        Self {
            manifest_bytes: mcp.max_manifest_mib.saturating_mul(1 << 20),
            items: mcp.max_tools,
            pages: mcp.max_pages,
            listing_bytes: mcp.max_listing_mib.saturating_mul(1 << 20),
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Self::of(&crate::config::McpSection::default())
    }
}

/// `32 MiB`, or bytes when under one MiB.
fn mib_text(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

/// `serverInfo` from `initialize`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerInfo {
    pub name: String,
    pub version: String,
}

/// A surface and the document it came from.
#[derive(Debug, Clone)]
pub struct LoadedSurface {
    pub surface: McpSurface,
    /// The document text, for files (`None` for live servers).
    /// Shared: the surfaces of one file of several servers all point into the same text.
    pub text: Option<Arc<str>>,
    /// For definitions read from source: where each pointer was written (`text` is then
    /// `None`: findings are placed through this table, each in its own file).
    pub places: Option<Arc<signalint_mcp_source::Locations>>,
    /// Path as it should appear in issues (project-relative when inside the project).
    pub display_path: String,
    pub bases: Bases,
    /// The server's `serverInfo` from its `initialize` answer, when known: the tools lock
    /// records it beside the definitions.
    pub server_info: Option<ServerInfo>,
    /// Limits the source ran into: the surface is checked as far as it was kept, and these
    /// are reported as errors beside the findings.
    pub notes: Vec<String>,
}

impl LoadedSurface {
    /// Drops the definitions once they have been serialized for the packs: findings are placed
    /// with the document text alone, and a surface of 100,000 tools holds over a hundred MB
    /// as parsed JSON. Returns how many tools there were.
    pub fn release_definitions(&mut self) -> usize {
        let tools = self.surface.tools.len();
        self.surface.tools = Vec::new();
        self.surface.resources = Vec::new();
        self.surface.resource_templates = Vec::new();
        self.surface.prompts = Vec::new();
        self.surface.server_json = None;
        tools
    }

    /// Maps a surface pointer (`/tools/3/description`) to a pointer into the source document.
    pub fn document_pointer(&self, pointer: &str) -> Option<String> {
        let mut parts = pointer.trim_start_matches('/').splitn(2, '/');
        let head = parts.next()?;
        let rest = parts.next().map(|r| format!("/{r}")).unwrap_or_default();
        let base = match head {
            "tools" => self.bases.tools.as_ref(),
            "resources" => self.bases.resources.as_ref(),
            "resourceTemplates" => self.bases.resource_templates.as_ref(),
            "prompts" => self.bases.prompts.as_ref(),
            "serverJson" => self.bases.server_json.as_ref(),
            "instructions" => self.bases.instructions.as_ref(),
            _ => None,
        }?;
        Some(format!("{base}{rest}"))
    }
}

/// Why a manifest could not be used.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{path} is not valid JSON: {detail}")]
    Json { path: String, detail: String },
    #[error(
        "{path} is not an MCP manifest: expected a tools array, {{\"tools\": [...]}}, a tools/list response {{\"result\": {{\"tools\": [...]}}}}, or a server.json"
    )]
    Shape { path: String },
    #[error("live server `{name}`: {detail}")]
    Live { name: String, detail: String },
}

/// Reads a manifest or `server.json` file. `display_path` names it in issues.
pub fn load_file(
    path: &Path,
    display_path: &str,
    limits: &Limits,
    links: Links,
) -> Result<LoadedSurface, SourceError> {
    let (text, value) = read_document(path, display_path, limits, links)?;
    one_surface(path, display_path, text, value, limits)
}

/// The file's text and its JSON, decoded straight into the packs' compact [`Json`]: a
/// `serde_json::Value` of a large manifest costs about fifteen times its size.
fn read_document(
    path: &Path,
    display_path: &str,
    limits: &Limits,
    links: Links,
) -> Result<(String, Json), SourceError> {
    let text =
        read_regular(path, limits.manifest_bytes, links).map_err(|source| SourceError::Read {
            path: display_path.to_owned(),
            source,
        })?;
    let value: Json = serde_json::from_str(&text).map_err(|e| SourceError::Json {
        path: display_path.to_owned(),
        detail: e.to_string(),
    })?;
    Ok((text, value))
}

/// The one surface a document describes.
fn one_surface(
    path: &Path,
    display_path: &str,
    text: String,
    value: Json,
    limits: &Limits,
) -> Result<LoadedSurface, SourceError> {
    let fallback_name = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("manifest")
        .to_owned();
    let server_info = ["/serverInfo", "/result/serverInfo"]
        .iter()
        .find_map(|pointer| {
            let info = value.pointer(pointer)?;
            Some(ServerInfo {
                name: info.get("name")?.as_str()?.to_owned(),
                version: info.get("version")?.as_str()?.to_owned(),
            })
        });
    let (surface, bases) = from_value(value, &fallback_name).ok_or_else(|| SourceError::Shape {
        path: display_path.to_owned(),
    })?;
    let mut surface = surface.with_origin(SurfaceOrigin::File {
        path: display_path.to_owned(),
    });
    let notes = cap_items(&mut surface, limits.items, display_path);
    Ok(LoadedSurface {
        surface,
        text: Some(Arc::from(text)),
        places: None,
        display_path: display_path.to_owned(),
        bases,
        server_info,
        notes,
    })
}

/// Keeps at most `cap` items of each list of `surface`; says what was dropped.
pub fn cap_items(surface: &mut McpSurface, cap: usize, source: &str) -> Vec<String> {
    let server = surface.server.clone();
    let lists = [
        ("tools", &mut surface.tools),
        ("resources", &mut surface.resources),
        ("resource templates", &mut surface.resource_templates),
        ("prompts", &mut surface.prompts),
    ];
    let mut notes = Vec::new();
    for (noun, list) in lists {
        if list.len() > cap {
            notes.push(format!(
                "{source}: server `{server}` lists {} {noun}, more than the {cap} checked ([mcp] max_tools); the first {cap} are checked, the rest are not",
                list.len()
            ));
            list.truncate(cap);
            list.shrink_to_fit();
        }
    }
    notes
}

/// Reads a file that may hold several servers: an array of `{ "server": …, "tools": [...] }`
/// entries (as corpora and registry dumps are laid out) gives one surface per entry; anything
/// else is read as one surface, as [`load_file`] does.
pub fn load_file_surfaces(
    path: &Path,
    display_path: &str,
    limits: &Limits,
    links: Links,
) -> Result<Vec<LoadedSurface>, SourceError> {
    let (text, value) = read_document(path, display_path, limits, links)?;
    let servers = match value {
        Json::Array(items)
            if !items.is_empty()
                && items
                    .iter()
                    .all(|item| item.get("tools").is_some_and(Json::is_array)) =>
        {
            items.into_vec()
        }
        // Read once: the document is taken as one surface as it is.
        other => {
            return one_surface(path, display_path, text, other, limits)
                .map(|surface| vec![surface]);
        }
    };
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("manifest");
    let shared: Arc<str> = Arc::from(text);
    Ok(servers
        .into_iter()
        .enumerate()
        .map(|(index, mut entry)| {
            let server = ["server", "name", "id"]
                .iter()
                .find_map(|key| entry.get(*key).and_then(Json::as_str))
                .map_or_else(|| format!("{stem}#{index}"), str::to_owned);
            // Taken, not copied: a corpus file holds thousands of tools.
            let tools = match entry.get_mut("tools").map(Json::take) {
                Some(Json::Array(tools)) => tools.into_vec(),
                _ => Vec::new(),
            };
            let mut surface = McpSurface::new(server)
                .with_origin(SurfaceOrigin::File {
                    path: display_path.to_owned(),
                })
                .with_tools(tools);
            let notes = cap_items(&mut surface, limits.items, display_path);
            LoadedSurface {
                surface,
                text: Some(shared.clone()),
                places: None,
                display_path: display_path.to_owned(),
                bases: Bases {
                    tools: Some(format!("/{index}/tools")),
                    ..Bases::default()
                },
                server_info: None,
                notes,
            }
        })
        .collect())
}

/// Interprets a JSON document as an MCP surface.
pub fn from_value(value: Json, fallback_name: &str) -> Option<(McpSurface, Bases)> {
    let mut surface = McpSurface::new(fallback_name);
    let mut bases = Bases::default();
    match value {
        Json::Array(tools) => {
            surface.tools = tools.into_vec();
            bases.tools = Some(String::new());
        }
        Json::Object(mut object) => {
            if let Some(result @ Json::Object(_)) = object.get_mut("result").map(Json::take) {
                let (mut inner, inner_bases) = from_value(result, fallback_name)?;
                let prefix = |b: Option<String>| b.map(|b| format!("/result{b}"));
                inner.server = fallback_name.to_owned();
                return Some((
                    inner,
                    Bases {
                        tools: prefix(inner_bases.tools),
                        resources: prefix(inner_bases.resources),
                        resource_templates: prefix(inner_bases.resource_templates),
                        prompts: prefix(inner_bases.prompts),
                        server_json: prefix(inner_bases.server_json),
                        instructions: prefix(inner_bases.instructions),
                    },
                ));
            }
            let mut any = false;
            // A server.json keeps its whole document; elsewhere the lists are taken, not
            // copied: they are most of the document.
            let server_json = is_server_json(&object);
            let mut take = |key: &str, slot: &mut Vec<Json>, base: &mut Option<String>| {
                let items = match object.get_mut(key) {
                    Some(value @ Json::Array(_)) if !server_json => Some(value.take()),
                    Some(value @ Json::Array(_)) => Some(value.clone()),
                    _ => None,
                };
                if let Some(Json::Array(items)) = items {
                    *slot = items.into_vec();
                    *base = Some(format!("/{key}"));
                    any = true;
                }
            };
            take("tools", &mut surface.tools, &mut bases.tools);
            take("resources", &mut surface.resources, &mut bases.resources);
            take(
                "resourceTemplates",
                &mut surface.resource_templates,
                &mut bases.resource_templates,
            );
            take("prompts", &mut surface.prompts, &mut bases.prompts);
            // An `initialize` answer saved with the listing: its instructions reach the model.
            if let Some(instructions) = object.get("instructions").and_then(Json::as_str) {
                surface.instructions = Some(instructions.to_owned());
                bases.instructions = Some("/instructions".to_owned());
            }
            if server_json {
                if let Some(name) = object.get("name").and_then(Json::as_str) {
                    surface.server = name.to_owned();
                }
                surface.server_json = Some(Json::Object(object));
                bases.server_json = Some(String::new());
                any = true;
            } else if let Some(name) = object
                .get("serverInfo")
                .and_then(|s| s.get("name"))
                .or_else(|| object.get("server"))
                .and_then(Json::as_str)
            {
                surface.server = name.to_owned();
            }
            if !any {
                return None;
            }
        }
        _ => return None,
    }
    Some((surface, bases))
}

/// A `server.json` (the MCP registry's server description) rather than a tools listing.
fn is_server_json(object: &Object) -> bool {
    let schema = object
        .get("$schema")
        .and_then(Json::as_str)
        .unwrap_or_default();
    schema.contains("server.schema")
        || (object.contains_key("name")
            && (object.contains_key("packages") || object.contains_key("remotes")))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn from_value(value: serde_json::Value, fallback_name: &str) -> Option<(McpSurface, Bases)> {
        super::from_value(Json::from(value), fallback_name)
    }

    #[test]
    fn recognises_every_manifest_shape() {
        let (s, b) = from_value(json!([{"name": "a"}]), "m").unwrap();
        assert_eq!((s.tools.len(), b.tools.as_deref()), (1, Some("")));
        let (s, b) = from_value(json!({"tools": [{"name": "a"}], "prompts": []}), "m").unwrap();
        assert_eq!(
            (s.tools.len(), b.tools.as_deref(), b.prompts.as_deref()),
            (1, Some("/tools"), Some("/prompts"))
        );
        let (s, b) = from_value(
            json!({"jsonrpc": "2.0", "id": 1, "result": {"tools": [{"name": "a"}, {"name": "b"}]}}),
            "m",
        )
        .unwrap();
        assert_eq!(
            (s.tools.len(), b.tools.as_deref()),
            (2, Some("/result/tools"))
        );
        let (s, b) = from_value(
            json!({"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json", "name": "io.github.x/y", "version": "1.0.0"}),
            "server",
        )
        .unwrap();
        assert_eq!(
            (s.server.as_str(), b.server_json.as_deref()),
            ("io.github.x/y", Some(""))
        );
        assert!(from_value(json!({"unrelated": true}), "m").is_none());
        assert!(from_value(json!(3), "m").is_none());
    }

    #[test]
    fn pointers_map_into_the_document() {
        let text = "{\n  \"result\": {\n    \"tools\": [\n      {\"name\": \"a\", \"description\": \"x\"}\n    ]\n  }\n}";
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tools.json");
        std::fs::write(&path, text).unwrap();
        let loaded = load_file(&path, "tools.json", &Limits::default(), Links::Refuse).unwrap();
        let pointer = loaded.document_pointer("/tools/0/description").unwrap();
        assert_eq!(pointer, "/result/tools/0/description");
        assert!(text[locate(text, &pointer)..].starts_with("\"x\""));
    }

    #[test]
    fn definitions_reach_the_packs_as_written() {
        // Decoded into the packs' compact JSON, not a sorted `serde_json::Value`: the members
        // keep their order, and the request carries the same JSON.
        let tool = r#"{"name":"a","inputSchema":{"type":"object","properties":{"z":{},"a":{}}},"description":"x"}"#;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tools.json");
        std::fs::write(&path, format!(r#"{{"tools": [{tool}]}}"#)).unwrap();
        let loaded = load_file(&path, "tools.json", &Limits::default(), Links::Refuse).unwrap();
        assert_eq!(
            serde_json::to_string(&loaded.surface.tools[0]).unwrap(),
            tool
        );
    }

    #[test]
    fn a_file_of_several_servers_gives_one_surface_each() {
        let text = r#"[{"server": "a/one", "tools": [{"name": "x"}]}, {"id": "two", "tools": [{"name": "y"}, {"name": "z"}]}]"#;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("servers.json");
        std::fs::write(&path, text).unwrap();
        let surfaces =
            load_file_surfaces(&path, "servers.json", &Limits::default(), Links::Refuse).unwrap();
        assert_eq!(surfaces.len(), 2);
        assert_eq!(
            (
                surfaces[0].surface.server.as_str(),
                surfaces[1].surface.server.as_str()
            ),
            ("a/one", "two")
        );
        let pointer = surfaces[1].document_pointer("/tools/1/name").unwrap();
        assert_eq!(pointer, "/1/tools/1/name");
        assert!(text[locate(text, &pointer)..].starts_with("\"z\""));
        let single = dir.path().join("tools.json");
        std::fs::write(&single, r#"[{"name": "x"}]"#).unwrap();
        assert_eq!(
            load_file_surfaces(&single, "tools.json", &Limits::default(), Links::Refuse)
                .unwrap()
                .len(),
            1,
            "a plain tools array is one server"
        );
    }

    #[test]
    fn bad_files_say_what_is_wrong() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.json");
        std::fs::write(&path, "{\"nope\": 1}").unwrap();
        assert!(
            load_file(&path, "bad.json", &Limits::default(), Links::Refuse)
                .unwrap_err()
                .to_string()
                .contains("not an MCP manifest")
        );
        std::fs::write(&path, "{oops").unwrap();
        assert!(
            load_file(&path, "bad.json", &Limits::default(), Links::Refuse)
                .unwrap_err()
                .to_string()
                .contains("not valid JSON")
        );
    }
}
