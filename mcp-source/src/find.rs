//! Finding definitions: the official SDK's `registerTool`/`tool`/`registerResource`/
//! `resource`/`registerPrompt`/`prompt` calls, `@cyanheads/mcp-ts-core`'s `tool()`/
//! `resource()`/`prompt()`/`appTool()`/`appResource()` builders, and exported definition
//! objects (`export const x = { name, inputSchema, … }`) in definition files.

use std::rc::Rc;

use oxc_ast::ast::{
    Argument, CallExpression, Declaration, Expression, ObjectExpression, ObjectPropertyKind,
    Statement,
};
use oxc_ast_visit::{Visit, walk};
use oxc_span::GetSpan;
use signalint_plugin_api::Json;

use crate::format;
use crate::handler;
use crate::locations::Recorder;
use crate::project::{Binding, Module, Project};
use crate::values::{Values, obj, static_key, static_string, string_or_why};
use crate::zod::{Gaps, Io, Node, Render, Zod};

/// The four lists of a surface.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum List {
    Tools = 0,
    Resources = 1,
    ResourceTemplates = 2,
    Prompts = 3,
}

impl List {
    pub const ALL: [List; 4] = [
        List::Tools,
        List::Resources,
        List::ResourceTemplates,
        List::Prompts,
    ];

    pub fn key(self) -> &'static str {
        match self {
            List::Tools => "tools",
            List::Resources => "resources",
            List::ResourceTemplates => "resourceTemplates",
            List::Prompts => "prompts",
        }
    }
}

/// The SDK's and mcp-ts-core's file suffixes for definition files.
pub const DEFINITION_SUFFIXES: [&str; 5] = [
    ".tool.ts",
    ".resource.ts",
    ".prompt.ts",
    ".app-tool.ts",
    ".app-resource.ts",
];

/// Everything read so far.
pub(crate) struct Reader<'p, 'a> {
    pub project: &'p Project<'a>,
    pub rec: Recorder,
    pub lists: [Vec<Json>; 4],
    pub facts: [Vec<Json>; 4],
    /// Definitions left out past the item cap, per list.
    pub dropped: [usize; 4],
}

/// A definition's options: its named members, whatever syntax they came from.
#[derive(Default)]
struct Fields<'e, 'a> {
    members: Vec<(String, &'e Expression<'a>, u32)>,
}

impl<'e, 'a> Fields<'e, 'a> {
    fn of(object: &'e ObjectExpression<'a>) -> Self {
        let members = object
            .properties
            .iter()
            .filter_map(|p| match p {
                ObjectPropertyKind::ObjectProperty(p) => {
                    Some((static_key(&p.key)?, &p.value, p.span.start))
                }
                ObjectPropertyKind::SpreadProperty(_) => None,
            })
            .collect();
        Self { members }
    }

    fn get(&self, key: &str) -> Option<(&'e Expression<'a>, u32)> {
        self.members
            .iter()
            .find(|(k, _, _)| k == key)
            .map(|(_, e, at)| (*e, *at))
    }

    fn first(&self, keys: &[&str]) -> Option<(&'e Expression<'a>, u32)> {
        keys.iter().find_map(|k| self.get(k))
    }

    fn insert(&mut self, key: &str, expr: &'e Expression<'a>) {
        self.members.push((key.to_owned(), expr, expr.span().start));
    }
}

/// One definition found, before it takes its place in a list.
struct Found<'e, 'a> {
    framework: &'static str,
    kind: &'static str,
    /// Where the definition starts (the call or the object).
    at: u32,
    name: String,
    name_at: u32,
    /// A resource's URI or template.
    uri: Option<String>,
    fields: Fields<'e, 'a>,
    /// The SDK callback when given positionally; `Some(None)` when absent.
    callback: Option<Option<&'e Expression<'a>>>,
}

impl<'p, 'a> Reader<'p, 'a> {
    pub fn new(project: &'p Project<'a>) -> Self {
        Self {
            project,
            rec: Recorder::default(),
            lists: Default::default(),
            facts: Default::default(),
            dropped: [0; 4],
        }
    }

