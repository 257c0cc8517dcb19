//! The constructors and `with_*` methods set exactly the fields they name and leave the rest at
//! the same defaults a missing JSON field gets, so a plugin built through them sends the same
//! payload as one that spelled every field out.

use signalint_plugin_api::*;

#[test]
fn a_built_diagnostic_round_trips_with_every_field_set() {
    let start = Position::new(3, 5, ColumnUnit::Utf16).with_byte_offset(40);
    let end = Position::new(3, 9, ColumnUnit::Utf16);
    let diagnostic = Diagnostic::new("TS2322", Severity::Error, "wrong type")
        .with_file("src/a.ts")
        .with_start(start)
        .with_end(end)
        .with_help("annotate it")
        .with_url("https://example.invalid/TS2322")
        .with_fixes(vec![TextEdit::new(start, end, "number")]);
    assert_eq!(diagnostic.file.as_deref(), Some("src/a.ts"));
    assert_eq!(diagnostic.start.and_then(|p| p.byte_offset), Some(40));
    assert_eq!(diagnostic.fixes[0].new_text, "number");
    let json = serde_json::to_string(&diagnostic).unwrap();
    assert_eq!(
        serde_json::from_str::<Diagnostic>(&json).unwrap(),
        diagnostic
    );
}

#[test]
fn a_bare_diagnostic_serializes_like_the_minimal_json() {
    let diagnostic = Diagnostic::new("SC2086", Severity::Warning, "quote it");
    let parsed: Diagnostic = serde_json::from_str(
        r#"{"file":null,"start":null,"rule":"SC2086","severity":"warning","message":"quote it"}"#,
    )
    .unwrap();
    assert_eq!(parsed, diagnostic);
}

#[test]
fn a_built_invocation_and_outcome_carry_their_fields() {
    let invocation = Invocation::new("/bin/tool", vec!["--json".to_owned()])
        .with_env([("A".to_owned(), "1".to_owned())].into())
        .with_cwd("/p/sub")
        .with_covers(vec!["a.sh".to_owned()])
        .with_report_files(vec!["/p/.signalint/r.json".to_owned()])
        .with_label("sub");
    assert_eq!(invocation.cwd.as_deref(), Some("/p/sub"));
    assert_eq!(invocation.env["A"], "1");
    assert_eq!(invocation.label, "sub");
    let plan = Plan::new(vec![invocation.clone()]);
    assert_eq!(plan.invocations, vec![invocation.clone()]);

    let outcome = ParseOutcome::new(vec![]).with_skipped(2);
    assert_eq!(
        (outcome.skipped_records, outcome.failure.is_none()),
        (2, true)
    );
    assert_eq!(
        ParseOutcome::failure("no JSON").failure.as_deref(),
        Some("no JSON")
    );

    let request = ParseRequest::new("/p", invocation, Some(1))
        .with_stdout("{}")
        .with_stderr("warn")
        .with_truncated(true)
        .with_report_files(vec![ReportFile::new("/p/r.json", None)]);
    assert_eq!((request.stdout.as_str(), request.truncated), ("{}", true));
}

#[test]
fn manifests_built_for_each_kind_say_their_kind() {
    let tool = ToolSpec::new("shellcheck", ">=0.9.0")
        .with_candidates(vec![
            ToolCandidate::new("node_modules/x/bin/x").with_launcher("node"),
        ])
        .with_npm_packages(vec!["x@1.0.0".to_owned()]);
    assert_eq!(tool.path_names, ["shellcheck"]);
    assert_eq!(tool.version_args, ["--version"]);
    let info = EngineInfo::new(EngineScope::FileLocal, tool, vec!["sh".to_owned()])
        .with_config_files(vec![".shellcheckrc".to_owned()]);
    let engine = PluginManifest::engine("shellcheck", "0.1.0", "Shell analysis", info);
    assert_eq!(engine.kind, PluginKind::Engine);
    assert!(engine.engine.is_some() && engine.rule_pack.is_none());

    let pack =
        PluginManifest::rule_pack("names", "0.1.0", "Naming rules", RulePackInfo::new(vec![]));
    assert_eq!(pack.kind, PluginKind::RulePack);
    assert!(pack.rule_pack.is_some() && pack.engine.is_none());
    // Advisory is written only when set, so an older host reads the same manifest.
    let plain = serde_json::to_value(RulePackInfo::new(vec![])).unwrap();
    assert_eq!(plain, serde_json::json!({"rules": []}));
    let advisory = RulePackInfo::new(vec![]).advisory();
    let value = serde_json::to_value(&advisory).unwrap();
    assert_eq!(value, serde_json::json!({"rules": [], "advisory": true}));
    let back: RulePackInfo = serde_json::from_value(value).unwrap();
    assert!(back.advisory && !back.opt_in);
    let opt_in = serde_json::to_value(RulePackInfo::new(vec![]).opt_in()).unwrap();
    assert_eq!(opt_in, serde_json::json!({"rules": [], "opt_in": true}));

    let request = PlanRequest::new(
        "/p",
        ResolvedTool::new("/bin/x", "1.0.0").with_prefix_args(vec!["x.js".to_owned()]),
        vec!["a.sh".to_owned()],
        "/p/.signalint/work",
    )
    .with_whole_project(true)
    .with_extra_args(vec!["-x".to_owned()])
    .with_options(serde_json::json!({"k": 1}));
    assert_eq!(request.tool.prefix_args, ["x.js"]);
    assert!(request.whole_project);
}

#[test]
fn a_candidates_package_is_written_only_when_set() {
    let plain = serde_json::to_value(ToolCandidate::new("node_modules/x/bin/x")).unwrap();
    assert_eq!(plain, serde_json::json!({"path": "node_modules/x/bin/x"}));
    let named = ToolCandidate::new("node_modules/x-preview/bin/x")
        .with_variant("native")
        .with_package("x-preview");
    let value = serde_json::to_value(&named).unwrap();
    assert_eq!(value["package"], "x-preview");
    let back: ToolCandidate = serde_json::from_value(value).unwrap();
    assert_eq!(back, named);
    // A manifest from a plugin built before the field reads as naming no package.
    let older: ToolCandidate =
        serde_json::from_value(serde_json::json!({"path": "p", "variant": "native"})).unwrap();
    assert_eq!(older.package, None);
}
