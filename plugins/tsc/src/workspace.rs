//! The project's packages, from the `package.json` files and the root's `pnpm-workspace.yaml`
//! the host read: which directories are packages, which of them the root's workspace takes in
//! (`workspaces` in `package.json`, or pnpm's `packages:`), their names and their scripts.
//!
//! A directory with a `package.json` of its own that no workspace glob matches (a benchmark, an
//! example with its own dependencies) is a project apart: its dependencies are installed by
//! nobody, so its tsconfigs are not the project's programs.

use std::collections::BTreeMap;

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};
use serde_json::Value;

/// One `package.json` of the project.
#[derive(Debug, Clone)]
pub(crate) struct Package {
    /// The package's directory, project-relative (`""` for the root).
    pub dir: String,
    /// Its `name`, when it has one.
    pub name: Option<String>,
    /// Its `scripts`, name and command line, in file order.
    pub scripts: Vec<(String, String)>,
}

/// The packages of the project and the root's workspace globs.
#[derive(Debug, Default)]
pub(crate) struct Packages {
    packages: BTreeMap<String, Package>,
    members: Option<(GlobSet, GlobSet)>,
}

impl Packages {
    /// Reads the manifests (`package.json` texts) and the root's `pnpm-workspace.yaml` text.
    pub(crate) fn read(manifests: &[(String, Option<String>)], pnpm: Option<&str>) -> Self {
        let mut packages = BTreeMap::new();
        for (path, text) in manifests {
            let dir = parent_dir(path).to_owned();
            let value = text
                .as_deref()
                .and_then(|t| serde_json::from_str::<Value>(t.trim_start_matches('\u{feff}')).ok())
                .unwrap_or(Value::Null);
            let name = value["name"]
                .as_str()
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(str::to_owned);
            let scripts = value["scripts"]
                .as_object()
                .into_iter()
                .flatten()
                .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_owned())))
                .collect();
            packages.insert(dir.clone(), Package { dir, name, scripts });
        }
        let globs = pnpm.and_then(pnpm_globs).or_else(|| {
            let root = manifests
                .iter()
                .find(|(path, _)| path == "package.json")?
                .1
                .as_deref()?;
            let value: Value = serde_json::from_str(root.trim_start_matches('\u{feff}')).ok()?;
            let list = value["workspaces"]
                .as_array()
                .or_else(|| value["workspaces"]["packages"].as_array())?;
            Some(
                list.iter()
                    .filter_map(|g| g.as_str().map(str::to_owned))
                    .collect(),
            )
        });
        Self {
            packages,
            members: globs.as_deref().and_then(glob_sets),
        }
    }

    /// The package whose directory is the nearest one holding `path`.
    pub(crate) fn owner(&self, path: &str) -> Option<&Package> {
        let mut dir = parent_dir(path);
        loop {
            if let Some(package) = self.packages.get(dir) {
                return Some(package);
            }
            if dir.is_empty() {
                return None;
            }
            dir = parent_dir(dir);
        }
    }

    /// Whether the package in `dir` belongs to the project: the root, or a workspace member.
    pub(crate) fn is_own(&self, dir: &str) -> bool {
        dir.is_empty()
            || self
                .members
                .as_ref()
                .is_some_and(|(include, exclude)| include.is_match(dir) && !exclude.is_match(dir))
    }

    /// The root and the workspace members, in path order.
    pub(crate) fn own(&self) -> impl Iterator<Item = &Package> {
        self.packages.values().filter(|p| self.is_own(&p.dir))
    }

    /// The directory of the project's package called `name`.
    pub(crate) fn dir_of(&self, name: &str) -> Option<&str> {
        self.own()
            .find(|p| p.name.as_deref() == Some(name))
            .map(|p| p.dir.as_str())
    }
}

/// pnpm's `packages:` list.
fn pnpm_globs(text: &str) -> Option<Vec<String>> {
    let docs = yaml_rust2::YamlLoader::load_from_str(text).ok()?;
    let list = docs
        .first()?
        .as_hash()?
        .get(&yaml_rust2::Yaml::String("packages".into()))?
        .as_vec()?
        .iter()
        .filter_map(|g| g.as_str().map(str::to_owned))
        .collect();
    Some(list)
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
            // `!dir/**` leaves out `dir` itself too.
            if let Some(dir) = pattern.strip_suffix("/**")
                && let Ok(glob) = GlobBuilder::new(dir).literal_separator(true).build()
            {
                exclude.add(glob);
            }
            exclude.add(glob);
        } else {
            include.add(glob);
            any = true;
        }
    }
    if !any {
        return None;
    }
    Some((include.build().ok()?, exclude.build().ok()?))
}

/// The directory of a project-relative path (`""` for the root).
pub(crate) fn parent_dir(path: &str) -> &str {
    path.rfind('/').map_or("", |i| &path[..i])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manifests(items: &[(&str, &str)]) -> Vec<(String, Option<String>)> {
        items
            .iter()
            .map(|(p, t)| ((*p).to_owned(), Some((*t).to_owned())))
            .collect()
    }

    #[test]
    fn npm_workspaces_take_in_their_members_only() {
        let packages = Packages::read(
            &manifests(&[
                ("package.json", r#"{"workspaces": ["packages/*"]}"#),
                ("packages/a/package.json", r#"{"name": "a"}"#),
                ("benchmarks/x/package.json", r#"{"name": "x"}"#),
            ]),
            None,
        );
        assert!(packages.is_own(""));
        assert!(packages.is_own("packages/a"));
        assert!(!packages.is_own("benchmarks/x"));
        assert_eq!(
            packages
                .owner("benchmarks/x/src/tsconfig.json")
                .unwrap()
                .dir,
            "benchmarks/x"
        );
        assert_eq!(packages.owner("tsconfig.json").unwrap().dir, "");
        assert_eq!(packages.dir_of("a"), Some("packages/a"));
        assert_eq!(packages.dir_of("x"), None);
    }

    #[test]
    fn pnpm_globs_win_and_negations_exclude() {
        let packages = Packages::read(
            &manifests(&[
                ("package.json", r#"{"workspaces": ["nothing/*"]}"#),
                ("packages/a/package.json", "{}"),
                ("packages/a/fixture/package.json", "{}"),
                ("common/tsconfig/package.json", "{}"),
            ]),
            Some("packages:\n  - packages/**/*\n  - '!packages/a/fixture/**'\n  - common/**/*\n"),
        );
        assert!(packages.is_own("packages/a"));
        assert!(packages.is_own("common/tsconfig"));
        assert!(!packages.is_own("packages/a/fixture"));
    }

    #[test]
    fn without_workspaces_only_the_root_is_own() {
        let packages = Packages::read(
            &manifests(&[("package.json", "{}"), ("benchmarks/x/package.json", "{}")]),
            None,
        );
        assert!(!packages.is_own("benchmarks/x"));
        assert_eq!(packages.own().count(), 1);
    }
}
