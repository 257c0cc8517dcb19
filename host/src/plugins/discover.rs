//! The plugin path and the libraries on it.

use std::path::{Path, PathBuf};

use super::is_inside;

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

/// The plugin path for a project: executable directory, config directories, environment.
///
/// Config directories inside `project_root` are refused unless `allow_project_plugins`.
pub fn plugin_dirs(
    config_dirs: &[PathBuf],
    project_root: &Path,
    allow_project_plugins: bool,
) -> Vec<PluginDir> {
    let allow = allow_project_plugins
        || std::env::var(ALLOW_PROJECT_PLUGINS_ENV).is_ok_and(|v| v == "1" || v == "true");
    let mut dirs = Vec::new();
    if let Some(exe_dir) = std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(Path::to_owned))
    {
        dirs.push(PluginDir {
            path: exe_dir,
            source: PluginDirSource::Executable,
            refused: None,
        });
    }
    for dir in config_dirs {
        let refused = (!allow && is_inside(dir, project_root)).then(|| {
            format!(
                "{} is inside the checked project, and loading a library from it runs the \
                 repository's code; to allow it, pass --allow-project-plugins or set {ALLOW_PROJECT_PLUGINS_ENV}=1",
                dir.display()
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
