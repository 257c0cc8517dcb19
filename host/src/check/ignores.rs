//! The ignore files a project walk honours (`.ignore`, `.gitignore`, `.git/info/exclude`, in
//! every walked directory and the root's ancestors), matched as git and the `ignore` crate's
//! walker match them, but each file compiled once per content and kept across walks and checks.
//!
//! The crate's walker compiles every ignore file again for each walk, into one glob set whose
//! regular expression grows with the file: a 100,000-line `.gitignore` of path globs
//! (`dir1/**/*.log`) took 2.3 s and 1.6 GB to build and 3.5 ms to match each path, on every
//! walk of every check, and past the regex size limit the crate drops the whole file
//! silently. Here each file is compiled once for its content, and its lines are split so that
//! a path meets only the ones that can match it: a line anchored under a literal first
//! directory (`dist/…`, `dir1/**/*.log`) is compiled, with the others of that directory, only
//! when a walk reaches a path there; the rest are compiled in chunks of [`CHUNK_LINES`].

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use ignore::Match;
use ignore::gitignore::{Gitignore, GitignoreBuilder};

/// Lines compiled into one glob set: small enough that no set nears the regex size limit or
/// costs more than a few MB, large enough that a path meets few sets.
const CHUNK_LINES: usize = 1_000;

/// Compiled ignore files kept across walks, at most this many (the least useful go first: all
/// of them, the cache is rebuilt on demand).
const KEPT_FILES: usize = 512;

/// How many times each ignore file was compiled in this process (what shows that a file is
/// compiled once for its content, however many walks read it).
fn compiles() -> &'static Mutex<HashMap<PathBuf, u64>> {
    static COMPILES: OnceLock<Mutex<HashMap<PathBuf, u64>>> = OnceLock::new();
    COMPILES.get_or_init(Mutex::default)
}

/// How many times the ignore file at `path` was compiled in this process.
#[cfg(test)]
pub(crate) fn compiles_of(path: &Path) -> u64 {
    let compiles = compiles().lock().unwrap_or_else(|e| e.into_inner());
    compiles.get(path).copied().unwrap_or(0)
}

/// A line's place in its file: a later line overrides an earlier one.
type LineIndex = usize;

/// Lines of one ignore file under one literal first directory, compiled on first use.
#[derive(Debug, Default)]
struct Group {
    lines: Vec<(LineIndex, String)>,
    compiled: OnceLock<Gitignore>,
}

impl Group {
    fn matcher(&self, dir: &Path) -> &Gitignore {
        self.compiled.get_or_init(|| compile(dir, &self.lines))
    }
}

/// One ignore file, compiled.
#[derive(Debug)]
pub(crate) struct IgnoreFile {
    dir: PathBuf,
    /// Lines anchored under a literal first directory, by that directory.
    anchored: HashMap<String, Group>,
    /// Every other line, in chunks in file order.
    chunks: Vec<Gitignore>,
}

impl IgnoreFile {
    /// Compiles `text`, whose patterns are relative to `dir`.
    fn compile(dir: &Path, text: &str) -> Self {
        let mut anchored: HashMap<String, Group> = HashMap::new();
        let mut rest: Vec<(LineIndex, String)> = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            match literal_first_directory(trimmed) {
                Some(first) => anchored
                    .entry(first.to_owned())
                    .or_default()
                    .lines
                    .push((index, line.to_owned())),
                None => rest.push((index, line.to_owned())),
            }
        }
        let chunks = rest
            .chunks(CHUNK_LINES)
            .map(|lines| compile(dir, lines))
            .collect();
        Self {
            dir: dir.to_owned(),
            anchored,
            chunks,
        }
    }

    /// The last line that matches `path`: `Some(true)` ignores it, `Some(false)` whitelists it
    /// (`!pattern`), `None` when no line does.
    fn decide(&self, path: &Path, is_dir: bool) -> Option<bool> {
        let mut last: Option<(LineIndex, bool)> = None;
        let mut consider = |found: Match<&ignore::gitignore::Glob>| {
            let (glob, ignored) = match found {
                Match::None => return,
                Match::Ignore(glob) => (glob, true),
                Match::Whitelist(glob) => (glob, false),
            };
            let index = line_index(glob);
            if last.is_none_or(|(at, _)| index > at) {
                last = Some((index, ignored));
            }
        };
        if let Some(group) = path
            .strip_prefix(&self.dir)
            .ok()
            .and_then(|relative| relative.components().next())
            .and_then(|first| self.anchored.get(&*first.as_os_str().to_string_lossy()))
        {
            consider(group.matcher(&self.dir).matched(path, is_dir));
        }
        // The chunks are in file order: the last one that matches holds the latest line.
        for chunk in self.chunks.iter().rev() {
            let found = chunk.matched(path, is_dir);
            if !found.is_none() {
                consider(found);
                break;
            }
        }
        last.map(|(_, ignored)| ignored)
    }
}

