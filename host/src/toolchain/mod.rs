//! Which executable runs an engine, and why.
//!
//! Order: the config's `tool` override, the project's own install (`node_modules` in the
//! project root or an ancestor, as Node resolves it), `PATH`, then the managed toolchain that
//! signalint installs with npm outside the project. In a project the user has not trusted,
//! nothing the repository provides runs: its `node_modules` (and a `PATH` entry inside it) are
//! skipped, and the resolution says which install was left out. The first one found must report a
//! version inside the adapter's supported range; an out-of-range tool is an error that says
//! which file and which versions, never a silent fallback to another install.
//!
//! A project may declare the package of one build of a tool (a candidate's `package`) without
//! having installed it: it then checks with that build, not with another one it happens to
//! have installed, so the search narrows to that build's variant (as `compiler = "<variant>"`
//! does) and the managed build runs, with a status that says so.

mod engines;
mod guard;
mod managed;

pub use engines::{ManagedToolchain, resolve_engine_tool};
pub use managed::{NO_INSTALL_ENV, TOOLCHAIN_DIR_ENV, Toolchain, split_spec};

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, SystemTime};

use signalint_plugin_api::{ResolvedTool, ToolCandidate, ToolSpec};
use tokio_util::sync::CancellationToken;

use crate::runner::{Command, Ending, Runner};

/// Where the tool came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolSource {
    Config,
    Project,
    Path,
    Managed,
}

impl ToolSource {
    pub fn as_str(self) -> &'static str {
        match self {
            ToolSource::Config => "config override",
            ToolSource::Project => "project",
            ToolSource::Path => "PATH",
            ToolSource::Managed => "managed toolchain",
        }
    }
}

/// A tool that was found and whose version fits.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolution {
    pub tool: ResolvedTool,
    pub source: ToolSource,
    /// The file that was found (the script for a launcher-run tool).
    pub location: PathBuf,
    /// The project's own install, left out because the project is not trusted.
    pub untrusted_skipped: Option<PathBuf>,
    /// The build the project declares but has not installed, which the search narrowed to.
    pub declared_not_installed: Option<DeclaredBuild>,
}

/// A build of a tool that the project's `package.json` declares and its `node_modules` lacks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeclaredBuild {
    /// The npm package declared (`@typescript/native-preview`).
    pub package: String,
    /// The variant of the candidates that package provides (`native`).
    pub variant: String,
    /// The tool's display name (`tsc`).
    pub tool: String,
}

impl Resolution {
    /// What the engine's status says about the choice of tool, when it is not the plain one:
    /// the untrusted project's install that was left out, or the declared build that is not
    /// installed.
    pub fn status_note(&self, root: &Path, trust_command: &str) -> Option<String> {
        self.untrusted_note(root, trust_command)
            .or_else(|| self.declared_note())
    }

    /// What a project that declares a build without installing it is told: what was read,
    /// what runs instead, and how to run its own.
    pub fn declared_note(&self) -> Option<String> {
        let declared = self.declared_not_installed.as_ref()?;
        Some(format!(
            "the project declares {} (the `{}` build of {}) but has not installed it: the {} \
             {} {} runs; install the project's dependencies to use its own",
            declared.package,
            declared.variant,
            declared.tool,
            self.source.as_str(),
            declared.tool,
            self.tool.version,
        ))
    }

    /// What an untrusted project's status says: the project's own install that was left out,
    /// what ran instead, and the command that trusts the project. `None` when nothing was.
    pub fn untrusted_note(&self, root: &Path, trust_command: &str) -> Option<String> {
        let skipped = self.untrusted_skipped.as_ref()?;
        Some(format!(
            "the project is not trusted, so its own {} ({}) was not run; the {} one ({} {}) \
             ran instead; if you trust the project, run `{trust_command}` (or pass --trust)",
            skipped
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
            skipped.strip_prefix(root).unwrap_or(skipped).display(),
            self.source.as_str(),
            self.location.display(),
            self.tool.version,
        ))
    }
}

