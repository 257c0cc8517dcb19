//! Runs every rule over one surface.

use signalint_plugin_api::Json;
use signalint_plugin_api::{Finding, McpSurface, Object};

use crate::context::{Cx, ptr};
use crate::options::Settings;
use crate::rules::{
    ItemKind, SchemaRole, SchemaScan, definition, enrichment, errors, handler, landing, output,
    portability, prompts, resources, schema, server_json, source, tools,
};
use crate::source_facts;
use crate::walker;

pub(crate) fn lint_surface(
    settings: &Settings,
    index: usize,
    surface: &McpSurface,
) -> Vec<Finding> {
    let mut cx = Cx::new(settings, index);
    let lists: [(ItemKind, &[Json]); 4] = [
        (ItemKind::Tool, &surface.tools),
        (ItemKind::Resource, &surface.resources),
        (ItemKind::ResourceTemplate, &surface.resource_templates),
        (ItemKind::Prompt, &surface.prompts),
    ];
    for (kind, items) in lists {
        for (i, item) in items.iter().enumerate() {
            let base = format!("/{}/{i}", kind.list_key());
            let filled = with_unresolved_members(surface, kind, i, item, &base);
            let item = filled.as_ref().unwrap_or(item);
            if !item.is_object() {
                definition::definition_invalid::check(&mut cx, kind, item, &base);
                continue;
            }
            match kind {
                ItemKind::Tool => {
                    let facts = source_facts::facts_of(surface, kind, i);
                    tool(&mut cx, item, &base, facts)
                }
                ItemKind::Resource | ItemKind::ResourceTemplate => {
                    resource(&mut cx, kind, item, &base)
                }
                ItemKind::Prompt => prompt(&mut cx, item, &base),
            }
        }
    }
    cx.set_tool(None);
    source_rules(&mut cx, surface);
    definition::name_unique::check(&mut cx, surface);
    tools::app_tool_resource_pairing::check(&mut cx, surface);
    if let Some(doc) = &surface.server_json {
        server_json::check(&mut cx, doc);
    }
    let findings = schema::describe_on_fields::merge_shared(surface, cx.into_findings());
    source_facts::without_placeholder_findings(surface, findings)
}

/// A definition read from source lacks each member the reader could not resolve (a
/// description built by a call): the copy the JSON rules see holds a placeholder string there
/// instead, so that no rule reports the member missing (rules take a non-empty string as
/// present). What a rule says about the placeholder itself, at its pointer, is dropped by
/// `without_placeholder_findings`, and `source-unresolved` reports the member. `None` when no
/// member is absent that way.
fn with_unresolved_members(
    surface: &McpSurface,
    kind: ItemKind,
    index: usize,
    item: &Json,
    base: &str,
) -> Option<Json> {
    let unresolved = source_facts::facts_of(surface, kind, index)?
        .get("unresolved")?
        .as_array()?;
    let mut filled: Option<Json> = None;
    for entry in unresolved {
        let Some(pointer) = entry.get("pointer").and_then(Json::as_str) else {
            continue;
        };
        let why = entry.get("reason").and_then(Json::as_str).unwrap_or("?");
        let Some(rest) = pointer.strip_prefix(base).filter(|r| r.starts_with('/')) else {
            continue;
        };
        let (parent, key) = rest.rsplit_once('/').unwrap_or(("", rest));
        let key = key.replace("~1", "/").replace("~0", "~");
        let current = filled.as_ref().unwrap_or(item);
        let absent = current
            .pointer(parent)
            .and_then(Json::as_object)
            .is_some_and(|o| !o.contains_key(&key));
        if !absent {
            continue;
        }
        let copy = filled.get_or_insert_with(|| item.clone());
        if let Some(Json::Object(object)) = pointer_mut(copy, parent) {
            let mut members = std::mem::take(object).into_entries();
            members.push((
                key.into(),
                Json::from(format!("(not read from source: {why})")),
            ));
            *object = Object::from_entries(members);
        }
    }
    filled
}

