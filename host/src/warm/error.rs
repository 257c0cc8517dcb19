//! Why a warm session could not answer. Each variant is one way an exchange fails; the pool
//! turns the last one into the engine's status when the check falls back to the one-shot run.

use super::client::LspError;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WarmError {
    /// An exchange with the server failed (closed, timed out, answered with an error).
    #[error(transparent)]
    Exchange(#[from] LspError),
    #[error("{0}")]
    Spawn(String),
    #[error("its pipes were not open")]
    Pipes,
    #[error("the language server offers no pull diagnostics")]
    NoPullDiagnostics,
    #[error("the language server counts columns in {0}, not UTF-16")]
    Encoding(String),
    #[error("the server sent no full diagnostics report for {0}")]
    NoReport(String),
    #[error("listing the program's files failed: {0}")]
    Listing(String),
    /// A call into the engine's adapter failed (refused, or its thread panicked).
    #[error("{engine}: {call} failed: {message}")]
    Adapter {
        engine: String,
        call: &'static str,
        message: String,
    },
    /// The adapter could not map the server's diagnostics of a file.
    #[error("{engine}: {failure} ({file})")]
    Mapping {
        engine: String,
        failure: String,
        file: String,
    },
    #[error("it did not answer within {0}s")]
    TimedOut(u64),
}

impl WarmError {
    pub(super) fn adapter(engine: &str, call: &'static str, message: impl ToString) -> Self {
        Self::Adapter {
            engine: engine.to_owned(),
            call,
            message: message.to_string(),
        }
    }
}
