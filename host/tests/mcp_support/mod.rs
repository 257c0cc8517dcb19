//! Helpers for the MCP server tests: the real `signalint` binary over stdio, driven by rmcp's
//! client; the fixture project with the pinned engines of `test-engines/`; the plugin libraries.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex, OnceLock};

use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientCapabilities, ClientConfig, Implementation,
    ProgressNotificationParam,
};
use rmcp::service::{NotificationContext, RunningService};
use rmcp::transport::TokioChildProcess;
use rmcp::{ClientHandler, RoleClient, ServiceExt};
use serde_json::{Value, json};

/// The workspace root.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("host/ sits in the workspace root")
        .to_owned()
}

/// `test-engines/node_modules`; fails (never skips) when the pinned engines are missing.
pub fn engines() -> PathBuf {
    let dir = workspace_root().join("test-engines/node_modules");
    for tool in ["oxlint/bin/oxlint", "typescript/bin/tsc"] {
        assert!(
            dir.join(tool).is_file(),
            "the pinned test engines are missing ({} does not exist); install them with \
             `npm install --prefix test-engines` in the workspace root",
            dir.join(tool).display()
        );
    }
    dir
}

/// `target/<profile>`, where the `signalint` binary and the plugin libraries are.
pub fn artifact_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_signalint"))
        .parent()
        .expect("the binary's directory")
        .to_owned()
}

/// Builds the plugin libraries these tests load (cargo test builds no cdylib): the oxlint and
/// tsc adapters, found next to the binary, and the fault-engine fixture. Once per process.
pub fn build_plugins() -> &'static Path {
    static DONE: OnceLock<PathBuf> = OnceLock::new();
    DONE.get_or_init(|| {
        let dir = artifact_dir();
        let profile = dir.file_name().and_then(|n| n.to_str()).unwrap().to_owned();
        let target_dir = dir.parent().expect("the target directory").to_owned();
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
        let output = Command::new(cargo)
            .args(["build", "--quiet"])
            .args([
                "-p",
                "signalint-plugin-oxlint",
                "-p",
                "signalint-plugin-tsc",
            ])
            .args(["-p", "signalint-fixture-fault-engine"])
            .args([
                "--profile",
                if profile == "debug" { "dev" } else { &profile },
            ])
            .arg("--target-dir")
            .arg(&target_dir)
            .current_dir(workspace_root())
            .output()
            .expect("spawn cargo to build the plugin libraries");
        assert!(
            output.status.success(),
            "building the plugin libraries failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        dir
    })
}

/// A plugin directory holding the fault-engine fixture under a discoverable name.
pub fn fault_engine_dir() -> tempfile::TempDir {
    let libs = build_plugins();
    let dir = tempfile::tempdir().unwrap();
    let name = |stem: &str| {
        format!(
            "{}{stem}{}",
            std::env::consts::DLL_PREFIX,
            std::env::consts::DLL_SUFFIX
        )
    };
    std::fs::copy(
        libs.join(name("signalint_fixture_fault_engine")),
        dir.path().join(name("signalint_plugin_fault_engine")),
    )
    .expect("copy the fault-engine library");
    dir
}

/// A copy of `host/tests/fixtures/mcp-project` in a temporary directory, with a config that
/// runs the pinned oxlint and tsc (biome off).
pub struct Project {
    pub dir: tempfile::TempDir,
}

impl Project {
    pub fn typescript() -> Self {
        let engines = engines();
        build_plugins();
        let dir = tempfile::tempdir().unwrap();
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mcp-project");
        copy_dir(&fixture, dir.path());
        let config = format!(
            "[engines.oxlint]\ntool = \"{}\"\n\n[engines.tsc]\ntool = \"{}\"\n\n[engines.biome]\nenabled = false\n",
            engines.join("oxlint/bin/oxlint").display(),
            engines.join("typescript/bin/tsc").display(),
        );
        std::fs::write(dir.path().join("signalint.toml"), config).unwrap();
        Self { dir }
    }

    /// A project with two text files and only the given config.
    pub fn with_config(config: &str) -> Self {
        build_plugins();
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("notes.txt"), "one line\n").unwrap();
        std::fs::write(dir.path().join("other.txt"), "another line\n").unwrap();
        std::fs::write(dir.path().join("signalint.toml"), config).unwrap();
        Self { dir }
    }

    pub fn root(&self) -> PathBuf {
        self.dir.path().canonicalize().unwrap()
    }

    pub fn write(&self, relative: &str, text: &str) {
        std::fs::write(self.dir.path().join(relative), text).unwrap();
    }
}

