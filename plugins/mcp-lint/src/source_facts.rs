//! Reading `McpSurface::source_facts`: what only a definition's source shows.
//!
//! A surface read from TypeScript/JavaScript source carries, beside the advertised JSON, one
//! facts object per definition (same index as the definition in `tools`, `resources`,
//! `resourceTemplates` or `prompts`): whether a handler is written, the `throw`s in its body,
//! the framework fields (`auth`, `errors`, `enrichment`, …) evaluated statically, and what the
//! reader could not convert or resolve. Manifests and live servers have no facts, so every
//! rule that reads them is silent there.
//!
//! Framework fields are *static values*: JSON literals, plus two markers the reader writes
//! instead of guessing: `{"$member": "A.B"}` for a member expression (an enum member such as
//! `JsonRpcErrorCode.NotFound`) and `{"$unresolved": "why"}` for anything else it cannot
//! evaluate (a call, an import, a function). [`classify`] tells them apart; a rule treats an
//! unresolved value as "cannot tell" and says nothing.
//!
//! Findings point into `/sourceFacts/<list>/<i>/…` (a throw, an `errors` entry) or into the
//! definition itself; the host maps either to the source line.

use std::collections::HashSet;

use signalint_plugin_api::{Finding, Json, McpSurface, Object};

use crate::context::ptr;
use crate::rules::{ItemKind, display_name};

/// The facts of a surface, when it was read from source.
pub fn source_facts(surface: &McpSurface) -> Option<&Json> {
    surface.source_facts.as_ref()
}

/// The facts of one definition, when the surface has them.
pub fn facts_of(surface: &McpSurface, kind: ItemKind, index: usize) -> Option<&Json> {
    source_facts(surface)?
        .get(kind.list_key())?
        .get(index)
        .filter(|f| f.is_object())
}

/// A statically evaluated value, as the reader wrote it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Static<'a> {
    /// Not evaluated (`{"$unresolved": why}`): the rules cannot tell and stay silent.
    Unresolved(&'a str),
    /// A member expression (`{"$member": "JsonRpcErrorCode.NotFound"}`).
    Member(&'a str),
    /// A literal value (or a literal object/array that may hold markers further down).
    Known(&'a Json),
}

/// Classifies a static value: a one-key object `$unresolved` / `$member` is a marker.
pub fn classify(value: &Json) -> Static<'_> {
    if let Some(object) = value.as_object()
        && object.len() == 1
    {
        if let Some(why) = object.get("$unresolved") {
            return Static::Unresolved(why.as_str().unwrap_or("not evaluated"));
        }
        if let Some(Json::String(member)) = object.get("$member") {
            return Static::Member(member);
        }
    }
    Static::Known(value)
}

/// The reason some members of a literal object were not read: the reader writes a member
/// `"$unresolved": why` into an object it read only in part (`{ ...base, a: 1 }`). A key such
/// an object lacks may be among those members, so a missing key tells nothing.
pub fn partial(object: &Object) -> Option<&str> {
    object
        .get(UNREAD_MEMBERS)
        .map(|why| why.as_str().unwrap_or("not evaluated"))
}

/// The member of a partly read object that says why the rest was not read.
pub const UNREAD_MEMBERS: &str = "$unresolved";

/// Whether a value is a literal (not a marker).
pub fn known(value: &Json) -> Option<&Json> {
    match classify(value) {
        Static::Known(v) => Some(v),
        _ => None,
    }
}

/// How a definition's handler (`generate` for prompts) was written.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Handler<'a> {
    /// No handler at all.
    Absent,
    /// A handler the reader cannot see into (an imported function).
    Opaque,
    /// A function literal with its body facts.
    Body(&'a Json),
}

/// One `throw` of a handler body.
#[derive(Debug, Clone, Copy)]
pub struct Throw<'a> {
    /// Index in `handler.throws`.
    pub index: usize,
    /// `new`, `call` or `other`.
    pub kind: &'a str,
    /// The dotted callee (`McpError`, `notFound`, `ctx.fail`).
    pub callee: Option<&'a str>,
    /// The code of `new McpError(JsonRpcErrorCode.X, …)`: `X`, or a numeric literal's text.
    pub code: Option<&'a str>,
    /// The binding of the innermost enclosing `catch`; `""` for `catch {}`, something that is
    /// not an identifier (the reader writes `{…}`) for a destructuring `catch ({ message })`.
    pub in_catch: Option<&'a str>,
    pub keeps_cause: bool,
    pub stringifies: bool,
}

impl Throw<'_> {
    /// `throw new X(…)` with this constructor.
    pub fn constructs(&self, class: &str) -> bool {
        self.kind == "new" && self.callee == Some(class)
    }
}

