//! The MCP handler: `tools/list` and `tools/call`.
//!
//! Every call parses its arguments itself (the strict types of `args`), so a malformed call
//! becomes a structured tool error (`isError: true`, `{status, code, message, path?}`) and
//! never a dropped request. Check calls run in their own task: a panic becomes an
//! `internal_error` result, and the server keeps answering.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListToolsResult, PaginatedRequestParams, ProgressNotificationParam, ServerCapabilities,
    ServerConfig, Tool,
};
use rmcp::service::{Peer, RequestContext};
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::args::{
    ApplyFixesArgs, CheckFilesArgs, CheckProjectArgs, IssueDetailArgs, IssueRef, NoArgs,
    check_cursor,
};
use super::checks::{CheckRequest, Checker, Outcome};
use super::error::{ToolError, code};
use super::schema::{IssueList, Pong, Stale};
use super::tools::{self, tools};
use crate::check::{EngineEvent, Scope};
use crate::core::{EngineState, EngineStatus, NormalizedIssue};

/// The spec's message for a reference that is not in the latest check.
pub const STALE_MESSAGE: &str = "This cluster/issue no longer exists; run check_project again.";

/// The signalint MCP server.
#[derive(Clone)]
pub struct Server {
    checker: Checker,
    tools: Arc<Vec<Tool>>,
}

impl Server {
    pub fn new(checker: Checker) -> Self {
        Self {
            checker,
            tools: Arc::new(tools()),
        }
    }

    pub fn checker(&self) -> &Checker {
        &self.checker
    }

    async fn dispatch(
        &self,
        name: &str,
        args: Value,
        context: RequestContext<RoleServer>,
    ) -> CallToolResult {
        match name {
            tools::PING => match parse::<NoArgs>(args) {
                Ok(_) => {
                    let mut result = CallToolResult::structured(structured(&Pong { pong: true }));
                    result.content = vec![ContentBlock::text("pong")];
                    result
                }
                Err(e) => failure(&e),
            },
            tools::CHECK_PROJECT => {
                let scope = parse::<CheckProjectArgs>(args).and_then(|a| {
                    let paths = if a.paths.is_empty() {
                        vec![".".to_owned()]
                    } else {
                        a.paths
                    };
                    let paths = crate::paths::validate_all(self.checker.root(), &paths)?;
                    Ok(CheckRequest {
                        scope: Scope::Project { paths },
                        cursor: check_cursor(a.cursor).map_err(ToolError::invalid)?,
                        since: a.since,
                    })
                });
                self.run_check(scope, context).await
            }
            tools::CHECK_FILES => {
                let scope = parse::<CheckFilesArgs>(args).and_then(|a| {
                    if a.files.is_empty() {
                        return Err(ToolError::invalid(
                            "files is empty; give at least one project-relative file",
                        ));
                    }
                    let files = crate::paths::validate_files(self.checker.root(), &a.files)?;
                    Ok(CheckRequest {
                        scope: Scope::Files { files },
                        cursor: check_cursor(a.cursor).map_err(ToolError::invalid)?,
                        since: a.since,
                    })
                });
                self.run_check(scope, context).await
            }
            tools::GET_ISSUE_DETAIL => {
                let request = parse::<IssueDetailArgs>(args).and_then(|a| {
                    let reference = a.reference().map_err(ToolError::invalid)?;
                    let limit = a.page_size().map_err(ToolError::invalid)?;
                    let cursor = check_cursor(a.cursor).map_err(ToolError::invalid)?;
                    Ok((reference, limit, cursor))
                });
                match request {
                    Ok((reference, limit, cursor)) => {
                        self.issue_detail(&reference, limit, cursor.as_deref())
                    }
                    Err(e) => failure(&e),
                }
            }
            tools::GET_LOOP_STATUS => match parse::<NoArgs>(args) {
                Ok(_) => success(structured(&self.checker.loop_status())),
                Err(e) => failure(&e),
            },
            tools::APPLY_FIXES => {
                let request = parse::<ApplyFixesArgs>(args)
                    .and_then(|a| a.request(self.checker.root()).map_err(ToolError::invalid));
                match request {
                    Ok(request) => match self.checker.apply_fixes(request, &context.ct).await {
                        Ok(report) => {
                            let value = structured(&report);
                            let mut result = CallToolResult::structured(value.clone());
                            result.content = vec![ContentBlock::text(value.to_string())];
                            result
                        }
                        Err(e) => failure(&e),
                    },
                    Err(e) => failure(&e),
                }
            }
            tools::RESET_LOOP_STATE => match parse::<NoArgs>(args) {
                Ok(_) => success(structured(&self.checker.reset_loops().await)),
                Err(e) => failure(&e),
            },
            other => failure(&ToolError::invalid(format!("unknown tool `{other}`"))),
        }
    }

    async fn run_check(
        &self,
        request: Result<CheckRequest, ToolError>,
        context: RequestContext<RoleServer>,
    ) -> CallToolResult {
        let request = match request {
            Ok(request) => request,
            Err(e) => return failure(&e),
        };
        let reporter = context
            .meta
            .get_progress_token()
            .map(|token| Arc::new(ProgressReporter::new(context.peer.clone(), token)));
        let forward = move |event: EngineEvent| -> Pin<Box<dyn Future<Output = ()> + Send>> {
            let reporter = reporter.clone();
            Box::pin(async move {
                if let Some(reporter) = reporter {
                    reporter.report(event).await;
                }
            })
        };
        let outcome: Outcome = self.checker.check(request, &context.ct, &forward).await;
        match outcome.as_ref() {
            Ok(rendered) => {
                let mut result = CallToolResult::structured(rendered.value.clone());
                result.content = vec![ContentBlock::text(rendered.text.clone())];
                result
            }
            Err(e) => failure(e),
        }
    }

