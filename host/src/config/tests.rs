use std::path::Path;

use super::*;

fn parse(text: &str) -> Result<Config, ConfigError> {
    Config::parse(text, Path::new("/repo/signalint.toml"))
}

#[test]
fn empty_config_gets_defaults() {
    let config = parse("").unwrap();
    assert_eq!(config.check.timeout_secs, 120);
    assert_eq!(config.check.max_output_mib, 10);
    assert!(config.engines.is_empty());
}

#[test]
fn unknown_top_level_key_names_file_line_and_key() {
    let err = parse("[check]\ntimeout_secs = 5\n\n[checks]\nx = 1\n").unwrap_err();
    let text = err.to_string();
    assert!(text.starts_with("/repo/signalint.toml:4:"), "{text}");
    assert!(text.contains("unknown key `checks`"), "{text}");
}

#[test]
fn unknown_engine_key_names_the_section() {
    let err = parse("[engines.oxlint]\nenabled = true\ntimout_secs = 3\n").unwrap_err();
    let text = err.to_string();
    assert_eq!(err.line(), Some(3), "{text}");
    assert!(
        text.contains("unknown key `timout_secs` in [engines.oxlint]"),
        "{text}"
    );
    assert!(
        text.contains("timeout_secs"),
        "the message lists the valid keys: {text}"
    );
}

#[test]
fn wrong_type_names_line() {
    let err = parse("[check]\n\ntimeout_secs = \"soon\"\n").unwrap_err();
    assert_eq!(err.line(), Some(3), "{err}");
}

#[test]
fn zero_timeout_is_refused_with_its_line() {
    let err = parse("[check]\ntimeout_secs = 0\n").unwrap_err();
    assert_eq!(err.line(), Some(2));
    assert!(err.to_string().contains("at least 1 second"));
}

#[test]
fn background_niceness_outside_the_nice_range_is_refused() {
    assert_eq!(parse("").unwrap().check.background_niceness, 10);
    assert_eq!(
        parse("[check]\nbackground_niceness = 0\n")
            .unwrap()
            .check
            .background_niceness,
        0
    );
    let err = parse("[check]\nbackground_niceness = 20\n").unwrap_err();
    assert_eq!(err.line(), Some(2));
    assert!(err.to_string().contains("between 0"), "{err}");
}

#[test]
fn syntax_error_names_line() {
    let err = parse("[check]\ntimeout_secs = = 3\n").unwrap_err();
    assert_eq!(err.line(), Some(2), "{err}");
}

#[test]
fn engine_sections_and_options_parse() {
    let config = parse(
        "[engines.oxlint]\nargs = [\"--threads=1\"]\ntimeout_secs = 30\n[engines.oxlint.options]\nx = 1\n\n[rule_packs.mcp-lint.options]\nportability = \"strict\"\n",
    )
    .unwrap();
    assert_eq!(config.engine_timeout("oxlint").as_secs(), 30);
    assert_eq!(config.engine_timeout("tsc").as_secs(), 120);
    let options = options_json(config.rule_packs["mcp-lint"].options.as_ref());
    assert_eq!(options["portability"], "strict");
}

#[test]
fn relative_plugin_paths_resolve_against_the_config() {
    let config = parse("[plugins]\npath = [\"vendor/plugins\"]\n").unwrap();
    assert_eq!(config.plugins.path[0], Path::new("/repo/vendor/plugins"));
}

#[test]
fn invalid_ignore_glob_is_refused() {
    let err = parse("[check]\nignore = [\"a/[\"]\n").unwrap_err();
    assert!(err.to_string().contains("not a valid glob"), "{err}");
}

#[test]
fn a_whole_program_engine_yields_after_two_seconds_unless_told_otherwise() {
    assert_eq!(parse("").unwrap().check.yield_after_ms, 2000);
    let never = parse("[check]\nyield_after_ms = 0\n").unwrap();
    assert_eq!(never.check.yield_after_ms, 0);
}

