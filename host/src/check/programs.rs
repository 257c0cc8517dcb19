//! The programs of whole-program engines, served through the capability an engine declares
//! in its manifest ([`ProgramSpec`]) rather than by knowing any engine: the host finds the
//! program configs, reads them for the adapter's `discover`, and works out which files a
//! program reads, so an edit to any of them re-checks it.

use std::path::Path;
use std::sync::Arc;

use signalint_plugin_api::{
    ConfigFile, DiscoverRequest, Discovery, EngineInfo, EngineScope, Program, methods,
};

use super::Shard;
use crate::core::EngineStatus;
use crate::plugins::PluginHandle;

/// Asks the adapter for its programs, from the text of every project file named in
/// `config_names`. `Err` carries the message for the engine's status.
pub(crate) async fn discover(
    plugin: &Arc<PluginHandle>,
    root: &Path,
    tree: &[String],
    config_names: &[String],
    options: &serde_json::Value,
) -> Result<Discovery, String> {
    let configs: Vec<String> = tree
        .iter()
        .filter(|file| has_name(file, config_names))
        .cloned()
        .collect();
    let (plugin, root, options) = (plugin.clone(), root.to_owned(), options.clone());
    tokio::task::spawn_blocking(move || {
        let configs = configs
            .into_iter()
            .map(|path| {
                let text = std::fs::read_to_string(root.join(&path)).ok();
                ConfigFile::new(path, text)
            })
            .collect();
        let request = DiscoverRequest::new(root.to_string_lossy(), configs).with_options(options);
        plugin.call::<_, Discovery>(methods::DISCOVER, &request)
    })
    .await
    .map_err(|e| format!("program discovery failed: {e}"))?
    .map_err(|e| e.to_string())
}

/// One program config as `signalint doctor` shows it: whether the engine checks it, and why.
/// An adapter says so in the program's detail: `reason` (text), `excluded: true` for a config
/// it found but does not run on its own, and `checked_by` (a program's config) when another
/// program's run checks it (a solution building its references).
#[derive(Debug, Clone, serde::Serialize)]
pub struct ProgramLine {
    pub config: String,
    pub checked: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checked_by: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The programs an engine that declares them finds in the project, for `doctor`: the same
/// discovery a check makes (the walk with the project's ignores, the engine's options). `None`
/// for an engine without programs; `Err` carries the adapter's message.
pub async fn list(
    context: &super::Context,
    engine: &str,
    plugin: &Arc<PluginHandle>,
    info: &EngineInfo,
) -> Option<Result<Vec<ProgramLine>, String>> {
    let spec = info.programs.as_ref()?;
    let (root, kept) = (context.root.clone(), context.kept.clone());
    let ignore = context.config.check.ignore.clone();
    let tree = tokio::task::spawn_blocking(move || kept.tree(&root, &ignore))
        .await
        .unwrap_or_default();
    let options = crate::config::options_json(
        context
            .config
            .engines
            .get(engine)
            .and_then(|e| e.options.as_ref()),
    );
    let discovery = discover(plugin, &context.root, &tree, &spec.config_names, &options).await;
    Some(discovery.map(|discovery| {
        if let Some(reason) = discovery.nothing_to_check {
            return vec![ProgramLine {
                config: String::new(),
                checked: false,
                checked_by: None,
                reason: Some(reason),
            }];
        }
        discovery
            .programs
            .into_iter()
            .map(|program| ProgramLine {
                checked: program.detail["excluded"] != true,
                checked_by: program.detail["checked_by"].as_str().map(str::to_owned),
                reason: program.detail["reason"].as_str().map(str::to_owned),
                config: program.config,
            })
            .collect()
    }))
}

/// The programs a whole-program engine checks in this shard. An engine without a programs
/// capability is one program (the project, `.`). With none here, the engine is disabled in this
/// shard, saying so.
pub(crate) fn in_shard(
    shard: Option<Shard>,
    scope: EngineScope,
    programs: Option<Vec<Program>>,
    version: &str,
) -> Result<Vec<Program>, Box<EngineStatus>> {
    let shard = match shard {
        Some(shard) if scope == EngineScope::WholeProgram => shard,
        _ => return Ok(programs.unwrap_or_default()),
    };
    let (kept, any) = match programs {
        Some(mut programs) => {
            programs.retain(|program| shard.owns(&program.config));
            let any = !programs.is_empty();
            (programs, any)
        }
        None => (Vec::new(), shard.owns(".")),
    };
    if any {
        Ok(kept)
    } else {
        let mut status = EngineStatus::disabled(format!(
            "shard {shard} has none of this engine's programs; another shard checks them"
        ));
        status.version = Some(version.to_owned());
        Err(Box::new(status))
    }
}

/// The files a whole program reads, as far as the host can tell without the engine: every
/// project file with one of the engine's extensions or its program input extensions, every
/// file named as a config or a program input (package manifests, lockfiles), then the input
/// paths outside the walk.
pub(crate) fn inputs(tree: &[String], info: &EngineInfo) -> Vec<String> {
    let spec = info.programs.clone().unwrap_or_default();
    let mut inputs: Vec<String> = tree
        .iter()
        .filter(|file| {
            has_extension(file, &info.extensions)
                || has_extension(file, &spec.input_extensions)
                || has_name(file, &info.config_files)
                || has_name(file, &spec.config_names)
                || has_name(file, &spec.input_names)
        })
        .cloned()
        .collect();
    inputs.extend(spec.input_paths);
    inputs
}

fn has_extension(file: &str, extensions: &[String]) -> bool {
    Path::new(file)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|ext| extensions.iter().any(|x| x.eq_ignore_ascii_case(ext)))
}

