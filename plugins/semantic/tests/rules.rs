//! Each code against the real model: the documented examples, positive and negative cases, the
//! fields of the findings, and the corpus cache.

mod common;

use serde_json::{Value, json};
use signalint_plugin_api::rule_kit;
use signalint_plugin_api::{AnalyzeRequest, Finding, FindingSeverity, McpSurface, RulePack};
use signalint_plugin_semantic::corpus::{self, CacheUse, EmbeddedCorpus};
use signalint_plugin_semantic::rules::RULES;
use signalint_plugin_semantic::{Semantic, analyze};

fn scan(server: &str, tools: Value, extra: Value) -> Vec<Finding> {
    let surface = McpSurface::new(server).with_tools(tools.as_array().unwrap().clone());
    analyze(&AnalyzeRequest::new(
        vec![surface],
        common::options_json(extra),
    ))
    .expect("analyze")
}

fn evidence(finding: &Finding) -> Value {
    serde_json::from_str(finding.evidence.as_deref().unwrap()).unwrap()
}

#[test]
fn documented_examples() {
    for rule in RULES {
        rule_kit::check_examples(
            rule,
            |example| {
                let surface = rule_kit::surface(&example.json).unwrap();
                let mut options = example.options.clone();
                options["model"] = json!(common::model_dir());
                options["cache_dir"] = json!(common::cache_dir());
                analyze(&AnalyzeRequest::new(vec![surface], options)).expect("analyze")
            },
            |finding| finding.code == rule.id,
        );
    }
}

#[test]
fn the_manifest_lists_the_three_codes() {
    let manifest = Semantic::new().manifest();
    assert_eq!(manifest.id, "semantic");
    let codes: Vec<String> = RULES.iter().map(|r| r.id.to_owned()).collect();
    assert_eq!(
        codes,
        [
            "SEMANTIC_OVERLAP",
            "ALREADY_IN_CORPUS",
            "SEMANTIC_PARAMETER_CONFLICT"
        ]
    );
}

#[test]
fn overlap_reports_the_closest_corpus_tool_with_the_spec_fields() {
    let findings = scan(
        "my-docs",
        json!([
            {"name": "find_pages", "description": "Search the documentation for pages that match a query"},
            {"name": "add_numbers", "description": "Add two numbers"}
        ]),
        json!({}),
    );
    assert_eq!(findings.len(), 1, "{findings:#?}");
    let f = &findings[0];
    assert_eq!(f.code, "SEMANTIC_OVERLAP");
    assert_eq!(f.severity, FindingSeverity::Warning);
    assert_eq!(f.tool.as_deref(), Some("find_pages"));
    assert_eq!(f.related_tool.as_deref(), Some("search_docs"));
    assert_eq!(f.pointer.as_deref(), Some("/tools/0/description"));
    let e = evidence(f);
    assert_eq!(e["matchedTool"], "search_docs");
    assert_eq!(e["matchedServer"], "acme/search-server");
    assert_eq!(e["matchedDisplayName"], "Acme Search Server");
    let similarity = e["similarity"].as_f64().unwrap();
    assert!((0.70..1.0).contains(&similarity), "{similarity}");
    assert_eq!((similarity * 100.0).round() / 100.0, similarity);
    assert_eq!(
        f.message,
        format!(
            "'find_pages' is semantically similar to 'search_docs' in Acme Search Server (similarity: {similarity:.2}) — consider adding disambiguation to your description"
        )
    );
}

#[test]
fn overlap_skips_the_scanned_servers_own_corpus_tools_and_distinct_tools() {
    let tools = json!([
        {"name": "find_pages", "description": "Search the documentation for pages that match a query"}
    ]);
    assert_eq!(scan("acme/search-server", tools.clone(), json!({})), []);
    assert_eq!(scan("other", tools, json!({"threshold": 0.99})), []);
    let distinct = json!([
        {"name": "book_flight", "description": "Book a seat on a flight between two airports"},
        {"name": "no_description", "description": ""},
        {"description": "A tool without a name: search documentation pages"}
    ]);
    assert_eq!(scan("travel", distinct, json!({})), []);
}

