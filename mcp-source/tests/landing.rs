//! The `landing` config of `createApp`, read from source: on the two production servers of
//! the corpus, on fixtures that break every landing rule (`tests/fixtures/landing-*`), and on
//! hostile input. The values read are pinned in `plugins/mcp-lint/tests/fixtures/landing/`,
//! where the rule pack's tests lint them; `BLESS=1` rewrites those files after a deliberate
//! change.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use signalint_mcp_source::{Limits, SourceRead, read_sources};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn read(root: &Path, files: &[&str]) -> SourceRead {
    let files: Vec<PathBuf> = files.iter().map(PathBuf::from).collect();
    read_sources(root, &files, "test-server", &Limits::default())
}

fn landing(read: &SourceRead) -> Value {
    let surface = read.surface.as_ref().expect("something was found");
    let facts = serde_json::to_value(surface).unwrap()["sourceFacts"].clone();
    facts.get("landing").cloned().expect("a landing fact")
}

fn at(read: &SourceRead, pointer: &str) -> (String, u32) {
    let (file, place) = read.locations.lookup(pointer).expect("mapped");
    (file.path.clone(), place.line)
}

/// The value read equals the pinned one the rule pack lints.
fn pinned(name: &str, value: &Value) {
    let path = repo().join(format!(
        "plugins/mcp-lint/tests/fixtures/landing/{name}.json"
    ));
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&path, serde_json::to_string_pretty(value).unwrap() + "\n").unwrap();
    }
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let expected: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    assert_eq!(
        &expected,
        value,
        "{} differs from what is read (BLESS=1 rewrites it)",
        path.display()
    );
}

#[test]
fn pubmed_landing_is_read_as_written() {
    let root = repo().join("corpus/mcp-source-servers/pubmed-mcp-server");
    let read = read(&root, &["src/index.ts"]);
    let landing = landing(&read);
    assert_eq!(
        landing["tagline"],
        "Search PubMed, fetch articles, generate citations, explore MeSH terms, and discover related research."
    );
    assert_eq!(
        landing["repoRoot"],
        "https://github.com/cyanheads/pubmed-mcp-server"
    );
    assert_eq!(landing["requireAuth"], false);
    let links = landing["links"].as_array().unwrap();
    assert_eq!(links.len(), 4);
    assert_eq!(
        links[0],
        json!({"label": "PubMed", "href": "https://pubmed.ncbi.nlm.nih.gov/", "external": true})
    );
    assert_eq!(links[3]["label"], "MeSH Browser");
    assert_eq!(
        landing["envExample"],
        json!({"NCBI_API_KEY": "your-ncbi-api-key", "NCBI_ADMIN_EMAIL": "you@example.com", "UNPAYWALL_EMAIL": "you@example.com"})
    );
    // Findings land on the lines of index.ts that wrote them.
    assert_eq!(
        at(&read, "/sourceFacts/landing"),
        ("src/index.ts".into(), 49)
    );
    // A member lands on its value (the tagline string is on the line after its key).
    assert_eq!(at(&read, "/sourceFacts/landing/tagline").1, 52);
    assert_eq!(at(&read, "/sourceFacts/landing/links/1/href").1, 58);
    assert_eq!(
        at(&read, "/sourceFacts/landing/envExample/UNPAYWALL_EMAIL").1,
        71
    );
    pinned("pubmed-mcp-server", &landing);
}

#[test]
fn clinicaltrialsgov_landing_is_read_as_written() {
    let root = repo().join("corpus/mcp-source-servers/clinicaltrialsgov-mcp-server");
    let read = read(&root, &["src/index.ts"]);
    let landing = landing(&read);
    assert_eq!(landing, json!({"requireAuth": false}));
    assert_eq!(at(&read, "/sourceFacts/landing").1, 20);
    pinned("clinicaltrialsgov-mcp-server", &landing);
}

