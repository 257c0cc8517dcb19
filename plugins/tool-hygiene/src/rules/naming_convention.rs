//! `NAMING_CONVENTION`: a tool name that does not follow the server's case style.
//!
//! Declared as [`RULE`], whose documentation says what it finds and why.

use signalint_plugin_api::{Finding, FindingSeverity};

use crate::naming::{Style, classify, rename};
use crate::rules::{Server, count};

signalint_plugin_api::declare_rule! {
    /// ## What it does
    /// Classifies every tool name of a server as snake_case, camelCase, kebab-case, PascalCase,
    /// SCREAMING_SNAKE_CASE, a single lower-case word, or a mix. The convention is the style that
    /// more than half of the names follow; a single lower-case word (`search`) follows snake, camel
    /// and kebab case alike, so it never stands out and counts for each of them. Ties go to snake,
    /// camel, kebab, Pascal, then SCREAMING_SNAKE case. Every name that does not follow the
    /// convention, mixed names included (`get_userName`, `__private__`), gets a warning with the
    /// name rewritten in the convention.
    ///
    /// Without a majority there is no convention to enforce, and no finding: a server whose names
    /// are mostly `stats_sharpe-ratio` (a prefix, then kebab case) has a scheme of its own.
    ///
    /// ## Why is this bad?
    /// Models generalize from the names they see. In a server whose tools are `get_issue` and
    /// `list_issues`, a `createIssue` tool is easy to miss or to call as `create_issue`; a consistent
    /// manifest is easier for models and people to read.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "get_issue"}, {"name": "list_issues"}, {"name": "createIssue"}]}
    /// ```
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "get_issue"}, {"name": "list_issues"}, {"name": "create_issue"}]}
    /// ```
    pub RULE = {
        id: "NAMING_CONVENTION",
        severity: Warning,
        summary: "A tool name does not follow the case style (snake, camel, kebab) of the server's other tools",
    }
}

/// The finding code, [`RULE`]'s id.
pub const CODE: &str = RULE.id;
/// The default severity, [`RULE`]'s.
pub const SEVERITY: FindingSeverity = RULE.severity;

/// The style that more than half of the names follow, and how many follow it.
pub fn convention(styles: &[Style]) -> Option<(Style, usize)> {
    let mut best: Option<(Style, usize)> = None;
    for convention in Style::CONVENTIONS {
        let followers = styles.iter().filter(|s| s.follows(convention)).count();
        if followers > 0 && best.is_none_or(|(_, most)| followers > most) {
            best = Some((convention, followers));
        }
    }
    best.filter(|&(_, followers)| followers * 2 > styles.len())
}

/// Findings for one surface.
pub fn check_server(server: &Server<'_>) -> Vec<Finding> {
    let named: Vec<(usize, &str, Style)> = server
        .names
        .iter()
        .enumerate()
        .filter_map(|(i, name)| name.map(|name| (i, name, classify(name))))
        .collect();
    let styles: Vec<Style> = named.iter().map(|&(_, _, style)| style).collect();
    let Some((convention, followers)) = convention(&styles) else {
        return Vec::new();
    };
    named
        .iter()
        .filter(|(_, _, style)| !style.follows(convention))
        .map(|&(tool, name, style)| {
            let fix = match rename(name, convention) {
                Some(renamed) => format!("rename it to \"{renamed}\""),
                None => format!("rename it to follow {convention}"),
            };
            Finding::new(
                CODE,
                SEVERITY,
                format!(
                    "tool \"{name}\" is {style}, but {followers} of {} in this server follow {convention}; {fix}",
                    count(named.len(), "tool"),
                ),
                server.index,
            )
            .with_tool(name)
            .with_pointer(format!("/tools/{tool}/name"))
            .with_evidence(name)
        })
        .collect()
}

/// Findings for all surfaces; each server has its own convention.
pub fn check(servers: &[Server<'_>]) -> Vec<Finding> {
    servers.iter().flat_map(check_server).collect()
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

    fn check(surfaces: &[McpSurface]) -> Vec<Finding> {
        super::check(&Server::all(surfaces))
    }

    fn findings(names: &[&str]) -> Vec<Finding> {
        check(&[surface("s", names)])
    }

    #[test]
    fn invalid_camel_case_in_a_snake_case_server() {
        let findings = findings(&["get_issue", "list_issues", "search", "createIssue"]);
        assert_eq!(findings.len(), 1, "{findings:#?}");
        let f = &findings[0];
        assert_eq!(f.code, "NAMING_CONVENTION");
        assert_eq!(f.severity, FindingSeverity::Warning);
        assert_eq!(f.tool.as_deref(), Some("createIssue"));
        assert_eq!(f.pointer.as_deref(), Some("/tools/3/name"));
        assert_eq!(
            f.message,
            "tool \"createIssue\" is camelCase, but 3 of 4 tools in this server follow snake_case; rename it to \"create_issue\""
        );
    }

    #[test]
    fn invalid_mixed_names_are_outliers_too() {
        let findings = findings(&[
            "get_weather",
            "get_forecast",
            "list_alerts",
            "get_weather_byDateRange",
            "__debug__",
        ]);
        let messages: Vec<&str> = findings.iter().map(|f| f.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "tool \"get_weather_byDateRange\" is a mix of styles, but 3 of 5 tools in this server follow snake_case; rename it to \"get_weather_by_date_range\"",
                "tool \"__debug__\" is a mix of styles, but 3 of 5 tools in this server follow snake_case; rename it to \"debug\"",
            ]
        );
    }

    #[test]
    fn invalid_lower_case_names_in_a_pascal_case_server() {
        let findings = findings(&["GetWeather", "GetForecast", "ping"]);
        assert_eq!(findings.len(), 1);
        assert!(
            findings[0]
                .message
                .ends_with("follow PascalCase; rename it to \"Ping\""),
            "{}",
            findings[0].message
        );
    }

    #[test]
    fn ties_prefer_snake_case() {
        let findings = findings(&["search", "fetch", "ping", "get-issue", "get_user"]);
        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].tool.as_deref(), Some("get-issue"));
    }

    #[test]
    fn valid_without_a_majority_there_is_no_convention() {
        assert_eq!(findings(&["get-issue", "get_user"]), []);
        let prefixed = [
            "stats_sharpe-ratio",
            "stats_hurst-exponent",
            "stats_var",
            "fx_carry-trade",
        ];
        assert_eq!(findings(&prefixed), []);
    }

    #[test]
    fn a_name_that_cannot_be_rewritten_gets_general_advice() {
        let findings = findings(&["get-issue", "list-issues", "36-hotspots"]);
        assert_eq!(findings.len(), 1);
        assert!(
            findings[0]
                .message
                .ends_with("follow kebab-case; rename it to follow kebab-case"),
            "{}",
            findings[0].message
        );
    }

    #[test]
    fn valid_single_words_fit_any_lower_case_convention() {
        assert_eq!(findings(&["search", "fetch", "get_user", "list_users"]), []);
        assert_eq!(findings(&["search", "fetch", "getUser", "listUsers"]), []);
        assert_eq!(findings(&["search", "fetch", "ping"]), []);
    }

    #[test]
    fn valid_each_server_has_its_own_convention() {
        let surfaces = [
            surface("a", &["get_user", "list_users"]),
            surface("b", &["getUser", "listUsers"]),
        ];
        assert_eq!(check(&surfaces), []);
    }

    #[test]
    fn no_convention_no_findings() {
        assert_eq!(findings(&["repo.list", "repo.get"]), []);
        assert_eq!(findings(&[]), []);
    }
}
