//! The MCP server over its raw stream, fed random requests: every request with an id gets
//! exactly one answer, nothing but JSON-RPC reaches stdout, and the server ends cleanly when
//! the client closes. Bounded case counts keep the suite fast; raise `PROPTEST_CASES` to fuzz
//! longer.

mod support;

use std::collections::BTreeMap;

use proptest::prelude::*;
use serde_json::{Value, json};

const TOOLS: &[&str] = &[
    "ping",
    "check_project",
    "check_files",
    "get_issue_detail",
    "get_loop_status",
    "reset_loop_state",
    "no_such_tool",
];

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        "[a-z./\\\\-]{0,12}".prop_map(Value::String),
        prop_oneof![
            Just("../../etc/passwd"),
            Just("src\\..\\..\\x"),
            Just("-rf"),
            Just("/abs"),
            Just("."),
            Just("a\u{0}b"),
        ]
        .prop_map(|s| Value::String(s.to_owned())),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(
                prop_oneof![
                    Just("paths".to_owned()),
                    Just("files".to_owned()),
                    Just("cursor".to_owned()),
                    Just("clusterId".to_owned()),
                    Just("issueId".to_owned()),
                    "[a-z]{1,6}"
                ],
                inner,
                0..3
            )
            .prop_map(|m: BTreeMap<String, Value>| Value::Object(m.into_iter().collect())),
        ]
    })
}

fn request() -> impl Strategy<Value = Value> {
    (0..TOOLS.len(), json_value(), 0u8..8).prop_map(|(tool, arguments, shape)| match shape {
        // Mostly well-formed calls with odd arguments, sometimes odd envelopes.
        0 => json!({"method": "tools/call", "params": {"name": TOOLS[tool]}}),
        1 => json!({"method": "tools/call", "params": arguments}),
        2 => json!({"method": "tools/list", "params": arguments}),
        3 => json!({"method": "no/such/method"}),
        _ => {
            json!({"method": "tools/call", "params": {"name": TOOLS[tool], "arguments": arguments}})
        }
    })
}

fn exchange(requests: &[Value]) -> (Vec<Value>, bool) {
    let mut lines = vec![
        json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "fuzz", "version": "1"}}})
        .to_string(),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string(),
    ];
    for (i, request) in requests.iter().enumerate() {
        let mut message = request.clone();
        message["jsonrpc"] = json!("2.0");
        message["id"] = json!(i + 1);
        lines.push(message.to_string());
    }
    support::raw_mcp_exchange(&lines)
}

/// `PROPTEST_CASES` when set (to fuzz longer), else the suite's bounded default.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(24)))]

    #[test]
    fn every_request_gets_exactly_one_answer(requests in prop::collection::vec(request(), 1..12)) {
        let (messages, clean) = exchange(&requests);
        prop_assert!(clean, "the server did not end cleanly");
        for id in 1..=requests.len() {
            let answers = messages.iter().filter(|m| m["id"] == json!(id)).count();
            prop_assert_eq!(answers, 1, "request {} ({}) got {} answers: {:#?}", id, requests[id - 1], answers, messages);
        }
    }
}
