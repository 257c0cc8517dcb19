//! `--format sarif`: SARIF 2.1.0 for code-scanning dashboards.
//!
//! One run, driver `signalint`, one rule per (engine, rule id) with its documentation link, one
//! result per issue. Columns are UTF-16 code units, SARIF's default, which is what signalint
//! reports. `partialFingerprints` carries the content-derived issue id, so a dashboard tracks
//! an issue across commits even when lines move.

use std::collections::BTreeMap;

use serde_sarif::sarif::{
    ArtifactLocation, Location, Message, MultiformatMessageString, PhysicalLocation, PropertyBag,
    Region, ReportingDescriptor, Result as SarifResult, ResultLevel, Run, Sarif, Tool,
    ToolComponent,
};

use crate::core::{CheckResponse, IssueSeverity, NormalizedIssue};

/// The fingerprint key under `partialFingerprints`.
pub const FINGERPRINT_KEY: &str = "signalintIssueId/v1";

/// The OWASP MCP Top 10 entry of the rules that find tool poisoning and rug pulls (a tool
/// changed after review), as a code-scanning tag.
const OWASP_TOOL_POISONING: &str = "external/owasp-mcp-top-10/MCP03:2025-tool-poisoning";

/// Whether an engine's findings are security findings: the poisoning pack's, and the tools
/// lock's (a definition changed since it was reviewed).
fn is_security(engine: &str) -> bool {
    matches!(engine, "shadow-patterns" | "tools-lock")
}

/// GitHub code scanning's `security-severity` (a CVSS-like score: 7 and up is high, 4 to 7
/// medium) of a security finding of this severity.
fn security_severity(severity: IssueSeverity) -> &'static str {
    match severity {
        IssueSeverity::Error => "8.0",
        IssueSeverity::Warning => "5.0",
    }
}

/// The `security-severity` and `tags` of a security rule or result.
fn security_properties(
    properties: &mut BTreeMap<String, serde_json::Value>,
    severity: IssueSeverity,
) {
    properties.insert(
        "security-severity".to_owned(),
        serde_json::Value::String(security_severity(severity).to_owned()),
    );
    properties.insert(
        "tags".to_owned(),
        serde_json::json!(["security", OWASP_TOOL_POISONING]),
    );
}

/// SARIF for every issue of the response (the CLI asks for all issues for this format), with
/// paths as the response has them (relative to the project root).
pub fn check_response(response: &CheckResponse) -> String {
    check_response_in(response, "")
}

