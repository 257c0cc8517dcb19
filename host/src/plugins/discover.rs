//! The plugin path and the libraries on it.

use std::path::{Path, PathBuf};

/// Environment variable with extra plugin directories (`:`-separated).
pub const PLUGIN_PATH_ENV: &str = "SIGNALINT_PLUGIN_PATH";
/// Environment variable that allows plugin directories inside the checked project.
pub const ALLOW_PROJECT_PLUGINS_ENV: &str = "SIGNALINT_ALLOW_PROJECT_PLUGINS";

/// Why a directory is on the plugin path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PluginDirSource {
    /// Next to the `signalint` executable: the installation's own plugins.
    Executable,
    /// `[plugins] path` in the config.
    Config,
    /// `SIGNALINT_PLUGIN_PATH`.
    Environment,
}

impl PluginDirSource {
    pub fn as_str(self) -> &'static str {
        match self {
            PluginDirSource::Executable => "executable directory",
            PluginDirSource::Config => "config [plugins] path",
            PluginDirSource::Environment => "SIGNALINT_PLUGIN_PATH",
        }
    }
}

/// One directory of the plugin path.
#[derive(Debug, Clone)]
pub struct PluginDir {
    pub path: PathBuf,
    pub source: PluginDirSource,
    /// Set when the directory must not be loaded from, with the reason and the fix.
    pub refused: Option<String>,
}

impl PluginDir {
    /// Plugin libraries in this directory, sorted by name.
    pub fn libraries(&self) -> Vec<PathBuf> {
        let Ok(read) = std::fs::read_dir(&self.path) else {
            return Vec::new();
        };
        let mut found: Vec<PathBuf> = read
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| {
                path.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(is_plugin_file_name)
            })
            .collect();
        found.sort();
        found
    }
}

/// Whether a file name is a signalint plugin library: `libsignalint_plugin_<id>.so` (with the
/// platform's prefix and suffix).
pub fn is_plugin_file_name(name: &str) -> bool {
    library_name_stem(name)
        .is_some_and(|stem| stem.starts_with("signalint_plugin_") && stem.len() > 17)
}

/// A library file name without the platform's prefix and suffix (`libX.so` → `X`).
pub(super) fn library_name_stem(name: &str) -> Option<&str> {
    name.strip_prefix(std::env::consts::DLL_PREFIX)?
        .strip_suffix(std::env::consts::DLL_SUFFIX)
}

/// Where an installation keeps its own plugins, from the real path of its executable
/// (symlinks resolved, so an npm `.bin` link or a `/usr/local/bin` link finds the package):
/// the executable's directory (a build folder, or a platform package's root), its `plugins/`
/// folder (the npm platform package's layout), and `../lib/signalint/plugins` (a Unix prefix
/// such as `/usr/local`).
pub fn install_dirs(executable: &Path) -> Vec<PathBuf> {
    let real = executable
        .canonicalize()
        .unwrap_or_else(|_| executable.to_owned());
    let Some(dir) = real.parent() else {
        return Vec::new();
    };
    let mut dirs = vec![dir.to_owned(), dir.join(INSTALL_PLUGIN_DIR)];
    if let Some(prefix) = dir.parent() {
        dirs.push(
            prefix
                .join("lib")
                .join("signalint")
                .join(INSTALL_PLUGIN_DIR),
        );
    }
    dirs
}

/// The folder beside the executable that holds an installation's plugin libraries.
pub const INSTALL_PLUGIN_DIR: &str = "plugins";

/// The plugin path for a project: the installation's directories (see [`install_dirs`]),
/// config directories, environment.
///
/// A config directory that lies inside the project's repository (its git work tree, or the
/// project root when there is none), or that resolves into it through a link, is refused
/// unless `allow_project_plugins`: the repository chose it, not the user.
pub fn plugin_dirs(
    config_dirs: &[PathBuf],
    project_root: &Path,
    allow_project_plugins: bool,
) -> Vec<PluginDir> {
    let allow = allow_project_plugins
        || std::env::var(ALLOW_PROJECT_PLUGINS_ENV).is_ok_and(|v| v == "1" || v == "true");
    let mut dirs = Vec::new();
    if let Ok(executable) = std::env::current_exe() {
        dirs.extend(install_dirs(&executable).into_iter().map(|path| PluginDir {
            path,
            source: PluginDirSource::Executable,
            refused: None,
        }));
    }
    let repository = repository_root(project_root);
    for dir in config_dirs {
        let refused = (!allow && lies_in(dir, &repository)).then(|| {
            format!(
                "{} is inside the checked project (the repository at {}), and loading a library \
                 from it runs the repository's code; to allow it, pass --allow-project-plugins \
                 or set {ALLOW_PROJECT_PLUGINS_ENV}=1",
                dir.display(),
                repository.display()
            )
        });
        dirs.push(PluginDir {
            path: dir.clone(),
            source: PluginDirSource::Config,
            refused,
        });
    }
    if let Some(value) = std::env::var_os(PLUGIN_PATH_ENV) {
        for dir in std::env::split_paths(&value).filter(|p| !p.as_os_str().is_empty()) {
            dirs.push(PluginDir {
                path: dir,
                source: PluginDirSource::Environment,
                refused: None,
            });
        }
    }
    dirs
}

