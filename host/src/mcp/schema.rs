//! Output shapes and schema generation.
//!
//! The contract types live in `core::model` and serialize what the tools return; they do not
//! derive `JsonSchema` (core knows nothing of MCP). The types here are their *schema mirrors*:
//! same field names, same optionality, same serde attributes. A unit test serializes fully
//! populated and minimal core values, parses them into these mirrors and serializes them again:
//! any field the mirror lacks, or an optional field it marks differently, breaks the round trip.
//!
//! Every tool's output schema is `{"type":"object","anyOf":[<result shapes>…, ToolError]}`:
//! a validating client sees a structured error that fits the advertised schema too.
//!
//! Portability fixes over schemars' raw output (see `portable`): no `format` on integers
//! (`uint`, `uint32`… are not standard formats), no `type: [T, "null"]` on inputs (an optional
//! input is simply not required), no `default: null`.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::error::ToolError;

/// `error` or `warning`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum IssueSeverity {
    Error,
    Warning,
}

/// One diagnostic, normalized (`NormalizedIssue`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NormalizedIssue {
    /// Content-derived id (stable across line shifts; never reassigned).
    pub issue_id: String,
    /// Project-relative path with `/` separators; empty when the diagnostic concerns no file.
    pub file: String,
    /// 1-based line; 0 when the engine gave no position.
    pub line: u32,
    /// 1-based column in UTF-16 code units; 0 when the engine gave no position.
    pub col: u32,
    /// `oxlint`, `tsc`, `biome`, or a configured plugin engine's id.
    pub engine: String,
    /// Rule id, with the plugin scope kept (`eslint/no-unused-vars`, `TS2322`).
    pub rule: String,
    /// `error` or `warning` (engines' info and hint are warnings).
    pub severity: IssueSeverity,
    /// Normalized message, at most 120 characters.
    pub message: String,
    /// True only when the engine supplied a structured fix.
    pub fixable: bool,
    /// The cluster the issue belongs to.
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
}

/// Additive: what changed since the previous check of the same scope.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Delta {
    /// Issues not present in the previous check of this scope.
    pub new: u64,
    /// Issues of the previous check that are gone from re-checked files.
    pub resolved: u64,
    /// Issues present in both.
    pub persisting: u64,
}

/// A group of issues with one root cause.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Cluster {
    /// Content-derived id (`c-` + 12 hex); the same root cause keeps its id across checks.
    pub cluster_id: String,
    /// One line: how many issues, where, and the shared cause.
    pub root_cause_summary: String,
    /// The rules whose issues the cluster holds.
    pub rule_ids: Vec<String>,
    /// Issues in the cluster.
    pub issue_count: u64,
    /// Files those issues are in.
    pub file_count: u64,
    /// 1 is the most urgent.
    pub priority: u32,
    /// What would clear the cluster.
    pub suggested_action: String,
    /// A few issue ids to expand with get_issue_detail.
    pub sample_issue_ids: Vec<String>,
    /// Additive: the most severe severity in the cluster.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub severity: Option<IssueSeverity>,
    /// Additive: issues of the cluster with a structured fix.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fixable_count: Option<u64>,
    /// Additive: this cluster's change since the previous check of the same scope.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delta: Option<Delta>,
}

/// `ok`, `error` or `disabled`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum EngineState {
    Ok,
    Error,
    Disabled,
}

/// One engine's (or rule pack's) outcome.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
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
    pub issue_count: Option<u64>,
    /// Additive: output records the adapter could not parse and skipped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skipped_records: Option<u32>,
    /// Additive: wall time of the engine in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<u64>,
}

/// An oscillating issue signature.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoopWarning {
    /// `rule:message template`.
    pub signature: String,
    /// Times the issue came back after a check had shown it fixed.
    pub occurrences: u32,
    /// What the repetition suggests doing.
    pub hint: String,
    /// The files in which it oscillates.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<String>,
}

/// Additive: a rule that keeps firing in a file across consecutive checks of that file.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChurnWarning {
    /// The project-relative file that keeps re-triggering the rule.
    pub file: String,
    /// The rule that keeps coming back in that file.
    pub rule: String,
    /// Consecutive checks of this file in which the rule fired.
    pub checks: u32,
    /// What the churn suggests doing.
    pub hint: String,
}

