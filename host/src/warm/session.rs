//! One persistent engine for one program: what it was told, what it answered. A check reads
//! the disk, asks [`plan`] what to tell the server, tells it in the session's
//! [`Dialect`], asks the adapter how far the edits reach, and pulls the files [`pull_order`]
//! names; every other file keeps the result it had.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

use signalint_plugin_api::{Diagnostic, ImporterRequest, ParseOutcome, SessionCommand};

use super::adapter::{self, Files, Listing, Plan};
use super::dialect::{self, Changes, Dialect, Reply};
use super::error::WarmError;
use super::inputs::Stamps;
use super::plan::{self, Doc, Known, Now, pull_order};
use super::texts::{Text, Texts};
use super::{Early, Placed, Request};
use crate::runner::{self, Persistent};

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

/// A file whose diagnostics were asked for, and the replies to come.
type Pulling = (String, Vec<Reply>);

pub(super) struct Session {
    identity: String,
    /// The files whose change restarts the session, as they were when it started.
    inputs: Stamps,
    command: SessionCommand,
    dialect: Box<dyn Dialect>,
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
    /// Why the program's files could not be listed, and the fingerprint of the sources then:
    /// while they are the same, the check runs one-shot without listing again, and the
    /// one-shot run answers from the cache, as the CLI's does.
    unlisted: Option<(String, u64)>,
    pub(super) last_used: Instant,
    /// When [`Session::rss_bytes_due`] last measured.
    rss_measured: Option<Instant>,
}

impl Session {
    /// Starts the process and initializes the protocol.
    pub(super) async fn start(request: &Request<'_>, plan: &Plan) -> Result<Self, String> {
        let root = request.root.to_owned();
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
            .runner
            .spawn_persistent(&command)
            .await
            .map_err(|e| WarmError::Spawn(e.to_string()).to_string())?;
        let (Some(stdin), Some(stdout)) = (process.stdin.take(), process.stdout.take()) else {
            return Err(WarmError::Pipes.to_string());
        };
        let dialect = dialect::start(
            &plan.command,
            &root,
            stdin,
            stdout,
            request.runner.output_cap(),
        );
        if let Err(e) = dialect.initialize(request.timeout).await {
            return Err(explain(&mut process, &e));
        }
        Ok(Self {
            identity: plan.identity.clone(),
            inputs: Stamps::of(request),
            command: plan.command.clone(),
            dialect,
            process,
            root,
            docs: HashMap::new(),
            files: None,
            texts: Texts::default(),
            sources: BTreeSet::new(),
            results: HashMap::new(),
            interrupted: false,
            wrong_project: None,
            unlisted: None,
            last_used: Instant::now(),
            rss_measured: None,
        })
    }

