//! `signalint new-plugin`: a plugin crate outside this repository that builds, loads and passes
//! its own tests as written, for an engine adapter or a rule pack.
//!
//! It depends on the published `signalint-plugin-api` of this host's minor version, or on a
//! checkout with `--api-path` (before publication, or to try unreleased changes).

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use super::{Cli, exit, print, usage_error};

#[derive(Debug, Args)]
pub struct NewPluginArgs {
    /// What the plugin is.
    #[arg(long, value_enum)]
    kind: PluginKindArg,
    /// The plugin id (lowercase letters, digits and `-`): `[engines.<id>]` or
    /// `[rule_packs.<id>]` in signalint.toml.
    name: String,
    /// Where to write the crate (default: ./signalint-plugin-<NAME>); must be empty or absent.
    dir: Option<PathBuf>,
    /// Depend on the plugin API at this path (a signalint checkout's `plugin-api/`) instead of
    /// the crates.io release.
    #[arg(long, value_name = "DIR")]
    api_path: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PluginKindArg {
    /// An engine adapter: wraps a code-quality tool the host runs.
    Engine,
    /// A rule pack: checks MCP tool definitions.
    RulePack,
}

pub fn run(_cli: &Cli, args: &NewPluginArgs) -> u8 {
    if let Err(e) = valid_id(&args.name) {
        return usage_error(e);
    }
    let dir = args
        .dir
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("signalint-plugin-{}", args.name)));
    let dependency = match &args.api_path {
        Some(path) => match api_path_dependency(path) {
            Ok(dependency) => dependency,
            Err(e) => return usage_error(e),
        },
        None => format!("\"{}\"", api_requirement()),
    };
    let files = crate_files(args.kind, &args.name, &dependency);
    if let Err(e) = write_crate(&dir, &files) {
        return usage_error(e);
    }
    let kind = match args.kind {
        PluginKindArg::Engine => "engine",
        PluginKindArg::RulePack => "rule pack",
    };
    print(&format!(
        "wrote the {kind} plugin `{}` in {}\n\
         next: cd {} && cargo test && cargo build --release\n\
         then put target/release/{} on the plugin path (SIGNALINT_PLUGIN_PATH or [plugins] path)\n",
        args.name,
        dir.display(),
        dir.display(),
        library_file(&args.name),
    ));
    exit::CLEAN
}

/// Plugin ids are table names in signalint.toml and part of the library's file name.
fn valid_id(id: &str) -> Result<(), String> {
    let ok = id.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !id.ends_with('-');
    if ok {
        Ok(())
    } else {
        Err(format!(
            "`{id}` is not a plugin id: use lowercase letters, digits and `-`, starting with a \
             letter (such as `shellcheck` or `my-rules`)"
        ))
    }
}

/// `0.3` for plugin API 0.3.x: the versions this host loads (Cargo's caret rule).
fn api_requirement() -> String {
    let version = signalint_plugin_api::PLUGIN_API_VERSION;
    let mut parts = version.split('.');
    match (parts.next(), parts.next()) {
        (Some("0"), Some(minor)) => format!("0.{minor}"),
        (Some(major), _) => major.to_owned(),
        _ => version.to_owned(),
    }
}

/// A path dependency on a checkout's plugin API, checked to be one.
fn api_path_dependency(path: &Path) -> Result<String, String> {
    let manifest = path.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).map_err(|e| {
        format!(
            "--api-path {}: cannot read {} ({e}); pass the plugin-api/ folder of a signalint checkout",
            path.display(),
            manifest.display()
        )
    })?;
    if !text.contains("name = \"signalint-plugin-api\"") {
        return Err(format!(
            "--api-path {}: {} is not the signalint-plugin-api crate",
            path.display(),
            manifest.display()
        ));
    }
    let absolute = path
        .canonicalize()
        .map_err(|e| format!("--api-path {}: {e}", path.display()))?;
    let path = absolute.to_string_lossy().replace('\\', "/");
    Ok(format!(
        "{{ path = \"{path}\", version = \"{}\" }}",
        api_requirement()
    ))
}

