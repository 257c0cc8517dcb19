//! No literal of a corpus item may sit inside a pattern or lexicon of the pack: rules name
//! concepts, not the sentences they are measured on.
//!
//! Checked on every string literal of the pack's non-test source (`src/`, doc comments and
//! `#[cfg(test)]` modules excluded) against every text of every corpus item (the generated
//! poisoning corpus and the development sets):
//! * no run of four words of a corpus text appears in a literal;
//! * no identifier-like token (eight or more characters with a digit, `_`, `.` or `-`, such as
//!   a parameter name) that is rare in the corpus (in fewer than three items) and that the
//!   real servers' texts (`corpus/real-benign/`, `corpus/real-servers/`) do not use appears in
//!   a literal.
//!
//! Patterns are the raw string literals (`r"..."`) of every file, every literal of the
//! concept evaluator and of the concept rules (`src/concepts/`, `src/signals/`), and every
//! stem of the concept word lists (`data/concepts/*.tsv`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn texts(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) => out.push(s.to_lowercase()),
        Value::Array(a) => a.iter().for_each(|v| texts(v, out)),
        Value::Object(o) => {
            for (k, v) in o {
                if matches!(
                    k.as_str(),
                    "description"
                        | "title"
                        | "tools"
                        | "other_servers"
                        | "inputSchema"
                        | "properties"
                        | "items"
                ) || v.is_object()
                    || v.is_array()
                {
                    texts(v, out);
                }
            }
        }
        _ => {}
    }
}

/// The texts of each corpus item.
fn corpus_items() -> Vec<Vec<String>> {
    let corpus = root().join("../../corpus");
    let mut items = Vec::new();
    for name in ["poison/attacks.jsonl", "poison/benign.jsonl"] {
        let text = std::fs::read_to_string(corpus.join(name)).expect("corpus file");
        for line in text.lines() {
            let item: Value = serde_json::from_str(line).expect("JSON line");
            let mut t = Vec::new();
            texts(&item["tools"], &mut t);
            texts(&item["other_servers"], &mut t);
            items.push(t);
        }
    }
    for name in ["dev-malicious.json", "dev-benign-hard.json"] {
        let text = std::fs::read_to_string(corpus.join(name)).expect("corpus file");
        let all: Vec<Value> = serde_json::from_str(&text).expect("JSON");
        for item in all {
            let mut t = Vec::new();
            texts(&item["tools"], &mut t);
            items.push(t);
        }
    }
    items
}

/// Every word of the real servers' texts.
fn common_words() -> BTreeSet<String> {
    let corpus = root().join("../../corpus");
    let mut all = Vec::new();
    for name in [
        "real-benign/github-mcp-server-toolsnaps.json",
        "real-benign/watchtower-smithery.json",
    ] {
        let text = std::fs::read_to_string(corpus.join(name)).expect("corpus file");
        let v: Value = serde_json::from_str(&text).expect("JSON");
        texts(&v, &mut all);
    }
    let text =
        std::fs::read_to_string(corpus.join("real-servers/servers.jsonl")).expect("corpus file");
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).expect("JSON line");
        texts(&v["tools"], &mut all);
    }
    all.iter().flat_map(|t| words(t)).collect()
}

fn words(s: &str) -> Vec<String> {
    s.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '_'))
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

/// String literals of a Rust file outside doc comments and test modules.
fn literals(path: &Path, out: &mut Vec<String>) {
    // A test module in a file of its own.
    if path.ends_with("tests.rs") {
        return;
    }
    let source = std::fs::read_to_string(path).expect("source file");
    let code = source.split("#[cfg(test)]").next().unwrap_or("");
    // A signal's concept rules follow this marker; the evaluator is its own directory.
    let (code, every) = match code.split_once(CONCEPT_RULES) {
        Some((head, rules)) => {
            literals_of(head, false, out);
            (rules, true)
        }
        None => (code, path.components().any(|c| c.as_os_str() == "concepts")),
    };
    literals_of(code, every, out);
}

/// The line that opens a signal's concept rules.
const CONCEPT_RULES: &str = "// Concept rules, run by `crate::concepts::detect`.";