#[test]
fn already_in_corpus_needs_the_same_name_and_description() {
    let copy = json!([
        {"name": "SEARCH_DOCS", "description": "Search documentation pages that match a query"}
    ]);
    let findings = scan("mirror", copy, json!({}));
    let already: Vec<&Finding> = findings
        .iter()
        .filter(|f| f.code == "ALREADY_IN_CORPUS")
        .collect();
    assert_eq!(already.len(), 1, "{findings:#?}");
    let f = already[0];
    assert_eq!(f.severity, FindingSeverity::Info);
    assert_eq!(
        f.message,
        "'SEARCH_DOCS' already exists in the corpus as 'search_docs' in Acme Search Server (similarity: 1.00) — if this is your server, no action needed"
    );
    assert_eq!(evidence(f)["similarity"], 1.0);
    // The same corpus tool is not reported twice.
    assert!(
        findings
            .iter()
            .all(|f| f.code != "SEMANTIC_OVERLAP"
                || f.related_tool.as_deref() != Some("search_docs"))
    );
    // Another name with the same description is an overlap, not a copy.
    let renamed = json!([
        {"name": "lookup", "description": "Search documentation pages that match a query"}
    ]);
    let findings = scan("mirror", renamed, json!({}));
    assert!(
        findings.iter().all(|f| f.code != "ALREADY_IN_CORPUS"),
        "{findings:#?}"
    );
    assert!(
        findings.iter().any(|f| f.code == "SEMANTIC_OVERLAP"),
        "{findings:#?}"
    );
    // The same name with another meaning is neither.
    let other =
        json!([{"name": "search_docs", "description": "Delete every document in a folder"}]);
    assert_eq!(scan("mirror", other, json!({})), []);
}

fn tool(name: &str, description: &str, properties: Value) -> Value {
    json!({"name": name, "description": description,
        "inputSchema": {"type": "object", "properties": properties}})
}

#[test]
fn parameter_conflicts_name_both_parameters() {
    let tools = json!([
        tool(
            "list_portfolios",
            "List the user's investment portfolios",
            json!({"portfolio_ids": {"type": "array", "description": "IDs of the portfolios to list"}})
        ),
        tool(
            "summarize_portfolios",
            "Summarize the asset allocation of the user's investment portfolios",
            json!({"holdings": {"type": "array", "description": "IDs of the portfolios to summarize"}})
        ),
    ]);
    let findings = scan("portfolio-server", tools, json!({}));
    let conflicts: Vec<&Finding> = findings
        .iter()
        .filter(|f| f.code == "SEMANTIC_PARAMETER_CONFLICT")
        .collect();
    assert_eq!(conflicts.len(), 1, "{findings:#?}");
    let f = conflicts[0];
    assert_eq!(f.severity, FindingSeverity::Warning);
    assert_eq!(f.tool.as_deref(), Some("list_portfolios"));
    assert_eq!(f.related_tool.as_deref(), Some("summarize_portfolios"));
    assert_eq!(
        f.pointer.as_deref(),
        Some("/tools/0/inputSchema/properties/portfolio_ids")
    );
    let e = evidence(f);
    assert_eq!(e["matchedTool"], "summarize_portfolios");
    assert_eq!(e["matchedParameter"], "holdings");
    assert_eq!(e["matchedServer"], "portfolio-server");
    assert_eq!(e["matchedDisplayName"], "portfolio-server");
    let similarity = e["similarity"].as_f64().unwrap();
    assert!(similarity >= 0.75, "{similarity}");
    assert_eq!(
        f.message,
        format!(
            "Parameter 'portfolio_ids' in 'list_portfolios' is semantically similar to 'holdings' in 'summarize_portfolios' (similarity: {similarity:.2}) — consider using a shared name or clearer descriptions"
        )
    );
}