#[test]
fn huge_limits_are_refused_instead_of_panicking_or_overflowing() {
    // A concurrency past the semaphore's limit used to panic; an output cap past u64 MiB wrapped
    // to a 0-byte cap.
    let err = parse("[check]\nconcurrency = 1000000000000\n").unwrap_err();
    assert_eq!(err.line(), Some(2));
    assert!(err.to_string().contains("at most 1024"), "{err}");
    let err = parse("[check]\nmax_output_mib = 18446744073709551\n").unwrap_err();
    assert_eq!(err.line(), Some(2));
    assert!(err.to_string().contains("at most 4096 MiB"), "{err}");
    assert_eq!(
        parse("[check]\nconcurrency = 64\nmax_output_mib = 4096\n")
            .unwrap()
            .check
            .max_output_mib,
        4096
    );
}

#[test]
fn mcp_limits_have_defaults_and_are_validated_with_their_line() {
    let mcp = parse("").unwrap().mcp;
    assert_eq!(
        (
            mcp.max_manifest_mib,
            mcp.max_tools,
            mcp.max_pages,
            mcp.max_listing_mib
        ),
        (32, 100_000, 1000, 32)
    );
    let mcp =
        parse("[mcp]\nmax_tools = 50\nmax_pages = 3\nmax_manifest_mib = 1\nmax_listing_mib = 2\n")
            .unwrap()
            .mcp;
    assert_eq!(
        (
            mcp.max_manifest_mib,
            mcp.max_tools,
            mcp.max_pages,
            mcp.max_listing_mib
        ),
        (1, 50, 3, 2)
    );
    for (text, key, line) in [
        ("[mcp]\nmanifests = []\nmax_tools = 0\n", "max_tools", 3),
        ("[mcp]\nmax_pages = 0\n", "max_pages", 2),
        ("[mcp]\nmax_manifest_mib = 0\n", "max_manifest_mib", 2),
        (
            "[check]\n[mcp]\nmax_listing_mib = 99999999\n",
            "max_listing_mib",
            3,
        ),
    ] {
        let err = parse(text).unwrap_err();
        assert_eq!(err.line(), Some(line), "{err}");
        assert!(err.to_string().contains(&format!("[mcp] {key}")), "{err}");
    }
}

#[test]
fn the_reference_config_parses_and_documents_every_mcp_limit() {
    let text = include_str!("../../../signalint.toml");
    let config = parse(text).unwrap();
    let defaults = McpSection::default();
    assert_eq!(config.mcp.max_tools, defaults.max_tools);
    for key in [
        "max_manifest_mib",
        "max_tools",
        "max_pages",
        "max_listing_mib",
    ] {
        assert!(
            text.contains(&format!("{key} = ")),
            "{key} is not in signalint.toml"
        );
    }
}

#[test]
fn an_engine_compiler_is_read_and_refused_beside_a_tool() {
    let config = parse("[engines.tsc]\ncompiler = \"native\"\n").unwrap();
    assert_eq!(config.engines["tsc"].compiler.as_deref(), Some("native"));
    let err = parse("[engines.tsc]\ntool = \"/x/tsc\"\ncompiler = \"native\"\n").unwrap_err();
    assert_eq!(err.line(), Some(3));
    assert!(err.to_string().contains("[engines.tsc] sets both"), "{err}");
}

#[test]
fn mcp_sources_default_to_the_frameworks_a_project_depends_on() {
    let project = tempfile::tempdir().unwrap();
    let default = parse("").unwrap().mcp;
    // No package.json, or one without a framework: no source is read.
    let none = ProjectPackage::read(project.path());
    assert_eq!(none, ProjectPackage::default());
    assert!(default.source_globs(&none).is_empty());
    assert!(!default.has_sources(&none));
    std::fs::write(
        project.path().join("package.json"),
        r#"{"name": "notes-server", "dependencies": {"@modelcontextprotocol/sdk": "^1.29.0"}}"#,
    )
    .unwrap();
    let sdk = ProjectPackage::read(project.path());
    assert_eq!(sdk.name.as_deref(), Some("notes-server"));
    assert_eq!(
        default.source_globs(&sdk),
        DEFAULT_MCP_SOURCES.map(str::to_owned)
    );
    assert!(default.has_sources(&sdk));
    // `sources = []` turns it off; a list replaces the defaults.
    let off = parse("[mcp]\nsources = []\n").unwrap().mcp;
    assert!(off.source_globs(&sdk).is_empty());
    let some = parse("[mcp]\nsources = [\"server/**/*.ts\"]\n")
        .unwrap()
        .mcp;
    assert_eq!(some.source_globs(&sdk), ["server/**/*.ts"]);
}
