//! Rule metadata.

use signalint_plugin_api::FindingSeverity;

/// The family a rule belongs to; it decides what the rule's examples are (a surface, or a
/// `server.json` document) and where the rule file lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Group {
    /// Definition shape and names (tools, resources, prompts).
    Definition,
    /// Tool-level fields: description, annotations, `_meta.ui`.
    Tools,
    /// JSON Schema correctness of `inputSchema` / `outputSchema`.
    Schema,
    /// Cross-vendor JSON Schema portability.
    Portability,
    /// The shape of tool output.
    Output,
    /// Resources and resource templates.
    Resources,
    /// Prompts and their arguments.
    Prompts,
    /// `server.json` (registry metadata); examples are `server.json` documents.
    ServerJson,
}

impl Group {
    pub fn as_str(self) -> &'static str {
        match self {
            Group::Definition => "definition",
            Group::Tools => "tools",
            Group::Schema => "schema",
            Group::Portability => "portability",
            Group::Output => "output",
            Group::Resources => "resources",
            Group::Prompts => "prompts",
            Group::ServerJson => "server-json",
        }
    }
}

/// When a rule runs without being named in the options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Activation {
    /// On by default.
    Default,
    /// Only with `portability = "strict"` (or when enabled by name).
    Strict,
}

/// One rule: stable id, default severity and documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    /// Stable kebab-case id; the finding `code`.
    pub id: &'static str,
    pub group: Group,
    pub severity: FindingSeverity,
    pub activation: Activation,
    /// One line: what the rule finds.
    pub summary: &'static str,
    /// The rule's doc comment (markdown), with its examples.
    pub docs: &'static str,
}
