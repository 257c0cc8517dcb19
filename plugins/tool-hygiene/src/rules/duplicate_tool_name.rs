//! `DUPLICATE_TOOL_NAME`: two tools answer to the same name.
//!
//! Declared as [`RULE`], whose documentation says what it finds and why.

use std::collections::HashMap;

use signalint_plugin_api::{Finding, FindingSeverity};

use crate::options::Options;
use crate::rules::{Server, count};

signalint_plugin_api::declare_rule! {
    /// ## What it does
    /// Reports a tool name defined more than once by one server (critical), and a tool name defined
    /// by several servers of the same check (a warning, critical when the servers share one context:
    /// option `platform = true`). One finding per duplicated name.
    ///
    /// Surfaces that carry the same server name are treated as one server (the same server read
    /// from two sources), so their names are not compared with each other across surfaces.
    ///
    /// ## Why is this bad?
    /// Clients and models address tools by name. Within a server, a second definition with the same
    /// name makes one of them unreachable, and which one depends on the client. Across servers, a
    /// client that merges tool lists without prefixes cannot tell the tools apart, and a model may
    /// call the wrong server's tool; a malicious server can use a colliding name on purpose.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "get_price"}, {"name": "get_quote"}, {"name": "get_price"}]}
    /// ```
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "get_price"}, {"name": "get_quote"}, {"name": "get_price_history"}]}
    /// ```
    ///
    /// ## Options
    /// `platform` (default `false`): the servers are loaded together into one context, so a name
    /// shared by two servers is critical.
    pub RULE = {
        id: "DUPLICATE_TOOL_NAME",
        severity: Critical,
        summary: "A tool name is defined twice in one server, or by several servers loaded together",
    }
}

/// The finding code, [`RULE`]'s id.
pub const CODE: &str = RULE.id;
/// The default severity, [`RULE`]'s.
pub const SEVERITY: FindingSeverity = RULE.severity;

/// Findings for all surfaces of one check.
pub fn check(servers: &[Server<'_>], options: &Options) -> Vec<Finding> {
    let mut findings: Vec<Finding> = servers.iter().flat_map(within_server).collect();
    findings.extend(across_servers(servers, options));
    findings
}

/// One critical finding per name that a server defines more than once, in order of the
/// name's first definition.
pub fn within_server(server: &Server<'_>) -> Vec<Finding> {
    // Sorting beats hashing for the few dozen names of a server.
    let mut named: Vec<(&str, usize)> = server.named_tools().map(|(i, n)| (n, i)).collect();
    named.sort_unstable();
    let mut duplicates: Vec<&[(&str, usize)]> = named
        .chunk_by(|a, b| a.0 == b.0)
        .filter(|group| group.len() > 1)
        .collect();
    duplicates.sort_by_key(|group| group[0].1);
    duplicates
        .into_iter()
        .map(|group| {
            let name = group[0].0;
            let places: Vec<String> = group.iter().map(|(_, t)| format!("tools[{t}]")).collect();
            Finding::new(
                CODE,
                FindingSeverity::Critical,
                format!(
                    "tool name \"{name}\" is defined {} times in this server ({}); clients call tools by name, so only one of them is reachable: rename or remove the others",
                    group.len(),
                    places.join(", "),
                ),
                server.index,
            )
            .with_tool(name)
            .with_pointer(format!("/tools/{}/name", group[1].1))
            .with_evidence(name)
        })
        .collect()
}

/// One finding per name that several servers define, anchored at the second server's
/// definition; ordered by that anchor.
pub fn across_servers(servers: &[Server<'_>], options: &Options) -> Vec<Finding> {
    // Surfaces with the same server name are one server.
    let mut server_ids: HashMap<&str, usize> = HashMap::with_capacity(servers.len());
    // (hash of the name, name, position, tool, server id), sorted: equal names end up next to
    // each other, in surface order, and the hash spares most string comparisons.
    let mut definitions: Vec<(u64, &str, usize, usize, usize)> = Vec::new();
    for (position, server) in servers.iter().enumerate() {
        let next = server_ids.len();
        let id = *server_ids
            .entry(server.surface.server.as_str())
            .or_insert(next);
        definitions.extend(
            server
                .named_tools()
                .map(|(tool, name)| (hash(name), name, position, tool, id)),
        );
    }
    definitions.sort_unstable();
    let severity = if options.platform {
        FindingSeverity::Critical
    } else {
        FindingSeverity::Warning
    };
    let context = if options.platform {
        "they share one context, so a model cannot tell the tools apart"
    } else {
        "a client that loads them together without prefixes cannot tell the tools apart"
    };
    let mut findings: Vec<(usize, usize, Finding)> = Vec::new();
    for group in definitions.chunk_by(|a, b| a.0 == b.0 && a.1 == b.1) {
        if group.len() < 2 {
            continue;
        }
        // The first definition of each server.
        let mut places: Vec<(usize, usize, usize)> = Vec::new();
        for &(_, _, surface, tool, id) in group {
            if !places.iter().any(|&(_, _, seen)| seen == id) {
                places.push((surface, tool, id));
            }
        }
        if places.len() < 2 {
            continue;
        }
        let name = group[0].1;
        let names: Vec<String> = places
            .iter()
            .map(|&(surface, _, _)| format!("\"{}\"", servers[surface].surface.server))
            .collect();
        let (anchor, tool, _) = places[1];
        findings.push((
            anchor,
            tool,
            Finding::new(
                CODE,
                severity,
                format!(
                    "tool name \"{name}\" is defined by {}: {}; {context}: rename the tools or prefix them with their server",
                    count(names.len(), "server"),
                    join_and(&names),
                ),
                servers[anchor].index,
            )
            .with_tool(name)
            .with_pointer(format!("/tools/{tool}/name"))
            .with_evidence(name),
        ));
    }
    findings.sort_by_key(|&(surface, tool, _)| (surface, tool));
    findings
        .into_iter()
        .map(|(_, _, finding)| finding)
        .collect()
}

/// A fast, non-cryptographic hash of a name (the multiply-rotate scheme of rustc's FxHash).
fn hash(name: &str) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut h = name.len() as u64;
    for chunk in name.as_bytes().chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(K);
    }
    h
}