/// SARIF with every path prefixed by `prefix` (see [`super::repository_prefix`]), so that a
/// dashboard resolves it against the repository.
pub fn check_response_in(response: &CheckResponse, prefix: &str) -> String {
    let issues: &[NormalizedIssue] = response.issues.as_deref().unwrap_or_default();
    let mut rules: Vec<ReportingDescriptor> = Vec::new();
    let mut rule_index: BTreeMap<(String, String), usize> = BTreeMap::new();
    for issue in issues {
        let key = (issue.engine.clone(), issue.rule.clone());
        if rule_index.contains_key(&key) {
            continue;
        }
        rule_index.insert(key, rules.len());
        let mut properties = BTreeMap::new();
        properties.insert(
            "engine".to_owned(),
            serde_json::Value::String(issue.engine.clone()),
        );
        if is_security(&issue.engine) {
            // The rule's score is that of its most serious result in this run.
            let worst = issues
                .iter()
                .filter(|other| other.engine == issue.engine && other.rule == issue.rule)
                .map(|other| other.severity)
                .min_by_key(|severity| match severity {
                    IssueSeverity::Error => 0,
                    IssueSeverity::Warning => 1,
                })
                .unwrap_or(issue.severity);
            security_properties(&mut properties, worst);
        }
        let descriptor = ReportingDescriptor::builder()
            .id(issue.rule.clone())
            .short_description(
                MultiformatMessageString::builder()
                    .text(format!("{} {}", issue.engine, issue.rule))
                    .build(),
            )
            .properties(
                PropertyBag::builder()
                    .additional_properties(properties)
                    .build(),
            );
        rules.push(match &issue.url {
            Some(url) => descriptor.help_uri(url.clone()).build(),
            None => descriptor.build(),
        });
    }
    let results: Vec<SarifResult> = issues
        .iter()
        .map(|issue| {
            let index = rule_index[&(issue.engine.clone(), issue.rule.clone())];
            let mut fingerprints = BTreeMap::new();
            fingerprints.insert(FINGERPRINT_KEY.to_owned(), issue.issue_id.clone());
            let result = SarifResult::builder()
                .rule_id(issue.rule.clone())
                .rule_index(index as i64)
                .level(match issue.severity {
                    IssueSeverity::Error => ResultLevel::Error,
                    IssueSeverity::Warning => ResultLevel::Warning,
                })
                .message(Message::builder().text(issue.message.clone()).build())
                .locations(vec![location(issue, prefix)])
                .partial_fingerprints(fingerprints);
            if is_security(&issue.engine) {
                let mut properties = BTreeMap::new();
                security_properties(&mut properties, issue.severity);
                result
                    .properties(
                        PropertyBag::builder()
                            .additional_properties(properties)
                            .build(),
                    )
                    .build()
            } else {
                result.build()
            }
        })
        .collect();
    let driver = ToolComponent::builder()
        .name("signalint")
        .semantic_version(env!("CARGO_PKG_VERSION"))
        .information_uri("https://github.com/signalint/signalint")
        .rules(rules)
        .build();
    let sarif = Sarif::builder()
        .schema("https://json.schemastore.org/sarif-2.1.0.json")
        .version(serde_json::json!("2.1.0"))
        .runs(vec![
            Run::builder()
                .tool(Tool::builder().driver(driver).build())
                .results(results)
                .build(),
        ])
        .build();
    let mut text = serde_json::to_string_pretty(&sarif).expect("SARIF serializes");
    text.push('\n');
    text
}

/// What a path segment keeps as is in a URI (RFC 3986 unreserved characters); every other
/// byte is percent-encoded, so `src/sub dir/x.ts` is `src/sub%20dir/x.ts`.
const URI_PATH: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// A relative path as a SARIF `uri`: each segment percent-encoded, `/` kept.
fn uri(path: &str) -> String {
    path.split('/')
        .map(|segment| percent_encoding::utf8_percent_encode(segment, URI_PATH).to_string())
        .collect::<Vec<_>>()
        .join("/")
}

fn location(issue: &NormalizedIssue, prefix: &str) -> Location {
    let artifact = ArtifactLocation::builder()
        .uri(uri(&super::in_repository(prefix, &issue.file)))
        .build();
    let physical = if issue.line > 0 {
        let region = Region::builder()
            .start_line(i64::from(issue.line))
            .start_column(i64::from(issue.col.max(1)));
        let region = match (issue.end_line, issue.end_col) {
            (Some(end_line), Some(end_col)) if end_line >= issue.line => region
                .end_line(i64::from(end_line))
                .end_column(i64::from(end_col.max(1)))
                .build(),
            _ => region.build(),
        };
        PhysicalLocation::builder()
            .artifact_location(artifact)
            .region(region)
            .build()
    } else {
        PhysicalLocation::builder()
            .artifact_location(artifact)
            .build()
    };
    Location::builder().physical_location(physical).build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_are_percent_encoded_per_segment() {
        assert_eq!(uri("src/sub dir/x.ts"), "src/sub%20dir/x.ts");
        assert_eq!(uri("src/(group) x/page.ts"), "src/%28group%29%20x/page.ts");
        assert_eq!(
            uri("src/日本/a%b#c?.ts"),
            "src/%E6%97%A5%E6%9C%AC/a%25b%23c%3F.ts"
        );
        assert_eq!(uri("plain-name_1.~x/y.ts"), "plain-name_1.~x/y.ts");
    }
}