/// Why no usable tool was found.
#[derive(Debug, Clone, thiserror::Error)]
pub enum ToolProblem {
    #[error("{name} not found (looked in: {}); {}", searched.join(", "), install_hint(engine, name, packages))]
    NotFound {
        engine: String,
        name: String,
        searched: Vec<String>,
        packages: Vec<String>,
    },

    #[error("{name} {version} at {} ({}) is outside the supported range {range}; {fix}", location.display(), origin.as_str())]
    OutOfRange {
        name: String,
        version: String,
        range: String,
        location: PathBuf,
        origin: ToolSource,
        /// What to change, with the engine's real id and the exact config line.
        fix: String,
    },

    #[error("[engines.{engine}] compiler = \"{variant}\" is not a build of {name} (known: {})", known.join(", "))]
    UnknownVariant {
        engine: String,
        name: String,
        variant: String,
        known: Vec<String>,
    },

    #[error("cannot tell the version of {name} at {}: {detail}", location.display())]
    NoVersion {
        name: String,
        location: PathBuf,
        detail: String,
    },

    #[error(
        "the supported version range `{range}` of {name} is not valid semver: {detail} (a bug in the plugin)"
    )]
    BadRange {
        name: String,
        range: String,
        detail: String,
    },
}

fn install_hint(engine: &str, name: &str, packages: &[String]) -> String {
    if packages.is_empty() {
        format!("install {name} in the project, or set `tool` in its [engines.{engine}] table")
    } else {
        let names: Vec<&str> = packages.iter().map(|p| split_spec(p).0).collect();
        format!(
            "install it in the project (npm i -D {}), or run `signalint setup`",
            names.join(" ")
        )
    }
}

/// What the config asks of one engine's tool (`[engines.<id>]`).
#[derive(Debug, Clone, Copy, Default)]
pub struct ToolChoice<'a> {
    /// The engine id, named in errors and fixes.
    pub engine: &'a str,
    /// `tool`: the executable itself, used or missing, never looked for elsewhere.
    pub tool: Option<&'a Path>,
    /// `compiler`: only the adapter's candidates of this variant, from the project or else
    /// the managed toolchain.
    pub compiler: Option<&'a str>,
    /// The project is not trusted: nothing in it (its `node_modules`, a `PATH` entry inside it)
    /// is run.
    pub untrusted: bool,
}

impl<'a> ToolChoice<'a> {
    /// The choice an engine table makes (none without a table).
    pub fn from_config(engine: &'a str, config: Option<&'a crate::config::EngineConfig>) -> Self {
        Self {
            engine,
            tool: config.and_then(|c| c.tool.as_deref()),
            compiler: config.and_then(|c| c.compiler.as_deref()),
            untrusted: false,
        }
    }

    /// The same choice in a project that is (not) trusted.
    pub fn trusted(mut self, trusted: bool) -> Self {
        self.untrusted = !trusted;
        self
    }
}

/// The distinct variant names of a tool's candidates, in declared order.
fn variants(spec: &ToolSpec) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for name in spec.candidates.iter().filter_map(|c| c.variant.as_ref()) {
        if !names.contains(name) {
            names.push(name.clone());
        }
    }
    names
}

/// How to get past a tool whose version is out of range: the exact config line, with the
/// engine's real id.
fn out_of_range_fix(spec: &ToolSpec, choice: &ToolChoice<'_>, origin: ToolSource) -> String {
    let managed = spec
        .npm_packages
        .first()
        .map_or_else(|| spec.name.clone(), Clone::clone);
    match variants(spec).first() {
        Some(variant) if choice.compiler.is_none() && origin != ToolSource::Config => format!(
            "to run the managed {managed} instead, add `compiler = \"{variant}\"` under \
             [engines.{}] in signalint.toml (or install a supported version in the project)",
            choice.engine
        ),
        _ => format!(
            "install a supported version in the project, or add `tool = \"/path/to/{}\"` \
             under [engines.{}] in signalint.toml",
            spec.name, choice.engine
        ),
    }
}

/// A tool candidate before its version is known.
#[derive(Debug, Clone)]
struct Candidate {
    program: String,
    prefix_args: Vec<String>,
    location: PathBuf,
    source: ToolSource,
}

