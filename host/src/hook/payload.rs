//! The post-edit payload an agent client writes on a hook's stdin: which files the edit touched,
//! and where the project is.
//!
//! Claude Code's `PostToolUse` (`tool_name`, `tool_input.file_path` for Edit, Write and
//! MultiEdit, `cwd`) and Gemini CLI's `AfterTool` share one shape; Cursor's `afterFileEdit` puts
//! `file_path` at the top and the project in `workspace_roots`. A payload of another tool (a
//! shell command, a read) names no file and means "nothing to check", never an error: a hook must
//! not stand in the agent's way.

use std::path::PathBuf;

use serde_json::Value;

/// The largest payload read: Write carries the whole new file in `tool_input.content`.
pub const MAX_PAYLOAD_BYTES: usize = 64 << 20;

/// What a payload says.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Edit {
    /// The edited files, as the client wrote them (absolute, or relative to `cwd`).
    pub files: Vec<PathBuf>,
    /// The directory the client ran in (`cwd`, or Cursor's first workspace root).
    pub cwd: Option<PathBuf>,
    /// The tool that made the edit, when the client says (for the report).
    pub tool: Option<String>,
}

/// Why a payload could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PayloadError {
    Empty,
    NotJson(String),
    NotAnObject,
}

impl std::fmt::Display for PayloadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PayloadError::Empty => f.write_str(
                "the hook payload on stdin is empty; `signalint hook` runs as an agent client's \
                 post-edit hook, which writes the edit as JSON on stdin (see `signalint init \
                 --client claude-code`)",
            ),
            PayloadError::NotJson(e) => write!(
                f,
                "the hook payload on stdin is not JSON ({e}); expected the client's post-edit \
                 hook input, such as Claude Code's PostToolUse JSON"
            ),
            PayloadError::NotAnObject => f.write_str(
                "the hook payload on stdin is JSON but not an object; expected the client's \
                 post-edit hook input, such as Claude Code's PostToolUse JSON",
            ),
        }
    }
}

/// Reads a payload. Files are listed once each, in the order given.
pub fn parse(text: &str) -> Result<Edit, PayloadError> {
    if text.trim().is_empty() {
        return Err(PayloadError::Empty);
    }
    let value: Value =
        serde_json::from_str(text).map_err(|e| PayloadError::NotJson(e.to_string()))?;
    let Value::Object(object) = &value else {
        return Err(PayloadError::NotAnObject);
    };
    fn text_at(value: Option<&Value>) -> Option<&str> {
        value.and_then(Value::as_str).filter(|s| !s.is_empty())
    }
    let input = object.get("tool_input");
    let mut files: Vec<PathBuf> = Vec::new();
    let candidates = [
        // Claude Code (Edit, Write, MultiEdit) and Gemini CLI (write_file, replace).
        text_at(input.and_then(|i| i.get("file_path"))),
        // Cursor's afterFileEdit.
        text_at(object.get("file_path")),
    ];
    for file in candidates.into_iter().flatten() {
        let file = PathBuf::from(file);
        if !files.contains(&file) {
            files.push(file);
        }
    }
    let cwd = text_at(object.get("cwd"))
        .or_else(|| {
            object
                .get("workspace_roots")
                .and_then(Value::as_array)
                .and_then(|roots| text_at(roots.first()))
        })
        .map(PathBuf::from);
    let tool = text_at(object.get("tool_name"))
        .or_else(|| text_at(object.get("hook_event_name")))
        .map(str::to_owned);
    Ok(Edit { files, cwd, tool })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claude_code_edits_name_their_file_and_project() {
        let payload = r#"{"session_id":"abc","transcript_path":"/home/u/.claude/t.jsonl",
            "cwd":"/work/app","permission_mode":"default","hook_event_name":"PostToolUse",
            "tool_name":"MultiEdit","tool_input":{"file_path":"/work/app/src/a.ts",
            "edits":[{"old_string":"a","new_string":"b"}]},"tool_response":{"filePath":"/work/app/src/a.ts"}}"#;
        let edit = parse(payload).unwrap();
        assert_eq!(edit.files, [PathBuf::from("/work/app/src/a.ts")]);
        assert_eq!(edit.cwd, Some(PathBuf::from("/work/app")));
        assert_eq!(edit.tool.as_deref(), Some("MultiEdit"));
    }

    #[test]
    fn cursor_edits_name_their_file_at_the_top() {
        let payload = r#"{"conversation_id":"c","generation_id":"g","hook_event_name":"afterFileEdit",
            "workspace_roots":["/work/app"],"file_path":"/work/app/src/b.ts",
            "edits":[{"old_string":"x","new_string":"y"}]}"#;
        let edit = parse(payload).unwrap();
        assert_eq!(edit.files, [PathBuf::from("/work/app/src/b.ts")]);
        assert_eq!(edit.cwd, Some(PathBuf::from("/work/app")));
        assert_eq!(edit.tool.as_deref(), Some("afterFileEdit"));
    }

    #[test]
    fn other_tools_name_no_file() {
        let payload = r#"{"cwd":"/w","hook_event_name":"PostToolUse","tool_name":"Bash",
            "tool_input":{"command":"ls"}}"#;
        let edit = parse(payload).unwrap();
        assert!(edit.files.is_empty());
    }

    #[test]
    fn bad_payloads_say_what_was_expected() {
        assert_eq!(parse("  \n"), Err(PayloadError::Empty));
        assert!(matches!(parse("{nope"), Err(PayloadError::NotJson(_))));
        assert_eq!(parse("[1]"), Err(PayloadError::NotAnObject));
        assert!(PayloadError::Empty.to_string().contains("stdin"));
        // A field of the wrong type is ignored, not a failure.
        let edit = parse(r#"{"tool_input":{"file_path":3},"cwd":false}"#).unwrap();
        assert_eq!(edit, Edit::default());
    }
}
