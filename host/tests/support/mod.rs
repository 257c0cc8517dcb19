//! Shared helpers for the host's integration tests: the plugin libraries (built by a nested
//! `cargo build --workspace`, because `cargo test` does not build cdylibs), plugin directories
//! in temporary folders, the real `signalint` binary, and the pinned test engines.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// `target/<profile>`: where cargo puts this test's binary (`deps/`), the `signalint` binary and
/// the workspace's libraries.
pub fn artifact_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    exe.parent()
        .and_then(Path::parent)
        .expect("the test binary lives in target/<profile>/deps")
        .to_path_buf()
}

/// Builds every workspace library once per test process, with the same cargo, profile and
/// target directory as the test itself, and returns the directory holding them.
pub fn library_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = artifact_dir();
        let profile = dir
            .file_name()
            .and_then(|n| n.to_str())
            .expect("a profile directory name")
            .to_owned();
        let target_dir = dir.parent().expect("the target directory");
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
        let output = Command::new(cargo)
            .args(["build", "--quiet", "--workspace"])
            .args([
                "--profile",
                if profile == "debug" { "dev" } else { &profile },
            ])
            .arg("--target-dir")
            .arg(target_dir)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("spawn cargo to build the plugin libraries");
        assert!(
            output.status.success(),
            "building the workspace's plugin libraries failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        dir
    })
}

/// The file name of a library with this crate-level name (`signalint_fixture_panicky`).
pub fn library_file_name(lib_name: &str) -> String {
    format!(
        "{}{lib_name}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    )
}

/// A built library by crate-level name; panics with the path when it is missing.
pub fn library(lib_name: &str) -> PathBuf {
    let path = library_dir().join(library_file_name(lib_name));
    assert!(path.is_file(), "library not built: {}", path.display());
    path
}

/// The fixture plugin crates under `host/tests/fixture-plugins/`.
pub mod fixture {
    pub const WRONG_ABI: &str = "signalint_fixture_wrong_abi";
    pub const NOT_A_PLUGIN: &str = "signalint_fixture_not_a_plugin";
    pub const API_NEXT: &str = "signalint_fixture_api_next";
    pub const PANICKY: &str = "signalint_fixture_panicky";
    pub const FAULT_ENGINE: &str = "signalint_fixture_fault_engine";
    pub const PAYLOAD_NEXT: &str = "signalint_fixture_payload_next";
    pub const PROGRAM_ENGINE: &str = "signalint_fixture_program_engine";
}

/// Every `libsignalint_plugin_*` library the workspace build produced, sorted.
pub fn workspace_plugin_libraries() -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(library_dir())
        .expect("read the library directory")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(signalint::plugins::is_plugin_file_name)
        })
        .collect();
    found.sort();
    found
}

/// A temporary plugin directory: libraries are copied in under discoverable names.
pub struct PluginDir {
    dir: tempfile::TempDir,
}

impl PluginDir {
    pub fn new() -> Self {
        Self {
            dir: tempfile::tempdir().expect("a temporary plugin directory"),
        }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Copies the library `lib_name` in as `libsignalint_plugin_<file_id>.so` and returns the
    /// copy's path.
    pub fn add(&self, lib_name: &str, file_id: &str) -> PathBuf {
        let target = self
            .dir
            .path()
            .join(library_file_name(&format!("signalint_plugin_{file_id}")));
        std::fs::copy(library(lib_name), &target).expect("copy a plugin library");
        target
    }

    /// The directory as the host's loader sees a `SIGNALINT_PLUGIN_PATH` entry.
    pub fn as_plugin_dir(&self) -> signalint::plugins::PluginDir {
        signalint::plugins::PluginDir {
            path: self.path().to_owned(),
            source: signalint::plugins::PluginDirSource::Environment,
            refused: None,
        }
    }
}

/// The workspace root (`/…/main`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("host/ sits in the workspace root")
        .to_owned()
}

/// The pinned oxlint entry point in `test-engines/`. Fails (never skips) when it is missing.
pub fn oxlint_bin() -> PathBuf {
    let path = workspace_root().join("test-engines/node_modules/oxlint/bin/oxlint");
    assert!(
        path.is_file(),
        "the pinned test engines are missing ({} does not exist); install them with \
         `npm install --prefix test-engines` in the workspace root",
        path.display()
    );
    path
}

