//! The contract's data: NormalizedIssue, Cluster, CheckResponse (schema 1.1) and the additive
//! fields signalint puts beside them; every addition is optional and documented in
//! `docs/contract.md`.
//!
//! The tools' JSON Schemas are derived from these types (`JsonSchema`), so the doc comments of
//! the serialized types and fields are the schemas' descriptions: they speak to the agent that
//! reads the schema. What serde writes and what the schema says cannot drift apart.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The response contract version (`docs/contract.md`).
pub const SCHEMA_VERSION: &str = "1.1";

/// `error` or `warning`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
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
    /// The engine's fix, positions converted like the issue's (empty: none).
    #[serde(default)]
    pub fixes: Vec<FixEdit>,
    /// Whether the engine marks its fix safe (`None`: no fix, or the engine does not say).
    #[serde(default)]
    pub fix_safe: Option<bool>,
    /// The canonical fact keys the adapter declared (`eslint/no-debugger`): inputs of different
    /// engines at one place sharing a key are one issue.
    #[serde(default)]
    pub same_as: Vec<String>,
    /// The programs (tsconfigs) that reported it, when more than one did: overlapping programs
    /// report a shared file's diagnostic once each, and it is one issue.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub programs: Vec<String>,
    /// What the issue is about, as the engine's adapter stated it: the core clusters, ranks
    /// causes first and links consequences by it alone (`None`: clustered by its rule).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<signalint_plugin_api::Subject>,
}

/// Additive: one edit of an engine's fix, as the engine supplied it, with positions in the
/// issue's coordinates (1-based line, 1-based UTF-16 column; the end is exclusive).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FixEdit {
    /// 1-based start line.
    pub line: u32,
    /// 1-based UTF-16 start column.
    pub col: u32,
    /// 1-based end line.
    pub end_line: u32,
    /// 1-based UTF-16 end column (exclusive).
    pub end_col: u32,
    /// Replacement text.
    pub new_text: String,
    /// `safe` or `unsafe`, when the engine says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub safety: Option<String>,
}

/// One diagnostic, normalized (`NormalizedIssue`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NormalizedIssue {
    /// Content-derived id (stable across line shifts; never reassigned).
    pub issue_id: String,
    /// Project-relative path with `/` separators; empty when the diagnostic concerns no file.
    pub file: String,
    /// 1-based line; 0 when the engine gave no position.
    pub line: u32,
    /// 1-based UTF-16 column; 0 when the engine gave no position.
    pub col: u32,
    /// The engine's id: `oxlint`, `tsc`, `biome` or a plugin engine.
    pub engine: String,
    /// Rule id, with the plugin scope kept (`eslint/no-unused-vars`, `TS2322`).
    pub rule: String,
    /// `error` or `warning` (engines' info and hint are warnings).
    pub severity: IssueSeverity,
    /// Normalized message, at most 120 characters.
    pub message: String,
    /// The engine supplied a structured fix.
    pub fixable: bool,
    /// Its cluster.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cluster_id: Option<String>,
    /// Additive: end of the flagged range (1-based line).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_line: Option<u32>,
    /// Additive: end of the flagged range (1-based UTF-16 column).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_col: Option<u32>,
    /// Additive: the engine's help text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    /// Additive: the rule's documentation URL.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Additive: not in the last known state of its file (absent when false).
    #[serde(default, skip_serializing_if = "is_false")]
    pub new: bool,
    /// Additive: the edits of the engine's fix (`get_issue_detail`; absent when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fixes: Vec<FixEdit>,
    /// Additive: `safe` to apply unreviewed, or `unsafe`; absent without a fix or when the
    /// engine does not say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fix_safety: Option<FixSafetyLevel>,
    /// Additive: engines reporting this code fact, when more than one did (`engine` is
    /// the first of them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub engines: Vec<String>,
    /// Additive: the `engine:rule`s reporting this code fact, when more than one did.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
    /// Additive: the cluster of its cause; fixing that cause should clear it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caused_by: Option<String>,
    /// Additive: the programs (tsconfigs, project-relative) that reported it, when more than
    /// one did.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub programs: Vec<String>,
}

/// `safe` or `unsafe`, as the engine marks a fix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum FixSafetyLevel {
    Safe,
    Unsafe,
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// Additive: the change since the files' last known state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Delta {
    /// Issues not in the files' last known state.
    pub new: usize,
    /// Issues gone from the re-checked files.
    pub resolved: usize,
    /// Issues present in both.
    pub persisting: usize,
}

