//! Format parity, statically: whether a tool's `format()` (read from source) reads every
//! field of its output schema. The reader writes, in the `format` fact, each output path the
//! function reads (`{"path": ["items", "[]", "title"], "whole": false}`; `whole` when the
//! value is passed on as a whole, which may render everything under it), or
//! `{"unknown": why}` when the whole result goes where a static read cannot follow. The output
//! schema is walked as the framework's own check walks it: every leaf field, array elements
//! as `[]`, record values as `.<key>`, each union branch, wrappers (`nullable`) transparent,
//! at most [`MAX_WALK_DEPTH`] levels deep.

pub mod format_parity;
pub mod format_parity_depth_limit;

use signalint_plugin_api::Json;

use crate::context::{Cx, ptr};
use crate::rules::ItemKind;
use crate::source_facts::Def;
use crate::walker::types;

/// Deeper output fields than this are not walked (reported by `format-parity-depth-limit`).
pub const MAX_WALK_DEPTH: usize = 8;

/// A record value's segment: any key.
const ANY_KEY: &str = "<key>";
const ELEMENT: &str = "[]";

/// One output field the walk reached, with the pointer of its schema.
#[derive(Debug, Clone)]
pub struct Field {
    pub path: Vec<String>,
    pub pointer: String,
    /// A value the schema dictates (a boolean, an enum member, a literal) or does not type:
    /// as in the framework's check, its key written in the text also counts as rendering it.
    pub permissive: bool,
}

impl Field {
    /// `articles[].journal.issn`, as messages show it.
    pub fn display(&self) -> String {
        let mut out = String::new();
        for segment in &self.path {
            if segment.starts_with('[') {
                out.push_str(segment);
            } else {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(segment);
            }
        }
        if out.is_empty() {
            out.push_str("<root>");
        }
        out
    }
}

/// The leaf fields of an output schema and the fields past the depth limit.
#[derive(Debug, Default)]
pub struct Walked {
    pub leaves: Vec<Field>,
    pub truncated: Vec<Field>,
}

/// One read of the `format` fact.
#[derive(Debug, Clone, PartialEq)]
pub struct Read {
    pub path: Vec<String>,
    pub whole: bool,
}

/// What the reader knows of a `format` function.
#[derive(Debug, Clone, PartialEq)]
pub enum Format {
    /// The paths it reads, and the words of its text.
    Reads(Vec<Read>, Vec<String>),
    /// What it renders is not known, and why.
    Unknown(String),
}

