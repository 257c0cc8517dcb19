//! Cache keys.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use xxhash_rust::xxh3::Xxh3;

/// Hashes engine config files per directory, following relative `extends`, memoised for one
/// check.
#[derive(Debug)]
pub struct ConfigHasher {
    root: PathBuf,
    names: Vec<String>,
    by_dir: HashMap<PathBuf, String>,
}

impl ConfigHasher {
    /// `names`: the config file names the engine reads (`.oxlintrc.json`, `biome.json`, …).
    pub fn new(root: &Path, names: &[String]) -> Self {
        Self {
            root: root.to_owned(),
            names: names.to_vec(),
            by_dir: HashMap::new(),
        }
    }

    /// A hash of every config file that applies to `file` (project-relative).
    pub fn for_file(&mut self, file: &str) -> String {
        let dir = self
            .root
            .join(file)
            .parent()
            .map(Path::to_owned)
            .unwrap_or_else(|| self.root.clone());
        self.for_dir(&dir)
    }

    fn for_dir(&mut self, dir: &Path) -> String {
        if let Some(hash) = self.by_dir.get(dir) {
            return hash.clone();
        }
        let mut hasher = blake3::Hasher::new();
        if dir != self.root
            && dir.starts_with(&self.root)
            && let Some(parent) = dir.parent()
        {
            hasher.update(self.for_dir(parent).as_bytes());
        }
        for name in &self.names {
            let path = dir.join(name);
            if let Ok(bytes) = std::fs::read(&path) {
                hasher.update(name.as_bytes());
                hasher.update(&bytes);
                hash_extends(&path, &bytes, &mut hasher, 0);
            }
        }
        let hash = hasher.finalize().to_hex().to_string();
        self.by_dir.insert(dir.to_owned(), hash.clone());
        hash
    }
}

/// JSON with comments and trailing commas, as engine configs allow.
fn parse_jsonc(text: &str) -> Option<serde_json::Value> {
    jsonc_parser::parse_to_serde_value(text, &Default::default()).ok()
}

/// Follows `"extends": "./base.json"` (or an array of them) to relative files, a few levels deep.
fn hash_extends(path: &Path, bytes: &[u8], hasher: &mut blake3::Hasher, depth: usize) {
    if depth > 8 {
        return;
    }
    let text = String::from_utf8_lossy(bytes);
    let Some(value) = parse_jsonc(&text) else {
        return;
    };
    let targets: Vec<String> = match &value["extends"] {
        serde_json::Value::String(s) => vec![s.clone()],
        serde_json::Value::Array(items) => items
            .iter()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect(),
        _ => return,
    };
    for target in targets {
        if !(target.starts_with("./") || target.starts_with("../")) {
            continue;
        }
        let resolved = path.parent().unwrap_or(Path::new("/")).join(&target);
        if let Ok(extended) = std::fs::read(&resolved) {
            hasher.update(&extended);
            hash_extends(&resolved, &extended, hasher, depth + 1);
        }
    }
}

/// The key of one file's result for a file-local engine.
///
/// XXH3-128 rather than a cryptographic hash: a cold check hashes every file of the project
/// while (or right after) the engine runs, and the keys only have to tell contents apart, not
/// resist a forger who could as well edit the cache itself.
pub fn file_key(engine_identity: &str, config_hash: &str, file: &str, content: &[u8]) -> String {
    let mut hasher = Xxh3::new();
    for part in [
        engine_identity.as_bytes(),
        config_hash.as_bytes(),
        file.as_bytes(),
    ] {
        hasher.update(part);
        hasher.update(&[0]);
    }
    hasher.update(content);
    format!("{:032x}", hasher.digest128())
}

/// The key of a whole program's result: the content of every input.
pub fn program_key(engine_identity: &str, root: &Path, inputs: &[String]) -> String {
    let mut hasher = Xxh3::new();
    hasher.update(engine_identity.as_bytes());
    hasher.update(&[0]);
    for input in inputs {
        hasher.update(input.as_bytes());
        hasher.update(&[0]);
        match std::fs::read(root.join(input)) {
            Ok(bytes) => {
                hasher.update(&(bytes.len() as u64).to_le_bytes());
                hasher.update(&bytes);
            }
            Err(_) => {
                hasher.update(b"\xffmissing");
            }
        }
    }
    format!("{:032x}", hasher.digest128())
}

/// What a file looked like on disk: enough to tell, after an engine ran, that nobody wrote it
/// in between, so content hashed during the run is the content the engine read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    len: u64,
    modified: SystemTime,
    inode: u64,
}

