//! One persistent engine for one program: what it was told, what it answered.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde_json::{Value, json};
use signalint_plugin_api::{
    Diagnostic, ImporterReach, ImporterRequest, Invocation, ParseOutcome, ParseRequest, Reach,
    ReachRequest, SessionCommand, SessionDiagnostics, SessionFiles, SessionPlan, SessionProtocol,
    methods,
};
use xxhash_rust::xxh3::xxh3_64;

use super::client::{Client, Dialect};
use super::plan::{Reached, pull_order};
use super::texts::{Text, Texts};
use super::{Placed, Request};
use crate::runner::{self, Ending, Persistent};

/// How often at most a session's memory is measured against its limit (after an answer).
const RSS_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// How a session took one check.
pub(super) enum Checked {
    Answer(Answer),
    /// It took in every change, but this state needs the one-shot run, for this reason.
    OneShot(String),
}

/// What a session answered for one check.
#[derive(Debug, Default)]
pub struct Answer {
    pub diagnostics: Vec<Placed>,
    pub skipped: u32,
    /// For the engine's status: how it answered.
    pub note: String,
}

/// The session the adapter asked for, with what identifies it.
pub(super) struct Plan {
    command: SessionCommand,
    identity: String,
}

/// The adapter's session for this request, or why the check runs one-shot.
pub(super) async fn plan(request: &Request<'_>) -> Result<Plan, String> {
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

/// An open document: the version, fingerprint and text the server has, and what an edit of
/// it reached last time.
#[derive(Debug, Clone)]
struct Doc {
    version: i64,
    hash: u64,
    /// The fingerprint of its lines that may change the program's files.
    listing: u64,
    reach: Reach,
    /// The text last sent, for the adapter to compare the next edit with
    /// ([`ReachRequest::previous`]).
    text: String,
}

/// The program's files under the project root, and who imports whom.
#[derive(Debug, Default)]
struct Files {
    files: Vec<String>,
    importers: HashMap<String, Vec<String>>,
}

pub(super) struct Session {
    identity: String,
    inputs: u64,
    command: SessionCommand,
    client: Client,
    process: Persistent,
    root: PathBuf,
    docs: HashMap<String, Doc>,
    files: Option<Files>,
    /// The program files' texts as last read.
    texts: Texts,
    /// The sources the last check saw (created and deleted files are told to the server).
    sources: BTreeSet<String>,
    /// Each file's mapped diagnostics, for the text the server has.
    results: HashMap<String, Vec<Diagnostic>>,
    /// Set while a check runs: one that did not finish (cancelled, timed out) may have told
    /// the server of edits whose reach it never pulled, so the next one pulls every file.
    interrupted: bool,
    /// Why this session's answers are not the program's (tsserver put a file in another
    /// project than the program's config): every check runs one-shot.
    wrong_project: Option<String>,
    pub(super) last_used: Instant,
    /// When [`Session::rss_bytes_due`] last measured.
    rss_measured: Option<Instant>,
}

impl Session {
    /// Starts the process and initializes the protocol.
    pub(super) async fn start(request: &Request<'_>, plan: &Plan) -> Result<Self, String> {
        let root = request.context.root.clone();
        let invocation = &plan.command.command;
        let mut command = runner::Command::new(
            invocation.program.clone(),
            invocation.args.clone(),
            invocation
                .cwd
                .as_ref()
                .map_or_else(|| root.clone(), PathBuf::from),
            request.timeout,
        );
        command.env = invocation.env.clone();
        let mut process = request
            .context
            .runner
            .spawn_persistent(&command)
            .await
            .map_err(|e| e.to_string())?;
        let (Some(stdin), Some(stdout)) = (process.stdin.take(), process.stdout.take()) else {
            return Err("its pipes were not open".into());
        };
        let dialect = match plan.command.protocol {
            SessionProtocol::TsServer => Dialect::TsServer,
            _ => Dialect::Lsp,
        };
        let client = Client::new(dialect, stdin, stdout, request.context.runner.output_cap());
        if dialect == Dialect::TsServer {
            client
                .request(
                    "configure",
                    json!({"hostInfo": "signalint", "preferences": {}}),
                    request.timeout,
                )
                .await
                .map_err(|e| explain(&mut process, e.to_string()))?;
            return Ok(Self::new(request, plan, client, process, root));
        }
        let uri = file_uri(&root);
        let params = json!({
            "processId": std::process::id(),
            "rootUri": uri,
            "workspaceFolders": [{"uri": uri, "name": "project"}],
            "capabilities": {
                "general": {"positionEncodings": ["utf-16"]},
                "textDocument": {
                    "synchronization": {"dynamicRegistration": false},
                    "diagnostic": {"dynamicRegistration": false},
                },
                // The host tells the server of every created, changed and deleted file.
                "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}},
            },
            "initializationOptions": plan.command.initialization_options,
        });
        let initialized = client
            .request("initialize", params, request.timeout)
            .await
            .map_err(|e| explain(&mut process, e.to_string()))?;
        let capabilities = &initialized["capabilities"];
        if capabilities["diagnosticProvider"].is_null() {
            return Err("the language server offers no pull diagnostics".into());
        }
        let encoding = capabilities["positionEncoding"]
            .as_str()
            .unwrap_or("utf-16");
        if encoding != "utf-16" {
            return Err(format!(
                "the language server counts columns in {encoding}, not UTF-16"
            ));
        }
        client
            .notify("initialized", json!({}))
            .map_err(|e| e.to_string())?;
        Ok(Self::new(request, plan, client, process, root))
    }

    fn new(
        request: &Request<'_>,
        plan: &Plan,
        client: Client,
        process: Persistent,
        root: PathBuf,
    ) -> Self {
        Self {
            identity: plan.identity.clone(),
            inputs: input_fingerprint(request),
            command: plan.command.clone(),
            client,
            process,
            root,
            docs: HashMap::new(),
            files: None,
            texts: Texts::default(),
            sources: BTreeSet::new(),
            results: HashMap::new(),
            interrupted: false,
            wrong_project: None,
            last_used: Instant::now(),
            rss_measured: None,
        }
    }

    fn tsserver(&self) -> bool {
        self.command.protocol == SessionProtocol::TsServer
    }

    /// Why this session cannot answer `request` (then it is restarted), or `None`.
    pub(super) fn stale(&mut self, request: &Request<'_>, plan: &Plan) -> Option<String> {
        if plan.identity != self.identity {
            return Some("its command or settings changed".into());
        }
        if let Some(status) = self.process.exited() {
            return Some(format!("it had exited ({status})"));
        }
        if let Some(reason) = self.client.closed() {
            return Some(format!("its output closed: {reason}"));
        }
        if input_fingerprint(request) != self.inputs {
            return Some("a program input changed (a config, a package manifest or lockfile, or node_modules)".into());
        }
        None
    }

    pub(super) fn rss_bytes(&self) -> Option<u64> {
        self.process.rss_bytes()
    }

    /// The process's memory, or `None` when it was measured less than [`RSS_EVERY`] ago:
    /// reading it scans every process of the machine, which costs a leaf edit's check more
    /// than the rest of the host's work.
    pub(super) fn rss_bytes_due(&mut self) -> Option<u64> {
        if self.rss_measured.is_some_and(|at| at.elapsed() < RSS_EVERY) {
            return None;
        }
        self.rss_measured = Some(Instant::now());
        self.rss_bytes()
    }

    /// `reason`, with what the process said on stderr before it failed.
    pub(super) fn explain(&mut self, reason: String) -> String {
        explain(&mut self.process, reason)
    }

    /// Tells the server every change, pulls what can have changed, and answers for every
    /// file of the program.
    pub(super) async fn check(&mut self, request: &Request<'_>) -> Result<Checked, String> {
        let started = Instant::now();
        let sources: BTreeSet<String> = request
            .tree
            .iter()
            .filter(|f| has_extension(f, &request.info.extensions))
            .cloned()
            .collect();
        let created: Vec<String> = sources.difference(&self.sources).cloned().collect();
        let deleted: Vec<String> = self.sources.difference(&sources).cloned().collect();
        let first = self.files.is_none();
        let mut listed = false;
        if first || !created.is_empty() || !deleted.is_empty() {
            self.files = match self.list(request).await? {
                Ok(files) => Some(files),
                Err(reason) => return Ok(Checked::OneShot(reason)),
            };
            listed = true;
        }
        let mut texts = self.read_files();
        // An edit of a line that may change the program's files (an import) lists them again.
        if !listed && self.listing_changed(&texts) {
            self.files = match self.list(request).await? {
                Ok(files) => Some(files),
                Err(reason) => {
                    self.files = None;
                    return Ok(Checked::OneShot(reason));
                }
            };
            texts = self.read_files();
        }
        self.sources = sources;
        tracing::debug!(elapsed = ?started.elapsed(), files = texts.len(), "program files read");

        let resumed = std::mem::replace(&mut self.interrupted, true);
        let mut everything = resumed || !created.is_empty() || !deleted.is_empty();
        let mut events = Vec::new();
        for path in created {
            events.push(json!({"uri": file_uri(&self.root.join(&path)), "type": 1}));
        }
        // Documents that left the program, or the disk.
        let keep: HashSet<&String> = texts.keys().collect();
        let gone: Vec<String> = self
            .docs
            .keys()
            .filter(|p| !keep.contains(p))
            .cloned()
            .collect();
        let mut closed = Vec::new();
        for path in gone {
            // A global script that left the program took its declarations with it.
            if self
                .docs
                .remove(&path)
                .is_some_and(|doc| doc.reach == Reach::Everything)
            {
                everything = true;
            }
            self.results.remove(&path);
            let uri = file_uri(&self.root.join(&path));
            if self.tsserver() {
                closed.push(self.root.join(&path).to_string_lossy().into_owned());
            } else {
                self.send(
                    "textDocument/didClose",
                    json!({"textDocument": {"uri": uri}}),
                )?;
            }
            if !self.root.join(&path).exists() {
                events.push(json!({"uri": uri, "type": 3}));
                everything = true;
            }
        }
        if self.tsserver() {
            if !closed.is_empty() {
                self.update_open(json!({"closedFiles": closed}), request)
                    .await?;
            }
            // tsserver reads which files its project has when it loads the config, and a
            // file opened before the project knows it goes to a project of its own: the
            // project is read again first.
            if !first && !events.is_empty() {
                self.send("reloadProjects", json!({}))?;
            }
        } else if !events.is_empty() {
            self.send(
                "workspace/didChangeWatchedFiles",
                json!({"changes": events}),
            )?;
        }
        // tsserver's files to open (or open again, with their new text), in one request.
        let mut open_files = Vec::new();

        let mut changed = Vec::new();
        // Each file whose reach to ask, with the text the server had before (none when new).
        let mut reach_needed: Vec<(String, Option<String>)> = Vec::new();
        // Documents opened by this check: only their new text can reach anything.
        let mut opened = HashSet::new();
        let files = self
            .files
            .as_ref()
            .map(|f| f.files.clone())
            .unwrap_or_default();
        for path in &files {
            let Some(Text { text, hash }) = texts.get(path) else {
                continue;
            };
            let (text, hash) = (&**text, *hash);
            match self.docs.get_mut(path) {
                Some(doc) if doc.hash == hash => {}
                Some(doc) => {
                    doc.version += 1;
                    doc.hash = hash;
                    doc.listing = listing_lines(text, &self.command.list_again_on);
                    let previous = std::mem::replace(&mut doc.text, text.to_owned());
                    let version = doc.version;
                    let uri = file_uri(&self.root.join(path));
                    if self.command.protocol == SessionProtocol::TsServer {
                        open_files.push(self.open_file(path, text));
                    } else {
                        self.send(
                            "textDocument/didChange",
                            json!({"textDocument": {"uri": uri, "version": version},
                                   "contentChanges": [{"text": text}]}),
                        )?;
                    }
                    changed.push(path.clone());
                    reach_needed.push((path.clone(), Some(previous)));
                }
                None => {
                    if self.tsserver() {
                        open_files.push(self.open_file(path, text));
                    } else {
                        let uri = file_uri(&self.root.join(path));
                        let language = language_id(path, &self.command);
                        self.send(
                            "textDocument/didOpen",
                            json!({"textDocument": {"uri": uri, "languageId": language,
                                                    "version": 1, "text": text}}),
                        )?;
                    }
                    self.docs.insert(
                        path.clone(),
                        Doc {
                            version: 1,
                            hash,
                            listing: listing_lines(text, &self.command.list_again_on),
                            reach: Reach::Everything,
                            text: text.to_owned(),
                        },
                    );
                    if !first {
                        changed.push(path.clone());
                    }
                    opened.insert(path.clone());
                    reach_needed.push((path.clone(), None));
                }
            }
        }
        if !open_files.is_empty() {
            self.update_open(json!({"openFiles": open_files}), request)
                .await?;
            // A dependency's files may have a config of their own; the project's are checked.
            let mut new: Vec<&String> = opened
                .iter()
                .filter(|p| !p.split('/').any(|part| part == "node_modules"))
                .collect();
            new.sort();
            self.check_projects(request, &new).await?;
        }
        if let Some(reason) = &self.wrong_project {
            return Ok(Checked::OneShot(reason.clone()));
        }
        // How far each edit reaches: the farther of the old text's and the new one's. An edit
        // that leaves what other files see unchanged reaches the file alone: the importers'
        // last results were answered against the same declarations, so they still hold.
        let reaches = self.reaches(request, &reach_needed, &texts).await?;
        let mut reached = Reached::default();
        let mut renamed: Vec<(String, Vec<String>)> = Vec::new();
        for ((path, _), reach) in reach_needed.iter().zip(reaches) {
            if let Some(doc) = self.docs.get_mut(path) {
                let before = !opened.contains(path) && doc.reach == Reach::Everything;
                if changed.contains(path) && (before || reach == Reach::Everything) {
                    everything = true;
                }
                if !opened.contains(path) {
                    match &reach {
                        Reach::File => {
                            reached.alone.insert(path.clone());
                        }
                        Reach::Names(names) => renamed.push((path.clone(), names.clone())),
                        _ => {}
                    }
                }
                doc.reach = reach;
            }
        }
        tracing::debug!(elapsed = ?started.elapsed(), "reach asked");
        if !everything && !first {
            reached.untouched = self.untouched(request, &renamed, &changed, &texts).await?;
        }
        tracing::debug!(elapsed = ?started.elapsed(), untouched = reached.untouched.len(), "importers asked");

        // Files new to the program have no result yet, so they are pulled too.
        let no_importers = HashMap::new();
        let (order, early) = pull_order(
            &files,
            &changed,
            &reached,
            everything || first,
            self.files.as_ref().map_or(&no_importers, |f| &f.importers),
            |path| self.results.contains_key(path),
        );
        // Forgotten before they are asked for: a check cancelled half-way leaves them without
        // a result, so the next check pulls them again instead of answering what they were.
        for path in &order {
            self.results.remove(path);
        }
        if self.tsserver()
            && let Some(reason) = self.program_diagnostics(request).await?
        {
            // Left interrupted: the next check pulls every file.
            return Ok(Checked::OneShot(reason));
        }
        // All in flight at once; the edited files and their direct importers are read (and
        // sent to whoever waits for them) before the rest.
        let mut waiting = self.start_pulls(&order)?;
        let rest = waiting.split_off(early.min(waiting.len()));
        let mut pulled = self.finish_pulls(request, waiting).await?;
        if !first
            && !pulled.is_empty()
            && pulled.iter().all(|(_, mapped)| mapped.one_shot.is_none())
            && let Some(sink) = super::early_sink(&self.root)
        {
            sink(crate::check::EngineEvent::Early {
                engine: request.engine.to_owned(),
                files: pulled.iter().map(|(path, _)| path.clone()).collect(),
                issues: pulled
                    .iter()
                    .flat_map(|(_, mapped)| mapped.diagnostics.iter().map(early_line))
                    .collect(),
            });
        }
        pulled.extend(self.finish_pulls(request, rest).await?);
        tracing::debug!(elapsed = ?started.elapsed(), pulled = order.len(), "diagnostics pulled");
        let mut skipped = 0;
        let mut one_shot = None;
        for (path, mapped) in pulled {
            skipped += mapped.skipped_records;
            if mapped.one_shot.is_some() {
                one_shot = mapped.one_shot;
                // Pulled again next time.
                self.results.remove(&path);
            } else {
                self.results.insert(path, mapped.diagnostics);
            }
        }
        // Every change the server was told of has been pulled as far as it reaches.
        self.interrupted = false;
        if let Some(reason) = one_shot {
            return Ok(Checked::OneShot(reason));
        }
        let in_program: HashSet<&String> = files.iter().collect();
        self.results.retain(|path, _| in_program.contains(path));
        let mut answer = Answer {
            note: format!(
                "persistent `{}` (pid {}): complete, every file of the program; {} of {} files \
                 re-checked in {} ms{}",
                command_line(&self.command.command),
                self.process.pid(),
                order.len(),
                files.len(),
                started.elapsed().as_millis(),
                reached.note(everything || first)
            ),
            skipped,
            ..Answer::default()
        };
        for path in &files {
            if let Some(diagnostics) = self.results.get(path) {
                answer
                    .diagnostics
                    .extend(diagnostics.iter().map(|d| (self.root.clone(), d.clone())));
            }
        }
        Ok(Checked::Answer(answer))
    }

    fn send(&self, method: &str, params: Value) -> Result<(), String> {
        self.client
            .notify(method, params)
            .map_err(|e| e.to_string())
    }

    /// The program's files, from the adapter's listing run (or every source without one);
    /// `Ok(Err(why))` when the adapter says this state needs the one-shot run.
    async fn list(&self, request: &Request<'_>) -> Result<Result<Files, String>, String> {
        let Some(invocation) = &self.command.list_files else {
            let files: Vec<String> = request
                .tree
                .iter()
                .filter(|f| has_extension(f, &request.info.extensions))
                .cloned()
                .collect();
            return Ok(Ok(Files {
                files,
                importers: HashMap::new(),
            }));
        };
        let cwd = invocation
            .cwd
            .as_ref()
            .map_or_else(|| self.root.clone(), PathBuf::from);
        let mut command = runner::Command::new(
            invocation.program.clone(),
            invocation.args.clone(),
            cwd.clone(),
            request.timeout,
        );
        command.env = invocation.env.clone();
        let output = request
            .context
            .runner
            .run(&command, request.cancel)
            .await
            .map_err(|e| e.to_string())?;
        match output.ending {
            Ending::Exited(_) => {}
            other => return Err(format!("listing the program's files ended with {other:?}")),
        }
        let parse = ParseRequest::new(
            self.root.to_string_lossy(),
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
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())?;
        if let Some(failure) = listing.failure {
            return Ok(Err(format!("{failure}; this check ran one-shot")));
        }
        let relative = |path: &str| {
            let relative = crate::check::project_relative(&self.root, &cwd, path);
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
        Ok(Ok(files))
    }

    /// The text of every program file on disk now (a file that cannot be read is absent).
    fn read_files(&mut self) -> HashMap<String, Text> {
        let Some(files) = &self.files else {
            return HashMap::new();
        };
        self.texts.refresh(&self.root, &files.files)
    }

    /// Whether an open document's lines that may change the program's files changed.
    fn listing_changed(&self, texts: &HashMap<String, Text>) -> bool {
        texts.iter().any(|(path, text)| {
            self.docs.get(path).is_some_and(|doc| {
                doc.hash != text.hash
                    && doc.listing != listing_lines(&text.text, &self.command.list_again_on)
            })
        })
    }

    /// The adapter's reach for each file's new text, given the text before when there was one.
    async fn reaches(
        &self,
        request: &Request<'_>,
        paths: &[(String, Option<String>)],
        texts: &HashMap<String, Text>,
    ) -> Result<Vec<Reach>, String> {
        let asks: Vec<ReachRequest> = paths
            .iter()
            .map(|(p, previous)| {
                ReachRequest::new(p, texts.get(p).map(|t| t.text.to_string()))
                    .with_previous(previous.clone())
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
        .map_err(|e| e.to_string())
    }

    /// For each edited file that only gained or lost names, its direct importers that, as the
    /// adapter judges them, use none of the names and not the module as a whole. An edited
    /// importer is re-checked anyway, so it is not asked about.
    async fn untouched(
        &self,
        request: &Request<'_>,
        renamed: &[(String, Vec<String>)],
        changed: &[String],
        texts: &HashMap<String, Text>,
    ) -> Result<HashMap<String, HashSet<String>>, String> {
        let mut asks: Vec<ImporterRequest> = Vec::new();
        for (module, names) in renamed {
            let importers = self
                .files
                .as_ref()
                .and_then(|f| f.importers.get(module))
                .map_or(&[][..], Vec::as_slice);
            for importer in importers {
                let Some(text) = texts.get(importer) else {
                    continue;
                };
                if changed.contains(importer) {
                    continue;
                }
                let diagnostics = self.results.get(importer).cloned().unwrap_or_default();
                asks.push(
                    ImporterRequest::new(importer, text.text.to_string(), module, names.clone())
                        .with_diagnostics(diagnostics),
                );
            }
        }
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
        .map_err(|e| e.to_string())
    }

    /// Asks for the diagnostics of `order`, all in flight at once, in that order.
    fn start_pulls(&self, order: &[String]) -> Result<Vec<Pulling>, String> {
        let mut waiting = Vec::with_capacity(order.len());
        for path in order {
            let mut answers = Vec::new();
            if self.tsserver() {
                let file = self.root.join(path);
                for command in ["syntacticDiagnosticsSync", "semanticDiagnosticsSync"] {
                    let args = json!({"file": file, "includeLinePosition": true});
                    answers.push(
                        self.client
                            .start(command, args)
                            .map_err(|e| e.to_string())?,
                    );
                }
            } else {
                let uri = file_uri(&self.root.join(path));
                answers.push(
                    self.client
                        .start(
                            "textDocument/diagnostic",
                            json!({"textDocument": {"uri": uri}}),
                        )
                        .map_err(|e| e.to_string())?,
                );
            }
            waiting.push((path.clone(), answers));
        }
        Ok(waiting)
    }

    /// tsserver's `updateOpen`, answered once its files are opened or closed.
    async fn update_open(&self, arguments: Value, request: &Request<'_>) -> Result<(), String> {
        self.client
            .request("updateOpen", arguments, request.timeout)
            .await
            .map(drop)
            .map_err(|e| e.to_string())
    }

    /// tsserver's entry for a file to open with the host's text.
    fn open_file(&self, path: &str, text: &str) -> Value {
        json!({"file": self.root.join(path), "fileContent": text, "projectRootPath": self.root})
    }

    /// Whether tsserver put each of `paths` in the program's config's project; the first
    /// one it did not marks the session [`Self::wrong_project`].
    async fn check_projects(
        &mut self,
        request: &Request<'_>,
        paths: &[&String],
    ) -> Result<(), String> {
        let config = self.root.join(&self.command.command.label);
        let mut waiting = Vec::new();
        for path in paths {
            let args = json!({"file": self.root.join(path), "needFileNameList": false});
            waiting.push((
                *path,
                self.client
                    .start("projectInfo", args)
                    .map_err(|e| e.to_string())?,
            ));
        }
        for (path, answer) in waiting {
            let info = self
                .client
                .finish("projectInfo", answer, request.timeout)
                .await
                .map_err(|e| e.to_string())?;
            let project = info["configFileName"].as_str().unwrap_or_default();
            if self.wrong_project.is_none() && Path::new(project) != config {
                self.wrong_project = Some(format!(
                    "tsserver checks {path} in the project {project}, not the program's {}, so \
                     tsc runs one-shot",
                    self.command.command.label
                ));
            }
        }
        Ok(())
    }

    /// tsserver's diagnostics of the program (options, globals): `Some(why)` when there are
    /// any, and the check runs one-shot.
    async fn program_diagnostics(&self, request: &Request<'_>) -> Result<Option<String>, String> {
        let config = self.root.join(&self.command.command.label);
        let items = self
            .client
            .request(
                "compilerOptionsDiagnostics-full",
                json!({"projectFileName": config}),
                request.timeout,
            )
            .await
            .map_err(|e| e.to_string())?;
        let report = SessionDiagnostics::new(
            self.root.to_string_lossy(),
            &self.command.command.label,
            "",
            items,
        )
        .with_protocol(SessionProtocol::TsServer);
        let plugin = request.plugin.clone();
        let mapped = tokio::task::spawn_blocking(move || {
            plugin.call::<_, ParseOutcome>(methods::SESSION_PARSE, &report)
        })
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| format!("{}: mapping diagnostics failed: {e}", request.engine))?;
        if let Some(failure) = mapped.failure {
            return Err(format!("{}: {failure}", request.engine));
        }
        Ok(mapped.one_shot)
    }

    /// Waits for the diagnostics [`Self::start_pulls`] asked for, and maps them.
    async fn finish_pulls(
        &self,
        request: &Request<'_>,
        waiting: Vec<Pulling>,
    ) -> Result<Vec<(String, ParseOutcome)>, String> {
        let mut reports = Vec::with_capacity(waiting.len());
        for (path, answers) in waiting {
            let mut items = Vec::new();
            for answer in answers {
                let report = self
                    .client
                    .finish("diagnostics", answer, request.timeout)
                    .await
                    .map_err(|e| e.to_string())?;
                let more = if self.tsserver() {
                    report.as_array().cloned()
                } else if report["kind"] == "full" {
                    report["items"].as_array().cloned()
                } else {
                    None
                };
                let Some(more) = more else {
                    return Err(format!(
                        "the server sent no full diagnostics report for {path}"
                    ));
                };
                items.extend(more);
            }
            reports.push(
                SessionDiagnostics::new(
                    self.root.to_string_lossy(),
                    &self.command.command.label,
                    path,
                    Value::Array(items),
                )
                .with_protocol(self.command.protocol),
            );
        }
        let plugin = request.plugin.clone();
        let engine = request.engine.to_owned();
        tokio::task::spawn_blocking(move || {
            reports
                .into_iter()
                .map(|report| {
                    let mapped = plugin
                        .call::<_, ParseOutcome>(methods::SESSION_PARSE, &report)
                        .map_err(|e| format!("{engine}: mapping diagnostics failed: {e}"))?;
                    if let Some(failure) = &mapped.failure {
                        return Err(format!("{engine}: {} ({})", failure, report.file));
                    }
                    Ok((report.file, mapped))
                })
                .collect()
        })
        .await
        .map_err(|e| e.to_string())?
    }
}

/// A file whose diagnostics were asked for, and the answers to come.
type Pulling = (
    String,
    Vec<tokio::sync::oneshot::Receiver<Result<Value, String>>>,
);

/// One early diagnostic as a line: `src/a.ts:3:7 TS2322 Type 'number' is not assignable…`
/// (the first line of its message, at most 160 characters).
fn early_line(diagnostic: &Diagnostic) -> String {
    let at = match (&diagnostic.file, &diagnostic.start) {
        (Some(file), Some(start)) => format!("{file}:{}:{}", start.line, start.column),
        (Some(file), None) => file.clone(),
        _ => String::new(),
    };
    let message = diagnostic.message.lines().next().unwrap_or_default();
    let message: String = message.chars().take(160).collect();
    format!("{at} {} {message}", diagnostic.rule)
        .trim()
        .to_owned()
}

/// `reason`, with the tail of the process's stderr.
fn explain(process: &mut Persistent, reason: String) -> String {
    let tail = process.stderr_tail(5);
    let exited = process
        .exited()
        .map(|s| format!("; it exited ({s})"))
        .unwrap_or_default();
    if tail.is_empty() {
        format!("{reason}{exited}")
    } else {
        format!("{reason}{exited}; stderr: {tail}")
    }
}

/// A fingerprint of the files whose change restarts the session: the engine's config files,
/// its program configs and inputs, and its declared restart inputs.
fn input_fingerprint(request: &Request<'_>) -> u64 {
    let info = request.info;
    let spec = info.programs.clone().unwrap_or_default();
    let named: Vec<&String> = info
        .config_files
        .iter()
        .chain(&spec.config_names)
        .chain(&spec.input_names)
        .collect();
    let mut paths: Vec<String> = request
        .tree
        .iter()
        .filter(|f| {
            Path::new(f.as_str())
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| named.iter().any(|x| x.as_str() == n))
        })
        .cloned()
        .collect();
    paths.extend(spec.input_paths.iter().cloned());
    if let Some(persistent) = &info.persistent {
        paths.extend(persistent.restart_inputs.iter().cloned());
    }
    paths.sort();
    paths.dedup();
    let mut all = Vec::new();
    for path in paths {
        all.extend_from_slice(path.as_bytes());
        all.push(0);
        match std::fs::read(request.context.root.join(&path)) {
            Ok(bytes) => all.extend_from_slice(&xxh3_64(&bytes).to_le_bytes()),
            Err(_) => all.push(1),
        }
    }
    xxh3_64(&all)
}

/// A fingerprint of the lines holding one of `markers`.
fn listing_lines(text: &str, markers: &[String]) -> u64 {
    let mut kept = String::new();
    for line in text
        .lines()
        .filter(|line| markers.iter().any(|m| line.contains(m.as_str())))
    {
        kept.push_str(line);
        kept.push('\n');
    }
    xxh3_64(kept.as_bytes())
}

fn has_extension(file: &str, extensions: &[String]) -> bool {
    Path::new(file)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|ext| extensions.iter().any(|x| x.eq_ignore_ascii_case(ext)))
}

fn language_id(path: &str, command: &SessionCommand) -> String {
    let ext = Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default();
    command
        .language_ids
        .get(ext)
        .cloned()
        .unwrap_or_else(|| ext.to_owned())
}

fn command_line(invocation: &Invocation) -> String {
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

/// A `file://` URI, percent-encoding every byte outside the unreserved set and `/`.
pub(super) fn file_uri(path: &Path) -> String {
    use std::os::unix::ffi::OsStrExt;
    let mut uri = String::from("file://");
    for &byte in path.as_os_str().as_bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/".contains(&byte) {
            uri.push(byte as char);
        } else {
            uri.push_str(&format!("%{byte:02X}"));
        }
    }
    uri
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_encode_what_is_not_plain() {
        assert_eq!(file_uri(Path::new("/a b/c#d.ts")), "file:///a%20b/c%23d.ts");
        assert_eq!(file_uri(Path::new("/src/x-y_z.ts")), "file:///src/x-y_z.ts");
    }

    #[test]
    fn only_marked_lines_count_for_the_listing() {
        let markers = vec!["import".to_owned()];
        let a = listing_lines("import { a } from './a.js';\nconst x = 1;\n", &markers);
        let body = listing_lines("import { a } from './a.js';\nconst x = 2;\n", &markers);
        let import = listing_lines("import { b } from './b.js';\nconst x = 1;\n", &markers);
        assert_eq!(a, body);
        assert_ne!(a, import);
    }
}
