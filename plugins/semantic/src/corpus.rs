//! The corpus the scanned tools are compared with, and its cached embeddings.
//!
//! The built-in corpus is the 3,065 tools of 258 public servers of
//! `corpus/real-benign/watchtower-smithery.json`, compiled into the pack. A corpus file is a
//! JSON array of servers (or one server object):
//!
//! ```json
//! [{"server": "acme/search", "displayName": "Acme Search",
//!   "tools": [{"name": "search_docs", "description": "Full-text search over the docs"}]}]
//! ```
//!
//! `displayName` defaults to the name quoted in a `note` that starts `Smithery server '…'`
//! (the built-in corpus keeps it there), else to `server`. Tools without a description are
//! left out, since only descriptions are embedded.
//!
//! Embeddings are cached in `<cache_dir>/corpus-<key>.vec`, where the key hashes the model files
//! and every embedded description: a second scan with the same model and corpus embeds only
//! the scanned tools, and any change to either embeds the corpus again.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use serde::Deserialize;
use signalint_plugin_api::PluginError;

use crate::model::{DIM, Embedder, Vectors};

/// The built-in corpus file, as shipped in the repository.
pub const DEFAULT_CORPUS_JSON: &str =
    include_str!("../../../corpus/real-benign/watchtower-smithery.json");
/// The origin name of the built-in corpus in messages.
pub const DEFAULT_CORPUS_NAME: &str = "built-in corpus (watchtower-smithery.json)";

/// First bytes of a cache file.
const CACHE_MAGIC: &[u8; 8] = b"SGSEMV1\n";
/// First bytes of a partial file, whose rows follow the descriptions by token count (a partial
/// file of another order is started over).
const PARTIAL_MAGIC: &[u8; 8] = b"SGSEMP2\n";

/// One corpus tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CorpusTool {
    pub server: String,
    pub display_name: String,
    pub name: String,
    pub description: String,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum FileShape {
    Many(Vec<ServerEntry>),
    One(ServerEntry),
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ServerEntry {
    server: String,
    #[serde(default)]
    display_name: Option<String>,
    #[serde(default)]
    note: Option<String>,
    #[serde(default)]
    tools: Vec<ToolEntry>,
}

#[derive(Deserialize)]
struct ToolEntry {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    description: Option<String>,
}

/// The tools of one corpus file's text; `origin` names it in errors.
pub fn parse(json: &str, origin: &str) -> Result<Vec<CorpusTool>, PluginError> {
    let shape: FileShape = serde_json::from_str(json).map_err(|e| {
        PluginError::new(format!(
            "semantic: corpus {origin} is not a corpus file ({e}); expected [{{\"server\": …, \"displayName\": …, \"tools\": [{{\"name\": …, \"description\": …}}]}}]"
        ))
    })?;
    let servers = match shape {
        FileShape::Many(servers) => servers,
        FileShape::One(server) => vec![server],
    };
    let mut tools = Vec::new();
    for entry in servers {
        let display_name = entry
            .display_name
            .or_else(|| {
                let rest = entry.note.as_deref()?.strip_prefix("Smithery server '")?;
                Some(rest.split_once('\'')?.0.to_owned())
            })
            .unwrap_or_else(|| entry.server.clone());
        for tool in entry.tools {
            let (Some(name), Some(description)) = (tool.name, tool.description) else {
                continue;
            };
            if description.trim().is_empty() || name.is_empty() {
                continue;
            }
            tools.push(CorpusTool {
                server: entry.server.clone(),
                display_name: display_name.clone(),
                name,
                description,
            });
        }
    }
    Ok(tools)
}

/// The built-in corpus, parsed once.
pub fn default_tools() -> &'static [CorpusTool] {
    static TOOLS: OnceLock<Vec<CorpusTool>> = OnceLock::new();
    TOOLS.get_or_init(|| parse(DEFAULT_CORPUS_JSON, DEFAULT_CORPUS_NAME).expect("valid corpus"))
}