/// Writes closer together than this may leave a file's time unchanged: file times come from a
/// coarse kernel clock.
const CLOCK_MARGIN: Duration = Duration::from_secs(1);

impl Stamp {
    /// The file's stamp; `None` when it cannot be read.
    pub fn of(path: &Path) -> Option<Self> {
        use std::os::unix::fs::MetadataExt;
        let meta = std::fs::metadata(path).ok()?;
        Some(Self {
            len: meta.len(),
            modified: meta.modified().ok()?,
            inode: meta.ino(),
        })
    }

    /// Written so recently (before `now`) that another write might not change the stamp.
    pub fn is_recent(&self, now: SystemTime) -> bool {
        now.duration_since(self.modified)
            .is_ok_and(|age| age < CLOCK_MARGIN)
            || self.modified > now
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_changes_anywhere_up_the_tree_change_the_key() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("pkg/src")).unwrap();
        std::fs::write(root.join("biome.json"), r#"{"extends": ["./base.json"]}"#).unwrap();
        std::fs::write(root.join("base.json"), "{}").unwrap();
        let names = vec!["biome.json".to_owned()];
        let before = ConfigHasher::new(root, &names).for_file("pkg/src/a.ts");
        let sibling_before = ConfigHasher::new(root, &names).for_file("other.ts");
        std::fs::write(root.join("base.json"), r#"{"linter": {}}"#).unwrap();
        let extended = ConfigHasher::new(root, &names).for_file("pkg/src/a.ts");
        assert_ne!(before, extended, "an extended config is part of the key");
        std::fs::write(root.join("pkg/biome.json"), "{}").unwrap();
        let nested = ConfigHasher::new(root, &names).for_file("pkg/src/a.ts");
        assert_ne!(extended, nested, "a nested config is part of the key");
        let sibling_after = ConfigHasher::new(root, &names).for_file("other.ts");
        assert_ne!(
            sibling_before, sibling_after,
            "the root config changed in between"
        );
        std::fs::write(root.join("pkg/biome.json"), "{\"x\": 1}").unwrap();
        assert_eq!(
            ConfigHasher::new(root, &names).for_file("other.ts"),
            sibling_after,
            "a config in another directory does not apply"
        );
    }

    #[test]
    fn jsonc_keeps_non_ascii_text_inside_strings() {
        let value = parse_jsonc(
            "{\n // c\n \"a\": [1, 2,], /* x */ \"b\": \"//not a comment\", \"é\": \"ü\",\n}",
        )
        .unwrap();
        assert_eq!(value["a"], serde_json::json!([1, 2]));
        assert_eq!(value["b"], "//not a comment");
        assert_eq!(value["é"], "ü");
    }

    #[test]
    fn an_extended_config_with_a_non_ascii_name_is_part_of_the_key() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(
            root.join("biome.json"),
            "{ // the shared base\n \"extends\": [\"./réglages.json\"] }",
        )
        .unwrap();
        std::fs::write(root.join("réglages.json"), "{}").unwrap();
        let names = vec!["biome.json".to_owned()];
        let before = ConfigHasher::new(root, &names).for_file("a.ts");
        std::fs::write(root.join("réglages.json"), r#"{"linter": {}}"#).unwrap();
        assert_ne!(
            before,
            ConfigHasher::new(root, &names).for_file("a.ts"),
            "the extended file is found under its real name"
        );
    }

    #[test]
    fn stamps_tell_writes_and_recent_files_apart() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.ts");
        assert_eq!(Stamp::of(&path), None);
        std::fs::write(&path, "1").unwrap();
        let fresh = Stamp::of(&path).unwrap();
        assert!(fresh.is_recent(SystemTime::now()));
        let file = std::fs::File::options().write(true).open(&path).unwrap();
        file.set_modified(SystemTime::now() - Duration::from_secs(60))
            .unwrap();
        let old = Stamp::of(&path).unwrap();
        assert!(!old.is_recent(SystemTime::now()));
        assert_ne!(fresh, old);
        std::fs::write(&path, "22").unwrap();
        assert_ne!(Stamp::of(&path).unwrap(), old, "a write changes the stamp");
    }

    #[test]
    fn program_keys_cover_every_input() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.ts"), "1").unwrap();
        let inputs = vec!["a.ts".to_owned(), "b.d.ts".to_owned()];
        let missing = program_key("tsc", dir.path(), &inputs);
        std::fs::write(dir.path().join("b.d.ts"), "").unwrap();
        let present = program_key("tsc", dir.path(), &inputs);
        assert_ne!(missing, present);
        assert_eq!(present, program_key("tsc", dir.path(), &inputs));
    }
}
