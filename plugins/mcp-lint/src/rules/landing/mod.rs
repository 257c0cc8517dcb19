//! The `landing` config of an mcp-ts-core server (`createApp({ landing: {…} })`), read from
//! source into the source facts as `landing`: its shape and the framework's content limits
//! (tagline length, logo size, link count, `repoRoot` form, `envExample` and
//! `connectSnippets` entries, the theme accent). Manifests and live servers have no landing
//! fact, so every rule here is silent there.
//!
//! The value is a static value (see [`crate::source_facts`]): a member the reader could not
//! evaluate is a `$unresolved` or `$member` marker, and a rule that meets one says nothing
//! (the `source-unresolved` rule reports it).

pub mod landing_connect_snippets_empty;
pub mod landing_connect_snippets_key;
pub mod landing_connect_snippets_type;
pub mod landing_connect_snippets_value;
pub mod landing_env_example_count;
pub mod landing_env_example_key;
pub mod landing_env_example_type;
pub mod landing_env_example_value;
pub mod landing_link_href;
pub mod landing_link_label;
pub mod landing_link_shape;
pub mod landing_links_count;
pub mod landing_links_type;
pub mod landing_logo_size;
pub mod landing_logo_type;
pub mod landing_repo_root_shape;
pub mod landing_repo_root_type;
pub mod landing_shape;
pub mod landing_tagline_length;
pub mod landing_tagline_type;
pub mod landing_theme_accent;
pub mod landing_theme_accent_format;
pub mod landing_theme_type;

use signalint_plugin_api::{Json, McpSurface, Object};

use crate::context::{Cx, ptr};
use crate::rule::Rule;
use crate::rules::source::source_unresolved;
use crate::source_facts::{Static, UNREAD_MEMBERS, classify, partial, source_facts};

// The framework's limits and tab ids (mcp-ts-core `src/core/serverManifest.ts`).
/// Longest tagline, in UTF-16 units, before the hero layout breaks.
pub const MAX_TAGLINE: usize = 120;
/// Largest logo given as a data URI, in decoded bytes.
pub const MAX_LOGO_BYTES: usize = 24 * 1024;
/// Footer links rendered; the rest are dropped.
pub const MAX_LINKS: usize = 6;
/// `envExample` entries rendered; the rest are dropped.
pub const MAX_ENV_EXAMPLE: usize = 12;
/// Longest theme accent accepted, in UTF-16 units.
pub const MAX_ACCENT: usize = 128;
/// The connect card's tabs, the keys `connectSnippets` may use.
pub const CONNECT_TABS: [&str; 7] = [
    "claude", "codex", "cursor", "gemini", "stdio", "http", "curl",
];

/// Where the landing value sits in a surface.
pub const POINTER: &str = "/sourceFacts/landing";

/// The landing value of a surface read from source, when it has one.
pub fn landing_of(surface: &McpSurface) -> Option<&Json> {
    source_facts(surface)?.get("landing")
}

/// The landing value when it is a literal object (the other rules' precondition; a
/// non-object is `landing-shape`'s).
pub fn landing_object(surface: &McpSurface) -> Option<&Object> {
    match classify(landing_of(surface)?) {
        Static::Known(Json::Object(object)) => Some(object),
        _ => None,
    }
}

/// A member the original checks only when set: `Some` for a literal that is not `null`;
/// `None` when absent, `null`/`undefined` or not evaluated.
pub fn set<'a>(object: &'a Object, key: &str) -> Option<&'a Json> {
    match classify(object.get(key)?) {
        Static::Known(Json::Null) => None,
        Static::Known(value) => Some(value),
        _ => None,
    }
}

/// What a member is, for rules that also judge a missing one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Member<'a> {
    /// Not written (and the object was read in full).
    Absent,
    /// Not evaluated, or possibly among the members of a spread.
    Unknown,
    Known(&'a Json),
}

pub fn member<'a>(object: &'a Object, key: &str) -> Member<'a> {
    match object.get(key).map(classify) {
        Some(Static::Known(value)) => Member::Known(value),
        Some(_) => Member::Unknown,
        None if partial(object).is_some() => Member::Unknown,
        None => Member::Absent,
    }
}

/// The members of a literal object, without the reader's marker for unread members.
pub fn entries(object: &Object) -> impl Iterator<Item = (&str, &Json)> {
    object.iter().filter(|(key, _)| *key != UNREAD_MEMBERS)
}

/// The pointer of a landing member (`at` is a path of segments under the landing value).
pub fn at(segments: &[&str]) -> String {
    segments
        .iter()
        .fold(POINTER.to_owned(), |out, segment| ptr(&out, segment))
}

/// JavaScript's `String.length`: UTF-16 code units.
pub fn js_len(text: &str) -> usize {
    text.encode_utf16().count()
}

/// Runs every landing rule on a surface with a landing fact.
pub fn check(cx: &mut Cx, surface: &McpSurface) {
    let Some(value) = landing_of(surface) else {
        return;
    };
    source_unresolved::check_landing(cx, value, POINTER);
    landing_shape::check(cx, surface);
    let Some(landing) = landing_object(surface) else {
        return;
    };
    landing_tagline_type::check(cx, landing);
    landing_tagline_length::check(cx, landing);
    landing_logo_type::check(cx, landing);
    landing_logo_size::check(cx, landing);
    landing_links_type::check(cx, landing);
    landing_links_count::check(cx, landing);
    landing_link_shape::check(cx, landing);
    landing_link_href::check(cx, landing);
    landing_link_label::check(cx, landing);
    landing_repo_root_type::check(cx, landing);
    landing_repo_root_shape::check(cx, landing);
    landing_env_example_type::check(cx, landing);
    landing_env_example_count::check(cx, landing);
    landing_env_example_key::check(cx, landing);
    landing_env_example_value::check(cx, landing);
    landing_connect_snippets_type::check(cx, landing);
    landing_connect_snippets_key::check(cx, landing);
    landing_connect_snippets_value::check(cx, landing);
    landing_connect_snippets_empty::check(cx, landing);
    landing_theme_type::check(cx, landing);
    landing_theme_accent::check(cx, landing);
    landing_theme_accent_format::check(cx, landing);
}

