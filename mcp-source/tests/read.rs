//! Reading definitions from source: what the surface lists, what the facts say, where each
//! pointer lands, and how bad input is refused.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use signalint_mcp_source::{Limits, SourceRead, read_sources};

fn project(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

fn read(dir: &Path, files: &[&str], limits: &Limits) -> SourceRead {
    let files: Vec<PathBuf> = files.iter().map(PathBuf::from).collect();
    read_sources(dir, &files, "test-server", limits)
}

fn surface(read: &SourceRead) -> Value {
    serde_json::to_value(read.surface.as_ref().expect("definitions were found")).unwrap()
}

/// (file, line, column) of a pointer.
fn at(read: &SourceRead, pointer: &str) -> (String, u32, u32) {
    let (file, place) = read
        .locations
        .lookup(pointer)
        .expect("the pointer is mapped");
    (file.path.clone(), place.line, place.col)
}

const SDK_SERVER: &str = r#"import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const server = new McpServer({ name: "demo", version: "1.0.0" });

const Entity = z.object({
  name: z.string().describe("The name"),
  tags: z.array(z.string()).optional(),
});

server.registerTool(
  "create_entities",
  {
    title: "Create Entities",
    description: "Create " + "entities",
    inputSchema: {
      entities: z.array(Entity).min(1),
      mode: z.enum(["fast", "safe"]).default("safe").describe("How"),
      limit: z.number().int().min(1).optional(),
    },
    outputSchema: { count: z.number() },
    annotations: { readOnlyHint: false },
  },
  async ({ entities }) => {
    try {
      await save(entities);
    } catch (e) {
      throw new Error("save failed", { cause: e });
    }
    if (!entities.length) throw notFound(JSON.stringify(entities));
    return { content: [] };
  }
);

server.tool("echo", "Echo it", { text: z.string() }, async ({ text }) => ({ content: [] }));
"#;

#[test]
fn sdk_register_tool_becomes_the_listing_zod_4_would_give() {
    let dir = project(&[("src/index.ts", SDK_SERVER)]);
    let read = read(dir.path(), &["src/index.ts"], &Limits::default());
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    let surface = surface(&read);
    let tool = &surface["tools"][0];
    assert_eq!(tool["name"], "create_entities");
    assert_eq!(tool["title"], "Create Entities");
    assert_eq!(tool["description"], "Create entities");
    let input = &tool["inputSchema"];
    assert_eq!(input["type"], "object");
    // A default makes a field optional on the input side.
    assert_eq!(input["required"], json!(["entities"]));
    assert_eq!(input["properties"]["entities"]["minItems"], 1);
    let item = &input["properties"]["entities"]["items"];
    assert_eq!(item["required"], json!(["name"]));
    assert_eq!(item["properties"]["name"]["description"], "The name");
    assert!(
        item.get("additionalProperties").is_none(),
        "input objects stay open"
    );
    assert_eq!(
        input["properties"]["mode"],
        json!({"type": "string", "enum": ["fast", "safe"], "default": "safe", "description": "How"})
    );
    assert_eq!(
        input["properties"]["limit"],
        json!({"type": "integer", "minimum": 1, "maximum": 9_007_199_254_740_991_i64})
    );
    // The output side is closed, as zod 4's output mode closes every plain object.
    assert_eq!(tool["outputSchema"]["additionalProperties"], false);
    assert_eq!(tool["annotations"], json!({"readOnlyHint": false}));

    let echo = &surface["tools"][1];
    assert_eq!(echo["name"], "echo");
    assert_eq!(echo["description"], "Echo it");
    assert_eq!(echo["inputSchema"]["required"], json!(["text"]));

    let facts = &surface["sourceFacts"]["tools"][0];
    assert_eq!(facts["framework"], "mcp-sdk");
    assert_eq!(facts["kind"], "tool");
    assert_eq!(facts["file"], "src/index.ts");
    assert_eq!(
        facts["handler"]["throws"],
        json!([
            {"kind": "new", "callee": "Error", "code": null, "inCatch": "e", "keepsCause": true, "stringifies": false},
            {"kind": "call", "callee": "notFound", "code": null, "inCatch": null, "keepsCause": false, "stringifies": true}
        ])
    );
    assert_eq!(surface["origin"]["type"], "source");

    assert_eq!(at(&read, "/tools/0"), ("src/index.ts".into(), 11, 1));
    assert_eq!(at(&read, "/tools/0/inputSchema/properties/mode").1, 18);
    assert_eq!(
        at(&read, "/tools/0/inputSchema/properties/mode/default").1,
        18
    );
    assert_eq!(
        at(
            &read,
            "/tools/0/inputSchema/properties/entities/items/properties/name"
        ),
        ("src/index.ts".into(), 7, 3)
    );
    assert_eq!(
        at(&read, "/sourceFacts/tools/0/handler/throws/0"),
        ("src/index.ts".into(), 28, 7)
    );
    assert_eq!(at(&read, "/sourceFacts/tools/0/handler/throws/1").1, 30);
}

const CORE_TOOL: &str = r#"import { tool, z } from '@cyanheads/mcp-ts-core';
import { JsonRpcErrorCode, McpError } from '@cyanheads/mcp-ts-core/errors';
import { QuerySchema, Filter } from './schemas.js';
import { External } from 'some-package';

export const searchTool = tool('search_items', {
  title: 'Search',
  description: `Search the items.`,
  input: z.object({
    query: QuerySchema,
    filter: External,
    when: z.date().optional(),
    size: z.string().transform((s) => s.length),
    ...Filter.shape,
  }).strict(),
  auth: ['items:read'],
  errors: [
    { reason: 'not_found', code: JsonRpcErrorCode.NotFound, when: 'no item matches' },
  ],
  async handler(input, ctx) {
    if (!input.query) return ctx.fail('not_found', 'nothing');
    throw new McpError(JsonRpcErrorCode.NotFound, 'missing');
  },
  format: (r) => [],
});
"#;

const CORE_SCHEMAS: &str = r#"import { z } from '@cyanheads/mcp-ts-core';
export const QuerySchema = z.string().min(2).describe('What to look for');
export const Filter = z.object({ kind: z.string() });
"#;

#[test]
fn mcp_ts_core_tool_with_imported_and_unreadable_schemas() {
    let dir = project(&[
        ("src/tools/search.tool.ts", CORE_TOOL),
        ("src/tools/schemas.ts", CORE_SCHEMAS),
    ]);
    let read = read(
        dir.path(),
        &["src/tools/search.tool.ts"],
        &Limits::default(),
    );
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    let surface = surface(&read);
    let tool = &surface["tools"][0];
    assert_eq!(tool["name"], "search_items");
    assert_eq!(tool["description"], "Search the items.");
    let input = &tool["inputSchema"];
    assert_eq!(
        input["properties"]["query"],
        json!({"type": "string", "minLength": 2, "description": "What to look for"})
    );
    assert_eq!(input["properties"]["filter"], json!({}));
    assert_eq!(input["properties"]["when"], json!({}));
    assert_eq!(input["additionalProperties"], false);
    assert_eq!(input["required"], json!(["query", "filter", "size"]));

    let facts = &surface["sourceFacts"]["tools"][0];
    assert_eq!(facts["framework"], "mcp-ts-core");
    assert_eq!(facts["auth"], json!(["items:read"]));
    assert_eq!(
        facts["errors"][0]["code"],
        json!({"$member": "JsonRpcErrorCode.NotFound"})
    );
    assert_eq!(
        facts["handler"]["failCalls"],
        json!([{"reason": "not_found"}])
    );
    assert_eq!(facts["handler"]["throws"][0]["code"], "NotFound");
    assert_eq!(facts["handler"]["throws"][0]["callee"], "McpError");
    // `format: () => []` reads nothing of its result.
    assert_eq!(facts["format"], json!({"reads": [], "words": []}));
    assert_eq!(
        facts["unserializable"],
        json!([
            {"pointer": "/tools/0/inputSchema/properties/when", "construct": "z.date()"},
            {"pointer": "/tools/0/inputSchema/properties/size", "construct": ".transform(…)"}
        ])
    );
    let unresolved = facts["unresolved"].as_array().unwrap();
    let reasons: Vec<(&str, &str)> = unresolved
        .iter()
        .map(|u| {
            (
                u["pointer"].as_str().unwrap(),
                u["reason"].as_str().unwrap(),
            )
        })
        .collect();
    assert!(
        reasons
            .iter()
            .any(|(p, r)| *p == "/tools/0/inputSchema/properties/filter"
                && r.contains("`some-package`")),
        "{reasons:?}"
    );
    assert!(
        reasons
            .iter()
            .any(|(p, r)| *p == "/tools/0/inputSchema" && r.contains("spread")),
        "{reasons:?}"
    );
    assert_eq!(at(&read, "/sourceFacts/tools/0/errors/0").1, 18);
    assert_eq!(at(&read, "/sourceFacts/tools/0/auth/0").1, 16);
    assert_eq!(at(&read, "/sourceFacts/tools/0/handler/failCalls/0").1, 21);
}

#[test]
fn resources_templates_and_prompts() {
    let sdk = r#"import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "x", version: "1" });
server.registerResource("config", "config://app", { title: "Config", mimeType: "text/plain" }, async () => ({ contents: [] }));
server.registerResource("user", new ResourceTemplate("users://{id}", { list: undefined }), { description: "A user" }, handler);
server.registerPrompt("review", { description: "Review code", argsSchema: { code: z.string().describe("The code"), lang: z.string().optional() } }, () => ({ messages: [] }));
"#;
    let core = r#"import { resource, prompt, z } from '@cyanheads/mcp-ts-core';
export const echo = resource('echo://{message}', {
  name: 'echo-resource',
  description: 'Echo',
  params: z.object({ message: z.string() }),
  handler(params) { return {}; },
});
export const p = prompt('summarize', { description: 'Sum', args: z.object({ text: z.string() }) });
"#;
    let dir = project(&[("src/index.ts", sdk), ("src/echo.resource.ts", core)]);
    let read = read(
        dir.path(),
        &["src/index.ts", "src/echo.resource.ts"],
        &Limits::default(),
    );
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    let surface = surface(&read);
    assert_eq!(
        surface["resources"],
        json!([{"uri": "config://app", "name": "config", "title": "Config", "mimeType": "text/plain"}])
    );
    assert_eq!(
        surface["resourceTemplates"][0]["uriTemplate"],
        "users://{id}"
    );
    assert_eq!(
        surface["resourceTemplates"][1]["uriTemplate"],
        "echo://{message}"
    );
    assert_eq!(surface["resourceTemplates"][1]["name"], "echo-resource");
    assert_eq!(
        surface["sourceFacts"]["resourceTemplates"][1]["params"]["required"],
        json!(["message"])
    );
    // An imported or named callback is not a function the reader can see.
    assert_eq!(
        surface["sourceFacts"]["resourceTemplates"][0]["handler"],
        Value::Null
    );
    assert_eq!(
        surface["prompts"][0]["arguments"],
        json!([
            {"name": "code", "description": "The code", "required": true},
            {"name": "lang", "required": false}
        ])
    );
    assert_eq!(surface["prompts"][1]["name"], "summarize");
    // No `generate`: the key is absent, so generate-required can fire.
    assert!(
        surface["sourceFacts"]["prompts"][1]
            .get("handler")
            .is_none()
    );
}

#[test]
fn exported_definition_objects_in_definition_files() {
    let def = r#"import { z } from 'zod';
import { PathSchema } from '../schemas/common.js';
const TOOL_NAME = 'git_status';
const InputSchema = z.object({ path: PathSchema, all: z.boolean().default(true).describe('All'), n: z.preprocess((v) => Number(v), z.number()).optional() }).strict();
export const gitStatusTool: ToolDefinition<typeof InputSchema> = {
  name: TOOL_NAME,
  title: 'Git Status',
  description: 'Show the status.',
  inputSchema: InputSchema,
  annotations: { readOnlyHint: true },
  logic: withToolAuth(['tool:git:read'], createToolHandler(logic)),
};
"#;
    let common = "import { z } from 'zod';\nexport const PathSchema = z.string().default('.').describe('Path');\n";
    let dir = project(&[
        ("src/tools/definitions/git-status.tool.ts", def),
        ("src/tools/schemas/common.ts", common),
    ]);
    let read = read(
        dir.path(),
        &["src/tools/definitions/git-status.tool.ts"],
        &Limits::default(),
    );
    let surface = surface(&read);
    let tool = &surface["tools"][0];
    assert_eq!(tool["name"], "git_status");
    assert_eq!(
        tool["inputSchema"],
        json!({"type": "object", "properties": {
            "path": {"type": "string", "default": ".", "description": "Path"},
            "all": {"type": "boolean", "default": true, "description": "All"},
            "n": {"type": "number"}
        }, "additionalProperties": false})
    );
    assert_eq!(surface["sourceFacts"]["tools"][0]["handler"], Value::Null);
}

#[test]
fn a_file_that_does_not_parse_is_a_problem_and_the_rest_is_read() {
    let dir = project(&[
        (
            "src/bad.tool.ts",
            "import { tool } from '@cyanheads/mcp-ts-core';\nexport const t = tool('x', {;\n",
        ),
        ("src/index.ts", SDK_SERVER),
    ]);
    let read = read(
        dir.path(),
        &["src/bad.tool.ts", "src/index.ts"],
        &Limits::default(),
    );
    assert_eq!(read.problems.len(), 1, "{:?}", read.problems);
    let problem = &read.problems[0];
    assert_eq!(
        (problem.file.as_str(), problem.line),
        ("src/bad.tool.ts", 2)
    );
    assert!(problem.message.contains("does not parse"), "{problem}");
    assert_eq!(surface(&read)["tools"].as_array().unwrap().len(), 2);
}

#[test]
fn hostile_input_is_bounded() {
    // Too large.
    let big = format!("// {}\n", "x".repeat(2000));
    // Nested far deeper than any definition.
    let deep = format!(
        "import {{ tool }} from '@cyanheads/mcp-ts-core';\nconst a = {}1{};\n",
        "(".repeat(300),
        ")".repeat(300)
    );
    // More tools than the cap.
    let mut many = String::from("import { tool, z } from '@cyanheads/mcp-ts-core';\n");
    for i in 0..5 {
        many.push_str(&format!(
            "export const t{i} = tool('t{i}', {{ description: 'd' }});\n"
        ));
    }
    // An import cycle.
    let a = "import { z } from 'zod';\nimport { B } from './b.js';\nexport const A = B;\nimport { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nserver.tool('c', { x: A }, async () => ({}));\n";
    let b = "import { A } from './a.js';\nexport const B = A;\n";
    // Outside the root.
    let escape = "import { z } from 'zod';\nimport { S } from '../../../../etc/schema.js';\nimport { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nserver.tool('e', { x: S }, async () => ({}));\n";
    let dir = project(&[
        ("big.tool.ts", &big),
        ("deep.tool.ts", &deep),
        ("many.tool.ts", &many),
        ("a.ts", a),
        ("b.ts", b),
        ("escape.ts", escape),
    ]);
    let limits = Limits {
        file_bytes: 1000,
        items: 3,
        nesting: 100,
        ..Limits::default()
    };
    let read = read(
        dir.path(),
        &[
            "big.tool.ts",
            "deep.tool.ts",
            "many.tool.ts",
            "a.ts",
            "escape.ts",
            "missing.ts",
        ],
        &limits,
    );
    let problems: Vec<String> = read.problems.iter().map(ToString::to_string).collect();
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("big.tool.ts") && p.contains("larger than")),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("deep.tool.ts") && p.contains("nests")),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with(".: the source defines 7 tools")
                && p.contains("more than the 3 checked")),
        "{problems:?}"
    );
    assert!(
        problems.iter().any(|p| p.starts_with("missing.ts")),
        "{problems:?}"
    );
    let surface = surface(&read);
    let tools = surface["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 3);
    let reasons = surface["sourceFacts"]["unresolved"].clone();
    assert!(reasons.is_null());
    // The cycle and the escape end as unresolved schemas, never a hang or a read outside.
    let big_limits = Limits {
        file_bytes: 1000,
        ..Limits::default()
    };
    let read = self::read(dir.path(), &["a.ts", "escape.ts"], &big_limits);
    let surface = self::surface(&read);
    for i in 0..2 {
        let gaps = &surface["sourceFacts"]["tools"][i]["unresolved"];
        assert_eq!(gaps.as_array().unwrap().len(), 1, "{gaps}");
        assert_eq!(
            surface["tools"][i]["inputSchema"]["properties"]["x"],
            json!({})
        );
    }

    // A method chain a hundred thousand long nests without brackets.
    let chain = format!(
        "import {{ McpServer }} from '@modelcontextprotocol/sdk/server/mcp.js';\nimport {{ z }} from 'zod';\nserver.tool('long', {{ x: z.string(){} }}, async () => ({{}}));\n",
        ".optional()".repeat(100_000)
    );
    std::fs::write(dir.path().join("chain.ts"), chain).unwrap();
    let read = self::read(dir.path(), &["chain.ts"], &Limits::default());
    assert!(read.problems.is_empty(), "{:?}", read.problems);
}

