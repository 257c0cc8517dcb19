//! `signalint mcp`: the MCP server on stdio. The only module that knows MCP types.
//!
//! * Tools: `ping`, `check_project`, `check_files`, `get_issue_detail`, `get_loop_status`,
//!   `reset_loop_state` (see `tools` for their descriptions and annotations, and
//!   `docs/contract.md` for their schemas).
//! * Inputs are strict (`additionalProperties: false`), paths go through
//!   [`crate::paths::validate_all`]; every refusal is a structured tool error.
//! * Every result has `structuredContent` and one compact JSON text (ping's text is `pong`).
//! * Checks are serialized per server, identical concurrent checks coalesced, cancellation
//!   kills the check's engines, and engine started/finished events become progress
//!   notifications (see `checks`).
//!
//! * Requests pass a gate first (see `guard`): an oversized line, a duplicate id in flight and
//!   non-object arguments get the JSON-RPC error they deserve instead of silence.
//!
//! stdout belongs to the protocol: logs go to stderr through `tracing`, and descriptor 1 itself
//! is pointed at stderr once the transport holds a private duplicate (see `stdio`).

mod args;
mod checks;
mod error;
mod guard;
mod schema;
mod server;
mod stdio;
mod tools;

use std::sync::Arc;
use std::time::Duration;

use rmcp::ServiceExt;

use crate::check::{Context, Session};

pub use error::ToolError;
pub use server::{STALE_MESSAGE, Server};
pub use tools::schemas_document;

/// Flags of `signalint mcp`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct McpArgs {
    /// Print every tool's description, annotations and input/output JSON Schemas as
    /// `tools/list` advertises them, and exit.
    #[arg(long, hide = true)]
    pub print_schemas: bool,
}

/// The tool schemas as pretty JSON (for `--print-schemas` and `docs/contract.md`).
pub fn schemas_json() -> String {
    let mut text = serde_json::to_string_pretty(&schemas_document()).unwrap_or_default();
    text.push('\n');
    text
}

/// Serves the tools on stdin/stdout until the client closes the connection.
pub async fn serve(mut context: Context) -> Result<(), String> {
    let root = context.root.clone();
    // The server keeps persistent engines warm between calls; the CLI does not.
    context.warm = crate::warm::Settings::from_env()?.map(crate::warm::Pool::start);
    let session = Session::open(context);
    let server = Server::new(checks::Checker::new(session));
    let checker = server.checker().clone();
    // `signalint hook` reaches this session through the project's hook endpoint.
    let hook_checker = checker.clone();
    let handler: crate::hook::endpoint::Handler = Arc::new(move |files| {
        let checker = hook_checker.clone();
        Box::pin(async move { checker.check_for_hook(files).await })
    });
    let stop_endpoint = tokio_util::sync::CancellationToken::new();
    let endpoint = tokio::spawn(crate::hook::endpoint::serve(
        root.clone(),
        handler,
        stop_endpoint.clone(),
    ));
    tracing::info!(root = %root.display(), "signalint MCP server on stdio");
    let gated = guard::gate(stdio::protocol_streams());
    let running = server
        .serve((gated.reader, gated.writer))
        .await
        .map_err(|e| format!("the MCP session did not start: {e}"))?;
    let ended = running.waiting().await;
    stop_endpoint.cancel();
    let _ = endpoint.await;
    checker.shut_down(Duration::from_secs(10)).await;
    // The last answers may still be on their way through the gate.
    let _ = tokio::time::timeout(Duration::from_secs(5), gated.flushed).await;
    match ended {
        Ok(reason) => {
            tracing::info!(?reason, "MCP session ended");
            Ok(())
        }
        Err(e) => Err(format!("the MCP session failed: {e}")),
    }
}
