//! Which TypeScript programs a project has: the host reads the tsconfigs (the tsc adapter
//! cannot do IO) and passes them as the adapter's `tsconfigs` option.
//!
//! A solution-style config (one with `references`) is checked with `--build`, and the
//! projects it references are then not listed again (they would report every diagnostic
//! twice).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

/// One program for the tsc adapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    /// Project-relative path of the tsconfig.
    pub path: String,
    pub solution: bool,
}

/// Finds the project's programs: every `tsconfig.json` outside `node_modules` and ignored
/// paths, minus those a solution config already references.
pub fn discover(root: &Path, ignore: &[String]) -> Vec<Program> {
    discover_in(root, &super::project_files(root, &[".".to_owned()], ignore))
}

/// [`discover`] over an already walked list of project files (one walk serves a whole check).
pub fn discover_in(root: &Path, project_files: &[String]) -> Vec<Program> {
    let configs: Vec<&String> = project_files
        .iter()
        .filter(|f| {
            Path::new(f)
                .file_name()
                .is_some_and(|n| n == "tsconfig.json")
        })
        .collect();
    let mut programs = Vec::new();
    let mut referenced = BTreeSet::new();
    for path in &configs {
        let text = std::fs::read_to_string(root.join(path)).unwrap_or_default();
        let value = parse_jsonc(&text).unwrap_or(Value::Null);
        let references: Vec<String> = value["references"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|r| r["path"].as_str())
            .map(|r| reference_config(root, path, r))
            .collect();
        referenced.extend(references.iter().cloned());
        programs.push(Program {
            path: (*path).clone(),
            solution: !references.is_empty(),
        });
    }
    programs.retain(|p| p.solution || !referenced.contains(&p.path));
    programs
}

/// The adapter options with `tsconfigs` filled in, unless the user set them.
pub fn with_programs(mut options: Value, programs: &[Program]) -> Value {
    if !options.is_object() {
        options = json!({});
    }
    if options.get("tsconfigs").is_none() {
        options["tsconfigs"] = programs
            .iter()
            .map(|p| json!({ "path": p.path, "solution": p.solution }))
            .collect();
    }
    options
}

/// The config a `references[].path` names: a file, or `tsconfig.json` in a directory.
fn reference_config(root: &Path, from: &str, reference: &str) -> String {
    let base = Path::new(from).parent().unwrap_or(Path::new(""));
    let mut target: PathBuf = base.join(reference);
    if target.extension().is_none_or(|e| e != "json") {
        target = target.join("tsconfig.json");
    }
    let mut normal = PathBuf::new();
    for component in target.components() {
        match component {
            std::path::Component::ParentDir => {
                normal.pop();
            }
            std::path::Component::CurDir => {}
            other => normal.push(other),
        }
    }
    let _ = root;
    normal.to_string_lossy().replace('\\', "/")
}

/// Parses JSON with comments and trailing commas, as tsconfig files allow.
pub fn parse_jsonc(text: &str) -> Option<Value> {
    let mut out = String::with_capacity(text.len());
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut in_string = false;
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            out.push(b as char);
            if b == b'\\' && i + 1 < bytes.len() {
                out.push(bytes[i + 1] as char);
                i += 2;
                continue;
            }
            if b == b'"' {
                in_string = false;
            }
            i += 1;
            continue;
        }
        match b {
            b'"' => {
                in_string = true;
                out.push('"');
                i += 1;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < bytes.len() && !(bytes[i] == b'*' && bytes[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
            }
            b',' => {
                let rest = text[i + 1..].trim_start_matches(|c: char| c.is_whitespace());
                if !(rest.starts_with('}') || rest.starts_with(']')) {
                    out.push(',');
                }
                i += 1;
            }
            _ => {
                // Copy whole UTF-8 sequences.
                let len = utf8_len(b);
                out.push_str(&text[i..(i + len).min(text.len())]);
                i += len;
            }
        }
    }
    serde_json::from_str(&out).ok()
}

fn utf8_len(first: u8) -> usize {
    match first {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jsonc_with_comments_and_trailing_commas() {
        let value = parse_jsonc(
            "{\n // c\n \"a\": [1, 2,], /* x */ \"b\": \"//not a comment\", \"é\": 1,\n}",
        )
        .unwrap();
        assert_eq!(value["a"], json!([1, 2]));
        assert_eq!(value["b"], "//not a comment");
    }

    #[test]
    fn solutions_hide_their_references() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for (path, text) in [
            (
                "tsconfig.json",
                r#"{ "files": [], "references": [{ "path": "./packages/a" }, { "path": "packages/b/tsconfig.json" }] }"#,
            ),
            (
                "packages/a/tsconfig.json",
                r#"{ "compilerOptions": { "composite": true } }"#,
            ),
            (
                "packages/b/tsconfig.json",
                r#"{ "compilerOptions": { "composite": true } }"#,
            ),
            ("tools/tsconfig.json", "{ // standalone\n }"),
            ("node_modules/x/tsconfig.json", "{}"),
        ] {
            std::fs::create_dir_all(root.join(path).parent().unwrap()).unwrap();
            std::fs::write(root.join(path), text).unwrap();
        }
        let programs = discover(root, &[]);
        assert_eq!(
            programs,
            [
                Program {
                    path: "tools/tsconfig.json".into(),
                    solution: false
                },
                Program {
                    path: "tsconfig.json".into(),
                    solution: true
                },
            ]
        );
        let options = with_programs(Value::Null, &programs);
        assert_eq!(
            options["tsconfigs"][1],
            json!({"path": "tsconfig.json", "solution": true})
        );
        let user = with_programs(json!({"tsconfigs": []}), &programs);
        assert_eq!(user["tsconfigs"], json!([]), "the user's choice wins");
    }
}