/// `a`, `a and b`, `a, b and c`; more than five items end in `and N more`.
fn join_and(items: &[String]) -> String {
    const SHOWN: usize = 5;
    match items {
        [] => String::new(),
        [one] => one.clone(),
        _ if items.len() > SHOWN => {
            format!(
                "{} and {} more",
                items[..SHOWN].join(", "),
                items.len() - SHOWN
            )
        }
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use signalint_plugin_api::{Json, McpSurface};

    use super::*;

    #[test]
    fn documented_examples() {
        crate::rules::check_examples(&RULE);
    }
    use crate::rules::test_support::surface;

    fn check(surfaces: &[McpSurface], options: &Options) -> Vec<Finding> {
        super::check(&Server::all(surfaces), options)
    }

    #[test]
    fn invalid_same_name_twice_in_one_server() {
        let surfaces = [surface(
            "stocks",
            &["get_price", "get_quote", "get_price", "get_price"],
        )];
        let findings = check(&surfaces, &Options::default());
        assert_eq!(findings.len(), 1, "{findings:#?}");
        let f = &findings[0];
        assert_eq!(f.code, "DUPLICATE_TOOL_NAME");
        assert_eq!(f.severity, FindingSeverity::Critical);
        assert_eq!(f.tool.as_deref(), Some("get_price"));
        assert_eq!(f.related_tool, None);
        assert_eq!(f.pointer.as_deref(), Some("/tools/2/name"));
        assert_eq!(
            f.message,
            "tool name \"get_price\" is defined 3 times in this server (tools[0], tools[2], tools[3]); clients call tools by name, so only one of them is reachable: rename or remove the others"
        );
    }

    #[test]
    fn invalid_same_name_in_two_servers_is_a_warning() {
        let surfaces = [
            surface("brave", &["search", "fetch"]),
            surface("notion", &["search_pages", "search"]),
            surface("slack", &["search"]),
        ];
        let findings = check(&surfaces, &Options::default());
        assert_eq!(findings.len(), 1, "{findings:#?}");
        let f = &findings[0];
        assert_eq!(f.severity, FindingSeverity::Warning);
        assert_eq!(f.surface, 1);
        assert_eq!(f.pointer.as_deref(), Some("/tools/1/name"));
        assert_eq!(
            f.message,
            "tool name \"search\" is defined by 3 servers: \"brave\", \"notion\" and \"slack\"; a client that loads them together without prefixes cannot tell the tools apart: rename the tools or prefix them with their server"
        );
    }

    #[test]
    fn invalid_cross_server_collision_is_critical_on_a_platform() {
        let surfaces = [surface("a", &["search"]), surface("b", &["search"])];
        let options = Options {
            platform: true,
            ..Options::default()
        };
        let findings = check(&surfaces, &options);
        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].severity, FindingSeverity::Critical);
        assert!(findings[0].message.contains("they share one context"));
    }

    #[test]
    fn valid_unique_names() {
        let surfaces = [
            surface("brave", &["brave_search", "fetch"]),
            surface("notion", &["notion_search", "Fetch"]),
        ];
        assert_eq!(check(&surfaces, &Options::default()), []);
    }

    #[test]
    fn valid_one_server_read_from_two_sources() {
        let surfaces = [
            surface("github", &["get_me"]),
            surface("github", &["get_me"]),
        ];
        assert_eq!(check(&surfaces, &Options::default()), []);
    }

    #[test]
    fn unnamed_and_odd_tools_are_skipped() {
        let mut odd = surface("odd", &["", ""]);
        odd.tools.extend(
            [
                serde_json::json!(null),
                serde_json::json!({"name": 1}),
                serde_json::json!({"name": 1}),
            ]
            .map(Json::from),
        );
        assert_eq!(check(&[odd], &Options::default()), []);
    }

    #[test]
    fn long_server_lists_are_shortened() {
        let servers: Vec<String> = (1..=7).map(|i| format!("s{i}")).collect();
        assert_eq!(join_and(&servers), "s1, s2, s3, s4, s5 and 2 more");
        assert_eq!(join_and(&servers[..2]), "s1 and s2");
    }
}