/// Finds the tool for `spec`.
pub async fn resolve(
    spec: &ToolSpec,
    choice: &ToolChoice<'_>,
    project_root: &Path,
    managed_root: Option<&Path>,
    runner: &Runner,
) -> Result<Resolution, ToolProblem> {
    let range =
        semver::VersionReq::parse(&spec.version_range).map_err(|e| ToolProblem::BadRange {
            name: spec.name.clone(),
            range: spec.version_range.clone(),
            detail: e.to_string(),
        })?;
    if let Some(variant) = choice.compiler {
        let known = variants(spec);
        if !known.iter().any(|v| v == variant) {
            return Err(ToolProblem::UnknownVariant {
                engine: choice.engine.to_owned(),
                name: spec.name.clone(),
                variant: variant.to_owned(),
                known,
            });
        }
    }
    let declared = declared_build(spec, choice, project_root);
    let narrowed;
    let choice = match &declared {
        Some(build) => {
            narrowed = ToolChoice {
                compiler: Some(build.variant.as_str()),
                ..*choice
            };
            &narrowed
        }
        None => choice,
    };
    let (candidate, mut searched, untrusted_skipped) =
        find(spec, choice, project_root, managed_root);
    // Narrowed, the search finds the declared build in the project when it is installed: then
    // it is the project's own, and nothing needs saying.
    let installed = candidate
        .as_ref()
        .is_some_and(|c| c.source == ToolSource::Project);
    if let Some(build) = declared.as_ref().filter(|_| !installed) {
        searched.insert(
            0,
            format!(
                "only `{}` builds, as the project declares {} but has not installed it",
                build.variant, build.package
            ),
        );
    }
    let candidate = match candidate {
        Some(candidate) if choice.untrusted => Some(guarded(candidate, spec)?),
        other => other,
    };
    let Some(candidate) = candidate else {
        return Err(ToolProblem::NotFound {
            engine: choice.engine.to_owned(),
            name: spec.name.clone(),
            searched,
            packages: spec.npm_packages.clone(),
        });
    };
    let version = probe_version(spec, &candidate, runner).await?;
    let parsed = semver::Version::parse(&version).map_err(|e| ToolProblem::NoVersion {
        name: spec.name.clone(),
        location: candidate.location.clone(),
        detail: e.to_string(),
    })?;
    if !in_range(&range, &parsed) {
        return Err(ToolProblem::OutOfRange {
            name: spec.name.clone(),
            version,
            range: spec.version_range.clone(),
            fix: out_of_range_fix(spec, choice, candidate.source),
            location: candidate.location,
            origin: candidate.source,
        });
    }
    Ok(Resolution {
        tool: ResolvedTool::new(candidate.program, version).with_prefix_args(candidate.prefix_args),
        source: candidate.source,
        location: candidate.location,
        untrusted_skipped,
        declared_not_installed: declared.filter(|_| !installed),
    })
}

/// The build whose package the project declares (root or ancestor `package.json`). Only when
/// nothing is configured: a `tool` or `compiler` says what runs, and an untrusted project runs
/// the managed build anyway.
fn declared_build(
    spec: &ToolSpec,
    choice: &ToolChoice<'_>,
    project_root: &Path,
) -> Option<DeclaredBuild> {
    if choice.tool.is_some() || choice.compiler.is_some() || choice.untrusted {
        return None;
    }
    let named: Vec<(&str, &str)> = spec
        .candidates
        .iter()
        .filter_map(|c| Some((c.package.as_deref()?, c.variant.as_deref()?)))
        .collect();
    if named.is_empty() {
        return None;
    }
    let declared = crate::config::usage::declared_packages(project_root);
    named
        .into_iter()
        .find(|(package, _)| declared.contains(*package))
        .map(|(package, variant)| DeclaredBuild {
            package: package.to_owned(),
            variant: variant.to_owned(),
            tool: spec.name.clone(),
        })
}

/// Whether `version` is in `range`, a pre-release (`7.0.0-dev.20260707.2`, a nightly build
/// a project installs on purpose) counted as its release: semver's own rule would take
/// `>=4.9.0, <8.0.0` to exclude every pre-release of 7.
fn in_range(range: &semver::VersionReq, version: &semver::Version) -> bool {
    let mut release = version.clone();
    release.pre = semver::Prerelease::EMPTY;
    range.matches(version) || range.matches(&release)
}

