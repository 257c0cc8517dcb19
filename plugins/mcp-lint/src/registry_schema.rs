//! The official `server.json` schema (2025-12-11) and a focused validator for it.
//!
//! The schema is vendored verbatim in `schemas/server.schema.2025-12-11.json` (see
//! `schemas/NOTICE.md`). The validator implements exactly the keywords that schema uses:
//! `$ref` (to `#/definitions/*`), `allOf`, `anyOf`, `not`, `const`, `enum`, `type`,
//! `properties`, `required`, `items`, `additionalProperties`, `pattern`, `minLength`,
//! `maxLength` and `format: uri`; annotations (`description`, `example(s)`, `default`,
//! `title`, `$comment`, `$id`, `$schema`) are ignored. Any other keyword makes compilation
//! fail, so a schema update that needs more is caught by the tests rather than validated
//! loosely.
//!
//! `anyOf` failures are reported the way a person would explain them: when every branch
//! fails on the same discriminator (`type` with a one-value `enum`), one violation lists the
//! accepted values; when every branch only lacks a required key, one violation names the
//! alternatives; otherwise the branch with the fewest problems is reported.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::OnceLock;

use regex::Regex;
use signalint_plugin_api::Json;

/// The vendored schema text.
pub const SCHEMA_TEXT: &str = include_str!("../schemas/server.schema.2025-12-11.json");

/// The `$schema` URL of the vendored version.
pub const SCHEMA_URL: &str =
    "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";

const MAX_DEPTH: usize = 64;

/// One step of an instance location.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Seg {
    Key(String),
    Index(usize),
}

/// The keyword a violation comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Keyword {
    Type,
    Required,
    Enum,
    Const,
    Pattern,
    MinLength,
    MaxLength,
    Format,
    Not,
    AnyOf,
}

/// One schema violation.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Violation {
    /// Where in the document (for `required`: the object missing the key).
    pub path: Vec<Seg>,
    pub keyword: Keyword,
    /// The missing key (`required`) or alternatives (`anyOf` of `required`s), comma-separated.
    pub missing: Option<String>,
    pub message: String,
}

impl Violation {
    /// Whether the path equals `pattern`; `#` matches any index, `*` any key.
    pub fn path_is(&self, pattern: &[&str]) -> bool {
        self.path.len() == pattern.len() && self.prefix_is(pattern)
    }

    /// Whether the path starts with `pattern` (same wildcards).
    pub fn prefix_is(&self, pattern: &[&str]) -> bool {
        self.path.len() >= pattern.len()
            && self
                .path
                .iter()
                .zip(pattern)
                .all(|(seg, pat)| match (seg, *pat) {
                    (Seg::Index(_), "#") => true,
                    (Seg::Key(_), "*") => true,
                    (Seg::Key(k), p) => k == p,
                    _ => false,
                })
    }

    /// The last path segment if it is a key.
    pub fn last_key(&self) -> Option<&str> {
        match self.path.last() {
            Some(Seg::Key(k)) => Some(k),
            _ => None,
        }
    }

    pub fn is(&self, keyword: Keyword) -> bool {
        self.keyword == keyword
    }

    pub fn is_required(&self, key: &str) -> bool {
        self.keyword == Keyword::Required && self.missing.as_deref() == Some(key)
    }

    /// RFC 6901 pointer of the path.
    pub fn pointer(&self) -> String {
        let mut out = String::new();
        for seg in &self.path {
            out.push('/');
            match seg {
                Seg::Key(k) => out.push_str(&signalint_plugin_api::pointer_segment(k)),
                Seg::Index(i) => {
                    let _ = write!(out, "{i}");
                }
            }
        }
        out
    }

    /// `packages[0].transport.url` style location for messages.
    pub fn display_path(&self) -> String {
        let mut out = String::new();
        for seg in &self.path {
            match seg {
                Seg::Key(k) => {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(k);
                }
                Seg::Index(i) => {
                    let _ = write!(out, "[{i}]");
                }
            }
        }
        if out.is_empty() {
            "server.json".to_owned()
        } else {
            out
        }
    }
}

