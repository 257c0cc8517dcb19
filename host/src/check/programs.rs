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

fn has_name(file: &str, names: &[String]) -> bool {
    Path::new(file)
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|name| names.iter().any(|n| n == name))
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
}
