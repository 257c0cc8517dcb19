//! Error handling in handler bodies, read from the `throw`s the source reader lists (so a
//! `throw` inside a string or a comment never counts). Each rule reports at most once per
//! definition, at the first offending `throw`.

pub mod no_stringify_upstream_error;
pub mod prefer_error_factory;
pub mod prefer_mcp_error_in_handler;
pub mod preserve_cause_on_rethrow;

use crate::context::Cx;
use crate::source_facts::Def;

/// Runs the group's rules on one definition (prompts have no error-handling conventions).
pub fn check(cx: &mut Cx, def: &Def) {
    if def.kind == crate::rules::ItemKind::Prompt {
        return;
    }
    let throws = def.throws();
    if throws.is_empty() {
        return;
    }
    prefer_mcp_error_in_handler::check(cx, def, &throws);
    prefer_error_factory::check(cx, def, &throws);
    preserve_cause_on_rethrow::check(cx, def, &throws);
    no_stringify_upstream_error::check(cx, def, &throws);
}
