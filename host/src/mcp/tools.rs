//! The tool list: names, descriptions, annotations, input and output schemas.
//!
//! Descriptions say what a tool does and returns, including what it writes; they hold no
//! instructions for the agent. Annotations are honest: the checks do not modify source files
//! but do write under `.signalint/`, so they are not read-only, and a repeated check is not
//! idempotent (loop, churn and delta state advance with every check).

use std::sync::Arc;

use rmcp::model::{Tool, ToolAnnotations};
use serde_json::{Map, Value};

use super::args::{CheckFilesArgs, CheckProjectArgs, IssueDetailArgs, NoArgs};
use super::schema::{
    CheckOutput, IssueDetailOutput, LoopStatusOutput, PingOutput, ResetOutput, input_schema,
    output_schema,
};

pub const PING: &str = "ping";
pub const CHECK_PROJECT: &str = "check_project";
pub const CHECK_FILES: &str = "check_files";
pub const GET_ISSUE_DETAIL: &str = "get_issue_detail";
pub const GET_LOOP_STATUS: &str = "get_loop_status";
pub const RESET_LOOP_STATE: &str = "reset_loop_state";

const CHECK_EFFECTS: &str = "Does not modify source files; writes its cache, loop history, \
delta baselines and engine scratch files under .signalint/ in the project. An engine that \
fails, times out or exceeds the output limit is reported in its `engines` entry with a message, \
and the other engines' results are kept. Checks run one at a time per server; identical \
concurrent calls share one run. Progress notifications (engine started/finished) are sent \
when the request carries a progress token; cancelling the request stops its engines.";

/// Every tool the server offers, in a stable order.
pub fn tools() -> Vec<Tool> {
    vec![
        tool(
            PING,
            "Ping",
            "Liveness check of the signalint stdio server. Returns the text `pong` (structured \
             content `{\"pong\": true}`). Reads and writes nothing.",
            input_schema::<NoArgs>(),
            output_schema::<PingOutput>(),
            ToolAnnotations::new()
                .read_only(true)
                .idempotent(true)
                .open_world(false),
        ),
        tool(
            CHECK_PROJECT,
            "Check project",
            &format!(
                "Runs every enabled engine (oxlint, tsc, biome and configured plugin engines) on \
                 project-relative paths (`paths`, at most 512, default [\".\"]: the whole project) \
                 and returns a CheckResponse (schemaVersion 1.1): status, per-engine status, \
                 totalIssues, one page of root-cause clusters in priority order (priority 1 \
                 first, 10 per page; `nextCursor` is the `cursor` of the next page), delta \
                 against the previous check of the same paths, and loop/churn warnings. Absolute, \
                 escaping, NUL-containing and `-`-leading paths are refused with an error object. \
                 {CHECK_EFFECTS}"
            ),
            input_schema::<CheckProjectArgs>(),
            output_schema::<CheckOutput>(),
            check_annotations(),
        ),
        tool(
            CHECK_FILES,
            "Check files",
            &format!(
                "Checks exactly the given project-relative files (`files`, 1 to 512): file-local \
                 engines run on those files; tsc runs on the configured program. Returns a \
                 CheckResponse (schemaVersion 1.1) like check_project; delta and churn are \
                 counted for this set of files. Path refusals as in check_project. \
                 {CHECK_EFFECTS}"
            ),
            input_schema::<CheckFilesArgs>(),
            output_schema::<CheckOutput>(),
            check_annotations(),
        ),
        tool(
            GET_ISSUE_DETAIL,
            "Get issue detail",
            "Expands exactly one reference from the latest check: `clusterId` gives every issue \
             of that cluster, `issueId` gives that issue. Returns `{\"issues\": [NormalizedIssue…]}` \
             as structured content and the bare array as text (file, 1-based line, UTF-16 \
             column, engine, rule, severity, message, fixable, clusterId). Ids are derived from \
             content and never reassigned: a reference that is not in the latest check returns \
             `{\"status\":\"stale\",\"message\":…}`. Both, neither or an empty reference is \
             refused with an error object. Reads in-memory state only.",
            input_schema::<IssueDetailArgs>(),
            output_schema::<IssueDetailOutput>(),
            ToolAnnotations::new()
                .read_only(true)
                .idempotent(true)
                .open_world(false),
        ),
        tool(
            GET_LOOP_STATUS,
            "Get loop status",
            "Returns `{looping, signatures: [{signature, occurrences, hint, files}], \
             fileRuleChurns?}`: issue signatures (rule and message template) that were fixed \
             and came back in re-checked files at least the configured number of times, and \
             file/rule pairs that fired in consecutive checks of their file. Reads in-memory \
             state only.",
            input_schema::<NoArgs>(),
            output_schema::<LoopStatusOutput>(),
            ToolAnnotations::new()
                .read_only(true)
                .idempotent(true)
                .open_world(false),
        ),
        tool(
            RESET_LOOP_STATE,
            "Reset loop state",
            "Forgets every loop signature and churn counter, in memory and in .signalint/; \
             issues, clusters and delta baselines are kept. Returns `{reset: true, \
             signaturesForgotten, loopingSignaturesForgotten, churnCountersForgotten}`. Waits \
             for a running check to finish first.",
            input_schema::<NoArgs>(),
            output_schema::<ResetOutput>(),
            ToolAnnotations::new()
                .read_only(false)
                .destructive(true)
                .idempotent(true)
                .open_world(false),
        ),
    ]
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
        assert_eq!(tools.len(), 6);
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