/// `clean` or `issues_found`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CheckStatus {
    Clean,
    IssuesFound,
}

/// The result of `check_project` and `check_files` (schema 1.1 plus additive fields).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckResponse {
    /// The response contract version.
    #[schemars(extend("const" = "1.1"))]
    pub schema_version: String,
    /// Whether normalized issues remain.
    pub status: CheckStatus,
    /// Always `oxlint`, `tsc` and `biome`, plus any configured plugin engine.
    #[schemars(extend("required" = ["biome", "oxlint", "tsc"]))]
    pub engines: BTreeMap<String, EngineStatus>,
    /// Every normalized issue of the check, before paging.
    pub total_issues: u64,
    /// One page of clusters, priority-ascending (10 by default).
    pub clusters: Vec<Cluster>,
    /// True when more clusters exist after this page.
    pub truncated: bool,
    /// The current oscillation warning, if any.
    pub loop_warning: Option<LoopWarning>,
    /// Additive: rule packs' outcomes, keyed by pack id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub rule_packs: BTreeMap<String, EngineStatus>,
    /// Additive: pass as `cursor` for the next page of clusters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_cursor: Option<String>,
    /// Additive: change since the previous check of the same scope.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delta: Option<Delta>,
    /// Additive: every issue (the CLI's `--all-issues`; the MCP tools leave it out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issues: Option<Vec<NormalizedIssue>>,
    /// Additive: the most persistent file/rule churn of this check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_rule_churn_warning: Option<ChurnWarning>,
}

/// The result of `get_loop_status`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoopStatus {
    /// True when at least one signature oscillates.
    pub looping: bool,
    /// Every oscillating signature, most occurrences first.
    pub signatures: Vec<LoopWarning>,
    /// Additive: every file/rule pair that churns.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub file_rule_churns: Vec<ChurnWarning>,
}

/// The result of `ping` as structured content (the text content is `pong`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Pong {
    /// Always true: the server completed its handshake and answers.
    #[schemars(extend("const" = true))]
    pub pong: bool,
}

/// The issues `get_issue_detail` expands to (the text content is the bare array).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct IssueList {
    /// The issues of the cluster, or the one issue asked for.
    pub issues: Vec<NormalizedIssue>,
}

/// A reference that is not in the latest check.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Stale {
    /// Always `stale`.
    #[schemars(extend("const" = "stale"))]
    pub status: String,
    /// What to do: run check_project again.
    pub message: String,
}

/// The result of `reset_loop_state`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetConfirmation {
    /// Always true.
    #[schemars(extend("const" = true))]
    pub reset: bool,
    /// Issue signatures whose history was forgotten.
    pub signatures_forgotten: u64,
    /// Of those, signatures that were classified as oscillating.
    pub looping_signatures_forgotten: u64,
    /// File/rule churn counters forgotten.
    pub churn_counters_forgotten: u64,
}

/// `ping`'s output.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
#[schemars(extend("type" = "object"))]
pub enum PingOutput {
    Pong(Pong),
    Error(ToolError),
}

/// `check_project` and `check_files`' output.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
#[schemars(extend("type" = "object"))]
pub enum CheckOutput {
    Response(Box<CheckResponse>),
    Error(ToolError),
}

/// `get_issue_detail`'s output.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
#[schemars(extend("type" = "object"))]
pub enum IssueDetailOutput {
    Issues(IssueList),
    Stale(Stale),
    Error(ToolError),
}

/// `get_loop_status`'s output.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
#[schemars(extend("type" = "object"))]
pub enum LoopStatusOutput {
    Status(LoopStatus),
    Error(ToolError),
}

/// `reset_loop_state`'s output.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
#[schemars(extend("type" = "object"))]
pub enum ResetOutput {
    Reset(ResetConfirmation),
    Error(ToolError),
}

/// The input schema of `T` (what the server accepts), made portable.
pub fn input_schema<T: JsonSchema>() -> Map<String, Value> {
    generate::<T>(SchemaSettings::draft2020_12().for_deserialize(), true)
}

/// The output schema of `T` (what the server writes), made portable.
pub fn output_schema<T: JsonSchema>() -> Map<String, Value> {
    generate::<T>(SchemaSettings::draft2020_12().for_serialize(), false)
}

