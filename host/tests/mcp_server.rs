//! `signalint mcp` over stdio, driven by rmcp's client: the handshake, the tool list, every tool
//! on a real TypeScript fixture (pinned oxlint and tsc), stale references, and every kind of
//! bad input followed by a liveness ping.

mod mcp_support;

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::time::{Duration, Instant};

use mcp_support::{Project, assert_alive, call, ok, refused, start, structured, text};
use serde_json::{Value, json};

const STALE: &str = "This cluster/issue no longer exists; run check_project again.";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn handshake_and_tool_list_are_strict_and_complete() {
    let project = Project::typescript();
    let (client, _) = start(&project.root(), &[]).await;
    let info = client.peer().peer_info().expect("server info");
    let server = info.server_info.clone().expect("serverInfo");
    assert_eq!(server.name, "signalint");
    assert_eq!(server.version, env!("CARGO_PKG_VERSION"));
    assert!(info.capabilities.tools.is_some());

    let tools = client.peer().list_all_tools().await.unwrap();
    let mut names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "apply_fixes",
            "check_files",
            "check_project",
            "get_issue_detail",
            "get_loop_status",
            "ping",
            "reset_loop_state"
        ]
    );
    for tool in &tools {
        let input = Value::Object((*tool.input_schema).clone());
        assert_eq!(input["type"], "object", "{}", tool.name);
        assert_eq!(
            input["additionalProperties"], false,
            "{}: {input}",
            tool.name
        );
        let output = tool
            .output_schema
            .as_ref()
            .unwrap_or_else(|| panic!("{} has no output schema", tool.name));
        assert_eq!(output["type"], "object", "{}", tool.name);
        let text = Value::Object((**output).clone()).to_string() + &input.to_string();
        assert!(!text.contains("\"format\":\"uint"), "{}: {text}", tool.name);
        assert!(
            !input.to_string().contains("\"null\""),
            "{}: optional inputs are not nullable: {input}",
            tool.name
        );
        let annotations = tool.annotations.as_ref().expect("annotations");
        assert_eq!(annotations.open_world_hint, Some(false), "{}", tool.name);
        let description = tool.description.as_deref().unwrap_or_default();
        assert!(description.len() > 40, "{}: {description}", tool.name);
        assert!(
            !description.to_lowercase().contains("read-only"),
            "{}",
            tool.name
        );
    }
    for name in ["check_project", "check_files"] {
        let tool = tools.iter().find(|t| t.name == name).unwrap();
        let annotations = tool.annotations.as_ref().unwrap();
        assert_eq!(
            annotations.read_only_hint,
            Some(false),
            "{name} writes .signalint/"
        );
        assert_eq!(annotations.idempotent_hint, Some(false), "{name}");
        assert!(tool.description.as_deref().unwrap().contains(".signalint/"));
        let input = Value::Object((*tool.input_schema).clone());
        let list = if name == "check_files" {
            "files"
        } else {
            "paths"
        };
        assert_eq!(input["properties"][list]["maxItems"], 512, "{input}");
    }
    // The validator `call` applies to every result does reject what does not fit.
    let check = tools.iter().find(|t| t.name == "check_project").unwrap();
    let schema = Value::Object((**check.output_schema.as_ref().unwrap()).clone());
    for wrong in [
        json!({"status": "error"}),
        json!({"schemaVersion": "1.0", "status": "clean", "engines": {}, "totalIssues": 0,
               "clusters": [], "truncated": false, "loopWarning": null}),
    ] {
        assert!(
            mcp_support::validate(&schema, &schema, &wrong, "$").is_err(),
            "{wrong}"
        );
    }
    assert_alive(&client).await;
    client.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_tool_answers_on_a_typescript_project_and_old_references_go_stale() {
    let project = Project::typescript();
    let (client, recorder) = start(&project.root(), &[]).await;

    // check_project, with progress.
    let response = ok(&call(&client, "check_project", json!({})).await);
    assert_eq!(response["schemaVersion"], "1.1", "{response:#}");
    assert_eq!(response["status"], "issues_found");
    for engine in ["oxlint", "tsc"] {
        assert_eq!(response["engines"][engine]["status"], "ok", "{response:#}");
    }
    assert_eq!(response["engines"]["biome"]["status"], "disabled");
    assert!(
        response["totalIssues"].as_u64().unwrap() >= 3,
        "{response:#}"
    );
    assert_eq!(response["truncated"], false);
    assert!(response["loopWarning"].is_null());
    let clusters = response["clusters"].as_array().unwrap().clone();
    let rules: Vec<String> = clusters
        .iter()
        .flat_map(|c| c["ruleIds"].as_array().unwrap().clone())
        .map(|r| r.as_str().unwrap().to_owned())
        .collect();
    assert!(rules.iter().any(|r| r == "TS2322"), "{rules:?}");
    assert!(
        rules.iter().any(|r| r.ends_with("no-debugger")),
        "{rules:?}"
    );
    let messages: Vec<String> = recorder
        .progress
        .lock()
        .unwrap()
        .iter()
        .filter_map(|p| p.message.clone())
        .collect();
    for expected in [
        "oxlint started",
        "tsc started",
        "oxlint finished",
        "tsc finished",
    ] {
        assert!(
            messages.iter().any(|m| m.starts_with(expected)),
            "no progress `{expected}` in {messages:?}"
        );
    }

    // get_issue_detail by cluster and by issue.
    let cluster_of = |rule_suffix: &str| {
        clusters
            .iter()
            .find(|c| {
                c["ruleIds"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|r| r.as_str().unwrap().ends_with(rule_suffix))
            })
            .unwrap_or_else(|| panic!("no {rule_suffix} cluster"))
            .clone()
    };
    let debugger = cluster_of("no-debugger");
    let debugger_id = debugger["clusterId"].as_str().unwrap().to_owned();
    let result = call(
        &client,
        "get_issue_detail",
        json!({ "clusterId": debugger_id }),
    )
    .await;
    assert_ne!(result.is_error, Some(true), "{result:?}");
    let detail = result.structured_content.clone().unwrap();
    let issues = detail["issues"].as_array().unwrap();
    assert_eq!(issues.len(), 1, "{detail:#}");
    assert_eq!(issues[0]["clusterId"], debugger_id.as_str());
    assert_eq!(issues[0]["file"], "src/util.ts");
    assert_eq!(issues[0]["line"], 2);
    let as_text: Value = serde_json::from_str(&text(&result)).unwrap();
    assert_eq!(&as_text, &detail["issues"], "the text is the bare array");

    let type_error = cluster_of("TS2322");
    let issue_id = type_error["sampleIssueIds"][0].as_str().unwrap().to_owned();
    let result = call(&client, "get_issue_detail", json!({ "issueId": issue_id })).await;
    let detail = result.structured_content.clone().unwrap();
    assert_eq!(detail["issues"][0]["issueId"], issue_id.as_str());
    assert_eq!(detail["issues"][0]["engine"], "tsc");
    assert_eq!(detail["issues"][0]["rule"], "TS2322");
    assert_eq!(detail["issues"][0]["severity"], "error");

    // check_files on one file.
    let files = ok(&call(&client, "check_files", json!({ "files": ["src/index.ts"] })).await);
    assert_eq!(files["schemaVersion"], "1.1");
    assert_eq!(files["engines"]["oxlint"]["status"], "ok", "{files:#}");

    // get_loop_status and reset_loop_state.
    let loops = ok(&call(&client, "get_loop_status", json!({})).await);
    assert_eq!(loops["looping"], false, "{loops:#}");
    assert_eq!(loops["signatures"], json!([]));
    let reset = ok(&call(&client, "reset_loop_state", json!({})).await);
    assert_eq!(reset["reset"], true, "{reset:#}");
    assert!(
        reset["signaturesForgotten"].as_u64().unwrap() >= 1,
        "{reset:#}"
    );
    let again = ok(&call(&client, "reset_loop_state", json!({})).await);
    assert_eq!(again["signaturesForgotten"], 0);

    // Fix the debugger statement: its cluster is gone, the type error keeps its id.
    project.write(
        "src/util.ts",
        "export function double(n: number): number {\n  return n * 2;\n}\n",
    );
    let response = ok(&call(&client, "check_project", json!({ "paths": ["."] })).await);
    let ids: Vec<&str> = response["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["clusterId"].as_str().unwrap())
        .collect();
    assert!(!ids.contains(&debugger_id.as_str()), "{ids:?}");
    assert!(
        ids.contains(&type_error["clusterId"].as_str().unwrap()),
        "cluster ids are stable: {ids:?}"
    );
    let stale = ok(&call(
        &client,
        "get_issue_detail",
        json!({ "clusterId": debugger_id }),
    )
    .await);
    assert_eq!(stale, json!({"status": "stale", "message": STALE}));
    let stale = ok(&call(
        &client,
        "get_issue_detail",
        json!({ "issueId": "0000000000000000" }),
    )
    .await);
    assert_eq!(stale["status"], "stale");
    assert_eq!(response["delta"]["resolved"], 1, "{response:#}");

    client.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_inputs_are_structured_errors_and_the_server_keeps_answering() {
    let project = Project::typescript();
    let (client, _) = start(&project.root(), &[]).await;
    let many: Vec<String> = (0..513).map(|i| format!("src/{i}.ts")).collect();
    let long = "x".repeat(10_000);
    let mut deep = json!("leaf");
    for _ in 0..64 {
        deep = json!({ "d": deep });
    }
    let cases: Vec<(&str, Value, &str, Option<&str>)> = vec![
        ("ping", json!({"x": 1}), "invalid_arguments", None),
        (
            "get_loop_status",
            json!({"verbose": true}),
            "invalid_arguments",
            None,
        ),
        (
            "reset_loop_state",
            json!({"all": true}),
            "invalid_arguments",
            None,
        ),
        (
            "check_project",
            json!({"bogus": 1}),
            "invalid_arguments",
            None,
        ),
        (
            "check_project",
            json!({"paths": "src"}),
            "invalid_arguments",
            None,
        ),
        (
            "check_project",
            json!({"paths": [1, 2]}),
            "invalid_arguments",
            None,
        ),
        (
            "check_project",
            json!({"paths": null}),
            "invalid_arguments",
            None,
        ),
        (
            "check_project",
            json!({"paths": many}),
            "too_many_paths",
            None,
        ),
        (
            "check_project",
            json!({"paths": [""]}),
            "empty_path",
            Some(""),
        ),
        (
            "check_project",
            json!({"paths": ["a\u{0}b"]}),
            "nul_in_path",
            Some("a\u{0}b"),
        ),
        (
            "check_project",
            json!({"paths": ["-rf"]}),
            "leading_dash",
            Some("-rf"),
        ),
        (
            "check_project",
            json!({"paths": ["/etc/passwd"]}),
            "absolute_path",
            Some("/etc/passwd"),
        ),
        (
            "check_project",
            json!({"paths": ["src", "../outside"]}),
            "escaping_path",
            Some("../outside"),
        ),
        (
            "check_project",
            json!({"paths": ["src/../../x"]}),
            "escaping_path",
            Some("src/../../x"),
        ),
        (
            "check_project",
            json!({"cursor": ""}),
            "invalid_arguments",
            None,
        ),
        (
            "check_project",
            json!({"cursor": long}),
            "invalid_arguments",
            None,
        ),
        (
            "check_project",
            json!({"deep": deep}),
            "invalid_arguments",
            None,
        ),
        ("check_files", json!({}), "invalid_arguments", None),
        (
            "check_files",
            json!({"files": []}),
            "invalid_arguments",
            None,
        ),
        (
            "check_files",
            json!({"files": ["src/index.ts"], "paths": ["."]}),
            "invalid_arguments",
            None,
        ),
        (
            "check_files",
            json!({"files": ["C:\\windows"]}),
            "absolute_path",
            Some("C:\\windows"),
        ),
        (
            "check_files",
            json!({"files": many}),
            "too_many_paths",
            None,
        ),
        ("get_issue_detail", json!({}), "invalid_arguments", None),
        (
            "get_issue_detail",
            json!({"clusterId": "c-1", "issueId": "abc"}),
            "invalid_arguments",
            None,
        ),
        (
            "get_issue_detail",
            json!({"clusterId": "", "issueId": ""}),
            "invalid_arguments",
            None,
        ),
        (
            "get_issue_detail",
            json!({"clusterId": ""}),
            "invalid_arguments",
            None,
        ),
        (
            "get_issue_detail",
            json!({"issueId": "   "}),
            "invalid_arguments",
            None,
        ),
        (
            "get_issue_detail",
            json!({"issueId": 42}),
            "invalid_arguments",
            None,
        ),
        (
            "get_issue_detail",
            json!({"issueId": long}),
            "invalid_arguments",
            None,
        ),
        (
            "get_issue_detail",
            json!({"clusterid": "c-1"}),
            "invalid_arguments",
            None,
        ),
    ];
    for (tool, args, code, path) in cases {
        let result = call(&client, tool, args.clone()).await;
        let error = refused(&result, code);
        match path {
            Some(path) => assert_eq!(error["path"], path, "{tool} {args}: {error}"),
            None => assert!(error.get("path").is_none(), "{tool} {args}: {error}"),
        }
        if tool == "get_issue_detail" && args.as_object().is_some_and(|a| a.is_empty()) {
            let message = error["message"].as_str().unwrap();
            assert!(message.contains("exactly one"), "{message}");
        }
        assert_alive(&client).await;
    }
    // An unknown tool is a protocol error, and the server still answers.
    let unknown = client
        .peer()
        .call_tool(rmcp::model::CallToolRequestParams::new("rm_rf"))
        .await;
    assert!(unknown.is_err(), "{unknown:?}");
    assert_alive(&client).await;
    client.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fix_that_keeps_coming_back_is_reported_as_a_loop_until_reset() {
    let project = Project::typescript();
    let (client, _) = start(&project.root(), &[]).await;
    let broken = "export function double(n: number): number {\n  debugger;\n  return n * 2;\n}\n";
    let fixed = "export function double(n: number): number {\n  return n * 2;\n}\n";
    let files = json!({"files": ["src/util.ts"]});
    let mut last = Value::Null;
    // Present, fixed, back, fixed, back: two reappearances reach the default threshold.
    for text in [broken, fixed, broken, fixed, broken] {
        project.write("src/util.ts", text);
        last = ok(&call(&client, "check_files", files.clone()).await);
    }
    let warning = &last["loopWarning"];
    assert!(
        warning["signature"]
            .as_str()
            .unwrap()
            .contains("no-debugger"),
        "{last:#}"
    );
    assert_eq!(warning["occurrences"], 2, "{warning}");
    assert_eq!(warning["files"], json!(["src/util.ts"]));

    let status = ok(&call(&client, "get_loop_status", json!({})).await);
    assert_eq!(status["looping"], true, "{status:#}");
    let signatures = status["signatures"].as_array().unwrap();
    assert_eq!(signatures.len(), 1, "{status:#}");
    assert_eq!(signatures[0]["signature"], warning["signature"]);
    assert_eq!(signatures[0]["occurrences"], 2);
    assert!(signatures[0]["hint"].as_str().unwrap().contains('2'));

    let reset = ok(&call(&client, "reset_loop_state", json!({})).await);
    assert_eq!(reset["loopingSignaturesForgotten"], 1, "{reset:#}");
    let status = ok(&call(&client, "get_loop_status", json!({})).await);
    assert_eq!(status["looping"], false, "{status:#}");
    assert_eq!(status["signatures"], json!([]));
    client.cancel().await.unwrap();
}

/// Raw JSON-RPC lines, including ones no client library would send.
#[test]
fn garbage_on_stdin_does_not_stop_the_server() {
    let project = Project::typescript();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_signalint"))
        .arg("mcp")
        .arg("--root")
        .arg(project.root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let lines = [
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        "this is not json",
        "{\"jsonrpc\":\"2.0\",\"id\":2,",
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"check_project","arguments":5}}"#,
        r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"get_issue_detail","arguments":{"clusterId":["a"]}}}"#,
        r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"ping"}}"#,
        r#"{"jsonrpc":"2.0","id":6,"method":"no/such/method","params":{}}"#,
        r#"[1,2,3]"#,
        r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"ping","arguments":{}}}"#,
    ];
    for line in lines {
        writeln!(stdin, "{line}").unwrap();
    }
    stdin.flush().unwrap();
    let (sender, receiver) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut answers: std::collections::BTreeMap<i64, Value> = Default::default();
    let expected = [1, 3, 4, 5, 6, 7];
    while !expected.iter().all(|id| answers.contains_key(id)) && Instant::now() < deadline {
        let Ok(line) = receiver.recv_timeout(Duration::from_secs(1)) else {
            continue;
        };
        let value: Value = serde_json::from_str(&line).expect("every stdout line is JSON-RPC");
        if let Some(id) = value["id"].as_i64() {
            answers.insert(id, value);
        }
    }
    // Descriptor 1 of the server is stderr now; the protocol has its own duplicate.
    let fd = |n: u32| std::fs::read_link(format!("/proc/{}/fd/{n}", child.id())).unwrap();
    assert_eq!(fd(1), fd(2), "stdout is pointed at stderr");
    drop(stdin);
    let _ = child.wait();
    // Arguments that are not an object fail rmcp's request parsing: a JSON-RPC error.
    assert!(answers[&3]["error"].is_object(), "{:?}", answers.get(&3));
    let result = &answers[&4]["result"];
    assert_eq!(result["isError"], true, "{result}");
    assert!(result.get("structuredContent").is_none(), "{result}");
    let error: serde_json::Value =
        serde_json::from_str(result["content"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(error["code"], "invalid_arguments");
    assert_eq!(answers[&5]["result"]["content"][0]["text"], "pong");
    assert!(answers[&6]["error"].is_object(), "{:?}", answers.get(&6));
    assert_eq!(answers[&7]["result"]["content"][0]["text"], "pong");
    assert_eq!(answers[&7]["result"]["structuredContent"]["pong"], true);
}

/// Node-based clients give the server sockets, not pipes.
#[test]
fn the_server_speaks_over_sockets_too() {
    use std::os::unix::net::UnixStream;
    let project = Project::typescript();
    let (ours, theirs) = UnixStream::pair().unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_signalint"))
        .arg("mcp")
        .arg("--root")
        .arg(project.root())
        .stdin(Stdio::from(std::os::fd::OwnedFd::from(
            theirs.try_clone().unwrap(),
        )))
        .stdout(Stdio::from(std::os::fd::OwnedFd::from(theirs)))
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    ours.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut writer = ours.try_clone().unwrap();
    for line in [
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"socket","version":"0"}}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ping","arguments":{}}}"#,
    ] {
        writeln!(writer, "{line}").unwrap();
    }
    let mut lines = BufReader::new(ours).lines();
    let mut pong = None;
    while let Some(Ok(line)) = lines.next() {
        let value: Value = serde_json::from_str(&line).unwrap();
        if value["id"] == 2 {
            pong = Some(value);
            break;
        }
    }
    drop(writer);
    let _ = child.kill();
    let _ = child.wait();
    let pong = pong.expect("an answer to ping");
    assert_eq!(pong["result"]["content"][0]["text"], "pong", "{pong}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_check_is_also_refused_for_a_symlink_that_leaves_the_project() {
    let project = Project::typescript();
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("x.ts"), "export const x = 1;\n").unwrap();
    std::os::unix::fs::symlink(outside.path(), project.dir.path().join("out")).unwrap();
    let (client, _) = start(&project.root(), &[]).await;
    let error = refused(
        &call(&client, "check_files", json!({"files": ["out/x.ts"]})).await,
        "escaping_path",
    );
    assert_eq!(error["path"], "out/x.ts");
    let _ = structured(&call(&client, "get_loop_status", json!({})).await);
    assert_alive(&client).await;
    client.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_root_deleted_while_the_server_runs_is_an_error_not_a_clean_answer() {
    let project = Project::typescript();
    let (client, _) = start(&project.root(), &[]).await;
    let first = ok(&call(&client, "check_project", json!({})).await);
    assert_eq!(first["status"], "issues_found", "{first}");
    std::fs::remove_dir_all(project.dir.path()).unwrap();
    for (tool, args) in [
        ("check_project", json!({})),
        ("check_files", json!({"files": ["src/index.ts"]})),
    ] {
        let error = refused(&call(&client, tool, args).await, "root_missing");
        assert!(error.get("path").is_none(), "{error}");
    }
    assert_alive(&client).await;
    client.cancel().await.unwrap();
}
