//! Which TypeScript programs a project checks, from the text of its tsconfigs, its
//! `package.json` files and its `pnpm-workspace.yaml` (the host finds and reads them: the
//! adapter does no IO).
//!
//! In: a `tsconfig.json` of the root package or of a workspace member (and below them), a
//! config that a script of the root or of a member runs (`tsc -p tsconfig.build.json`,
//! `tsgo -p x`, `tsc -b`…), a config a solution references, and what
//! `[engines.tsc.options] programs` adds. Out: a config inside a directory with a
//! `package.json` of its own that no workspace glob takes in (a benchmark or an example with its
//! own, never installed, dependencies), a base config other configs extend that has no `files`
//! or `include` of its own, a config with another name that nothing runs, and what
//! `exclude_programs` removes. Each program, in or out, carries the reason in its detail
//! (`reason`; `excluded: true` for those out), which `signalint doctor` shows; `plan` runs only
//! those in.
//!
//! A solution-style config (one with `references`) is checked with `--build`, and the
//! projects it references are then not run again (they would report every diagnostic twice).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};

use serde_json::{Value, json};
use signalint_plugin_api::{DiscoverRequest, Discovery, PluginError, Program};

use crate::plan::TscOptions;
use crate::workspace::{Packages, parent_dir};

/// The file name that defines a program.
pub const CONFIG_NAME: &str = "tsconfig.json";

/// The files the host reads for discovery: the tsconfigs under any name scripts give them,
/// the package manifests (workspace members, scripts) and pnpm's workspace file.
pub const DISCOVERY_NAMES: [&str; 4] = [
    CONFIG_NAME,
    "tsconfig.*.json",
    "package.json",
    "pnpm-workspace.yaml",
];

/// Whether a config is a program, and why.
#[derive(Debug, Clone)]
enum Verdict {
    In(String),
    Out(String),
}