fn generate<T: JsonSchema>(settings: SchemaSettings, input: bool) -> Map<String, Value> {
    let mut value = settings
        .into_generator()
        .into_root_schema_for::<T>()
        .to_value();
    portable(&mut value, input);
    match value {
        Value::Object(map) => map,
        other => {
            let mut map = Map::new();
            map.insert("allOf".into(), Value::Array(vec![other]));
            map.insert("type".into(), "object".into());
            map
        }
    }
}

/// Drops non-standard integer formats and `default: null`; turns `[T, "null"]` into `T` on
/// properties that are not required (absent, never null); gives object inputs `properties`.
fn portable(value: &mut Value, input: bool) {
    match value {
        Value::Object(map) => {
            if map
                .get("format")
                .and_then(Value::as_str)
                .is_some_and(is_numeric_format)
            {
                map.remove("format");
            }
            if map.get("default").is_some_and(Value::is_null) {
                map.remove("default");
            }
            if input && map.get("type").is_some_and(|t| t == "object") {
                map.entry("properties")
                    .or_insert_with(|| Value::Object(Map::new()));
            }
            let required: Vec<String> = map
                .get("required")
                .and_then(Value::as_array)
                .map(|r| {
                    r.iter()
                        .filter_map(Value::as_str)
                        .map(str::to_owned)
                        .collect()
                })
                .unwrap_or_default();
            if let Some(Value::Object(properties)) = map.get_mut("properties") {
                for (name, property) in properties.iter_mut() {
                    if !required.contains(name) {
                        not_nullable(property);
                    }
                }
            }
            for child in map.values_mut() {
                portable(child, input);
            }
        }
        Value::Array(items) => {
            for item in items {
                portable(item, input);
            }
        }
        _ => {}
    }
}

/// An optional property is left out when absent; it is never `null`, so `[T, "null"]` → `T`.
fn not_nullable(property: &mut Value) {
    if let Some(Value::Array(types)) = property.get("type")
        && types.len() == 2
        && types.iter().any(|t| t == "null")
        && let Some(other) = types.iter().find(|t| *t != "null").cloned()
    {
        property["type"] = other;
    }
    if let Some(Value::Array(variants)) = property.get("anyOf")
        && variants.len() == 2
        && variants
            .iter()
            .any(|v| v.get("type").is_some_and(|t| t == "null"))
        && let Some(Value::Object(other)) = variants
            .iter()
            .find(|v| v.get("type").is_none_or(|t| t != "null"))
            .cloned()
        && let Value::Object(map) = property
    {
        map.remove("anyOf");
        for (key, value) in other {
            map.entry(key).or_insert(value);
        }
    }
}