#[test]
fn parameter_pairs_of_the_static_rule_other_types_and_one_tool_are_skipped() {
    let described = |name: &str, ty: &str| json!({name: {"type": ty, "description": "Stock ticker symbol such as AAPL"}});
    let parameter_conflicts = |tools: Value| {
        scan("stocks", tools, json!({}))
            .into_iter()
            .filter(|f| f.code == "SEMANTIC_PARAMETER_CONFLICT")
            .collect::<Vec<_>>()
    };
    // `ticker` and `symbol` are synonyms for PARAMETER_CONFLICT: reported there, not here.
    let synonyms = json!([
        tool(
            "get_price",
            "Latest stock price",
            described("ticker", "string")
        ),
        tool(
            "get_profile",
            "Company profile of a stock",
            described("symbol", "string")
        ),
    ]);
    assert_eq!(parameter_conflicts(synonyms), []);
    // Without the static equivalence the same pair is reported.
    let unrelated_names = json!([
        tool(
            "get_price",
            "Latest stock price",
            described("ticker", "string")
        ),
        tool(
            "get_profile",
            "Company profile of a stock",
            described("instrument", "string")
        ),
    ]);
    assert_eq!(parameter_conflicts(unrelated_names).len(), 1);
    // Declared types that differ.
    let types = json!([
        tool(
            "get_price",
            "Latest stock price",
            described("ticker", "string")
        ),
        tool(
            "get_profile",
            "Company profile of a stock",
            described("instrument", "array")
        ),
    ]);
    assert_eq!(parameter_conflicts(types), []);
    // Two parameters of one tool.
    let one_tool = json!([tool(
        "get_price",
        "Latest stock price",
        json!({
        "ticker": {"type": "string", "description": "Stock ticker symbol such as AAPL"},
        "instrument": {"type": "string", "description": "Stock ticker symbol such as AAPL"}})
    )]);
    assert_eq!(parameter_conflicts(one_tool), []);
    // Different concepts.
    let distinct = json!([
        tool(
            "get_price",
            "Latest stock price",
            described("ticker", "string")
        ),
        tool(
            "send_mail",
            "Send an email",
            json!({"recipient": {"type": "string", "description": "Email address"}})
        ),
    ]);
    assert_eq!(parameter_conflicts(distinct), []);
}

#[test]
fn names_one_tool_takes_side_by_side_are_never_a_conflict() {
    let point = |name: &str, what: &str| json!({name: {"type": "number", "description": format!("{what} of the place, in degrees")}});
    let conflicts = |tools: Value| {
        scan("geo", tools, json!({}))
            .into_iter()
            .filter(|f| f.code == "SEMANTIC_PARAMETER_CONFLICT")
            .map(|f| f.message)
            .collect::<Vec<_>>()
    };
    // `latitude` and `lat` mean one thing under two names.
    let renamed = json!([
        tool(
            "get_forecast",
            "Weather forecast for a place",
            point("latitude", "Latitude")
        ),
        tool(
            "get_air_quality",
            "Air quality for a place",
            point("lat", "Latitude")
        ),
    ]);
    assert_eq!(conflicts(renamed).len(), 1);
    // A tool that takes `latitude` and `lat` side by side says they are two things.
    let mut both = point("latitude", "Latitude");
    both["lat"] = point("lat", "Latitude")["lat"].clone();
    let side_by_side = json!([
        tool(
            "get_forecast",
            "Weather forecast for a place",
            point("latitude", "Latitude")
        ),
        tool(
            "get_air_quality",
            "Air quality for a place",
            point("lat", "Latitude")
        ),
        tool("get_map", "Map around a place", both),
    ]);
    assert_eq!(conflicts(side_by_side), Vec::<String>::new());
}

#[test]
fn a_pair_of_names_is_reported_once_for_its_closest_parameters() {
    let repo = |name: &str, what: &str| json!({name: {"type": "string", "description": what}});
    let tools = json!([
        tool(
            "list_commits",
            "List the commits of a repository",
            repo("repo_name", "Name of the repository")
        ),
        tool(
            "list_branches",
            "List the branches of a repository",
            repo("project", "Name of the repository")
        ),
        tool(
            "list_tags",
            "List the tags of a repository",
            repo("project", "Name of the repository")
        ),
        tool(
            "list_releases",
            "List the releases of a repository",
            repo("repo_name", "Name of the repository")
        ),
    ]);
    let findings: Vec<Finding> = scan("git", tools, json!({}))
        .into_iter()
        .filter(|f| f.code == "SEMANTIC_PARAMETER_CONFLICT")
        .collect();
    assert_eq!(
        findings.len(),
        1,
        "four tool pairs, one pair of names: {findings:#?}"
    );
    assert_eq!(findings[0].tool.as_deref(), Some("list_commits"));
    assert_eq!(findings[0].related_tool.as_deref(), Some("list_branches"));
}

