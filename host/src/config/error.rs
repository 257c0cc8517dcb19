//! Config errors that say where and what: file, line, key, and the fix.

use std::path::{Path, PathBuf};

/// A configuration problem.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },

    #[error("{}:{line}: unknown key `{key}`{}; {expected}", path.display(), section.as_ref().map(|s| format!(" in [{s}]")).unwrap_or_default())]
    UnknownKey {
        path: PathBuf,
        line: usize,
        key: String,
        section: Option<String>,
        expected: String,
    },

    #[error("{}:{line}: `{key}`: {message}", path.display())]
    Invalid {
        path: PathBuf,
        line: usize,
        key: String,
        message: String,
    },

    #[error("{}:{line}: {message}", path.display())]
    Syntax {
        path: PathBuf,
        line: usize,
        message: String,
    },
}

impl ConfigError {
    /// Maps a TOML/serde error to one that names the line and, for unknown keys, the key and
    /// the section it sits in.
    pub(super) fn from_toml(path: &Path, text: &str, error: &toml::de::Error) -> Self {
        let offset = error.span().map(|span| span.start).unwrap_or(0);
        let line = line_at(text, offset);
        let message = error.message().trim().to_owned();
        if let Some(rest) = message.strip_prefix("unknown field `")
            && let Some((key, tail)) = rest.split_once('`')
        {
            let expected = tail.trim_start_matches(',').trim();
            let expected = if expected.is_empty() {
                "remove it".to_owned()
            } else {
                format!("{expected} (remove or rename it)")
            };
            return ConfigError::UnknownKey {
                path: path.to_owned(),
                line,
                key: key.to_owned(),
                section: section_at(text, offset),
                expected,
            };
        }
        let section = section_at(text, offset);
        match section {
            Some(section) if !message.contains("TOML parse error") => match key_at(text, offset) {
                // A bad value: name its key, and the table it sits in.
                Some(key) => ConfigError::Invalid {
                    path: path.to_owned(),
                    line,
                    key,
                    message: format!("{message} (in [{section}])"),
                },
                None => ConfigError::Invalid {
                    path: path.to_owned(),
                    line,
                    key: section,
                    message,
                },
            },
            _ => ConfigError::Syntax {
                path: path.to_owned(),
                line,
                message,
            },
        }
    }

    /// The line the error points at (1-based), when there is one.
    pub fn line(&self) -> Option<usize> {
        match self {
            ConfigError::Read { .. } => None,
            ConfigError::UnknownKey { line, .. }
            | ConfigError::Invalid { line, .. }
            | ConfigError::Syntax { line, .. } => Some(*line),
        }
    }
}

/// 1-based line of a byte offset.
fn line_at(text: &str, offset: usize) -> usize {
    let offset = offset.min(text.len());
    text.as_bytes()[..offset]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// The `[table]` header in force at `offset`, if any.
fn section_at(text: &str, offset: usize) -> Option<String> {
    let offset = offset.min(text.len());
    text[..offset]
        .lines()
        .rev()
        .map(str::trim)
        .find(|line| line.starts_with('['))
        .map(|header| {
            header
                .trim_matches(|c| c == '[' || c == ']')
                .trim()
                .to_owned()
        })
}

/// The key assigned on the line that holds `offset` (`key = value`), if any.
fn key_at(text: &str, offset: usize) -> Option<String> {
    let offset = offset.min(text.len());
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let (key, _) = text[start..end].split_once('=')?;
    let key = key.trim().trim_matches(|c| c == '"' || c == '\'');
    (!key.is_empty() && !key.starts_with('[') && !key.starts_with('#')).then(|| key.to_owned())
}

/// The first line where `key` is assigned inside the `[section]` table (1-based); else the
/// first line where it is assigned anywhere, or 1.
pub(super) fn line_of_key_in(text: &str, section: &str, key: &str) -> usize {
    let mut current: Option<&str> = None;
    for (index, line) in text.lines().enumerate() {
        let line = line.trim_start();
        if line.starts_with('[') {
            current = Some(
                line.trim_end()
                    .trim_matches(|c| c == '[' || c == ']')
                    .trim(),
            );
        } else if current == Some(section) && assigns(line, key) {
            return index + 1;
        }
    }
    line_of_key(text, key)
}

fn assigns(line: &str, key: &str) -> bool {
    line.strip_prefix(key)
        .is_some_and(|rest| rest.trim_start().starts_with('='))
}

/// The first line where `key` is assigned (1-based), or 1.
pub(super) fn line_of_key(text: &str, key: &str) -> usize {
    text.lines()
        .position(|line| {
            let line = line.trim_start();
            line.strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .map_or(1, |index| index + 1)
}
