//! The managed toolchain: pinned engine packages that signalint installs with npm into a
//! cache directory outside any project, for projects that do not ship their own engines.
//!
//! Location: `$SIGNALINT_TOOLCHAIN_DIR` when set (used as is: `<dir>/node_modules/...`),
//! otherwise `$XDG_CACHE_HOME/signalint/toolchain/<hash of the package list>` (or
//! `~/.cache/...`). The install goes to a temporary directory that is renamed into place, so
//! an interrupted install never looks complete.

use std::path::{Path, PathBuf};
use std::time::Duration;

use tokio_util::sync::CancellationToken;

use crate::runner::{Command, Ending, Runner};

/// Overrides the managed toolchain's directory.
pub const TOOLCHAIN_DIR_ENV: &str = "SIGNALINT_TOOLCHAIN_DIR";
/// Set to `1` to never install the toolchain on first need.
pub const NO_INSTALL_ENV: &str = "SIGNALINT_NO_INSTALL";

/// A set of pinned npm packages and where they live.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Toolchain {
    /// `name@version` specs, sorted.
    pub packages: Vec<String>,
    /// The package root (it holds `node_modules`).
    pub root: PathBuf,
}

impl Toolchain {
    /// The toolchain for these package specs at the default (or overridden) location.
    pub fn new(mut packages: Vec<String>) -> Self {
        packages.sort();
        packages.dedup();
        let root = match std::env::var_os(TOOLCHAIN_DIR_ENV) {
            Some(dir) if !dir.is_empty() => PathBuf::from(dir),
            _ => {
                let refs: Vec<&str> = packages.iter().map(String::as_str).collect();
                cache_home()
                    .join("signalint")
                    .join("toolchain")
                    .join(crate::core::short_hash(&refs))
            }
        };
        Self { packages, root }
    }

    /// Whether every package is installed at its pinned version.
    pub fn is_installed(&self) -> bool {
        self.missing().is_empty()
    }

    /// Package specs that are absent or at another version.
    pub fn missing(&self) -> Vec<String> {
        self.packages
            .iter()
            .filter(|spec| !installed(&self.root, spec))
            .cloned()
            .collect()
    }

    /// Installs the missing packages with npm. `progress` receives one line per step.
    pub async fn install(
        &self,
        runner: &Runner,
        progress: &mut (dyn FnMut(&str) + Send),
    ) -> Result<(), String> {
        let missing = self.missing();
        if missing.is_empty() {
            progress(&format!("toolchain up to date in {}", self.root.display()));
            return Ok(());
        }
        let npm = super::which("npm").ok_or_else(|| {
            "npm is not on PATH; install Node.js (20 or later) with npm, or install the engines in the project".to_owned()
        })?;
        let parent = self.root.parent().unwrap_or(Path::new("/"));
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        // Install beside the target and rename, so a half-done install never looks complete.
        let staging = parent.join(format!(
            ".{}.staging-{}",
            self.root
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or("toolchain"),
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&staging);
        if self.root.join("node_modules").is_dir() {
            copy_dir(&self.root, &staging)
                .map_err(|e| format!("cannot prepare {}: {e}", staging.display()))?;
        } else {
            std::fs::create_dir_all(&staging)
                .map_err(|e| format!("cannot create {}: {e}", staging.display()))?;
        }
        let manifest = staging.join("package.json");
        if !manifest.exists() {
            let _ = std::fs::write(
                &manifest,
                "{\n  \"name\": \"signalint-toolchain\",\n  \"private\": true\n}\n",
            );
        }
        progress(&format!(
            "installing {} into {}",
            missing.join(" "),
            self.root.display()
        ));
        let mut args = vec![
            "install".to_owned(),
            "--no-audit".to_owned(),
            "--no-fund".to_owned(),
            "--save-exact".to_owned(),
            "--prefix".to_owned(),
            staging.to_string_lossy().into_owned(),
        ];
        args.extend(self.packages.iter().cloned());
        let command = Command::new(
            npm.to_string_lossy().into_owned(),
            args,
            staging.clone(),
            Duration::from_secs(600),
        );
        let output = runner
            .run(&command, &CancellationToken::new())
            .await
            .map_err(|e| e.to_string())?;
        if output.ending != Ending::Exited(Some(0)) {
            let _ = std::fs::remove_dir_all(&staging);
            return Err(format!(
                "npm install failed ({:?}): {}",
                output.ending,
                crate::runner::tail(&format!("{}\n{}", output.stdout, output.stderr), 8)
            ));
        }
        let _ = std::fs::remove_dir_all(&self.root);
        std::fs::rename(&staging, &self.root).map_err(|e| {
            format!(
                "cannot move the toolchain into {}: {e}",
                self.root.display()
            )
        })?;
        for spec in &self.packages {
            progress(&format!("  {spec} ✓"));
        }
        let still_missing = self.missing();
        if still_missing.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "after npm install, still missing: {}",
                still_missing.join(" ")
            ))
        }
    }
}

fn cache_home() -> PathBuf {
    crate::state::cache_home()
}

/// Splits `@scope/name@1.2.3` into name and version.
pub fn split_spec(spec: &str) -> (&str, Option<&str>) {
    match spec[1..].find('@') {
        Some(at) => (&spec[..at + 1], Some(&spec[at + 2..])),
        None => (spec, None),
    }
}

fn installed(root: &Path, spec: &str) -> bool {
    let (name, version) = split_spec(spec);
    let Ok(text) =
        std::fs::read_to_string(root.join("node_modules").join(name).join("package.json"))
    else {
        return false;
    };
    let Ok(manifest) = serde_json::from_str::<serde_json::Value>(&text) else {
        return false;
    };
    match version {
        Some(version) => manifest["version"] == version,
        None => true,
    }
}

fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        let kind = entry.file_type()?;
        if kind.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else if kind.is_symlink() {
            std::os::unix::fs::symlink(std::fs::read_link(entry.path())?, &target)?;
        } else {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_split_with_scopes() {
        assert_eq!(split_spec("oxlint@1.94.0"), ("oxlint", Some("1.94.0")));
        assert_eq!(
            split_spec("@biomejs/biome@2.6.8"),
            ("@biomejs/biome", Some("2.6.8"))
        );
        assert_eq!(split_spec("typescript"), ("typescript", None));
    }

    #[test]
    fn installed_packages_are_recognised_by_version() {
        let dir = tempfile::tempdir().unwrap();
        let package = dir.path().join("node_modules/@biomejs/biome");
        std::fs::create_dir_all(&package).unwrap();
        std::fs::write(
            package.join("package.json"),
            r#"{"name":"@biomejs/biome","version":"2.6.8"}"#,
        )
        .unwrap();
        let toolchain = Toolchain {
            packages: vec!["@biomejs/biome@2.6.8".into(), "oxlint@1.94.0".into()],
            root: dir.path().to_owned(),
        };
        assert_eq!(toolchain.missing(), ["oxlint@1.94.0"]);
        let other = Toolchain {
            packages: vec!["@biomejs/biome@2.7.0".into()],
            root: dir.path().to_owned(),
        };
        assert!(!other.is_installed());
    }
}
