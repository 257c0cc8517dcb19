//! `signalint tools scan` on a manifest and on a live MCP server started over stdio — signalint's
//! own server, which must pass every MCP rule pack with no finding at all.

mod support;

use std::process::Command;

fn scan(args: &[&str]) -> std::process::Output {
    support::library_dir();
    Command::new(env!("CARGO_BIN_EXE_signalint"))
        .args(["tools", "scan"])
        .args(args)
        .env_remove("SIGNALINT_PLUGIN_PATH")
        .env("SIGNALINT_NO_INSTALL", "1")
        .output()
        .expect("run signalint tools scan")
}

#[test]
fn signalint_lints_its_own_mcp_server_clean() {
    let project = support::temp_project();
    let command_line = format!(
        "{} mcp --root {}",
        env!("CARGO_BIN_EXE_signalint"),
        project.path().display()
    );
    let output = scan(&["--server", &command_line, "--format", "json"]);
    let report = support::stdout_json(&output);
    assert_eq!(report["server"], "signalint");
    assert_eq!(
        report["toolCount"], 7,
        "ping, check_project, check_files, get_issue_detail, get_loop_status, apply_fixes, \
         reset_loop_state"
    );
    assert_eq!(
        report["findings"],
        serde_json::json!([]),
        "no MCP rule pack finds anything in signalint's own tools"
    );
    assert!(report.get("errors").is_none(), "{report}");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn a_poisoned_manifest_is_reported_with_positions_and_fails() {
    let manifest = support::workspace_root().join("examples/demo/mcp/tools.json");
    let output = scan(&[manifest.to_str().unwrap(), "--format", "json"]);
    assert_eq!(
        output.status.code(),
        Some(1),
        "a critical finding fails the scan"
    );
    let report = support::stdout_json(&output);
    assert_eq!(report["toolCount"], 3);
    let findings = report["findings"].as_array().unwrap();
    let poisoned = findings
        .iter()
        .find(|f| f["code"] == "SHADOW_PATTERN" && f["severity"] == "critical")
        .expect("the <IMPORTANT> block is critical");
    assert_eq!(poisoned["tool"], "add_numbers");
    assert_eq!(
        poisoned["line"], 31,
        "the finding points at the description's line"
    );
    let conflicts: Vec<_> = findings
        .iter()
        .filter(|f| f["code"] == "PARAMETER_CONFLICT")
        .collect();
    assert_eq!(
        conflicts.len(),
        2,
        "repo/repository and perPage/per_page: {conflicts:?}"
    );
    assert!(report["scannedAt"].as_str().unwrap().ends_with('Z'));
}

#[test]
fn several_files_are_scanned_in_one_run_and_each_finding_names_its_file() {
    let manifest = support::workspace_root().join("examples/demo/mcp/tools.json");
    let server_json = support::workspace_root()
        .join("plugins/mcp-lint/tests/fixtures/registry-legacy/publisher-sample.server.json");
    let both = scan(&[
        manifest.to_str().unwrap(),
        server_json.to_str().unwrap(),
        "--format",
        "json",
    ]);
    let report = support::stdout_json(&both);
    assert_eq!(report["server"], "2 servers in 2 files");
    let findings = report["findings"].as_array().unwrap();
    let files: std::collections::BTreeSet<&str> =
        findings.iter().filter_map(|f| f["file"].as_str()).collect();
    assert_eq!(files.len(), 2, "{files:?}");
    // The same findings as two separate scans, none lost or duplicated.
    let alone = |path: &std::path::Path| {
        support::stdout_json(&scan(&[path.to_str().unwrap(), "--format", "json"]))["findings"]
            .as_array()
            .unwrap()
            .len()
    };
    assert_eq!(findings.len(), alone(&manifest) + alone(&server_json));
    assert_eq!(
        both.status.code(),
        Some(1),
        "the manifest's critical finding"
    );
}

#[test]
fn a_server_that_does_not_start_is_a_clear_error() {
    let output = scan(&[
        "--server",
        "/nonexistent/mcp-server --flag",
        "--timeout",
        "5",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("cannot start `/nonexistent/mcp-server --flag`"),
        "{stderr}"
    );
}

#[test]
fn a_server_json_is_scanned_with_the_registry_rules() {
    let fixtures = support::workspace_root().join("plugins/mcp-lint/tests/fixtures");
    let legacy = fixtures.join("registry-legacy/publisher-sample.server.json");
    let output = scan(&[legacy.to_str().unwrap(), "--format", "json"]);
    let report = support::stdout_json(&output);
    assert_eq!(report["server"], "io.github.surabhya/SafetySearch");
    let codes: Vec<&str> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert!(
        codes.iter().all(|c| c.starts_with("server-json-")),
        "{codes:?}"
    );
    assert!(
        !codes.is_empty(),
        "an older-format server.json has findings against the 2025-12-11 schema"
    );
    for valid in std::fs::read_dir(fixtures.join("registry-examples/valid"))
        .unwrap()
        .flatten()
    {
        let output = scan(&[valid.path().to_str().unwrap(), "--format", "json"]);
        let report = support::stdout_json(&output);
        let errors: Vec<_> = report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["severity"] == "error" || f["severity"] == "critical")
            .collect();
        assert!(errors.is_empty(), "{}: {errors:?}", valid.path().display());
    }
}

#[test]
fn include_info_and_output_schema_labels_hold_in_tools_scan_as_in_check() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = dir.path().join("tools.json");
    std::fs::write(
        &manifest,
        r#"{"tools": [{"name": "get_item", "description": "Gets an item.",
            "inputSchema": {"type": "object", "properties": {"id": {"type": "string", "description": "The id."}}},
            "outputSchema": {"type": "object", "properties": {"title": {"type": "string"}}}}]}"#,
    )
    .unwrap();
    let config = dir.path().join("signalint.toml");
    let with = |include_info: bool| {
        std::fs::write(
            &config,
            format!(
                "[rule_packs.mcp-lint]\ninclude_info = {include_info}\n\
                 [rule_packs.mcp-lint.options]\nrules = {{ describe-on-fields = \"info\" }}\n"
            ),
        )
        .unwrap();
        let config = config.to_str().unwrap().to_owned();
        let manifest = manifest.to_str().unwrap().to_owned();
        let json = support::stdout_json(&scan_with_config(
            &config,
            &[manifest.as_str(), "--format", "json"],
        ));
        let human = scan_with_config(&config, &[manifest.as_str()]);
        (json, String::from_utf8_lossy(&human.stdout).into_owned())
    };
    let (json, _) = with(false);
    let codes: Vec<&str> = json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f["code"].as_str())
        .collect();
    assert!(!codes.contains(&"describe-on-fields"), "{json:#}");
    let (json, human) = with(true);
    let finding = json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "describe-on-fields")
        .unwrap_or_else(|| panic!("{json:#}"))
        .clone();
    assert_eq!(finding["severity"], "info");
    assert_eq!(finding["pointer"], "/tools/0/outputSchema/properties/title");
    assert!(
        human.contains("[output schema] property `title` has no description"),
        "{human}"
    );
}