/// Whether the file's name is one of `names`; a name with one `*` (`tsconfig.*.json`) matches
/// any text in its place, so an adapter can ask for configs whatever scripts call them.
fn has_name(file: &str, names: &[String]) -> bool {
    Path::new(file)
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|name| names.iter().any(|n| name_matches(n, name)))
}

fn name_matches(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        Some((head, tail)) => {
            name.len() >= head.len() + tail.len() && name.starts_with(head) && name.ends_with(tail)
        }
        None => pattern == name,
    }
}

#[cfg(test)]
mod tests {
    use signalint_plugin_api::{ProgramSpec, ToolSpec};

    use super::*;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn program_inputs_come_from_the_declared_capability() {
        let tree = strings(&[
            "deps.lock",
            "notes.md",
            "pkg/prog.toml",
            "pkg/src/a.prog",
            "pkg/data.json",
            "pkg/README.md",
        ]);
        let bare = EngineInfo::new(
            EngineScope::WholeProgram,
            ToolSpec::new("prog", ">=1.0.0"),
            strings(&["prog"]),
        );
        assert_eq!(inputs(&tree, &bare), ["pkg/src/a.prog"]);
        let declared = bare.with_programs(
            ProgramSpec::new(strings(&["prog.toml"]))
                .with_input_names(strings(&["deps.lock"]))
                .with_input_extensions(strings(&["json"]))
                .with_input_paths(strings(&["vendor/.state"])),
        );
        assert_eq!(
            inputs(&tree, &declared),
            [
                "deps.lock",
                "pkg/prog.toml",
                "pkg/src/a.prog",
                "pkg/data.json",
                "vendor/.state"
            ]
        );
    }

    #[test]
    fn a_config_name_with_a_star_matches_any_text_in_its_place() {
        let names = strings(&["tsconfig.json", "tsconfig.*.json"]);
        assert!(has_name("a/tsconfig.json", &names));
        assert!(has_name("tsconfig.build.json", &names));
        assert!(!has_name("tsconfig.build.jsonc", &names));
        assert!(!has_name("jsconfig.json", &names));
        // The star stands for text between the two halves, never for their overlap.
        assert!(!name_matches("a*a", "a"));
        assert!(name_matches("a*a", "aa"));
    }
}
