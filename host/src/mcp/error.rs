//! The one error shape every tool returns (`isError: true`, the object as `structuredContent`
//! and as the text).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::paths::PathError;

/// Machine-readable error codes besides the path codes of [`crate::paths`].
pub mod code {
    /// The arguments do not fit the tool's input schema (unknown property, wrong type, missing
    /// or conflicting field).
    pub const INVALID_ARGUMENTS: &str = "invalid_arguments";
    /// The request was cancelled before the check finished.
    pub const CANCELLED: &str = "cancelled";
    /// A bug: the server caught a failure it did not expect.
    pub const INTERNAL: &str = "internal_error";
}

/// A refused or failed tool call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(title = "ToolError")]
pub struct ToolError {
    /// Always `"error"`.
    #[schemars(extend("const" = "error"))]
    pub status: String,
    /// Machine-readable: `invalid_arguments`, `cancelled`, `internal_error`, or a path code: `empty_path`,
    /// `nul_in_path`, `leading_dash`, `absolute_path`, `escaping_path`, `directory_not_file`,
    /// `too_many_paths`,
    /// `root_missing`.
    pub code: String,
    /// What was wrong and what to do, naming the path when there is one.
    pub message: String,
    /// The refused path, for path codes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
}

/// The longest message an error carries: an argument echoed back (a 10 MB `since` in serde's
/// "unknown variant" text) is cut, so a refusal never costs more than the request's own size.
pub const MAX_MESSAGE_BYTES: usize = 1024;

/// `message` cut to [`MAX_MESSAGE_BYTES`] on a character boundary, saying how much was cut.
fn bounded(mut message: String) -> String {
    if message.len() <= MAX_MESSAGE_BYTES {
        return message;
    }
    let mut end = MAX_MESSAGE_BYTES;
    while !message.is_char_boundary(end) {
        end -= 1;
    }
    let cut = message.len() - end;
    message.truncate(end);
    message.push_str(&format!("… ({cut} more bytes not shown)"));
    message
}

impl ToolError {
    pub fn new(code: &str, message: impl Into<String>) -> Self {
        Self {
            status: "error".to_owned(),
            code: code.to_owned(),
            message: bounded(message.into()),
            path: None,
        }
    }

    pub fn invalid(message: impl Into<String>) -> Self {
        Self::new(code::INVALID_ARGUMENTS, message)
    }
}

impl From<PathError> for ToolError {
    fn from(error: PathError) -> Self {
        Self {
            status: "error".to_owned(),
            code: error.code.to_owned(),
            message: error.message,
            // `too_many_paths` and `root_missing` concern the request, not one path.
            path: (!matches!(error.code, "too_many_paths" | "root_missing")).then_some(error.path),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_argument_echoed_back_is_bounded() {
        let huge = "x".repeat(10 << 20);
        let refused = serde_json::from_value::<super::super::args::CheckProjectArgs>(
            serde_json::json!({ "since": huge }),
        )
        .unwrap_err();
        let error = ToolError::invalid(format!("invalid arguments: {refused}"));
        assert!(
            error.message.len() < 2 * MAX_MESSAGE_BYTES,
            "{}",
            error.message.len()
        );
        assert!(
            error.message.contains("more bytes not shown"),
            "{}",
            &error.message[..200]
        );
        assert!(
            error
                .message
                .starts_with("invalid arguments: unknown variant")
        );
        // A short message is kept whole, and a cut never splits a character.
        assert_eq!(ToolError::invalid("short").message, "short");
        let wide = ToolError::invalid("é".repeat(MAX_MESSAGE_BYTES));
        assert!(wide.message.starts_with("éé"));
    }
}
