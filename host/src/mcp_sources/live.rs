//! Listing a live MCP server's definitions over stdio with rmcp's client.
//!
//! The server runs in its own process group; however listing ends (done, failed, timed out),
//! the whole group is killed, so a server that forks helpers leaves nothing behind.

use std::collections::BTreeMap;
use std::process::Stdio;
use std::time::Duration;

use rmcp::ServiceExt;
use rmcp::transport::TokioChildProcess;
use signalint_plugin_api::{McpSurface, SurfaceOrigin};

use super::{Bases, LoadedSurface, SourceError};
use crate::runner::{self, scrubbed_environment};

/// A server to start.
#[derive(Debug, Clone)]
pub struct LiveServer {
    pub name: String,
    pub command: String,
    pub args: Vec<String>,
    pub env: BTreeMap<String, String>,
    pub timeout: Duration,
}

impl LiveServer {
    /// The command line as one string, for messages and surface origins.
    pub fn command_line(&self) -> String {
        std::iter::once(self.command.as_str())
            .chain(self.args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Starts `server`, reads every page of tools/list (and resources, templates and prompts when
/// the server has them), and ends its process group.
pub async fn list_live_server(server: &LiveServer) -> Result<LoadedSurface, SourceError> {
    let fail = |detail: String| SourceError::Live {
        name: server.name.clone(),
        detail,
    };
    let mut command = tokio::process::Command::new(&server.command);
    command
        .args(&server.args)
        .env_clear()
        .envs(scrubbed_environment())
        .envs(&server.env);
    runner::prepare(&mut command);
    let spawn = || {
        TokioChildProcess::builder(command)
            .stderr(Stdio::null())
            .spawn()
    };
    let ((transport, _stderr), group) = runner::spawn_tracked(spawn, |(t, _)| t.id())
        .map_err(|e| fail(format!("cannot start `{}`: {e}", server.command_line())))?;
    let listing = tokio::time::timeout(server.timeout, async {
        let client = ().serve(transport).await.map_err(|e| format!("initialize failed: {e}"))?;
        let capabilities = client.peer_info().map(|info| info.capabilities.clone());
        let tools = client
            .list_all_tools()
            .await
            .map_err(|e| format!("tools/list failed: {e}"))?;
        let mut surface = McpSurface::new(server.name.clone()).with_tools(
            tools
                .iter()
                .filter_map(|t| serde_json::to_value(t).ok())
                .collect::<Vec<_>>(),
        );
        if capabilities.as_ref().is_some_and(|c| c.resources.is_some()) {
            if let Ok(resources) = client.list_all_resources().await {
                surface.resources = resources
                    .iter()
                    .filter_map(|r| serde_json::to_value(r).ok())
                    .collect();
            }
            if let Ok(templates) = client.list_all_resource_templates().await {
                surface.resource_templates = templates
                    .iter()
                    .filter_map(|r| serde_json::to_value(r).ok())
                    .collect();
            }
        }
        if capabilities.as_ref().is_some_and(|c| c.prompts.is_some())
            && let Ok(prompts) = client.list_all_prompts().await
        {
            surface.prompts = prompts
                .iter()
                .filter_map(|p| serde_json::to_value(p).ok())
                .collect();
        }
        let _ = client.cancel().await;
        Ok::<_, String>(surface)
    })
    .await;
    group.end().await;
    let mut surface = match listing {
        Ok(Ok(surface)) => surface,
        Ok(Err(detail)) => return Err(fail(detail)),
        Err(_) => {
            return Err(fail(format!(
                "no answer within {}s",
                server.timeout.as_secs()
            )));
        }
    };
    surface.origin = Some(SurfaceOrigin::Live {
        command: server.command_line(),
    });
    Ok(LoadedSurface {
        surface,
        text: None,
        display_path: format!("mcp://{}", server.name),
        bases: Bases::default(),
    })
}
