//! MCP over stdio, end to end: the real `signalint mcp` binary, raw JSON-RPC lines.
//!
//! * `ping` round trip (target: median under 1 ms);
//! * `check_files` on one unchanged file of a small TypeScript project (pinned oxlint and tsc
//!   from `test-engines/`), repeated;
//! * `check_project` on the same project, for scale.
//!
//! Run: `cargo bench -p signalint --bench mcp` (builds the oxlint and tsc plugins in the bench
//! profile first). Needs `npm install --prefix test-engines`.

// A benchmark's output is its figures.
#![allow(clippy::print_stdout)]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_owned()
}

fn build_plugins(binary: &Path) {
    let dir = binary.parent().unwrap();
    let profile = dir.file_name().unwrap().to_str().unwrap();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let status = Command::new(cargo)
        .args(["build", "--quiet", "-p", "signalint-plugin-oxlint"])
        .args(["-p", "signalint-plugin-tsc", "--profile"])
        .arg(match profile {
            "debug" => "dev",
            "release" => "bench",
            other => other,
        })
        .arg("--target-dir")
        .arg(dir.parent().unwrap())
        .current_dir(workspace_root())
        .status()
        .expect("spawn cargo");
    assert!(status.success(), "building the engine plugins failed");
}

fn fixture() -> tempfile::TempDir {
    let engines = workspace_root().join("test-engines/node_modules");
    assert!(
        engines.join("oxlint/bin/oxlint").is_file(),
        "the pinned test engines are missing; run `npm install --prefix test-engines`"
    );
    let dir = tempfile::tempdir().unwrap();
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mcp-project");
    std::fs::create_dir_all(dir.path().join("src")).unwrap();
    for file in ["tsconfig.json", "src/index.ts", "src/util.ts"] {
        std::fs::copy(from.join(file), dir.path().join(file)).unwrap();
    }
    std::fs::write(
        dir.path().join("signalint.toml"),
        format!(
            "[engines.oxlint]\ntool = \"{}\"\n[engines.tsc]\ntool = \"{}\"\n[engines.biome]\nenabled = false\n",
            engines.join("oxlint/bin/oxlint").display(),
            engines.join("typescript/bin/tsc").display()
        ),
    )
    .unwrap();
    dir
}

struct Server {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next_id: u64,
}

impl Server {
    fn start(binary: &Path, root: &Path) -> Self {
        let mut child = Command::new(binary)
            .arg("mcp")
            .arg("--root")
            .arg(root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn signalint mcp");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut server = Self {
            child,
            stdin,
            stdout,
            next_id: 1,
        };
        server.request(
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}}),
        );
        server.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        server
    }

    fn send(&mut self, message: &Value) {
        let mut line = message.to_string();
        line.push('\n');
        self.stdin.write_all(line.as_bytes()).unwrap();
        self.stdin.flush().unwrap();
    }

    /// Sends a request and reads lines until its response.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let mut line = String::new();
        loop {
            line.clear();
            assert!(
                self.stdout.read_line(&mut line).unwrap() > 0,
                "server closed"
            );
            let value: Value = serde_json::from_str(&line).unwrap();
            if value["id"] == id {
                assert!(value.get("error").is_none(), "{value}");
                return value;
            }
        }
    }

    fn call(&mut self, tool: &str, arguments: Value) -> Value {
        self.request("tools/call", json!({"name": tool, "arguments": arguments}))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn summary(name: &str, mut samples: Vec<Duration>) {
    samples.sort_unstable();
    let pick = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    let mean = samples.iter().sum::<Duration>() / samples.len() as u32;
    println!(
        "{name:<44} n={:<5} median {:>10.3?}  p90 {:>10.3?}  p99 {:>10.3?}  min {:>10.3?}  max {:>10.3?}  mean {:>10.3?}",
        samples.len(),
        pick(0.5),
        pick(0.9),
        pick(0.99),
        samples[0],
        samples[samples.len() - 1],
        mean
    );
}

fn main() {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_signalint"));
    build_plugins(&binary);
    let project = fixture();
    let root = project.path().canonicalize().unwrap();
    let mut server = Server::start(&binary, &root);

    for _ in 0..50 {
        server.call("ping", json!({}));
    }
    let pings: Vec<Duration> = (0..2000)
        .map(|_| {
            let started = Instant::now();
            let answer = server.call("ping", json!({}));
            let elapsed = started.elapsed();
            assert_eq!(answer["result"]["content"][0]["text"], "pong");
            elapsed
        })
        .collect();
    summary("ping round trip", pings);

    let files = json!({"files": ["src/index.ts"]});
    let started = Instant::now();
    let first = server.call("check_files", files.clone());
    let cold = started.elapsed();
    let engines = &first["result"]["structuredContent"]["engines"];
    assert_eq!(engines["oxlint"]["status"], "ok", "{first}");
    assert_eq!(engines["tsc"]["status"], "ok", "{first}");
    println!("{:<44} {cold:.3?}", "check_files, 1 file, first call");
    let repeated: Vec<Duration> = (0..10)
        .map(|_| {
            let started = Instant::now();
            server.call("check_files", files.clone());
            started.elapsed()
        })
        .collect();
    summary("check_files, 1 unchanged file", repeated);

    let projects: Vec<Duration> = (0..3)
        .map(|_| {
            let started = Instant::now();
            server.call("check_project", json!({}));
            started.elapsed()
        })
        .collect();
    summary("check_project, 2 files (oxlint + tsc)", projects);
}
