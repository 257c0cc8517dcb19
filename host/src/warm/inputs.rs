//! The files whose change restarts a session, and what they held when it started: the
//! engine's config files, its program configs and every config they extend (in the project
//! or in `node_modules`), its declared program inputs (package manifests, lockfiles) and its
//! restart inputs. The server reads its configuration once; after an edit of any of these a
//! warm answer would be the old configuration's, so the session starts again.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use xxhash_rust::xxh3::xxh3_64;

use super::Request;

/// How many configs deep an `extends` chain is followed.
const MAX_DEPTH: usize = 16;

/// The largest config read; a larger file (or one that is no regular file: a FIFO, a device
/// a hostile `extends` names) counts by its metadata alone.
const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// Each input's fingerprint (`None`: absent or unreadable), by path.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Stamps(BTreeMap<PathBuf, Option<u64>>);

impl Stamps {
    /// The inputs of `request` as they are now.
    pub fn of(request: &Request<'_>) -> Self {
        let root = request.root;
        let info = request.info;
        let spec = info.programs.clone().unwrap_or_default();
        let named: Vec<&String> = info
            .config_files
            .iter()
            .chain(&spec.config_names)
            .chain(&spec.input_names)
            .collect();
        let mut paths: Vec<PathBuf> = request
            .tree
            .iter()
            .filter(|f| {
                Path::new(f.as_str())
                    .file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| named.iter().any(|x| x.as_str() == n))
            })
            .map(|f| root.join(f))
            .collect();
        paths.extend(spec.input_paths.iter().map(|p| root.join(p)));
        if let Some(persistent) = &info.persistent {
            paths.extend(persistent.restart_inputs.iter().map(|p| root.join(p)));
        }
        let mut stamps = Self::default();
        // Every config a program's config extends, however deep, wherever it is.
        let configs: Vec<PathBuf> = spec
            .config_names
            .iter()
            .flat_map(|name| {
                request.tree.iter().filter(move |f| {
                    Path::new(f.as_str()).file_name().and_then(|n| n.to_str()) == Some(name)
                })
            })
            .map(|f| root.join(f))
            .chain(request.plan.programs.iter().map(|p| root.join(&p.config)))
            .collect();
        // First: a config stamped already is not followed again.
        for config in configs {
            stamps.follow(&config, root, 0);
        }
        for path in paths {
            stamps.add(path);
        }
        stamps
    }

    /// The first input (project-relative where it can be) that changed since `self`, or
    /// `None`.
    pub fn changed(&self, request: &Request<'_>) -> Option<String> {
        let now = Self::of(request);
        let root = request.root;
        let shown = |path: &Path| {
            path.strip_prefix(root)
                .unwrap_or(path)
                .to_string_lossy()
                .into_owned()
        };
        for (path, stamp) in &now.0 {
            if self.0.get(path) != Some(stamp) {
                return Some(shown(path));
            }
        }
        self.0
            .keys()
            .find(|path| !now.0.contains_key(*path))
            .map(|path| shown(path))
    }

    /// Stamps `path` once; returns its text when it is a config small enough to read.
    fn add(&mut self, path: PathBuf) -> Option<String> {
        if self.0.contains_key(&path) {
            return None;
        }
        let text = read_small(&path);
        let stamp = match &text {
            Some(Ok(text)) => Some(xxh3_64(text.as_bytes())),
            Some(Err(metadata)) => Some(*metadata),
            None => None,
        };
        self.0.insert(path, stamp);
        text.and_then(Result::ok)
    }

    /// Stamps every config `config` extends, and theirs.
    fn follow(&mut self, config: &Path, root: &Path, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        let text = match self.add(config.to_owned()) {
            Some(text) => text,
            // Stamped already (its chain too), or unreadable.
            None => return,
        };
        let Some(dir) = config.parent() else {
            return;
        };
        for target in extends(&text) {
            let tried = candidates(dir, root, &target);
            match tried.iter().find(|candidate| candidate.is_file()) {
                // The first that exists is the one the engine reads.
                Some(found) => self.follow(found, root, depth + 1),
                // None yet: each is stamped absent, so that creating one restarts.
                None => {
                    for candidate in tried {
                        self.add(candidate);
                    }
                }
            }
        }
    }
}

