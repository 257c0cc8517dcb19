//! What a hostile or careless client sends on the raw stream gets a JSON-RPC error addressed to
//! its request, never silence: an oversized line, a duplicate id in flight, non-object
//! arguments. The server keeps answering afterwards.

mod support;

use serde_json::{Value, json};

/// Sends `lines` to `signalint mcp`, closes stdin, and returns every message it answered.
fn exchange(lines: &[String]) -> Vec<Value> {
    support::raw_mcp_exchange(lines).0
}

fn answer(messages: &[Value], id: Value) -> &Value {
    messages
        .iter()
        .find(|m| m["id"] == id)
        .unwrap_or_else(|| panic!("no answer to {id}: {messages:#?}"))
}

fn call(id: u32, arguments: Value) -> String {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
           "params": {"name": "ping", "arguments": arguments}})
    .to_string()
}

#[test]
fn malformed_requests_are_answered_and_the_server_goes_on() {
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "raw", "version": "1"}}})
    .to_string();
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string();
    let oversized = format!(
        r#"{{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{{"name":"check_files","arguments":{{"files":["{}"]}}}}}}"#,
        "a".repeat(17 << 20)
    );
    let messages = exchange(&[
        initialize,
        initialized,
        call(2, json!([1, 2])),
        call(3, json!("text")),
        oversized,
        call(6, json!({})),
    ]);
    for id in [2, 3] {
        assert_eq!(
            answer(&messages, json!(id))["error"]["code"],
            -32602,
            "{messages:#?}"
        );
    }
    let too_large = &answer(&messages, json!(5))["error"];
    assert_eq!(too_large["code"], -32600);
    assert!(
        too_large["message"].as_str().unwrap().contains("16 MiB"),
        "{too_large}"
    );
    assert_eq!(
        answer(&messages, json!(6))["result"]["structuredContent"]["pong"],
        true,
        "the server answers after them"
    );
}

#[test]
fn a_duplicate_id_in_flight_is_refused_and_the_first_answered() {
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "raw", "version": "1"}}})
    .to_string();
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string();
    // A check_project keeps id 7 in flight while its twin arrives.
    let check = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                       "params": {"name": "check_project", "arguments": {}}})
    .to_string();
    let messages = exchange(&[initialize, initialized, check.clone(), check]);
    let answers: Vec<&Value> = messages.iter().filter(|m| m["id"] == 7).collect();
    assert_eq!(answers.len(), 2, "{messages:#?}");
    assert!(
        answers.iter().any(|m| m["error"]["code"] == -32600
            && m["error"]["message"]
                .as_str()
                .unwrap()
                .contains("already in flight")),
        "{answers:#?}"
    );
    assert!(
        answers.iter().any(|m| m.get("result").is_some()),
        "{answers:#?}"
    );
}