/// The programs of the project, each in or out with its reason. With no tsconfig, and no
/// `tsconfigs` or `programs` of the user's own, there is nothing to check.
pub(crate) fn discover(request: &DiscoverRequest) -> Result<Discovery, PluginError> {
    let options = TscOptions::from_value(&request.options)?;
    let mut tsconfigs: Vec<&str> = Vec::new();
    let mut manifests: Vec<(String, Option<String>)> = Vec::new();
    let mut pnpm: Option<&str> = None;
    let mut texts: BTreeMap<String, Value> = BTreeMap::new();
    for config in &request.configs {
        let path = config.path.as_str();
        if path.split('/').any(|part| part == "node_modules") {
            continue;
        }
        let name = path.rsplit('/').next().unwrap_or(path);
        if name == "package.json" {
            manifests.push((config.path.clone(), config.text.clone()));
        } else if path == "pnpm-workspace.yaml" {
            pnpm = config.text.as_deref();
        } else if name.starts_with("tsconfig") && name.ends_with(".json") {
            tsconfigs.push(path);
            let value = config
                .text
                .as_deref()
                .and_then(parse_jsonc)
                .unwrap_or(Value::Null);
            texts.insert(config.path.clone(), value);
        }
    }
    if tsconfigs.is_empty() && options.tsconfigs.is_none() && options.programs.is_empty() {
        return Ok(Discovery::nothing_to_check(
            "no tsconfig.json in the project",
        ));
    }
    let packages = Packages::read(&manifests, pnpm);
    for added in &options.programs {
        let added = normalize_path(added);
        if !tsconfigs.contains(&added.as_str()) {
            texts.entry(added.clone()).or_insert(Value::Null);
        }
    }
    let mut order: Vec<String> = tsconfigs.iter().map(|p| (*p).to_owned()).collect();
    for added in &options.programs {
        let added = normalize_path(added);
        if !order.contains(&added) {
            order.push(added);
        }
    }

    let scripted = scripted_configs(&packages);
    let excluded = options.exclude_set()?;
    let mut verdicts: BTreeMap<String, Verdict> = BTreeMap::new();
    for path in &order {
        let verdict = if excluded.is_match(path) {
            Verdict::Out("removed by [engines.tsc.options] exclude_programs".into())
        } else if options.programs.iter().any(|p| normalize_path(p) == *path) {
            Verdict::In("added by [engines.tsc.options] programs".into())
        } else if let Some(why) = scripted.get(path) {
            Verdict::In(why.clone())
        } else if let Some(owner) = packages.owner(path).filter(|o| !packages.is_own(&o.dir)) {
            Verdict::Out(format!(
                "inside {dir}, a package of its own ({dir}/package.json) that is no workspace \
                 member: its dependencies are not the project's",
                dir = owner.dir
            ))
        } else if path.rsplit('/').next() != Some(CONFIG_NAME) {
            Verdict::Out("no script, reference or option names it".into())
        } else {
            Verdict::In(match packages.owner(path) {
                Some(owner) if owner.dir.is_empty() => "a tsconfig.json of the root package".into(),
                Some(owner) => format!("a tsconfig.json of the workspace package {}", owner.dir),
                None => "a tsconfig.json of the project".into(),
            })
        };
        verdicts.insert(path.clone(), verdict);
    }

    // Each config with the configs it references, in the order the host found them.
    let graph: Vec<(String, Vec<String>)> = order
        .iter()
        .map(|path| {
            let references = texts
                .get(path)
                .and_then(|v| v["references"].as_array())
                .into_iter()
                .flatten()
                .filter_map(|r| r["path"].as_str())
                .map(|r| reference_config(path, r))
                .collect();
            (path.clone(), references)
        })
        .collect();

    // A config a solution in the check references is built by it, whatever else is said.
    let mut stack: Vec<(String, String)> = graph
        .iter()
        .filter(|(path, _)| matches!(verdicts.get(path), Some(Verdict::In(_))))
        .flat_map(|(path, refs)| refs.iter().map(move |r| (r.clone(), path.clone())))
        .collect();
    while let Some((path, by)) = stack.pop() {
        if excluded.is_match(&path) {
            continue;
        }
        if matches!(verdicts.get(&path), Some(Verdict::Out(_))) {
            verdicts.insert(path.clone(), Verdict::In(format!("referenced by {by}")));
            if let Some((_, refs)) = graph.iter().find(|(p, _)| *p == path) {
                stack.extend(refs.iter().map(|r| (r.clone(), path.clone())));
            }
        }
    }

    // A base config with no inputs of its own, extended by a program, is not one itself.
    let protected: BTreeSet<String> = options
        .programs
        .iter()
        .map(|p| normalize_path(p))
        .chain(scripted.keys().cloned())
        .collect();
    let extended = extended_bases(&order, &verdicts, &texts, &packages);
    for (base, by) in extended {
        let value = texts.get(&base).unwrap_or(&Value::Null);
        let has_inputs = value.get("files").is_some()
            || value.get("include").is_some()
            || value.get("references").is_some();
        if !has_inputs
            && !protected.contains(&base)
            && matches!(verdicts.get(&base), Some(Verdict::In(_)))
        {
            verdicts.insert(
                base,
                Verdict::Out(format!(
                    "a base config that {by} extends, with no `files` or `include` of its own"
                )),
            );
        }
    }

    let checked: Vec<(String, Vec<String>)> = graph
        .iter()
        .filter(|(path, _)| matches!(verdicts.get(path), Some(Verdict::In(_))))
        .cloned()
        .collect();
    let mut roots = build_roots(&checked);
    // A solution of nothing but leaves is its leaves, each run with `-p`: the same check, with
    // the build info in the engine's scratch directory instead of where `--build` puts it.
    let mut split: BTreeMap<String, String> = BTreeMap::new();
    for (root, solution) in roots.clone() {
        let Some(references) = checked.iter().find(|(p, _)| *p == root).map(|(_, r)| r) else {
            continue;
        };
        let value = texts.get(&root).unwrap_or(&Value::Null);
        let no_inputs =
            value["files"].as_array().is_some_and(Vec::is_empty) && value.get("include").is_none();
        let leaves = references.iter().all(|r| {
            texts.contains_key(r)
                && graph
                    .iter()
                    .find(|(p, _)| p == r)
                    .is_none_or(|(_, refs)| refs.is_empty())
        });
        if solution && no_inputs && leaves {
            roots.retain(|(r, _)| *r != root);
            for reference in references {
                if !roots.iter().any(|(r, _)| r == reference) {
                    roots.push((reference.clone(), false));
                }
                split.entry(reference.clone()).or_insert(root.clone());
            }
            verdicts.insert(
                root.clone(),
                Verdict::Out(
                    "a solution with no files of its own: its references are checked one by one"
                        .into(),
                ),
            );
        }
    }
    let mut programs = Vec::new();
    for path in &order {
        let root = roots.iter().find(|(r, _)| r == path);
        let program = match (verdicts.get(path), root) {
            (Some(Verdict::In(reason)), Some((_, solution))) => {
                let mut detail = json!({ "solution": solution, "reason": reason });
                if flag_of(path, "skipLibCheck", &texts, &packages, 0) == Some(true) {
                    detail["skip_lib_check"] = json!(true);
                }
                if *solution {
                    detail["writes"] = json!(build_writes(path, &graph, &texts));
                }
                Program::new(path.clone()).with_detail(detail)
            }
            (Some(Verdict::In(reason)), None) => {
                let by = roots
                    .iter()
                    .find(|(r, solution)| *solution && reaches(&checked, r, path))
                    .map_or("a solution", |(r, _)| r.as_str());
                Program::new(path.clone()).with_detail(json!({
                    "excluded": true,
                    "checked_by": by,
                    "reason": format!("{reason}; checked by `tsc --build {by}`"),
                }))
            }
            (Some(Verdict::Out(reason)), _) => Program::new(path.clone())
                .with_detail(json!({ "excluded": true, "reason": reason })),
            (None, _) => continue,
        };
        programs.push(program);
    }
    Ok(Discovery::new(programs))
}

