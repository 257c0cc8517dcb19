//! Real MCP servers read from their source (`corpus/mcp-source-servers/`, each with its
//! PROVENANCE.md), against the `tools/list` recorded from the published package
//! (`corpus/real-servers/servers.jsonl`). Every recorded tool must be found in source with the
//! same input property names, required list and descriptions; what differs for a known reason
//! is listed per server, and the list must match exactly, so a fix or a regression shows.

mod support;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use serde_json::Value;
use signalint::mcp_sources::source_files;

struct Server {
    /// Directory under `corpus/mcp-source-servers/`.
    dir: &'static str,
    /// Id of its recording in `corpus/real-servers/servers.jsonl`.
    recording: &'static str,
    /// `tool field` entries that differ from the recording, each with why.
    expected_differences: &'static [(&'static str, &'static str)],
}

/// The recording is of release 2.15.3; the newest source available is 2.15.1, and 2.15.3
/// hardened path and ref inputs against a leading `-` (option injection), adding that to their
/// descriptions: every name, type and required list is the same.
const NEWER_RELEASE: &str = "2.15.3 describes the leading-dash rule that 2.15.1 does not";

const SERVERS: &[Server] = &[
    Server {
        dir: "memory",
        recording: "npm-modelcontextprotocol__server-memory",
        expected_differences: &[],
    },
    Server {
        dir: "sequentialthinking",
        recording: "npm-modelcontextprotocol__server-sequential-thinking",
        expected_differences: &[],
    },
    Server {
        dir: "filesystem",
        recording: "npm-modelcontextprotocol__server-filesystem",
        expected_differences: &[],
    },
    Server {
        dir: "git-mcp-server",
        recording: "npm-cyanheads__git-mcp-server",
        expected_differences: &[
            ("git_add paths.description", NEWER_RELEASE),
            ("git_blame filePath.description", NEWER_RELEASE),
            ("git_changelog_analyze sinceTag.description", NEWER_RELEASE),
            ("git_checkout paths.description", NEWER_RELEASE),
            ("git_clone branch.description", NEWER_RELEASE),
            ("git_clone path.description", NEWER_RELEASE),
            ("git_clone url.description", NEWER_RELEASE),
            ("git_commit filesToStage.description", NEWER_RELEASE),
            ("git_diff paths.description", NEWER_RELEASE),
            ("git_log filePath.description", NEWER_RELEASE),
            ("git_reflog ref.description", NEWER_RELEASE),
            ("git_remote url.description", NEWER_RELEASE),
            ("git_reset paths.description", NEWER_RELEASE),
            ("git_show filePath.description", NEWER_RELEASE),
            ("git_stash stashRef.description", NEWER_RELEASE),
            ("git_worktree newPath.description", NEWER_RELEASE),
            ("git_worktree worktreePath.description", NEWER_RELEASE),
        ],
    },
];

