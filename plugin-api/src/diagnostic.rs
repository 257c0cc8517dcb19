//! One diagnostic as an engine reported it, before the host normalizes it.

use serde::{Deserialize, Serialize};

use crate::Subject;

/// Severity as engines report it. The host folds `info` and `hint` into warnings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Severity {
    Error,
    Warning,
    Info,
    Hint,
    /// A severity of a newer plugin API; the host folds it into a warning.
    #[serde(other)]
    Unknown,
}

/// The unit an engine counts columns in. The host converts every column to UTF-16 code units
/// through the file text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ColumnUnit {
    /// UTF-8 bytes (oxlint).
    Utf8Bytes,
    /// Unicode scalar values (biome).
    CodePoints,
    /// UTF-16 code units (tsc, LSP).
    Utf16,
    /// A unit of a newer plugin API. The host cannot place such a position: it drops the
    /// diagnostic and counts it in the engine's status.
    #[serde(other)]
    Unknown,
}

/// A position in a file. Lines and columns are 1-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
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

    /// The exact byte offset, which wins over line and column.
    pub fn with_byte_offset(mut self, byte_offset: u64) -> Self {
        self.byte_offset = Some(byte_offset);
        self
    }
}

/// A text edit the engine proposed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct TextEdit {
    pub start: Position,
    pub end: Position,
    pub new_text: String,
}

impl TextEdit {
    pub fn new(start: Position, end: Position, new_text: impl Into<String>) -> Self {
        Self {
            start,
            end,
            new_text: new_text.into(),
        }
    }
}

/// Whether the engine says its fix may be applied without review.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum FixSafety {
    /// The engine applies it on its own (`biome lint --write`, `oxlint --fix`).
    Safe,
    /// The engine applies it only when asked for unsafe fixes: it may change behaviour.
    Unsafe,
    /// A safety of a newer plugin API; the host treats it as unsafe.
    #[serde(other)]
    Unknown,
}

/// One diagnostic.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
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
    /// The safety of `fixes` as the engine states it; `None` when the engine does not say (the
    /// host then offers the fix as one to review, never to apply blindly).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fix_safety: Option<FixSafety>,
    /// Canonical fact keys this diagnostic reports (`eslint/no-debugger`), taken from the engine's
    /// own rule metadata. Diagnostics of different engines at the same place with a shared key
    /// are one code fact: the host shows them as one issue.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub same_as: Vec<String>,
    /// What the diagnostic is about, as the adapter reads it from its engine's codes and
    /// wording: the host clusters, ranks causes first and links consequences to their cause by
    /// it alone. `None`: the diagnostic is clustered by its rule. Added in 0.3.2; an older host
    /// ignores it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<Subject>,
    /// Stands for a field a later version adds: with the `growth-check` feature on, every
    /// plugin must still build, which proves that adding an optional field breaks none.
    #[cfg(feature = "growth-check")]
    #[doc(hidden)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub growth_check: Option<String>,
}

impl Diagnostic {
    /// A diagnostic that concerns no file and has no position; add them with the `with_*`
    /// methods.
    pub fn new(rule: impl Into<String>, severity: Severity, message: impl Into<String>) -> Self {
        Self {
            file: None,
            start: None,
            end: None,
            rule: rule.into(),
            severity,
            message: message.into(),
            help: None,
            url: None,
            fixes: Vec::new(),
            fix_safety: None,
            same_as: Vec::new(),
            subject: None,
            #[cfg(feature = "growth-check")]
            growth_check: None,
        }
    }

    pub fn with_file(mut self, file: impl Into<String>) -> Self {
        self.file = Some(file.into());
        self
    }

    pub fn with_start(mut self, start: Position) -> Self {
        self.start = Some(start);
        self
    }

    pub fn with_end(mut self, end: Position) -> Self {
        self.end = Some(end);
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn with_url(mut self, url: impl Into<String>) -> Self {
        self.url = Some(url.into());
        self
    }

    pub fn with_fixes(mut self, fixes: Vec<TextEdit>) -> Self {
        self.fixes = fixes;
        self
    }

    pub fn with_fix_safety(mut self, safety: FixSafety) -> Self {
        self.fix_safety = Some(safety);
        self
    }

    /// The canonical fact keys (see [`Diagnostic::same_as`]).
    pub fn with_same_as(mut self, keys: Vec<String>) -> Self {
        self.same_as = keys;
        self
    }

    /// What the diagnostic is about (see [`Diagnostic::subject`]).
    pub fn with_subject(mut self, subject: Subject) -> Self {
        self.subject = Some(subject);
        self
    }
}
