//! Which engines a project uses, and so runs by default.
//!
//! An engine declares in its manifest what shows that a project uses it
//! ([`UsedWhen`](signalint_plugin_api::UsedWhen)): its config files, its npm packages, and
//! whether it is the baseline linter that runs when no other file-local engine does. An
//! `[engines.<id>]` table runs the engine regardless, and `enabled = false` turns it off. This
//! module reads those declarations and the project; it never names an engine.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use signalint_plugin_api::{EngineInfo, EngineScope, UsedWhen};

use crate::stamp::Watched;

/// How many directory levels below the root a config file still counts (a workspace
/// package's own `tsconfig.json` at `packages/a/`, or `apps/web/src/`), without walking a
/// large project.
const CONFIG_DEPTH: usize = 3;

/// Whether one engine runs, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Use {
    pub on: bool,
    pub reason: String,
}

/// What the selection needs to know about one engine.
#[derive(Debug, Clone)]
pub struct Candidate<'a> {
    pub id: &'a str,
    /// Its engine manifest, when its plugin loaded.
    pub info: Option<&'a EngineInfo>,
    /// An `[engines.<id>]` table names it.
    pub explicit: bool,
    /// `enabled = false` in that table.
    pub turned_off: bool,
}

/// Decides for every candidate whether it runs on the project at `root`.
pub fn decide(root: &Path, candidates: &[Candidate<'_>]) -> BTreeMap<String, Use> {
    decide_watched(root, candidates, None)
}

/// [`decide`], recording in `watched` every path it reads or looks for.
pub(crate) fn decide_watched(
    root: &Path,
    candidates: &[Candidate<'_>],
    watched: Option<&mut Watched>,
) -> BTreeMap<String, Use> {
    let signs = ProjectSigns::read(root, candidates, watched);
    let mut decided: BTreeMap<String, Use> = BTreeMap::new();
    let mut baselines = Vec::new();
    // Engines the project asks for (a table or a sign of use), which make it a linted project.
    let mut chosen: BTreeSet<&str> = BTreeSet::new();
    for candidate in candidates {
        let decision = if candidate.turned_off {
            Use {
                on: false,
                reason: format!("off: `enabled = false` in [engines.{}]", candidate.id),
            }
        } else if candidate.explicit {
            chosen.insert(candidate.id);
            Use {
                on: true,
                reason: format!("on: [engines.{}] in signalint.toml", candidate.id),
            }
        } else {
            match candidate.info.and_then(|info| info.used_when.as_ref()) {
                None => Use {
                    on: true,
                    reason: "on: the engine runs wherever its tool is found".to_owned(),
                },
                Some(used) => match signs.sign_of(used) {
                    Some(sign) => {
                        chosen.insert(candidate.id);
                        Use {
                            on: true,
                            reason: format!("on: the project uses it ({sign})"),
                        }
                    }
                    None if used.baseline => {
                        baselines.push(candidate);
                        continue;
                    }
                    None => Use {
                        on: false,
                        reason: format!(
                            "off: the project does not use it ({}); add [engines.{}] to \
                             signalint.toml to run it anyway",
                            absent(used),
                            candidate.id
                        ),
                    },
                },
            }
        };
        decided.insert(candidate.id.to_owned(), decision);
    }
    let file_local_on: Vec<&str> = candidates
        .iter()
        .filter(|c| {
            c.info.is_some_and(|i| i.scope == EngineScope::FileLocal) && chosen.contains(c.id)
        })
        .map(|c| c.id)
        .collect();
    for candidate in baselines {
        let decision = if file_local_on.is_empty() {
            Use {
                on: true,
                reason: "on: the baseline linter, as the project configures no other linter"
                    .to_owned(),
            }
        } else {
            Use {
                on: false,
                reason: format!(
                    "off: the project lints with {} and does not use this one ({}); add \
                     [engines.{}] to signalint.toml to run it anyway",
                    file_local_on.join(", "),
                    absent(
                        candidate
                            .info
                            .and_then(|i| i.used_when.as_ref())
                            .unwrap_or(&UsedWhen::default())
                    ),
                    candidate.id
                ),
            }
        };
        decided.insert(candidate.id.to_owned(), decision);
    }
    decided
}

/// What was looked for and not found, for a reason.
fn absent(used: &UsedWhen) -> String {
    let mut parts = Vec::new();
    if !used.config_files.is_empty() {
        parts.push(format!("no {}", used.config_files.join(" or ")));
    }
    if !used.packages.is_empty() {
        parts.push(format!(
            "no {} in package.json",
            used.packages
                .iter()
                .map(|p| format!("`{p}`"))
                .collect::<Vec<_>>()
                .join(" or ")
        ));
    }
    if parts.is_empty() {
        "nothing declares its use".to_owned()
    } else {
        parts.join(", ")
    }
}

/// The config files and dependencies the candidates' declarations ask about.
#[derive(Debug, Default)]
struct ProjectSigns {
    /// Config names found, with where (project-relative, or `../` for an ancestor's).
    configs: BTreeMap<String, String>,
    /// Dependency names of the root's and its ancestors' `package.json`.
    packages: BTreeSet<String>,
}

impl ProjectSigns {
    fn read(root: &Path, candidates: &[Candidate<'_>], mut watched: Option<&mut Watched>) -> Self {
        let declared: Vec<&UsedWhen> = candidates
            .iter()
            .filter_map(|c| c.info.and_then(|i| i.used_when.as_ref()))
            .collect();
        let names: BTreeSet<&str> = declared
            .iter()
            .flat_map(|u| u.config_files.iter().map(String::as_str))
            .collect();
        let mut signs = Self::default();
        if names.is_empty() && declared.iter().all(|u| u.packages.is_empty()) {
            return signs;
        }
        let mut watch = |path: std::path::PathBuf| {
            if let Some(watched) = watched.as_deref_mut() {
                watched.add(path);
            }
        };
        for (depth, dir) in project_dirs(root).enumerate() {
            for name in &names {
                watch(dir.join(name));
                if !signs.configs.contains_key(*name) && dir.join(name).is_file() {
                    let at = if depth == 0 {
                        (*name).to_owned()
                    } else {
                        format!("{}{name}", "../".repeat(depth))
                    };
                    signs.configs.insert((*name).to_owned(), at);
                }
            }
            watch(dir.join("package.json"));
            watch(dir.join(".git"));
            signs
                .packages
                .extend(dependencies(&dir.join("package.json")));
        }
        if names.iter().any(|n| !signs.configs.contains_key(*n)) {
            for ancestor in root.ancestors().skip(1) {
                if let Some(watched) = watched.as_deref_mut() {
                    watched.add_ignore_files(ancestor);
                }
            }
            // The ignore files as the project walk honours them, compiled once per content.
            let rules = crate::check::ignores::IgnoreRules::default();
            let walker = ignore::WalkBuilder::new(root)
                .max_depth(Some(CONFIG_DEPTH + 1))
                .standard_filters(false)
                .filter_entry(move |e| {
                    let name = e.file_name();
                    name != "node_modules"
                        && name != ".git"
                        && name != ".signalint"
                        && !rules.ignored(e.path(), e.file_type().is_some_and(|t| t.is_dir()))
                })
                .build();
            for entry in walker.filter_map(Result::ok) {
                if let Some(watched) = watched.as_deref_mut()
                    && entry.file_type().is_some_and(|t| t.is_dir())
                {
                    watched.add(entry.path().to_owned());
                    watched.add_ignore_files(entry.path());
                }
                let Some(name) = entry.file_name().to_str() else {
                    continue;
                };
                if names.contains(name)
                    && !signs.configs.contains_key(name)
                    && entry.file_type().is_some_and(|t| t.is_file())
                    && let Ok(relative) = entry.path().strip_prefix(root)
                {
                    signs.configs.insert(
                        name.to_owned(),
                        relative.to_string_lossy().replace('\\', "/"),
                    );
                }
            }
        }
        signs
    }

    /// The first sign of use, described.
    fn sign_of(&self, used: &UsedWhen) -> Option<String> {
        used.config_files
            .iter()
            .find_map(|name| self.configs.get(name).cloned())
            .or_else(|| {
                used.packages
                    .iter()
                    .find(|p| self.packages.contains(*p))
                    .map(|p| format!("`{p}` in package.json"))
            })
    }
}

/// The root and its ancestors up to the top of its repository (the first with `.git`), which is
/// as far as a project's own configs and `package.json` go.
fn project_dirs(root: &Path) -> impl Iterator<Item = &Path> {
    let mut past_top = false;
    root.ancestors().take_while(move |dir| {
        let inside = !past_top;
        past_top = past_top || dir.join(".git").exists();
        inside
    })
}

/// The npm packages the project declares: the dependency names of the root's and its
/// ancestors' `package.json`, read as [`UsedWhen::packages`] is matched.
pub fn declared_packages(root: &Path) -> BTreeSet<String> {
    project_dirs(root)
        .flat_map(|dir| dependencies(&dir.join("package.json")))
        .collect()
}

/// The dependency names of a `package.json` (none when it is missing or unreadable).
fn dependencies(manifest: &Path) -> Vec<String> {
    let Ok(text) = std::fs::read_to_string(manifest) else {
        return Vec::new();
    };
    let Ok(json) = serde_json::from_str::<serde_json::Value>(&text) else {
        return Vec::new();
    };
    [
        "dependencies",
        "devDependencies",
        "peerDependencies",
        "optionalDependencies",
    ]
    .iter()
    .filter_map(|key| json.get(key).and_then(serde_json::Value::as_object))
    .flat_map(|deps| deps.keys().cloned())
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use signalint_plugin_api::ToolSpec;

    fn info(scope: EngineScope, used: Option<UsedWhen>) -> EngineInfo {
        let info = EngineInfo::new(scope, ToolSpec::new("t", ">=1.0.0"), vec!["ts".into()]);
        match used {
            Some(used) => info.with_used_when(used),
            None => info,
        }
    }

    fn engines() -> Vec<(&'static str, EngineInfo)> {
        vec![
            (
                "lint-a",
                info(
                    EngineScope::FileLocal,
                    Some(
                        UsedWhen::config_files(vec![".a.json".into()])
                            .with_packages(vec!["a".into()])
                            .with_baseline(true),
                    ),
                ),
            ),
            (
                "lint-b",
                info(
                    EngineScope::FileLocal,
                    Some(
                        UsedWhen::config_files(vec!["b.json".into()])
                            .with_packages(vec!["@b/b".into()]),
                    ),
                ),
            ),
            (
                "types",
                info(
                    EngineScope::WholeProgram,
                    Some(UsedWhen::config_files(vec!["types.json".into()])),
                ),
            ),
            ("plain", info(EngineScope::FileLocal, None)),
        ]
    }

    fn decide_in(root: &Path, explicit: &[&str], off: &[&str]) -> BTreeMap<String, Use> {
        let engines = engines();
        let candidates: Vec<Candidate<'_>> = engines
            .iter()
            .map(|(id, info)| Candidate {
                id,
                info: Some(info),
                explicit: explicit.contains(id),
                turned_off: off.contains(id),
            })
            .collect();
        decide(root, &candidates)
    }

    fn on(decided: &BTreeMap<String, Use>) -> Vec<&str> {
        decided
            .iter()
            .filter(|(_, u)| u.on)
            .map(|(id, _)| id.as_str())
            .collect()
    }

    #[test]
    fn an_empty_project_gets_the_baseline_and_engines_without_declarations() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(".git")).unwrap();
        let decided = decide_in(dir.path(), &[], &[]);
        assert_eq!(on(&decided), ["lint-a", "plain"]);
        assert!(decided["lint-a"].reason.contains("baseline"), "{decided:?}");
        assert!(
            decided["lint-b"]
                .reason
                .contains("no b.json, no `@b/b` in package.json"),
            "{decided:?}"
        );
        assert!(decided["lint-b"].reason.contains("[engines.lint-b]"));
    }

    #[test]
    fn config_files_in_the_root_an_ancestor_or_a_package_count() {
        let dir = tempfile::tempdir().unwrap();
        let top = dir.path();
        std::fs::create_dir(top.join(".git")).unwrap();
        std::fs::create_dir_all(top.join("packages/p/src")).unwrap();
        std::fs::write(top.join("b.json"), "{}").unwrap();
        std::fs::write(top.join("packages/p/types.json"), "{}").unwrap();
        let decided = decide_in(top, &[], &[]);
        // Another linter is used, so the baseline stays off.
        assert_eq!(on(&decided), ["lint-b", "plain", "types"]);
        assert!(decided["types"].reason.contains("packages/p/types.json"));
        assert!(decided["lint-a"].reason.contains("lints with lint-b and"));
        // From a package, the repository root's config is an ancestor's.
        let decided = decide_in(&top.join("packages/p"), &[], &[]);
        assert!(
            decided["lint-b"].reason.contains("../../b.json"),
            "{decided:?}"
        );
        assert!(
            decided["types"].reason.contains("(types.json)"),
            "{decided:?}"
        );
    }

    #[test]
    fn declared_packages_come_from_the_root_and_its_ancestors_inside_the_repository() {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join("repo");
        let package = repo.join("packages/p");
        std::fs::create_dir_all(repo.join(".git")).unwrap();
        std::fs::create_dir_all(&package).unwrap();
        std::fs::write(
            dir.path().join("package.json"),
            r#"{"dependencies": {"outside": "1"}}"#,
        )
        .unwrap();
        std::fs::write(
            repo.join("package.json"),
            r#"{"devDependencies": {"@scope/top": "1"}}"#,
        )
        .unwrap();
        std::fs::write(
            package.join("package.json"),
            r#"{"peerDependencies": {"own": "1"}}"#,
        )
        .unwrap();
        let declared = declared_packages(&package);
        assert_eq!(
            declared.iter().map(String::as_str).collect::<Vec<_>>(),
            ["@scope/top", "own"]
        );
    }

    #[test]
    fn a_dependency_counts_and_an_explicit_table_wins() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir(root.join(".git")).unwrap();
        std::fs::write(
            root.join("package.json"),
            r#"{"devDependencies": {"@b/b": "1.0.0"}}"#,
        )
        .unwrap();
        let decided = decide_in(root, &["types"], &["plain"]);
        assert_eq!(on(&decided), ["lint-b", "types"]);
        assert!(decided["lint-b"].reason.contains("`@b/b` in package.json"));
        assert!(decided["types"].reason.contains("[engines.types]"));
        assert!(decided["plain"].reason.contains("enabled = false"));
        // With the only other linter turned off, the baseline comes back.
        let decided = decide_in(root, &[], &["lint-b", "plain"]);
        assert_eq!(on(&decided), ["lint-a"]);
    }
}