#[test]
fn format_reads_enrichment_and_task_facts() {
    let dir = project(&[(
        "t.tool.ts",
        r#"import { tool, z } from "@cyanheads/mcp-ts-core";
export const a = tool("a", {
  description: "A",
  input: z.object({}),
  output: z.object({ items: z.array(z.object({ t: z.string() })), total: z.number(), more: z.boolean() }),
  enrichment: { notice: z.string().optional() },
  enrichmentTrailer: { notice: { label: "Notice" } },
  taskHandlers: { createTask: async () => { throw new Error("x"); } },
  format(result) {
    const { items } = result;
    if (result.more) return [];
    return [{ type: "text", text: `${result.items.length} of ${items.map((i) => i.t).join(", ")}` }];
  },
});
export const b = tool("b", {
  description: "B",
  input: z.object({}),
  output: z.object({ x: z.string() }),
  handler: async () => ({ x: "" }),
  format: (result) => [{ type: "text", text: JSON.stringify(result) }],
});
"#,
    )]);
    let read = read(dir.path(), &["t.tool.ts"], &Limits::default());
    let facts = &surface(&read)["sourceFacts"]["tools"];
    let a = &facts[0];
    assert_eq!(a["outputFields"], json!(["items", "total", "more"]));
    assert_eq!(a["enrichmentFields"], json!({"notice": {"type": "string"}}));
    assert_eq!(
        a["enrichmentTrailer"],
        json!({"notice": {"label": "Notice"}})
    );
    assert_eq!(a["handler"]["throws"][0]["callee"], "Error");
    assert_eq!(
        a["format"]["reads"],
        json!([
            {"path": ["items", "[]", "t"], "whole": true},
            {"path": ["items", "length"], "whole": false},
            {"path": ["more"], "whole": false},
        ])
    );
    assert!(
        facts[1]["format"]["unknown"]
            .as_str()
            .unwrap()
            .contains("whole result")
    );
}

