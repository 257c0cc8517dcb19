//! Assembling a CheckResponse from the pieces of a check.

use std::collections::BTreeMap;

use super::Analysis;
use super::loops::LoopReport;
use super::model::{CheckResponse, CheckStatus, Delta, EngineStatus, SCHEMA_VERSION};
use super::page::Page;

/// The engines every response lists, configured or not.
pub const CONTRACT_ENGINES: [&str; 3] = ["oxlint", "tsc", "biome"];

/// Everything a response is made of.
#[derive(Debug, Clone)]
pub struct ResponseParts<'a> {
    pub engines: BTreeMap<String, EngineStatus>,
    pub rule_packs: BTreeMap<String, EngineStatus>,
    pub analysis: &'a Analysis,
    /// The page of `analysis.clusters` to return (see `page::page`).
    pub page: Page,
    pub loops: Option<&'a LoopReport>,
    pub delta: Option<Delta>,
    /// Include every issue (`--all-issues`).
    pub include_issues: bool,
}

/// The CheckResponse of a check. An engine of the contract missing from `engines` is reported as
/// disabled.
pub fn respond(parts: ResponseParts<'_>) -> CheckResponse {
    let mut engines = parts.engines;
    for engine in CONTRACT_ENGINES {
        engines
            .entry(engine.to_owned())
            .or_insert_with(|| EngineStatus::disabled("not configured"));
    }
    let total_issues = parts.analysis.issues.len();
    CheckResponse {
        schema_version: SCHEMA_VERSION.to_owned(),
        status: if total_issues == 0 {
            CheckStatus::Clean
        } else {
            CheckStatus::IssuesFound
        },
        engines,
        total_issues,
        clusters: parts.page.clusters,
        truncated: parts.page.truncated,
        loop_warning: parts.loops.and_then(|l| l.loop_warning.clone()),
        rule_packs: parts.rule_packs,
        next_cursor: parts.page.next_cursor,
        delta: parts.delta,
        issues: parts.include_issues.then(|| parts.analysis.issues.clone()),
        file_rule_churn_warning: parts.loops.and_then(|l| l.churn_warning.clone()),
    }
}
