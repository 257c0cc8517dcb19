//! Output shapes and schema generation.
//!
//! The schemas of the check and loop results are derived from the contract types themselves
//! (`core::model` derives `JsonSchema`; their doc comments are the descriptions), so what the
//! tools write and what they advertise cannot drift apart. The types here are the results that
//! exist only on the MCP side (`pong`, a stale reference, the reset confirmation) and each tool's
//! output: its one result shape, or `{"type":"object","anyOf":[<result shapes>…]}` when it has
//! several. Errors are not among them: a refused or failed call is `isError: true` with the
//! [`ToolError`](super::ToolError) object as its text and no `structuredContent`, as the TypeScript SDK's servers
//! answer (validating clients check `structuredContent` only when `isError` is false), so the
//! error shape is not paid for in every tool's schema.
//!
//! What `tools/list` advertises is made lean in `advertise`.
//!
//! Portability fixes over schemars' raw output (see `portable`): no `format` on integers
//! (`uint`, `uint32`… are not standard formats), no `type: [T, "null"]` on inputs (an optional
//! input is simply not required), no `default: null`.

use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::core::{CheckResponse, LoopStatus, NormalizedIssue};

mod advertise;

pub use advertise::{
    advertised_check_output, advertised_fix_report, advertised_input, advertised_loop_status,
    advertised_output, advertised_same_as_check,
};

/// The result of `ping` as structured content (the text content is `pong`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Pong {
    /// Always true: the server completed its handshake and answers.
    #[schemars(extend("const" = true))]
    pub pong: bool,
}

/// One page of issues (the text content is the bare array).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct IssueList {
    /// One page of the cluster's issues, or the one issue asked for.
    pub issues: Vec<NormalizedIssue>,
    /// Additive: issues the reference names, over every page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<usize>,
    /// Additive: pass as `cursor` for the next page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_cursor: Option<String>,
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
    /// Signatures forgotten.
    pub signatures_forgotten: u64,
    /// Oscillating ones among them.
    pub looping_signatures_forgotten: u64,
    /// Churn counters forgotten.
    pub churn_counters_forgotten: u64,
}

/// `ping`'s output.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
#[schemars(extend("type" = "object"))]
pub enum PingOutput {
    Pong(Pong),
}

/// `check_project` and `check_files`' output.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
#[schemars(extend("type" = "object"))]
pub enum CheckOutput {
    Response(Box<CheckResponse>),
}

/// `get_issue_detail`'s output.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
#[schemars(extend("type" = "object"))]
pub enum IssueDetailOutput {
    Issues(IssueList),
    Stale(Stale),
}

/// `get_loop_status`'s output: the full shape, which `docs/contract.md` documents and the
/// tests hold the server's answers to (`tools/list` advertises a lean object).
#[cfg_attr(not(test), allow(dead_code))]
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
#[schemars(extend("type" = "object"))]
pub enum LoopStatusOutput {
    Status(LoopStatus),
}

/// `reset_loop_state`'s output.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
#[schemars(extend("type" = "object"))]
pub enum ResetOutput {
    Reset(ResetConfirmation),
}

/// The input schema of `T` (what the server accepts), made portable.
pub fn input_schema<T: JsonSchema>() -> Map<String, Value> {
    generate::<T>(SchemaSettings::draft2020_12().for_deserialize(), true)
}

