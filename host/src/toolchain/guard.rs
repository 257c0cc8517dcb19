//! The import guard of a Node-run engine in a project the user has not trusted.
//!
//! oxlint loads the `jsPlugins` a project's `.oxlintrc.json` names, and a JavaScript config file,
//! with Node's `import()`: code from the repository. Untrusted, the engine runs as
//! `node --import <guard.mjs> <engine>`, whose resolve hook refuses any module outside the
//! engine's own install, so nothing of the repository is imported and the engine's error says
//! what was refused and the command that trusts the project. The guard file is written to a
//! private directory of the user's cache, where a repository cannot plant one.

use std::path::{Path, PathBuf};

use crate::state::files;

const GUARD: &str = include_str!("guard.mjs");

/// What a path segment keeps as is in a `file:` URL; every other byte is percent-encoded.
const URL_PATH: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// The `node` arguments that load the guard for the engine at `location` (its own install is
/// the nearest `node_modules` above it, or its directory); an error when the guard cannot be
/// written (the engine then does not run).
pub fn node_args(location: &Path) -> std::io::Result<Vec<String>> {
    let allowed = location
        .ancestors()
        .find(|dir| dir.file_name().is_some_and(|n| n == "node_modules"))
        .or_else(|| location.parent())
        .unwrap_or(location);
    let allowed = allowed
        .canonicalize()
        .unwrap_or_else(|_| allowed.to_owned());
    let guard = write_guard()?;
    let allowed = format!("{}/", allowed.to_string_lossy().trim_end_matches('/'));
    let query = percent_encoding::utf8_percent_encode(&allowed, URL_PATH).to_string();
    Ok(vec![
        "--import".to_owned(),
        format!("{}?allowed={query}", file_url(&guard)),
    ])
}

/// Writes the guard once per content into the user's cache.
fn write_guard() -> std::io::Result<PathBuf> {
    let dir = files::ensure_private_dirs(&crate::state::cache_home(), &["signalint", "guard"])?;
    let name = format!(
        "guard-{}.mjs",
        &blake3::hash(GUARD.as_bytes()).to_hex()[..16]
    );
    let path = dir.join(&name);
    if std::fs::read(&path).ok().as_deref() != Some(GUARD.as_bytes()) {
        files::write_atomic(&dir, &name, GUARD.as_bytes())?;
    }
    Ok(path)
}

/// `file://` and the absolute path, each segment percent-encoded.
fn file_url(path: &Path) -> String {
    let text = path.to_string_lossy();
    let encoded: Vec<String> = text
        .split('/')
        .map(|segment| percent_encoding::utf8_percent_encode(segment, URL_PATH).to_string())
        .collect();
    format!("file://{}", encoded.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guard_allows_the_engines_own_install() {
        let args = node_args(Path::new("/opt/tc/node_modules/oxlint/bin/oxlint")).unwrap();
        assert_eq!(args[0], "--import");
        assert!(args[1].starts_with("file://"), "{}", args[1]);
        assert!(
            args[1].ends_with("?allowed=%2Fopt%2Ftc%2Fnode_modules%2F"),
            "{}",
            args[1]
        );
        assert_eq!(file_url(Path::new("/a b/c")), "file:///a%20b/c");
    }
}
