//! The environment engines see.
//!
//! Tools switch their output when they detect a coding agent (oxlint prints its `agent` format
//! when it sees `CLAUDECODE` or `CURSOR_AGENT`). signalint always passes explicit output flags,
//! and also removes these variables so every engine behaves as it does in CI.

/// Variable name prefixes that announce a coding agent. Matched case-sensitively.
pub const AGENT_ENV_PREFIXES: &[&str] = &[
    "CLAUDECODE",
    "CLAUDE_CODE",
    "CURSOR_AGENT",
    "CURSOR_TRACE",
    "CODEX_",
    "GEMINI_CLI",
    "AMP_",
    "OPENCODE",
    "AIDER",
    "CLINE_",
    "AUGMENT_AGENT",
    "REPL_AGENT",
    "REPLIT_AGENT",
    "WINDSURF",
    "AI_AGENT",
    "GOOSE_",
    "KIRO_",
];

/// Exact names that announce a coding agent.
const AGENT_ENV_NAMES: &[&str] = &["AGENT", "CI_AGENT"];

/// Whether a variable would let an engine detect a coding agent.
pub fn is_agent_variable(name: &str) -> bool {
    AGENT_ENV_NAMES.contains(&name) || AGENT_ENV_PREFIXES.iter().any(|p| name.starts_with(p))
}

/// The current environment without agent-detection variables and with colour turned off.
pub fn scrubbed_environment() -> Vec<(String, String)> {
    let mut env: Vec<(String, String)> = std::env::vars()
        .filter(|(name, _)| !is_agent_variable(name))
        .filter(|(name, _)| name != "FORCE_COLOR" && name != "CLICOLOR_FORCE")
        .collect();
    env.push(("NO_COLOR".into(), "1".into()));
    env
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agent_variables_are_recognised() {
        for name in [
            "CLAUDECODE",
            "CLAUDE_CODE_ENTRYPOINT",
            "CURSOR_AGENT",
            "CODEX_SANDBOX",
            "AGENT",
        ] {
            assert!(is_agent_variable(name), "{name}");
        }
        for name in ["PATH", "HOME", "AGENTS_DIR", "NODE_OPTIONS"] {
            assert!(!is_agent_variable(name), "{name}");
        }
    }
}