/// The configs the scripts of the root and of the workspace members run, with the reason.
fn scripted_configs(packages: &Packages) -> BTreeMap<String, String> {
    let mut named = BTreeMap::new();
    for package in packages.own() {
        let manifest = if package.dir.is_empty() {
            "package.json".to_owned()
        } else {
            format!("{}/package.json", package.dir)
        };
        for (script, command) in &package.scripts {
            for run in crate::scripts::runs(command) {
                for config in run.configs {
                    let path = if package.dir.is_empty() {
                        normalize_path(&config)
                    } else {
                        normalize_path(&format!("{}/{config}", package.dir))
                    };
                    named.entry(path).or_insert_with(|| {
                        format!(
                            "run by the `{script}` script of {manifest} ({})",
                            run.compiler
                        )
                    });
                }
            }
        }
    }
    named
}

/// Every project config that a config in the check extends (directly or through another),
/// with the first config extending it.
fn extended_bases(
    order: &[String],
    verdicts: &BTreeMap<String, Verdict>,
    texts: &BTreeMap<String, Value>,
    packages: &Packages,
) -> Vec<(String, String)> {
    let mut bases: Vec<(String, String)> = Vec::new();
    for path in order {
        if !matches!(verdicts.get(path), Some(Verdict::In(_))) {
            continue;
        }
        let mut stack = extends_of(path, texts, packages);
        let mut seen = BTreeSet::new();
        while let Some(base) = stack.pop() {
            if base == *path || !seen.insert(base.clone()) {
                continue;
            }
            if !bases.iter().any(|(b, _)| *b == base) {
                bases.push((base.clone(), path.clone()));
            }
            stack.extend(extends_of(&base, texts, packages));
        }
    }
    bases
}