/// The first existing candidate, the places that were searched, and the project's own install
/// when it was left out because the project is not trusted.
fn find(
    spec: &ToolSpec,
    choice: &ToolChoice<'_>,
    project_root: &Path,
    managed_root: Option<&Path>,
) -> (Option<Candidate>, Vec<String>, Option<PathBuf>) {
    let mut searched = Vec::new();
    let mut skipped = None;
    if let Some(path) = choice.tool {
        let path = if path.is_relative() {
            project_root.join(path)
        } else {
            path.to_owned()
        };
        searched.push(format!("config tool {}", path.display()));
        if path.is_file() {
            return (
                Some(from_file(&path, None, ToolSource::Config)),
                searched,
                None,
            );
        }
        // An explicit override that is missing is an error, not a reason to use another tool.
        return (None, searched, None);
    }
    // A chosen variant narrows the candidates, and skips `PATH` (whose build is unknown).
    let chosen: Vec<&ToolCandidate> = spec
        .candidates
        .iter()
        .filter(|c| {
            choice
                .compiler
                .is_none_or(|v| c.variant.as_deref() == Some(v))
        })
        .collect();
    'project: for dir in project_root.ancestors() {
        for candidate in &chosen {
            let path = dir.join(&candidate.path);
            if path.is_file() {
                if choice.untrusted {
                    skipped = Some(path);
                    break 'project;
                }
                return (
                    Some(from_file(
                        &path,
                        candidate.launcher.as_deref(),
                        ToolSource::Project,
                    )),
                    searched,
                    None,
                );
            }
        }
    }
    if choice.untrusted {
        searched.push(format!(
            "not {}/node_modules and its ancestors (the project is not trusted)",
            project_root.display()
        ));
    } else {
        searched.push(format!(
            "{}/node_modules and its ancestors",
            project_root.display()
        ));
    }
    let path_names: &[String] = if choice.compiler.is_some() {
        &[]
    } else {
        &spec.path_names
    };
    for name in path_names {
        let Some(path) = which(name) else {
            continue;
        };
        // `npm run` puts the project's `node_modules/.bin` on `PATH`: not trusted, it is skipped.
        if choice.untrusted && inside(&path, project_root) {
            skipped.get_or_insert(path);
            continue;
        }
        // `node_modules/.bin/x` is usually an npm shim that spawns the real binary as a
        // child (orphaned if the shim is killed); use the package's own entry point.
        if let Some(package_root) = npm_bin_package_root(&path) {
            for candidate in &spec.candidates {
                let native = package_root.join(&candidate.path);
                if native.is_file() {
                    return (
                        Some(from_file(
                            &native,
                            candidate.launcher.as_deref(),
                            ToolSource::Path,
                        )),
                        searched,
                        skipped,
                    );
                }
            }
        }
        return (
            Some(from_file(&path, None, ToolSource::Path)),
            searched,
            skipped,
        );
    }
    if !path_names.is_empty() {
        searched.push(format!("PATH ({})", path_names.join(", ")));
    }
    if let Some(root) = managed_root {
        for candidate in &chosen {
            let path = root.join(&candidate.path);
            if path.is_file() {
                return (
                    Some(from_file(
                        &path,
                        candidate.launcher.as_deref(),
                        ToolSource::Managed,
                    )),
                    searched,
                    skipped,
                );
            }
        }
        searched.push(format!("managed toolchain {}", root.display()));
    }
    (None, searched, skipped)
}

/// A Node-run candidate of an untrusted project, with the import guard that keeps the
/// repository's modules (oxlint's `jsPlugins`, a JavaScript config) from loading.
fn guarded(mut candidate: Candidate, spec: &ToolSpec) -> Result<Candidate, ToolProblem> {
    let runs_node = !candidate.prefix_args.is_empty()
        && Path::new(&candidate.program)
            .file_name()
            .is_some_and(|n| n == "node");
    if !runs_node {
        return Ok(candidate);
    }
    let args = guard::node_args(&candidate.location).map_err(|e| ToolProblem::NoVersion {
        name: spec.name.clone(),
        location: candidate.location.clone(),
        detail: format!(
            "the project is not trusted and the import guard that keeps its modules from \
             loading cannot be written ({e}); run `signalint trust` if you trust it"
        ),
    })?;
    candidate.prefix_args.splice(0..0, args);
    Ok(candidate)
}

