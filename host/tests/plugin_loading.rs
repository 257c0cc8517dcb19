//! The plugin loader against real libraries: every workspace plugin loads side by side in one
//! process, and libraries that are not usable plugins are refused with a message that names
//! the file and the versions, without keeping the others from loading.

/// The host's allocator (see `src/main.rs`): plugins, with allocators of their own, load beside it.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod support;

use std::collections::BTreeMap;

use signalint::check::engine_plugin_ids;
use signalint::plugins::{PluginState, Registry, load_plugin};
use signalint_plugin_api::{
    PAYLOAD_VERSION, PLUGIN_API_VERSION, PluginKind, SIGNALINT_ABI_VERSION,
};
use support::{PluginDir, fixture};

/// The plugins the workspace ships, with their kinds.
const SHIPPED: &[(&str, PluginKind)] = &[
    ("oxlint", PluginKind::Engine),
    ("tsc", PluginKind::Engine),
    ("biome", PluginKind::Engine),
    ("shadow-patterns", PluginKind::RulePack),
    ("param-synonyms", PluginKind::RulePack),
    ("tool-hygiene", PluginKind::RulePack),
    ("mcp-lint", PluginKind::RulePack),
];

/// `libsignalint_plugin_param_synonyms.so` → `param_synonyms`.
fn file_id(path: &std::path::Path) -> String {
    signalint::plugins::file_stem(path)
        .and_then(|n| n.strip_prefix("signalint_plugin_"))
        .unwrap()
        .to_owned()
}

#[test]
fn every_workspace_plugin_loads_in_one_process() {
    let libraries = support::workspace_plugin_libraries();
    let dir = signalint::plugins::PluginDir {
        path: support::library_dir().to_owned(),
        source: signalint::plugins::PluginDirSource::Environment,
        refused: None,
    };
    let registry = Registry::load(std::slice::from_ref(&dir));
    assert_eq!(
        registry.entries.len(),
        libraries.len(),
        "the registry saw other files than the plugin libraries: {:?}",
        registry.entries
    );

    let mut loaded: BTreeMap<String, PluginKind> = BTreeMap::new();
    for entry in &registry.entries {
        let handle = match &entry.state {
            PluginState::Loaded(handle) => handle,
            other => panic!("{} did not load: {other:?}", entry.path.display()),
        };
        let manifest = handle.manifest();
        assert_eq!(
            manifest.id.replace('-', "_"),
            file_id(&entry.path),
            "{}: the id does not match the file name",
            entry.path.display()
        );
        assert_eq!(manifest.api_version, PLUGIN_API_VERSION);
        match manifest.kind {
            PluginKind::Engine => {
                assert!(manifest.engine.is_some() && manifest.rule_pack.is_none())
            }
            PluginKind::RulePack => {
                assert!(manifest.rule_pack.is_some() && manifest.engine.is_none())
            }
            other => panic!(
                "{}: a kind the host refuses: {other:?}",
                entry.path.display()
            ),
        }
        assert!(
            loaded.insert(manifest.id.clone(), manifest.kind).is_none(),
            "two libraries claim the id {}",
            manifest.id
        );
    }
    for (id, kind) in SHIPPED {
        assert_eq!(
            loaded.get(*id),
            Some(kind),
            "{id} is missing or has the wrong kind; loaded: {loaded:?}"
        );
        assert_eq!(
            registry.get(id).map(|h| h.manifest().kind),
            Some(*kind),
            "{id}"
        );
    }
    let engines: Vec<&str> = registry
        .of_kind(PluginKind::Engine)
        .map(|h| h.id())
        .collect();
    for id in ["oxlint", "tsc", "biome"] {
        assert!(
            engines.contains(&id),
            "{id} not among the engines {engines:?}"
        );
    }

    // Every one answers a call after all of them are loaded (no module came back as another's).
    for entry in &registry.entries {
        let PluginState::Loaded(handle) = &entry.state else {
            unreachable!()
        };
        let again: signalint_plugin_api::PluginManifest = handle
            .call(signalint_plugin_api::methods::MANIFEST, &())
            .unwrap();
        assert_eq!(&again, handle.manifest());
    }
}