/// A file's text when it is a regular file of at most [`MAX_CONFIG_BYTES`], else
/// `Err(fingerprint of its size and time)`; `None` when it is absent.
fn read_small(path: &Path) -> Option<Result<String, u64>> {
    let metadata = std::fs::metadata(path).ok()?;
    if !metadata.is_file() || metadata.len() > MAX_CONFIG_BYTES {
        let stamp = crate::stamp::Stamp::of(&metadata);
        return Some(Err(xxh3_64(format!("{stamp:?}").as_bytes())));
    }
    let bytes = std::fs::read(path).ok()?;
    Some(Ok(String::from_utf8_lossy(&bytes).into_owned()))
}

/// The configs a JSON (with comments) config names in `"extends"`: one, or an array.
fn extends(text: &str) -> Vec<String> {
    let Ok(value) =
        jsonc_parser::parse_to_serde_value::<serde_json::Value>(text, &Default::default())
    else {
        return Vec::new();
    };
    match &value["extends"] {
        serde_json::Value::String(one) => vec![one.clone()],
        serde_json::Value::Array(many) => many
            .iter()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect(),
        _ => Vec::new(),
    }
}

/// Where an `extends` target of a config in `dir` may be, in the order they are tried: a path
/// (relative or absolute) as written, then with `.json`; a package's config in the
/// `node_modules` of `dir` and of each directory up to the project root, as written, with
/// `.json`, or its `tsconfig.json`.
fn candidates(dir: &Path, root: &Path, target: &str) -> Vec<PathBuf> {
    let with_json = |path: PathBuf| {
        let mut json = path.clone().into_os_string();
        json.push(".json");
        [path, PathBuf::from(json)]
    };
    if target.starts_with("./") || target.starts_with("../") || Path::new(target).is_absolute() {
        return with_json(normal(&dir.join(target))).to_vec();
    }
    let mut found = Vec::new();
    let mut at = Some(dir);
    while let Some(current) = at {
        let package = normal(&current.join("node_modules").join(target));
        found.extend(with_json(package.clone()));
        found.push(package.join("tsconfig.json"));
        if current == root || !current.starts_with(root) {
            break;
        }
        at = current.parent();
    }
    found
}

/// `path` without `.` and `..` components (lexically: a config names its base by path).
fn normal(path: &Path) -> PathBuf {
    let mut normal = PathBuf::new();
    for component in path.components() {
        match component {
            std::path::Component::ParentDir => {
                normal.pop();
            }
            std::path::Component::CurDir => {}
            other => normal.push(other),
        }
    }
    normal
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stamps_of(root: &Path, config: &str) -> Stamps {
        let mut stamps = Stamps::default();
        stamps.follow(&root.join(config), root, 0);
        stamps
    }

    #[test]
    fn every_config_of_the_chain_is_stamped_in_the_project_and_in_node_modules() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let write = |path: &str, text: &str| {
            let path = root.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        write(
            "app/tsconfig.json",
            "// the app\n{ \"extends\": [\"../tsconfig.base\", \"@tsconfig/strictest/tsconfig.json\"], }",
        );
        write(
            "tsconfig.base.json",
            r#"{ "extends": "./configs/shared.json" }"#,
        );
        write(
            "configs/shared.json",
            r#"{ "compilerOptions": { "strict": true } }"#,
        );
        write(
            "node_modules/@tsconfig/strictest/tsconfig.json",
            r#"{ "compilerOptions": { "noUnusedLocals": true } }"#,
        );
        let before = stamps_of(root, "app/tsconfig.json");
        let stamped: Vec<String> = before
            .0
            .keys()
            .map(|p| p.strip_prefix(root).unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            stamped,
            [
                "app/tsconfig.json",
                "configs/shared.json",
                "node_modules/@tsconfig/strictest/tsconfig.json",
                "tsconfig.base.json"
            ]
        );
        // An edit two links down the chain changes the stamps.
        write(
            "configs/shared.json",
            r#"{ "compilerOptions": { "strict": false } }"#,
        );
        assert_ne!(stamps_of(root, "app/tsconfig.json"), before);
    }

    #[test]
    fn a_missing_base_is_stamped_absent_and_a_device_is_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(
            root.join("tsconfig.json"),
            r#"{ "extends": ["./missing", "/dev/zero"] }"#,
        )
        .unwrap();
        let stamps = stamps_of(root, "tsconfig.json");
        assert_eq!(stamps.0.get(&root.join("missing.json")), Some(&None));
        // Stamped by its metadata: reading it would never end.
        assert!(matches!(
            stamps.0.get(Path::new("/dev/zero")),
            Some(Some(_))
        ));
        // Creating the missing base changes the stamps.
        std::fs::write(root.join("missing.json"), "{}").unwrap();
        assert_ne!(stamps_of(root, "tsconfig.json"), stamps);
    }
}
