use std::collections::HashMap;

use signalint_plugin_api::Json;
use signalint_plugin_api::McpSurface;

use crate::context::{Cx, ptr};
use crate::rules::ItemKind;

declare_rule! {
    /// ## What it does
    /// Flags a name used twice among the tools, among the prompts, or among the resource
    /// templates (keyed by `name`, else by `uriTemplate`, as the original linter keys its
    /// resource definitions), and a `uri` listed twice in `resources/list`. Each duplicate is
    /// reported once, at its second occurrence.
    ///
    /// Concrete resources are keyed by `uri`, not by `name`: they are instances (files,
    /// rows), and two files called `README.md` in different folders are fine.
    ///
    /// ## Why is this bad?
    /// Clients address tools and prompts by name: with two definitions of one name the
    /// second silently replaces the first, or the client refuses the server.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [
    ///   {"name": "search", "description": "Search issues.", "inputSchema": {"type": "object"}},
    ///   {"name": "search", "description": "Search code.", "inputSchema": {"type": "object"}}
    /// ]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [
    ///   {"name": "search_issues", "description": "Search issues.", "inputSchema": {"type": "object"}},
    ///   {"name": "search_code", "description": "Search code.", "inputSchema": {"type": "object"}}
    /// ]}
    /// ```
    pub RULE = {
        id: "name-unique",
        group: Definition,
        severity: Error,
        summary: "Two tools, prompts or resource templates share a name, or two resources a URI",
    }
}

/// One list of a surface with the kind of its items.
type List<'a> = (ItemKind, &'a [Json]);

pub fn check(cx: &mut Cx, surface: &McpSurface) {
    if !cx.on(&RULE) {
        return;
    }
    let groups: [(&str, &[List]); 4] = [
        ("tool", &[(ItemKind::Tool, &surface.tools)]),
        ("resource", &[(ItemKind::Resource, &surface.resources)]),
        (
            "resource template",
            &[(ItemKind::ResourceTemplate, &surface.resource_templates)],
        ),
        ("prompt", &[(ItemKind::Prompt, &surface.prompts)]),
    ];
    for (noun, lists) in groups {
        // key -> (first pointer, count)
        let mut seen: HashMap<&str, (String, usize)> = HashMap::new();
        for (kind, items) in lists {
            for (i, item) in items.iter().enumerate() {
                let Some((key, field)) = identity(*kind, item) else {
                    continue;
                };
                let here = ptr(&format!("/{}/{i}", kind.list_key()), field);
                let entry = seen.entry(key).or_insert_with(|| (here.clone(), 0));
                entry.1 += 1;
                if entry.1 == 2 {
                    let first = entry.0.clone();
                    let is_tool = *kind == ItemKind::Tool;
                    if is_tool {
                        cx.set_tool(Some(key));
                    }
                    if let Some(f) = cx.report(
                        &RULE,
                        here,
                        format!("{noun} `{key}` is defined more than once (first at `{first}`)"),
                    ) && is_tool
                    {
                        f.related_tool = Some(key.to_owned());
                    }
                    cx.set_tool(None);
                }
            }
        }
    }
}

/// The identity of an item and the field it comes from.
fn identity(kind: ItemKind, item: &Json) -> Option<(&str, &'static str)> {
    let fields: &[&'static str] = match kind {
        ItemKind::Tool | ItemKind::Prompt => &["name"],
        ItemKind::Resource => &["uri"],
        ItemKind::ResourceTemplate => &["name", "uriTemplate"],
    };
    fields.iter().find_map(|f| {
        item.get(*f)
            .and_then(Json::as_str)
            .filter(|s| !s.is_empty())
            .map(|s| (s, *f))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn resources_fall_back_to_templates_and_report_once() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"resources": [{"uri": "a://x"}, {"uri": "a://x"}, {"uri": "a://x"}, {"name": "README.md", "uri": "file:///a/README.md"}, {"name": "README.md", "uri": "file:///b/README.md"}],
                "resourceTemplates": [{"name": "t", "uriTemplate": "a://{x}"}, {"name": "t", "uriTemplate": "b://{x}"}, {"uriTemplate": "c://{x}"}, {"uriTemplate": "c://{x}"}]}"#,
        );
        let pointers: Vec<_> = f.iter().filter_map(|f| f.pointer.as_deref()).collect();
        assert_eq!(
            pointers,
            [
                "/resources/1/uri",
                "/resourceTemplates/1/name",
                "/resourceTemplates/3/uriTemplate"
            ]
        );
    }
}