    /// Reads every definition in `module`.
    pub fn read_module(&mut self, module: &Rc<Module<'a>>, definition_file: bool) {
        let sdk = module.imports.values().any(|i| {
            i.source.starts_with("@modelcontextprotocol/sdk")
                || i.source.starts_with("@modelcontextprotocol/server")
        });
        let mut finder = Finder {
            reader: self,
            module: module.clone(),
            sdk,
            depth: 0,
        };
        finder.visit_program(module.program);
        if definition_file {
            for statement in &module.program.body {
                if let Statement::ExportDeclaration(export) = statement
                    && let Declaration::VariableDeclaration(decl) = &export.declaration
                {
                    for declarator in &decl.declarations {
                        if let Some(init) = &declarator.init {
                            self.exported_object(module, init);
                        }
                    }
                }
            }
        }
    }

    /// `export const gitStatusTool = { name: 'git_status', inputSchema, … }`.
    fn exported_object(&mut self, module: &Rc<Module<'a>>, init: &Expression<'a>) {
        let Expression::ObjectExpression(object) = init.get_inner_expression() else {
            return;
        };
        let fields = Fields::of(object);
        let file = self.project.display(&module.abs);
        let core = module
            .imports
            .values()
            .any(|i| i.source.starts_with("@cyanheads/mcp-ts-core"));
        let framework = if core { "mcp-ts-core" } else { "mcp-sdk" };
        let name = fields
            .get("name")
            .and_then(|(e, at)| Some((static_string(self.project, module, e)?, at)));
        let uri = fields
            .first(&["uriTemplate", "uri"])
            .and_then(|(e, _)| static_string(self.project, module, e));
        let (kind, list) = if file.ends_with(".app-tool.ts") {
            ("app-tool", List::Tools)
        } else if file.ends_with(".tool.ts") {
            ("tool", List::Tools)
        } else if file.ends_with(".app-resource.ts") {
            ("app-resource", List::Resources)
        } else if file.ends_with(".resource.ts") {
            ("resource", List::Resources)
        } else if file.ends_with(".prompt.ts") {
            ("prompt", List::Prompts)
        } else {
            return;
        };
        let looks_like = match list {
            List::Tools => {
                fields
                    .first(&["inputSchema", "input", "logic", "handler"])
                    .is_some()
                    && name.is_some()
            }
            List::Prompts => name.is_some(),
            _ => uri.is_some(),
        };
        if !looks_like {
            return;
        }
        let (name, name_at) = name.unwrap_or_else(|| (uri.clone().unwrap_or_default(), 0));
        let found = Found {
            framework,
            kind,
            at: object.span.start,
            name,
            name_at,
            uri,
            fields,
            callback: None,
        };
        self.add(module, list, found);
    }