/// The project configs `path` extends: relative paths, and workspace packages by name
/// (`@scope/tsconfig` is that package's `tsconfig.json`, `@scope/tsconfig/x` its `x.json`).
fn extends_of(path: &str, texts: &BTreeMap<String, Value>, packages: &Packages) -> Vec<String> {
    let Some(value) = texts.get(path) else {
        return Vec::new();
    };
    let extends: Vec<&str> = match &value["extends"] {
        Value::String(one) => vec![one.as_str()],
        Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let with_json = |p: String| {
        if p.ends_with(".json") {
            p
        } else {
            format!("{p}.json")
        }
    };
    extends
        .into_iter()
        .filter_map(|base| {
            if base.starts_with('.') {
                let dir = parent_dir(path);
                let joined = if dir.is_empty() {
                    base.to_owned()
                } else {
                    format!("{dir}/{base}")
                };
                return Some(with_json(normalize_path(&joined)));
            }
            let parts: Vec<&str> = base.split('/').collect();
            let name_len = if base.starts_with('@') { 2 } else { 1 };
            if parts.len() < name_len {
                return None;
            }
            let dir = packages.dir_of(&parts[..name_len].join("/"))?;
            let rest = parts[name_len..].join("/");
            let file = if rest.is_empty() {
                CONFIG_NAME.to_owned()
            } else {
                with_json(rest)
            };
            Some(normalize_path(&if dir.is_empty() {
                file
            } else {
                format!("{dir}/{file}")
            }))
        })
        .filter(|p| texts.contains_key(p))
        .collect()
}

/// A boolean compiler option of `config`: its own setting, else the one of what it extends
/// (the last base that sets it, as in TypeScript), among the configs the host read.
fn flag_of(
    config: &str,
    name: &str,
    texts: &BTreeMap<String, Value>,
    packages: &Packages,
    depth: usize,
) -> Option<bool> {
    if let Some(set) = texts.get(config)?["compilerOptions"][name].as_bool() {
        return Some(set);
    }
    if depth > 8 {
        return None;
    }
    extends_of(config, texts, packages)
        .iter()
        .rev()
        .find_map(|base| flag_of(base, name, texts, packages, depth + 1))
}

/// Whether `to` is reachable from `from` by references.
fn reaches(graph: &[(String, Vec<String>)], from: &str, to: &str) -> bool {
    let mut stack = vec![from.to_owned()];
    let mut seen = BTreeSet::new();
    while let Some(path) = stack.pop() {
        if !seen.insert(path.clone()) {
            continue;
        }
        if let Some((_, refs)) = graph.iter().find(|(p, _)| *p == path) {
            if refs.iter().any(|r| r == to) {
                return true;
            }
            stack.extend(refs.iter().cloned());
        }
    }
    false
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
/// (the config itself, else what it `extends` among the configs the host read); a leading
/// `${configDir}` is the directory of the config compiled (`origin`), wherever it is set.
fn option_of(
    config: &str,
    name: &str,
    texts: &BTreeMap<String, Value>,
    depth: usize,
) -> Option<String> {
    option_from(config, config, name, texts, depth)
}

fn option_from(
    origin: &str,
    config: &str,
    name: &str,
    texts: &BTreeMap<String, Value>,
    depth: usize,
) -> Option<String> {
    let value = texts.get(config)?;
    let dir = Path::new(config).parent().unwrap_or(Path::new(""));
    if let Some(set) = value["compilerOptions"][name].as_str() {
        if let Some(rest) = set.strip_prefix("${configDir}") {
            let origin_dir = Path::new(origin).parent().unwrap_or(Path::new(""));
            let joined = origin_dir.join(rest.trim_start_matches('/'));
            return Some(normalize_path(&joined.to_string_lossy().replace('\\', "/")));
        }
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
        option_from(origin, &path, name, texts, depth + 1)
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

    fn discover_ok(request: &DiscoverRequest) -> Discovery {
        discover(request).unwrap()
    }

    fn found(discovery: &Discovery) -> Vec<(&str, bool)> {
        discovery
            .programs
            .iter()
            .filter(|p| p.detail["excluded"] != true)
            .map(|p| (p.config.as_str(), p.detail["solution"] == true))
            .collect()
    }

    #[test]
    fn solutions_hide_their_references() {
        let discovery = discover_ok(&request(&[
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
        // With no files of its own and only leaves, the solution is its references, run
        // one by one.
        assert_eq!(
            found(&discovery),
            [
                ("packages/a/tsconfig.json", false),
                ("packages/b/tsconfig.json", false),
                ("tools/tsconfig.json", false)
            ]
        );
        // With files of its own, it is built as one (`--build`).
        let built = discover_ok(&request(&[
            (
                "packages/a/tsconfig.json",
                r#"{ "compilerOptions": { "composite": true } }"#,
            ),
            ("tools/tsconfig.json", "{}"),
            (
                "tsconfig.json",
                r#"{ "include": ["scripts"], "references": [{ "path": "./packages/a" }] }"#,
            ),
        ]));
        assert_eq!(
            found(&built),
            [("tools/tsconfig.json", false), ("tsconfig.json", true)]
        );
    }

    #[test]
    fn a_referenced_solution_is_built_by_the_one_that_references_it() {
        // tsconfig.json → packages/app (itself referencing packages/lib): one `tsc -b` of the
        // root builds all three, and nothing else runs them again.
        let discovery = discover_ok(&request(&[
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
        let discovery = discover_ok(&request(&[
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
        let discovery = discover_ok(&request(&[
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
        let none = discover_ok(&request(&[]));
        assert_eq!(
            none.nothing_to_check.as_deref(),
            Some("no tsconfig.json in the project")
        );
        let listed = discover_ok(
            &request(&[]).with_options(json!({"tsconfigs": [{"path": "x/tsconfig.json"}]})),
        );
        assert_eq!(listed.nothing_to_check, None);
        assert!(listed.programs.is_empty());
    }

    #[test]
    fn an_unreadable_config_is_still_a_program() {
        let discovery = discover_ok(&DiscoverRequest::new(
            "/p",
            vec![ConfigFile::new("tsconfig.json", None)],
        ));
        assert_eq!(found(&discovery), [("tsconfig.json", false)]);
    }

    /// The places measured with TypeScript 5.9.3 and 7.0.2 (`tsc --build --noEmit` of a solution
    /// with files, referencing projects with each kind of option).
    #[test]
    fn build_info_goes_where_each_config_says() {
        let discovery = discover_ok(&request(&[
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
    fn config_dir_in_a_base_config_is_the_compiled_configs_directory() {
        let texts: BTreeMap<String, Value> = [
            (
                "tsconfig.base.json",
                json!({"compilerOptions": {"outDir": "${configDir}/dist"}}),
            ),
            (
                "runtime-tests/node/tsconfig.json",
                json!({"extends": "../../tsconfig.base.json"}),
            ),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect();
        assert_eq!(
            option_of("runtime-tests/node/tsconfig.json", "outDir", &texts, 0).as_deref(),
            Some("runtime-tests/node/dist")
        );
    }

    #[test]
    fn an_option_that_leaves_the_project_keeps_its_climb() {
        let discovery = discover_ok(&request(&[
            (
                "p/tsconfig.json",
                r#"{"compilerOptions":{"composite":true,"tsBuildInfoFile":"../../x"}}"#,
            ),
            (
                "tsconfig.json",
                r#"{"files":["r.ts"],"references":[{"path":"p"}]}"#,
            ),
        ]));
        let solution = discovery
            .programs
            .iter()
            .find(|p| p.config == "tsconfig.json")
            .unwrap();
        assert_eq!(
            solution.detail["writes"],
            json!(["tsconfig.tsbuildinfo", "../x"])
        );
        assert_eq!(relative_to("src", "tsconfig"), "../tsconfig");
        assert_eq!(normalize_path("a/./b/../c"), "a/c");
    }

    fn verdicts(discovery: &Discovery) -> Vec<(&str, bool, &str)> {
        discovery
            .programs
            .iter()
            .map(|p| {
                (
                    p.config.as_str(),
                    p.detail["excluded"] != true,
                    p.detail["reason"].as_str().unwrap_or(""),
                )
            })
            .collect()
    }

    /// hono's shape: a root solution over configs with other names, benchmarks that are
    /// packages of their own, a base config.
    #[test]
    fn a_library_with_benchmark_projects_checks_its_own_programs() {
        let discovery = discover_ok(&request(&[
            (
                "package.json",
                r#"{"scripts": {"test": "tsc -p tsconfig.spec.json && vitest --run"}}"#,
            ),
            ("benchmarks/jsx/package.json", r#"{"name": "bench"}"#),
            (
                "benchmarks/jsx/tsconfig.json",
                r#"{"compilerOptions": {"moduleResolution": "node16"}}"#,
            ),
            ("benchmarks/jsx/src/react/tsconfig.json", "{}"),
            (
                "runtime-tests/node/tsconfig.json",
                r#"{"extends": "../../tsconfig.base.json"}"#,
            ),
            (
                "tsconfig.base.json",
                r#"{"compilerOptions": {"strict": true}}"#,
            ),
            (
                "tsconfig.build.json",
                r#"{"extends": "./tsconfig.base.json", "include": ["src"]}"#,
            ),
            (
                "tsconfig.spec.json",
                r#"{"extends": "./tsconfig.base.json", "include": ["src"]}"#,
            ),
            ("tsconfig.unused.json", r#"{"include": ["src"]}"#),
            (
                "tsconfig.json",
                r#"{"files": [], "references": [{"path": "./tsconfig.build.json"}, {"path": "./tsconfig.spec.json"}, {"path": "./runtime-tests/node/tsconfig.json"}]}"#,
            ),
        ]));
        // The solution has no files and only leaves: its references run one by one (`-p`).
        assert_eq!(
            found(&discovery),
            [
                ("runtime-tests/node/tsconfig.json", false),
                ("tsconfig.build.json", false),
                ("tsconfig.spec.json", false)
            ]
        );
        let all = verdicts(&discovery);
        let out: Vec<&str> = all.iter().filter(|v| !v.1).map(|v| v.0).collect();
        assert_eq!(
            out,
            [
                "benchmarks/jsx/tsconfig.json",
                "benchmarks/jsx/src/react/tsconfig.json",
                "tsconfig.base.json",
                "tsconfig.unused.json",
                "tsconfig.json",
            ]
        );
        let reason = |path: &str| all.iter().find(|v| v.0 == path).unwrap().2;
        assert!(
            reason("benchmarks/jsx/tsconfig.json").contains("no workspace member"),
            "{all:?}"
        );
        assert!(
            reason("tsconfig.spec.json").contains("`test` script"),
            "{all:?}"
        );
        assert!(reason("tsconfig.build.json").contains("referenced by tsconfig.json"));
        assert!(reason("tsconfig.unused.json").contains("no script"));
        assert!(reason("tsconfig.json").contains("checked one by one"));
    }

    /// typescript-sdk's shape: a pnpm workspace whose packages extend a base config that is a
    /// package of its own, typechecked by `tsgo -p` scripts, and an example outside it.
    #[test]
    fn a_pnpm_monorepo_skips_its_base_config_and_foreign_packages() {
        let mut configs = vec![
            (
                "package.json",
                r#"{"scripts": {"typecheck:all": "pnpm -r typecheck"}}"#,
            ),
            (
                "pnpm-workspace.yaml",
                "packages:\n  - packages/*\n  - common/**/*\n",
            ),
            (
                "common/tsconfig/package.json",
                r#"{"name": "@acme/tsconfig", "main": "tsconfig.json"}"#,
            ),
            (
                "common/tsconfig/tsconfig.json",
                r#"{"compilerOptions": {"strict": true}}"#,
            ),
            (
                "packages/client/package.json",
                r#"{"name": "@acme/client", "scripts": {"typecheck": "tsgo -p tsconfig.json --noEmit"}}"#,
            ),
            (
                "packages/client/tsconfig.json",
                r#"{"extends": "@acme/tsconfig", "include": ["./"]}"#,
            ),
            ("packages/core/package.json", r#"{"name": "@acme/core"}"#),
            (
                "packages/core/tsconfig.json",
                r#"{"extends": "@acme/tsconfig/tsconfig", "include": ["src"]}"#,
            ),
            ("scratch/package.json", "{}"),
            ("scratch/tsconfig.json", "{}"),
        ];
        configs.push(("node_modules/x/tsconfig.json", "{}"));
        let discovery = discover_ok(&request(&configs));
        assert_eq!(
            found(&discovery),
            [
                ("packages/client/tsconfig.json", false),
                ("packages/core/tsconfig.json", false)
            ]
        );
        let all = verdicts(&discovery);
        let reason = |path: &str| all.iter().find(|v| v.0 == path).unwrap().2;
        assert!(
            reason("common/tsconfig/tsconfig.json").contains("base config"),
            "{all:?}"
        );
        assert!(reason("packages/client/tsconfig.json").contains("tsgo"));
        assert!(reason("packages/core/tsconfig.json").contains("workspace package"));
        assert!(reason("scratch/tsconfig.json").contains("no workspace member"));
        assert!(!all.iter().any(|v| v.0.contains("node_modules")));
    }

    #[test]
    fn skip_lib_check_is_read_through_what_a_program_extends() {
        let discovery = discover_ok(&request(&[
            ("package.json", "{}"),
            (
                "pnpm-workspace.yaml",
                "packages:\n  - packages/*\n  - common/*\n",
            ),
            (
                "common/tsconfig/package.json",
                r#"{"name": "@acme/tsconfig", "main": "tsconfig.json"}"#,
            ),
            (
                "common/tsconfig/tsconfig.json",
                r#"{"compilerOptions": {"skipLibCheck": true}}"#,
            ),
            ("packages/a/package.json", r#"{"name": "@acme/a"}"#),
            (
                "packages/a/tsconfig.json",
                r#"{"extends": "@acme/tsconfig", "include": ["src"]}"#,
            ),
            ("packages/b/package.json", r#"{"name": "@acme/b"}"#),
            (
                "packages/b/tsconfig.json",
                r#"{"extends": "../../common/tsconfig/tsconfig.json", "compilerOptions": {"skipLibCheck": false}, "include": ["src"]}"#,
            ),
        ]));
        let skips = |config: &str| {
            discovery
                .programs
                .iter()
                .find(|p| p.config == config)
                .unwrap()
                .detail["skip_lib_check"]
                == true
        };
        assert!(skips("packages/a/tsconfig.json"), "{discovery:?}");
        assert!(!skips("packages/b/tsconfig.json"), "{discovery:?}");
    }

    #[test]
    fn options_add_and_remove_programs() {
        let req = request(&[
            ("package.json", "{}"),
            ("tsconfig.json", r#"{"include": ["src"]}"#),
            ("tools/tsconfig.json", "{}"),
            ("tsconfig.e2e.json", r#"{"include": ["e2e"]}"#),
        ])
        .with_options(json!({
            "programs": ["tsconfig.e2e.json"],
            "exclude_programs": ["tools/**"],
        }));
        let discovery = discover_ok(&req);
        assert_eq!(
            found(&discovery),
            [("tsconfig.json", false), ("tsconfig.e2e.json", false)]
        );
        let all = verdicts(&discovery);
        assert!(all[1].2.contains("exclude_programs"), "{all:?}");
        assert!(all[2].2.contains("added by"), "{all:?}");
        for bad in [
            json!({"programs": ["../elsewhere/tsconfig.json"]}),
            json!({"exclude_programs": ["a/[b"]}),
            json!({"exclude_program": ["x"]}),
        ] {
            let err = discover(&request(&[("tsconfig.json", "{}")]).with_options(bad.clone()))
                .unwrap_err();
            assert!(
                err.message().contains("[engines.tsc.options]"),
                "{bad}: {err}"
            );
        }
    }
}