/// The value at a JSON pointer, to change it.
fn pointer_mut<'j>(value: &'j mut Json, pointer: &str) -> Option<&'j mut Json> {
    let mut at = value;
    for segment in pointer.split('/').skip(1) {
        let segment = segment.replace("~1", "/").replace("~0", "~");
        at = match at {
            Json::Object(object) => object.get_mut(&segment)?,
            Json::Array(items) => items.get_mut(segment.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(at)
}

/// The rules that read source facts; nothing runs for a surface without them.
fn source_rules(cx: &mut Cx, surface: &McpSurface) {
    for def in source_facts::defs(surface) {
        if def.kind == ItemKind::Tool {
            cx.set_tool(def.item.get("name").and_then(Json::as_str));
        }
        source::check(cx, &def);
        handler::check(cx, &def);
        errors::check(cx, &def);
        if def.kind == ItemKind::Tool {
            enrichment::check(cx, &def);
        }
        cx.set_tool(None);
    }
    source::canvas_consumer_missing::check(cx, surface);
    landing::check(cx, surface);
}

/// `facts`: the tool's source facts, when it was read from source.
fn tool(cx: &mut Cx, item: &Json, base: &str, facts: Option<&Json>) {
    cx.set_tool(item.get("name").and_then(Json::as_str));
    definition::field_name_spelling::check(cx, ItemKind::Tool, item, base);
    definition::name_required::check(cx, ItemKind::Tool, item, base);
    definition::name_format::check(cx, item, base);
    tools::description_required::check(cx, ItemKind::Tool, item, base);
    tools::icon_valid::check(cx, ItemKind::Tool, item, base);
    tools::annotation_type::check(cx, item, base);
    tools::annotation_coherence::check(cx, item, base);
    tools::meta_ui_type::check(cx, item, base);
    tools::meta_ui_resource_uri_required::check(cx, item, base);
    tools::meta_ui_resource_uri_scheme::check(cx, item, base);
    schema::schema_is_object::check(cx, item, base);
    output::capped_list_no_truncation::check(cx, item, base);
    if facts.is_none_or(|f| f.get("enrichment").is_none()) {
        output::enrichment_prefer_block::check(cx, item, base);
    }
    for role in [SchemaRole::Input, SchemaRole::Output] {
        if let Some(root) = item.get(role.key()) {
            scan_schema(cx, root, &ptr(base, role.key()), role);
        }
    }
    cx.set_tool(None);
}

/// Runs the root and node rules over one schema with a single walk.
fn scan_schema(cx: &mut Cx, root: &Json, base: &str, role: SchemaRole) {
    if !(root.is_object() || root.is_boolean()) {
        return;
    }
    portability::schema_dialect_tag::check_root(cx, root, base);
    portability::schema_root_oneof_portability::check_root(cx, root, base);
    let mut scan = SchemaScan::new(root, role);
    walker::walk(root, base, &mut |pointer, node, ncx| {
        schema::describe_on_fields::check_node(cx, &scan, pointer, node, ncx);
        schema::schema_unsatisfiable::check_node(cx, pointer, node, ncx);
        schema::schema_required_unknown::check_node(cx, pointer, node, ncx);
        schema::schema_type_valid::check_node(cx, pointer, node);
        schema::schema_required_array::check_node(cx, pointer, node, ncx);
        schema::header_param_designation::check_node(cx, &mut scan, pointer, node, ncx);
        portability::schema_format_portability::check_node(cx, pointer, node);
        portability::schema_anyof_needs_type::check_node(cx, pointer, node, ncx);
        portability::schema_no_discriminator_keyword::check_node(cx, pointer, node);
        portability::schema_no_defs::check_node(cx, &mut scan, pointer, node, ncx);
    });
}

fn resource(cx: &mut Cx, kind: ItemKind, item: &Json, base: &str) {
    definition::field_name_spelling::check(cx, kind, item, base);
    definition::name_required::check(cx, kind, item, base);
    tools::description_required::check(cx, kind, item, base);
    tools::icon_valid::check(cx, kind, item, base);
    resources::resource_name_not_uri::check(cx, kind, item, base);
    resources::resource_mime_type::check(cx, kind, item, base);
    if kind == ItemKind::ResourceTemplate {
        resources::uri_template_required::check(cx, item, base);
        resources::uri_template_valid::check(cx, item, base);
    } else {
        resources::resource_uri_required::check(cx, item, base);
        resources::resource_uri_valid::check(cx, item, base);
    }
}

fn prompt(cx: &mut Cx, item: &Json, base: &str) {
    definition::field_name_spelling::check(cx, ItemKind::Prompt, item, base);
    definition::name_required::check(cx, ItemKind::Prompt, item, base);
    tools::description_required::check(cx, ItemKind::Prompt, item, base);
    tools::icon_valid::check(cx, ItemKind::Prompt, item, base);
    prompts::prompt_argument_shape::check(cx, item, base);
    prompts::prompt_argument_description::check(cx, item, base);
}

#[cfg(test)]
mod tests {
    use signalint_plugin_api::McpSurface;

    /// `code pointer` of every finding on `surface`.
    fn findings(surface: &str) -> Vec<String> {
        let surface: McpSurface = serde_json::from_str(surface).unwrap();
        crate::lint_surfaces(&[surface], &serde_json::Value::Null)
            .unwrap()
            .iter()
            .map(|f| format!("{} {}", f.code, f.pointer.as_deref().unwrap_or("")))
            .collect()
    }

    #[test]
    fn an_unresolved_member_is_not_reported_missing() {
        // The reader could not evaluate the tool's description, a field's description or the
        // prompt's title: they are absent from the item and named in `unresolved`.
        let got = findings(
            r#"{"server": "s", "tools": [{"name": "t", "inputSchema": {"type": "object",
                  "properties": {"size": {"type": "integer"}}}}],
                "prompts": [{"name": "p", "description": "Plans."}],
                "sourceFacts": {
                  "tools": [{"handler": null, "unresolved": [
                    {"pointer": "/tools/0/description", "reason": "the description is not a static string: a call"},
                    {"pointer": "/tools/0/inputSchema/properties/size/description", "reason": "the description is not a static string: a call"}]}],
                  "prompts": [{"handler": null, "unresolved": [
                    {"pointer": "/prompts/0/title", "reason": "the title is not a static string: a call"}]}]}}"#,
        );
        assert_eq!(
            got,
            [
                "source-unresolved /tools/0/description",
                "source-unresolved /tools/0/inputSchema/properties/size/description",
                "source-unresolved /prompts/0/title"
            ]
        );
        // The same tool with no description and nothing unresolved is missing one.
        let got = findings(
            r#"{"server": "s", "tools": [{"name": "t", "inputSchema": {"type": "object",
                  "properties": {"size": {"type": "integer"}}}}],
                "sourceFacts": {"tools": [{"handler": null, "unresolved": []}]}}"#,
        );
        assert_eq!(
            got,
            [
                "description-required /tools/0",
                "describe-on-fields /tools/0/inputSchema/properties/size"
            ]
        );
    }
}
