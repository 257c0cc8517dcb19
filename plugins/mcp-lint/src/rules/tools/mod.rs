//! Tool-level fields (and the description rule every definition kind shares).

pub mod annotation_coherence;
pub mod annotation_type;
pub mod app_tool_resource_pairing;
pub mod description_required;
pub mod icon_valid;
pub mod meta_ui_resource_uri_required;
pub mod meta_ui_resource_uri_scheme;
pub mod meta_ui_type;

use signalint_plugin_api::Json;

/// `_meta.ui` of a tool, when `_meta` is an object that has the key.
pub fn meta_ui(tool: &Json) -> Option<&Json> {
    tool.get("_meta")?.as_object()?.get("ui")
}