/// The literal first directory of an anchored pattern (`dist/out`, `/dist/**/*.js`), when
/// it has one; `None` for a pattern that matches at any depth (no inner `/`), a negation, or a
/// first component with glob syntax or an escape.
fn literal_first_directory(line: &str) -> Option<&str> {
    if line.starts_with('!') {
        // A negation's own first directory would do, but keeping them with the chunks keeps
        // every whitelist in one place; they are rare.
        return None;
    }
    let pattern = line.strip_prefix('/').unwrap_or(line).trim_end_matches('/');
    let (first, rest) = pattern.split_once('/')?;
    let literal = !first.is_empty()
        && !rest.is_empty()
        && !first.contains(['*', '?', '[', ']', '{', '}', '\\'])
        && first != "."
        && first != "..";
    literal.then_some(first)
}

/// Compiles `lines` with their indices, which a match reports back through the glob's origin.
fn compile(dir: &Path, lines: &[(LineIndex, String)]) -> Gitignore {
    let mut builder = GitignoreBuilder::new(dir);
    for (index, line) in lines {
        // A line git would not understand is skipped, as git skips it.
        let _ = builder.add_line(Some(PathBuf::from(index.to_string())), line);
    }
    builder.build().unwrap_or_else(|e| {
        tracing::warn!(
            "cannot compile {} lines of an ignore file in {}: {e}; they are not honoured",
            lines.len(),
            dir.display()
        );
        Gitignore::empty()
    })
}

fn line_index(glob: &ignore::gitignore::Glob) -> LineIndex {
    glob.from()
        .and_then(Path::to_str)
        .and_then(|index| index.parse().ok())
        .unwrap_or(0)
}

/// Compiled ignore files by path, each with the hash of the content it was compiled from.
type Kept = HashMap<PathBuf, (u64, Arc<IgnoreFile>)>;

fn kept() -> &'static Mutex<Kept> {
    static KEPT: OnceLock<Mutex<Kept>> = OnceLock::new();
    KEPT.get_or_init(Mutex::default)
}

/// The ignore file at `path` (patterns relative to `dir`), compiled: reused while its content
/// is the same. `None` when there is no readable file.
fn load(dir: &Path, path: &Path) -> Option<Arc<IgnoreFile>> {
    let bytes = std::fs::read(path).ok()?;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut hasher);
    let hash = hasher.finish();
    let mut kept = kept().lock().unwrap_or_else(|e| e.into_inner());
    if let Some((kept_hash, file)) = kept.get(path)
        && *kept_hash == hash
    {
        return Some(file.clone());
    }
    let file = Arc::new(IgnoreFile::compile(dir, &String::from_utf8_lossy(&bytes)));
    if kept.len() >= KEPT_FILES {
        kept.clear();
    }
    {
        let mut compiles = compiles().lock().unwrap_or_else(|e| e.into_inner());
        if compiles.len() >= KEPT_FILES * 8 {
            compiles.clear();
        }
        *compiles.entry(path.to_owned()).or_insert(0) += 1;
    }
    kept.insert(path.to_owned(), (hash, file.clone()));
    Some(file)
}

/// The ignore files of one directory.
#[derive(Debug)]
struct DirectoryRules {
    dot_ignore: Option<Arc<IgnoreFile>>,
    gitignore: Option<Arc<IgnoreFile>>,
    git_exclude: Option<Arc<IgnoreFile>>,
    /// The directory is a repository's top: ignore files above it are not git's.
    repository_top: bool,
}

impl DirectoryRules {
    fn read(dir: &Path) -> Self {
        let git = dir.join(".git");
        Self {
            dot_ignore: load(dir, &dir.join(".ignore")),
            gitignore: load(dir, &dir.join(".gitignore")),
            git_exclude: git
                .is_dir()
                .then(|| load(dir, &git.join("info/exclude")))
                .flatten(),
            repository_top: git.exists(),
        }
    }
}

/// The ignore rules one walk honours, each directory's read once.
#[derive(Debug, Default)]
pub(crate) struct IgnoreRules {
    directories: Mutex<HashMap<PathBuf, Arc<DirectoryRules>>>,
}

impl IgnoreRules {
    fn directory(&self, dir: &Path) -> Arc<DirectoryRules> {
        let mut directories = self.directories.lock().unwrap_or_else(|e| e.into_inner());
        directories
            .entry(dir.to_owned())
            .or_insert_with(|| Arc::new(DirectoryRules::read(dir)))
            .clone()
    }