/// Whether `path` (followed) lies in `root` (a real path).
fn inside(path: &Path, root: &Path) -> bool {
    path.canonicalize().is_ok_and(|real| real.starts_with(root)) || path.starts_with(root)
}

/// For `<root>/node_modules/.bin/<tool>`, `<root>`.
fn npm_bin_package_root(path: &Path) -> Option<&Path> {
    let bin = path.parent()?;
    let node_modules = bin.parent()?;
    (bin.file_name()? == ".bin" && node_modules.file_name()? == "node_modules")
        .then(|| node_modules.parent())?
}

fn from_file(path: &Path, launcher: Option<&str>, source: ToolSource) -> Candidate {
    let launcher = launcher
        .map(str::to_owned)
        .or_else(|| is_node_script(path).then(|| "node".to_owned()));
    match launcher {
        Some(launcher) => Candidate {
            program: which(&launcher).map_or(launcher, |p| p.to_string_lossy().into_owned()),
            prefix_args: vec![path.to_string_lossy().into_owned()],
            location: path.to_owned(),
            source,
        },
        None => Candidate {
            program: path.to_string_lossy().into_owned(),
            prefix_args: Vec::new(),
            location: path.to_owned(),
            source,
        },
    }
}

/// A `.js`/`.cjs`/`.mjs` file, or a script whose shebang names node.
fn is_node_script(path: &Path) -> bool {
    if matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("js" | "cjs" | "mjs")
    ) {
        return true;
    }
    let mut head = [0u8; 64];
    let Ok(mut file) = std::fs::File::open(path) else {
        return false;
    };
    let n = std::io::Read::read(&mut file, &mut head).unwrap_or(0);
    let head = String::from_utf8_lossy(&head[..n]);
    head.starts_with("#!") && head.lines().next().is_some_and(|l| l.contains("node"))
}

/// Looks `name` up on `PATH`.
pub fn which(name: &str) -> Option<PathBuf> {
    if name.contains('/') {
        let path = PathBuf::from(name);
        return path.is_file().then_some(path);
    }
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths)
        .map(|dir| dir.join(name))
        .find(|path| is_executable(path))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

type VersionCache = Mutex<HashMap<(PathBuf, Option<SystemTime>), String>>;

/// Versions already probed, keyed by file and modification time, so a long-lived server asks
/// each tool once.
fn version_cache() -> &'static VersionCache {
    static CACHE: OnceLock<VersionCache> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

async fn probe_version(
    spec: &ToolSpec,
    candidate: &Candidate,
    runner: &Runner,
) -> Result<String, ToolProblem> {
    let mtime = candidate
        .location
        .metadata()
        .and_then(|m| m.modified())
        .ok();
    let key = (candidate.location.clone(), mtime);
    if let Some(version) = version_cache().lock().expect("version cache").get(&key) {
        return Ok(version.clone());
    }
    // An npm-installed tool carries its version in its package.json: no process needed.
    if let Some(version) = npm_package_version(&candidate.location) {
        version_cache()
            .lock()
            .expect("version cache")
            .insert(key, version.clone());
        return Ok(version);
    }
    let no_version = |detail: String| ToolProblem::NoVersion {
        name: spec.name.clone(),
        location: candidate.location.clone(),
        detail,
    };
    let mut args = candidate.prefix_args.clone();
    args.extend(spec.version_args.iter().cloned());
    let command = Command::new(
        candidate.program.clone(),
        args,
        std::env::temp_dir(),
        Duration::from_secs(30),
    );
    let output = runner
        .run(&command, &CancellationToken::new())
        .await
        .map_err(|e| no_version(e.to_string()))?;
    if output.ending != Ending::Exited(Some(0)) {
        return Err(no_version(format!(
            "`{} {}` ended with {:?}: {}",
            command.program,
            command.args.join(" "),
            output.ending,
            output.stderr_tail(3)
        )));
    }
    let text = format!("{}\n{}", output.stdout, output.stderr);
    let version = extract_version(&text)
        .ok_or_else(|| no_version(format!("no version number in `{}`", text.trim())))?;
    version_cache()
        .lock()
        .expect("version cache")
        .insert(key, version.clone());
    Ok(version)
}