/// The corpus of a check: the built-in one (unless disabled) and the configured files.
pub fn load(default_corpus: bool, files: &[PathBuf]) -> Result<Vec<CorpusTool>, PluginError> {
    let mut tools = if default_corpus {
        default_tools().to_vec()
    } else {
        Vec::new()
    };
    for file in files {
        let path = crate::options::expand(file);
        let text = std::fs::read_to_string(&path).map_err(|e| {
            PluginError::new(format!(
                "semantic: cannot read corpus file {} (option `corpus`): {e}",
                path.display()
            ))
        })?;
        tools.extend(parse(&text, &path.display().to_string())?);
    }
    Ok(tools)
}

/// Whether the corpus vectors came from the cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CacheUse {
    /// Already loaded in this process (from the same cache file).
    Memory,
    /// Read from the cache file.
    Disk,
    /// Embedded now (and written to the cache file).
    Embedded,
    /// Embedded now, but the cache file could not be written: the next process embeds again.
    Unsaved,
}

/// The corpus with one unit vector per tool description.
#[derive(Debug)]
pub struct EmbeddedCorpus {
    pub tools: Vec<CorpusTool>,
    pub vectors: Arc<Vectors>,
    pub cache: CacheUse,
    /// The cache file of this model and corpus.
    pub cache_file: PathBuf,
    /// Corpus indices by lower-cased tool name.
    by_name: HashMap<String, Vec<usize>>,
}

/// How much time embedding a corpus that is not cached may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// As long as it takes (`signalint setup`, a library caller): progress goes to stderr.
    Unlimited,
    /// Until this instant (a check): what is embedded by then is saved, and the call fails
    /// with a message that says how far it got and what to run.
    Until(Instant),
}

impl EmbeddedCorpus {
    /// Embeds `tools` with `model`, through the cache in `cache_dir`, taking as long as needed.
    pub fn new(
        model: &Embedder,
        tools: Vec<CorpusTool>,
        cache_dir: &Path,
    ) -> Result<Self, PluginError> {
        Self::within(model, tools, cache_dir, Budget::Unlimited)
    }

    /// [`Self::new`] within a time budget.
    pub fn within(
        model: &Embedder,
        tools: Vec<CorpusTool>,
        cache_dir: &Path,
        budget: Budget,
    ) -> Result<Self, PluginError> {
        // By cache file, whose name holds the key.
        static IN_MEMORY: OnceLock<Mutex<HashMap<PathBuf, Arc<Vectors>>>> = OnceLock::new();
        let key = cache_key(model, &tools);
        let cache_file = cache_dir.join(format!("corpus-{}.vec", &key.to_hex()[..32]));
        let memory = IN_MEMORY.get_or_init(Default::default);
        let cached = memory
            .lock()
            .expect("corpus cache")
            .get(&cache_file)
            .cloned();
        let (vectors, cache) = match cached {
            Some(vectors) => (vectors, CacheUse::Memory),
            None => {
                let (vectors, cache) = embed_once(model, &tools, &cache_file, budget)?;
                let vectors = Arc::new(vectors);
                memory
                    .lock()
                    .expect("corpus cache")
                    .insert(cache_file.clone(), vectors.clone());
                (vectors, cache)
            }
        };
        let mut by_name: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, tool) in tools.iter().enumerate() {
            by_name.entry(tool.name.to_lowercase()).or_default().push(i);
        }
        Ok(Self {
            tools,
            vectors,
            cache,
            cache_file,
            by_name,
        })
    }

    /// Corpus tools named `name`, case-insensitively.
    pub fn named(&self, name: &str) -> &[usize] {
        self.by_name
            .get(&name.to_lowercase())
            .map_or(&[], Vec::as_slice)
    }
}

/// Texts embedded between two saves of the partial cache file.
const CHUNK: usize = 64;
/// A lock file not touched for this long belongs to a process that is gone.
const STALE_LOCK: Duration = Duration::from_secs(120);

