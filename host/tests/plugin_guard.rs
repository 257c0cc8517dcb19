//! Where plugins come from: an installation finds its own built-in plugins from the real path of
//! its executable (a symlinked binary, an install layout's `plugins/` folder), a binary that
//! lost them fails with where it looked instead of checking nothing, and a plugin directory the
//! repository names (anywhere in its git work tree, or linked into it) needs the user's opt-in.

mod support;

use std::path::{Path, PathBuf};

/// The built `signalint` binary.
fn binary() -> PathBuf {
    support::library_dir();
    PathBuf::from(env!("CARGO_BIN_EXE_signalint"))
}

/// `signalint` at `executable`, isolated as `support::signalint` isolates the built one.
fn signalint_at(executable: &Path) -> std::process::Command {
    let isolated = support::signalint(None);
    let mut command = std::process::Command::new(executable);
    for (key, value) in isolated.get_envs() {
        match value {
            Some(value) => command.env(key, value),
            None => command.env_remove(key),
        };
    }
    command
}

/// A project with one file oxlint flags, and no config.
fn project_with_an_issue() -> tempfile::TempDir {
    let project = support::temp_project();
    std::fs::write(project.path().join("a.js"), "debugger;\n").unwrap();
    project
}

/// The ids `signalint plugins --format json` reports as loaded.
fn loaded_ids(output: &std::process::Output) -> Vec<String> {
    let json = support::stdout_json(output);
    json["plugins"]
        .as_array()
        .expect("a plugins array")
        .iter()
        .filter(|row| row["status"] == "loaded")
        .filter_map(|row| row["id"].as_str().map(str::to_owned))
        .collect()
}

#[test]
fn a_binary_copied_away_from_its_plugins_fails_and_says_where_it_looked() {
    let install = tempfile::tempdir().unwrap();
    let copy = install.path().join("signalint");
    std::fs::copy(binary(), &copy).unwrap();
    let project = project_with_an_issue();
    let output = support::run(
        signalint_at(&copy)
            .arg("--root")
            .arg(project.path())
            .args(["check"]),
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stdout}\n{stderr}");
    assert!(!stdout.contains("No issues"), "{stdout}");
    let real = support::canonical(install.path());
    assert!(
        stderr.contains(&real.display().to_string())
            && stderr.contains(&real.join("plugins").display().to_string()),
        "names where it looked: {stderr}"
    );
    assert!(
        stderr.contains("npm install"),
        "says how to reinstall: {stderr}"
    );
    // The MCP server would answer every check with nothing: it refuses to start as well.
    let output = support::run(
        signalint_at(&copy)
            .arg("--root")
            .arg(project.path())
            .arg("mcp"),
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_symlinked_binary_finds_the_plugins_beside_its_real_path() {
    let links = tempfile::tempdir().unwrap();
    let link = links.path().join("signalint");
    std::os::unix::fs::symlink(binary(), &link).unwrap();
    let project = project_with_an_issue();
    let output = support::run(
        signalint_at(&link)
            .arg("--root")
            .arg(project.path())
            .args(["plugins", "--format", "json"]),
    );
    assert!(output.status.success(), "{output:?}");
    let loaded = loaded_ids(&output);
    for id in ["oxlint", "tsc", "biome", "mcp-lint"] {
        assert!(loaded.iter().any(|l| l == id), "{id} not in {loaded:?}");
    }
}

#[test]
fn an_install_layout_keeps_its_plugins_in_a_plugins_folder() {
    let package = tempfile::tempdir().unwrap();
    let executable = package.path().join("signalint");
    std::fs::copy(binary(), &executable).unwrap();
    let plugins = package.path().join("plugins");
    std::fs::create_dir(&plugins).unwrap();
    for library in support::workspace_plugin_libraries() {
        std::fs::copy(&library, plugins.join(library.file_name().unwrap())).unwrap();
    }
    let project = project_with_an_issue();
    let output = support::run(
        signalint_at(&executable)
            .arg("--root")
            .arg(project.path())
            .args(["check", "--format", "json"])
            .env(
                "SIGNALINT_TOOLCHAIN_DIR",
                support::workspace_root().join("test-engines"),
            ),
    );
    let json = support::stdout_json(&output);
    assert_eq!(output.status.code(), Some(1), "{json}");
    assert_eq!(json["engines"]["oxlint"]["status"], "ok", "{json}");
    assert!(json["totalIssues"].as_u64().unwrap_or(0) >= 1, "{json}");
}

/// A git work tree with the project in `app/`, and the plugin directory `vendor/plugins` beside
/// it, holding a copy of a real plugin under another id.
struct Repository {
    dir: tempfile::TempDir,
}

impl Repository {
    fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(".git")).unwrap();
        std::fs::create_dir_all(dir.path().join("app")).unwrap();
        let vendor = dir.path().join("vendor/plugins");
        std::fs::create_dir_all(&vendor).unwrap();
        std::fs::copy(
            support::library("signalint_plugin_tool_hygiene"),
            vendor.join(support::library_file_name("signalint_plugin_vendored")),
        )
        .unwrap();
        Self { dir }
    }

    fn root(&self) -> PathBuf {
        support::canonical(self.dir.path())
    }

    fn app(&self) -> PathBuf {
        self.root().join("app")
    }

    /// `signalint plugins --format json` for the app with this `[plugins] path` entry.
    fn plugins(&self, path: &str, extra: &[&str]) -> serde_json::Value {
        std::fs::write(
            self.app().join("signalint.toml"),
            format!("[plugins]\npath = [{path:?}]\n"),
        )
        .unwrap();
        let output = support::run(
            support::signalint(None)
                .arg("--root")
                .arg(self.app())
                .args(["--trust", "plugins", "--format", "json"])
                .args(extra),
        );
        assert!(output.status.success(), "{output:?}");
        support::stdout_json(&output)
    }
}