fn scan_with_config(config: &str, args: &[&str]) -> std::process::Output {
    support::library_dir();
    Command::new(env!("CARGO_BIN_EXE_signalint"))
        .args(["--config", config, "tools", "scan"])
        .args(args)
        .env_remove("SIGNALINT_PLUGIN_PATH")
        .env("SIGNALINT_NO_INSTALL", "1")
        .output()
        .expect("run signalint tools scan")
}

#[test]
fn the_config_of_the_directory_scanned_from_is_used_without_config() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("tools.json"),
        r#"{"tools": [{"name": "get_item", "description": "Gets an item.",
            "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}}]}"#,
    )
    .unwrap();
    let codes = |dir: &std::path::Path| -> Vec<String> {
        support::library_dir();
        let output = Command::new(env!("CARGO_BIN_EXE_signalint"))
            .args(["tools", "scan", "tools.json", "--format", "json"])
            .current_dir(dir)
            .env_remove("SIGNALINT_PLUGIN_PATH")
            .env("SIGNALINT_NO_INSTALL", "1")
            .output()
            .expect("run signalint tools scan");
        support::stdout_json(&output)["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|f| f["code"].as_str().map(str::to_owned))
            .collect()
    };
    assert!(
        codes(dir.path()).iter().any(|c| c == "describe-on-fields"),
        "the default lint flags the undescribed field"
    );
    std::fs::write(
        dir.path().join("signalint.toml"),
        "[rule_packs.mcp-lint]\nenabled = false\n",
    )
    .unwrap();
    let after = codes(dir.path());
    assert!(
        !after.iter().any(|c| c == "describe-on-fields"),
        "{after:?}"
    );
}

