//! Which TypeScript programs a project has, from the text of its `tsconfig.json` files (the
//! host finds and reads them: the adapter does no IO).
//!
//! A solution-style config (one with `references`) is checked with `--build`, and the
//! projects it references are then not listed again (they would report every diagnostic
//! twice).

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

use serde_json::{Value, json};
use signalint_plugin_api::{DiscoverRequest, Discovery, Program};

/// The file name that defines a program.
pub const CONFIG_NAME: &str = "tsconfig.json";

/// Every tsconfig the host found, minus those a solution config already references. With
/// none, and no `tsconfigs` of the user's own, there is nothing to check.
pub(crate) fn discover(request: &DiscoverRequest) -> Discovery {
    if request.configs.is_empty() && request.options.get("tsconfigs").is_none() {
        return Discovery::nothing_to_check("no tsconfig.json in the project");
    }
    // Each config with the configs it references, in the order the host found them.
    let mut graph: Vec<(String, Vec<String>)> = Vec::new();
    for config in &request.configs {
        let value = config
            .text
            .as_deref()
            .and_then(parse_jsonc)
            .unwrap_or(Value::Null);
        let references: Vec<String> = value["references"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|r| r["path"].as_str())
            .map(|r| reference_config(&config.path, r))
            .collect();
        graph.push((config.path.clone(), references));
    }
    Discovery::new(
        build_roots(&graph)
            .into_iter()
            .map(|(path, solution)| Program::new(path).with_detail(json!({ "solution": solution })))
            .collect(),
    )
}

/// The programs to run, `tsc -b` style: every config no other config references (a solution
/// builds its references, and theirs, itself), each with whether it has references (it runs
/// with `--build`). A config reachable from none of those (a reference cycle) still runs, once.
fn build_roots(graph: &[(String, Vec<String>)]) -> Vec<(String, bool)> {
    let referenced: BTreeSet<&str> = graph
        .iter()
        .flat_map(|(_, refs)| refs.iter().map(String::as_str))
        .collect();
    let edges = |path: &str| {
        graph
            .iter()
            .find(|(p, _)| p == path)
            .map_or(&[][..], |(_, refs)| &refs[..])
    };
    let mut roots: Vec<&str> = graph
        .iter()
        .map(|(path, _)| path.as_str())
        .filter(|path| !referenced.contains(path))
        .collect();
    let mut reached: BTreeSet<String> = BTreeSet::new();
    let reach = |from: &str, reached: &mut BTreeSet<String>| {
        let mut stack = vec![from.to_owned()];
        while let Some(path) = stack.pop() {
            if graph.iter().any(|(p, _)| *p == path) && reached.insert(path.clone()) {
                stack.extend(edges(&path).iter().cloned());
            }
        }
    };
    for root in &roots {
        reach(root, &mut reached);
    }
    for (path, _) in graph {
        if !reached.contains(path) {
            roots.push(path.as_str());
            reach(path, &mut reached);
        }
    }
    let order: Vec<&str> = graph.iter().map(|(p, _)| p.as_str()).collect();
    roots.sort_by_key(|root| order.iter().position(|p| p == root));
    roots
        .into_iter()
        .map(|root| (root.to_owned(), !edges(root).is_empty()))
        .collect()
}

/// JSON with comments and trailing commas, as tsconfig files allow.
fn parse_jsonc(text: &str) -> Option<Value> {
    jsonc_parser::parse_to_serde_value(text, &Default::default()).ok()
}

/// The config a `references[].path` names: a file, or `tsconfig.json` in a directory.
fn reference_config(from: &str, reference: &str) -> String {
    let base = Path::new(from).parent().unwrap_or(Path::new(""));
    let mut target: PathBuf = base.join(reference);
    if target.extension().is_none_or(|e| e != "json") {
        target = target.join(CONFIG_NAME);
    }
    let mut normal = PathBuf::new();
    for component in target.components() {
        match component {
            Component::ParentDir => {
                normal.pop();
            }
            Component::CurDir => {}
            other => normal.push(other),
        }
    }
    normal.to_string_lossy().replace('\\', "/")
}