/// The tool's `format` fact, when it has one.
pub fn format_of(def: &Def) -> Option<Format> {
    let fact = def.field("format")?;
    if let Some(why) = fact.get("unknown").and_then(Json::as_str) {
        return Some(Format::Unknown(why.to_owned()));
    }
    let Some(reads) = fact.get("reads").and_then(Json::as_array) else {
        return Some(Format::Unknown(
            "the reader did not say what format() reads".to_owned(),
        ));
    };
    let reads = reads
        .iter()
        .filter_map(|r| {
            let path = r
                .get("path")?
                .as_array()?
                .iter()
                .map(|s| s.as_str().map(str::to_owned))
                .collect::<Option<Vec<_>>>()?;
            let whole = r.get("whole").and_then(Json::as_bool) == Some(true);
            Some(Read { path, whole })
        })
        .collect();
    let words = fact
        .get("words")
        .and_then(Json::as_array)
        .map(|w| {
            w.iter()
                .filter_map(Json::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    Some(Format::Reads(reads, words))
}

/// Walks the tool's output schema (its own `output` fields; an enrichment field the
/// framework adds is rendered by the trailer, not by `format()`). `None` when the tool has no
/// object output schema.
pub fn walk_output(def: &Def) -> Option<Walked> {
    let schema = def.item.get("outputSchema")?;
    if !types(schema).contains(&"object") {
        return None;
    }
    let output_fields: Option<Vec<&str>> = def
        .field("outputFields")
        .and_then(Json::as_array)
        .map(|a| a.iter().filter_map(Json::as_str).collect());
    let enrichment = def.field("enrichmentFields").and_then(Json::as_object);
    let mut walked = Walked::default();
    let base = ptr(&def.base, "outputSchema");
    let properties = schema.get("properties").and_then(Json::as_object);
    for (key, child) in properties.into_iter().flat_map(|p| p.iter()) {
        let added = enrichment.is_some_and(|e| e.get(key).is_some())
            && !output_fields.as_ref().is_some_and(|o| o.contains(&key));
        if added {
            continue;
        }
        let pointer = ptr(&ptr(&base, "properties"), key);
        walk(def, child, vec![key.to_string()], &pointer, 1, &mut walked);
    }
    Some(walked)
}

fn walk(
    def: &Def,
    schema: &Json,
    path: Vec<String>,
    pointer: &str,
    depth: usize,
    out: &mut Walked,
) {
    if placeholder(def, pointer) {
        return;
    }
    if depth > MAX_WALK_DEPTH {
        out.truncated.push(Field {
            path,
            pointer: pointer.to_owned(),
            permissive: false,
        });
        return;
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(options) = schema.get(key).and_then(Json::as_array) {
            let real: Vec<(usize, &Json)> = options
                .iter()
                .enumerate()
                .filter(|(_, o)| types(o) != ["null"])
                .collect();
            // `nullable` is a wrapper, not a branch.
            let next = if real.len() == 1 { depth } else { depth + 1 };
            for (i, option) in real {
                let at = ptr(&ptr(pointer, key), i.to_string());
                walk(def, option, path.clone(), &at, next, out);
            }
            return;
        }
    }
    let kinds = types(schema);
    if kinds.contains(&"array") {
        if let Some(items) = schema.get("prefixItems").and_then(Json::as_array) {
            for (i, item) in items.iter().enumerate() {
                let mut child = path.clone();
                child.push(format!("[{i}]"));
                let at = ptr(&ptr(pointer, "prefixItems"), i.to_string());
                walk(def, item, child, &at, depth + 1, out);
            }
        } else if let Some(items) = schema.get("items").filter(|i| i.is_object()) {
            let mut child = path;
            child.push(ELEMENT.to_owned());
            walk(def, items, child, &ptr(pointer, "items"), depth + 1, out);
        }
        return;
    }
    if kinds.contains(&"object") {
        if let Some(properties) = schema.get("properties").and_then(Json::as_object)
            && !properties.is_empty()
        {
            for (key, child_schema) in properties.iter() {
                let mut child = path.clone();
                child.push(key.to_string());
                let at = ptr(&ptr(pointer, "properties"), key);
                walk(def, child_schema, child, &at, depth + 1, out);
            }
        } else if let Some(values) = schema.get("additionalProperties").filter(|v| v.is_object()) {
            let mut child = path;
            child.push(ANY_KEY.to_owned());
            let at = ptr(pointer, "additionalProperties");
            walk(def, values, child, &at, depth + 1, out);
        }
        return;
    }
    let permissive = kinds.is_empty()
        || kinds.contains(&"boolean")
        || schema.get("enum").is_some()
        || schema.get("const").is_some();
    out.leaves.push(Field {
        path,
        pointer: pointer.to_owned(),
        permissive,
    });
}

/// A node the reader could not convert or resolve (written as `{}`): nothing is known of it.
fn placeholder(def: &Def, pointer: &str) -> bool {
    def.list("unresolved")
        .chain(def.list("unserializable"))
        .any(|(_, e)| e.get("pointer").and_then(Json::as_str) == Some(pointer))
}

/// Whether `segment` of a read matches `field` segment of the schema.
fn same(read: &str, field: &str) -> bool {
    read == field
        || (field == ANY_KEY && read != ELEMENT)
        || (field.starts_with('[') && read == ELEMENT)
}

fn prefix(short: &[String], long: &[String]) -> bool {
    short.len() <= long.len() && short.iter().zip(long).all(|(r, f)| same(r, f))
}

/// Whether `format()` reads the leaf: the leaf itself (or something of its value, such as
/// `title.trim()`), or a part above it that it passes on whole; for a permissive leaf, also
/// whether its key (or a part of it of three letters or more) is a word of the text.
pub fn reads_leaf(reads: &[Read], words: &[String], leaf: &Field) -> bool {
    if leaf.permissive
        && let Some(key) = leaf
            .path
            .iter()
            .rev()
            .find(|s| !s.starts_with('[') && *s != ANY_KEY)
        && key_is_written(key, words)
    {
        return true;
    }
    reads.iter().any(|r| {
        if r.whole && prefix(&r.path, &leaf.path) {
            return true;
        }
        r.path.len() >= leaf.path.len() && leaf.path.iter().zip(&r.path).all(|(f, r)| same(r, f))
    })
}

/// `hasMore` is written when `hasmore`, `has` or `more` is a word (words of three letters or
/// more, as the framework matches them).
fn key_is_written(key: &str, words: &[String]) -> bool {
    let lower = key.to_ascii_lowercase();
    if words.contains(&lower) {
        return true;
    }
    let mut snake = String::new();
    for (i, c) in key.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            snake.push('_');
        }
        snake.push(c.to_ascii_lowercase());
    }
    snake
        .split(['_', '-'])
        .filter(|s| s.len() >= 3)
        .any(|s| words.iter().any(|w| w == s))
}

/// Runs the group's rules on one definition.
pub fn check(cx: &mut Cx, def: &Def) {
    if def.kind != ItemKind::Tool {
        return;
    }
    let Some(Format::Reads(reads, words)) = format_of(def) else {
        return;
    };
    let Some(walked) = walk_output(def) else {
        return;
    };
    format_parity_depth_limit::check(cx, def, &walked);
    format_parity::check(cx, def, &reads, &words, &walked);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_owned).collect()
    }

    fn leaf(text: &str) -> Field {
        Field {
            path: path(text),
            pointer: String::new(),
            permissive: false,
        }
    }

    #[test]
    fn a_read_covers_its_leaf_and_a_whole_read_what_is_under_it() {
        let reads = [
            Read {
                path: path("items [] title"),
                whole: false,
            },
            Read {
                path: path("tags"),
                whole: true,
            },
            Read {
                path: path("meta"),
                whole: false,
            },
            Read {
                path: path("counts x"),
                whole: false,
            },
        ];
        assert!(reads_leaf(&reads, &[], &leaf("items [] title")));
        assert!(!reads_leaf(&reads, &[], &leaf("items [] pmid")));
        assert!(reads_leaf(&reads, &[], &leaf("tags []")));
        assert!(!reads_leaf(&reads, &[], &leaf("meta total")));
        assert!(reads_leaf(&reads, &[], &leaf("counts <key>")));
        assert_eq!(leaf("items [] title").display(), "items[].title");
        let flag = Field {
            permissive: true,
            ..leaf("results [] hasMore")
        };
        assert!(!reads_leaf(&reads, &[], &flag));
        assert!(reads_leaf(&reads, &["more".to_owned()], &flag));
        assert!(!reads_leaf(&reads, &["has_more".to_owned()], &flag));
    }
}
