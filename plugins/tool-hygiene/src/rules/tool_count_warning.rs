//! `TOOL_COUNT_WARNING`: a server with more tools than a model chooses between reliably.
//!
//! Declared as [`RULE`], whose documentation says what it finds and why.

use signalint_plugin_api::{Finding, FindingSeverity};

use crate::options::Options;
use crate::rules::Server;

signalint_plugin_api::declare_rule! {
    /// ## What it does
    /// Reports a server that exposes more than `max_tools` tools (default 20), once per server.
    ///
    /// ## Why is this bad?
    /// Every tool definition costs context, and tool-selection accuracy drops as the list grows
    /// past a couple of dozen entries: the model calls a near miss, or none. Focused servers, or
    /// toolsets that a client enables on demand, keep the list short.
    ///
    /// ## Example
    /// With `max_tools = 2`:
    /// ```json invalid options={"max_tools": 2}
    /// {"tools": [{"name": "get_issue"}, {"name": "list_issues"}, {"name": "create_issue"}]}
    /// ```
    /// Use instead: split the server, or raise `max_tools` if the size is deliberate.
    /// ```json valid options={"max_tools": 2}
    /// {"tools": [{"name": "get_issue"}, {"name": "list_issues"}]}
    /// ```
    ///
    /// ## Options
    /// `max_tools` (default 20): the largest number of tools that passes.
    pub RULE = {
        id: "TOOL_COUNT_WARNING",
        severity: Warning,
        summary: "A server exposes more tools than max_tools (default 20)",
    }
}

/// The finding code, [`RULE`]'s id.
pub const CODE: &str = RULE.id;
/// The default severity, [`RULE`]'s.
pub const SEVERITY: FindingSeverity = RULE.severity;

/// The finding for one surface, if it has too many tools.
pub fn check_server(server: &Server<'_>, options: &Options) -> Option<Finding> {
    let surface = server.surface;
    let tools = surface.tools.len();
    (tools > options.max_tools).then(|| {
        Finding::new(
            CODE,
            SEVERITY,
            format!(
                "server \"{}\" exposes {tools} tools, more than the {} allowed (max_tools); models pick the right tool less reliably from a long list: split it into focused servers or let clients enable groups of tools",
                surface.server, options.max_tools,
            ),
            server.index,
        )
        .with_pointer("/tools")
    })
}

/// Findings for all surfaces.
pub fn check(servers: &[Server<'_>], options: &Options) -> Vec<Finding> {
    servers
        .iter()
        .filter_map(|server| check_server(server, options))
        .collect()
}

#[cfg(test)]
mod tests {
    use signalint_plugin_api::McpSurface;

    use super::*;

    #[test]
    fn documented_examples() {
        crate::rules::check_examples(&RULE);
    }
    use crate::rules::test_support::surface;

    fn check(surfaces: &[McpSurface], options: &Options) -> Vec<Finding> {
        super::check(&Server::all(surfaces), options)
    }

    fn names(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("tool_{i}")).collect()
    }

    fn server(n: usize) -> McpSurface {
        let names = names(n);
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        surface("big", &refs)
    }

    #[test]
    fn invalid_more_than_the_default_limit() {
        let findings = check(&[server(21)], &Options::default());
        assert_eq!(findings.len(), 1);
        let f = &findings[0];
        assert_eq!(f.code, "TOOL_COUNT_WARNING");
        assert_eq!(f.severity, FindingSeverity::Warning);
        assert_eq!(f.tool, None);
        assert_eq!(f.pointer.as_deref(), Some("/tools"));
        assert!(
            f.message
                .starts_with("server \"big\" exposes 21 tools, more than the 20 allowed"),
            "{}",
            f.message
        );
    }

    #[test]
    fn invalid_more_than_a_configured_limit() {
        let options = Options {
            max_tools: 2,
            ..Options::default()
        };
        assert_eq!(check(&[server(3), server(2)], &options).len(), 1);
    }

    #[test]
    fn valid_at_the_limit() {
        assert_eq!(check(&[server(20), server(0)], &Options::default()), []);
        let options = Options {
            max_tools: 200,
            ..Options::default()
        };
        assert_eq!(check(&[server(117)], &options), []);
    }
}
