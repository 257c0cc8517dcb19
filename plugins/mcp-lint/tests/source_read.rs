//! The rules that read source facts, on definitions read from TypeScript fixtures
//! (`tests/fixtures/source-read/`) by the source reader, not on hand-written facts: each
//! fires where the source is wrong and stays silent where it is right.

use std::path::{Path, PathBuf};

use serde_json::Value;
use signalint_mcp_source::{Limits, read_sources};
use signalint_plugin_mcp_lint::lint_surfaces;

/// `code tool pointer` of every finding of the listed rules, for the fixture project `dir`.
fn findings(dir: &str, codes: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/source-read")
        .join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ts"))
        .collect();
    files.sort();
    let read = read_sources(&root, &files, dir, &Limits::default());
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    let surface = read.surface.expect("the fixture defines tools");
    lint_surfaces(&[surface], &Value::Null)
        .unwrap()
        .into_iter()
        .filter(|f| codes.contains(&f.code.as_str()))
        .map(|f| {
            format!(
                "{} {} {}",
                f.code,
                f.tool.unwrap_or_default(),
                f.pointer.unwrap_or_default()
            )
        })
        .collect()
}

#[test]
fn enrichment_rules_on_source() {
    let got = findings(
        "enrichment",
        &[
            "enrichment-output-collision",
            "enrichment-trailer-render",
            "enrichment-trailer-orphan",
            "enrichment-trailer-unknown-field",
        ],
    );
    // Files are read in name order: count, orphan, search.
    assert_eq!(
        got,
        [
            "enrichment-trailer-orphan catalog_orphan /sourceFacts/tools/1/enrichmentTrailer",
            "enrichment-output-collision catalog_search /sourceFacts/tools/2/enrichment/notice",
            "enrichment-trailer-render catalog_search /sourceFacts/tools/2/enrichment/facets",
            "enrichment-trailer-unknown-field catalog_search /sourceFacts/tools/2/enrichmentTrailer/facet",
        ]
    );
}

#[test]
fn task_handlers_are_the_handler() {
    let got = findings("task", &["handler-required", "prefer-mcp-error-in-handler"]);
    assert_eq!(
        got,
        [
            "prefer-mcp-error-in-handler catalog_analyze /sourceFacts/tools/0/handler/throws/0",
            "handler-required catalog_broken /tools/1",
        ]
    );
}

#[test]
fn format_parity_on_source() {
    let got = findings(
        "format",
        &[
            "format-parity",
            "format-parity-unverified",
            "format-parity-depth-limit",
        ],
    );
    assert_eq!(
        got,
        [
            "format-parity articles_fetch /tools/0/outputSchema/properties/articles/items/properties/journal/properties/issn",
            "format-parity articles_fetch /tools/0/outputSchema/properties/totalFound",
            "format-parity-unverified articles_dump /sourceFacts/tools/2/format",
        ]
    );
}
