//! All rules, one file each, grouped by family.

use signalint_plugin_api::Json;

pub mod definition;
pub mod enrichment;
pub mod errors;
pub mod format;
pub mod handler;
pub mod landing;
pub mod output;
pub mod portability;
pub mod prompts;
pub mod resources;
pub mod schema;
pub mod server_json;
pub mod source;
pub mod tools;

/// The kind of definition an item of a surface is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItemKind {
    Tool,
    Resource,
    ResourceTemplate,
    Prompt,
}

impl ItemKind {
    /// The noun messages use.
    pub fn noun(self) -> &'static str {
        match self {
            ItemKind::Tool => "tool",
            ItemKind::Resource => "resource",
            ItemKind::ResourceTemplate => "resource template",
            ItemKind::Prompt => "prompt",
        }
    }

    /// The surface key of the list holding such items.
    pub fn list_key(self) -> &'static str {
        match self {
            ItemKind::Tool => "tools",
            ItemKind::Resource => "resources",
            ItemKind::ResourceTemplate => "resourceTemplates",
            ItemKind::Prompt => "prompts",
        }
    }
}

/// Which schema of a tool is being scanned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SchemaRole {
    Input,
    Output,
}

impl SchemaRole {
    pub fn key(self) -> &'static str {
        match self {
            SchemaRole::Input => "inputSchema",
            SchemaRole::Output => "outputSchema",
        }
    }
}

/// State of one schema scan, shared by the node rules.
#[derive(Debug)]
pub struct SchemaScan<'a> {
    /// The schema root (for `$ref` resolution).
    pub root: &'a Json,
    pub role: SchemaRole,
    /// `x-mcp-header` names seen so far (lower-cased) with their pointers.
    pub headers: Vec<(String, String)>,
    /// Root-level fields already reported by `schema-no-defs` (`None` = the root itself).
    pub defs_reported: Vec<Option<String>>,
}

impl<'a> SchemaScan<'a> {
    pub fn new(root: &'a Json, role: SchemaRole) -> Self {
        Self {
            root,
            role,
            headers: Vec::new(),
            defs_reported: Vec::new(),
        }
    }
}

/// The display name of an item: its `name`, else its URI or template.
pub fn display_name(item: &Json) -> Option<&str> {
    ["name", "uri", "uriTemplate"].iter().find_map(|k| {
        item.get(*k)
            .and_then(Json::as_str)
            .filter(|s| !s.is_empty())
    })
}
