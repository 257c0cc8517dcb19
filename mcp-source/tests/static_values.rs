//! Static values built from other values: spreads of const arrays and objects, strings put
//! together from consts, and imports through the `tsconfig.json` `paths` aliases. What is
//! knowable is read; what is not stays unresolved, with the reason.

use std::path::PathBuf;

use serde_json::{Value, json};
use signalint_mcp_source::{Limits, SourceRead, read_sources};

fn read(files: &[(&str, &str)], entry: &str) -> (tempfile::TempDir, SourceRead) {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let read = read_sources(
        dir.path(),
        &[PathBuf::from(entry)],
        "test-server",
        &Limits::default(),
    );
    (dir, read)
}

fn surface(read: &SourceRead) -> Value {
    serde_json::to_value(read.surface.as_ref().expect("definitions were found")).unwrap()
}

/// (pointer, reason) of every unresolved fact of the first tool.
fn unresolved(surface: &Value) -> Vec<(String, String)> {
    surface["sourceFacts"]["tools"][0]["unresolved"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            (
                u["pointer"].as_str().unwrap().to_owned(),
                u["reason"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

const TSCONFIG: &str = r#"{
  // Comments and trailing commas, as tsconfig files have them.
  "extends": "@cyanheads/mcp-ts-core/tsconfig.base.json",
  "compilerOptions": { "paths": { "@/*": ["./src/*"], }, },
}"#;

const CONTRACTS: &str = r#"import { JsonRpcErrorCode } from '@cyanheads/mcp-ts-core/errors';
export const SERVICE_ERRORS = [
  { reason: 'queue_full', code: JsonRpcErrorCode.RateLimited, when: 'The queue is full.' },
  { reason: 'unreachable', code: JsonRpcErrorCode.ServiceUnavailable, when: 'Down.' },
] as const;
export const SCOPES = { read: 'items:read' };
export const NOUN = 'articles';
"#;

const SPREAD_TOOL: &str = r#"import { tool, z } from '@cyanheads/mcp-ts-core';
import { JsonRpcErrorCode } from '@cyanheads/mcp-ts-core/errors';
import { SERVICE_ERRORS, SCOPES } from '@/services/contracts.js';

const LOCAL_ERRORS = [{ reason: 'bad_id', code: JsonRpcErrorCode.InvalidParams, when: 'Bad id.' }];
const LOOP = [...LOOP];

export const fetchTool = tool('fetch_items', {
  description: 'Fetch the items.',
  input: z.object({ id: z.string().describe('The id') }),
  errors: [...SERVICE_ERRORS, ...LOCAL_ERRORS, { reason: 'gone', code: JsonRpcErrorCode.NotFound, when: 'Gone.' }],
  annotations: { ...SCOPES, readOnlyHint: true, read: 'replaced' },
  auth: [...LOOP],
  async handler(input, ctx) {
    return {};
  },
});
"#;

#[test]
fn spreads_of_same_file_and_aliased_imported_consts_are_read() {
    let (_dir, read) = read(
        &[
            ("tsconfig.json", TSCONFIG),
            ("src/services/contracts.ts", CONTRACTS),
            ("src/tools/fetch.tool.ts", SPREAD_TOOL),
        ],
        "src/tools/fetch.tool.ts",
    );
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    let surface = surface(&read);
    let facts = &surface["sourceFacts"]["tools"][0];
    let reasons: Vec<&str> = facts["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["reason"].as_str().unwrap())
        .collect();
    assert_eq!(reasons, ["queue_full", "unreachable", "bad_id", "gone"]);
    assert_eq!(
        facts["errors"][0]["code"],
        json!({"$member": "JsonRpcErrorCode.RateLimited"})
    );
    // A spread's elements are placed at the spread; the literal after it at itself.
    let line = |pointer: &str| read.locations.lookup(pointer).unwrap().1.line;
    assert_eq!(line("/sourceFacts/tools/0/errors/0"), 11);
    assert_eq!(line("/sourceFacts/tools/0/errors/3"), 11);
    // An object spread, with a later member replacing the spread one, as in JavaScript.
    assert_eq!(
        surface["tools"][0]["annotations"],
        json!({"read": "replaced", "readOnlyHint": true})
    );
    // A const that spreads itself is not followed forever.
    let auth = facts["auth"][0]["$unresolved"].as_str().unwrap_or_default();
    assert!(auth.contains("`LOOP` is defined through itself"), "{auth}");
}

const TEXT_TOOL: &str = r#"import { tool, z } from '@cyanheads/mcp-ts-core';
import { NOUN } from '@/services/contracts.js';

const LIMIT = 200;
const { maxPageSize } = getServerConfig();
const SOURCES = 'PubMed and Europe PMC';

export const searchTool = tool('search_items', {
  title: 'Search ' + NOUN,
  description: `Search ${NOUN} in ${SOURCES}, at most ${LIMIT} at a time.`,
  input: z.object({
    query: z.string().describe(['Free text', 'or a field query.'].join(' ')),
    field: z.string().describe('Field: ' + SOURCES + '.'),
    mode: z.string().describe(`Mode: ${describeModes()}`),
    offset: z.number().describe(`At most ${LIMIT + 1} records, so this caps at ${LIMIT}.`),
    pageSize: z.number().describe(`1–${maxPageSize}.`),
  }),
  async handler(input) {
    return {};
  },
});

export const buildTool = tool('built_items', {
  description: buildDescription({ tiers: 3 }),
  input: z.object({}),
  async handler() {
    return {};
  },
});
"#;

#[test]
fn strings_built_from_consts_are_read_and_calls_stay_unresolved_with_why() {
    let (_dir, read) = read(
        &[
            ("tsconfig.json", TSCONFIG),
            ("src/services/contracts.ts", CONTRACTS),
            ("src/tools/search.tool.ts", TEXT_TOOL),
        ],
        "src/tools/search.tool.ts",
    );
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    let surface = surface(&read);
    let tool = &surface["tools"][0];
    assert_eq!(tool["title"], "Search articles");
    assert_eq!(
        tool["description"],
        "Search articles in PubMed and Europe PMC, at most 200 at a time."
    );
    let properties = &tool["inputSchema"]["properties"];
    assert_eq!(
        properties["query"]["description"],
        "Free text or a field query."
    );
    assert_eq!(
        properties["field"]["description"],
        "Field: PubMed and Europe PMC."
    );
    assert_eq!(
        properties["offset"]["description"],
        "At most 201 records, so this caps at 200."
    );
    // What is not known is left out of the listing and said in the facts, with why.
    assert!(properties["mode"].get("description").is_none());
    assert!(properties["pageSize"].get("description").is_none());
    let gaps = unresolved(&surface);
    let why = |pointer: &str| {
        gaps.iter()
            .find(|(p, _)| p == pointer)
            .map(|(_, why)| why.as_str())
            .unwrap_or_default()
    };
    assert!(
        why("/tools/0/inputSchema/properties/mode/description").contains("a call"),
        "{gaps:?}"
    );
    assert!(
        why("/tools/0/inputSchema/properties/pageSize/description")
            .contains("`maxPageSize` is not a top-level binding"),
        "{gaps:?}"
    );

    let built = &surface["tools"][1];
    assert!(built.get("description").is_none(), "{built}");
    let facts = &surface["sourceFacts"]["tools"][1]["unresolved"];
    assert_eq!(
        facts,
        &json!([{"pointer": "/tools/1/description", "reason": "the description is not a static string: a call"}])
    );
}

#[test]
fn a_tsconfig_that_does_not_parse_is_a_problem_and_relative_imports_still_work() {
    let (_dir, read) = read(
        &[
            ("tsconfig.json", "{ \"compilerOptions\": "),
            ("src/services/contracts.ts", CONTRACTS),
            ("src/tools/search.tool.ts", TEXT_TOOL),
        ],
        "src/tools/search.tool.ts",
    );
    assert_eq!(read.problems.len(), 1, "{:?}", read.problems);
    assert_eq!(read.problems[0].file, "tsconfig.json");
    assert!(
        read.problems[0]
            .message
            .contains("`paths` aliases are not followed"),
        "{}",
        read.problems[0].message
    );
    let surface = surface(&read);
    assert_eq!(
        surface["tools"][0]["title"],
        json!(null),
        "NOUN is not reachable without the alias"
    );
    assert!(
        unresolved(&surface)
            .iter()
            .any(|(p, why)| p == "/tools/0/title" && why.contains("`@/services/contracts.js`")),
        "{:?}",
        unresolved(&surface)
    );
}
