//! What a session asks the engine's adapter, each call on a blocking thread: the session to
//! keep, the program's files, how far an edit reaches, whether an importer uses what an edit
//! changed, and the server's diagnostics mapped to the plugin API's.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;
use signalint_plugin_api::{
    ImporterReach, ImporterRequest, Invocation, ParseOutcome, ParseRequest, Reach, ReachRequest,
    SessionCommand, SessionDiagnostics, SessionFiles, SessionPlan, SessionProtocol, methods,
};

use super::Request;
use super::error::WarmError;
use super::texts::Text;
use crate::plugins::PluginHandle;
use crate::runner::{self, Ending};

/// The session the adapter asked for, with what identifies it.
pub(super) struct Plan {
    pub command: SessionCommand,
    pub identity: String,
}

/// The adapter's session for this request, or why the check runs one-shot.
pub(super) async fn session(request: &Request<'_>) -> Result<Plan, String> {
    let plugin = request.plugin.clone();
    let plan_request = request.plan.clone();
    let answer = tokio::task::spawn_blocking(move || {
        plugin.call::<_, SessionPlan>(methods::SESSION, &plan_request)
    })
    .await
    .map_err(|e| format!("asking for the persistent session failed: {e}"))?
    .map_err(|e| format!("the engine refused a persistent session: {e}"))?;
    if let Some(reason) = answer.unavailable {
        return Err(reason);
    }
    let mut sessions = answer.sessions;
    if sessions.len() != 1 {
        return Err(format!(
            "{} runs one-shot: it asked for {} persistent sessions, and one per engine is kept",
            request.engine,
            sessions.len()
        ));
    }
    let command = sessions.remove(0);
    if !matches!(
        command.protocol,
        SessionProtocol::LspPullDiagnostics | SessionProtocol::TsServer
    ) {
        return Err(format!(
            "{} runs one-shot: its session speaks a protocol of a newer plugin API; update \
             signalint",
            request.engine
        ));
    }
    let identity = format!(
        "{}\u{1e}{}\u{1e}{}",
        serde_json::to_string(&command).unwrap_or_default(),
        request.plan.tool.version,
        request.plan.tool.program
    );
    Ok(Plan { command, identity })
}

/// The program's files under the project root, and who imports whom.
#[derive(Debug, Default)]
pub(super) struct Files {
    pub files: Vec<String>,
    pub importers: HashMap<String, Vec<String>>,
}

/// The program's files, or why this state needs the one-shot run.
pub(super) enum Listing {
    Files(Files),
    OneShot(String),
}

/// The program's files, from the adapter's listing run (or every source without one).
pub(super) async fn list(
    request: &Request<'_>,
    command: &SessionCommand,
    sources: impl Iterator<Item = String>,
) -> Result<Listing, WarmError> {
    let Some(invocation) = &command.list_files else {
        return Ok(Listing::Files(Files {
            files: sources.collect(),
            importers: HashMap::new(),
        }));
    };
    let root = request.root;
    let cwd = invocation
        .cwd
        .as_ref()
        .map_or_else(|| root.to_owned(), PathBuf::from);
    let mut run = runner::Command::new(
        invocation.program.clone(),
        invocation.args.clone(),
        cwd.clone(),
        request.timeout,
    );
    run.env = invocation.env.clone();
    let output = request
        .runner
        .run(&run, request.cancel)
        .await
        .map_err(|e| WarmError::Listing(e.to_string()))?;
    match output.ending {
        Ending::Exited(_) => {}
        other => return Err(WarmError::Listing(format!("it ended with {other:?}"))),
    }
    let parse = ParseRequest::new(
        root.to_string_lossy(),
        invocation.clone(),
        output.exit_code(),
    )
    .with_stdout(output.stdout)
    .with_stderr(output.stderr)
    .with_truncated(output.truncated);
    let plugin = request.plugin.clone();
    let listing = tokio::task::spawn_blocking(move || {
        plugin.call::<_, SessionFiles>(methods::SESSION_FILES, &parse)
    })
    .await
    .map_err(|e| WarmError::adapter(request.engine, "listing the program's files", e))?
    .map_err(|e| WarmError::adapter(request.engine, "listing the program's files", e))?;
    if let Some(failure) = listing.failure {
        return Ok(Listing::OneShot(format!(
            "{failure}; this check ran one-shot"
        )));
    }
    let relative = |path: &str| {
        let relative = crate::paths::project_relative(root, &cwd, path);
        (!Path::new(&relative).is_absolute()).then_some(relative)
    };
    let mut files = Files::default();
    for file in listing.files {
        let Some(path) = relative(&file.path) else {
            continue;
        };
        for importer in file.importers.iter().filter_map(|i| relative(i)) {
            files
                .importers
                .entry(path.clone())
                .or_default()
                .push(importer);
        }
        files.files.push(path);
    }
    Ok(Listing::Files(files))
}

