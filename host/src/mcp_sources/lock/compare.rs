//! What changed between a lock and the surfaces read now, as changes and as findings.

use std::collections::{BTreeMap, HashMap};

use serde_json::Value;
use signalint_plugin_api::{Finding, FindingSeverity, pointer_segment};

use super::diff::{quote, word_diff};
use super::{
    Identity, LISTS, LOCK_FILE, LockedItem, LockedServer, MAX_FIELDS_QUOTED, POISONING_PACKS,
    ToolsLock, canonical, hash_of, item_keys, surface_list,
};
use crate::mcp_sources::LoadedSurface;

/// What changed since the lock.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum ChangeKind {
    Added,
    Removed,
    Changed,
}

impl ChangeKind {
    pub fn code(&self) -> &'static str {
        match self {
            Self::Added => "TOOL_ADDED",
            Self::Removed => "TOOL_REMOVED",
            Self::Changed => "TOOL_CHANGED",
        }
    }
}

/// One difference between a surface and its lock entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    pub kind: ChangeKind,
    /// Index of the surface.
    pub surface: usize,
    /// The tool's name (`None` for the server's instructions and non-tool items).
    pub tool: Option<String>,
    /// Where in the surface the change is (the first changed field, or the item).
    pub pointer: Option<String>,
    /// Surface pointers of the fields whose text is new (added or changed): a poisoning
    /// finding inside one of them raises the change.
    pub new_text: Vec<String>,
    pub message: String,
}

/// Compares every surface with its entry in `lock`.
/// `sources` gives each surface's lock key. A server that is not in the lock at all is one
/// `TOOL_ADDED` change; a server that is in it and unchanged gives nothing.
pub fn compare(lock: &ToolsLock, surfaces: &[LoadedSurface], sources: &[String]) -> Vec<Change> {
    let mut changes = Vec::new();
    for (index, (surface, source)) in surfaces.iter().zip(sources).enumerate() {
        let server = &surface.surface.server;
        let Some(locked) = lock.server(source, server) else {
            let count: usize = LISTS
                .iter()
                .map(|(list, _)| surface_list(surface, list).len())
                .sum();
            changes.push(Change {
                kind: ChangeKind::Added,
                surface: index,
                tool: None,
                pointer: None,
                new_text: vec![String::new()],
                message: format!(
                    "server `{server}` ({source}, {count} definitions) is not in {LOCK_FILE}: nobody has reviewed what it tells the model; review it, then run `signalint tools lock --update`"
                ),
            });
            continue;
        };
        compare_server(index, surface, locked, &mut changes);
    }
    changes
}

fn compare_server(
    index: usize,
    surface: &LoadedSurface,
    locked: &LockedServer,
    changes: &mut Vec<Change>,
) {
    let server = &surface.surface.server;
    let accept = "run `signalint tools lock --update` to accept it";
    let now = surface.surface.instructions.as_deref().unwrap_or("");
    let before = locked.instructions.as_deref().unwrap_or("");
    if now != before {
        changes.push(Change {
            kind: ChangeKind::Changed,
            surface: index,
            tool: None,
            pointer: Some("/instructions".to_owned()),
            new_text: vec!["/instructions".to_owned()],
            message: format!(
                "the instructions of server `{server}` changed since {LOCK_FILE}: {}; {accept}",
                word_diff(before, now)
            ),
        });
    }
    for (list, noun) in LISTS {
        let items = surface_list(surface, list);
        let keys = item_keys(list, items);
        let locked_items: HashMap<&str, &LockedItem> = locked
            .list(list)
            .iter()
            .map(|item| (item.name.as_str(), item))
            .collect();
        let mut seen = std::collections::HashSet::new();
        for (position, (key, item)) in keys.iter().zip(items).enumerate() {
            seen.insert(key.as_str());
            let base = format!("/{list}/{position}");
            let tool = (list == "tools").then(|| key.clone());
            let (value, text) = canonical(item);
            let Some(before) = locked_items.get(key.as_str()) else {
                changes.push(Change {
                    kind: ChangeKind::Added,
                    surface: index,
                    tool,
                    pointer: Some(base.clone()),
                    new_text: vec![base],
                    message: format!(
                        "{noun} `{key}` of server `{server}` is new since {LOCK_FILE}; review it, then {accept}"
                    ),
                });
                continue;
            };
            if hash_of(&text) == before.hash {
                continue;
            }
            let fields = field_changes(&before.definition, &value);
            let new_text: Vec<String> = fields
                .iter()
                .filter(|f| f.after.is_some())
                .map(|f| format!("{base}{}", f.pointer))
                .collect();
            let pointer = fields
                .iter()
                .find(|f| f.after.is_some())
                .map_or_else(|| base.clone(), |f| format!("{base}{}", f.pointer));
            let mut described: Vec<String> = fields
                .iter()
                .take(MAX_FIELDS_QUOTED)
                .map(FieldChange::describe)
                .collect();
            if fields.len() > MAX_FIELDS_QUOTED {
                described.push(format!(
                    "and {} more fields",
                    fields.len() - MAX_FIELDS_QUOTED
                ));
            }
            changes.push(Change {
                kind: ChangeKind::Changed,
                surface: index,
                tool,
                pointer: Some(pointer),
                new_text,
                message: format!(
                    "{noun} `{key}` of server `{server}` changed since {LOCK_FILE}: {}; review it, then {accept}",
                    described.join("; ")
                ),
            });
        }
        for item in locked.list(list) {
            if !seen.contains(item.name.as_str()) {
                changes.push(Change {
                    kind: ChangeKind::Removed,
                    surface: index,
                    tool: (list == "tools").then(|| item.name.clone()),
                    pointer: None,
                    new_text: Vec::new(),
                    message: format!(
                        "{noun} `{}` of server `{server}` is in {LOCK_FILE} but no longer listed; {accept}",
                        item.name
                    ),
                });
            }
        }
    }
}