/// One definition of a source surface with its facts.
#[derive(Debug, Clone)]
pub struct Def<'a> {
    pub kind: ItemKind,
    /// The advertised entry (`surface.tools[i]`, …).
    pub item: &'a Json,
    /// Its facts object.
    pub facts: &'a Json,
    /// Pointer of the definition: `/tools/3`.
    pub base: String,
    /// Pointer of its facts: `/sourceFacts/tools/3`.
    pub facts_base: String,
}

impl<'a> Def<'a> {
    /// The definition's name as messages show it (`<unnamed>` when it has none).
    pub fn name(&self) -> &'a str {
        display_name(self.item).unwrap_or("<unnamed>")
    }

    /// The noun messages use: `tool`, `resource` or `prompt`.
    pub fn noun(&self) -> &'static str {
        match self.kind {
            ItemKind::Tool => "tool",
            ItemKind::Resource | ItemKind::ResourceTemplate => "resource",
            ItemKind::Prompt => "prompt",
        }
    }

    /// How messages start: ``tool `search` ``.
    pub fn subject(&self) -> String {
        format!("{} `{}`", self.noun(), self.name())
    }

    /// Whether the definition is written with the official SDK (`framework: "mcp-sdk"`),
    /// which has neither the mcp-ts-core error factories nor its framework fields.
    pub fn is_sdk(&self) -> bool {
        self.facts.get("framework").and_then(Json::as_str) == Some("mcp-sdk")
    }

    /// A framework field of the facts (`auth`, `errors`, …), when written.
    pub fn field(&self, key: &str) -> Option<&'a Json> {
        self.facts.get(key)
    }

    /// Pointer of a facts field: `/sourceFacts/tools/3/errors`.
    pub fn facts_ptr(&self, key: &str) -> String {
        ptr(&self.facts_base, key)
    }

    /// The handler (tools, resources) or `generate` (prompts).
    pub fn handler(&self) -> Handler<'a> {
        match self.facts.get("handler") {
            None => Handler::Absent,
            Some(body @ Json::Object(_)) => Handler::Body(body),
            Some(_) => Handler::Opaque,
        }
    }

    /// The `throw`s of the handler body, in source order (none when it cannot be seen).
    pub fn throws(&self) -> Vec<Throw<'a>> {
        let Handler::Body(body) = self.handler() else {
            return Vec::new();
        };
        let Some(throws) = body.get("throws").and_then(Json::as_array) else {
            return Vec::new();
        };
        throws
            .iter()
            .enumerate()
            .filter(|(_, t)| t.is_object())
            .map(|(index, t)| Throw {
                index,
                kind: t.get("kind").and_then(Json::as_str).unwrap_or("other"),
                callee: t.get("callee").and_then(Json::as_str),
                code: t.get("code").and_then(Json::as_str),
                in_catch: t.get("inCatch").and_then(Json::as_str),
                keeps_cause: t.get("keepsCause").and_then(Json::as_bool) == Some(true),
                stringifies: t.get("stringifies").and_then(Json::as_bool) == Some(true),
            })
            .collect()
    }

    /// Pointer of a throw: `/sourceFacts/tools/3/handler/throws/2`.
    pub fn throw_ptr(&self, throw: &Throw) -> String {
        format!("{}/handler/throws/{}", self.facts_base, throw.index)
    }

    /// Whether some `unresolved` fact lies at or under `pointer`.
    pub fn unresolved_under(&self, pointer: &str) -> bool {
        self.list("unresolved").any(|(_, entry)| {
            entry
                .get("pointer")
                .and_then(Json::as_str)
                .is_some_and(|p| {
                    p.strip_prefix(pointer)
                        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
                })
        })
    }

    /// The entries of a list fact (`unresolved`, `unserializable`) with their indexes.
    pub fn list(&self, key: &str) -> impl Iterator<Item = (usize, &'a Json)> {
        self.facts
            .get(key)
            .and_then(Json::as_array)
            .unwrap_or_default()
            .iter()
            .enumerate()
            .filter(|(_, e)| e.is_object())
    }
}

/// Every definition of the surface that has facts, tools first, in list order.
pub fn defs(surface: &McpSurface) -> Vec<Def<'_>> {
    let Some(all) = source_facts(surface) else {
        return Vec::new();
    };
    let lists: [(ItemKind, &[Json]); 4] = [
        (ItemKind::Tool, &surface.tools),
        (ItemKind::Resource, &surface.resources),
        (ItemKind::ResourceTemplate, &surface.resource_templates),
        (ItemKind::Prompt, &surface.prompts),
    ];
    let mut out = Vec::new();
    for (kind, items) in lists {
        let Some(facts) = all.get(kind.list_key()).and_then(Json::as_array) else {
            continue;
        };
        for (i, (item, facts)) in items.iter().zip(facts.iter()).enumerate() {
            if !facts.is_object() {
                continue;
            }
            out.push(Def {
                kind,
                item,
                facts,
                base: format!("/{}/{i}", kind.list_key()),
                facts_base: format!("/sourceFacts/{}/{i}", kind.list_key()),
            });
        }
    }
    out
}