fn recording(id: &str) -> Value {
    let path = support::workspace_root().join("corpus/real-servers/servers.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .find(|entry| entry["id"] == id)
        .unwrap_or_else(|| panic!("no recording `{id}`"))
}

fn read(dir: &Path) -> Value {
    let files = source_files(dir, 32 << 20);
    let read = signalint_mcp_source::read_sources(
        dir,
        &files,
        "server",
        &signalint_mcp_source::Limits::default(),
    );
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    serde_json::to_value(read.surface.expect("definitions found")).unwrap()
}

fn names(schema: &Value, key: &str) -> BTreeSet<String> {
    match &schema[key] {
        Value::Object(map) => map.keys().cloned().collect(),
        Value::Array(items) => items
            .iter()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect(),
        _ => BTreeSet::new(),
    }
}

/// `tool field` for every compared field that differs.
fn differences(recorded: &Value, read: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for tool in recorded["tools"].as_array().unwrap() {
        let name = tool["name"].as_str().unwrap();
        let Some(found) = read["tools"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == name)
        else {
            out.push(format!("{name} missing"));
            continue;
        };
        if tool["description"] != found["description"] {
            out.push(format!("{name} description"));
        }
        let (want, got) = (&tool["inputSchema"], &found["inputSchema"]);
        if names(want, "properties") != names(got, "properties") {
            out.push(format!("{name} properties"));
        }
        if names(want, "required") != names(got, "required") {
            out.push(format!("{name} required"));
        }
        for property in names(want, "properties") {
            let (w, g) = (
                &want["properties"][&property],
                &got["properties"][&property],
            );
            if !g.is_null() && w["description"] != g["description"] {
                out.push(format!("{name} {property}.description"));
            }
        }
    }
    out
}

#[test]
fn every_recorded_tool_is_found_in_source_with_the_same_inputs() {
    let mut failures = Vec::new();
    for server in SERVERS {
        let dir = support::workspace_root()
            .join("corpus/mcp-source-servers")
            .join(server.dir);
        let read = read(&dir);
        let recorded = recording(server.recording);
        let found = differences(&recorded, &read);
        let expected: Vec<String> = server
            .expected_differences
            .iter()
            .map(|(what, _why)| (*what).to_owned())
            .collect();
        if found != expected {
            failures.push(format!(
                "{}: differences {found:?}, expected {expected:?}",
                server.dir
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `code tool pointer` of every finding `tools scan` prints for `target`.
fn scan_findings(target: &Path) -> BTreeSet<String> {
    support::library_dir();
    let output = Command::new(env!("CARGO_BIN_EXE_signalint"))
        .args(["tools", "scan"])
        .arg(target)
        .args(["--format", "json"])
        .env_remove("SIGNALINT_PLUGIN_PATH")
        .env("SIGNALINT_NO_INSTALL", "1")
        .output()
        .unwrap();
    let report = support::stdout_json(&output);
    assert!(report.get("errors").is_none(), "{report}");
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| format!("{} {} {}", f["code"], f["tool"], f["pointer"]))
        .collect()
}

/// Reading the source finds what scanning the recording finds: the same codes on the same
/// tools at the same pointers, for every server.
#[test]
fn the_source_scan_finds_what_the_recorded_listing_scan_finds() {
    let scratch = tempfile::tempdir().unwrap();
    for server in SERVERS {
        let dir = support::workspace_root()
            .join("corpus/mcp-source-servers")
            .join(server.dir);
        let manifest = scratch.path().join(format!("{}.json", server.dir));
        let tools = recording(server.recording)["tools"].clone();
        std::fs::write(&manifest, serde_json::json!({ "tools": tools }).to_string()).unwrap();
        let (source, recorded) = (scan_findings(&dir), scan_findings(&manifest));
        assert!(
            !source.is_empty(),
            "{}: the real servers all have findings",
            server.dir
        );
        assert_eq!(
            source.symmetric_difference(&recorded).collect::<Vec<_>>(),
            Vec::<&String>::new(),
            "{}: only in one of the two scans",
            server.dir
        );
    }
}

/// The framework's own example server (`mcp-ts-core-example`), written with mcp-ts-core's
/// builders: every definition is found, and the one source-only fault it has (the echo tool
/// throws a plain `Error` on purpose, to show error handling) is reported at its `throw`.
#[test]
fn the_mcp_ts_core_example_server_is_read_with_its_handler_facts() {
    let dir = support::workspace_root().join("corpus/mcp-source-servers/mcp-ts-core-example");
    let read = read(&dir);
    let listed = |key: &str, field: &str| -> BTreeSet<String> {
        read[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|item| item[field].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(
        listed("tools", "name"),
        BTreeSet::from(
            [
                "template_cat_fact",
                "template_data_explorer",
                "template_echo_message",
                "template_image_test",
                "template_madlibs_elicitation",
            ]
            .map(str::to_owned)
        )
    );
    assert_eq!(
        listed("resources", "uri"),
        BTreeSet::from(["ui://template-data-explorer/app.html".to_owned()])
    );
    assert_eq!(
        listed("resourceTemplates", "uriTemplate"),
        BTreeSet::from(["echo://{message}".to_owned()])
    );
    assert_eq!(
        listed("prompts", "name"),
        BTreeSet::from(["code_review".to_owned()])
    );
    // Every tool has its handler read, and the echo tool's one throw is a plain Error.
    let facts = read["sourceFacts"]["tools"].as_array().unwrap();
    assert!(facts.iter().all(|f| f["handler"].is_object()), "{facts:#?}");
    let echo = read["tools"]
        .as_array()
        .unwrap()
        .iter()
        .position(|t| t["name"] == "template_echo_message")
        .unwrap();
    assert_eq!(facts[echo]["handler"]["throws"][0]["callee"], "Error");
    assert_eq!(
        scan_findings(&dir),
        BTreeSet::from([format!(
            "\"prefer-mcp-error-in-handler\" \"template_echo_message\" \"/sourceFacts/tools/{echo}/handler/throws/0\""
        )])
    );
}