/// Copies a directory tree.
pub fn copy_dir(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// A client that records the progress notifications it receives.
#[derive(Clone, Default)]
pub struct Recorder {
    pub progress: Arc<Mutex<Vec<ProgressNotificationParam>>>,
}

impl ClientHandler for Recorder {
    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        self.progress.lock().unwrap().push(params);
    }

    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            ClientCapabilities::default(),
            Implementation::new("signalint-tests", "0"),
        )
    }
}

pub type Client = RunningService<RoleClient, Recorder>;

/// Starts `signalint mcp --root <root>` and completes the handshake.
pub async fn start(root: &Path, env: &[(&str, &Path)]) -> (Client, Recorder) {
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_signalint"));
    command.arg("mcp").arg("--root").arg(root);
    for (key, value) in env {
        command.env(key, value);
    }
    let (transport, _stderr) = TokioChildProcess::builder(command)
        .stderr(Stdio::inherit())
        .spawn()
        .expect("spawn signalint mcp");
    let recorder = Recorder::default();
    let client = recorder
        .clone()
        .serve(transport)
        .await
        .expect("the MCP handshake");
    (client, recorder)
}

/// Calls a tool with these arguments (a JSON object).
pub async fn call(client: &Client, tool: &str, args: Value) -> CallToolResult {
    let mut params = CallToolRequestParams::new(tool.to_owned());
    params.arguments = match args {
        Value::Object(map) => Some(map),
        Value::Null => None,
        other => panic!("arguments must be an object, not {other}"),
    };
    let result = client
        .peer()
        .call_tool(params)
        .await
        .unwrap_or_else(|e| panic!("{tool} failed at the protocol level: {e}"));
    // An error is text only; every other result is structured and fits the tool's advertised
    // output schema.
    if result.is_error == Some(true) {
        assert_eq!(
            result.structured_content, None,
            "{tool}: an error is not structured"
        );
        return result;
    }
    let tools = client.peer().list_all_tools().await.expect("tools/list");
    let schema = tools
        .iter()
        .find(|t| t.name == tool)
        .and_then(|t| t.output_schema.clone())
        .unwrap_or_else(|| panic!("{tool} has no output schema"));
    let schema = Value::Object((*schema).clone());
    let content = result
        .structured_content
        .clone()
        .unwrap_or_else(|| panic!("{tool} returned no structured content: {result:?}"));
    if let Err(problem) = validate(&schema, &schema, &content, "$") {
        panic!("{tool}'s result does not fit its output schema: {problem}\n{content}");
    }
    result
}

