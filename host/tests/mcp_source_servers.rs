//! Real MCP servers read from their source (`corpus/mcp-source-servers/`, each with its
//! PROVENANCE.md), against the `tools/list` recorded from the published package
//! (`corpus/real-servers/servers.jsonl`, or the `recorded.json` next to the source). Every recorded tool must be found in source with the
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
    /// Where its `tools/list` recording is.
    recording: Recording,
    /// `tool field` entries that differ from the recording, each with why.
    expected_differences: &'static [(&'static str, &'static str)],
    /// `code tool pointer` findings of only one of the two scans (`-` only in the recording's,
    /// `+` only in the source's), each with why.
    scan_differences: &'static [(&'static str, &'static str)],
}

/// Where a server's `tools/list` was recorded.
enum Recording {
    /// The line with this id in `corpus/real-servers/servers.jsonl`.
    Jsonl(&'static str),
    /// `recorded.json` next to the source (servers kept out of the poisoning pack's tuning set).
    Beside,
}

/// The recording is of release 2.15.3; the newest source available is 2.15.1, and 2.15.3
/// hardened path and ref inputs against a leading `-` (option injection), adding that to their
/// descriptions: every name, type and required list is the same.
const NEWER_RELEASE: &str = "2.15.3 describes the leading-dash rule that 2.15.1 does not";

/// The pubmed recording is of 2.7.4, the only release the registry serves; the source is
/// 2.10.2, which added inputs and extended texts (each checked against the two texts).
const PUBMED_NEWER: &str = "2.10.2 (the source) extends what 2.7.4 (the recording) has";
/// A known false positive, kept visible here until the pack reads it right: output-schema
/// descriptions reach the model and are read since 2.10.2's `notice` says what "pubmed ignored"
/// and what was "dropped" from a query, which `instruction-override` takes for an order to set
/// instructions aside. The recording (2.7.4) has no such text.
const NOTICE_FALSE_POSITIVE: &str = "instruction-override misreads the newer notice description";
/// Written as `buildFulltextDescription({...})`: the text depends on which fallback tiers the
/// server's configuration enables, so the source cannot know it; `source-unresolved` says so.
const FULLTEXT_BUILT: &str = "the description is built at start-up from the configuration";
/// `` `Results per page, 1–${maxPageSize}.` `` reads `getServerConfig()` at start-up.
const PAGE_SIZE_CONFIG: &str = "the description names a configured maximum";
/// The tool declares these fields as mcp-ts-core `enrichment`, which only the source shows;
/// the listing has them as plain output fields, so the rule only fires there.
const ENRICHMENT_DECLARED: &str = "declared as enrichment, which only the source shows";
/// 2.10.2 declares `totalCount` in the tool's `enrichment` (advertised as part of the output);
/// 2.7.4's output has no `totalCount` or `truncated`, so the rule fires on the recording only.
const PUBMED_TOTAL_COUNT: &str = "2.10.2 added totalCount (as enrichment); 2.7.4 has none";
/// A schema shared by several tools is reported once, on the first tool that has it; the
/// source lists tools in file order, the server in registration order.
const SHARED_FIRST: &str = "a shared schema is reported on the first of its tools";

const SERVERS: &[Server] = &[
    Server {
        dir: "memory",
        recording: Recording::Jsonl("npm-modelcontextprotocol__server-memory"),
        expected_differences: &[],
        scan_differences: &[],
    },
    Server {
        dir: "sequentialthinking",
        recording: Recording::Jsonl("npm-modelcontextprotocol__server-sequential-thinking"),
        expected_differences: &[],
        scan_differences: &[],
    },
    Server {
        dir: "filesystem",
        recording: Recording::Jsonl("npm-modelcontextprotocol__server-filesystem"),
        expected_differences: &[],
        scan_differences: &[],
    },
    Server {
        dir: "git-mcp-server",
        recording: Recording::Jsonl("npm-cyanheads__git-mcp-server"),
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
        scan_differences: &[],
    },
    Server {
        dir: "pubmed-mcp-server",
        recording: Recording::Beside,
        expected_differences: &[
            ("pubmed_search_articles offset.description", PUBMED_NEWER),
            (
                "pubmed_search_articles summaryCount.description",
                PUBMED_NEWER,
            ),
            ("pubmed_fetch_fulltext description", FULLTEXT_BUILT),
            ("pubmed_fetch_fulltext properties", PUBMED_NEWER),
            ("pubmed_fetch_fulltext dois.description", PUBMED_NEWER),
            ("pubmed_fetch_fulltext pmcids.description", PUBMED_NEWER),
            ("pubmed_format_citations description", PUBMED_NEWER),
            ("pubmed_format_citations format.description", PUBMED_NEWER),
            ("pubmed_find_related description", PUBMED_NEWER),
            ("pubmed_find_related properties", PUBMED_NEWER),
            ("pubmed_lookup_mesh description", PUBMED_NEWER),
            ("pubmed_lookup_mesh properties", PUBMED_NEWER),
            ("pubmed_lookup_citation description", PUBMED_NEWER),
            ("pubmed_convert_ids ids.description", PUBMED_NEWER),
            ("pubmed_europepmc_search description", PUBMED_NEWER),
            ("pubmed_europepmc_search query.description", PUBMED_NEWER),
            ("pubmed_europepmc_search sort.description", PUBMED_NEWER),
        ],
        scan_differences: &[
            (
                "- \"capped-list-no-truncation\" \"pubmed_europepmc_search\" \"/tools/*/outputSchema/properties/hits\"",
                PUBMED_TOTAL_COUNT,
            ),
            (
                "- \"capped-list-no-truncation\" \"pubmed_find_related\" \"/tools/*/outputSchema/properties/articles\"",
                PUBMED_TOTAL_COUNT,
            ),
            (
                "- \"capped-list-no-truncation\" \"pubmed_lookup_mesh\" \"/tools/*/outputSchema/properties/results\"",
                PUBMED_TOTAL_COUNT,
            ),
            (
                "- \"capped-list-no-truncation\" \"pubmed_search_articles\" \"/tools/*/outputSchema/properties/pmids\"",
                PUBMED_TOTAL_COUNT,
            ),
            (
                "- \"enrichment-prefer-block\" \"pubmed_europepmc_search\" \"/tools/*/outputSchema/properties/notice\"",
                ENRICHMENT_DECLARED,
            ),
            (
                "- \"enrichment-prefer-block\" \"pubmed_find_related\" \"/tools/*/outputSchema/properties/notice\"",
                ENRICHMENT_DECLARED,
            ),
            (
                "- \"enrichment-prefer-block\" \"pubmed_lookup_mesh\" \"/tools/*/outputSchema/properties/notice\"",
                ENRICHMENT_DECLARED,
            ),
            (
                "- \"enrichment-prefer-block\" \"pubmed_search_articles\" \"/tools/*/outputSchema/properties/effectiveQuery\"",
                ENRICHMENT_DECLARED,
            ),
            (
                "- \"enrichment-prefer-block\" \"pubmed_search_articles\" \"/tools/*/outputSchema/properties/notice\"",
                ENRICHMENT_DECLARED,
            ),
            (
                "+ \"SHADOW_PATTERN\" \"pubmed_search_articles\" \"/tools/*/outputSchema/properties/notice/description\"",
                NOTICE_FALSE_POSITIVE,
            ),
            (
                "+ \"prefer-mcp-error-in-handler\" \"pubmed_fetch_fulltext\" \"/sourceFacts/tools/*/handler/throws/0\"",
                "a handler's throws are only in source",
            ),
            (
                "+ \"source-unresolved\" \"pubmed_fetch_fulltext\" \"/tools/*/description\"",
                FULLTEXT_BUILT,
            ),
        ],
    },
    Server {
        dir: "clinicaltrialsgov-mcp-server",
        recording: Recording::Beside,
        expected_differences: &[(
            "clinicaltrials_search_studies pageSize.description",
            PAGE_SIZE_CONFIG,
        )],
        scan_differences: &[
            (
                "- \"describe-on-fields\" \"clinicaltrials_search_studies\" \"/tools/*/outputSchema/properties/studies/items\"",
                SHARED_FIRST,
            ),
            (
                "- \"enrichment-prefer-block\" \"clinicaltrials_find_eligible\" \"/tools/*/outputSchema/properties/notice\"",
                ENRICHMENT_DECLARED,
            ),
            (
                "- \"enrichment-prefer-block\" \"clinicaltrials_get_field_definitions\" \"/tools/*/outputSchema/properties/notice\"",
                ENRICHMENT_DECLARED,
            ),
            (
                "- \"enrichment-prefer-block\" \"clinicaltrials_get_study_count\" \"/tools/*/outputSchema/properties/notice\"",
                ENRICHMENT_DECLARED,
            ),
            (
                "- \"enrichment-prefer-block\" \"clinicaltrials_search_studies\" \"/tools/*/outputSchema/properties/notice\"",
                ENRICHMENT_DECLARED,
            ),
            (
                "+ \"describe-on-fields\" \"clinicaltrials_find_eligible\" \"/tools/*/outputSchema/properties/studies/items\"",
                SHARED_FIRST,
            ),
            (
                "+ \"source-unresolved\" \"clinicaltrials_search_studies\" \"/tools/*/inputSchema/properties/pageSize/description\"",
                PAGE_SIZE_CONFIG,
            ),
        ],
    },
];

fn recording(server: &Server) -> Value {
    let root = support::workspace_root();
    let id = match server.recording {
        Recording::Jsonl(id) => id,
        Recording::Beside => {
            let path = root
                .join("corpus/mcp-source-servers")
                .join(server.dir)
                .join("recorded.json");
            return serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        }
    };
    let text = std::fs::read_to_string(root.join("corpus/real-servers/servers.jsonl")).unwrap();
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
        let recorded = recording(server);
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
        .map(|f| {
            let pointer = f["pointer"].as_str().map(any_index).unwrap_or_default();
            format!("{} {} {pointer:?}", f["code"], f["tool"])
        })
        .collect()
}

/// `/tools/3/x` → `/tools/*/x`: the finding names its tool, and the source lists tools in file
/// order where a server lists them in registration order.
fn any_index(pointer: &str) -> String {
    let mut out = Vec::new();
    for segment in pointer.split('/') {
        let index = out.last() == Some(&"tools") && segment.parse::<usize>().is_ok();
        out.push(if index { "*" } else { segment });
    }
    out.join("/")
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
        // A recording file is scanned as it is: its members keep their order, which rules that
        // take the first matching member see (`serde_json::Value` would sort them).
        let manifest = match server.recording {
            Recording::Beside => dir.join("recorded.json"),
            Recording::Jsonl(_) => {
                let manifest = scratch.path().join(format!("{}.json", server.dir));
                let tools = recording(server)["tools"].clone();
                let text = serde_json::json!({ "tools": tools }).to_string();
                std::fs::write(&manifest, text).unwrap();
                manifest
            }
        };
        let (source, recorded) = (scan_findings(&dir), scan_findings(&manifest));
        assert!(
            !source.is_empty(),
            "{}: the real servers all have findings",
            server.dir
        );
        let only: Vec<String> = recorded
            .difference(&source)
            .map(|f| format!("- {f}"))
            .chain(source.difference(&recorded).map(|f| format!("+ {f}")))
            .collect();
        let expected: Vec<&str> = server.scan_differences.iter().map(|(f, _)| *f).collect();
        assert_eq!(
            only, expected,
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
        BTreeSet::from([
            "\"prefer-mcp-error-in-handler\" \"template_echo_message\" \"/sourceFacts/tools/*/handler/throws/0\""
                .to_owned()
        ])
    );
}

/// What identifies a resource, a template or a prompt in a listing: its name with its URI (or
/// URI template), or a prompt's name with its arguments (name and whether required).
fn listed(listing: &Value, key: &str) -> BTreeSet<String> {
    let Some(items) = listing[key].as_array() else {
        return BTreeSet::new();
    };
    items
        .iter()
        .map(|item| {
            let name = item["name"].as_str().unwrap_or_default();
            let place = item["uri"]
                .as_str()
                .or_else(|| item["uriTemplate"].as_str())
                .unwrap_or_default();
            let arguments: Vec<String> = item["arguments"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|a| {
                    format!(
                        "{}{}",
                        a["name"].as_str().unwrap_or_default(),
                        if a["required"] == true { "" } else { "?" }
                    )
                })
                .collect();
            format!("{name} {place} ({})", arguments.join(", "))
        })
        .collect()
}

/// Listed entries that differ between a recording and the source, each with why:
/// `(server dir, entry as recorded, entry as read, why)`.
const LISTING_DIFFERENCES: &[(&str, &str, &str, &str)] = &[(
    "pubmed-mcp-server",
    "research_plan  (title, goal, keywords, organism?, includeAgentPrompts)",
    "research_plan  (title, goal, keywords, organism?, includeAgentPrompts?)",
    "2.7.4 wrote `.default('false')`, which the SDK lists as required; 2.10.2 writes `.optional()`",
)];

/// The servers whose recording also lists resources and prompts (`record.mjs --all`): each
/// resource, template and prompt it advertises is found in source, with the same URI or the
/// same arguments, and the source lists nothing the server does not.
#[test]
fn every_recorded_resource_template_and_prompt_is_found_in_source() {
    let mut compared = 0;
    for server in SERVERS {
        let recorded = recording(server);
        if recorded.get("prompts").is_none() && recorded.get("resources").is_none() {
            continue;
        }
        let dir = support::workspace_root()
            .join("corpus/mcp-source-servers")
            .join(server.dir);
        let read = read(&dir);
        for key in ["resources", "resourceTemplates", "prompts"] {
            let (mut source, mut advertised) = (listed(&read, key), listed(&recorded, key));
            compared += advertised.len();
            for (dir, in_recording, in_source, _why) in LISTING_DIFFERENCES {
                if *dir == server.dir && advertised.remove(*in_recording) {
                    assert!(source.remove(*in_source), "{dir}: {in_source} not read");
                }
            }
            assert_eq!(source, advertised, "{}: {key}", server.dir);
        }
    }
    // pubmed: one resource and one prompt; clinicaltrialsgov: one template and one prompt.
    assert_eq!(compared, 4);
}