/// One field of a definition that differs, with its pointer within the definition.
#[derive(Debug, Clone, PartialEq)]
struct FieldChange {
    pointer: String,
    before: Option<String>,
    after: Option<String>,
}

impl FieldChange {
    fn describe(&self) -> String {
        let place = if self.pointer.is_empty() {
            "/"
        } else {
            &self.pointer
        };
        match (&self.before, &self.after) {
            (Some(before), Some(after)) => format!("{place}: {}", word_diff(before, after)),
            (None, Some(after)) => format!("{place} added: {{+{}+}}", quote(after)),
            (Some(before), None) => format!("{place} removed: [-{}-]", quote(before)),
            (None, None) => place.to_owned(),
        }
    }
}

/// The leaves (strings as their text, other scalars and empty containers as JSON) of both
/// definitions, compared by pointer.
fn field_changes(before: &Value, after: &Value) -> Vec<FieldChange> {
    let mut old = BTreeMap::new();
    let mut new = BTreeMap::new();
    leaves(before, String::new(), &mut old);
    leaves(after, String::new(), &mut new);
    let mut changes = Vec::new();
    for (pointer, text) in &new {
        match old.get(pointer) {
            Some(previous) if previous == text => {}
            previous => changes.push(FieldChange {
                pointer: pointer.clone(),
                before: previous.cloned(),
                after: Some(text.clone()),
            }),
        }
    }
    for (pointer, text) in &old {
        if !new.contains_key(pointer) {
            changes.push(FieldChange {
                pointer: pointer.clone(),
                before: Some(text.clone()),
                after: None,
            });
        }
    }
    changes.sort_by(|a, b| a.pointer.cmp(&b.pointer));
    changes
}

fn leaves(value: &Value, pointer: String, out: &mut BTreeMap<String, String>) {
    match value {
        Value::Object(map) if !map.is_empty() => {
            for (key, child) in map {
                leaves(child, format!("{pointer}/{}", pointer_segment(key)), out);
            }
        }
        Value::Array(items) if !items.is_empty() => {
            for (i, child) in items.iter().enumerate() {
                leaves(child, format!("{pointer}/{i}"), out);
            }
        }
        Value::String(text) => {
            out.insert(pointer, text.clone());
        }
        other => {
            out.insert(pointer, other.to_string());
        }
    }
}