/// The real `signalint` binary, with the plugin libraries built and `SIGNALINT_PLUGIN_PATH`
/// pointing at `plugin_path` (when given). Logging is quiet and no agent variables leak in.
pub fn signalint(plugin_path: Option<&Path>) -> Command {
    library_dir();
    let mut command = Command::new(env!("CARGO_BIN_EXE_signalint"));
    command.env_remove("SIGNALINT_PLUGIN_PATH");
    command.env_remove("SIGNALINT_ALLOW_PROJECT_PLUGINS");
    command.env_remove("SIGNALINT_LOG");
    // The user's trust store is not the tests' business: nothing is trusted unless a test says so.
    command.env_remove("SIGNALINT_TRUST");
    command.env(
        "SIGNALINT_CONFIG_DIR",
        std::env::temp_dir().join("signalint-tests-trust-nothing"),
    );
    // Never install the managed engine toolchain from a test.
    command.env("SIGNALINT_NO_INSTALL", "1");
    if let Some(path) = plugin_path {
        command.env("SIGNALINT_PLUGIN_PATH", path);
    }
    command
}

/// Runs a command, returning its output; panics only when it cannot start.
pub fn run(command: &mut Command) -> Output {
    command.output().expect("run signalint")
}

/// Parses stdout as JSON, with the whole output in the panic message when it does not parse.
pub fn stdout_json(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}); status {:?}\nstdout:\n{}\nstderr:\n{}",
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

/// Copies a directory tree byte for byte.
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create a directory");
    for entry in std::fs::read_dir(from).expect("read a fixture directory") {
        let entry = entry.expect("a directory entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a file type").is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy a fixture file");
        }
    }
}

/// A project in a temporary directory (the host writes `.signalint/` into the root).
pub fn temp_project() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary project")
}

/// The canonical path of a temporary directory (`/tmp` may be a symlink).
pub fn canonical(path: &Path) -> PathBuf {
    path.canonicalize().expect("canonicalize")
}

/// A check context for `root` with `config` (signalint.toml text), the workspace's plugin
/// libraries, two engine slots and a 10 MiB output cap: what the CLI builds, without the CLI,
/// in a trusted project (these tests are about the engines, and pin them in the project).
pub fn engine_context(root: &Path, config: &str) -> signalint::check::Context {
    use signalint::plugins::{PluginDir, PluginDirSource, Registry};
    use std::sync::Arc;
    let mut config = signalint::config::Config::parse(config, &root.join("signalint.toml"))
        .expect("a valid config");
    config.trust = signalint::config::ProjectTrust::trusted();
    let registry = Registry::load(&[PluginDir {
        path: library_dir().to_owned(),
        source: PluginDirSource::Executable,
        refused: None,
    }]);
    signalint::check::Context {
        root: root.to_owned(),
        toolchain: Arc::new(signalint::toolchain::ManagedToolchain::for_registry(
            &registry,
            signalint::check::engine_plugin_ids(&config),
        )),
        registry: Arc::new(registry),
        config: Arc::new(config),
        runner: signalint::runner::Runner::new(2, 10 * 1024 * 1024),
        prewalk: Default::default(),
        kept: Default::default(),
        shard: None,
        warm: None,
    }
}

/// Sends `lines` to `signalint mcp` on a fresh empty project over its raw stream, closes
/// stdin, and returns every message it wrote (each must be JSON) and whether it exited cleanly.
pub fn raw_mcp_exchange(lines: &[String]) -> (Vec<serde_json::Value>, bool) {
    use std::io::{Read, Write};
    use std::process::Stdio;
    let project = temp_project();
    let mut child = signalint(None)
        .args(["mcp", "--root"])
        .arg(project.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start signalint mcp");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let lines = lines.to_vec();
    // A server that stops reading early is the test's to judge from what it answered.
    let writer = std::thread::spawn(move || {
        for line in lines {
            let _ = stdin.write_all(format!("{line}\n").as_bytes());
        }
    });
    let mut out = String::new();
    child
        .stdout
        .take()
        .expect("piped stdout")
        .read_to_string(&mut out)
        .expect("read the server's stdout");
    writer.join().expect("the writer thread");
    let clean = child.wait().expect("wait for the server").success();
    let messages = out
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    (messages, clean)
}