/// The committed fixture server: SDK `registerTool` calls in `src/index.ts`, a schema imported
/// from `./schemas.js`, and an exported definition object in `src/tools/list.tool.ts`. One
/// description carries a deliberate `<IMPORTANT>` poisoning block.
fn source_fixture() -> std::path::PathBuf {
    support::workspace_root().join("host/tests/fixtures/mcp-source-server")
}

#[test]
fn a_source_directory_is_read_and_findings_land_on_the_source_line() {
    let output = scan(&[source_fixture().to_str().unwrap(), "--format", "json"]);
    let report = support::stdout_json(&output);
    assert_eq!(report["server"], "notes-mcp-server", "{report}");
    assert_eq!(report["toolCount"], 3, "{report}");
    assert!(report.get("errors").is_none(), "{report}");
    let findings = report["findings"].as_array().unwrap();
    let poisoned = findings
        .iter()
        .find(|f| f["code"] == "SHADOW_PATTERN" && f["severity"] == "critical")
        .unwrap_or_else(|| panic!("the <IMPORTANT> block is critical: {report}"));
    assert_eq!(poisoned["tool"], "add_note");
    assert_eq!(poisoned["file"], "src/index.ts");
    assert_eq!(
        (poisoned["line"].as_u64(), poisoned["col"].as_u64()),
        (Some(22), Some(5)),
        "the description property in the source: {poisoned}"
    );
    assert_eq!(output.status.code(), Some(1), "a critical finding fails");
    // The clean tools are not blamed.
    assert!(
        findings
            .iter()
            .all(|f| f["tool"] != "list_notes" || f["file"] == "src/tools/list.tool.ts"),
        "{report}"
    );

    let human = scan(&[source_fixture().to_str().unwrap()]);
    let text = String::from_utf8_lossy(&human.stdout);
    assert!(text.contains("notes-mcp-server: 3 tools"), "{text}");
    assert!(text.contains("add_note src/index.ts:22:5"), "{text}");
}

#[test]
fn a_source_directory_without_definitions_says_what_was_looked_for() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.ts"), "export const x = 1;\n").unwrap();
    let output = scan(&[dir.path().to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no MCP definitions found"), "{stderr}");
    assert!(stderr.contains("*.tool.ts"), "{stderr}");
}

#[test]
fn a_source_file_that_does_not_parse_is_an_error_and_the_rest_is_scanned() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("package.json"),
        r#"{"name": "broken", "dependencies": {"@modelcontextprotocol/sdk": "1"}}"#,
    )
    .unwrap();
    std::fs::write(
        dir.path().join("bad.tool.ts"),
        "export const t = { name: 'x', inputSchema: {;\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("server.ts"),
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\nserver.tool('ping', 'Check that the server answers.', {}, async () => ({ content: [] }));\n",
    )
    .unwrap();
    let output = scan(&[dir.path().to_str().unwrap(), "--format", "json"]);
    let report = support::stdout_json(&output);
    assert_eq!(report["toolCount"], 1, "{report}");
    let errors = report["errors"]
        .as_array()
        .expect("the parse error is reported");
    assert!(
        errors
            .iter()
            .any(|e| e.as_str().unwrap().starts_with("bad.tool.ts:1:")
                && e.as_str().unwrap().contains("does not parse")),
        "{report}"
    );
}