/// Whether the vendored library was opened (it appears as a row only when its directory was
/// listed) and the refusal reason of its directory.
fn vendored(json: &serde_json::Value) -> (bool, Option<String>) {
    let opened = json["plugins"]
        .as_array()
        .unwrap()
        .iter()
        .any(|row| row["path"].as_str().is_some_and(|p| p.contains("vendored")));
    let refusal = json["skippedDirectories"]
        .as_array()
        .and_then(|dirs| dirs.first())
        .map(|dir| dir.to_string());
    (opened, refusal)
}

#[test]
fn a_plugin_directory_anywhere_in_the_repository_needs_the_opt_in() {
    let repository = Repository::new();
    let absolute = repository.root().join("vendor/plugins");
    for path in ["../vendor/plugins", absolute.to_str().unwrap()] {
        let json = repository.plugins(path, &[]);
        let (opened, refusal) = vendored(&json);
        assert!(
            !opened,
            "{path}: a refused directory is never opened: {json}"
        );
        let refusal = refusal.unwrap_or_else(|| panic!("{path}: no refusal in {json}"));
        assert!(
            refusal.contains("--allow-project-plugins"),
            "{path}: {refusal}"
        );
        let json = repository.plugins(path, &["--allow-project-plugins"]);
        assert!(vendored(&json).0, "{path}: allowed, it loads: {json}");
    }
}

#[test]
fn a_plugin_directory_that_resolves_into_the_repository_needs_the_opt_in() {
    let repository = Repository::new();
    let outside = tempfile::tempdir().unwrap();
    let link = outside.path().join("plugins");
    std::os::unix::fs::symlink(repository.root().join("vendor/plugins"), &link).unwrap();
    let json = repository.plugins(link.to_str().unwrap(), &[]);
    let (opened, refusal) = vendored(&json);
    assert!(!opened && refusal.is_some(), "{json}");
}

#[test]
fn a_node_modules_link_that_leaves_the_repository_still_needs_the_opt_in() {
    let repository = Repository::new();
    let store = tempfile::tempdir().unwrap();
    std::fs::copy(
        support::library("signalint_plugin_tool_hygiene"),
        store
            .path()
            .join(support::library_file_name("signalint_plugin_vendored")),
    )
    .unwrap();
    let node_modules = repository.app().join("node_modules");
    std::fs::create_dir(&node_modules).unwrap();
    std::os::unix::fs::symlink(store.path(), node_modules.join("plugins")).unwrap();
    let json = repository.plugins("node_modules/plugins", &[]);
    let (opened, refusal) = vendored(&json);
    assert!(!opened && refusal.is_some(), "{json}");
}

#[test]
fn a_plugin_directory_outside_the_repository_loads_once_trusted() {
    let repository = Repository::new();
    let elsewhere = tempfile::tempdir().unwrap();
    std::fs::copy(
        support::library("signalint_plugin_tool_hygiene"),
        elsewhere
            .path()
            .join(support::library_file_name("signalint_plugin_vendored")),
    )
    .unwrap();
    let json = repository.plugins(elsewhere.path().to_str().unwrap(), &[]);
    let (opened, refusal) = vendored(&json);
    assert!(opened && refusal.is_none(), "{json}");
}