#[derive(Debug)]
enum Node {
    Bool(bool),
    Schema(Box<Keywords>),
}

#[derive(Debug, Default)]
struct Keywords {
    reference: Option<String>,
    all_of: Vec<Node>,
    any_of: Vec<Node>,
    not: Option<Node>,
    konst: Option<Json>,
    enumeration: Option<Vec<Json>>,
    ty: Option<String>,
    properties: Vec<(String, Node)>,
    required: Vec<String>,
    pattern: Option<(Regex, String)>,
    min_length: Option<u64>,
    max_length: Option<u64>,
    format_uri: bool,
    items: Option<Node>,
    additional: Option<Node>,
}

/// A compiled schema.
#[derive(Debug)]
pub struct Schema {
    root: Node,
    definitions: HashMap<String, Node>,
}

const ANNOTATIONS: &[&str] = &[
    "description",
    "example",
    "examples",
    "default",
    "title",
    "$comment",
    "$id",
    "$schema",
];

impl Schema {
    /// Compiles a schema that uses only the supported keywords.
    pub fn compile(value: &Json) -> Result<Self, String> {
        let mut definitions = HashMap::new();
        if let Some(defs) = value.get("definitions").and_then(Json::as_object) {
            for (name, def) in defs {
                definitions.insert(
                    name.to_owned(),
                    compile_node(def, &format!("#/definitions/{name}"))?,
                );
            }
        }
        let mut root_value = value.clone();
        if let Json::Object(map) = &mut root_value {
            map.remove("definitions");
        }
        let schema = Self {
            root: compile_node(&root_value, "#")?,
            definitions,
        };
        schema.check_refs(&schema.root)?;
        for def in schema.definitions.values() {
            schema.check_refs(def)?;
        }
        Ok(schema)
    }

    fn check_refs(&self, node: &Node) -> Result<(), String> {
        let Node::Schema(k) = node else { return Ok(()) };
        if let Some(r) = &k.reference
            && !self.definitions.contains_key(r)
        {
            return Err(format!("unresolved $ref to definition `{r}`"));
        }
        let children = k
            .all_of
            .iter()
            .chain(&k.any_of)
            .chain(&k.not)
            .chain(&k.items)
            .chain(&k.additional);
        for child in children.chain(k.properties.iter().map(|(_, n)| n)) {
            self.check_refs(child)?;
        }
        Ok(())
    }