    /// Places a definition in its list (or counts it as dropped past the cap).
    fn add(&mut self, module: &Rc<Module<'a>>, list: List, found: Found<'_, 'a>) {
        let list = match (list, &found.uri) {
            (List::Resources, Some(uri)) if uri.contains('{') => List::ResourceTemplates,
            (list, _) => list,
        };
        let slot = list as usize;
        let index = self.lists[slot].len();
        if index >= self.project.limits.items {
            self.dropped[slot] += 1;
            return;
        }
        let base = format!("/{}/{index}", list.key());
        let facts_base = format!("/sourceFacts/{}/{index}", list.key());
        self.rec.put(&base, module.loc(found.at));
        self.rec.put(&facts_base, module.loc(found.at));
        if found.name_at != 0 {
            self.rec
                .put(&format!("{base}/name"), module.loc(found.name_at));
        }
        let mut gaps = Gaps::default();
        let mut entries: Vec<(&str, Json)> = Vec::new();
        match list {
            List::Tools | List::Prompts => entries.push(("name", found.name.clone().into())),
            List::Resources => {
                entries.push(("uri", found.uri.clone().unwrap_or_default().into()));
                entries.push(("name", found.name.clone().into()));
            }
            List::ResourceTemplates => {
                entries.push(("uriTemplate", found.uri.clone().unwrap_or_default().into()));
                entries.push(("name", found.name.clone().into()));
            }
        }
        for key in ["title", "description"] {
            if let Some((expr, at)) = found.fields.get(key) {
                let value = self.string_field(module, expr);
                self.rec.put(&format!("{base}/{key}"), module.loc(at));
                match value {
                    Ok(text) => entries.push((key, text.into())),
                    Err(why) => gaps.unresolved.push(obj(vec![
                        ("pointer", format!("{base}/{key}").into()),
                        (
                            "reason",
                            format!("the {key} is not a static string: {why}").into(),
                        ),
                    ])),
                }
            }
        }
        let zod = Zod {
            project: self.project,
        };
        // The keys of `output` as written, before the enrichment block extends it.
        let mut output_fields: Option<Vec<Json>> = None;
        match list {
            List::Tools => {
                let input = found.fields.first(&["inputSchema", "input"]);
                let schema = match input {
                    Some((expr, at)) => {
                        let pointer = format!("{base}/inputSchema");
                        self.rec.put(&pointer, module.loc(at));
                        let node = zod.shape_or_schema(module, expr, 0);
                        self.render(&node, &pointer, Io::Input, &mut gaps)
                    }
                    None => obj(vec![("type", "object".into()), ("properties", obj(vec![]))]),
                };
                entries.push(("inputSchema", schema));
                if let Some((expr, at)) = found.fields.first(&["outputSchema", "output"]) {
                    let pointer = format!("{base}/outputSchema");
                    self.rec.put(&pointer, module.loc(at));
                    let mut node = zod.shape_or_schema(module, expr, 0);
                    output_fields = node
                        .members()
                        .map(|members| members.map(|(name, _, _)| Json::from(name)).collect());
                    // mcp-ts-core advertises `output.extend(enrichment)`: the listing a client
                    // sees has the enrichment fields beside the output's own.
                    if let Some((enrichment, _)) = found.fields.get("enrichment") {
                        let enrichment = zod.shape_or_schema(module, enrichment, 0);
                        if enrichment.members().is_some() {
                            node.extend(enrichment, "extend");
                        }
                    }
                    let schema = self.render(&node, &pointer, Io::Output, &mut gaps);
                    entries.push(("outputSchema", schema));
                }
            }
            List::Prompts => {
                if let Some((expr, at)) = found.fields.first(&["argsSchema", "args"]) {
                    let pointer = format!("{base}/arguments");
                    self.rec.put(&pointer, module.loc(at));
                    let node = zod.shape_or_schema(module, expr, 0);
                    entries.push(("arguments", self.arguments(&node, &pointer, &mut gaps)));
                }
            }
            List::Resources | List::ResourceTemplates => {
                if let Some((expr, at)) = found.fields.get("mimeType") {
                    self.rec.put(&format!("{base}/mimeType"), module.loc(at));
                    if let Ok(text) = self.string_field(module, expr) {
                        entries.push(("mimeType", text.into()));
                    }
                } else if found.kind == "app-resource" {
                    entries.push(("mimeType", "text/html;profile=mcp-app".into()));
                }
            }
        }
        for key in ["annotations", "_meta"] {
            if let Some((expr, at)) = found.fields.get(key) {
                let value = self.static_field(module, expr, at, &format!("{base}/{key}"));
                entries.push((key, value));
            }
        }
        // The facts only the source knows.
        let mut facts: Vec<(&str, Json)> = vec![
            ("framework", found.framework.into()),
            ("kind", found.kind.into()),
            ("file", self.project.display(&module.abs).into()),
        ];
        let handler_keys: &[&str] = match list {
            List::Prompts => &["generate", "handler"],
            _ => &["handler", "logic"],
        };
        let handler = match found.callback {
            Some(callback) => callback.map(|e| (e, e.span().start)),
            // A task tool's handlers (`createTask`, `getTask`, `getTaskResult`) are its handler.
            None => found.fields.first(handler_keys).or_else(|| {
                found
                    .fields
                    .get("taskHandlers")
                    .filter(|_| list == List::Tools)
            }),
        };
        if let Some((expr, at)) = handler {
            let pointer = format!("{facts_base}/handler");
            self.rec.put(&pointer, module.loc(at));
            facts.push(("handler", self.handler(module, expr, &pointer)));
        }
        for key in ["auth", "errors", "enrichment", "enrichmentTrailer"] {
            if let Some((expr, at)) = found.fields.get(key) {
                let value = self.static_field(module, expr, at, &format!("{facts_base}/{key}"));
                facts.push((key, value));
            }
        }
        if list == List::Tools {
            if let Some(fields) = output_fields {
                facts.push(("outputFields", Json::from(fields)));
            }
            if let Some((expr, _)) = found.fields.get("enrichment") {
                let node = zod.shape_or_schema(module, expr, 0);
                if let Some(members) = node.members() {
                    let mut schemas = Vec::new();
                    for (name, member, loc) in members {
                        let pointer = format!("{facts_base}/enrichmentFields/{name}");
                        self.rec.put(&pointer, loc);
                        let schema = self.render(member, &pointer, Io::Output, &mut gaps);
                        schemas.push((name, schema));
                    }
                    facts.push(("enrichmentFields", obj(schemas)));
                }
            }
        }
        if matches!(list, List::Resources | List::ResourceTemplates)
            && let Some((expr, at)) = found.fields.get("params")
        {
            let pointer = format!("{facts_base}/params");
            self.rec.put(&pointer, module.loc(at));
            let node = zod.shape_or_schema(module, expr, 0);
            let schema = self.render(&node, &pointer, Io::Input, &mut gaps);
            facts.push(("params", schema));
        }
        if let Some((expr, at)) = found.fields.get("format") {
            self.rec
                .put(&format!("{facts_base}/format"), module.loc(at));
            facts.push(("format", format::facts(module, expr)));
        }
        facts.push(("unserializable", Json::from(gaps.unserializable)));
        facts.push(("unresolved", Json::from(gaps.unresolved)));
        self.lists[slot].push(obj(entries));
        self.facts[slot].push(obj(facts));
    }