/// The library file the crate builds on this platform.
fn library_file(id: &str) -> String {
    crate::plugins::library_file_name(id)
}

/// Every file of the new crate, relative to its directory.
pub fn crate_files(kind: PluginKindArg, id: &str, dependency: &str) -> Vec<(&'static str, String)> {
    let lib = crate::plugins::library_stem(id);
    let fill = |template: &str| {
        template
            .replace("{{id}}", id)
            .replace("{{lib}}", &lib)
            .replace("{{api}}", dependency)
            .replace("{{library_file}}", &library_file(id))
    };
    let (source, readme) = match kind {
        PluginKindArg::Engine => (ENGINE_LIB, ENGINE_README),
        PluginKindArg::RulePack => (RULE_PACK_LIB, RULE_PACK_README),
    };
    vec![
        ("Cargo.toml", fill(CARGO_TOML)),
        ("src/lib.rs", fill(source)),
        ("README.md", fill(readme)),
        (".gitignore", "/target\n".to_owned()),
    ]
}

fn write_crate(dir: &Path, files: &[(&str, String)]) -> Result<(), String> {
    if dir.exists() {
        let empty = std::fs::read_dir(dir)
            .map_err(|e| format!("{}: {e}", dir.display()))?
            .next()
            .is_none();
        if !empty {
            return Err(format!(
                "{} exists and is not empty; choose a new directory",
                dir.display()
            ));
        }
    }
    for (name, text) in files {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

const CARGO_TOML: &str = r###"[package]
name = "signalint-plugin-{{id}}"
version = "0.1.0"
edition = "2024"
publish = false

[lib]
# The host finds a plugin by its file name: {{library_file}}.
name = "{{lib}}"
# cdylib: the library the host loads; rlib: lets the tests call the plugin directly.
crate-type = ["cdylib", "rlib"]

[dependencies]
signalint-plugin-api = {{api}}
serde_json = "1"

# A crate of its own; remove this table to make it a member of an enclosing workspace.
[workspace]
"###;

const ENGINE_LIB: &str = r###"//! The `{{id}}` engine for signalint: runs the `{{id}}` tool on the project's files and reads
//! what it reports.
//!
//! As written, the tool is `{{id}}` on PATH, checks `.txt` files, and prints one JSON object
//! per line: `{"file": "a.txt", "line": 1, "column": 5, "rule": "R1", "severity": "error",
//! "message": "…"}`. Change [`Engine::manifest`], [`Engine::plan`] and [`parse_output`] to your
//! tool's name, extensions, command line and output.

use signalint_plugin_api::*;

/// The engine's id: `[engines.{{id}}]` in signalint.toml.
pub const ID: &str = "{{id}}";

#[derive(Debug, Default)]
pub struct Engine;

impl EngineAdapter for Engine {
    fn manifest(&self) -> PluginManifest {
        // Found on PATH under this name; its `--version` must be in the range.
        let tool = ToolSpec::new(ID, ">=0.1.0");
        let engine = EngineInfo::new(EngineScope::FileLocal, tool, vec!["txt".into()]);
        PluginManifest::engine(ID, env!("CARGO_PKG_VERSION"), "Runs {{id}}", engine)
    }

    fn plan(&self, request: &PlanRequest) -> Result<Plan, PluginError> {
        let mut args = request.tool.prefix_args.clone();
        args.push("--format=json".to_owned());
        args.push("--".to_owned());
        args.extend(request.files.iter().cloned());
        let run = Invocation::new(&request.tool.program, args).with_covers(request.files.clone());
        Ok(Plan::new(vec![run]))
    }

    fn parse(&self, request: &ParseRequest) -> Result<ParseOutcome, PluginError> {
        Ok(parse_output(&request.stdout))
    }
}

/// The tool's output as diagnostics; a line that is not a diagnostic is skipped and counted.
pub fn parse_output(stdout: &str) -> ParseOutcome {
    let mut diagnostics = Vec::new();
    let mut skipped = 0;
    for line in stdout.lines().filter(|l| !l.trim().is_empty()) {
        let Ok(record) = serde_json::from_str::<serde_json::Value>(line) else {
            skipped += 1;
            continue;
        };
        let (Some(file), Some(line), Some(column), Some(rule)) = (
            record["file"].as_str(),
            record["line"].as_u64(),
            record["column"].as_u64(),
            record["rule"].as_str(),
        ) else {
            skipped += 1;
            continue;
        };
        let severity = if record["severity"] == "error" {
            Severity::Error
        } else {
            Severity::Warning
        };
        let message = record["message"].as_str().unwrap_or_default();
        let start = Position::new(line as u32, column as u32, ColumnUnit::CodePoints);
        diagnostics.push(
            Diagnostic::new(format!("{ID}/{rule}"), severity, message)
                .with_file(file)
                .with_start(start),
        );
    }
    ParseOutcome::new(diagnostics).with_skipped(skipped)
}

signalint_plugin_api::export_engine!(Engine);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_manifest_names_the_engine() {
        let manifest = Engine.manifest();
        assert_eq!(manifest.id, ID);
        assert_eq!(manifest.kind, PluginKind::Engine);
    }

    #[test]
    fn the_plan_passes_every_file_after_the_options() {
        let tool = ResolvedTool::new(ID, "1.0.0");
        let request = PlanRequest::new("/project", tool, vec!["a.txt".into(), "-b.txt".into()], "/work");
        let plan = Engine.plan(&request).unwrap();
        let args = &plan.invocations[0].args;
        assert_eq!(args[..2], ["--format=json".to_owned(), "--".to_owned()]);
        assert_eq!(args[2..], ["a.txt".to_owned(), "-b.txt".to_owned()]);
    }

    #[test]
    fn output_lines_become_diagnostics_and_garbage_is_counted() {
        let stdout = concat!(
            r#"{"file": "a.txt", "line": 2, "column": 3, "rule": "R1", "severity": "error", "message": "bad"}"#,
            "\nnot json\n",
        );
        let outcome = parse_output(stdout);
        assert_eq!(outcome.diagnostics.len(), 1);
        assert_eq!(outcome.diagnostics[0].rule, "{{id}}/R1");
        assert_eq!(outcome.skipped_records, 1);
    }
}
"###;

const RULE_PACK_LIB: &str = r###"//! The `{{id}}` rule pack for signalint: checks the MCP tool definitions of a project.
//!
//! As written it has one rule, [`MISSING_DESCRIPTION`]: a tool without a description gives an
//! agent nothing to choose it by. Add a rule by adding its [`RuleInfo`] to [`rules`] and its
//! check to [`analyze`].

use signalint_plugin_api::*;

/// The pack's id: `[rule_packs.{{id}}]` in signalint.toml.
pub const ID: &str = "{{id}}";

/// A tool without a description.
pub const MISSING_DESCRIPTION: &str = "missing-description";

/// Every rule of the pack, with its documentation (`signalint rules` prints it).
pub fn rules() -> Vec<RuleInfo> {
    vec![
        RuleInfo::new(
            MISSING_DESCRIPTION,
            FindingSeverity::Warning,
            "A tool has no description",
        )
        .with_doc(
            "## What it does\nFinds tools without a description.\n\n\
             ## Why is this bad?\nAn agent picks tools by their descriptions; without one it \
             guesses from the name.\n",
        ),
    ]
}

/// The findings of every rule over every surface of the request.
pub fn analyze(request: &AnalyzeRequest) -> Vec<Finding> {
    let mut findings = Vec::new();
    for (surface_index, surface) in request.surfaces.iter().enumerate() {
        for (position, tool) in surface.tools.iter().enumerate() {
            let described = tool["description"]
                .as_str()
                .is_some_and(|d| !d.trim().is_empty());
            if described {
                continue;
            }
            let name = tool["name"].as_str().unwrap_or("(unnamed)");
            findings.push(
                Finding::new(
                    MISSING_DESCRIPTION,
                    FindingSeverity::Warning,
                    format!("tool `{name}` has no description: say what it does and when to use it"),
                    surface_index,
                )
                .with_tool(name)
                .with_pointer(format!("/tools/{position}")),
            );
        }
    }
    findings
}

#[derive(Debug, Default)]
pub struct Pack;

impl RulePack for Pack {
    fn manifest(&self) -> PluginManifest {
        PluginManifest::rule_pack(
            ID,
            env!("CARGO_PKG_VERSION"),
            "Checks of {{id}}",
            RulePackInfo::new(rules()),
        )
    }

    fn analyze(&self, request: &AnalyzeRequest) -> Result<AnalyzeOutcome, PluginError> {
        Ok(AnalyzeOutcome::new(analyze(request)))
    }
}

signalint_plugin_api::export_rule_pack!(Pack);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tool_without_a_description_is_found() {
        let surface = McpSurface::new("demo").with_tools(vec![
            serde_json::json!({"name": "search", "description": "Search the docs"}),
            serde_json::json!({"name": "fetch"}),
        ]);
        let findings = analyze(&AnalyzeRequest::new(vec![surface], serde_json::Value::Null));
        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].code, MISSING_DESCRIPTION);
        assert_eq!(findings[0].tool.as_deref(), Some("fetch"));
        assert_eq!(findings[0].pointer.as_deref(), Some("/tools/1"));
    }

    #[test]
    fn the_manifest_lists_every_rule() {
        let manifest = Pack.manifest();
        assert_eq!(manifest.id, ID);
        assert_eq!(manifest.kind, PluginKind::RulePack);
    }
}
"###;

