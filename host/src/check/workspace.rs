//! The repository's workspace packages, read for the advice on an unresolved import: the
//! workspace globs of the root's `pnpm-workspace.yaml` (`packages:`) or `package.json`
//! (`workspaces`, an array or `{ "packages": [...] }`), and the `name` of the `package.json` in
//! each directory they match. Anything unreadable means no workspace, and the advice stays
//! hedged. For the packages an import of which does not resolve, it also reads whether each is
//! linked into a `node_modules` and whether its declared entry points exist (built).

use std::collections::BTreeMap;
use std::path::Path;

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};

use crate::core::{PackageState, Unbuilt, Workspace};

/// How deep below the root a workspace glob is followed (`packages/**` included).
const MAX_DEPTH: usize = 5;
/// How many directories one read looks at, at most.
const MAX_DIRECTORIES: usize = 20_000;
/// The largest manifest read.
const MAX_MANIFEST_BYTES: u64 = 1024 * 1024;

/// The workspace of the project at `root`, or `None` when it declares none or it cannot be read.
pub(crate) fn read(root: &Path) -> Option<Workspace> {
    let (manager, globs) = globs(root)?;
    let (include, exclude) = glob_sets(&globs)?;
    let mut packages = BTreeMap::new();
    let mut visited = 0;
    let mut pending = vec![(root.to_path_buf(), String::new(), 0)];
    while let Some((dir, relative, depth)) = pending.pop() {
        visited += 1;
        if visited > MAX_DIRECTORIES {
            break;
        }
        if !relative.is_empty()
            && include.is_match(&relative)
            && !exclude.is_match(&relative)
            && let Some(name) = package_name(&dir.join("package.json"))
        {
            packages.entry(name).or_insert_with(|| relative.clone());
        }
        if depth >= MAX_DEPTH {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            // Real directories only: a link could lead anywhere.
            let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
            if !is_dir || name == "node_modules" || name.starts_with('.') {
                continue;
            }
            let child = if relative.is_empty() {
                name
            } else {
                format!("{relative}/{name}")
            };
            pending.push((entry.path(), child, depth + 1));
        }
    }
    (!packages.is_empty()).then(|| Workspace {
        manager: manager.to_owned(),
        packages,
        states: BTreeMap::new(),
    })
}

/// Reads, for each of `wanted` that is a package of `workspace`, whether it is linked and built.
pub(crate) fn read_states(root: &Path, workspace: &mut Workspace, wanted: &[String]) {
    for name in wanted {
        let Some(dir) = workspace.packages.get(name) else {
            continue;
        };
        let linked = std::iter::once(root.to_path_buf())
            .chain(workspace.packages.values().map(|d| root.join(d)))
            .any(|base| base.join("node_modules").join(name).exists());
        let unbuilt = unbuilt(&root.join(dir));
        workspace
            .states
            .insert(name.clone(), PackageState { linked, unbuilt });
    }
}

/// The package in `dir` is unbuilt when every entry point its manifest declares for types
/// (`types`, `typings`, `exports` conditions named `types`), or, declaring none of those, every
/// entry point at all (`exports`, `main`, `module`), is missing. Patterns (`./*`) are not
/// entry points. `None` when it declares none or one exists.
fn unbuilt(dir: &Path) -> Option<Unbuilt> {
    let manifest: serde_json::Value =
        serde_json::from_str(read_small(&dir.join("package.json"))?.trim_start_matches('\u{feff}'))
            .ok()?;
    let mut types = Vec::new();
    let mut any = Vec::new();
    for key in ["types", "typings"] {
        if let Some(path) = manifest.get(key).and_then(serde_json::Value::as_str) {
            types.push(path.to_owned());
        }
    }
    if let Some(exports) = manifest.get("exports") {
        entry_points(exports, false, &mut types, &mut any);
    }
    for key in ["main", "module"] {
        if let Some(path) = manifest.get(key).and_then(serde_json::Value::as_str) {
            any.push(path.to_owned());
        }
    }
    let declared = if types.is_empty() { any } else { types };
    let declared: Vec<String> = declared
        .into_iter()
        .map(|p| p.trim_start_matches("./").to_owned())
        .filter(|p| !p.is_empty() && !p.contains('*') && !p.contains(".."))
        .collect();
    if declared.is_empty() || declared.iter().any(|p| dir.join(p).exists()) {
        return None;
    }
    let scripts = manifest
        .get("scripts")
        .and_then(serde_json::Value::as_object);
    let script = scripts.and_then(|scripts| {
        scripts
            .keys()
            .find(|k| k.as_str() == "build")
            .or_else(|| scripts.keys().find(|k| k.starts_with("build")))
            .cloned()
    });
    Some(Unbuilt {
        missing: declared[0].clone(),
        script,
    })
}