/// The version in the `package.json` of the npm package that contains `location`, when the
/// file sits inside `node_modules/<package>/` (or `node_modules/@scope/<package>/`).
pub fn npm_package_version(location: &Path) -> Option<String> {
    let mut dir = location.parent()?;
    loop {
        let parent = dir.parent()?;
        let in_node_modules = parent.file_name().is_some_and(|n| n == "node_modules")
            || (parent
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('@'))
                && parent
                    .parent()
                    .and_then(Path::file_name)
                    .is_some_and(|n| n == "node_modules"));
        if in_node_modules {
            let text = std::fs::read_to_string(dir.join("package.json")).ok()?;
            let manifest: serde_json::Value = serde_json::from_str(&text).ok()?;
            return manifest["version"].as_str().map(str::to_owned);
        }
        dir = parent;
    }
}

/// The first `major.minor.patch[-pre]` in `text`.
pub fn extract_version(text: &str) -> Option<String> {
    static PATTERN: OnceLock<regex::Regex> = OnceLock::new();
    let pattern = PATTERN.get_or_init(|| {
        regex::Regex::new(r"(?:^|[^\d.])(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)").expect("valid regex")
    });
    pattern.captures(text).map(|c| c[1].to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_extracted_from_tool_banners() {
        assert_eq!(extract_version("Version: 1.94.0\n").unwrap(), "1.94.0");
        assert_eq!(extract_version("Version 7.0.2").unwrap(), "7.0.2");
        assert_eq!(extract_version("v10.15.0").unwrap(), "10.15.0");
        assert_eq!(
            extract_version("tool 2.0.0-beta.1 (abc)").unwrap(),
            "2.0.0-beta.1"
        );
        assert_eq!(extract_version("nothing here"), None);
    }

    #[test]
    fn npm_versions_come_from_package_json() {
        let dir = tempfile::tempdir().unwrap();
        let package = dir.path().join("node_modules/@biomejs/cli-linux-x64");
        std::fs::create_dir_all(&package).unwrap();
        std::fs::write(package.join("package.json"), r#"{"version": "2.6.8"}"#).unwrap();
        std::fs::write(package.join("biome"), "").unwrap();
        assert_eq!(
            npm_package_version(&package.join("biome")).unwrap(),
            "2.6.8"
        );
        let bin = dir.path().join("node_modules/oxlint/bin");
        std::fs::create_dir_all(&bin).unwrap();
        std::fs::write(
            dir.path().join("node_modules/oxlint/package.json"),
            r#"{"version": "1.94.0"}"#,
        )
        .unwrap();
        assert_eq!(npm_package_version(&bin.join("oxlint")).unwrap(), "1.94.0");
        assert_eq!(
            npm_package_version(&dir.path().join("elsewhere/tool")),
            None
        );
    }

    #[test]
    fn a_pre_release_counts_as_its_release() {
        let range = semver::VersionReq::parse(">=4.9.0, <8.0.0").unwrap();
        let version = |v: &str| semver::Version::parse(v).unwrap();
        assert!(in_range(&range, &version("7.0.0-dev.20260707.2")));
        assert!(in_range(&range, &version("5.9.3")));
        assert!(!in_range(&range, &version("8.0.0-dev.1")));
        assert!(!in_range(&range, &version("4.8.4")));
    }

    /// A tool with a native variant and an unnamed JavaScript entry point, like tsc's.
    fn two_builds() -> ToolSpec {
        ToolSpec::new("tool", ">=1.0.0")
            .with_candidates(vec![
                ToolCandidate::new("node_modules/native/bin/tool").with_variant("native"),
                ToolCandidate::new("node_modules/js/tool.js").with_launcher("node"),
            ])
            .with_npm_packages(vec!["tool@2.0.0".into()])
    }

    #[test]
    fn a_chosen_variant_skips_the_other_builds_of_the_project() {
        let project = tempfile::tempdir().unwrap();
        let managed = tempfile::tempdir().unwrap();
        let script = project.path().join("node_modules/js/tool.js");
        std::fs::create_dir_all(script.parent().unwrap()).unwrap();
        std::fs::write(&script, "").unwrap();
        let native = managed.path().join("node_modules/native/bin/tool");
        std::fs::create_dir_all(native.parent().unwrap()).unwrap();
        std::fs::write(&native, "").unwrap();
        let spec = two_builds();
        let pinned = ToolChoice {
            engine: "e",
            ..ToolChoice::default()
        };
        let (found, _, _) = find(&spec, &pinned, project.path(), Some(managed.path()));
        let found = found.unwrap();
        assert_eq!(found.location, script);
        assert_eq!(found.source, ToolSource::Project);
        let chosen = ToolChoice {
            compiler: Some("native"),
            ..pinned
        };
        let (found, _, _) = find(&spec, &chosen, project.path(), Some(managed.path()));
        let found = found.unwrap();
        assert_eq!(found.location, native);
        assert_eq!(found.source, ToolSource::Managed);
        let (none, searched, _) = find(&spec, &chosen, project.path(), None);
        assert!(none.is_none(), "{searched:?}");
    }

    /// Writes an npm package at `dir/node_modules/<package>` holding `file`, at `version`.
    fn install(dir: &Path, package: &str, file: &str, version: &str) -> PathBuf {
        let root = dir.join("node_modules").join(package);
        let path = root.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "").unwrap();
        std::fs::write(
            root.join("package.json"),
            format!(r#"{{"name": "{package}", "version": "{version}"}}"#),
        )
        .unwrap();
        path
    }

    #[tokio::test]
    async fn a_declared_build_that_is_not_installed_runs_managed_over_the_other_builds() {
        let project = tempfile::tempdir().unwrap();
        let root = project.path();
        std::fs::create_dir(root.join(".git")).unwrap();
        let managed = tempfile::tempdir().unwrap();
        let managed_native = install(managed.path(), "native", "bin/tool", "2.0.0");
        let script = install(root, "js", "tool.js", "1.5.0");
        let spec = ToolSpec::new("tool", ">=1.0.0")
            .with_candidates(vec![
                ToolCandidate::new("node_modules/native/bin/tool")
                    .with_variant("native")
                    .with_package("native-preview"),
                ToolCandidate::new("node_modules/js/tool.js").with_launcher("node"),
            ])
            .with_npm_packages(vec!["native@2.0.0".into()]);
        let runner = Runner::new(1, 1024);
        let choice = ToolChoice {
            engine: "e",
            ..ToolChoice::default()
        };
        let resolve_in = |choice: ToolChoice<'static>| {
            let (spec, runner) = (spec.clone(), runner.clone());
            let (root, managed) = (root.to_owned(), managed.path().to_owned());
            async move { resolve(&spec, &choice, &root, Some(&managed), &runner).await }
        };

        // Not declared: the project's own JavaScript build.
        let own = resolve_in(choice).await.unwrap();
        assert_eq!(
            (own.location.as_path(), own.source),
            (script.as_path(), ToolSource::Project)
        );
        assert_eq!(own.declared_not_installed, None);
        assert_eq!(own.status_note(root, "signalint trust"), None);

        // Declared and not installed: the managed native build, and the status says why.
        std::fs::write(
            root.join("package.json"),
            r#"{"devDependencies": {"native-preview": "^2.0.0", "js": "1.5.0"}}"#,
        )
        .unwrap();
        let narrowed = resolve_in(choice).await.unwrap();
        assert_eq!(
            (narrowed.location.as_path(), narrowed.source),
            (managed_native.as_path(), ToolSource::Managed)
        );
        assert_eq!(narrowed.tool.version, "2.0.0");
        assert_eq!(
            narrowed.status_note(root, "signalint trust").unwrap(),
            "the project declares native-preview (the `native` build of tool) but has not \
             installed it: the managed toolchain tool 2.0.0 runs; install the project's \
             dependencies to use its own"
        );
        // Without a managed build, not found, and the search says why it was narrowed.
        let missing = resolve(&spec, &choice, root, None, &runner)
            .await
            .unwrap_err();
        assert!(
            missing
                .to_string()
                .contains("only `native` builds, as the project declares native-preview"),
            "{missing}"
        );

        // A configured choice, or an untrusted project, is not narrowed by the declaration.
        for configured in [
            ToolChoice {
                tool: Some(Path::new("node_modules/js/tool.js")),
                ..choice
            },
            choice.trusted(false),
        ] {
            let resolution = resolve_in(configured).await.unwrap();
            assert_eq!(resolution.declared_not_installed, None, "{configured:?}");
        }

        // Installed: the project's own native build, as before.
        let own_native = install(root, "native", "bin/tool", "2.1.0");
        let installed = resolve_in(choice).await.unwrap();
        assert_eq!(
            (installed.location.as_path(), installed.source),
            (own_native.as_path(), ToolSource::Project)
        );
        assert_eq!(installed.declared_not_installed, None);
    }

    #[test]
    fn an_untrusted_project_runs_the_managed_tool_not_its_own() {
        let project = tempfile::tempdir().unwrap();
        let managed = tempfile::tempdir().unwrap();
        // A repository can commit `node_modules/js/tool.js`.
        let script = project.path().join("node_modules/js/tool.js");
        std::fs::create_dir_all(script.parent().unwrap()).unwrap();
        std::fs::write(&script, "require('child_process').execSync('touch PWNED')").unwrap();
        let managed_script = managed.path().join("node_modules/js/tool.js");
        std::fs::create_dir_all(managed_script.parent().unwrap()).unwrap();
        std::fs::write(&managed_script, "").unwrap();
        let spec = two_builds();
        let choice = ToolChoice {
            engine: "e",
            ..ToolChoice::default()
        }
        .trusted(false);
        let (found, searched, skipped) = find(&spec, &choice, project.path(), Some(managed.path()));
        let found = found.unwrap();
        assert_eq!(found.location, managed_script);
        assert_eq!(found.source, ToolSource::Managed);
        assert_eq!(skipped, Some(script));
        assert!(
            searched.iter().any(|s| s.contains("not trusted")),
            "{searched:?}"
        );
        // Without a managed toolchain, nothing: never the project's own.
        let (none, _, _) = find(&spec, &choice, project.path(), None);
        assert!(none.is_none());
    }

    #[test]
    fn out_of_range_fixes_name_the_engine_and_the_line() {
        let choice = ToolChoice {
            engine: "types",
            ..ToolChoice::default()
        };
        let fix = out_of_range_fix(&two_builds(), &choice, ToolSource::Project);
        assert_eq!(
            fix,
            "to run the managed tool@2.0.0 instead, add `compiler = \"native\"` under \
             [engines.types] in signalint.toml (or install a supported version in the project)"
        );
        // Already on the variant, or with no variants: the `tool` line.
        let chosen = ToolChoice {
            compiler: Some("native"),
            ..choice
        };
        for (spec, choice) in [
            (two_builds(), chosen),
            (ToolSpec::new("tool", ">=1.0.0"), choice),
        ] {
            let fix = out_of_range_fix(&spec, &choice, ToolSource::Project);
            assert!(
                fix.contains("add `tool = \"/path/to/tool\"` under [engines.types]"),
                "{fix}"
            );
        }
        let missing = ToolProblem::NotFound {
            engine: "types".into(),
            name: "tool".into(),
            searched: Vec::new(),
            packages: Vec::new(),
        };
        assert!(
            missing.to_string().contains("[engines.types] table"),
            "{missing}"
        );
    }

    #[test]
    fn node_scripts_are_recognised() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("tool");
        std::fs::write(&script, "#!/usr/bin/env node\nconsole.log(1)").unwrap();
        assert!(is_node_script(&script));
        let native = dir.path().join("native");
        std::fs::write(&native, "\x7fELF....").unwrap();
        assert!(!is_node_script(&native));
    }
}
