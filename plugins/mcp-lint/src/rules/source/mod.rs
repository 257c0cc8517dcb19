//! Definitions read from source: whether the handler (or `generate`) is written, the
//! framework `auth` field, resource `params` against the URI template, and what the reader
//! could not convert (`unserializable`) or resolve (`unresolved`), and the DataCanvas
//! consumer pairing of mcp-ts-core servers. Every rule here reads
//! [`source_facts`](crate::source_facts) and is silent on manifests and live servers.

pub mod auth_scope_format;
pub mod auth_type;
pub mod canvas_consumer_missing;
pub mod format_parity_unverified;
pub mod generate_required;
pub mod handler_required;
pub mod schema_serializable;
pub mod source_unresolved;
pub mod template_params_align;

use crate::context::Cx;
use crate::source_facts::Def;

/// Runs the group's rules on one definition.
pub fn check(cx: &mut Cx, def: &Def) {
    handler_required::check(cx, def);
    generate_required::check(cx, def);
    auth_type::check(cx, def);
    auth_scope_format::check(cx, def);
    template_params_align::check(cx, def);
    schema_serializable::check(cx, def);
    format_parity_unverified::check(cx, def);
    crate::rules::format::check(cx, def);
    source_unresolved::check(cx, def);
}
