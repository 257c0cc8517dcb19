//! One module per rule, each with its documentation and tests.

pub mod duplicate_tool_name;
pub mod naming_convention;
pub mod tool_count_warning;

use signalint_plugin_api::{McpSurface, RuleInfo};

/// One surface with its tool names read once (the rules look at names many times).
#[derive(Debug, Clone)]
pub struct Server<'a> {
    /// Index of the surface in the request.
    pub index: usize,
    pub surface: &'a McpSurface,
    /// The string `name` of each tool, by tool index.
    pub names: Vec<Option<&'a str>>,
}

impl<'a> Server<'a> {
    pub fn new(index: usize, surface: &'a McpSurface) -> Self {
        let names = surface
            .tools
            .iter()
            .map(|tool| tool.get("name").and_then(|n| n.as_str()))
            .collect();
        Self {
            index,
            surface,
            names,
        }
    }

    /// Views of all surfaces of a request, in order.
    pub fn all(surfaces: &'a [McpSurface]) -> Vec<Self> {
        surfaces
            .iter()
            .enumerate()
            .map(|(index, surface)| Self::new(index, surface))
            .collect()
    }

    /// The non-empty string names with their tool indices.
    pub fn named_tools(&self) -> impl Iterator<Item = (usize, &'a str)> + '_ {
        self.names
            .iter()
            .enumerate()
            .filter_map(|(i, name)| name.filter(|n| !n.is_empty()).map(|n| (i, n)))
    }
}

/// The rules of the pack, as the manifest lists them.
pub fn infos() -> Vec<RuleInfo> {
    [
        (
            duplicate_tool_name::CODE,
            duplicate_tool_name::SEVERITY,
            duplicate_tool_name::SUMMARY,
        ),
        (
            naming_convention::CODE,
            naming_convention::SEVERITY,
            naming_convention::SUMMARY,
        ),
        (
            tool_count_warning::CODE,
            tool_count_warning::SEVERITY,
            tool_count_warning::SUMMARY,
        ),
    ]
    .into_iter()
    .map(|(code, default_severity, summary)| RuleInfo::new(code, default_severity, summary))
    .collect()
}

/// `1 tool`, `3 tools`.
pub(crate) fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
pub(crate) mod test_support {
    use serde_json::{Value, json};
    use signalint_plugin_api::McpSurface;

    /// A surface named `server` with tools of the given names.
    ///
    /// Test with `Server::all(&[surface(..)])`.
    pub fn surface(server: &str, names: &[&str]) -> McpSurface {
        McpSurface::new(server).with_tools(
            names
                .iter()
                .map(|n| json!({"name": n, "description": "", "inputSchema": {"type": "object"}}))
                .collect::<Vec<Value>>(),
        )
    }
}