/// A small JSON Schema validator for the keywords signalint's schemas use: `$ref` (to
/// `#/$defs/…`), `type`, `const`, `enum`, `anyOf`, `properties`, `required`,
/// `additionalProperties`, `items`, `minimum`, `minItems`/`maxItems`, `minLength`/`maxLength`.
/// It refuses any other validation keyword, so a schema it cannot judge fails loudly.
pub fn validate(root: &Value, schema: &Value, value: &Value, at: &str) -> Result<(), String> {
    const ANNOTATIONS: &[&str] = &[
        "$schema",
        "$defs",
        "title",
        "description",
        "default",
        "examples",
    ];
    let Some(schema) = schema.as_object() else {
        return match schema {
            Value::Bool(true) => Ok(()),
            _ => Err(format!("{at}: unsupported schema {schema}")),
        };
    };
    for key in schema.keys() {
        let known = ANNOTATIONS.contains(&key.as_str())
            || [
                "$ref",
                "type",
                "const",
                "enum",
                "anyOf",
                "properties",
                "required",
                "additionalProperties",
                "items",
                "minimum",
                "minItems",
                "maxItems",
                "minLength",
                "maxLength",
            ]
            .contains(&key.as_str());
        if !known {
            return Err(format!("{at}: the test validator does not know `{key}`"));
        }
    }
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        let name = reference
            .strip_prefix("#/$defs/")
            .ok_or_else(|| format!("{at}: unsupported $ref {reference}"))?;
        validate(root, &root["$defs"][name], value, at)?;
    }
    if let Some(kind) = schema.get("type") {
        let kinds: Vec<&str> = match kind {
            Value::String(k) => vec![k.as_str()],
            Value::Array(ks) => ks.iter().filter_map(Value::as_str).collect(),
            _ => return Err(format!("{at}: bad type {kind}")),
        };
        let fits = kinds.iter().any(|k| match *k {
            "object" => value.is_object(),
            "array" => value.is_array(),
            "string" => value.is_string(),
            "boolean" => value.is_boolean(),
            "null" => value.is_null(),
            "integer" => value.is_i64() || value.is_u64(),
            "number" => value.is_number(),
            _ => false,
        });
        if !fits {
            return Err(format!("{at}: {value} is not {kinds:?}"));
        }
    }
    if let Some(expected) = schema.get("const")
        && expected != value
    {
        return Err(format!("{at}: {value} is not {expected}"));
    }
    if let Some(options) = schema.get("enum").and_then(Value::as_array)
        && !options.contains(value)
    {
        return Err(format!("{at}: {value} is not one of {options:?}"));
    }
    if let Some(variants) = schema.get("anyOf").and_then(Value::as_array) {
        let problems: Vec<String> = variants
            .iter()
            .filter_map(|v| validate(root, v, value, at).err())
            .collect();
        if problems.len() == variants.len() {
            return Err(format!("{at}: fits no anyOf variant: {problems:?}"));
        }
    }
    if let Some(min) = schema.get("minimum").and_then(Value::as_f64)
        && value.as_f64().is_some_and(|v| v < min)
    {
        return Err(format!("{at}: {value} < {min}"));
    }
    if let Some(text) = value.as_str() {
        let length = text.chars().count() as u64;
        if schema
            .get("minLength")
            .and_then(Value::as_u64)
            .is_some_and(|m| length < m)
            || schema
                .get("maxLength")
                .and_then(Value::as_u64)
                .is_some_and(|m| length > m)
        {
            return Err(format!("{at}: length {length} out of bounds"));
        }
    }
    if let Some(items) = value.as_array() {
        let count = items.len() as u64;
        if schema
            .get("minItems")
            .and_then(Value::as_u64)
            .is_some_and(|m| count < m)
            || schema
                .get("maxItems")
                .and_then(Value::as_u64)
                .is_some_and(|m| count > m)
        {
            return Err(format!("{at}: {count} items out of bounds"));
        }
        if let Some(item_schema) = schema.get("items") {
            for (i, item) in items.iter().enumerate() {
                validate(root, item_schema, item, &format!("{at}[{i}]"))?;
            }
        }
    }
    if let Some(object) = value.as_object() {
        let properties = schema.get("properties").and_then(Value::as_object);
        for name in schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
        {
            if !object.contains_key(name) {
                return Err(format!("{at}: missing required `{name}`"));
            }
        }
        for (name, field) in object {
            let path = format!("{at}.{name}");
            match properties.and_then(|p| p.get(name)) {
                Some(property) => validate(root, property, field, &path)?,
                None => match schema.get("additionalProperties") {
                    Some(Value::Bool(false)) => {
                        return Err(format!("{path}: not allowed"));
                    }
                    Some(extra) if extra.is_object() => validate(root, extra, field, &path)?,
                    _ => {}
                },
            }
        }
    }
    Ok(())
}

/// The one text content of a result.
pub fn text(result: &CallToolResult) -> String {
    assert_eq!(result.content.len(), 1, "one content block: {result:?}");
    result.content[0]
        .as_text()
        .map(|t| t.text.clone())
        .expect("a text block")
}

/// The structured content; asserts the text is the same data as compact JSON.
pub fn structured(result: &CallToolResult) -> Value {
    let value = result
        .structured_content
        .clone()
        .expect("structuredContent");
    let text = text(result);
    assert!(
        !text.contains("\n "),
        "the text is not pretty-printed: {text}"
    );
    let parsed: Value = serde_json::from_str(&text).expect("the text is JSON");
    assert_eq!(parsed, value, "the text and the structured content differ");
    value
}

/// Asserts a successful result and returns its structured content.
pub fn ok(result: &CallToolResult) -> Value {
    assert_ne!(result.is_error, Some(true), "an error: {result:?}");
    structured(result)
}

/// Asserts a tool error with this code and returns it: `isError`, the error object as the
/// text, and no `structuredContent` (no output schema holds the error shape).
pub fn refused(result: &CallToolResult, code: &str) -> Value {
    assert_eq!(result.is_error, Some(true), "not an error: {result:?}");
    assert_eq!(
        result.structured_content, None,
        "an error is not structured"
    );
    let value: Value = serde_json::from_str(&text(result)).expect("the error text is JSON");
    assert_eq!(value["status"], "error", "{value}");
    assert_eq!(value["code"], code, "{value}");
    assert!(
        value["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{value}"
    );
    value
}

/// Asserts the server still answers.
pub async fn assert_alive(client: &Client) {
    let result = call(client, "ping", json!({})).await;
    assert_eq!(text(&result), "pong");
    assert_eq!(result.structured_content, Some(json!({"pong": true})));
}
