//! The tool list: names, descriptions, annotations, input and output schemas.
//!
//! Descriptions say what a tool does and returns, including what it writes; they hold no
//! instructions for the agent. Annotations are honest: the checks do not modify source files
//! but do write under `.signalint/`, so they are not read-only, and a repeated check is not
//! idempotent (loop, churn and delta state advance with every check).

use std::sync::Arc;

use rmcp::model::{Tool, ToolAnnotations};
use serde_json::{Map, Value};

use super::args::{ApplyFixesArgs, CheckFilesArgs, CheckProjectArgs, IssueDetailArgs, NoArgs};
use super::schema::{
    IssueDetailOutput, PingOutput, ResetOutput, advertised_check_output, advertised_fix_report,
    advertised_input, advertised_loop_status, advertised_output, advertised_same_as_check,
};

pub const PING: &str = "ping";
pub const CHECK_PROJECT: &str = "check_project";
pub const CHECK_FILES: &str = "check_files";
pub const GET_ISSUE_DETAIL: &str = "get_issue_detail";
pub const GET_LOOP_STATUS: &str = "get_loop_status";
pub const RESET_LOOP_STATE: &str = "reset_loop_state";
pub const APPLY_FIXES: &str = "apply_fixes";

const CHECK_EFFECTS: &str = "Writes only .signalint/.";

/// Every tool the server offers, in a stable order. Descriptions are short (every agent pays
/// for `tools/list` when it connects); `docs/contract.md` is the full reference.
pub fn tools() -> Vec<Tool> {
    vec![
        tool(
            PING,
            "Ping",
            "Liveness check of the signalint server: `pong`.",
            advertised_input::<NoArgs>(),
            advertised_output::<PingOutput>(),
            read_only(),
        ),
        tool(
            CHECK_PROJECT,
            "Check project",
            &format!(
                "Runs every engine on `paths` (default: the project): a CheckResponse 1.1 of \
                 clusters by priority, new errors first, `delta` since the files' last known \
                 state, loop warnings. {CHECK_EFFECTS}"
            ),
            advertised_input::<CheckProjectArgs>(),
            advertised_check_output(),
            check_annotations(),
        ),
        tool(
            CHECK_FILES,
            "Check files",
            &format!("check_project on exactly `files` (tsc checks its program). {CHECK_EFFECTS}"),
            advertised_input::<CheckFilesArgs>(),
            advertised_same_as_check(),
            check_annotations(),
        ),
        tool(
            GET_ISSUE_DETAIL,
            "Get issue detail",
            "The issues of a `clusterId` or `issueId` of the latest check, with their fixes, a \
             page at a time; `stale` when gone.",
            advertised_input::<IssueDetailArgs>(),
            advertised_output::<IssueDetailOutput>(),
            read_only(),
        ),
        tool(
            GET_LOOP_STATUS,
            "Get loop status",
            "Issues fixed and back again (loops), and rules that keep firing in a file.",
            advertised_input::<NoArgs>(),
            advertised_loop_status(),
            read_only(),
        ),
        tool(
            APPLY_FIXES,
            "Apply fixes",
            "Applies the fixes of the latest check's issues (default: all safe ones), re-checks, \
             restores files whose fixes cause new errors: per issue applied, skipped or \
             reverted, and the delta. Writes source files.",
            advertised_input::<ApplyFixesArgs>(),
            advertised_fix_report(),
            ToolAnnotations::new()
                .read_only(false)
                .destructive(true)
                .idempotent(false)
                .open_world(false),
        ),
        tool(
            RESET_LOOP_STATE,
            "Reset loop state",
            "Forgets all loop and churn memory; keeps issues and deltas.",
            advertised_input::<NoArgs>(),
            advertised_output::<ResetOutput>(),
            ToolAnnotations::new()
                .read_only(false)
                .destructive(true)
                .idempotent(true)
                .open_world(false),
        ),
    ]
}

fn read_only() -> ToolAnnotations {
    ToolAnnotations::new()
        .read_only(true)
        .idempotent(true)
        .open_world(false)
}

fn check_annotations() -> ToolAnnotations {
    ToolAnnotations::new()
        .read_only(false)
        .destructive(false)
        .idempotent(false)
        .open_world(false)
}

fn tool(
    name: &'static str,
    title: &str,
    description: &str,
    input: Map<String, Value>,
    output: Map<String, Value>,
    annotations: ToolAnnotations,
) -> Tool {
    Tool::new(name, description.to_owned(), Arc::new(input))
        .with_title(title)
        .with_raw_output_schema(Arc::new(output))
        .with_annotations(annotations)
}

/// `{tool: {description, annotations, inputSchema, outputSchema}}` for every tool, as
/// `tools/list` advertises them: what `signalint mcp --print-schemas` prints and
/// `docs/contract.md` embeds.
pub fn schemas_document() -> Value {
    let mut out = Map::new();
    for tool in tools() {
        let value = serde_json::to_value(&tool).unwrap_or(Value::Null);
        out.insert(tool.name.to_string(), value);
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tool_is_strict_and_has_an_output_schema() {
        let tools = tools();
        assert_eq!(tools.len(), 7);
        for tool in &tools {
            let input = Value::Object((*tool.input_schema).clone());
            assert_eq!(input["type"], "object", "{}", tool.name);
            assert_eq!(input["additionalProperties"], false, "{}", tool.name);
            assert!(input.get("properties").is_some(), "{}: {input}", tool.name);
            let output = tool.output_schema.as_ref().expect("output schema");
            assert_eq!(output["type"], "object", "{}", tool.name);
            let annotations = tool.annotations.as_ref().expect("annotations");
            assert_eq!(annotations.open_world_hint, Some(false));
        }
        let check = tools.iter().find(|t| t.name == CHECK_PROJECT).unwrap();
        assert_eq!(
            check.annotations.as_ref().unwrap().read_only_hint,
            Some(false),
            "checks write .signalint/"
        );
        let input = Value::Object((*check.input_schema).clone());
        assert_eq!(input["properties"]["paths"]["maxItems"], 512);
    }
}