/// The corpus vectors from the cache file, or embedded now. One process at a time embeds a
/// corpus: others wait for its cache file while it works (it touches its lock file after every
/// chunk). Progress is saved in `<key>.partial` after every chunk, so an embedding cut short
/// (a check that timed out, a killed process) resumes where it stopped. A cache directory that
/// cannot be written costs time, not results.
fn embed_once(
    model: &Embedder,
    tools: &[CorpusTool],
    cache_file: &Path,
    budget: Budget,
) -> Result<(Vectors, CacheUse), PluginError> {
    let lock = cache_file.with_extension("lock");
    let partial = cache_file.with_extension("partial");
    let dir = cache_file.parent().unwrap_or(Path::new("."));
    // Why nothing embedded here outlives the process, when the cache cannot be written.
    let mut unwritable = std::fs::create_dir_all(dir).err().map(|e| e.to_string());
    let locked = loop {
        if let Some(vectors) = read_cache(cache_file, tools.len()) {
            return Ok((vectors, CacheUse::Disk));
        }
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&lock)
        {
            Ok(_) => break true,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                let fresh = std::fs::metadata(&lock)
                    .and_then(|m| m.modified())
                    .is_ok_and(|t| t.elapsed().unwrap_or_default() < STALE_LOCK);
                if !fresh {
                    let _ = std::fs::remove_file(&lock);
                } else if let Budget::Until(deadline) = budget
                    && Instant::now() >= deadline
                {
                    return Err(PluginError::new(format!(
                        "semantic: another process is embedding the corpus ({} is held); check \
                         again when it is done, or run `signalint setup` to wait for it",
                        lock.display()
                    )));
                } else {
                    std::thread::sleep(Duration::from_millis(250));
                }
            }
            Err(e) => {
                unwritable.get_or_insert(e.to_string());
                break false;
            }
        }
    };
    let lock_held = locked.then_some(lock.as_path());
    let result = embed_resuming(model, tools, cache_file, lock_held, budget);
    if locked {
        let _ = std::fs::remove_file(&lock);
    }
    match result? {
        Embedded::All(vectors) => match write_cache(cache_file, &vectors) {
            Ok(()) => {
                let _ = std::fs::remove_file(&partial);
                Ok((vectors, CacheUse::Embedded))
            }
            Err(e) => {
                if budget == Budget::Unlimited {
                    warn(&format!(
                        "semantic: the corpus is embedded, but its cache cannot be written to \
                         {} ({e}), so every new process embeds it again (about a minute); set \
                         `cache_dir` in `[rule_packs.semantic.options]` to a writable directory",
                        dir.display()
                    ));
                }
                Ok((vectors, CacheUse::Unsaved))
            }
        },
        Embedded::Partly { done, now, saved } => {
            let total = tools.len();
            let dir = dir.display();
            Err(PluginError::new(if saved {
                format!(
                    "semantic: the corpus is not embedded yet: {done} of {total} descriptions are \
                     cached ({now} by this check) in {dir}, and a check waits for no more; run \
                     `signalint setup` once to embed the rest (it shows progress), or check \
                     again to continue"
                )
            } else {
                format!(
                    "semantic: the corpus is not embedded yet: {done} of {total} descriptions are \
                     embedded ({now} by this check), but the cache directory {dir} cannot be \
                     written ({}), so they last only while this process runs; set `cache_dir` \
                     in `[rule_packs.semantic.options]` to a writable directory and run \
                     `signalint setup` once",
                    unwritable
                        .as_deref()
                        .unwrap_or("writing the partial file failed")
                )
            }))
        }
    }
}

/// Rows of corpora whose embedding a check cut short, by cache file: where the partial file
/// cannot be written, a long-running process (the MCP server) still continues from them.
fn partial_rows() -> &'static Mutex<HashMap<PathBuf, Vec<f32>>> {
    static ROWS: OnceLock<Mutex<HashMap<PathBuf, Vec<f32>>>> = OnceLock::new();
    ROWS.get_or_init(Default::default)
}