/// The changes as findings. A change whose new text a poisoning pack flagged (a finding of
/// `poisoned` points into it) is an error, as a change that adds an order to the model is what
/// the lock exists to catch; any other change is a warning.
pub fn to_findings(changes: Vec<Change>, poisoned: &[(usize, String)]) -> Vec<Finding> {
    changes
        .into_iter()
        .map(|change| {
            let flagged = poisoned.iter().find(|(surface, pointer)| {
                *surface == change.surface
                    && change
                        .new_text
                        .iter()
                        .any(|field| within(pointer, field) || within(field, pointer))
            });
            let severity = if flagged.is_some() {
                FindingSeverity::Error
            } else {
                FindingSeverity::Warning
            };
            let mut message = change.message;
            if let Some((_, pointer)) = flagged {
                message.push_str(&format!(
                    " (the new text at {pointer} is flagged as tool poisoning)"
                ));
            }
            let mut finding = Finding::new(change.kind.code(), severity, message, change.surface);
            if let Some(tool) = change.tool {
                finding = finding.with_tool(tool);
            }
            if let Some(pointer) = change.pointer {
                finding = finding.with_pointer(pointer);
            }
            finding
        })
        .collect()
}

/// Whether `pointer` is `field` or inside it.
fn within(pointer: &str, field: &str) -> bool {
    pointer
        .strip_prefix(field)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// The surface pointers of poisoning findings that count (warning or worse).
pub fn poisoning_pointers<'f>(
    pack: &str,
    findings: impl IntoIterator<Item = &'f Finding>,
) -> Vec<(usize, String)> {
    if !POISONING_PACKS.contains(&pack) {
        return Vec::new();
    }
    findings
        .into_iter()
        .filter(|f| f.severity != FindingSeverity::Info)
        .filter_map(|f| Some((f.surface, f.pointer.clone()?)))
        .collect()
}

/// Every difference between `lock` and `now`, for `tools lock`: servers and items added,
/// removed or changed, and versions. With `whole` (every configured server was read) a locked
/// server that was not read counts as removed; otherwise only the servers read are compared.
pub fn differences(lock: &ToolsLock, now: &ToolsLock, whole: bool) -> Vec<String> {
    let mut out = Vec::new();
    for server in &now.servers {
        let Some(before) = lock.server(&server.source, &server.server) else {
            out.push(format!(
                "server `{}` ({}) is not locked",
                server.server, server.source
            ));
            continue;
        };
        if before == server {
            continue;
        }
        if before.initialize != server.initialize {
            out.push(format!(
                "server `{}`: initialize changed from {} to {}",
                server.server,
                identity_text(before.initialize.as_ref()),
                identity_text(server.initialize.as_ref())
            ));
        }
        if before.instructions != server.instructions {
            out.push(format!(
                "server `{}`: instructions changed: {}",
                server.server,
                word_diff(
                    before.instructions.as_deref().unwrap_or(""),
                    server.instructions.as_deref().unwrap_or("")
                )
            ));
        }
        for (list, noun) in LISTS {
            let old: HashMap<&str, &LockedItem> = before
                .list(list)
                .iter()
                .map(|i| (i.name.as_str(), i))
                .collect();
            let new: HashMap<&str, &LockedItem> = server
                .list(list)
                .iter()
                .map(|i| (i.name.as_str(), i))
                .collect();
            for item in server.list(list) {
                match old.get(item.name.as_str()) {
                    None => out.push(format!(
                        "server `{}`: {noun} `{}` added",
                        server.server, item.name
                    )),
                    Some(previous) if previous.hash != item.hash => {
                        let fields: Vec<String> =
                            field_changes(&previous.definition, &item.definition)
                                .iter()
                                .take(MAX_FIELDS_QUOTED)
                                .map(FieldChange::describe)
                                .collect();
                        out.push(format!(
                            "server `{}`: {noun} `{}` changed: {}",
                            server.server,
                            item.name,
                            fields.join("; ")
                        ));
                    }
                    Some(_) => {}
                }
            }
            for item in before.list(list) {
                if !new.contains_key(item.name.as_str()) {
                    out.push(format!(
                        "server `{}`: {noun} `{}` removed",
                        server.server, item.name
                    ));
                }
            }
        }
    }
    if whole {
        for server in &lock.servers {
            if now.server(&server.source, &server.server).is_none() {
                out.push(format!(
                    "server `{}` ({}) is locked but was not read",
                    server.server, server.source
                ));
            }
        }
    }
    out
}

fn identity_text(identity: Option<&Identity>) -> String {
    identity.map_or_else(
        || "nothing".to_owned(),
        |i| {
            format!(
                "{} {}",
                i.name.as_deref().unwrap_or("?"),
                i.version.as_deref().unwrap_or("?")
            )
        },
    )
}