#[test]
fn a_long_member_chain_in_format_is_bounded() {
    let chain = ".a".repeat(20_000);
    let text = format!(
        "import {{ tool, z }} from '@cyanheads/mcp-ts-core';\nexport const t = tool('t', {{ description: 'd', output: z.object({{ a: z.string() }}), format: (result) => [{{ type: 'text', text: String(result{chain}) }}] }});\n"
    );
    let dir = project(&[("t.tool.ts", &text)]);
    let read = read(dir.path(), &["t.tool.ts"], &Limits::default());
    // Past the depth the chain is not a path: nothing is read, and nothing overflows.
    assert!(surface(&read)["sourceFacts"]["tools"][0]["format"].is_object());
}

/// mcp-ts-core advertises `output.extend(enrichment)`: the listing has the enrichment fields
/// beside the output's own (optional stays optional), an enrichment field of the output's name
/// replaces it, and findings on one land on the enrichment member that wrote it. The facts
/// keep the output's own keys apart.
#[test]
fn an_enrichment_block_extends_the_advertised_output() {
    let dir = project(&[(
        "src/search.tool.ts",
        r#"import { tool, z } from "@cyanheads/mcp-ts-core";

export const searchTool = tool("search_items", {
  description: "Search items.",
  input: z.object({ limit: z.number().describe("Most items") }),
  output: z.object({
    items: z.array(z.string()).describe("Items"),
    notice: z.number().describe("Overridden"),
  }),
  enrichment: {
    totalCount: z.number().describe("All matches"),
    notice: z.string().optional().describe("A note"),
  },
  async handler() {
    return { items: [] };
  },
});
"#,
    )]);
    let read = read(dir.path(), &["src/search.tool.ts"], &Limits::default());
    let listed = surface(&read);
    let output = &listed["tools"][0]["outputSchema"];
    let keys: Vec<&str> = output["properties"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys, ["items", "notice", "totalCount"], "{output:#}");
    assert_eq!(output["properties"]["notice"]["type"], "string");
    assert_eq!(
        output["required"],
        json!(["items", "totalCount"]),
        "{output:#}"
    );
    let facts = &listed["sourceFacts"]["tools"][0];
    assert_eq!(facts["outputFields"], json!(["items", "notice"]));
    let (file, line, _) = at(&read, "/tools/0/outputSchema/properties/totalCount");
    assert!(file.ends_with("search.tool.ts"), "{file}");
    assert_eq!(line, 11);
}