const ENGINE_README: &str = r###"# signalint-plugin-{{id}}

An engine plugin for signalint, written by `signalint new-plugin --kind engine {{id}}`.

```sh
cargo test
cargo build --release
SIGNALINT_PLUGIN_PATH=$PWD/target/release signalint plugins   # `{{id}}` loaded
```

Turn it on in a project's `signalint.toml`:

```toml
[engines.{{id}}]
plugin = "{{id}}"
```

Or put the library ({{library_file}}) in a directory named by `[plugins] path`.
"###;

const RULE_PACK_README: &str = r###"# signalint-plugin-{{id}}

A rule pack for signalint, written by `signalint new-plugin --kind rule-pack {{id}}`.

```sh
cargo test
cargo build --release
SIGNALINT_PLUGIN_PATH=$PWD/target/release signalint plugins   # `{{id}}` loaded
```

Turn it on in a project's `signalint.toml`, with the MCP tool definitions it checks:

```toml
[rule_packs.{{id}}]

[mcp]
manifests = ["tools.json"]
```

Or put the library ({{library_file}}) in a directory named by `[plugins] path`.
"###;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_table_names() {
        for good in ["shellcheck", "my-rules", "a1"] {
            assert!(valid_id(good).is_ok(), "{good}");
        }
        for bad in ["", "My", "1a", "a_b", "a-", "a/b"] {
            assert!(valid_id(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_default_dependency_is_the_published_minor_version() {
        let files = crate_files(
            PluginKindArg::Engine,
            "shellcheck",
            &format!("\"{}\"", api_requirement()),
        );
        let cargo = &files.iter().find(|(n, _)| *n == "Cargo.toml").unwrap().1;
        assert!(cargo.contains("signalint-plugin-api = \"0.3\""), "{cargo}");
        assert!(
            cargo.contains("name = \"signalint_plugin_shellcheck\""),
            "{cargo}"
        );
        let lib = &files.iter().find(|(n, _)| *n == "src/lib.rs").unwrap().1;
        assert!(!lib.contains("{{"), "every placeholder is filled");
    }
}
