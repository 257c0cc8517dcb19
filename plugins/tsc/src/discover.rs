//! Which TypeScript programs a project has, from the text of its `tsconfig.json` files (the
//! host finds and reads them: the adapter does no IO).
//!
//! A solution-style config (one with `references`) is checked with `--build`, and the
//! projects it references are then not listed again (they would report every diagnostic
//! twice).

use std::collections::{BTreeMap, BTreeSet};
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
    let mut texts: BTreeMap<String, Value> = BTreeMap::new();
    for config in &request.configs {
        let value = config
            .text
            .as_deref()
            .and_then(parse_jsonc)
            .unwrap_or(Value::Null);
        texts.insert(config.path.clone(), value.clone());
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
            .map(|(path, solution)| {
                let mut detail = json!({ "solution": solution });
                if solution {
                    detail["writes"] = json!(build_writes(&path, &graph, &texts));
                }
                Program::new(path).with_detail(detail)
            })
            .collect(),
    )
}

/// Where `tsc --build` of the solution `root` writes build info (it refuses
/// `--tsBuildInfoFile`): for the solution and every project it reaches, the file its options
/// name, project-relative (a leading `..` when it leaves the project). It errs on the side of
/// listing: a config with `outFile` lists both the `outFile` place (TypeScript 5) and the
/// default one (TypeScript 7 removed `outFile`).
///
/// TypeScript's rule (`getTsBuildInfoEmitOutputFilePath`): `tsBuildInfoFile`; else the `outFile`
/// without its extension; else, with `outDir`, the config's path relative to `rootDir` (or its
/// name alone without `rootDir`) inside `outDir`; else next to the config; each with
/// `.tsbuildinfo` and relative options resolved from the config that sets them.
fn build_writes(
    root: &str,
    graph: &[(String, Vec<String>)],
    texts: &BTreeMap<String, Value>,
) -> Vec<String> {
    let mut reached: Vec<String> = Vec::new();
    let mut stack = vec![root.to_owned()];
    while let Some(path) = stack.pop() {
        if reached.contains(&path) {
            continue;
        }
        if let Some((_, refs)) = graph.iter().find(|(p, _)| *p == path) {
            stack.extend(refs.iter().rev().cloned());
        }
        reached.push(path);
    }
    let mut writes: Vec<String> = Vec::new();
    for config in &reached {
        let option = |name: &str| option_of(config, name, texts, 0);
        let stem = config.strip_suffix(".json").unwrap_or(config);
        let mut found = Vec::new();
        if let Some(file) = option("tsBuildInfoFile") {
            found.push(file);
        } else {
            if let Some(out_file) = option("outFile") {
                let out_file = out_file
                    .rsplit_once('.')
                    .map_or(out_file.clone(), |(s, _)| {
                        if s.ends_with('/') || s.is_empty() {
                            out_file.clone()
                        } else {
                            s.to_owned()
                        }
                    });
                found.push(format!("{out_file}.tsbuildinfo"));
            }
            let default = match (option("outDir"), option("rootDir")) {
                (Some(out_dir), Some(root_dir)) => {
                    format!("{out_dir}/{}", relative_to(&root_dir, stem))
                }
                (Some(out_dir), None) => {
                    format!("{out_dir}/{}", stem.rsplit('/').next().unwrap_or(stem))
                }
                _ => stem.to_owned(),
            };
            found.push(format!("{default}.tsbuildinfo"));
        }
        for file in found {
            let file = normalize_path(&file);
            if !writes.contains(&file) {
                writes.push(file);
            }
        }
    }
    writes
}

