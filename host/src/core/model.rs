//! The contract's data: NormalizedIssue, Cluster, CheckResponse (schema 1.1) and the additive
//! fields signalint puts beside them. Field names and shapes follow
//! `spec/000` exactly; every addition is optional and documented in `docs/contract.md`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The response contract version the spec defines.
pub const SCHEMA_VERSION: &str = "1.1";

/// Issue severity after normalization: engines' info and hint become warnings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum IssueSeverity {
    Error,
    Warning,
}

impl IssueSeverity {
    pub fn as_str(self) -> &'static str {
        match self {
            IssueSeverity::Error => "error",
            IssueSeverity::Warning => "warning",
        }
    }
}

/// An issue as the check hands it to `core`: position already converted (1-based line, UTF-16
/// column), path project-relative with `/` separators, message not yet normalized, no id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IssueInput {
    /// Project-relative path; empty for diagnostics that concern no file.
    pub file: String,
    /// 1-based; 0 when the engine gave no position.
    pub line: u32,
    /// 1-based UTF-16 column; 0 when the engine gave no position.
    pub col: u32,
    pub end_line: Option<u32>,
    pub end_col: Option<u32>,
    pub engine: String,
    pub rule: String,
    pub severity: IssueSeverity,
    pub message: String,
    pub fixable: bool,
    pub help: Option<String>,
    pub url: Option<String>,
    /// The trimmed text of the flagged line (empty when there is none). Part of the issue id, so
    /// the id survives lines inserted above the issue.
    pub line_text: String,
}

/// One issue in the contract's shape (`NormalizedIssue`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NormalizedIssue {
    pub issue_id: String,
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub engine: String,
    pub rule: String,
    pub severity: IssueSeverity,
    pub message: String,
    pub fixable: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cluster_id: Option<String>,
    // Additive fields.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_line: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_col: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

/// What changed since the previous check of the same scope.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Delta {
    pub new: usize,
    pub resolved: usize,
    pub persisting: usize,
}

/// A group of issues with one root cause.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Cluster {
    pub cluster_id: String,
    pub root_cause_summary: String,
    pub rule_ids: Vec<String>,
    pub issue_count: usize,
    pub file_count: usize,
    pub priority: u32,
    pub suggested_action: String,
    pub sample_issue_ids: Vec<String>,
    // Additive fields.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub severity: Option<IssueSeverity>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fixable_count: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delta: Option<Delta>,
}

/// `ok`, `error` or `disabled`, as the spec allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EngineState {
    Ok,
    Error,
    Disabled,
}

/// One engine's (or rule pack's) outcome in a check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EngineStatus {
    pub status: EngineState,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    // Additive fields.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issue_count: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skipped_records: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<u64>,
}

impl EngineStatus {
    pub fn disabled(message: impl Into<String>) -> Self {
        Self::with(EngineState::Disabled, Some(message.into()))
    }

    pub fn error(message: impl Into<String>) -> Self {
        Self::with(EngineState::Error, Some(message.into()))
    }

    pub fn ok() -> Self {
        Self::with(EngineState::Ok, None)
    }

    fn with(status: EngineState, message: Option<String>) -> Self {
        Self {
            status,
            message,
            version: None,
            issue_count: None,
            skipped_records: None,
            duration_ms: None,
        }
    }
}

/// The oscillation warning of the current check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoopWarning {
    pub signature: String,
    pub occurrences: u32,
    pub hint: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<String>,
}

/// A file whose rule keeps firing check after check (additive; the original's v0.4
/// `fileRuleChurnWarning`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChurnWarning {
    pub file: String,
    pub rule: String,
    /// Consecutive checks of this file in which the rule fired.
    pub checks: u32,
    pub hint: String,
}

/// The result of `get_loop_status`: every signature classified as oscillating.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoopStatus {
    pub looping: bool,
    pub signatures: Vec<LoopWarning>,
    // Additive fields.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub file_rule_churns: Vec<ChurnWarning>,
}

/// `clean` or `issues_found`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckStatus {
    Clean,
    IssuesFound,
}

/// The response of every check (`CheckResponse`, schema 1.1, plus additive fields).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckResponse {
    pub schema_version: String,
    pub status: CheckStatus,
    /// Always has `oxlint`, `tsc` and `biome`, plus any other configured engine.
    pub engines: BTreeMap<String, EngineStatus>,
    pub total_issues: usize,
    pub clusters: Vec<Cluster>,
    pub truncated: bool,
    pub loop_warning: Option<LoopWarning>,
    // Additive fields.
    /// Rule packs' outcomes, keyed by pack id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub rule_packs: BTreeMap<String, EngineStatus>,
    /// Pass as `cursor` to get the next page of clusters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_cursor: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delta: Option<Delta>,
    /// Every issue, when asked for (`--all-issues`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issues: Option<Vec<NormalizedIssue>>,
    /// The most persistent file/rule churn of this check, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_rule_churn_warning: Option<ChurnWarning>,
}