/// String literals of code, doc comments excluded: the raw ones, and every one when `every`.
fn literals_of(code: &str, every: bool, out: &mut Vec<String>) {
    let code: String = code
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let raw = bytes[i] == b'r'
            && matches!(bytes.get(i + 1), Some(b'"' | b'#'))
            && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_'));
        if raw {
            let mut j = i + 1;
            let mut hashes = 0;
            while bytes.get(j) == Some(&b'#') {
                hashes += 1;
                j += 1;
            }
            if bytes.get(j) != Some(&b'"') {
                i += 1;
                continue;
            }
            let close = format!("\"{}", "#".repeat(hashes));
            let start = j + 1;
            let end = code[start..].find(&close).map_or(code.len(), |e| start + e);
            out.push(code[start..end].to_lowercase());
            i = end + close.len();
        } else if bytes[i] == b'"' && (i == 0 || bytes[i - 1] != b'\'') {
            let keep = every;
            let start = i + 1;
            let mut j = start;
            while j < bytes.len() && bytes[j] != b'"' {
                if bytes[j] == b'\\' {
                    j += 1;
                }
                j += 1;
            }
            if keep {
                out.push(code[start..j.min(code.len())].to_lowercase());
            }
            i = j + 1;
        } else {
            i += 1;
        }
    }
}

fn source_literals() -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root().join("src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                literals(&path, &mut out);
            }
        }
    }
    out
}

/// Every stem of the concept word lists (the fields after each row's language code).
fn concept_stems() -> Vec<String> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(root().join("data/concepts")).expect("data/concepts dir") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "tsv") {
            let text = std::fs::read_to_string(&path).expect("concept file");
            for line in text.lines().filter(|l| !l.starts_with('#')) {
                out.extend(
                    line.split('\t')
                        .skip(1)
                        .map(|s| s.trim_matches('"').to_lowercase()),
                );
            }
        }
    }
    out
}

#[test]
fn no_corpus_literal_inside_a_pattern() {
    let items = corpus_items();
    assert!(
        items.len() > 1000,
        "corpus incomplete: {} items",
        items.len()
    );
    let mut grams: BTreeSet<String> = BTreeSet::new();
    let mut token_items: BTreeMap<String, usize> = BTreeMap::new();
    for item in &items {
        let mut seen = BTreeSet::new();
        for text in item {
            let w = words(text);
            for g in w.windows(4) {
                grams.insert(g.join(" "));
            }
            for t in w.into_iter().filter(|t| t.chars().count() >= 8) {
                seen.insert(t);
            }
        }
        for t in seen {
            *token_items.entry(t).or_default() += 1;
        }
    }
    let common = common_words();
    let mut literals = source_literals();
    let stems = concept_stems();
    assert!(
        stems.len() > 1000,
        "found only {} concept stems",
        stems.len()
    );
    literals.extend(stems);
    assert!(
        literals.len() > 100,
        "found only {} literals",
        literals.len()
    );
    let mut leaks = Vec::new();
    for lit in &literals {
        // Runs of plain words inside the literal (regex syntax breaks a run).
        for run in lit.split(|c: char| !(c.is_alphanumeric() || c == ' ' || c == '\'' || c == '_'))
        {
            let w = words(run);
            for g in w.windows(4) {
                let g = g.join(" ");
                if grams.contains(&g) {
                    leaks.push(format!("four words of a corpus item: \"{g}\""));
                }
            }
            let identifier = |t: &&String| {
                t.chars().count() >= 8
                    && t.chars()
                        .any(|c| c.is_ascii_digit() || matches!(c, '_' | '.' | '-'))
            };
            for t in w.iter().filter(identifier) {
                if token_items.get(t).is_some_and(|&n| n < 3) && !common.contains(t) {
                    leaks.push(format!("a rare corpus token: \"{t}\""));
                }
            }
        }
    }
    leaks.sort();
    leaks.dedup();
    assert!(
        leaks.is_empty(),
        "corpus literals inside patterns:\n{}",
        leaks.join("\n")
    );
}