fn is_numeric_format(format: &str) -> bool {
    matches!(
        format,
        "int"
            | "uint"
            | "int8"
            | "uint8"
            | "int16"
            | "uint16"
            | "int32"
            | "uint32"
            | "int64"
            | "uint64"
            | "int128"
            | "uint128"
            | "float"
            | "double"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core;
    use serde::de::DeserializeOwned;

    /// core value → JSON → mirror → JSON must be the identity.
    fn round_trips<Mirror: DeserializeOwned + Serialize>(real: &impl Serialize) {
        let original = serde_json::to_value(real).unwrap();
        let mirror: Mirror = serde_json::from_value(original.clone())
            .unwrap_or_else(|e| panic!("mirror cannot read {original}: {e}"));
        let again = serde_json::to_value(&mirror).unwrap();
        assert_eq!(original, again, "the mirror drops or changes a field");
    }

    fn full_issue() -> core::NormalizedIssue {
        core::NormalizedIssue {
            issue_id: "0123456789abcdef".into(),
            file: "src/a.ts".into(),
            line: 3,
            col: 7,
            engine: "tsc".into(),
            rule: "TS2322".into(),
            severity: core::IssueSeverity::Error,
            message: "Type 'string' is not assignable to type 'number'.".into(),
            fixable: true,
            cluster_id: Some("c-0123456789ab".into()),
            end_line: Some(3),
            end_col: Some(12),
            help: Some("help".into()),
            url: Some("https://example.invalid/rule".into()),
        }
    }

    fn full_status() -> core::EngineStatus {
        let mut status = core::EngineStatus::error("tsc did not complete within 120s");
        status.version = Some("7.0.2".into());
        status.issue_count = Some(4);
        status.skipped_records = Some(1);
        status.duration_ms = Some(1200);
        status
    }

    fn warning() -> core::LoopWarning {
        core::LoopWarning {
            signature: "eslint/no-unused-vars:'<id>' is declared but never used".into(),
            occurrences: 3,
            hint: "hint".into(),
            files: vec!["src/a.ts".into()],
        }
    }

    fn churn() -> core::ChurnWarning {
        core::ChurnWarning {
            file: "src/a.ts".into(),
            rule: "TS2322".into(),
            checks: 3,
            hint: "hint".into(),
        }
    }

    fn full_response() -> core::CheckResponse {
        let delta = core::Delta {
            new: 1,
            resolved: 2,
            persisting: 3,
        };
        let cluster = core::Cluster {
            cluster_id: "c-0123456789ab".into(),
            root_cause_summary: "summary".into(),
            rule_ids: vec!["TS2322".into()],
            issue_count: 1,
            file_count: 1,
            priority: 1,
            suggested_action: "action".into(),
            sample_issue_ids: vec!["0123456789abcdef".into()],
            severity: Some(core::IssueSeverity::Warning),
            fixable_count: Some(1),
            delta: Some(delta),
        };
        core::CheckResponse {
            schema_version: core::SCHEMA_VERSION.into(),
            status: core::CheckStatus::IssuesFound,
            engines: [
                ("oxlint".to_owned(), core::EngineStatus::ok()),
                ("tsc".to_owned(), full_status()),
                ("biome".to_owned(), core::EngineStatus::disabled("off")),
            ]
            .into(),
            total_issues: 1,
            clusters: vec![cluster],
            truncated: true,
            loop_warning: Some(warning()),
            rule_packs: [("shadow-patterns".to_owned(), core::EngineStatus::ok())].into(),
            next_cursor: Some("a.0123abcd".into()),
            delta: Some(delta),
            issues: Some(vec![full_issue()]),
            file_rule_churn_warning: Some(churn()),
        }
    }

    #[test]
    fn mirrors_match_the_contract_types_exactly() {
        round_trips::<CheckResponse>(&full_response());
        let minimal = core::respond(core::ResponseParts {
            engines: Default::default(),
            rule_packs: Default::default(),
            analysis: &core::Analysis::default(),
            page: core::Page::default(),
            loops: None,
            delta: None,
            include_issues: false,
        });
        round_trips::<CheckResponse>(&minimal);
        round_trips::<NormalizedIssue>(&full_issue());
        let mut bare = full_issue();
        (
            bare.cluster_id,
            bare.end_line,
            bare.end_col,
            bare.help,
            bare.url,
        ) = (None, None, None, None, None);
        round_trips::<NormalizedIssue>(&bare);
        round_trips::<LoopStatus>(&core::LoopStatus {
            looping: true,
            signatures: vec![warning()],
            file_rule_churns: vec![churn()],
        });
        round_trips::<LoopStatus>(&core::LoopStatus::default());
        assert_eq!(
            core::SCHEMA_VERSION,
            "1.1",
            "update the schemaVersion const"
        );
    }

    #[test]
    fn schemas_are_portable() {
        for schema in [
            Value::Object(output_schema::<CheckOutput>()),
            Value::Object(output_schema::<IssueDetailOutput>()),
            Value::Object(input_schema::<crate::mcp::args::CheckProjectArgs>()),
            Value::Object(input_schema::<crate::mcp::args::IssueDetailArgs>()),
        ] {
            let text = schema.to_string();
            assert!(!text.contains("\"format\":\"uint"), "{text}");
            assert!(!text.contains("\"format\":\"int"), "{text}");
            assert_eq!(schema["type"], "object", "{text}");
        }
        let check = Value::Object(output_schema::<CheckOutput>());
        let response = &check["$defs"]["CheckResponse"];
        assert_eq!(response["properties"]["delta"]["$ref"], "#/$defs/Delta");
        assert!(
            response["properties"]["loopWarning"]["anyOf"].is_array(),
            "loopWarning is required and nullable"
        );
        let issue = &check["$defs"]["NormalizedIssue"];
        assert_eq!(issue["properties"]["clusterId"]["type"], "string");
        let input = Value::Object(input_schema::<crate::mcp::args::IssueDetailArgs>());
        assert!(!input.to_string().contains("\"null\""), "{input}");
        assert_eq!(input["additionalProperties"], false);
    }
}