    /// The property names a definition declares, through `$ref`, `allOf` and `anyOf`
    /// (sorted, deduplicated). Unknown definitions declare nothing.
    pub fn declared_properties(&self, definition: &str) -> Vec<&str> {
        let mut out = Vec::new();
        if let Some(node) = self.definitions.get(definition) {
            self.collect_properties(node, &mut out, 0);
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    fn collect_properties<'s>(&'s self, node: &'s Node, out: &mut Vec<&'s str>, depth: usize) {
        let Node::Schema(k) = node else { return };
        if depth > MAX_DEPTH {
            return;
        }
        out.extend(k.properties.iter().map(|(name, _)| name.as_str()));
        if let Some(def) = k.reference.as_ref().and_then(|r| self.definitions.get(r)) {
            self.collect_properties(def, out, depth + 1);
        }
        for sub in k.all_of.iter().chain(&k.any_of) {
            self.collect_properties(sub, out, depth + 1);
        }
    }

    /// All violations of `instance`, deduplicated, in document order of discovery.
    pub fn validate(&self, instance: &Json) -> Vec<Violation> {
        let mut out = Vec::new();
        let mut path = Vec::new();
        self.node(&self.root, instance, &mut path, &mut out, 0);
        let mut seen = std::collections::HashSet::new();
        out.retain(|v| seen.insert(v.clone()));
        out
    }

    fn node(
        &self,
        node: &Node,
        inst: &Json,
        path: &mut Vec<Seg>,
        out: &mut Vec<Violation>,
        depth: usize,
    ) {
        let k = match node {
            Node::Bool(true) => return,
            Node::Bool(false) => {
                out.push(violation(
                    path,
                    Keyword::Not,
                    None,
                    "no value is allowed here".into(),
                ));
                return;
            }
            Node::Schema(k) => k,
        };
        if depth > MAX_DEPTH {
            return;
        }
        if let Some(r) = &k.reference
            && let Some(def) = self.definitions.get(r)
        {
            self.node(def, inst, path, out, depth + 1);
        }
        for sub in &k.all_of {
            self.node(sub, inst, path, out, depth + 1);
        }
        if !k.any_of.is_empty() {
            self.any_of(&k.any_of, inst, path, out, depth);
        }
        if let Some(not) = &k.not {
            let mut sub = Vec::new();
            self.node(not, inst, path, &mut sub, depth + 1);
            if sub.is_empty() {
                let what = match not {
                    Node::Schema(n) if n.konst.is_some() => format!(
                        "must not be {}",
                        n.konst.as_ref().map(Json::to_string).unwrap_or_default()
                    ),
                    _ => "matches a schema it must not match".to_owned(),
                };
                out.push(violation(path, Keyword::Not, None, what));
            }
        }
        if let Some(c) = &k.konst
            && inst != c
        {
            out.push(violation(
                path,
                Keyword::Const,
                None,
                format!("must be {c}"),
            ));
        }
        if let Some(values) = &k.enumeration
            && !values.contains(inst)
        {
            let list = values
                .iter()
                .map(Json::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            out.push(violation(
                path,
                Keyword::Enum,
                None,
                format!("must be one of {list}, found {}", short(inst)),
            ));
        }
        if let Some(ty) = &k.ty
            && !type_matches(ty, inst)
        {
            out.push(violation(
                path,
                Keyword::Type,
                None,
                format!(
                    "must be {} {ty}, found {}",
                    article(ty),
                    crate::context::type_name(inst)
                ),
            ));
        }
        match inst {
            Json::String(s) => self.string(k, s, path, out),
            Json::Object(map) => {
                for key in &k.required {
                    if !map.contains_key(key) {
                        out.push(violation(
                            path,
                            Keyword::Required,
                            Some(key.clone()),
                            format!("`{key}` is required"),
                        ));
                    }
                }
                for (key, sub) in &k.properties {
                    if let Some(child) = map.get(key) {
                        path.push(Seg::Key(key.clone()));
                        self.node(sub, child, path, out, depth + 1);
                        path.pop();
                    }
                }
                if let Some(additional) = &k.additional {
                    for (key, child) in map {
                        if k.properties.iter().any(|(p, _)| p == key) {
                            continue;
                        }
                        path.push(Seg::Key(key.to_owned()));
                        self.node(additional, child, path, out, depth + 1);
                        path.pop();
                    }
                }
            }
            Json::Array(items) => {
                if let Some(item_schema) = &k.items {
                    for (i, item) in items.iter().enumerate() {
                        path.push(Seg::Index(i));
                        self.node(item_schema, item, path, out, depth + 1);
                        path.pop();
                    }
                }
            }
            _ => {}
        }
    }

    fn string(&self, k: &Keywords, s: &str, path: &[Seg], out: &mut Vec<Violation>) {
        let len = s.chars().count() as u64;
        if let Some(min) = k.min_length
            && len < min
        {
            out.push(violation(
                path,
                Keyword::MinLength,
                None,
                format!("must be at least {min} {}, found {len}", plural(min)),
            ));
        }
        if let Some(max) = k.max_length
            && len > max
        {
            out.push(violation(
                path,
                Keyword::MaxLength,
                None,
                format!("must be at most {max} {}, found {len}", plural(max)),
            ));
        }
        if let Some((re, source)) = &k.pattern
            && !re.is_match(s)
        {
            out.push(violation(
                path,
                Keyword::Pattern,
                None,
                format!(
                    "`{}` does not match `{source}`",
                    crate::context::truncate(s, 60)
                ),
            ));
        }
        if k.format_uri && !is_uri(s) {
            out.push(violation(
                path,
                Keyword::Format,
                None,
                format!(
                    "`{}` is not an absolute URI",
                    crate::context::truncate(s, 60)
                ),
            ));
        }
    }

    fn any_of(
        &self,
        branches: &[Node],
        inst: &Json,
        path: &mut Vec<Seg>,
        out: &mut Vec<Violation>,
        depth: usize,
    ) {
        let mut results = Vec::with_capacity(branches.len());
        for branch in branches {
            let mut sub = Vec::new();
            self.node(branch, inst, path, &mut sub, depth + 1);
            if sub.is_empty() {
                return;
            }
            results.push(sub);
        }
        // Every branch lacks exactly one, different key of this object: name the alternatives.
        let single_missing: Option<Vec<String>> = results
            .iter()
            .map(|errs| match errs.as_slice() {
                [e] if e.keyword == Keyword::Required && e.path == *path => e.missing.clone(),
                _ => None,
            })
            .collect();
        if let Some(mut names) = single_missing {
            names.dedup();
            if names.len() > 1 {
                let list = names
                    .iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(" or ");
                out.push(violation(
                    path,
                    Keyword::AnyOf,
                    Some(names.join(",")),
                    format!("needs {list}"),
                ));
                return;
            }
        }
        let is_discriminator = |e: &Violation| {
            matches!(e.keyword, Keyword::Enum | Keyword::Const)
                && e.path.len() == path.len() + 1
                && e.path.starts_with(path)
        };
        let weight = |errs: &Vec<Violation>| -> usize {
            errs.iter()
                .map(|e| if is_discriminator(e) { 100 } else { 1 })
                .sum()
        };
        let best = results
            .iter()
            .min_by_key(|errs| weight(errs))
            .map(weight)
            .unwrap_or(0);
        if best >= 100 {
            // Every branch rejects the discriminator: report it once with all accepted values.
            let mut allowed: Vec<String> = Vec::new();
            let mut at = None;
            for errs in &results {
                for e in errs.iter().filter(|e| is_discriminator(e)) {
                    at.get_or_insert_with(|| e.path.clone());
                    if let Some(list) = e.message.strip_prefix("must be one of ") {
                        let list = list.split(", found").next().unwrap_or(list);
                        for v in list.split(", ") {
                            if !allowed.iter().any(|a| a == v) {
                                allowed.push(v.to_owned());
                            }
                        }
                    }
                }
            }
            let at = at.unwrap_or_else(|| path.clone());
            let found = at.last().and_then(|seg| match seg {
                Seg::Key(k) => inst.get(k),
                Seg::Index(_) => None,
            });
            let found = found.map(short).unwrap_or_else(|| "nothing".into());
            out.push(Violation {
                path: at,
                keyword: Keyword::Enum,
                missing: None,
                message: format!("must be one of {}, found {found}", allowed.join(", ")),
            });
            return;
        }
        if let Some(errs) = results.into_iter().find(|errs| weight(errs) == best) {
            out.extend(errs);
        }
    }
}

fn violation(
    path: &[Seg],
    keyword: Keyword,
    missing: Option<String>,
    message: String,
) -> Violation {
    Violation {
        path: path.to_vec(),
        keyword,
        missing,
        message,
    }
}

fn plural(n: u64) -> &'static str {
    if n == 1 { "character" } else { "characters" }
}

fn short(v: &Json) -> String {
    crate::context::truncate(&v.to_string(), 60)
}

fn article(ty: &str) -> &'static str {
    if matches!(ty, "object" | "array" | "integer") {
        "an"
    } else {
        "a"
    }
}