#[allow(clippy::print_stderr)]
fn warn(message: &str) {
    eprintln!("{message}");
}

/// What [`embed_resuming`] got through.
enum Embedded {
    All(Vectors),
    /// The budget ran out: `done` rows are embedded, `now` of them by this call; `saved` when
    /// they are in the partial file too (not only in this process's memory).
    Partly {
        done: usize,
        now: usize,
        saved: bool,
    },
}

/// Embeds the descriptions, fewest tokens first (batches of one length pad little), starting
/// after the rows already in `partial` and appending each chunk to it (only while holding the
/// lock), until the budget runs out.
fn embed_resuming(
    model: &Embedder,
    tools: &[CorpusTool],
    cache_file: &Path,
    lock: Option<&Path>,
    budget: Budget,
) -> Result<Embedded, PluginError> {
    let partial = &cache_file.with_extension("partial");
    let descriptions: Vec<&str> = tools.iter().map(|t| t.description.as_str()).collect();
    let tokens = model.token_counts(&descriptions)?;
    let mut order: Vec<usize> = (0..tools.len()).collect();
    order.sort_by_key(|&i| tokens[i]);
    // Rows in `order`.
    let mut sorted = match lock {
        Some(_) => read_partial(partial, tools.len()),
        None => Vec::new(),
    };
    if let Some(rows) = partial_rows()
        .lock()
        .expect("partial rows")
        .remove(cache_file)
        && rows.len() > sorted.len()
    {
        sorted = rows;
    }
    let mut file = lock.and_then(|_| {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(true)
            .open(partial)
            .ok()?;
        let mut file = std::io::BufWriter::new(file);
        file.write_all(PARTIAL_MAGIC).ok()?;
        write_floats(&mut file, &sorted).ok()?;
        file.flush().ok()?;
        Some(file)
    });
    let done = sorted.len() / DIM;
    let mut progress = Progress::new(budget == Budget::Unlimited && done < tools.len());
    for chunk in order[done..].chunks(CHUNK) {
        if let Budget::Until(deadline) = budget
            && Instant::now() >= deadline
        {
            let rows = sorted.len() / DIM;
            let saved = file.is_some();
            partial_rows()
                .lock()
                .expect("partial rows")
                .insert(cache_file.to_owned(), sorted);
            return Ok(Embedded::Partly {
                done: rows,
                now: rows - done,
                saved,
            });
        }
        progress.show(sorted.len() / DIM, tools.len(), false);
        let texts: Vec<&str> = chunk
            .iter()
            .map(|&i| tools[i].description.as_str())
            .collect();
        let vectors = model.embed(&texts)?;
        if let Some(out) = file.as_mut()
            && (write_floats(out, &vectors.data).is_err() || out.flush().is_err())
        {
            file = None;
        }
        if let Some(lock) = lock {
            let _ = std::fs::write(lock, b"embedding");
        }
        sorted.extend_from_slice(&vectors.data);
    }
    progress.show(tools.len(), tools.len(), true);
    let mut data = vec![0f32; sorted.len()];
    for (row, &i) in sorted.chunks_exact(DIM).zip(&order) {
        data[i * DIM..(i + 1) * DIM].copy_from_slice(row);
    }
    Ok(Embedded::All(Vectors { data }))
}

/// Lines of progress on stderr while a corpus is embedded with no budget (`signalint setup`
/// shows them): the first chunk, one every few seconds, and the end. The pack prints nothing
/// else.
struct Progress {
    on: bool,
    started: Instant,
    last: Option<Instant>,
}

impl Progress {
    const EVERY: Duration = Duration::from_secs(5);

    fn new(on: bool) -> Self {
        Self {
            on,
            started: Instant::now(),
            last: None,
        }
    }