    /// One page of the issues `reference` names (see [`crate::core::page_issues`]).
    fn issue_detail(
        &self,
        reference: &IssueRef,
        limit: usize,
        cursor: Option<&str>,
    ) -> CallToolResult {
        let latest = self.checker.latest();
        let issues: Option<Vec<&NormalizedIssue>> =
            latest.as_deref().and_then(|analysis| match reference {
                IssueRef::Cluster(id) => analysis.issues_of_cluster(id),
                IssueRef::Issue(id) => analysis.issue(id).map(|issue| vec![issue]),
            });
        match issues {
            Some(issues) => {
                let page = match crate::core::page_issues(&issues, cursor, limit) {
                    Ok(page) => page,
                    Err(e) => return failure(&ToolError::invalid(e)),
                };
                let text = serde_json::to_string(&page.issues).unwrap_or_else(|_| "[]".to_owned());
                let list = IssueList {
                    total: Some(issues.len()),
                    issues: page.issues.into_iter().cloned().collect(),
                    next_cursor: page.next_cursor,
                };
                let mut result = CallToolResult::structured(structured(&list));
                result.content = vec![ContentBlock::text(text)];
                result
            }
            None => success(structured(&Stale {
                status: "stale".to_owned(),
                message: STALE_MESSAGE.to_owned(),
            })),
        }
    }
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("signalint", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "signalint runs oxlint, tsc, biome and plugin engines on this project, clusters \
                 their diagnostics by root cause and tracks fix/regress loops. Tools: ping, \
                 check_project, check_files, get_issue_detail, get_loop_status, reset_loop_state.",
            )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::with_all_items(self.tools.as_ref().clone()))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.tools.iter().find(|t| t.name == name).cloned()
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let name = request.name.to_string();
        if !self.tools.iter().any(|t| t.name == name) {
            return Err(McpError::invalid_params(
                format!("tool not found: `{name}`"),
                None,
            ));
        }
        let args = Value::Object(request.arguments.unwrap_or_default());
        if name == tools::PING {
            return Ok(self.dispatch(&name, args, context).await.into());
        }
        let this = self.clone();
        let task = tokio::spawn(async move { this.dispatch(&name, args, context).await });
        let result = match task.await {
            Ok(result) => result,
            Err(e) => {
                tracing::error!("a tool call failed: {e}");
                failure(&ToolError::new(
                    code::INTERNAL,
                    format!("the tool failed unexpectedly: {e}"),
                ))
            }
        };
        Ok(result.into())
    }
}

/// Forwards a flight's engine events as this request's progress notifications.
struct ProgressReporter {
    peer: Peer<RoleServer>,
    token: rmcp::model::ProgressToken,
    step: AtomicU32,
}

impl ProgressReporter {
    fn new(peer: Peer<RoleServer>, token: rmcp::model::ProgressToken) -> Self {
        Self {
            peer,
            token,
            step: AtomicU32::new(0),
        }
    }

    async fn report(&self, event: EngineEvent) {
        let step = self.step.fetch_add(1, Ordering::SeqCst) + 1;
        let (message, total) = match &event {
            EngineEvent::Started { engine, of } => (format!("{engine} started"), Some(*of * 2)),
            EngineEvent::Finished { engine, status } => (finished(engine, status), None),
            EngineEvent::Early {
                engine,
                files,
                issues,
            } => (early(engine, files, issues), None),
        };
        let mut param = ProgressNotificationParam::new(self.token.clone(), f64::from(step))
            .with_message(message);
        if let Some(total) = total {
            param = param.with_total(total as f64);
        }
        if let Err(e) = self.peer.notify_progress(param).await {
            tracing::debug!("progress notification not sent: {e}");
        }
    }
}

fn finished(engine: &str, status: &EngineStatus) -> String {
    let state = match status.status {
        EngineState::Ok => "ok",
        EngineState::Error => "error",
        EngineState::Disabled => "disabled",
    };
    let mut text = format!("{engine} finished: {state}");
    if let Some(count) = status.issue_count {
        let noun = if count == 1 { "issue" } else { "issues" };
        text.push_str(&format!(", {count} {noun}"));
    }
    if let Some(ms) = status.duration_ms {
        text.push_str(&format!(", {ms} ms"));
    }
    text
}

/// The most issue lines one early notification carries.
const EARLY_LINES: usize = 50;

/// A persistent engine's first results: the edited files and their direct importers, checked
/// before the rest of the program; the complete response follows.
fn early(engine: &str, files: &[String], issues: &[String]) -> String {
    let noun = if issues.len() == 1 { "issue" } else { "issues" };
    let mut text = format!(
        "{engine} first results ({} edited or importing files; the complete answer follows): \
         {} {noun}",
        files.len(),
        issues.len()
    );
    for line in issues.iter().take(EARLY_LINES) {
        text.push('\n');
        text.push_str(line);
    }
    if issues.len() > EARLY_LINES {
        text.push_str(&format!("\n… {} more", issues.len() - EARLY_LINES));
    }
    text
}

fn parse<T: DeserializeOwned>(args: Value) -> Result<T, ToolError> {
    serde_json::from_value(args).map_err(|e| ToolError::invalid(format!("invalid arguments: {e}")))
}

fn structured(value: &impl serde::Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

fn success(value: Value) -> CallToolResult {
    CallToolResult::structured(value)
}

/// `isError: true` with the error object as text. No `structuredContent`: the advertised
/// output schemas hold the results, not this shape (see `schema`).
fn failure(error: &ToolError) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(structured(error).to_string())])
}