/// The literal object at `key` (a plain object, not an array), if set.
pub fn plain_object<'a>(landing: &'a Object, key: &str) -> Option<&'a Object> {
    match set(landing, key)? {
        Json::Object(object) => Some(object),
        _ => None,
    }
}

/// The members of the plain object `landing.<key>` for `rule`: none when the rule is off or
/// the member is not a plain object.
pub fn members_of<'a>(
    cx: &Cx,
    rule: &Rule,
    landing: &'a Object,
    key: &str,
) -> Vec<(&'a str, &'a Json)> {
    match plain_object(landing, key) {
        Some(object) if cx.on(rule) => entries(object).collect(),
        _ => Vec::new(),
    }
}

/// The members of the plain object `landing.<key>` for `rule` whose literal value `fits`
/// rejects (given the member's key and value). A value the reader could not evaluate is not
/// judged.
pub fn misfits<'a>(
    cx: &Cx,
    rule: &Rule,
    landing: &'a Object,
    key: &str,
    fits: impl Fn(&str, &Json) -> bool,
) -> Vec<(&'a str, &'a Json)> {
    members_of(cx, rule, landing, key)
        .into_iter()
        .filter_map(|(member, value)| match classify(value) {
            Static::Known(value) if !fits(member, value) => Some((member, value)),
            _ => None,
        })
        .collect()
}

/// The literal array `links`, if set.
pub fn links(landing: &Object) -> Option<&[Json]> {
    set(landing, "links")?.as_array()
}

/// A literal's type with its article, as messages say it (`an array`, `a number`).
pub fn a_type(value: &Json) -> &'static str {
    match value {
        Json::Null => "null",
        Json::Bool(_) => "a boolean",
        Json::Number(_) => "a number",
        Json::String(_) => "a string",
        Json::Array(_) => "an array",
        Json::Object(_) => "an object",
    }
}

/// The type a member must have, for the `*-type` rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Want {
    String,
    Array,
    /// A plain object (not an array).
    Object,
}

/// Reports `landing.<key>` when it is set but not of the type wanted; `fix` says what to
/// write instead.
pub fn check_type(cx: &mut Cx, rule: &Rule, landing: &Object, key: &str, want: Want, fix: &str) {
    let Some(value) = set(landing, key) else {
        return;
    };
    let (ok, noun) = match want {
        Want::String => (value.is_string(), "a string"),
        Want::Array => (value.is_array(), "an array"),
        Want::Object => (value.is_object(), "a plain object"),
    };
    if !ok && cx.on(rule) {
        cx.report(
            rule,
            at(&[key]),
            format!("landing.{key} is {}, not {noun}; {fix}", a_type(value)),
        );
    }
}

/// Reports each object entry of `landing.links` whose `key` is missing, empty or not a
/// string (an array entry has neither key); `hint` says what to write.
pub fn check_link_field(cx: &mut Cx, rule: &Rule, landing: &Object, key: &str, hint: &str) {
    let Some(links) = links(landing) else {
        return;
    };
    if !cx.on(rule) {
        return;
    }
    for (i, link) in links.iter().enumerate() {
        let value = match classify(link) {
            Static::Known(Json::Object(link)) => member(link, key),
            Static::Known(Json::Array(_)) => Member::Absent,
            _ => continue,
        };
        let wrong = match value {
            Member::Absent => "missing",
            Member::Known(Json::String(s)) if s.is_empty() => "empty",
            Member::Known(Json::String(_)) | Member::Unknown => continue,
            Member::Known(_) => "not a string",
        };
        cx.report(
            rule,
            at(&["links", &i.to_string(), key]),
            format!("landing.links[{i}].{key} is {wrong}; {hint}"),
        );
    }
}

/// Test support: a link rule skips what was not read (a spread, markers) and reports an
/// array entry and a non-string value.
#[cfg(test)]
pub fn assert_link_field_rule_skips_unread_parts(rule: &Rule) {
    let f = crate::testing::findings_of(
        rule,
        r#"{"sourceFacts": {"landing": {"links": [
            {"$unresolved": "a spread", "label": "A", "href": "/a"},
            {"href": {"$unresolved": "a call"}, "label": {"$member": "Labels.home"}},
            {"label": "B", "href": "/b", "$unresolved": "a spread"}]}}}"#,
    );
    assert!(f.is_empty(), "{f:?}");
    let f = crate::testing::findings_of(
        rule,
        r#"{"sourceFacts": {"landing": {"links": [["/a", "A"], {"href": 1, "label": 1}]}}}"#,
    );
    assert_eq!(f.len(), 2, "{f:?}");
    assert!(f[1].message.contains("not a string"), "{}", f[1].message);
}

/// Test support: `landing.<key>` unset or not evaluated is never judged by `rule`.
#[cfg(test)]
pub fn assert_unset_values_are_not_judged(rule: &Rule, key: &str) {
    for value in [
        "null".to_owned(),
        r#"{"$unresolved": "a call"}"#.to_owned(),
        format!(r#"{{"$member": "Brand.{key}"}}"#),
    ] {
        let json = format!(r#"{{"sourceFacts": {{"landing": {{"{key}": {value}}}}}}}"#);
        let f = crate::testing::findings_of(rule, &json);
        assert!(f.is_empty(), "{value}: {f:?}");
    }
}