/// The git work tree that holds `root` (the nearest ancestor with a `.git` directory or file),
/// or `root` itself outside a repository; canonical.
pub fn repository_root(root: &Path) -> PathBuf {
    let root = root.canonicalize().unwrap_or_else(|_| normalize(root));
    root.ancestors()
        .find(|dir| dir.join(".git").symlink_metadata().is_ok())
        .unwrap_or(&root)
        .to_owned()
}

/// Whether `dir` lies in `repository` as written (`..` folded) or once every link is resolved.
fn lies_in(dir: &Path, repository: &Path) -> bool {
    let absolute = if dir.is_absolute() {
        dir.to_owned()
    } else {
        std::env::current_dir()
            .map(|cwd| cwd.join(dir))
            .unwrap_or_else(|_| dir.to_owned())
    };
    normalize(&absolute).starts_with(repository)
        || absolute
            .canonicalize()
            .is_ok_and(|real| real.starts_with(repository))
        || resolved_prefix(&absolute).starts_with(repository)
}

/// `dir` with its longest existing ancestor resolved: a directory that does not exist yet,
/// under a link into the repository, still counts as inside.
pub(crate) fn resolved_prefix(dir: &Path) -> PathBuf {
    let normal = normalize(dir);
    for ancestor in normal.ancestors() {
        if let Ok(real) = ancestor.canonicalize() {
            let rest = normal.strip_prefix(ancestor).unwrap_or(Path::new(""));
            return real.join(rest);
        }
    }
    normal
}

/// Folds `.` and `..` without touching the file system.
fn normalize(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Why the command cannot run when no built-in plugin is on the plugin path: where it looked
/// and how to reinstall. `None` when at least one is there. Without it, a copied binary would
/// check nothing and answer "No issues found".
pub fn missing_installation(dirs: &[PluginDir]) -> Option<String> {
    let builtins: Vec<String> = super::BUILTIN_ENGINES
        .iter()
        .chain(super::BUILTIN_RULE_PACKS)
        .map(|id| super::library_stem(id))
        .collect();
    let usable = dirs.iter().filter(|dir| dir.refused.is_none());
    let found = usable.clone().any(|dir| {
        dir.libraries().iter().any(|library| {
            super::file_stem(library).is_some_and(|stem| builtins.iter().any(|b| b == stem))
        })
    });
    if found {
        return None;
    }
    let looked: Vec<String> = dirs
        .iter()
        .filter(|dir| dir.refused.is_none())
        .map(|dir| format!("  {} ({})", dir.path.display(), dir.source.as_str()))
        .collect();
    let executable = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.canonicalize().ok())
        .map_or_else(|| "?".to_owned(), |exe| exe.display().to_string());
    Some(format!(
        "this signalint installation has none of its built-in plugins ({example}), so it \
         cannot check anything. Looked in:\n{looked}\n\
         The executable is {executable}. Reinstall signalint: `npm install --save-dev \
         signalint` (or run `npx -y signalint`), or build from source with `cargo build \
         --workspace --release` and run `target/release/signalint` where it was built; a \
         binary copied elsewhere needs its libraries in a `{INSTALL_PLUGIN_DIR}/` folder beside \
         it (or {PLUGIN_PATH_ENV} naming their directory).",
        example = super::library_file_name(BUILTIN_EXAMPLE),
        looked = looked.join("\n"),
    ))
}

/// The plugin named in the message about a missing installation.
const BUILTIN_EXAMPLE: &str = "oxlint";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plugin_file_names() {
        assert!(is_plugin_file_name("libsignalint_plugin_oxlint.so"));
        assert!(!is_plugin_file_name("libsignalint_plugin_.so"));
        assert!(!is_plugin_file_name("libsignalint_fixture_panic.so"));
        assert!(!is_plugin_file_name("libsignalint_plugin_oxlint.rlib"));
    }

    #[test]
    fn config_dirs_inside_the_project_need_an_opt_in() {
        let project = tempfile::tempdir().unwrap();
        let inside = project.path().join("vendor");
        std::fs::create_dir(&inside).unwrap();
        let outside = tempfile::tempdir().unwrap();
        let dirs = plugin_dirs(
            &[inside.clone(), outside.path().to_owned()],
            project.path(),
            false,
        );
        let inside_dir = dirs.iter().find(|d| d.path == inside).unwrap();
        assert!(
            inside_dir
                .refused
                .as_ref()
                .unwrap()
                .contains("--allow-project-plugins")
        );
        assert!(
            dirs.iter()
                .find(|d| d.path == outside.path())
                .unwrap()
                .refused
                .is_none()
        );
        let allowed = plugin_dirs(std::slice::from_ref(&inside), project.path(), true);
        assert!(allowed.iter().all(|d| d.refused.is_none()));
    }
}