    /// A member's static value, its members and elements placed under `pointer`.
    fn static_field(
        &mut self,
        module: &Rc<Module<'a>>,
        expr: &Expression<'a>,
        at: u32,
        pointer: &str,
    ) -> Json {
        self.rec.put(pointer, module.loc(at));
        Values {
            project: self.project,
            rec: &mut self.rec,
        }
        .value(module, expr, pointer, 0)
    }

    fn string_field(
        &self,
        module: &Rc<Module<'a>>,
        expr: &Expression<'a>,
    ) -> Result<String, String> {
        string_or_why(self.project, module, expr)
    }

    fn render(&mut self, node: &Node, pointer: &str, io: Io, gaps: &mut Gaps) -> Json {
        Render {
            io,
            rec: &mut self.rec,
            gaps,
        }
        .render(node, pointer)
    }

    /// A prompt's `arguments` from its args schema, as the SDK lists them.
    fn arguments(&mut self, node: &Node, pointer: &str, gaps: &mut Gaps) -> Json {
        let Some(members) = node.members() else {
            gaps.unresolved.push(obj(vec![
                ("pointer", pointer.into()),
                (
                    "reason",
                    "the arguments schema is not an object it can read".into(),
                ),
            ]));
            return Json::from(Vec::<Json>::new());
        };
        let mut list = Vec::new();
        for (i, (name, member, loc)) in members.enumerate() {
            self.rec.put(&format!("{pointer}/{i}"), loc);
            let mut entries: Vec<(&str, Json)> = vec![("name", name.into())];
            if let Some(text) = member.description() {
                entries.push(("description", text.into()));
            }
            entries.push((
                "required",
                Json::Bool(!member.is_optional_prompt_argument()),
            ));
            list.push(obj(entries));
        }
        Json::from(list)
    }

    /// The handler's facts, or `null` when it is not a function the reader can see.
    fn handler(&mut self, module: &Rc<Module<'a>>, expr: &Expression<'a>, pointer: &str) -> Json {
        let facts = match expr.get_inner_expression() {
            // A task tool's `taskHandlers: { createTask, getTask, getTaskResult }` object: its
            // methods together are the handler.
            function @ (Expression::ArrowFunctionExpression(_)
            | Expression::FunctionExpression(_)
            | Expression::ObjectExpression(_)) => {
                handler::collect(|c| c.visit_expression(function))
            }
            Expression::Identifier(id) => match self.project.binding(module, id.name.as_str(), 0) {
                Ok((target, Binding::Function(f))) if target.file == module.file => {
                    handler::collect(|c| {
                        if let Some(body) = &f.body {
                            c.visit_function_body(body);
                        }
                    })
                }
                _ => return Json::Null,
            },
            _ => return Json::Null,
        };
        let mut throws = Vec::with_capacity(facts.throws.len());
        for (k, (fact, at)) in facts.throws.into_iter().enumerate() {
            self.rec
                .put(&format!("{pointer}/throws/{k}"), module.loc(at));
            throws.push(fact);
        }
        let mut fails = Vec::with_capacity(facts.fail_calls.len());
        for (k, (fact, at)) in facts.fail_calls.into_iter().enumerate() {
            self.rec
                .put(&format!("{pointer}/failCalls/{k}"), module.loc(at));
            fails.push(fact);
        }
        obj(vec![
            ("throws", Json::from(throws)),
            ("failCalls", Json::from(fails)),
        ])
    }

