//! `--format github`: GitHub Actions workflow commands, one annotation per issue.

use crate::core::{CheckResponse, IssueSeverity};

/// `::error file=…,line=…,col=…,title=…::message` lines for every issue, paths relative to the
/// project root.
pub fn check_response(response: &CheckResponse) -> String {
    check_response_in(response, "")
}

/// Annotations with every path prefixed by `prefix` (see [`super::repository_prefix`]): GitHub
/// resolves an annotation's file against the repository.
pub fn check_response_in(response: &CheckResponse, prefix: &str) -> String {
    let mut out = String::new();
    for issue in response.issues.as_deref().unwrap_or_default() {
        let command = match issue.severity {
            IssueSeverity::Error => "error",
            IssueSeverity::Warning => "warning",
        };
        let mut properties = Vec::new();
        if !issue.file.is_empty() {
            properties.push(format!(
                "file={}",
                property(&super::in_repository(prefix, &issue.file))
            ));
        }
        if issue.line > 0 {
            properties.push(format!("line={}", issue.line));
            properties.push(format!("col={}", issue.col));
            if let (Some(end_line), Some(end_col)) = (issue.end_line, issue.end_col) {
                properties.push(format!("endLine={end_line}"));
                properties.push(format!("endColumn={end_col}"));
            }
        }
        properties.push(format!(
            "title={}",
            property(&format!("{} {}", issue.engine, issue.rule))
        ));
        out.push_str(&format!(
            "::{command} {}::{}\n",
            properties.join(","),
            data(&issue.message)
        ));
    }
    out
}

/// Escapes a command's message. Line breaks are the workflow commands' own escapes; any other
/// control character or bidi override (text from the project, which could make the annotation
/// read other than it is) is printed inert as in human output (`\u{202e}`).
fn data(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            c if c.is_control()
                || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}') =>
            {
                out.extend(c.escape_default());
            }
            c => out.push(c),
        }
    }
    out
}

/// Escapes a command property value.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_per_the_workflow_command_rules() {
        assert_eq!(data("50% done\nnext"), "50%25 done%0Anext");
        assert_eq!(property("a:b,c"), "a%3Ab%2Cc");
    }

    #[test]
    fn bidi_overrides_and_control_characters_are_printed_inert() {
        assert_eq!(
            data("x\u{202e}gnp.exe\u{1b}[2J"),
            "x\\u{202e}gnp.exe\\u{1b}[2J"
        );
        assert_eq!(property("src/\u{2066}a.ts"), "src/\\u{2066}a.ts");
    }
}
