//! One diagnostic as an engine reported it, before the host normalizes it.

use serde::{Deserialize, Serialize};

/// Severity as engines report it. The host folds `info` and `hint` into warnings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Info,
    Hint,
}

/// The unit an engine counts columns in. The host converts every column to UTF-16 code units
/// through the file text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ColumnUnit {
    /// UTF-8 bytes (oxlint).
    Utf8Bytes,
    /// Unicode scalar values (biome).
    CodePoints,
    /// UTF-16 code units (tsc, LSP).
    Utf16,
}

/// A position in a file. Lines and columns are 1-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    pub line: u32,
    pub column: u32,
    pub unit: ColumnUnit,
    /// 0-based byte offset from the start of the file, when the engine gives one. It wins over
    /// line and column because it is exact.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub byte_offset: Option<u64>,
}

impl Position {
    pub fn new(line: u32, column: u32, unit: ColumnUnit) -> Self {
        Self {
            line,
            column,
            unit,
            byte_offset: None,
        }
    }
}

/// A text edit the engine proposed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TextEdit {
    pub start: Position,
    pub end: Position,
    pub new_text: String,
}

/// One diagnostic.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Diagnostic {
    /// Path as the engine printed it (relative to the invocation's cwd, or absolute). `None` for
    /// diagnostics that concern no file (a tsc global error).
    pub file: Option<String>,
    /// `None` for file-level diagnostics without a position.
    pub start: Option<Position>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<Position>,
    /// Rule id with the engine's scope kept: `eslint/no-debugger`, `TS2322`, `lint/suspicious/noDebugger`.
    pub rule: String,
    pub severity: Severity,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Concrete edits, when the engine supplied them. `fixable` is true exactly when non-empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fixes: Vec<TextEdit>,
}