/// Drops the findings of the JSON rules that concern a placeholder: where the reader could
/// not convert (`unserializable`) or resolve (`unresolved`) a schema node it writes `{}`, and
/// what a rule says about that `{}` (no description, no `type`) is not about the source.
/// `schema-serializable` and `source-unresolved` report those nodes instead.
pub fn without_placeholder_findings(
    surface: &McpSurface,
    mut findings: Vec<Finding>,
) -> Vec<Finding> {
    let defs = defs(surface);
    let placeholders: HashSet<&str> = defs
        .iter()
        .flat_map(|d| d.list("unresolved").chain(d.list("unserializable")))
        .filter_map(|(_, entry)| entry.get("pointer").and_then(Json::as_str))
        .filter(|p| !p.starts_with("/sourceFacts/"))
        .collect();
    if placeholders.is_empty() {
        return findings;
    }
    // The pointer itself or one of its ancestors (each cut at a `/`) is a placeholder.
    let on_placeholder = |at: &str| {
        placeholders.contains(at)
            || at
                .match_indices('/')
                .any(|(i, _)| i > 0 && placeholders.contains(&at[..i]))
    };
    findings.retain(|f| {
        !f.pointer.as_deref().is_some_and(on_placeholder)
            || crate::registry::find(&f.code).is_some_and(|r| r.meta.group.reads_source())
    });
    findings
}

/// The JavaScript `typeof` of a literal value, as the original's messages name types.
pub fn js_type(value: &Json) -> &'static str {
    match value {
        Json::Null | Json::Array(_) | Json::Object(_) => "object",
        Json::Bool(_) => "boolean",
        Json::Number(_) => "number",
        Json::String(_) => "string",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(text: &str) -> Json {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn markers_are_told_from_literals() {
        assert_eq!(
            classify(&json(r#"{"$unresolved": "a call"}"#)),
            Static::Unresolved("a call")
        );
        assert_eq!(
            classify(&json(r#"{"$member": "JsonRpcErrorCode.NotFound"}"#)),
            Static::Member("JsonRpcErrorCode.NotFound")
        );
        let two = json(r#"{"$member": "A.B", "x": 1}"#);
        assert_eq!(classify(&two), Static::Known(&two));
    }

    #[test]
    fn defs_pair_facts_with_definitions() {
        let surface: McpSurface = serde_json::from_str(
            r#"{"server": "s", "tools": [{"name": "a"}, {"name": "b"}],
                "sourceFacts": {"tools": [{"handler": null}, 3]}}"#,
        )
        .unwrap();
        let defs = defs(&surface);
        assert_eq!(defs.len(), 1);
        assert_eq!(defs[0].name(), "a");
        assert_eq!(defs[0].handler(), Handler::Opaque);
        assert_eq!(defs[0].facts_base, "/sourceFacts/tools/0");
    }

    #[test]
    fn unresolved_under_matches_whole_segments() {
        let surface: McpSurface = serde_json::from_str(
            r#"{"server": "s", "resourceTemplates": [{"uriTemplate": "a://{x}"}],
                "sourceFacts": {"resourceTemplates": [{"unresolved": [
                  {"pointer": "/sourceFacts/resourceTemplates/0/params/properties/x", "reason": "r"}]}]}}"#,
        )
        .unwrap();
        let def = &defs(&surface)[0];
        assert!(def.unresolved_under("/sourceFacts/resourceTemplates/0/params"));
        assert!(!def.unresolved_under("/sourceFacts/resourceTemplates/0/par"));
    }

    #[test]
    fn json_rules_say_nothing_about_placeholders() {
        let surface: McpSurface = serde_json::from_str(
            r#"{"server": "s", "tools": [{"name": "t", "description": "Does t.", "inputSchema": {"type": "object",
                "properties": {"when": {}, "plain": {"type": "string"}}}}],
                "sourceFacts": {"tools": [{"handler": null, "unserializable": [
                  {"pointer": "/tools/0/inputSchema/properties/when", "construct": "z.date()"}]}]}}"#,
        )
        .unwrap();
        let findings = crate::lint_surfaces(&[surface], &serde_json::Value::Null).unwrap();
        let got: Vec<_> = findings
            .iter()
            .map(|f| (f.code.as_str(), f.pointer.as_deref().unwrap_or("")))
            .collect();
        assert_eq!(
            got,
            [
                (
                    "describe-on-fields",
                    "/tools/0/inputSchema/properties/plain"
                ),
                (
                    "schema-serializable",
                    "/tools/0/inputSchema/properties/when"
                )
            ],
            "{findings:#?}"
        );
    }
}
