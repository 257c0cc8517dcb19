//! `--format json`: the CheckResponse exactly as the contract shapes it.

use crate::core::CheckResponse;

/// Pretty-printed JSON with a trailing newline.
pub fn check_response(response: &CheckResponse) -> String {
    let mut text =
        serde_json::to_string_pretty(response).expect("a CheckResponse always serializes");
    text.push('\n');
    text
}