/// The SDK lists a prompt argument as required unless its schema's own type is `optional`
/// (zod 4): a default does not make it optional, `.describe()` keeps it, `.nullable()` does
/// not. A production server (pubmed 2.7.4) advertised a defaulted argument as required.
#[test]
fn prompt_arguments_are_required_unless_their_outer_type_is_optional() {
    let dir = project(&[(
        "src/server.ts",
        r#"import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const server = new McpServer({ name: "demo", version: "1.0.0" });

server.registerPrompt(
  "plan",
  {
    description: "Plan.",
    argsSchema: {
      plain: z.string().describe("Plain"),
      defaulted: z.enum(["true", "false"]).default("false").describe("Defaulted"),
      optional: z.string().optional().describe("Optional"),
      nullable: z.string().nullable(),
      nullish: z.string().nullish(),
      wrapped: z.optional(z.string()),
    },
  },
  async () => ({ messages: [] }),
);
"#,
    )]);
    let read = read(dir.path(), &["src/server.ts"], &Limits::default());
    let listed = surface(&read);
    let required: Vec<(String, bool)> = listed["prompts"][0]["arguments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["name"].as_str().unwrap().to_owned(),
                a["required"] == true,
            )
        })
        .collect();
    let expected = [
        ("plain", true),
        ("defaulted", true),
        ("optional", false),
        ("nullable", true),
        ("nullish", false),
        ("wrapped", false),
    ]
    .map(|(n, r)| (n.to_owned(), r));
    assert_eq!(required, expected, "{listed:#}");
}