    /// An SDK registration call.
    fn sdk_call(&mut self, module: &Rc<Module<'a>>, call: &CallExpression<'a>, method: &str) {
        let args: Vec<&Expression<'a>> = call
            .arguments
            .iter()
            .filter_map(Argument::as_expression)
            .collect();
        let Some((first, rest)) = args.split_first() else {
            return;
        };
        // A registrar of definitions kept elsewhere (`server.registerTool(def.name, …)`) is
        // not a definition: only a static name is.
        let Some(name) = static_string(self.project, module, first) else {
            return;
        };
        let function = |e: &&Expression<'a>| {
            matches!(
                e.get_inner_expression(),
                Expression::ArrowFunctionExpression(_) | Expression::FunctionExpression(_)
            )
        };
        let callback = rest
            .last()
            .copied()
            .filter(|e| function(e) || is_identifier(e));
        let before_callback = match callback {
            Some(_) => &rest[..rest.len() - 1],
            None => rest,
        };
        let mut fields = Fields::default();
        let (list, uri) = match method {
            "registerTool" | "registerPrompt" => {
                if let Some(options) = before_callback.first() {
                    fields = self.options(module, options);
                }
                (
                    if method == "registerTool" {
                        List::Tools
                    } else {
                        List::Prompts
                    },
                    None,
                )
            }
            "tool" | "prompt" => {
                let mut objects = Vec::new();
                for arg in before_callback {
                    match arg.get_inner_expression() {
                        Expression::StringLiteral(_) | Expression::TemplateLiteral(_) => {
                            fields.insert("description", arg);
                        }
                        _ => objects.push(*arg),
                    }
                }
                let shape_key = if method == "tool" {
                    "inputSchema"
                } else {
                    "argsSchema"
                };
                for (i, object) in objects.into_iter().enumerate() {
                    let key = if i == 0 && !looks_like_annotations(object) {
                        shape_key
                    } else {
                        "annotations"
                    };
                    fields.insert(key, object);
                }
                (
                    if method == "tool" {
                        List::Tools
                    } else {
                        List::Prompts
                    },
                    None,
                )
            }
            // registerResource(name, uri | new ResourceTemplate(tpl, …), metadata, cb)
            _ => {
                let Some(target) = before_callback.first() else {
                    return;
                };
                let uri = match target.get_inner_expression() {
                    Expression::NewExpression(new) => new
                        .arguments
                        .first()
                        .and_then(Argument::as_expression)
                        .and_then(|e| static_string(self.project, module, e))
                        .map(|t| {
                            if t.contains('{') {
                                t
                            } else {
                                format!("{t}{{}}")
                            }
                        }),
                    other => static_string(self.project, module, other),
                };
                let Some(uri) = uri else {
                    return;
                };
                if let Some(metadata) = before_callback.get(1) {
                    fields = self.options(module, metadata);
                }
                (List::Resources, Some(uri))
            }
        };
        let kind = match list {
            List::Tools => "tool",
            List::Prompts => "prompt",
            _ => "resource",
        };
        let found = Found {
            framework: "mcp-sdk",
            kind,
            at: call.span.start,
            name,
            name_at: first.span().start,
            uri,
            fields,
            callback: Some(callback),
        };
        self.add(module, list, found);
    }

    /// An mcp-ts-core builder call: `tool('name', {…})`, `resource('uri', {…})`, ….
    fn core_call(&mut self, module: &Rc<Module<'a>>, call: &CallExpression<'a>, builder: &str) {
        let mut args = call.arguments.iter().filter_map(Argument::as_expression);
        let (Some(first), Some(options)) = (args.next(), args.next()) else {
            return;
        };
        let Some(id) = static_string(self.project, module, first) else {
            return;
        };
        let fields = self.options(module, options);
        let (list, kind) = match builder {
            "tool" => (List::Tools, "tool"),
            "appTool" => (List::Tools, "app-tool"),
            "prompt" => (List::Prompts, "prompt"),
            "appResource" => (List::Resources, "app-resource"),
            _ => (List::Resources, "resource"),
        };
        let (name, uri) = match list {
            List::Resources => (
                fields
                    .get("name")
                    .and_then(|(e, _)| static_string(self.project, module, e))
                    .unwrap_or_else(|| id.clone()),
                Some(id),
            ),
            _ => (id, None),
        };
        let found = Found {
            framework: "mcp-ts-core",
            kind,
            at: call.span.start,
            name,
            name_at: first.span().start,
            uri,
            fields,
            callback: None,
        };
        self.add(module, list, found);
    }

    /// An options object, written inline or as a local `const`.
    fn options<'e>(&self, module: &Rc<Module<'a>>, expr: &'e Expression<'a>) -> Fields<'e, 'a>
    where
        'a: 'e,
    {
        match expr.get_inner_expression() {
            Expression::ObjectExpression(object) => Fields::of(object),
            Expression::Identifier(id) => match module.bindings.get(id.name.as_str()) {
                Some(Binding::Const(init)) => match init.get_inner_expression() {
                    Expression::ObjectExpression(object) => Fields::of(object),
                    _ => Fields::default(),
                },
                _ => Fields::default(),
            },
            _ => Fields::default(),
        }
    }
}

