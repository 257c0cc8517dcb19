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
    /// `nul_in_path`, `leading_dash`, `absolute_path`, `escaping_path`, `too_many_paths`,
    /// `root_missing`.
    pub code: String,
    /// What was wrong and what to do, naming the path when there is one.
    pub message: String,
    /// The refused path, for path codes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
}

impl ToolError {
    pub fn new(code: &str, message: impl Into<String>) -> Self {
        Self {
            status: "error".to_owned(),
            code: code.to_owned(),
            message: message.into(),
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