#[cfg(test)]
mod tests {
    use signalint_plugin_api::ConfigFile;

    use super::*;

    fn request(configs: &[(&str, &str)]) -> DiscoverRequest {
        DiscoverRequest::new(
            "/p",
            configs
                .iter()
                .map(|(path, text)| ConfigFile::new(*path, Some((*text).to_owned())))
                .collect(),
        )
    }

    fn found(discovery: &Discovery) -> Vec<(&str, bool)> {
        discovery
            .programs
            .iter()
            .map(|p| (p.config.as_str(), p.detail["solution"] == true))
            .collect()
    }

    #[test]
    fn solutions_hide_their_references() {
        let discovery = discover(&request(&[
            (
                "packages/a/tsconfig.json",
                r#"{ "compilerOptions": { "composite": true } }"#,
            ),
            (
                "packages/b/tsconfig.json",
                r#"{ "compilerOptions": { "composite": true } }"#,
            ),
            ("tools/tsconfig.json", "{ // standalone\n }"),
            (
                "tsconfig.json",
                r#"{ "files": [], "references": [{ "path": "./packages/a" }, { "path": "packages/b/tsconfig.json" },] }"#,
            ),
        ]));
        assert_eq!(discovery.nothing_to_check, None);
        assert_eq!(
            found(&discovery),
            [("tools/tsconfig.json", false), ("tsconfig.json", true)]
        );
    }

    #[test]
    fn a_referenced_solution_is_built_by_the_one_that_references_it() {
        // tsconfig.json → packages/app (itself referencing packages/lib): one `tsc -b` of the
        // root builds all three, and nothing else runs them again.
        let discovery = discover(&request(&[
            (
                "packages/app/tsconfig.json",
                r#"{ "references": [{ "path": "../lib" }] }"#,
            ),
            (
                "packages/lib/tsconfig.json",
                r#"{ "compilerOptions": { "composite": true } }"#,
            ),
            (
                "tsconfig.json",
                r#"{ "files": [], "references": [{ "path": "packages/app" }] }"#,
            ),
        ]));
        assert_eq!(found(&discovery), [("tsconfig.json", true)]);
    }

    #[test]
    fn a_reference_cycle_still_runs_once() {
        let discovery = discover(&request(&[
            (
                "a/tsconfig.json",
                r#"{ "references": [{ "path": "../b" }] }"#,
            ),
            (
                "b/tsconfig.json",
                r#"{ "references": [{ "path": "../a" }] }"#,
            ),
        ]));
        assert_eq!(found(&discovery), [("a/tsconfig.json", true)]);
    }

    #[test]
    fn references_with_non_ascii_paths_are_followed() {
        let discovery = discover(&request(&[
            (
                "tsconfig.json",
                r#"{ "references": [{ "path": "./paquetes/é" }] }"#,
            ),
            ("paquetes/é/tsconfig.json", "{}"),
        ]));
        assert_eq!(found(&discovery), [("tsconfig.json", true)]);
    }

    #[test]
    fn no_tsconfig_is_nothing_to_check_unless_the_user_lists_some() {
        let none = discover(&request(&[]));
        assert_eq!(
            none.nothing_to_check.as_deref(),
            Some("no tsconfig.json in the project")
        );
        let listed = discover(
            &request(&[]).with_options(json!({"tsconfigs": [{"path": "x/tsconfig.json"}]})),
        );
        assert_eq!(listed.nothing_to_check, None);
        assert!(listed.programs.is_empty());
    }

    #[test]
    fn an_unreadable_config_is_still_a_program() {
        let discovery = discover(&DiscoverRequest::new(
            "/p",
            vec![ConfigFile::new("tsconfig.json", None)],
        ));
        assert_eq!(found(&discovery), [("tsconfig.json", false)]);
    }
}