#[test]
fn a_second_scan_embeds_no_scanned_text() {
    let model = common::model();
    let cache = tempfile::tempdir().unwrap();
    let texts = [
        "search_docs Search the documentation",
        "query: Text to search for",
    ];
    let (first, served) =
        signalint_plugin_semantic::text_cache::embed(&model, &texts, Some(cache.path())).unwrap();
    assert_eq!(served.cached + served.embedded, 2);
    // Another process would read the file: clear nothing, but a new text is embedded alone.
    let more = [texts[0], texts[1], "limit: Largest number of results"];
    let (again, served) =
        signalint_plugin_semantic::text_cache::embed(&model, &more, Some(cache.path())).unwrap();
    assert_eq!((served.cached, served.embedded), (2, 1));
    assert_eq!(again.row(0), first.row(0));
    assert_eq!(again.row(2), model.embed(&[more[2]]).unwrap().row(0));
    let file = std::fs::read_dir(cache.path())
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    assert!(
        file.file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("texts-"),
        "{}",
        file.display()
    );
}

#[test]
fn a_corpus_change_embeds_the_corpus_again() {
    let model = common::model();
    let cache = tempfile::tempdir().unwrap();
    let tools = corpus::parse(
        r#"[{"server": "s", "tools": [{"name": "a", "description": "Adds two numbers"},
            {"name": "b", "description": "Sends an email"}]}]"#,
        "test",
    )
    .unwrap();
    let first = EmbeddedCorpus::new(&model, tools.clone(), cache.path()).unwrap();
    assert_eq!(first.cache, CacheUse::Embedded);
    assert!(first.cache_file.is_file());
    let again = EmbeddedCorpus::new(&model, tools.clone(), cache.path()).unwrap();
    assert_eq!(again.cache, CacheUse::Memory);
    // Another process: the file is read, not embedded again (a copy in a fresh directory has
    // not been loaded in this process).
    let other = tempfile::tempdir().unwrap();
    let copied = other.path().join(first.cache_file.file_name().unwrap());
    std::fs::copy(&first.cache_file, &copied).unwrap();
    let from_disk = EmbeddedCorpus::new(&model, tools.clone(), other.path()).unwrap();
    assert_eq!(from_disk.cache, CacheUse::Disk);
    assert_eq!(from_disk.vectors, first.vectors);
    // One description changed: a new key, embedded again.
    let mut changed = tools;
    changed[1].description = "Sends an email to a list of people".to_owned();
    let after = EmbeddedCorpus::new(&model, changed, cache.path()).unwrap();
    assert_eq!(after.cache, CacheUse::Embedded);
    assert_ne!(after.cache_file, first.cache_file);
    assert_ne!(after.vectors.row(1), first.vectors.row(1));
    assert_eq!(after.vectors.row(0), first.vectors.row(0));
}

#[test]
fn the_default_corpus_loads_and_finds_a_copied_public_tool() {
    let options = json!({"model": common::model_dir(), "cache_dir": common::cache_dir()});
    // A tool of the public Math-MCP server, scanned as another server.
    let surface = McpSurface::new("my-math").with_tools(vec![json!({
        "name": "add", "description": "Adds two numbers together"})]);
    let findings = analyze(&AnalyzeRequest::new(vec![surface], options)).expect("analyze");
    let already = findings
        .iter()
        .find(|f| f.code == "ALREADY_IN_CORPUS")
        .unwrap_or_else(|| panic!("{findings:#?}"));
    let e = evidence(already);
    assert_eq!(e["matchedTool"], "add");
    assert_eq!(e["similarity"], 1.0);
    assert_eq!(corpus::default_tools().len(), 3065);
}

#[test]
fn bad_options_are_an_error() {
    let request = AnalyzeRequest::new(vec![], json!({"threshold": "high"}));
    let error = analyze(&request).unwrap_err();
    assert!(error.message().contains("rule_packs.semantic"), "{error}");
}