/// The adapter's reach for each file's new text, given the text before when there was one.
pub(super) async fn reaches(
    request: &Request<'_>,
    asks: &[(String, Option<Arc<str>>)],
    texts: &HashMap<String, Text>,
) -> Result<Vec<Reach>, WarmError> {
    let asks: Vec<ReachRequest> = asks
        .iter()
        .map(|(p, previous)| {
            ReachRequest::new(p, texts.get(p).map(|t| t.text.to_string()))
                .with_previous(previous.as_deref().map(str::to_owned))
        })
        .collect();
    let plugin = request.plugin.clone();
    tokio::task::spawn_blocking(move || {
        asks.iter()
            .map(|ask| {
                plugin
                    .call::<_, Reach>(methods::SESSION_REACH, ask)
                    .unwrap_or(Reach::Everything)
            })
            .collect()
    })
    .await
    .map_err(|e| WarmError::adapter(request.engine, "asking how far an edit reaches", e))
}

/// For each edited file that only gained or lost names, its direct importers that, as the
/// adapter judges them, use none of the names and not the module as a whole.
pub(super) async fn untouched(
    request: &Request<'_>,
    asks: Vec<ImporterRequest>,
) -> Result<HashMap<String, HashSet<String>>, WarmError> {
    let plugin = request.plugin.clone();
    tokio::task::spawn_blocking(move || {
        let mut untouched: HashMap<String, HashSet<String>> = HashMap::new();
        for ask in asks {
            let reach = plugin
                .call::<_, ImporterReach>(methods::SESSION_IMPORTER, &ask)
                .unwrap_or(ImporterReach::Affected);
            if reach == ImporterReach::Unaffected {
                untouched.entry(ask.module).or_default().insert(ask.file);
            }
        }
        untouched
    })
    .await
    .map_err(|e| WarmError::adapter(request.engine, "asking which importers an edit reaches", e))
}

/// One file's (or, with an empty path, the program's) raw diagnostics, for [`map`].
pub(super) fn report(
    root: &Path,
    command: &SessionCommand,
    path: &str,
    items: Value,
) -> SessionDiagnostics {
    SessionDiagnostics::new(root.to_string_lossy(), &command.command.label, path, items)
        .with_protocol(command.protocol)
}

/// The server's diagnostics of each file as the plugin API's.
pub(super) async fn map(
    plugin: &Arc<PluginHandle>,
    engine: &str,
    reports: Vec<SessionDiagnostics>,
) -> Result<Vec<(String, ParseOutcome)>, WarmError> {
    let plugin = plugin.clone();
    let name = engine.to_owned();
    tokio::task::spawn_blocking(move || {
        reports
            .into_iter()
            .map(|report| {
                let mapped = plugin
                    .call::<_, ParseOutcome>(methods::SESSION_PARSE, &report)
                    .map_err(|e| WarmError::adapter(&name, "mapping diagnostics", e))?;
                if let Some(failure) = &mapped.failure {
                    return Err(WarmError::Mapping {
                        engine: name.clone(),
                        failure: failure.clone(),
                        file: report.file.clone(),
                    });
                }
                Ok((report.file, mapped))
            })
            .collect()
    })
    .await
    .map_err(|e| WarmError::adapter(engine, "mapping diagnostics", e))?
}

/// The command line a status shows: the program and a script's path by their names.
pub(super) fn command_line(invocation: &Invocation) -> String {
    let program = Path::new(&invocation.program).file_name().map_or_else(
        || invocation.program.clone(),
        |n| n.to_string_lossy().into_owned(),
    );
    let mut parts = vec![program];
    // A script's path by its name (`tsserver.js`), as the program's.
    parts.extend(invocation.args.iter().map(|arg| {
        let path = Path::new(arg);
        match path.file_name() {
            Some(name) if path.is_absolute() => name.to_string_lossy().into_owned(),
            _ => arg.clone(),
        }
    }));
    parts.join(" ")
}
