//! The `enrichment` block of mcp-ts-core tools, read from source: its shape, its keys
//! against the tool's own `output` keys, and the `enrichmentTrailer` that renders it into
//! `content[]`. The advertised `outputSchema` is `output.extend(enrichment)`, so what only
//! the declaration shows comes from the source facts `enrichment` (the block as a static
//! value: Zod schemas are unevaluated markers, literals are not schemas), `enrichmentFields`
//! (each Zod member's JSON Schema), `outputFields` (the keys of `output` before the
//! extension) and `enrichmentTrailer`.

pub mod enrichment_empty;
pub mod enrichment_field_type;
pub mod enrichment_output_collision;
pub mod enrichment_trailer_orphan;
pub mod enrichment_trailer_render;
pub mod enrichment_trailer_unknown_field;
pub mod enrichment_type;

use std::fmt::Display;

use signalint_plugin_api::{Json, Object};

use crate::context::{Cx, ptr};
use crate::rule::Rule;
use crate::source_facts::{Def, UNREAD_MEMBERS, known};

/// The block's members when `enrichment` is a literal object (not an array).
pub fn block<'a>(def: &Def<'a>) -> Option<&'a Object> {
    def.field("enrichment")
        .and_then(known)
        .and_then(Json::as_object)
}

/// Pointer of a member of the block.
pub fn member_ptr(def: &Def, key: &str) -> String {
    ptr(&def.facts_ptr("enrichment"), key)
}

/// Reports `rule` at a member of the block, saying `tool `search` enrichment field `key` <text>`.
pub fn report_member(cx: &mut Cx, rule: &Rule, def: &Def, key: &str, text: impl Display) {
    cx.report(
        rule,
        member_ptr(def, key),
        format!("{} enrichment field `{key}` {text}", def.subject()),
    );
}

/// Runs the group's rules on one tool.
pub fn check(cx: &mut Cx, def: &Def) {
    if def.field("enrichment").is_none() {
        enrichment_trailer_orphan::check(cx, def);
        return;
    }
    if !enrichment_type::check(cx, def) {
        return;
    }
    let Some(members) = block(def) else {
        return;
    };
    if members.is_empty() {
        enrichment_empty::report(cx, def);
        return;
    }
    for (key, value) in members.iter().filter(|(key, _)| *key != UNREAD_MEMBERS) {
        enrichment_field_type::check(cx, def, key, value);
        enrichment_output_collision::check(cx, def, key);
        enrichment_trailer_render::check(cx, def, key, value);
    }
    enrichment_trailer_unknown_field::check(cx, def, members);
}