/// The string leaves of an `exports` value, those under a `types` condition apart.
fn entry_points(
    value: &serde_json::Value,
    under_types: bool,
    types: &mut Vec<String>,
    any: &mut Vec<String>,
) {
    match value {
        serde_json::Value::String(path) if under_types => types.push(path.clone()),
        serde_json::Value::String(path) => any.push(path.clone()),
        serde_json::Value::Array(items) => {
            for item in items {
                entry_points(item, under_types, types, any);
            }
        }
        serde_json::Value::Object(map) => {
            for (key, item) in map {
                entry_points(item, under_types || key == "types", types, any);
            }
        }
        _ => {}
    }
}

/// The package manager and the workspace globs the root declares.
fn globs(root: &Path) -> Option<(&'static str, Vec<String>)> {
    if let Some(text) = read_small(&root.join("pnpm-workspace.yaml")) {
        let docs = yaml_rust2::YamlLoader::load_from_str(&text).ok()?;
        let globs: Vec<String> = docs
            .first()?
            .as_hash()?
            .get(&yaml_rust2::Yaml::String("packages".into()))?
            .as_vec()?
            .iter()
            .filter_map(|g| g.as_str().map(str::to_owned))
            .collect();
        return Some(("pnpm", globs));
    }
    let manifest: serde_json::Value = serde_json::from_str(
        read_small(&root.join("package.json"))?.trim_start_matches('\u{feff}'),
    )
    .ok()?;
    let workspaces = manifest.get("workspaces")?;
    let list = workspaces
        .as_array()
        .or_else(|| workspaces.get("packages")?.as_array())?;
    let globs = list
        .iter()
        .filter_map(|g| g.as_str().map(str::to_owned))
        .collect();
    let declared = manifest
        .get("packageManager")
        .and_then(serde_json::Value::as_str)
        .unwrap_or_default();
    let manager = if declared.starts_with("yarn@") || root.join("yarn.lock").is_file() {
        "yarn"
    } else {
        "npm"
    };
    Some((manager, globs))
}

/// The included and the excluded (`!`) globs; `None` when none is usable.
fn glob_sets(globs: &[String]) -> Option<(GlobSet, GlobSet)> {
    let mut include = GlobSetBuilder::new();
    let mut exclude = GlobSetBuilder::new();
    let mut any = false;
    for glob in globs {
        let (negated, pattern) = match glob.strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, glob.as_str()),
        };
        let pattern = pattern.trim_start_matches("./").trim_end_matches('/');
        if pattern.is_empty() || pattern.starts_with('/') || pattern.contains("..") {
            continue;
        }
        let Ok(glob) = GlobBuilder::new(pattern).literal_separator(true).build() else {
            continue;
        };
        if negated {
            exclude.add(glob);
        } else {
            include.add(glob);
            any = true;
        }
    }
    any.then_some(())?;
    Some((include.build().ok()?, exclude.build().ok()?))
}

/// The `name` of a `package.json`.
fn package_name(path: &Path) -> Option<String> {
    let text = read_small(path)?;
    let manifest: serde_json::Value =
        serde_json::from_str(text.trim_start_matches('\u{feff}')).ok()?;
    let name = manifest.get("name")?.as_str()?.trim();
    (!name.is_empty()).then(|| name.to_owned())
}