    #[allow(clippy::print_stderr)]
    fn show(&mut self, done: usize, total: usize, end: bool) {
        if !self.on || !(end || self.last.is_none_or(|t| t.elapsed() >= Self::EVERY)) {
            return;
        }
        self.last = Some(Instant::now());
        eprintln!(
            "semantic: embedding the corpus: {done}/{total} descriptions ({:.0} s)",
            self.started.elapsed().as_secs_f64()
        );
    }
}

/// The whole rows of a partial file (at most `count`).
fn read_partial(path: &Path, count: usize) -> Vec<f32> {
    let Ok(bytes) = std::fs::read(path) else {
        return Vec::new();
    };
    let Some(floats) = bytes.strip_prefix(PARTIAL_MAGIC) else {
        return Vec::new();
    };
    let rows = (floats.len() / (DIM * 4)).min(count);
    floats[..rows * DIM * 4]
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect()
}

fn write_floats(out: &mut impl Write, data: &[f32]) -> std::io::Result<()> {
    for x in data {
        out.write_all(&x.to_le_bytes())?;
    }
    Ok(())
}

/// Hash of the model and of every embedded text, in order.
fn cache_key(model: &Embedder, tools: &[CorpusTool]) -> blake3::Hash {
    let mut hasher = blake3::Hasher::new();
    hasher.update(model.fingerprint());
    for tool in tools {
        hasher.update(&(tool.description.len() as u64).to_le_bytes());
        hasher.update(tool.description.as_bytes());
    }
    hasher.finalize()
}

fn read_cache(path: &Path, count: usize) -> Option<Vectors> {
    let bytes = std::fs::read(path).ok()?;
    let body = bytes.strip_prefix(CACHE_MAGIC)?;
    let (stored, floats) = body.split_first_chunk::<8>()?;
    if u64::from_le_bytes(*stored) != count as u64 || floats.len() != count * DIM * 4 {
        return None;
    }
    let data = floats
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    Some(Vectors { data })
}

/// Writes through a temporary file and a rename, so that scans running side by side never
/// read half a file.
fn write_cache(path: &Path, vectors: &Vectors) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let mut file = tempfile_in(dir)?;
    let mut bytes = Vec::with_capacity(16 + vectors.data.len() * 4);
    bytes.extend_from_slice(CACHE_MAGIC);
    bytes.extend_from_slice(&(vectors.len() as u64).to_le_bytes());
    for x in &vectors.data {
        bytes.extend_from_slice(&x.to_le_bytes());
    }
    file.1.write_all(&bytes)?;
    file.1.sync_all()?;
    std::fs::rename(&file.0, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&file.0);
    })
}