    /// Whether `path` (absolute) is ignored: the deepest `.ignore` line that matches decides,
    /// then the deepest `.gitignore` line, then `.git/info/exclude`, as the `ignore` crate's
    /// walker decides (`.gitignore` files above the repository's top do not count).
    pub fn ignored(&self, path: &Path, is_dir: bool) -> bool {
        let (mut dot_ignore, mut gitignore, mut git_exclude) = (None, None, None);
        let mut above_repository = false;
        for dir in path.ancestors().skip(1) {
            let rules = self.directory(dir);
            if dot_ignore.is_none() {
                dot_ignore = rules
                    .dot_ignore
                    .as_ref()
                    .and_then(|f| f.decide(path, is_dir));
            }
            if !above_repository {
                if gitignore.is_none() {
                    gitignore = rules
                        .gitignore
                        .as_ref()
                        .and_then(|f| f.decide(path, is_dir));
                }
                if git_exclude.is_none() {
                    git_exclude = rules
                        .git_exclude
                        .as_ref()
                        .and_then(|f| f.decide(path, is_dir));
                }
            }
            above_repository |= rules.repository_top;
        }
        dot_ignore.or(gitignore).or(git_exclude).unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decide(text: &str, path: &str, is_dir: bool) -> Option<bool> {
        let dir = Path::new("/p");
        IgnoreFile::compile(dir, text).decide(&dir.join(path), is_dir)
    }

    #[test]
    fn the_last_matching_line_decides_across_groups_and_chunks() {
        let mut text = String::new();
        for n in 0..(CHUNK_LINES * 2 + 10) {
            text.push_str(&format!("dir{n}/**/*.log\n*.tmp{n}\n"));
        }
        assert_eq!(decide(&text, "dir7/a/b.log", false), Some(true));
        assert_eq!(decide(&text, "dir7/a/b.txt", false), None);
        assert_eq!(
            decide(&text, "x/y.tmp2001", false),
            Some(true),
            "a late chunk"
        );
        assert_eq!(decide(&text, "other/b.log", false), None);

        let lines = "dist/\n!dist/keep.js\ndist/keep.js\n";
        assert_eq!(decide(lines, "dist", true), Some(true));
        assert_eq!(
            decide(lines, "dist/keep.js", false),
            Some(true),
            "the later line"
        );
        let lines = "dist/**\n!dist/keep.js\n";
        assert_eq!(
            decide(lines, "dist/keep.js", false),
            Some(false),
            "a later negation"
        );
        assert_eq!(decide("/build/out\n", "build/out", false), Some(true));
        assert_eq!(
            decide("build/out\n", "src/build/out", false),
            None,
            "anchored"
        );
        assert_eq!(decide("out/\n", "src/out", true), Some(true), "any depth");
        assert_eq!(decide("out/\n", "src/out", false), None, "directories only");
        assert_eq!(decide("# dist/x\n\n", "dist/x", false), None);
    }

    #[test]
    fn a_deeper_file_overrides_and_ignore_beats_gitignore() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join(".git")).unwrap();
        std::fs::create_dir_all(root.join("src/gen")).unwrap();
        std::fs::write(root.join(".gitignore"), "*.gen.ts\nsrc/gen/\n").unwrap();
        std::fs::write(root.join("src/.gitignore"), "!keep.gen.ts\n").unwrap();
        std::fs::write(root.join("src/.ignore"), "local.ts\n").unwrap();
        std::fs::write(root.join("src/local.ts"), "").unwrap();
        let rules = IgnoreRules::default();
        assert!(rules.ignored(&root.join("src/a.gen.ts"), false));
        assert!(!rules.ignored(&root.join("src/keep.gen.ts"), false));
        assert!(rules.ignored(&root.join("src/gen"), true));
        assert!(rules.ignored(&root.join("src/local.ts"), false));
        assert!(!rules.ignored(&root.join("src/a.ts"), false));
    }

    #[test]
    fn an_unchanged_file_is_compiled_once_and_a_changed_one_again() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let gitignore = root.join(".gitignore");
        std::fs::write(&gitignore, "dist/\n*.log\n").unwrap();
        for _ in 0..3 {
            assert!(IgnoreRules::default().ignored(&root.join("a.log"), false));
        }
        assert_eq!(
            compiles_of(&gitignore),
            1,
            "kept while the content is the same"
        );
        std::fs::write(&gitignore, "dist/\n").unwrap();
        assert!(!IgnoreRules::default().ignored(&root.join("a.log"), false));
        assert_eq!(compiles_of(&gitignore), 2, "compiled again once changed");
    }
}