/// A group of issues with one root cause.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Cluster {
    /// Content-derived id (`c-` + 12 hex); the same root cause keeps its id across checks.
    pub cluster_id: String,
    /// One line: how many issues, where, and the shared cause.
    pub root_cause_summary: String,
    /// Rules of its issues.
    pub rule_ids: Vec<String>,
    /// Issues in the cluster.
    pub issue_count: usize,
    /// Files of its issues.
    pub file_count: usize,
    /// 1 is the most urgent.
    pub priority: u32,
    /// What would clear the cluster.
    pub suggested_action: String,
    /// Issue ids for get_issue_detail.
    pub sample_issue_ids: Vec<String>,
    /// Additive: the cluster's worst severity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub severity: Option<IssueSeverity>,
    /// Additive: its issues with a structured fix.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fixable_count: Option<usize>,
    /// Additive: the change since the files' last known state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delta: Option<Delta>,
    /// Additive: all its issues are new (absent when false).
    #[serde(default, skip_serializing_if = "is_false")]
    pub new: bool,
    /// Additive: a configuration or resolution failure (an unresolved module, missing
    /// type definitions, a missing `lib`, a tsconfig error): such clusters rank first.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub root_cause: bool,
    /// Additive: issues of other clusters caused by this one (their `causedBy`), which fixing
    /// it should clear too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub downstream_count: Option<usize>,
}

/// `ok`, `error` or `disabled`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum EngineState {
    Ok,
    Error,
    Disabled,
}

/// One engine's (or rule pack's) outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EngineStatus {
    /// `ok`, `error` or `disabled`.
    pub status: EngineState,
    /// Why the engine is disabled or failed (a timeout, the output limit, a crash, a missing
    /// tool), with the command and the tail of its stderr.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Additive: the tool version that ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// Additive: issues this engine reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issue_count: Option<usize>,
    /// Additive: output records it could not parse.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skipped_records: Option<u32>,
    /// Additive: wall time in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<u64>,
    /// Additive: why it is on or off (the project's config file or package, the baseline
    /// linter, an `[engines.<id>]` table).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
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
            reason: None,
        }
    }

    /// The same status, saying why the engine is on or off.
    pub fn because(mut self, reason: impl Into<String>) -> Self {
        self.reason = Some(reason.into());
        self
    }
}

/// An oscillating issue signature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoopWarning {
    /// `rule:message template`.
    pub signature: String,
    /// Returns after a check showed it fixed.
    pub occurrences: u32,
    /// What to do about it.
    pub hint: String,
    /// Files where it oscillates.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<String>,
}

/// Additive: a rule that keeps firing in a file, check after check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChurnWarning {
    /// The project-relative file.
    pub file: String,
    /// The rule.
    pub rule: String,
    /// Consecutive checks with it firing.
    pub checks: u32,
    /// What to do about it.
    pub hint: String,
}

/// The result of `get_loop_status`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoopStatus {
    /// A signature oscillates.
    pub looping: bool,
    /// Every oscillating signature, most occurrences first.
    pub signatures: Vec<LoopWarning>,
    /// Additive: every file/rule pair that churns.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub file_rule_churns: Vec<ChurnWarning>,
}

/// `clean` or `issues_found`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CheckStatus {
    Clean,
    IssuesFound,
}

/// The result of `check_project` and `check_files` (schema 1.1 plus additive fields).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckResponse {
    /// The response contract version.
    #[schemars(extend("const" = "1.1"))]
    pub schema_version: String,
    /// Whether normalized issues remain.
    pub status: CheckStatus,
    /// Every engine (`oxlint`, `tsc`, `biome` and any configured plugin engine), on or off.
    #[schemars(extend("required" = ["biome", "oxlint", "tsc"]))]
    pub engines: BTreeMap<String, EngineStatus>,
    /// Issues of the whole check, before paging.
    pub total_issues: usize,
    /// One page of clusters, priority-ascending (10 by default).
    pub clusters: Vec<Cluster>,
    /// More clusters follow this page.
    pub truncated: bool,
    /// The current oscillation warning, if any.
    pub loop_warning: Option<LoopWarning>,
    /// Additive: rule packs' outcomes, keyed by pack id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub rule_packs: BTreeMap<String, EngineStatus>,
    /// Additive: `cursor` of the next page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_cursor: Option<String>,
    /// Additive: the change since the files' last known state (absent only on a
    /// first-ever check of them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delta: Option<Delta>,
    /// Additive: every issue (the CLI's `--all-issues`; the MCP tools leave it out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issues: Option<Vec<NormalizedIssue>>,
    /// Additive: this check's most persistent file/rule churn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_rule_churn_warning: Option<ChurnWarning>,
}
