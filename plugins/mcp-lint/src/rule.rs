//! Rule metadata: the plugin API's rule kit, with this pack's group and activation.

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
    /// Definitions read from source: handler presence, framework fields, what the reader
    /// could not convert or resolve. Runs only when the surface has source facts.
    Source,
    /// Error handling in handler bodies (their `throw`s), from source facts.
    Handler,
    /// The declarative `errors` contract of mcp-ts-core definitions, from source facts.
    Errors,
    /// The `enrichment` block of mcp-ts-core tools, from source facts.
    Enrichment,
    /// The `landing` config of an mcp-ts-core server's `createApp`, from source facts.
    Landing,
}

impl Group {
    /// Whether the group's rules read source facts (and so run only on source surfaces).
    pub fn reads_source(self) -> bool {
        matches!(
            self,
            Group::Source | Group::Handler | Group::Errors | Group::Enrichment | Group::Landing
        )
    }

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
            Group::Source => "source",
            Group::Handler => "handler",
            Group::Errors => "errors",
            Group::Enrichment => "enrichment",
            Group::Landing => "landing",
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

/// What this pack keeps per rule beside the rule kit's id, severity, summary and doc.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Meta {
    pub group: Group,
    pub activation: Activation,
}

/// One rule: stable kebab-case id (the finding `code`), default severity, summary and
/// documentation, plus its [`Meta`] (as `rule.meta`).
pub type Rule = signalint_plugin_api::rule_kit::Rule<Meta>;