/// A path compiler option of `config`, resolved from the directory of the config that sets it
/// (the config itself, else what it `extends` among the configs the host read).
fn option_of(
    config: &str,
    name: &str,
    texts: &BTreeMap<String, Value>,
    depth: usize,
) -> Option<String> {
    let value = texts.get(config)?;
    let dir = Path::new(config).parent().unwrap_or(Path::new(""));
    if let Some(set) = value["compilerOptions"][name].as_str() {
        return Some(if Path::new(set).is_absolute() {
            set.to_owned()
        } else {
            dir.join(set).to_string_lossy().replace('\\', "/")
        });
    }
    if depth > 8 {
        return None;
    }
    let extends: Vec<&str> = match &value["extends"] {
        Value::String(one) => vec![one.as_str()],
        Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    // The last extended config wins, as in TypeScript.
    extends.iter().rev().find_map(|base| {
        if !base.starts_with('.') {
            return None; // a package's config: not among the project's files the host read
        }
        let mut path = normalize_path(&dir.join(base).to_string_lossy().replace('\\', "/"));
        if !path.ends_with(".json") {
            path.push_str(".json");
        }
        option_of(&path, name, texts, depth + 1)
    })
}

/// `path` relative to the directory `from` (both project-relative, normalized).
fn relative_to(from: &str, path: &str) -> String {
    let from = normalize_path(from);
    let path = normalize_path(path);
    let from: Vec<&str> = from.split('/').filter(|p| !p.is_empty()).collect();
    let to: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<&str> = vec![".."; from.len() - common];
    parts.extend(&to[common..]);
    parts.join("/")
}

/// Lexically normalized, forward slashes; a `..` that climbs above the start is kept.
fn normalize_path(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|p| *p != "..") {
                    parts.pop();
                } else {
                    parts.push("..");
                }
            }
            other => parts.push(other),
        }
    }
    let joined = parts.join("/");
    if path.starts_with('/') {
        format!("/{joined}")
    } else {
        joined
    }
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

    /// The places measured with TypeScript 5.9.3 and 7.0.2 (`tsc --build --noEmit` of a solution
    /// with files, referencing projects with each kind of option).
    #[test]
    fn build_info_goes_where_each_config_says() {
        let discovery = discover(&request(&[
            (
                "a/tsconfig.json",
                r#"{"compilerOptions":{"composite":true,"outDir":"out","rootDir":"src"}}"#,
            ),
            (
                "b/tsconfig.json",
                r#"{"compilerOptions":{"composite":true,"outDir":"out"}}"#,
            ),
            (
                "c/tsconfig.json",
                r#"{"compilerOptions":{"composite":true,"tsBuildInfoFile":"cache/x.info"}}"#,
            ),
            (
                "d/tsconfig.json",
                r#"{"compilerOptions":{"composite":true,"outFile":"dist/bundle.js"}}"#,
            ),
            (
                "e/tsconfig.json",
                r#"{"extends":"../base/tsconfig.json","compilerOptions":{"composite":true}}"#,
            ),
            (
                "base/tsconfig.json",
                r#"{"compilerOptions":{"outDir":"../build"}}"#,
            ),
            (
                "tsconfig.json",
                r#"{"files":["r.ts"],"references":[{"path":"a"},{"path":"b"},{"path":"c"},{"path":"d"},{"path":"e"}]}"#,
            ),
        ]));
        let solution = discovery
            .programs
            .iter()
            .find(|p| p.config == "tsconfig.json")
            .unwrap();
        assert_eq!(
            solution.detail["writes"],
            json!([
                "tsconfig.tsbuildinfo",
                "a/tsconfig.tsbuildinfo",
                "b/out/tsconfig.tsbuildinfo",
                "c/cache/x.info",
                "d/dist/bundle.tsbuildinfo",
                "d/tsconfig.tsbuildinfo",
                "build/tsconfig.tsbuildinfo",
            ])
        );
        // A program run with `-p` gets `--tsBuildInfoFile` in the work directory instead.
        let base = discovery
            .programs
            .iter()
            .find(|p| p.config == "base/tsconfig.json")
            .unwrap();
        assert!(base.detail.get("writes").is_none());
    }

    #[test]
    fn an_option_that_leaves_the_project_keeps_its_climb() {
        let discovery = discover(&request(&[
            (
                "p/tsconfig.json",
                r#"{"compilerOptions":{"composite":true,"tsBuildInfoFile":"../../x"}}"#,
            ),
            (
                "tsconfig.json",
                r#"{"files":[],"references":[{"path":"p"}]}"#,
            ),
        ]));
        assert_eq!(
            discovery.programs[0].detail["writes"],
            json!(["tsconfig.tsbuildinfo", "../x"])
        );
        assert_eq!(relative_to("src", "tsconfig"), "../tsconfig");
        assert_eq!(normalize_path("a/./b/../c"), "a/c");
    }
}