fn type_matches(ty: &str, v: &Json) -> bool {
    match ty {
        "object" => v.is_object(),
        "array" => v.is_array(),
        "string" => v.is_string(),
        "boolean" => v.is_boolean(),
        "number" => v.is_number(),
        "integer" => v.is_i64() || v.is_u64() || v.as_f64().is_some_and(|f| f.fract() == 0.0),
        "null" => v.is_null(),
        _ => false,
    }
}

/// An absolute URI: an RFC 3986 scheme, then no whitespace or control characters.
pub fn is_uri(s: &str) -> bool {
    crate::rules::resources::has_scheme(s)
        && s.split_once(':').is_some_and(|(_, rest)| !rest.is_empty())
        && !s.chars().any(|c| {
            c.is_whitespace()
                || c.is_control()
                || matches!(c, '"' | '<' | '>' | '\\' | '^' | '`' | '{' | '|' | '}')
        })
}

fn compile_node(value: &Json, at: &str) -> Result<Node, String> {
    let map = match value {
        Json::Bool(b) => return Ok(Node::Bool(*b)),
        Json::Object(map) => map,
        other => {
            return Err(format!(
                "{at}: a schema must be an object or a boolean, found {other}"
            ));
        }
    };
    let mut k = Keywords::default();
    for (key, v) in map {
        let here = format!("{at}/{key}");
        match key {
            "$ref" => {
                let r = v.as_str().ok_or_else(|| format!("{here}: not a string"))?;
                let name = r.strip_prefix("#/definitions/").ok_or_else(|| {
                    format!("{here}: only #/definitions/* references are supported")
                })?;
                k.reference = Some(name.to_owned());
            }
            "allOf" | "anyOf" => {
                let list = v
                    .as_array()
                    .ok_or_else(|| format!("{here}: not an array"))?;
                let nodes = list
                    .iter()
                    .enumerate()
                    .map(|(i, s)| compile_node(s, &format!("{here}/{i}")))
                    .collect::<Result<Vec<_>, _>>()?;
                if key == "allOf" {
                    k.all_of = nodes
                } else {
                    k.any_of = nodes
                }
            }
            "not" => k.not = Some(compile_node(v, &here)?),
            "const" => k.konst = Some(v.clone()),
            "enum" => {
                k.enumeration = Some(
                    v.as_array()
                        .ok_or_else(|| format!("{here}: not an array"))?
                        .to_vec(),
                )
            }
            "type" => {
                k.ty = Some(
                    v.as_str()
                        .ok_or_else(|| format!("{here}: only single types are supported"))?
                        .to_owned(),
                )
            }
            "properties" => {
                let props = v
                    .as_object()
                    .ok_or_else(|| format!("{here}: not an object"))?;
                for (name, sub) in props {
                    k.properties.push((
                        name.to_owned(),
                        compile_node(sub, &format!("{here}/{name}"))?,
                    ));
                }
            }
            "required" => {
                let list = v
                    .as_array()
                    .ok_or_else(|| format!("{here}: not an array"))?;
                k.required = list
                    .iter()
                    .filter_map(Json::as_str)
                    .map(str::to_owned)
                    .collect();
            }
            "pattern" => {
                let source = v.as_str().ok_or_else(|| format!("{here}: not a string"))?;
                let re = Regex::new(source).map_err(|e| format!("{here}: {e}"))?;
                k.pattern = Some((re, source.to_owned()));
            }
            "minLength" => {
                k.min_length = Some(
                    v.as_u64()
                        .ok_or_else(|| format!("{here}: not an integer"))?,
                )
            }
            "maxLength" => {
                k.max_length = Some(
                    v.as_u64()
                        .ok_or_else(|| format!("{here}: not an integer"))?,
                )
            }
            "format" => match v.as_str() {
                Some("uri") => k.format_uri = true,
                _ => return Err(format!("{here}: only `format: uri` is supported")),
            },
            "items" => k.items = Some(compile_node(v, &here)?),
            "additionalProperties" => k.additional = Some(compile_node(v, &here)?),
            other if ANNOTATIONS.contains(&other) => {}
            other => return Err(format!("{here}: unsupported keyword `{other}`")),
        }
    }
    Ok(Node::Schema(Box::new(k)))
}

