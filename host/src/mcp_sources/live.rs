//! Listing a live MCP server's definitions over stdio with rmcp's client.
//!
//! The server runs in its own process group; however listing ends (done, failed, timed out),
//! the whole group is killed, so a server that forks helpers leaves nothing behind.

use std::collections::BTreeMap;
use std::process::Stdio;
use std::time::Duration;

use rmcp::ServiceExt;
use rmcp::model::PaginatedRequestParams;
use rmcp::service::ServiceError;
use rmcp::transport::TokioChildProcess;
use signalint_plugin_api::{Json, McpSurface, SurfaceOrigin};

use super::{Bases, Limits, LoadedSurface, SourceError};
use crate::runner::{self, scrubbed_environment};

/// A server to start.
#[derive(Debug, Clone)]
pub struct LiveServer {
    pub name: String,
    /// Whether `name` was chosen by the user (`[[mcp.servers]] name`); otherwise it is only the
    /// launcher (`npx`), and the name the server reports in `initialize` is used instead.
    pub named_by_user: bool,
    pub command: String,
    pub args: Vec<String>,
    pub env: BTreeMap<String, String>,
    pub timeout: Duration,
    pub limits: Limits,
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

/// What one server may still send, shared by all its lists.
struct Budget {
    limits: Limits,
    bytes: u64,
    notes: Vec<String>,
}

impl Budget {
    /// Reads every page of one list, up to the page, byte and item caps; past a cap the pages
    /// read so far are kept and a note says where listing stopped.
    async fn list<T, Fut>(
        &mut self,
        what: &str,
        mut page: impl FnMut(Option<PaginatedRequestParams>) -> Fut,
    ) -> Result<Vec<Json>, ServiceError>
    where
        T: serde::Serialize,
        Fut: Future<Output = Result<(Vec<T>, Option<String>), ServiceError>>,
    {
        let mut items = Vec::new();
        let mut cursor = None;
        for pages in 1.. {
            let (found, next) =
                page(Some(PaginatedRequestParams::default().with_cursor(cursor))).await?;
            for item in found {
                // Through the text, not a `serde_json::Value`: the page is kept as the packs'
                // compact JSON, and the text is what the byte cap counts.
                let Ok(text) = serde_json::to_string(&item) else {
                    continue;
                };
                self.bytes += text.len() as u64;
                let Ok(value) = serde_json::from_str::<Json>(&text) else {
                    continue;
                };
                if self.bytes > self.limits.listing_bytes {
                    self.notes.push(format!(
                        "{what}: more than {} of definitions ([mcp] max_listing_mib); listing stopped, the {} read before are checked",
                        super::mib_text(self.limits.listing_bytes),
                        items.len()
                    ));
                    return Ok(items);
                }
                if items.len() == self.limits.items {
                    self.notes.push(format!(
                        "{what}: more than {} items ([mcp] max_tools); listing stopped, the first {} are checked",
                        self.limits.items, self.limits.items
                    ));
                    return Ok(items);
                }
                items.push(value);
            }
            match next {
                None => break,
                Some(_) if pages >= self.limits.pages => {
                    self.notes.push(format!(
                        "{what}: still paging after {pages} pages ([mcp] max_pages); listing stopped, the {} items read are checked",
                        items.len()
                    ));
                    break;
                }
                next => cursor = next,
            }
        }
        Ok(items)
    }
}

/// Starts `server`, reads every page of tools/list (and resources, templates and prompts when
/// the server has them) within its limits, and ends its process group.
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
        let info = client.peer_info();
        let capabilities = info.as_ref().map(|info| info.capabilities.clone());
        let reported = info
            .as_ref()
            .and_then(|info| info.server_info.as_ref())
            .map(|server_info| server_info.name.trim().to_owned())
            .filter(|name| !name.is_empty());
        let identity = info
            .as_ref()
            .and_then(|info| info.server_info.as_ref())
            .map(|server_info| super::ServerInfo {
                name: server_info.name.clone(),
                version: server_info.version.clone(),
            });
        let instructions = info
            .as_ref()
            .and_then(|info| info.instructions.clone())
            .filter(|text| !text.is_empty());
        let name = match reported {
            Some(reported) if !server.named_by_user => reported,
            _ => server.name.clone(),
        };
        let mut budget = Budget {
            limits: server.limits,
            bytes: 0,
            notes: Vec::new(),
        };
        let tools = budget
            .list("tools/list", |params| async {
                client
                    .list_tools(params)
                    .await
                    .map(|page| (page.tools, page.next_cursor))
            })
            .await
            .map_err(|e| format!("tools/list failed: {e}"))?;
        let mut surface = McpSurface::new(name).with_tools(tools);
        surface.instructions = instructions;
        if capabilities.as_ref().is_some_and(|c| c.resources.is_some()) {
            if let Ok(resources) = budget
                .list("resources/list", |params| async {
                    client
                        .list_resources(params)
                        .await
                        .map(|page| (page.resources, page.next_cursor))
                })
                .await
            {
                surface.resources = resources;
            }
            if let Ok(templates) = budget
                .list("resources/templates/list", |params| async {
                    client
                        .list_resource_templates(params)
                        .await
                        .map(|page| (page.resource_templates, page.next_cursor))
                })
                .await
            {
                surface.resource_templates = templates;
            }
        }
        if capabilities.as_ref().is_some_and(|c| c.prompts.is_some())
            && let Ok(prompts) = budget
                .list("prompts/list", |params| async {
                    client
                        .list_prompts(params)
                        .await
                        .map(|page| (page.prompts, page.next_cursor))
                })
                .await
        {
            surface.prompts = prompts;
        }
        let _ = client.cancel().await;
        Ok::<_, String>((surface, identity, budget.notes))
    })
    .await;
    group.end().await;
    let (mut surface, server_info, notes) = match listing {
        Ok(Ok(listed)) => listed,
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
        places: None,
        display_path: format!("mcp://{}", server.name),
        bases: Bases::default(),
        server_info,
        notes: notes
            .into_iter()
            .map(|note| format!("live server `{}`: {note}", server.name))
            .collect(),
    })
}