/// A regular file's text, when it is small enough to be a manifest.
fn read_small(path: &Path) -> Option<String> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    if !meta.is_file() || meta.len() > MAX_MANIFEST_BYTES {
        return None;
    }
    std::fs::read_to_string(path).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, file: &str, text: &str) {
        let path = root.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn every_layout_names_its_packages_and_manager() {
        for (manager, files) in [
            (
                "npm",
                vec![(
                    "package.json",
                    r#"{"workspaces": ["packages/*", "!packages/skip"]}"#,
                )],
            ),
            (
                "yarn",
                vec![
                    (
                        "package.json",
                        r#"{"workspaces": {"packages": ["packages/*"]}}"#,
                    ),
                    ("yarn.lock", ""),
                ],
            ),
            (
                "pnpm",
                vec![
                    ("package.json", r#"{"name": "root"}"#),
                    ("pnpm-workspace.yaml", "packages:\n  - \"packages/*\"\n"),
                ],
            ),
        ] {
            let dir = tempfile::tempdir().unwrap();
            for (file, text) in files {
                write(dir.path(), file, text);
            }
            write(dir.path(), "packages/a/package.json", r#"{"name": "@s/a"}"#);
            write(dir.path(), "packages/b/package.json", r#"{"name": "@s/b"}"#);
            write(
                dir.path(),
                "packages/skip/package.json",
                r#"{"name": "@s/skip"}"#,
            );
            write(
                dir.path(),
                "packages/a/node_modules/x/package.json",
                r#"{"name": "x"}"#,
            );
            write(dir.path(), "other/c/package.json", r#"{"name": "@s/c"}"#);
            let workspace = read(dir.path()).unwrap_or_else(|| panic!("{manager}"));
            assert_eq!(workspace.manager, manager);
            let mut expected = BTreeMap::from([
                ("@s/a".to_owned(), "packages/a".to_owned()),
                ("@s/b".to_owned(), "packages/b".to_owned()),
            ]);
            if manager != "npm" {
                expected.insert("@s/skip".into(), "packages/skip".into());
            }
            assert_eq!(workspace.packages, expected, "{manager}");
        }
    }

    /// The package names the advice needs: linked or not, built or not, read from the tree.
    #[test]
    fn linked_and_built_states_are_read_from_the_tree() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(
            root,
            "pnpm-workspace.yaml",
            "packages:\n  - \"packages/*\"\n",
        );
        let exports = r#"{"name": "@s/core", "scripts": {"build": "tsc -b"},
            "exports": {".": {"types": "./dist/index.d.ts", "import": "./dist/index.js"}, "./*": "./dist/*.js"}}"#;
        write(root, "packages/core/package.json", exports);
        write(root, "packages/app/package.json", r#"{"name": "@s/app"}"#);
        write(
            root,
            "packages/plain/package.json",
            r#"{"name": "@s/plain", "main": "index.js"}"#,
        );
        write(root, "packages/plain/index.js", "");
        write(root, "packages/bare/package.json", r#"{"name": "@s/bare"}"#);
        std::fs::create_dir_all(root.join("packages/app/node_modules/@s")).unwrap();
        std::os::unix::fs::symlink(
            "../../../core",
            root.join("packages/app/node_modules/@s/core"),
        )
        .unwrap();
        let mut workspace = read(root).unwrap();
        let wanted: Vec<String> = ["@s/core", "@s/plain", "@s/bare", "left-pad"]
            .map(String::from)
            .to_vec();
        read_states(root, &mut workspace, &wanted);
        let core = &workspace.states["@s/core"];
        assert!(core.linked);
        assert_eq!(
            core.unbuilt,
            Some(Unbuilt {
                missing: "dist/index.d.ts".into(),
                script: Some("build".into())
            })
        );
        let plain = &workspace.states["@s/plain"];
        assert_eq!((plain.linked, &plain.unbuilt), (false, &None));
        assert_eq!(
            workspace.states["@s/bare"].unbuilt, None,
            "declares no entry point"
        );
        assert!(
            !workspace.states.contains_key("left-pad"),
            "not a workspace package"
        );
        // Built: its types entry exists.
        write(root, "packages/core/dist/index.d.ts", "export {};");
        read_states(root, &mut workspace, &wanted);
        assert_eq!(workspace.states["@s/core"].unbuilt, None);
    }

    #[test]
    fn no_workspace_or_an_unreadable_one_is_none() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(read(dir.path()), None);
        write(dir.path(), "package.json", r#"{"name": "solo"}"#);
        assert_eq!(read(dir.path()), None);
        write(dir.path(), "package.json", "{ not json");
        assert_eq!(read(dir.path()), None);
        write(dir.path(), "pnpm-workspace.yaml", "packages: [\n");
        assert_eq!(read(dir.path()), None);
    }
}