/// The compiled vendored schema.
pub fn official() -> Result<&'static Schema, String> {
    static SCHEMA: OnceLock<Result<Schema, String>> = OnceLock::new();
    SCHEMA
        .get_or_init(|| {
            // Through `serde_json::Value`, whose sorted keys fix the order rules are checked in.
            let value: serde_json::Value = serde_json::from_str(SCHEMA_TEXT)
                .map_err(|e| format!("vendored server.json schema: {e}"))?;
            Schema::compile(&Json::from(value))
                .map_err(|e| format!("vendored server.json schema: {e}"))
        })
        .as_ref()
        .map_err(Clone::clone)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn violations(doc: serde_json::Value) -> Vec<(String, Keyword)> {
        official()
            .unwrap()
            .validate(&Json::from(doc))
            .into_iter()
            .map(|v| (v.pointer(), v.keyword))
            .collect()
    }

    #[test]
    fn vendored_schema_compiles() {
        assert!(official().is_ok(), "{:?}", official().err());
    }

    #[test]
    fn minimal_document_is_valid() {
        assert!(
            violations(json!({"name": "io.github.a/b", "description": "d", "version": "1.0.0"}))
                .is_empty()
        );
    }

    #[test]
    fn discriminated_transport() {
        let base = |t: serde_json::Value| {
            json!({"name": "io.github.a/b", "description": "d", "version": "1", "packages": [
            {"registryType": "npm", "identifier": "x", "transport": t}]})
        };
        assert_eq!(
            violations(base(json!({"type": "streamable-http"}))),
            [("/packages/0/transport".into(), Keyword::Required)]
        );
        assert_eq!(
            violations(base(json!({"type": "websocket"}))),
            [("/packages/0/transport/type".into(), Keyword::Enum)]
        );
        assert_eq!(
            violations(base(json!({"type": "sse", "url": "ftp://x"}))),
            [("/packages/0/transport/url".into(), Keyword::Pattern)]
        );
    }

    #[test]
    fn positional_needs_value_or_hint() {
        let doc = json!({"name": "io.github.a/b", "description": "d", "version": "1", "packages": [
            {"registryType": "npm", "identifier": "x", "transport": {"type": "stdio"}, "packageArguments": [{"type": "positional"}]}]});
        assert_eq!(
            violations(doc),
            [("/packages/0/packageArguments/0".into(), Keyword::AnyOf)]
        );
    }

    #[test]
    fn unsupported_keywords_are_refused() {
        assert!(Schema::compile(&Json::from(json!({"minimum": 1}))).is_err());
        assert!(Schema::compile(&Json::from(json!({"$ref": "#/definitions/Nope"}))).is_err());
    }

    #[test]
    fn declared_properties_follow_refs_and_compositions() {
        let schema = official().unwrap();
        let args = schema.declared_properties("Argument");
        for key in [
            "type",
            "name",
            "value",
            "valueHint",
            "variables",
            "isRepeated",
            "isSecret",
        ] {
            assert!(args.contains(&key), "{key}: {args:?}");
        }
        assert!(
            schema
                .declared_properties("RemoteTransport")
                .contains(&"variables")
        );
        assert!(schema.declared_properties("Nope").is_empty());
    }

    #[test]
    fn uris() {
        assert!(is_uri("https://example.com/a?b=c"));
        assert!(is_uri("mailto:a@b.c"));
        assert!(!is_uri("example.com"));
        assert!(!is_uri("https://exa mple.com"));
        assert!(!is_uri("https:"));
    }
}
