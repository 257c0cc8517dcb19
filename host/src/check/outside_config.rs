//! In an untrusted project an engine's config may not make the engine read a file outside the
//! repository. Engines follow a config's `"extends"` wherever it points, and when the target
//! is no config of theirs they quote its lines in their errors: `biome.json` extending
//! `/etc/passwd` (or `~/.ssh/id_rsa`, or a committed link to either) put that file's lines in
//! the answer. Such an engine does not run; its status names the config, the target, and how
//! to trust the project. A trusted project's configs are the user's to point where they like.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::config::usage::{Candidate, Use};

/// The largest config read for its `extends` (a larger one is not an engine config).
const MAX_CONFIG_BYTES: u64 = 1024 * 1024;

/// Turns off, in an untrusted project, every engine one of whose config files at `root` (as
/// the adapter names them) extends a file outside the repository, or is itself a link out of
/// it.
pub(super) fn refuse_outside_configs(
    uses: &mut BTreeMap<String, Use>,
    candidates: &[Candidate<'_>],
    root: &Path,
    trusted: bool,
) {
    if trusted {
        return;
    }
    let repository = crate::plugins::repository_root(root);
    for candidate in candidates {
        let Some(info) = candidate.info else { continue };
        let Some(used) = uses.get_mut(candidate.id) else {
            continue;
        };
        if !used.on {
            continue;
        }
        let outside = info
            .config_files
            .iter()
            .find_map(|name| outside_target(&root.join(name), root, &repository));
        if let Some((config, target)) = outside {
            *used = Use {
                on: false,
                reason: format!(
                    "off: {config} points at {target}, outside the repository, and an untrusted \
                     project's engine config may not read files outside it; if you trust it, \
                     run `signalint trust` (or pass --trust)"
                ),
            };
        }
    }
}

/// The config's name and the first target outside `repository` it reads (itself, when it is
/// a link out), or `None`.
fn outside_target(config: &Path, root: &Path, repository: &Path) -> Option<(String, String)> {
    let metadata = std::fs::symlink_metadata(config).ok()?;
    let name = config
        .strip_prefix(root)
        .unwrap_or(config)
        .display()
        .to_string();
    if metadata.file_type().is_symlink() && !stays_in(config, repository) {
        let target = std::fs::read_link(config).unwrap_or_default();
        return Some((name, target.display().to_string()));
    }
    let metadata = std::fs::metadata(config).ok()?;
    if !metadata.is_file() || metadata.len() > MAX_CONFIG_BYTES {
        return None;
    }
    let text = std::fs::read_to_string(config).ok()?;
    let dir = config.parent().unwrap_or(root);
    extends(&text)
        .into_iter()
        .find(|target| resolved(dir, root, target).is_some_and(|path| !stays_in(&path, repository)))
        .map(|target| (name, target))
}

/// Where an `extends` target lands: a path, against the config's directory; a package name,
/// in the root's `node_modules` (a committed link there could lead anywhere). `None` for a
/// package that is not installed (the engine reads nothing then).
fn resolved(dir: &Path, root: &Path, target: &str) -> Option<PathBuf> {
    let path = Path::new(target);
    if path.is_absolute() || target.starts_with("./") || target.starts_with("../") {
        return Some(dir.join(path));
    }
    // `~/…` is not expanded by the engines, but a package name never starts with it.
    let package = root.join("node_modules").join(target);
    package
        .ancestors()
        .take_while(|a| a.starts_with(root.join("node_modules")))
        .any(|a| a.symlink_metadata().is_ok())
        .then_some(package)
}

/// Whether `path`, with every link resolved (as far as it exists), lies in `repository`.
fn stays_in(path: &Path, repository: &Path) -> bool {
    crate::plugins::resolved_prefix(path).starts_with(repository)
}

/// The targets a JSON (with comments) config names in `"extends"`: one, or an array.
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

#[cfg(test)]
mod tests {
    use super::*;

    fn project() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap().join("repo");
        std::fs::create_dir_all(root.join(".git")).unwrap();
        (dir, root)
    }

    fn outside(root: &Path, name: &str) -> Option<(String, String)> {
        outside_target(
            &root.join(name),
            root,
            &crate::plugins::repository_root(root),
        )
    }

    #[test]
    fn targets_outside_the_repository_are_found() {
        let (dir, root) = project();
        let secret = dir.path().join("secret.txt");
        std::fs::write(&secret, "key\n").unwrap();
        for (text, expected) in [
            (
                format!(r#"{{"extends": ["{}"]}}"#, secret.display()),
                Some(secret.display().to_string()),
            ),
            (
                r#"{"extends": "../secret.txt"}"#.to_owned(),
                Some("../secret.txt".to_owned()),
            ),
            // Inside the repository, or a package that is not installed: read nothing outside.
            (
                r#"{"extends": ["./base.json", "@org/config"]}"#.to_owned(),
                None,
            ),
            (
                r#"// a comment
               {"extends": "./packages/../base.json"}"#
                    .to_owned(),
                None,
            ),
            ("{ not json".to_owned(), None),
        ] {
            std::fs::write(root.join("biome.json"), &text).unwrap();
            assert_eq!(
                outside(&root, "biome.json").map(|(_, target)| target),
                expected,
                "{text}"
            );
        }
        // A committed link out of node_modules, extended by package name.
        std::fs::create_dir_all(root.join("node_modules")).unwrap();
        std::os::unix::fs::symlink(dir.path(), root.join("node_modules/evil")).unwrap();
        std::fs::write(
            root.join("biome.json"),
            r#"{"extends": ["evil/secret.txt"]}"#,
        )
        .unwrap();
        assert_eq!(
            outside(&root, "biome.json"),
            Some(("biome.json".into(), "evil/secret.txt".into()))
        );
        // The config itself a link out of the repository.
        std::fs::remove_file(root.join("biome.json")).unwrap();
        std::os::unix::fs::symlink(&secret, root.join("biome.json")).unwrap();
        assert!(outside(&root, "biome.json").is_some());
        // A package config in the repository's root, as a monorepo's package extends it.
        let package = root.join("packages/a");
        std::fs::create_dir_all(&package).unwrap();
        std::fs::write(root.join("tsconfig.base.json"), "{}").unwrap();
        std::fs::write(
            package.join("tsconfig.json"),
            r#"{"extends": "../../tsconfig.base.json"}"#,
        )
        .unwrap();
        assert_eq!(
            outside_target(
                &package.join("tsconfig.json"),
                &package,
                &crate::plugins::repository_root(&package)
            ),
            None
        );
    }
}