#[test]
fn the_plugins_command_lists_every_workspace_plugin() {
    let project = support::temp_project();
    let output = support::run(
        support::signalint(None)
            .args(["--root"])
            .arg(project.path())
            .args(["plugins", "--format", "json"]),
    );
    let json = support::stdout_json(&output);
    assert!(
        output.status.success(),
        "status {:?}, stderr: {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    let rows = json["plugins"].as_array().expect("a plugins array");
    let libraries = support::workspace_plugin_libraries();
    assert_eq!(rows.len(), libraries.len(), "{json:#}");
    for row in rows {
        assert_eq!(row["status"], "loaded", "{row:#}");
        assert_eq!(row["source"], "executable directory", "{row:#}");
        assert_eq!(row["apiVersion"], PLUGIN_API_VERSION, "{row:#}");
        let path = std::path::Path::new(row["path"].as_str().unwrap());
        assert_eq!(
            row["id"].as_str().unwrap().replace('-', "_"),
            file_id(path),
            "{row:#}"
        );
    }
    for (id, kind) in SHIPPED {
        let row = rows
            .iter()
            .find(|r| r["id"] == *id)
            .unwrap_or_else(|| panic!("{id} is not listed: {json:#}"));
        assert_eq!(row["kind"], kind.as_str(), "{row:#}");
    }
}

fn refusal(registry: &Registry, path: &std::path::Path) -> String {
    let entry = registry
        .entries
        .iter()
        .find(|e| e.path == path)
        .unwrap_or_else(|| panic!("{} was not seen: {registry:?}", path.display()));
    match &entry.state {
        PluginState::Refused(reason) => reason.clone(),
        other => panic!("{} was not refused: {other:?}", path.display()),
    }
}

/// The three refusal messages, exactly.
fn expected_refusals(
    wrong_abi: &std::path::Path,
    api_next: &std::path::Path,
    not_a_plugin: &std::path::Path,
) -> [String; 3] {
    [
        format!(
            "{}: built for signalint plugin ABI 99, this signalint speaks ABI {SIGNALINT_ABI_VERSION}; \
             rebuild the plugin against signalint-plugin-api {PLUGIN_API_VERSION}",
            wrong_abi.display()
        ),
        format!(
            "{}: built against signalint-plugin-api 1.0.0, this signalint uses 0.3.5; rebuild the \
             plugin against signalint-plugin-api 0.3.x",
            api_next.display()
        ),
        format!(
            "{}: not a signalint plugin (it does not export `signalint_plugin_abi_version`); \
             remove it from the plugin path",
            not_a_plugin.display()
        ),
    ]
}

#[test]
fn unusable_libraries_are_refused_by_name_and_the_rest_load() {
    let dir = PluginDir::new();
    let wrong_abi = dir.add(fixture::WRONG_ABI, "wrong_abi");
    let api_next = dir.add(fixture::API_NEXT, "api_next");
    let not_a_plugin = dir.add(fixture::NOT_A_PLUGIN, "not_a_plugin");
    dir.add(fixture::FAULT_ENGINE, "fault_engine");
    dir.add(fixture::PANICKY, "panicky");
    dir.add("signalint_plugin_oxlint", "oxlint");

    // The host's version is the one these messages are written for.
    assert_eq!(PLUGIN_API_VERSION, "0.3.5");
    let [abi_message, api_message, not_plugin_message] =
        expected_refusals(&wrong_abi, &api_next, &not_a_plugin);

    // One library at a time.
    assert_eq!(
        load_plugin(&wrong_abi).unwrap_err().to_string(),
        abi_message
    );
    assert_eq!(load_plugin(&api_next).unwrap_err().to_string(), api_message);
    assert_eq!(
        load_plugin(&not_a_plugin).unwrap_err().to_string(),
        not_plugin_message
    );

    // The whole directory: the three are refused, the others load.
    let registry = Registry::load(&[dir.as_plugin_dir()]);
    assert_eq!(registry.entries.len(), 6, "{registry:?}");
    assert_eq!(refusal(&registry, &wrong_abi), abi_message);
    assert_eq!(refusal(&registry, &api_next), api_message);
    assert_eq!(refusal(&registry, &not_a_plugin), not_plugin_message);
    for id in ["fault-engine", "panicky", "oxlint"] {
        let handle = registry
            .get(id)
            .unwrap_or_else(|| panic!("{id} did not load: {registry:?}"));
        assert_eq!(handle.manifest().kind, PluginKind::Engine);
    }
    assert_eq!(
        registry.refusal_for("api-next"),
        Some(api_message.as_str()),
        "a configured engine that did not load explains why"
    );
}

#[test]
fn a_plugin_that_speaks_another_payload_version_is_refused_naming_both() {
    let dir = PluginDir::new();
    let next = dir.add(fixture::PAYLOAD_NEXT, "payload_next");
    dir.add(fixture::FAULT_ENGINE, "fault_engine");
    let message = format!(
        "{}: speaks plugin payload version {}, this signalint speaks {PAYLOAD_VERSION}; rebuild \
         the plugin against signalint-plugin-api 0.3.x",
        next.display(),
        PAYLOAD_VERSION + 1
    );
    assert_eq!(load_plugin(&next).unwrap_err().to_string(), message);
    let registry = Registry::load(&[dir.as_plugin_dir()]);
    assert_eq!(refusal(&registry, &next), message);
    assert!(
        registry.get("fault-engine").is_some(),
        "the others still load: {registry:?}"
    );
}

#[test]
fn the_plugins_command_shows_each_refusal() {
    let dir = PluginDir::new();
    let wrong_abi = dir.add(fixture::WRONG_ABI, "wrong_abi");
    let api_next = dir.add(fixture::API_NEXT, "api_next");
    let not_a_plugin = dir.add(fixture::NOT_A_PLUGIN, "not_a_plugin");
    let fault_engine = dir.add(fixture::FAULT_ENGINE, "fault_engine");
    let panicky = dir.add(fixture::PANICKY, "panicky");
    let project = support::temp_project();

    let output = support::run(
        support::signalint(Some(dir.path()))
            .arg("--root")
            .arg(project.path())
            .args(["plugins", "--format", "json"]),
    );
    let json = support::stdout_json(&output);
    // A refused library makes the listing exit with "engine failed".
    assert_eq!(output.status.code(), Some(3), "{json:#}");
    let rows = json["plugins"].as_array().unwrap();
    let row = |path: &std::path::Path| {
        rows.iter()
            .find(|r| r["path"] == path.display().to_string())
            .unwrap_or_else(|| panic!("{} is not listed: {json:#}", path.display()))
    };
    let expected = expected_refusals(&wrong_abi, &api_next, &not_a_plugin);
    for (path, message) in [&wrong_abi, &api_next, &not_a_plugin]
        .into_iter()
        .zip(&expected)
    {
        let row = row(path);
        assert_eq!(row["status"], "refused", "{row:#}");
        assert_eq!(row["source"], "SIGNALINT_PLUGIN_PATH", "{row:#}");
        assert_eq!(row["reason"], message.as_str(), "{row:#}");
        assert!(row["id"].is_null(), "{row:#}");
    }
    for (path, id) in [(&fault_engine, "fault-engine"), (&panicky, "panicky")] {
        let row = row(path);
        assert_eq!(row["status"], "loaded", "{row:#}");
        assert_eq!(row["id"], id, "{row:#}");
        assert_eq!(row["kind"], "engine", "{row:#}");
        assert!(row["reason"].is_null(), "{row:#}");
    }
    // The installation's own plugins still load from the executable's directory.
    for (id, _) in SHIPPED {
        let row = rows
            .iter()
            .find(|r| r["id"] == *id)
            .unwrap_or_else(|| panic!("{id} is not listed: {json:#}"));
        assert_eq!(row["status"], "loaded", "{row:#}");
    }
}

#[test]
fn a_configured_engine_whose_plugin_was_refused_says_why_in_its_status() {
    let dir = PluginDir::new();
    let api_next = dir.add(fixture::API_NEXT, "api_next");
    dir.add(fixture::FAULT_ENGINE, "fault_engine");
    let (output, json) = check_without_built_in_engines(
        dir.path(),
        "[engines.next]\nplugin = \"api-next\"\n\n\
         [engines.fine]\nplugin = \"fault-engine\"\noptions = { mode = \"ok\" }\n",
    );
    assert_eq!(output.status.code(), Some(1), "{json:#}");
    let next = &json["engines"]["next"];
    assert_eq!(next["status"], "error", "{json:#}");
    let [_, api_message, _] = expected_refusals(&api_next, &api_next, &api_next);
    assert_eq!(
        next["message"],
        format!("plugin `api-next` did not load: {api_message}"),
        "{json:#}"
    );
    assert_eq!(json["engines"]["fine"]["status"], "ok", "{json:#}");
    assert_eq!(json["totalIssues"], 1, "{json:#}");
}

#[test]
fn without_mcp_sources_built_in_packs_rest_and_a_missing_configured_pack_is_an_error() {
    let dir = PluginDir::new();
    dir.add(fixture::FAULT_ENGINE, "fault_engine");
    let (_, json) = check_without_built_in_engines(
        dir.path(),
        "[engines.fine]\nplugin = \"fault-engine\"\noptions = { mode = \"ok\" }\n\n\
         [rule_packs.tool-hygiene]\nenabled = false\n\n\
         [rule_packs.house-rules]\nenabled = true\n",
    );
    let packs = &json["rulePacks"];
    for id in ["shadow-patterns", "param-synonyms", "mcp-lint"] {
        assert_eq!(packs[id]["status"], "disabled", "{json:#}");
        assert_eq!(
            packs[id]["message"],
            "no MCP manifests, servers or source definitions configured ([mcp] in signalint.toml)",
            "{json:#}"
        );
    }
    assert_eq!(
        packs["tool-hygiene"]["message"],
        "disabled in signalint.toml"
    );
    assert_eq!(packs["house-rules"]["status"], "error", "{json:#}");
    assert!(
        packs["house-rules"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("`house-rules` not found on the plugin path")),
        "{json:#}"
    );
    assert_eq!(json["engines"]["fine"]["status"], "ok", "{json:#}");
}

/// Runs `signalint check --all-issues --format json` on a one-file project whose config turns the
/// built-in engines off and adds `config` (with `plugins` on the plugin path).
fn check_without_built_in_engines(
    plugins: &std::path::Path,
    config: &str,
) -> (std::process::Output, serde_json::Value) {
    let project = support::temp_project();
    let root = support::canonical(project.path());
    std::fs::write(root.join("notes.txt"), "a note\n").unwrap();
    std::fs::write(
        root.join("signalint.toml"),
        format!(
            "[engines.oxlint]\nenabled = false\n[engines.tsc]\nenabled = false\n\
             [engines.biome]\nenabled = false\n\n{config}"
        ),
    )
    .unwrap();
    let output = support::run(
        support::signalint(Some(plugins))
            .arg("--root")
            .arg(&root)
            .args(["check", "--all-issues", "--format", "json"]),
    );
    let json = support::stdout_json(&output);
    (output, json)
}

/// Runs `signalint plugins --format json` for a project, with an extra plugin directory.
fn plugins_json(
    root: &std::path::Path,
    env_dir: Option<&std::path::Path>,
    extra: &[&str],
) -> (Option<i32>, serde_json::Value) {
    let output = support::run(
        support::signalint(env_dir)
            .arg("--root")
            .arg(root)
            .args(extra)
            .args(["plugins", "--format", "json"]),
    );
    (output.status.code(), support::stdout_json(&output))
}

#[test]
fn a_plugin_directory_inside_the_project_needs_an_opt_in() {
    let project = support::temp_project();
    let root = support::canonical(project.path());
    let vendor = root.join("vendor/plugins");
    std::fs::create_dir_all(&vendor).unwrap();
    std::fs::copy(
        support::library(fixture::FAULT_ENGINE),
        vendor.join(support::library_file_name("signalint_plugin_fault_engine")),
    )
    .unwrap();
    std::fs::write(
        root.join("signalint.toml"),
        "[plugins]\npath = [\"vendor/plugins\"]\n",
    )
    .unwrap();

    // Trusted (the test wrote the config), the directory still needs the opt-in.
    let (code, json) = plugins_json(&root, None, &["--trust"]);
    assert_eq!(code, Some(0), "{json:#}");
    let skipped = json["skippedDirectories"].as_array().unwrap();
    assert_eq!(skipped.len(), 1, "{json:#}");
    assert_eq!(skipped[0]["path"], vendor.display().to_string());
    let reason = skipped[0]["reason"].as_str().unwrap();
    assert!(
        reason.contains("inside the checked project") && reason.contains("--allow-project-plugins"),
        "{reason}"
    );
    assert!(
        !json["plugins"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["id"] == "fault-engine"),
        "{json:#}"
    );

    let (code, json) = plugins_json(&root, None, &["--trust", "--allow-project-plugins"]);
    assert_eq!(code, Some(0), "{json:#}");
    assert!(json["skippedDirectories"].as_array().unwrap().is_empty());
    let row = json["plugins"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "fault-engine")
        .unwrap_or_else(|| panic!("{json:#}"))
        .clone();
    assert_eq!(row["status"], "loaded");
    assert_eq!(row["source"], "config [plugins] path");
}

#[test]
fn the_first_plugin_with_an_id_wins_and_later_ones_are_shadowed() {
    let first = PluginDir::new();
    let winner = first.add(fixture::FAULT_ENGINE, "fault_engine");
    let second = PluginDir::new();
    let shadowed = second.add(fixture::FAULT_ENGINE, "fault_engine_copy");

    let registry = Registry::load(&[first.as_plugin_dir(), second.as_plugin_dir()]);
    assert_eq!(registry.get("fault-engine").unwrap().path(), winner);
    let entry = registry
        .entries
        .iter()
        .find(|e| e.path == shadowed)
        .unwrap();
    match &entry.state {
        PluginState::Shadowed { by } => assert_eq!(by, &winner),
        other => panic!("{other:?}"),
    }

    let project = support::temp_project();
    let paths = std::env::join_paths([first.path(), second.path()]).unwrap();
    let (code, json) = plugins_json(project.path(), Some(std::path::Path::new(&paths)), &[]);
    assert_eq!(code, Some(0), "shadowing is not a failure: {json:#}");
    let row = json["plugins"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["path"] == shadowed.display().to_string())
        .unwrap_or_else(|| panic!("{json:#}"))
        .clone();
    assert_eq!(row["status"], "shadowed", "{row:#}");
    assert!(
        row["reason"]
            .as_str()
            .unwrap()
            .contains(&winner.display().to_string()),
        "{row:#}"
    );
}

/// A set of plugin ids.
fn ids(ids: &[&str]) -> std::collections::BTreeSet<String> {
    ids.iter().map(|id| (*id).to_owned()).collect()
}

#[test]
fn a_check_loads_only_the_libraries_named_for_its_plugins() {
    let dir = PluginDir::new();
    dir.add("signalint_plugin_oxlint", "oxlint");
    dir.add("signalint_plugin_shadow_patterns", "shadow_patterns");
    dir.add(fixture::WRONG_ABI, "wrong_abi");
    let registry = Registry::load_for(&[dir.as_plugin_dir()], &ids(&["oxlint"]));
    let loaded: Vec<_> = registry.entries.iter().map(|e| file_id(&e.path)).collect();
    assert_eq!(
        loaded,
        ["oxlint"],
        "neither the rule pack nor the broken library is touched"
    );
    assert!(registry.get("oxlint").is_some());

    // Hyphenated ids map to underscores in the file name.
    let registry = Registry::load_for(&[dir.as_plugin_dir()], &ids(&["oxlint", "shadow-patterns"]));
    assert_eq!(registry.entries.len(), 2, "{registry:?}");
    assert!(registry.get("shadow-patterns").is_some());
}

#[test]
fn a_plugin_missing_by_name_makes_the_check_load_every_library() {
    let dir = PluginDir::new();
    dir.add("signalint_plugin_oxlint", "oxlint");
    // A library named for another id still provides its own.
    dir.add(fixture::PANICKY, "renamed");
    let wrong_abi = dir.add(fixture::WRONG_ABI, "wrong_abi");
    let registry = Registry::load_for(&[dir.as_plugin_dir()], &ids(&["oxlint", "panicky"]));
    assert_eq!(registry.entries.len(), 3, "{registry:?}");
    assert!(registry.get("panicky").is_some(), "{registry:?}");

    // A configured plugin that is not there: every refusal is on hand to explain why.
    let registry = Registry::load_for(&[dir.as_plugin_dir()], &ids(&["oxlint", "wrong-abi"]));
    assert!(registry.get("wrong-abi").is_none());
    assert!(
        registry
            .refusal_for("wrong-abi")
            .is_some_and(|reason| reason.contains(&wrong_abi.display().to_string())),
        "{registry:?}"
    );
}

#[test]
fn the_plugins_command_tells_a_misnamed_library_its_name() {
    let dir = PluginDir::new();
    let renamed = dir.add(fixture::FAULT_ENGINE, "renamed");
    let project = support::temp_project();
    let (_, json) = plugins_json(project.path(), Some(dir.path()), &[]);
    let row = json["plugins"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["path"] == renamed.display().to_string())
        .unwrap_or_else(|| panic!("not listed: {json:#}"));
    assert_eq!(row["status"], "loaded", "{row:#}");
    assert_eq!(row["id"], "fault-engine", "{row:#}");
    let expected = support::library_file_name("signalint_plugin_fault_engine");
    assert!(
        row["reason"]
            .as_str()
            .is_some_and(|r| r.contains(&format!("rename it to {expected}"))),
        "{row:#}"
    );
}

#[test]
fn a_scan_leaves_the_libraries_of_unused_plugins_alone() {
    let dir = PluginDir::new();
    dir.add("signalint_plugin_oxlint", "oxlint");
    dir.add("signalint_plugin_shadow_patterns", "shadow_patterns");
    dir.add(fixture::PANICKY, "panicky");
    let registry = Registry::load_without(&[dir.as_plugin_dir()], &ids(&["oxlint", "panicky"]));
    let loaded: Vec<_> = registry.entries.iter().map(|e| file_id(&e.path)).collect();
    assert_eq!(loaded, ["shadow_patterns"], "{registry:?}");
}

#[test]
fn a_check_skips_the_libraries_of_engines_turned_off_yet_finds_the_same_toolchain() {
    let dir = PluginDir::new();
    dir.add("signalint_plugin_oxlint", "oxlint");
    dir.add("signalint_plugin_tsc", "tsc");
    dir.add("signalint_plugin_biome", "biome");
    dir.add("signalint_plugin_eslint", "eslint");
    let config = signalint::config::Config::parse(
        "[engines.tsc]\nenabled = false\n\n[engines.biome]\nenabled = false\n",
        std::path::Path::new("signalint.toml"),
    )
    .unwrap();
    let project = tempfile::tempdir().unwrap();
    let wanted = signalint::check::plugin_ids(&config, project.path());
    assert_eq!(
        wanted,
        ids(&["eslint", "oxlint"]),
        "engines turned off are not wanted"
    );
    let dirs = vec![dir.as_plugin_dir()];
    let registry = Registry::load_for(&dirs, &wanted);
    assert_eq!(registry.entries.len(), 2, "{registry:?}");

    let lazy = signalint::toolchain::ManagedToolchain::for_check(
        &registry,
        engine_plugin_ids(&config),
        dirs.clone(),
    );
    let eager = signalint::toolchain::ManagedToolchain::for_registry(
        &Registry::load(&dirs),
        engine_plugin_ids(&config),
    );
    let packages = &eager.toolchain().packages;
    for engine in ["oxlint", "typescript", "biome"] {
        assert!(
            packages.iter().any(|p| p.contains(engine)),
            "{engine} in {packages:?}"
        );
    }
    assert_eq!(
        &lazy.toolchain().packages,
        packages,
        "the same installation"
    );
}