fn is_identifier(expr: &Expression<'_>) -> bool {
    matches!(expr.get_inner_expression(), Expression::Identifier(_))
}

/// `{readOnlyHint: true}` rather than a raw shape `{q: z.string()}`.
fn looks_like_annotations(expr: &Expression<'_>) -> bool {
    let Expression::ObjectExpression(object) = expr.get_inner_expression() else {
        return false;
    };
    !object.properties.is_empty()
        && object.properties.iter().all(|p| match p {
            ObjectPropertyKind::ObjectProperty(p) => {
                matches!(
                    p.value.get_inner_expression(),
                    Expression::BooleanLiteral(_) | Expression::StringLiteral(_)
                ) || p
                    .key
                    .static_name()
                    .is_some_and(|k| k.ends_with("Hint") || k == "title")
            }
            ObjectPropertyKind::SpreadProperty(_) => false,
        })
}

/// Visits every call of a module.
struct Finder<'r, 'p, 'a> {
    reader: &'r mut Reader<'p, 'a>,
    module: Rc<Module<'a>>,
    sdk: bool,
    depth: usize,
}

impl<'a> Visit<'a> for Finder<'_, '_, 'a> {
    fn visit_call_expression(&mut self, it: &CallExpression<'a>) {
        match it.callee.get_inner_expression() {
            Expression::StaticMemberExpression(member) if self.sdk => {
                let method = member.property.name.as_str();
                if matches!(
                    method,
                    "registerTool"
                        | "tool"
                        | "registerResource"
                        | "resource"
                        | "registerPrompt"
                        | "prompt"
                ) {
                    let module = self.module.clone();
                    self.reader.sdk_call(&module, it, method);
                }
            }
            Expression::Identifier(id) => {
                let name = id.name.as_str();
                if let Some(import) = self.module.imports.get(name)
                    && import.source.starts_with("@cyanheads/mcp-ts-core")
                    && matches!(
                        import.imported,
                        "tool" | "resource" | "prompt" | "appTool" | "appResource"
                    )
                {
                    let module = self.module.clone();
                    let builder = import.imported;
                    self.reader.core_call(&module, it, builder);
                }
            }
            _ => {}
        }
        walk::walk_call_expression(self, it);
    }

    /// A long method chain nests without brackets: the walk stops deeper than any
    /// definition sits, so hostile input cannot exhaust the stack.
    fn visit_expression(&mut self, it: &Expression<'a>) {
        if self.depth >= handler::MAX_DEPTH {
            return;
        }
        self.depth += 1;
        walk::walk_expression(self, it);
        self.depth -= 1;
    }
}
