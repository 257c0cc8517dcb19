use signalint_plugin_api::Json;

use crate::context::{Cx, ptr, truncate};

declare_rule! {
    /// ## What it does
    /// Flags a tool `name` that does not match `^[A-Za-z0-9._-]{1,128}$`.
    ///
    /// ## Why is this bad?
    /// The MCP specification restricts tool names to ASCII letters, digits, `_`, `-` and `.`,
    /// at most 128 characters. Clients and LLM APIs reject or rewrite other names (spaces,
    /// `/`, `:`, non-ASCII), so the tool becomes uncallable or collides with another.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "search issues", "description": "Search.", "inputSchema": {"type": "object"}}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "search_issues", "description": "Search.", "inputSchema": {"type": "object"}}]}
    /// ```
    pub RULE = {
        id: "name-format",
        group: Definition,
        severity: Error,
        summary: "A tool name is not 1-128 characters of [A-Za-z0-9._-]",
    }
}

/// Whether `name` is a valid tool name.
pub fn is_valid(name: &str) -> bool {
    (1..=128).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

pub fn check(cx: &mut Cx, tool: &Json, base: &str) {
    let Some(name) = tool.get("name").and_then(Json::as_str) else {
        return;
    };
    if name.trim().is_empty() || is_valid(name) {
        return;
    }
    let why = if name.len() > 128 {
        format!("is {} bytes long (at most 128)", name.len())
    } else {
        let bad: String = name
            .chars()
            .filter(|c| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')))
            .take(5)
            .map(|c| format!("{c:?}"))
            .collect::<Vec<_>>()
            .join(", ");
        format!("contains {bad}")
    };
    cx.report_evidence(
        &RULE,
        ptr(base, "name"),
        format!("tool name {why}; use only A-Z, a-z, 0-9, `_`, `-` and `.`"),
        truncate(name, 80),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn boundaries() {
        assert!(is_valid("a"));
        assert!(is_valid("github.search_issues-v2"));
        assert!(is_valid(&"a".repeat(128)));
        assert!(!is_valid(&"a".repeat(129)));
        assert!(!is_valid("ns/tool"));
        assert!(!is_valid("café"));
        assert!(!is_valid(""));
    }
}