#[test]
fn the_fault_fixtures_are_read_through_aliases_consts_and_imports() {
    let fixtures = repo().join("mcp-source/tests/fixtures");

    let read_faults = read(&fixtures.join("landing-faults"), &["index.ts"]);
    assert!(
        read_faults.problems.is_empty(),
        "{:?}",
        read_faults.problems
    );
    let faults = landing(&read_faults);
    // `createApp as makeApp`; links from an imported const, envExample from a local one.
    assert_eq!(faults["links"].as_array().unwrap().len(), 7);
    assert_eq!(faults["links"][3], "https://example.org/plain-string");
    assert_eq!(faults["envExample"]["PORT"], 8080);
    assert_eq!(
        faults["connectSnippets"]["http"],
        json!({"$unresolved": "a call"})
    );
    // Members of a const are placed where the const is used.
    assert_eq!(at(&read_faults, "/sourceFacts/landing/links/3").1, 28);
    assert_eq!(at(&read_faults, "/sourceFacts/landing/theme/accent").1, 37);
    pinned("faults", &faults);

    // `import * as core` and options in a const.
    let types = landing(&read(&fixtures.join("landing-types"), &["index.ts"]));
    assert_eq!(types["repoRoot"], 42);
    pinned("types", &types);

    // The first createApp call wins.
    let accent = landing(&read(&fixtures.join("landing-accent"), &["index.ts"]));
    assert_eq!(accent["theme"]["accent"], 0x6366f1);
    pinned("accent", &accent);

    let shape = landing(&read(&fixtures.join("landing-shape"), &["index.ts"]));
    assert_eq!(shape, "on");
    pinned("shape", &shape);
}

#[test]
fn only_mcp_ts_core_create_app_is_read() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("index.ts"),
        "import { createApp } from './local.js';\nimport { tool } from '@cyanheads/mcp-ts-core';\ncreateApp({ landing: { tagline: 'x' } });\n",
    )
    .unwrap();
    let read = read(dir.path(), &["index.ts"]);
    assert!(read.surface.is_none());
}

#[test]
fn hostile_landing_input_is_bounded_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let header = "import { createApp } from '@cyanheads/mcp-ts-core';\n";
    // A 4 MiB logo is read whole (the file-size limit bounds it) and measured by the rule.
    let logo = format!("data:image/png;base64,{}", "A".repeat(4 << 20));
    std::fs::write(
        dir.path().join("logo.ts"),
        format!("{header}createApp({{ landing: {{ logo: '{logo}' }} }});\n"),
    )
    .unwrap();
    let read_logo = read(dir.path(), &["logo.ts"]);
    assert_eq!(
        landing(&read_logo)["logo"].as_str().map(str::len),
        Some(logo.len())
    );
    // A file over the size limit is refused with a message saying which limit.
    let small = Limits {
        file_bytes: 1 << 20,
        ..Limits::default()
    };
    let refused = read_sources(dir.path(), &[PathBuf::from("logo.ts")], "t", &small);
    assert!(refused.surface.is_none());
    assert!(
        refused.problems[0].message.contains("max_manifest_mib"),
        "{:?}",
        refused.problems
    );

    // Nesting past the limit: the file is skipped, with the reason.
    let deep = format!(
        "{header}createApp({{ landing: {{ theme: {}{} }} }});\n",
        "{ a: ".repeat(300),
        "1 }".repeat(300)
    );
    std::fs::write(dir.path().join("deep.ts"), deep).unwrap();
    let read_deep = read(dir.path(), &["deep.ts"]);
    assert!(read_deep.surface.is_none());
    assert!(
        read_deep.problems[0].message.contains("nests brackets"),
        "{:?}",
        read_deep.problems
    );

    // Not statically readable: a marker, never a guess.
    std::fs::write(
        dir.path().join("call.ts"),
        format!("{header}import {{ brand }} from '@acme/brand';\ncreateApp({{ landing: brand, name: 'x' }});\ncreateApp({{ landing: makeLanding() }});\n"),
    )
    .unwrap();
    let call = landing(&read(dir.path(), &["call.ts"]));
    assert_eq!(
        call["$unresolved"].as_str().unwrap(),
        "`brand` is imported from `@acme/brand`; not followed (only relative imports and `tsconfig.json` `paths` inside the project are)"
    );
    std::fs::write(
        dir.path().join("spread.ts"),
        format!("{header}const base = {{ tagline: 'x' }};\ncreateApp({{ landing: {{ ...other, links: [] }} }});\n"),
    )
    .unwrap();
    let spread = landing(&read(dir.path(), &["spread.ts"]));
    assert_eq!(
        spread,
        json!({
            "$unresolved": "a spread of what it cannot read (`other` is not a top-level binding of this file)",
            "links": []
        })
    );
}