    /// Why this session cannot answer `request` (then it is restarted), or `None`.
    pub(super) fn stale(&mut self, request: &Request<'_>, plan: &Plan) -> Option<String> {
        if plan.identity != self.identity {
            return Some("its command or settings changed".into());
        }
        if let Some(status) = self.process.exited() {
            return Some(format!("it had exited ({status})"));
        }
        if let Some(reason) = self.dialect.client().closed() {
            return Some(format!("its output closed: {reason}"));
        }
        if let Some(changed) = self.inputs.changed(request) {
            return Some(format!(
                "a program input changed ({changed}: a config, a config it extends, a package \
                 manifest or lockfile, or node_modules)"
            ));
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

    /// `error`, with what the process said on stderr before it failed.
    pub(super) fn explain(&mut self, error: &WarmError) -> String {
        explain(&mut self.process, error)
    }

    /// Whether the process still runs and its output is open.
    pub(super) fn alive(&mut self) -> bool {
        self.process.exited().is_none() && self.dialect.client().closed().is_none()
    }

    /// Whether the server has `file` open with the text in `texts`.
    pub(super) fn holds(
        &self,
        file: &str,
        texts: &std::collections::BTreeMap<String, String>,
    ) -> bool {
        match (self.docs.get(file), texts.get(file)) {
            (Some(doc), Some(text)) => *doc.text == **text,
            _ => false,
        }
    }

    /// Opens `texts` in a session started for code fixes alone (nothing else is opened).
    pub(super) async fn open(
        &mut self,
        texts: HashMap<String, Text>,
        timeout: std::time::Duration,
    ) -> Result<(), WarmError> {
        let sync = plan::Sync {
            created: Vec::new(),
            close: Vec::new(),
            deleted: Vec::new(),
            send: texts.keys().map(|path| (path.clone(), 1)).collect(),
            changed: Vec::new(),
            reach_asks: Vec::new(),
            everything: false,
        };
        self.dialect
            .tell(
                Changes {
                    sync: &sync,
                    texts: &texts,
                    first: true,
                },
                timeout,
            )
            .await
    }

    /// The fixes the server offers for each of `asks`, by issue id; one that fails is logged
    /// and has none.
    pub(super) async fn code_fixes(
        &mut self,
        asks: &[super::fixes::FixAsk],
        timeout: std::time::Duration,
    ) -> Result<super::fixes::Offers, String> {
        let mut offers = super::fixes::Offers::new();
        for ask in asks {
            match self.dialect.code_fixes(ask, timeout).await {
                Ok(found) => {
                    offers.insert(ask.issue_id.clone(), found);
                }
                Err(e) => {
                    if !self.alive() {
                        return Err(self.explain(&e));
                    }
                    tracing::warn!("no code fix for {}: {e}", ask.file);
                }
            }
        }
        Ok(offers)
    }

    /// Lists the program's files (again); `Some(why)` when this state needs the one-shot run.
    async fn list(&mut self, request: &Request<'_>) -> Result<Option<String>, WarmError> {
        let mut sources = request.sources();
        sources.sort();
        let fingerprint = self.sources_fingerprint(&sources);
        match adapter::list(request, &self.command, sources.into_iter()).await? {
            Listing::Files(files) => {
                self.files = Some(files);
                self.unlisted = None;
                Ok(None)
            }
            Listing::OneShot(reason) => {
                self.files = None;
                self.unlisted = Some((reason.clone(), fingerprint));
                Ok(Some(reason))
            }
        }
    }

    /// A fingerprint of the sources' paths and texts (read again only where their metadata
    /// changed).
    fn sources_fingerprint(&mut self, sources: &[String]) -> u64 {
        let texts = self.texts.refresh(&self.root, sources);
        let mut all = Vec::with_capacity(sources.len() * 16);
        for path in sources {
            all.extend_from_slice(path.as_bytes());
            all.push(0);
            match texts.get(path) {
                Some(text) => all.extend_from_slice(&text.hash.to_le_bytes()),
                None => all.push(1),
            }
        }
        xxhash_rust::xxh3::xxh3_64(&all)
    }

    /// Tells the server every change, pulls what can have changed, and answers for every
    /// file of the program.
    pub(super) async fn check(&mut self, request: &Request<'_>) -> Result<Checked, WarmError> {
        let started = Instant::now();
        let sources: BTreeSet<String> = request.sources().into_iter().collect();
        let first = self.files.is_none();
        // The program could not be listed, and no source changed since: listing again (a
        // run of the engine) would fail again.
        if first && let Some((reason, seen)) = self.unlisted.clone() {
            let sources: Vec<String> = sources.iter().cloned().collect();
            if self.sources_fingerprint(&sources) == seen {
                return Ok(Checked::OneShot(reason));
            }
        }
        let mut listed = false;
        if first || sources != self.sources {
            if let Some(reason) = self.list(request).await? {
                return Ok(Checked::OneShot(reason));
            }
            listed = true;
        }
        let mut texts = self.read_files();
        // An edit of a line that may change the program's files (an import) lists them again.
        if !listed && plan::listing_changed(&self.docs, &texts, &self.command.list_again_on) {
            if let Some(reason) = self.list(request).await? {
                return Ok(Checked::OneShot(reason));
            }
            texts = self.read_files();
        }
        tracing::debug!(elapsed = ?started.elapsed(), files = texts.len(), "program files read");
        let files = self
            .files
            .as_ref()
            .map(|f| f.files.clone())
            .unwrap_or_default();
        // The files the engine reports on: declaration files under `skipLibCheck` are read by
        // the program but never checked, and pulling them would check them all.
        let reported: Vec<String> = files
            .iter()
            .filter(|path| self.command.reports_on(path))
            .cloned()
            .collect();

        let root = self.root.clone();
        let exists = move |path: &str| root.join(path).exists();
        let resumed = std::mem::replace(&mut self.interrupted, true);
        let sync = plan::sync(
            &Known {
                docs: &self.docs,
                sources: &self.sources,
                resumed,
                first,
            },
            &Now {
                files: &files,
                texts: &texts,
                sources: &sources,
                exists: &exists,
            },
        );
        self.sources = sources;
        for path in &sync.close {
            self.results.remove(path);
        }
        self.dialect
            .tell(
                Changes {
                    sync: &sync,
                    texts: &texts,
                    first,
                },
                request.timeout,
            )
            .await?;
        plan::apply(&mut self.docs, &sync, &texts, &self.command.list_again_on);
        let opened: Vec<String> = sync.opened().cloned().collect();
        if !opened.is_empty()
            && self.wrong_project.is_none()
            && let Some(reason) = self.dialect.misplaced(&opened, request.timeout).await?
        {
            self.wrong_project = Some(reason);
        }
        if let Some(reason) = &self.wrong_project {
            return Ok(Checked::OneShot(reason.clone()));
        }

        // How far each edit reaches: the farther of the old text's and the new one's. An edit
        // that leaves what other files see unchanged reaches the file alone: the importers'
        // last results were answered against the same declarations, so they still hold.
        let reaches = adapter::reaches(request, &sync.reach_asks, &texts).await?;
        let (reaches_all, mut reached, renamed) = plan::absorb(&mut self.docs, &sync, reaches);
        let everything = sync.everything || reaches_all;
        tracing::debug!(elapsed = ?started.elapsed(), "reach asked");
        if !everything && !first {
            let asks = self.importer_asks(&renamed, &sync.changed, &texts);
            reached.untouched = adapter::untouched(request, asks).await?;
        }
        tracing::debug!(elapsed = ?started.elapsed(), untouched = reached.untouched.len(), "importers asked");

        // Files new to the program have no result yet, so they are pulled too.
        let no_importers = HashMap::new();
        let (order, early) = pull_order(
            &files,
            &sync.changed,
            &reached,
            everything || first,
            self.files.as_ref().map_or(&no_importers, |f| &f.importers),
            |path| self.results.contains_key(path),
        );
        // An edit of an unchecked file still reaches its importers (the order follows every
        // file); only the files the engine reports on are asked for.
        let early = order[..early]
            .iter()
            .filter(|path| self.command.reports_on(path))
            .count();
        let order: Vec<String> = order
            .into_iter()
            .filter(|path| self.command.reports_on(path))
            .collect();
        // Forgotten before they are asked for: a check cancelled half-way leaves them without
        // a result, so the next check pulls them again instead of answering what they were.
        for path in &order {
            self.results.remove(path);
        }
        if let Some(reason) = self.program_diagnostics(request).await? {
            // Left interrupted: the next check pulls every file.
            return Ok(Checked::OneShot(reason));
        }
        let pulled = self.pull(request, &order, early, first).await?;
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
        let in_program: HashSet<&String> = reported.iter().collect();
        self.results.retain(|path, _| in_program.contains(path));
        let mut answer = Answer {
            note: format!(
                "persistent `{}` (pid {}): complete, every file of the program; {} of {} files \
                 re-checked in {} ms{}",
                adapter::command_line(&self.command.command),
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

    /// The text of every program file on disk now (a file that cannot be read is absent).
    fn read_files(&mut self) -> HashMap<String, Text> {
        let Some(files) = &self.files else {
            return HashMap::new();
        };
        self.texts.refresh(&self.root, &files.files)
    }

    /// For each edited file that only gained or lost names, what to ask the adapter of each
    /// of its direct importers. An edited importer is re-checked anyway, so it is not asked.
    fn importer_asks(
        &self,
        renamed: &[(String, Vec<String>)],
        changed: &[String],
        texts: &HashMap<String, Text>,
    ) -> Vec<ImporterRequest> {
        let mut asks = Vec::new();
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
        asks
    }

    /// The program's file-less diagnostics, where the protocol has them: `Some(why)` when
    /// there are any, and the check runs one-shot (`tsc` then checks no file).
    async fn program_diagnostics(
        &self,
        request: &Request<'_>,
    ) -> Result<Option<String>, WarmError> {
        let Some(items) = self.dialect.program_diagnostics(request.timeout).await? else {
            return Ok(None);
        };
        let report = adapter::report(&self.root, &self.command, "", items);
        let mut mapped = adapter::map(request.plugin, request.engine, vec![report]).await?;
        Ok(mapped.pop().and_then(|(_, outcome)| outcome.one_shot))
    }

    /// Pulls the files of `order`, all in flight at once; the first `early` of them (the
    /// edited files and their direct importers) are read, and sent to whoever waits for them,
    /// before the rest.
    async fn pull(
        &self,
        request: &Request<'_>,
        order: &[String],
        early: usize,
        first: bool,
    ) -> Result<Vec<(String, ParseOutcome)>, WarmError> {
        let mut waiting = Vec::with_capacity(order.len());
        for path in order {
            waiting.push((path.clone(), self.dialect.pull(path)?));
        }
        let rest = waiting.split_off(early.min(waiting.len()));
        let mut pulled = self.finish(request, waiting).await?;
        if !first
            && !pulled.is_empty()
            && pulled.iter().all(|(_, mapped)| mapped.one_shot.is_none())
            && let Some(sink) = request.early
        {
            sink(Early {
                engine: request.engine.to_owned(),
                files: pulled.iter().map(|(path, _)| path.clone()).collect(),
                issues: pulled
                    .iter()
                    .flat_map(|(_, mapped)| mapped.diagnostics.iter().map(early_line))
                    .collect(),
            });
        }
        pulled.extend(self.finish(request, rest).await?);
        Ok(pulled)
    }

    /// Waits for the diagnostics [`Self::pull`] asked for, and maps them.
    async fn finish(
        &self,
        request: &Request<'_>,
        waiting: Vec<Pulling>,
    ) -> Result<Vec<(String, ParseOutcome)>, WarmError> {
        let client = self.dialect.client();
        let mut reports = Vec::with_capacity(waiting.len());
        for (path, replies) in waiting {
            let mut items = Vec::new();
            for reply in replies {
                let reply = client.finish("diagnostics", reply, request.timeout).await?;
                let Some(more) = self.dialect.items(reply) else {
                    return Err(WarmError::NoReport(path));
                };
                items.extend(more);
            }
            reports.push(adapter::report(
                &self.root,
                &self.command,
                &path,
                serde_json::Value::Array(items),
            ));
        }
        adapter::map(request.plugin, request.engine, reports).await
    }
}

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

/// `error`, with the tail of the process's stderr.
fn explain(process: &mut Persistent, error: &WarmError) -> String {
    let tail = process.stderr_tail(5);
    let exited = process
        .exited()
        .map(|s| format!("; it exited ({s})"))
        .unwrap_or_default();
    if tail.is_empty() {
        format!("{error}{exited}")
    } else {
        format!("{error}{exited}; stderr: {tail}")
    }
}

/// Whether `file` has one of `extensions`.
pub(super) fn has_extension(file: &str, extensions: &[String]) -> bool {
    Path::new(file)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|ext| extensions.iter().any(|x| x.eq_ignore_ascii_case(ext)))
}