fn into_map(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
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

    /// Whether `value` validates against the output schema of `T`, and why not.
    fn fits<T: JsonSchema>(value: &Value) -> Result<(), String> {
        let schema = Value::Object(output_schema::<T>());
        let mut schemas = boon::Schemas::new();
        let mut compiler = boon::Compiler::new();
        compiler
            .add_resource("output.json", schema.clone())
            .unwrap();
        let index = compiler.compile("output.json", &mut schemas).unwrap();
        schemas
            .validate(value, index)
            .map_err(|error| format!("{value} does not fit the schema {schema}: {error:#}"))
    }

    fn validates<T: JsonSchema>(value: &Value) {
        if let Err(why) = fits::<T>(value) {
            panic!("{why}");
        }
    }

    /// Every key of every object in `value` is a property its schema (`$defs[name]`) declares,
    /// and every required property is there: nothing serialized goes undocumented.
    fn declares_exactly(defs: &Value, name: &str, value: &Value) {
        let schema = &defs[name];
        let properties = schema["properties"].as_object().unwrap();
        let object = value.as_object().unwrap();
        for key in object.keys() {
            assert!(
                properties.contains_key(key),
                "{name} does not declare {key}"
            );
        }
        for key in schema["required"].as_array().into_iter().flatten() {
            let key = key.as_str().unwrap();
            assert!(object.contains_key(key), "{name} requires {key}: {value}");
        }
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
            new: true,
            fixes: vec![core::FixEdit {
                line: 3,
                col: 7,
                end_line: 3,
                end_col: 12,
                new_text: "0".into(),
                safety: Some("safe".into()),
            }],
            fix_safety: Some(core::FixSafetyLevel::Safe),
            engines: vec!["biome".into(), "tsc".into()],
            rules: vec!["biome:lint/x".into(), "tsc:TS2322".into()],
            caused_by: Some("c-0123456789ab".into()),
            programs: vec!["packages/a/tsconfig.json".into(), "tsconfig.json".into()],
        }
    }

    fn full_status() -> core::EngineStatus {
        let mut status = core::EngineStatus::error("tsc did not complete within 120s");
        status.version = Some("7.0.2".into());
        status.issue_count = Some(4);
        status.skipped_records = Some(1);
        status.duration_ms = Some(1200);
        status.reason = Some("used: tsconfig.json".into());
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
            new: true,
            root_cause: true,
            downstream_count: Some(1),
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

    fn minimal_response() -> core::CheckResponse {
        core::respond(core::ResponseParts {
            engines: Default::default(),
            rule_packs: Default::default(),
            analysis: &core::Analysis::default(),
            page: core::Page::default(),
            loops: None,
            delta: None,
            include_issues: false,
        })
    }

    fn bare_issue() -> core::NormalizedIssue {
        let mut bare = full_issue();
        (
            bare.cluster_id,
            bare.end_line,
            bare.end_col,
            bare.help,
            bare.url,
        ) = (None, None, None, None, None);
        bare.fixes.clear();
        bare
    }

    #[test]
    fn real_results_fit_the_derived_schemas() {
        for response in [full_response(), minimal_response()] {
            validates::<CheckOutput>(&serde_json::to_value(&response).unwrap());
        }
        for issues in [vec![full_issue(), bare_issue()], vec![]] {
            let list = serde_json::to_value(IssueList {
                issues,
                total: Some(2),
                next_cursor: Some("2.0123abcd".into()),
            })
            .unwrap();
            validates::<IssueDetailOutput>(&list);
        }
        for status in [
            core::LoopStatus {
                looping: true,
                signatures: vec![warning()],
                file_rule_churns: vec![churn()],
            },
            core::LoopStatus::default(),
        ] {
            validates::<LoopStatusOutput>(&serde_json::to_value(&status).unwrap());
        }
        // Errors are not structured results: no output schema admits one.
        let error = serde_json::to_value(super::super::ToolError::invalid("no such path")).unwrap();
        assert!(fits::<CheckOutput>(&error).is_err());
        // The schemas do constrain: a response of another contract version, or one without an
        // engine the contract requires, fits none of the shapes.
        let mut other_version = serde_json::to_value(full_response()).unwrap();
        other_version["schemaVersion"] = "2.0".into();
        assert!(fits::<CheckOutput>(&other_version).is_err());
        let mut no_tsc = serde_json::to_value(minimal_response()).unwrap();
        no_tsc["engines"].as_object_mut().unwrap().remove("tsc");
        assert!(fits::<CheckOutput>(&no_tsc).is_err(), "{no_tsc}");
        assert_eq!(
            core::SCHEMA_VERSION,
            "1.1",
            "update the schemaVersion const"
        );
    }

    #[test]
    fn the_schemas_keep_what_the_contract_requires() {
        let check = Value::Object(output_schema::<CheckOutput>());
        let defs = &check["$defs"];
        let full = serde_json::to_value(full_response()).unwrap();
        declares_exactly(defs, "CheckResponse", &full);
        declares_exactly(defs, "Cluster", &full["clusters"][0]);
        declares_exactly(defs, "EngineStatus", &full["engines"]["tsc"]);
        declares_exactly(defs, "NormalizedIssue", &full["issues"][0]);
        declares_exactly(defs, "FixEdit", &full["issues"][0]["fixes"][0]);
        declares_exactly(defs, "LoopWarning", &full["loopWarning"]);
        declares_exactly(defs, "ChurnWarning", &full["fileRuleChurnWarning"]);
        declares_exactly(defs, "Delta", &full["delta"]);
        let minimal = serde_json::to_value(minimal_response()).unwrap();
        declares_exactly(defs, "CheckResponse", &minimal);
        let bare = serde_json::to_value(bare_issue()).unwrap();
        declares_exactly(defs, "NormalizedIssue", &bare);

        let response = &defs["CheckResponse"];
        assert_eq!(response["properties"]["schemaVersion"]["const"], "1.1");
        assert_eq!(
            response["properties"]["engines"]["required"],
            serde_json::json!(["biome", "oxlint", "tsc"])
        );
        assert_eq!(
            defs["IssueSeverity"]["enum"],
            serde_json::json!(["error", "warning"])
        );
        assert_eq!(
            defs["CheckStatus"]["enum"],
            serde_json::json!(["clean", "issues_found"])
        );
        assert_eq!(
            defs["EngineState"]["enum"],
            serde_json::json!(["ok", "error", "disabled"])
        );
        for (name, def) in defs.as_object().unwrap() {
            assert!(
                def["description"].as_str().is_some_and(|d| !d.is_empty()),
                "{name} has a description"
            );
            for (field, property) in def["properties"].as_object().into_iter().flatten() {
                assert!(
                    property["description"]
                        .as_str()
                        .is_some_and(|d| !d.is_empty()),
                    "{name}.{field} has a description"
                );
            }
        }
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