/// A new file in `dir` with a name no other process uses.
fn tempfile_in(dir: &Path) -> std::io::Result<(PathBuf, std::fs::File)> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let path = dir.join(format!(".corpus-{}-{nanos}.tmp", std::process::id()));
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)?;
    Ok((path, file))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_corpus_has_every_tool() {
        let tools = default_tools();
        assert_eq!(tools.len(), 3065);
        let servers: std::collections::HashSet<&str> =
            tools.iter().map(|t| t.server.as_str()).collect();
        assert_eq!(servers.len(), 258);
        let math = &tools[0];
        assert_eq!(
            (
                math.server.as_str(),
                math.display_name.as_str(),
                math.name.as_str()
            ),
            ("EthanHenrickson/math-mcp", "Math-MCP", "add")
        );
    }

    #[test]
    fn corpus_files_take_one_server_or_many() {
        let one = r#"{"server": "acme/search", "displayName": "Acme Search",
            "tools": [{"name": "search_docs", "description": "Search the docs"},
                      {"name": "blank", "description": " "}, {"name": "none"}]}"#;
        let tools = parse(one, "one.json").unwrap();
        assert_eq!(tools.len(), 1);
        assert_eq!(tools[0].display_name, "Acme Search");
        let many = r#"[{"server": "a", "tools": [{"name": "x", "description": "d"}]}]"#;
        assert_eq!(parse(many, "many.json").unwrap()[0].display_name, "a");
        let error = parse("{\"tools\": 1}", "bad.json").unwrap_err();
        assert!(error.message().contains("bad.json"), "{error}");
    }

    #[test]
    fn a_missing_corpus_file_is_an_error() {
        let error = load(false, &[PathBuf::from("/nonexistent/corpus.json")]).unwrap_err();
        assert!(
            error.message().contains("/nonexistent/corpus.json"),
            "{error}"
        );
    }

    #[test]
    fn cache_files_round_trip_and_reject_other_sizes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/corpus-x.vec");
        let vectors = Vectors {
            data: (0..2 * DIM).map(|i| i as f32 / 7.0).collect(),
        };
        write_cache(&path, &vectors).unwrap();
        assert_eq!(read_cache(&path, 2), Some(vectors));
        assert_eq!(read_cache(&path, 3), None);
        std::fs::write(&path, b"junk").unwrap();
        assert_eq!(read_cache(&path, 2), None);
    }

    fn test_model() -> std::sync::Arc<Embedder> {
        let dir = std::env::var_os("SIGNALINT_SEMANTIC_MODEL")
            .map(PathBuf::from)
            .unwrap_or_else(|| {
                PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                    .join("../../test-engines/models/all-minilm-l6-v2")
            });
        Embedder::shared(&dir, "tests").unwrap_or_else(|e| panic!("{e}"))
    }

    fn three_tools() -> Vec<CorpusTool> {
        parse(
            r#"[{"server": "s", "tools": [
                {"name": "a", "description": "Adds two numbers together"},
                {"name": "b", "description": "Sends"},
                {"name": "c", "description": "Reads a file from the disk"}]}]"#,
            "test",
        )
        .unwrap()
    }

    /// A partial file of one row of 0.5s, as an embedding cut short after one row leaves.
    fn save_one_row(cache_file: &Path) {
        let mut partial = PARTIAL_MAGIC.to_vec();
        for _ in 0..DIM {
            partial.extend_from_slice(&0.5f32.to_le_bytes());
        }
        std::fs::write(cache_file.with_extension("partial"), partial).unwrap();
    }

    #[test]
    fn an_interrupted_embedding_resumes_from_its_partial_file() {
        let model = test_model();
        let tools = three_tools();
        let dir = tempfile::tempdir().unwrap();
        let cache_file = dir.path().join("corpus-k.vec");
        let (full, cache) = embed_once(&model, &tools, &cache_file, Budget::Unlimited).unwrap();
        assert_eq!(cache, CacheUse::Embedded);
        assert!(!cache_file.with_extension("partial").exists());
        assert!(!cache_file.with_extension("lock").exists());
        // Cut short after one row: the description of fewest tokens ("Sends", tool 1) comes
        // first.
        std::fs::remove_file(&cache_file).unwrap();
        save_one_row(&cache_file);
        let (resumed, _) = embed_once(&model, &tools, &cache_file, Budget::Unlimited).unwrap();
        assert!(
            resumed.row(1).iter().all(|&x| x == 0.5),
            "the saved row is kept"
        );
        assert_eq!(resumed.row(0), full.row(0));
        assert_eq!(resumed.row(2), full.row(2));
        assert_eq!(read_cache(&cache_file, 3), Some(resumed));
    }

    #[test]
    fn an_unwritable_cache_says_so_and_the_process_still_resumes() {
        let model = test_model();
        let tools = three_tools();
        let dir = tempfile::tempdir().unwrap();
        // A directory that cannot be created, even by root: its parent is a regular file.
        let blocker = dir.path().join("not-a-dir");
        std::fs::write(&blocker, b"").unwrap();
        let cache_file = blocker.join("corpus-k.vec");
        // An earlier check of this process got one row in.
        partial_rows()
            .lock()
            .unwrap()
            .insert(cache_file.clone(), vec![0.5; DIM]);
        let error =
            embed_once(&model, &tools, &cache_file, Budget::Until(Instant::now())).unwrap_err();
        let message = error.message();
        for needed in [
            "1 of 3 descriptions are embedded (0 by this check)",
            "cannot be written",
            "last only while this process runs",
            "set `cache_dir`",
        ] {
            assert!(message.contains(needed), "{needed}: {message}");
        }
        assert!(!message.contains("are cached"), "{message}");
        let (vectors, cache) = embed_once(&model, &tools, &cache_file, Budget::Unlimited).unwrap();
        assert_eq!(cache, CacheUse::Unsaved);
        assert!(
            vectors.row(1).iter().all(|&x| x == 0.5),
            "the row kept in memory is resumed"
        );
        assert!(!partial_rows().lock().unwrap().contains_key(&cache_file));
    }

    #[test]
    fn a_held_lock_is_waited_for_and_a_stale_one_is_taken_over() {
        let model = test_model();
        let tools = three_tools();
        let dir = tempfile::tempdir().unwrap();
        let cache_file = dir.path().join("corpus-k.vec");
        let vectors = Vectors {
            data: vec![0.25; 3 * DIM],
        };
        // Another process holds the lock and writes the cache file a little later.
        std::fs::write(cache_file.with_extension("lock"), b"embedding").unwrap();
        let writer = {
            let (cache_file, vectors) = (cache_file.clone(), vectors.clone());
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(600));
                write_cache(&cache_file, &vectors).unwrap();
                std::fs::remove_file(cache_file.with_extension("lock")).unwrap();
            })
        };
        let (got, cache) = embed_once(&model, &tools, &cache_file, Budget::Unlimited).unwrap();
        writer.join().unwrap();
        assert_eq!((got, cache), (vectors, CacheUse::Disk));
        // A lock nobody has touched for an hour is left by a process that is gone.
        std::fs::remove_file(&cache_file).unwrap();
        let lock = std::fs::File::create(cache_file.with_extension("lock")).unwrap();
        lock.set_modified(std::time::SystemTime::now() - Duration::from_secs(3600))
            .unwrap();
        let (_, cache) = embed_once(&model, &tools, &cache_file, Budget::Unlimited).unwrap();
        assert_eq!(cache, CacheUse::Embedded);
        assert!(!cache_file.with_extension("lock").exists());
    }

    #[test]
    fn past_its_budget_a_check_keeps_what_it_embedded_and_says_what_to_run() {
        let model = test_model();
        let tools = three_tools();
        let dir = tempfile::tempdir().unwrap();
        let cache_file = dir.path().join("corpus-k.vec");
        // An earlier check saved one row; this one has no time left.
        save_one_row(&cache_file);
        let error =
            embed_once(&model, &tools, &cache_file, Budget::Until(Instant::now())).unwrap_err();
        let message = error.message();
        for needed in [
            "not embedded yet: 1 of 3 descriptions are cached (0 by this check)",
            "run `signalint setup`",
            "check again to continue",
        ] {
            assert!(message.contains(needed), "{needed}: {message}");
        }
        assert!(!cache_file.exists());
        assert!(!cache_file.with_extension("lock").exists());
        assert_eq!(
            read_partial(&cache_file.with_extension("partial"), 3).len(),
            DIM
        );
        // With time, the next call continues from the saved row.
        let deadline = Instant::now() + Duration::from_secs(3600);
        let (vectors, cache) =
            embed_once(&model, &tools, &cache_file, Budget::Until(deadline)).unwrap();
        assert_eq!(cache, CacheUse::Embedded);
        assert!(vectors.row(1).iter().all(|&x| x == 0.5));
        // Another process holding the lock past the deadline: the check does not wait.
        std::fs::remove_file(&cache_file).unwrap();
        std::fs::write(cache_file.with_extension("lock"), b"embedding").unwrap();
        let error =
            embed_once(&model, &tools, &cache_file, Budget::Until(Instant::now())).unwrap_err();
        assert!(
            error
                .message()
                .contains("another process is embedding the corpus"),
            "{error}"
        );
    }
}
