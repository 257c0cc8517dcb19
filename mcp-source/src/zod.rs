//! Zod schemas → the JSON Schema the server advertises.
//!
//! The mapping is zod 4's `toJSONSchema` (what the MCP TypeScript SDK 1.2x and
//! `@cyanheads/mcp-ts-core` emit): `inputSchema` in its `input` mode (a field with a default
//! is not required; an object is closed only when `.strict()`), `outputSchema` in its
//! `output` mode (every plain object is closed). A schema is read in two steps: the chain
//! `z.string().min(1).describe("…")` becomes a [`Node`], which then renders at a JSON pointer,
//! recording each node's place and every part it could not read.

use std::rc::Rc;

use oxc_ast::ast::{Argument, Expression, ObjectExpression, ObjectPropertyKind};
use oxc_span::GetSpan;
use signalint_plugin_api::Json;

use crate::locations::{Loc, Recorder, escape};
use crate::project::{Binding, Module, Project};
use crate::values::{Values, number, obj, static_key};

/// Largest integer zod 4 gives an `int()` as its bounds.
const SAFE_INT: f64 = 9_007_199_254_740_991.0;

/// Which side of the schema is rendered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Io {
    Input,
    Output,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Extra {
    Strip,
    Strict,
    Loose,
}

#[derive(Debug, Clone)]
struct Prop {
    name: String,
    node: Node,
    loc: Loc,
}

#[derive(Debug, Clone)]
enum Kind {
    Any,
    String {
        min: Option<f64>,
        max: Option<f64>,
        pattern: Option<String>,
        format: Option<&'static str>,
    },
    Number {
        int: bool,
        min: Option<(f64, bool)>,
        max: Option<(f64, bool)>,
    },
    Boolean,
    Null,
    Raw(Json),
    Enum(Vec<Json>),
    Const(Json),
    Array {
        items: Box<Node>,
        min: Option<f64>,
        max: Option<f64>,
    },
    Object {
        props: Vec<Prop>,
        extra: Extra,
        catchall: Option<Box<Node>>,
        /// Spreads and other members that could not be read, each with why.
        holes: Vec<String>,
    },
    Union {
        options: Vec<Node>,
        discriminated: bool,
    },
    Intersection(Vec<Node>),
    Record {
        key: Option<Box<Node>>,
        value: Box<Node>,
    },
    Tuple(Vec<Node>),
    Unresolved(String),
    Unserializable(String),
}

/// One schema, read but not yet rendered.
#[derive(Debug, Clone)]
pub(crate) struct Node {
    kind: Kind,
    optional: bool,
    nullable: bool,
    /// `Some(None)`: a default whose value could not be read (the field is still optional).
    default: Option<Option<Json>>,
    /// `Err`: a description that is not a static string, with why (reported as unresolved).
    description: Option<Result<String, String>>,
    /// Whether the outermost wrapper is `optional` (`.optional()`, `.nullish()`): the SDK
    /// lists a prompt argument as required unless it is (`.default(…)` counts as required).
    outer_optional: bool,
    loc: Loc,
}

impl Node {
    fn new(kind: Kind, loc: Loc) -> Self {
        Self {
            kind,
            optional: false,
            nullable: false,
            default: None,
            description: None,
            outer_optional: false,
            loc,
        }
    }

    /// Whether a parameter of this schema may be left out of a call.
    pub fn is_optional(&self, io: Io) -> bool {
        self.optional || (io == Io::Input && self.default.is_some())
    }

    /// Whether the SDK lists a prompt argument of this schema as not required: with zod 4 it
    /// asks whether the schema's own type is `optional`, so a default does not count.
    pub fn is_optional_prompt_argument(&self) -> bool {
        self.outer_optional
    }

    pub fn description(&self) -> Option<&str> {
        self.description.as_ref()?.as_deref().ok()
    }

    /// Zod's `a.extend(b)` (`name` is the method, for the reason when `a` is not an object):
    /// as in the object spread Zod uses, a member of `b` replaces `a`'s of the same name in its
    /// place, and the others follow.
    pub fn extend(&mut self, other: Node, name: &str) {
        match (&mut self.kind, other.kind) {
            (
                Kind::Object { props, holes, .. },
                Kind::Object {
                    props: more,
                    holes: more_holes,
                    ..
                },
            ) => {
                for prop in more {
                    match props.iter_mut().find(|p| p.name == prop.name) {
                        Some(same) => *same = prop,
                        None => props.push(prop),
                    }
                }
                holes.extend(more_holes);
            }
            (_, Kind::Unresolved(why)) => self.kind = Kind::Unresolved(why),
            _ => self.kind = Kind::Unresolved(format!(".{name}(…) of a non-object")),
        }
    }

    /// The members of an object schema, for prompt arguments.
    pub fn members(&self) -> Option<impl Iterator<Item = (&str, &Node, Loc)>> {
        match &self.kind {
            Kind::Object { props, .. } => {
                Some(props.iter().map(|p| (p.name.as_str(), &p.node, p.loc)))
            }
            _ => None,
        }
    }
}

/// What rendering found that the listing cannot hold.
#[derive(Debug, Default)]
pub(crate) struct Gaps {
    pub unresolved: Vec<Json>,
    pub unserializable: Vec<Json>,
}

/// Reads Zod expressions of one project.
pub(crate) struct Zod<'p, 'a> {
    pub project: &'p Project<'a>,
}

impl<'a> Zod<'_, 'a> {
    /// A schema given either as a raw shape `{q: z.string()}` or as a Zod schema.
    pub fn shape_or_schema(
        &self,
        module: &Rc<Module<'a>>,
        expr: &Expression<'a>,
        depth: usize,
    ) -> Node {
        match expr.get_inner_expression() {
            Expression::ObjectExpression(object) => self.shape(module, object, depth),
            Expression::Identifier(id) => {
                match self.project.binding(module, id.name.as_str(), depth) {
                    Ok((target, Binding::Const(init)))
                        if matches!(
                            init.get_inner_expression(),
                            Expression::ObjectExpression(_)
                        ) =>
                    {
                        self.shape_or_schema(&target, init, depth + 1)
                    }
                    _ => self.schema(module, expr, depth),
                }
            }
            _ => self.schema(module, expr, depth),
        }
    }

    /// An object schema from a raw shape.
    fn shape(&self, module: &Rc<Module<'a>>, object: &ObjectExpression<'a>, depth: usize) -> Node {
        let mut props = Vec::new();
        let mut holes = Vec::new();
        for property in &object.properties {
            match property {
                ObjectPropertyKind::ObjectProperty(p) => match static_key(&p.key) {
                    Some(name) if !p.method => props.push(Prop {
                        node: self.schema(module, &p.value, depth + 1),
                        name,
                        loc: module.loc(p.span.start),
                    }),
                    Some(name) => holes.push(format!("`{name}` is a method, not a schema")),
                    None => holes.push("a computed property name".to_owned()),
                },
                ObjectPropertyKind::SpreadProperty(spread) => holes.push(format!(
                    "a spread `...{}` is not followed",
                    crate::values::dotted(&spread.argument)
                        .unwrap_or_else(|| "(expression)".into())
                )),
            }
        }
        Node::new(
            Kind::Object {
                props,
                extra: Extra::Strip,
                catchall: None,
                holes,
            },
            module.loc(object.span.start),
        )
    }

    /// A Zod schema expression.
    pub fn schema(&self, module: &Rc<Module<'a>>, expr: &Expression<'a>, depth: usize) -> Node {
        let loc = module.loc(expr.span().start);
        if depth > self.project.limits.nesting {
            return Node::new(Kind::Unresolved("the schema nests too deep".into()), loc);
        }
        // Peel the method chain: `base.m1(..).m2(..)` → base, [m1, m2].
        let mut methods: Vec<(&str, &[Argument<'a>])> = Vec::new();
        let mut current = expr.get_inner_expression();
        let mut node = loop {
            match current {
                Expression::CallExpression(call) => match call.callee.get_inner_expression() {
                    Expression::StaticMemberExpression(member) => {
                        let name = member.property.name.as_str();
                        if self.is_zod(module, &member.object) {
                            break self.constructor(module, name, &call.arguments, loc, depth);
                        }
                        if let Expression::StaticMemberExpression(inner) =
                            member.object.get_inner_expression()
                            && self.is_zod(module, &inner.object)
                        {
                            let space = inner.property.name.as_str();
                            let full = match space {
                                "coerce" => name.to_owned(),
                                other => format!("{other}.{name}"),
                            };
                            break self.constructor(module, &full, &call.arguments, loc, depth);
                        }
                        methods.push((name, &call.arguments));
                        current = member.object.get_inner_expression();
                    }
                    callee => {
                        let what = crate::values::dotted(callee)
                            .map_or_else(|| "a call".to_owned(), |n| format!("a call to `{n}`"));
                        break Node::new(
                            Kind::Unresolved(format!("{what} is not a Zod schema it knows")),
                            loc,
                        );
                    }
                },
                Expression::Identifier(id) => {
                    break match self.project.binding(module, id.name.as_str(), depth) {
                        Ok((target, Binding::Const(init))) => {
                            let mut node = self.schema(&target, init, depth + 1);
                            node.loc = loc;
                            node
                        }
                        Ok((_, Binding::Function(_))) => Node::new(
                            Kind::Unresolved(format!("`{}` is a function", id.name.as_str())),
                            loc,
                        ),
                        Err(why) => Node::new(Kind::Unresolved(format!("schema {why}")), loc),
                    };
                }
                Expression::StaticMemberExpression(member)
                    if member.property.name.as_str() == "shape" =>
                {
                    // `Schema.shape` as a raw shape: the object's members.
                    let mut node = self.schema(module, &member.object, depth + 1);
                    if let Kind::Object { extra, .. } = &mut node.kind {
                        *extra = Extra::Strip;
                    }
                    node.loc = loc;
                    break node;
                }
                Expression::ObjectExpression(object) => break self.shape(module, object, depth),
                _ => {
                    break Node::new(
                        Kind::Unresolved("an expression that is not a Zod schema".into()),
                        loc,
                    );
                }
            }
        };
        for (name, args) in methods.into_iter().rev() {
            node = self.method(module, node, name, args, depth);
        }
        node
    }

    /// Whether `expr` is the Zod namespace (`z`, or a name imported from `zod`).
    fn is_zod(&self, module: &Module<'a>, expr: &Expression<'a>) -> bool {
        let Expression::Identifier(id) = expr.get_inner_expression() else {
            return false;
        };
        let name = id.name.as_str();
        match module.imports.get(name) {
            Some(import) => {
                let zodish = import.source == "zod"
                    || import.source.starts_with("zod/")
                    || import.source.starts_with("@cyanheads/mcp-ts-core");
                zodish && matches!(import.imported, "z" | "*" | "default")
            }
            None => name == "z" && !module.bindings.contains_key(name),
        }
    }

    fn arg<'e>(&self, args: &'e [Argument<'a>], i: usize) -> Option<&'e Expression<'a>> {
        args.get(i)?.as_expression()
    }

    fn value(&self, module: &Rc<Module<'a>>, expr: &Expression<'a>) -> Json {
        let mut rec = Recorder::default();
        Values {
            project: self.project,
            rec: &mut rec,
        }
        .value(module, expr, "", 0)
    }

    fn num(&self, module: &Rc<Module<'a>>, args: &[Argument<'a>]) -> Option<f64> {
        self.value(module, self.arg(args, 0)?).as_f64()
    }

    fn constructor(
        &self,
        module: &Rc<Module<'a>>,
        name: &str,
        args: &[Argument<'a>],
        loc: Loc,
        depth: usize,
    ) -> Node {
        let string = |format: Option<&'static str>| Kind::String {
            min: None,
            max: None,
            pattern: None,
            format,
        };
        let sub = |i: usize| -> Node {
            match self.arg(args, i) {
                Some(e) => self.schema(module, e, depth + 1),
                None => Node::new(Kind::Unresolved("a missing argument".into()), loc),
            }
        };
        let list = |i: usize| -> Result<Vec<Node>, String> {
            match self.arg(args, i).map(Expression::get_inner_expression) {
                Some(Expression::ArrayExpression(array)) => Ok(array
                    .elements
                    .iter()
                    .map(|e| match e.as_expression() {
                        Some(e) => self.schema(module, e, depth + 1),
                        None => Node::new(Kind::Unresolved("a spread".into()), loc),
                    })
                    .collect()),
                _ => Err("its options are not an array literal".to_owned()),
            }
        };
        let kind = match name {
            "string" => string(None),
            "email" | "string.email" => string(Some("email")),
            "url" | "httpUrl" => string(Some("uri")),
            "uuid" | "uuidv4" | "guid" => string(Some("uuid")),
            "iso.datetime" | "datetime" => string(Some("date-time")),
            "iso.date" => string(Some("date")),
            "iso.time" => string(Some("time")),
            "iso.duration" => string(Some("duration")),
            "ipv4" => string(Some("ipv4")),
            "ipv6" => string(Some("ipv6")),
            "cuid" | "cuid2" | "ulid" | "nanoid" | "base64" | "base64url" | "jwt" | "emoji"
            | "e164" | "cidrv4" | "cidrv6" => string(None),
            "number" => Kind::Number {
                int: false,
                min: None,
                max: None,
            },
            "int" | "int32" | "uint32" => Kind::Number {
                int: true,
                min: None,
                max: None,
            },
            "boolean" => Kind::Boolean,
            "null" => Kind::Null,
            "any" | "unknown" => Kind::Any,
            "never" => Kind::Raw(obj(vec![("not", obj(vec![]))])),
            "literal" => match self.arg(args, 0).map(|e| self.value(module, e)) {
                Some(Json::Array(values)) => Kind::Enum(values.into_vec()),
                Some(value) if value.get("$unresolved").is_none() => Kind::Const(value),
                _ => Kind::Unresolved("a literal it cannot read".into()),
            },
            "enum" | "nativeEnum" => match self.arg(args, 0).map(|e| self.value(module, e)) {
                Some(Json::Array(values))
                    if values.iter().all(|v| v.is_string() || v.is_number()) =>
                {
                    Kind::Enum(values.into_vec())
                }
                Some(Json::Object(members))
                    if members.values().all(|v| v.is_string() || v.is_number()) =>
                {
                    Kind::Enum(members.values().cloned().collect())
                }
                _ => Kind::Unresolved(format!("the values of z.{name}(…) are not static")),
            },
            "object" | "strictObject" | "looseObject" => {
                let mut node = match self.arg(args, 0) {
                    Some(shape) => self.shape_or_schema(module, shape, depth + 1),
                    None => Node::new(
                        Kind::Object {
                            props: Vec::new(),
                            extra: Extra::Strip,
                            catchall: None,
                            holes: Vec::new(),
                        },
                        loc,
                    ),
                };
                if let Kind::Object { extra, .. } = &mut node.kind {
                    *extra = match name {
                        "strictObject" => Extra::Strict,
                        "looseObject" => Extra::Loose,
                        _ => Extra::Strip,
                    };
                }
                node.kind
            }
            "array" => Kind::Array {
                items: Box::new(sub(0)),
                min: None,
                max: None,
            },
            "union" | "xor" => match list(0) {
                Ok(options) => Kind::Union {
                    options,
                    discriminated: false,
                },
                Err(why) => Kind::Unresolved(format!("z.union(…): {why}")),
            },
            "discriminatedUnion" => match list(1).or_else(|_| list(0)) {
                Ok(options) => Kind::Union {
                    options,
                    discriminated: true,
                },
                Err(why) => Kind::Unresolved(format!("z.discriminatedUnion(…): {why}")),
            },
            "intersection" => Kind::Intersection(vec![sub(0), sub(1)]),
            "record" | "partialRecord" => {
                if args.len() >= 2 {
                    Kind::Record {
                        key: Some(Box::new(sub(0))),
                        value: Box::new(sub(1)),
                    }
                } else {
                    Kind::Record {
                        key: None,
                        value: Box::new(sub(0)),
                    }
                }
            }
            "tuple" => match list(0) {
                Ok(items) => Kind::Tuple(items),
                Err(why) => Kind::Unresolved(format!("z.tuple(…): {why}")),
            },
            "optional" | "nullable" | "nullish" => {
                let mut node = sub(0);
                node.optional |= name != "nullable";
                node.nullable |= name != "optional";
                node.outer_optional = name != "nullable";
                node.loc = loc;
                return node;
            }
            "custom" | "date" | "bigint" | "symbol" | "void" | "undefined" | "map" | "set"
            | "function" | "nan" | "instanceof" | "promise" | "file" => {
                Kind::Unserializable(format!("z.{name}()"))
            }
            // zod 4 lists the schema a preprocess feeds (its input side is `unknown`).
            "preprocess" => {
                let mut node = sub(1);
                node.loc = loc;
                return node;
            }
            "lazy" => Kind::Unresolved("z.lazy(…) is not followed".into()),
            other => Kind::Unresolved(format!("z.{other}(…) is not a Zod constructor it knows")),
        };
        Node::new(kind, loc)
    }

    fn method(
        &self,
        module: &Rc<Module<'a>>,
        mut node: Node,
        name: &str,
        args: &[Argument<'a>],
        depth: usize,
    ) -> Node {
        if matches!(node.kind, Kind::Unresolved(_) | Kind::Unserializable(_))
            && !matches!(
                name,
                "describe" | "optional" | "nullable" | "nullish" | "default"
            )
        {
            return node;
        }
        let n = self.num(module, args);
        // Every method but these wraps or replaces the schema's own type.
        if !matches!(name, "describe" | "meta") {
            node.outer_optional = matches!(name, "optional" | "nullish");
        }
        match name {
            "optional" => node.optional = true,
            "nullable" => node.nullable = true,
            "nullish" => {
                node.optional = true;
                node.nullable = true;
            }
            "default" | "prefault" => {
                let value = self.arg(args, 0).map(|e| self.value(module, e));
                node.default = Some(value.filter(|v| !has_unresolved(v)));
            }
            "describe" => {
                if let Some(e) = self.arg(args, 0) {
                    node.description = Some(crate::values::as_string(&self.value(module, e)));
                }
            }
            "meta" => {
                if let Some(text) = self
                    .arg(args, 0)
                    .map(|e| self.value(module, e))
                    .and_then(|m| {
                        m.get("description")
                            .and_then(Json::as_str)
                            .map(str::to_owned)
                    })
                {
                    node.description = Some(Ok(text));
                }
            }
            "array" => {
                let loc = node.loc;
                node = Node::new(
                    Kind::Array {
                        items: Box::new(node),
                        min: None,
                        max: None,
                    },
                    loc,
                );
            }
            "or" => {
                let other = self.sub(module, args, node.loc, depth);
                let loc = node.loc;
                node = Node::new(
                    Kind::Union {
                        options: vec![node, other],
                        discriminated: false,
                    },
                    loc,
                );
            }
            "and" => {
                let other = self.sub(module, args, node.loc, depth);
                let loc = node.loc;
                node = Node::new(Kind::Intersection(vec![node, other]), loc);
            }
            "transform" => {
                node.kind = Kind::Unserializable(".transform(…)".into());
            }
            "pipe" => {
                let target = self.sub(module, args, node.loc, depth);
                if let Kind::Unserializable(construct) = target.kind {
                    node.kind = Kind::Unserializable(format!(".pipe({construct})"));
                }
            }
            "strict" => set_extra(&mut node, Extra::Strict),
            "passthrough" | "loose" => set_extra(&mut node, Extra::Loose),
            "strip" => set_extra(&mut node, Extra::Strip),
            "catchall" => {
                let rest = self.sub(module, args, node.loc, depth);
                if let Kind::Object { catchall, .. } = &mut node.kind {
                    *catchall = Some(Box::new(rest));
                }
            }
            "extend" | "merge" | "safeExtend" => {
                let other = match self.arg(args, 0) {
                    Some(e) => self.shape_or_schema(module, e, depth + 1),
                    None => return node,
                };
                node.extend(other, name);
            }
            "partial" | "required" => {
                let only = self.arg(args, 0).map(|e| self.value(module, e));
                if let Kind::Object { props, .. } = &mut node.kind {
                    for prop in props.iter_mut() {
                        let picked = only.as_ref().is_none_or(|m| m.get(&prop.name).is_some());
                        if picked {
                            prop.node.optional = name == "partial";
                            if name == "required" {
                                prop.node.default = None;
                            }
                        }
                    }
                }
            }
            "pick" | "omit" => {
                let keys = self.arg(args, 0).map(|e| self.value(module, e));
                match (&mut node.kind, keys) {
                    (Kind::Object { props, .. }, Some(Json::Object(keys))) => {
                        props.retain(|p| keys.contains_key(&p.name) == (name == "pick"));
                    }
                    _ => {
                        node.kind = Kind::Unresolved(format!(".{name}(…) with keys it cannot read"))
                    }
                }
            }
            "min" | "gte" | "nonempty" | "length" | "max" | "lte" | "gt" | "lt" | "positive"
            | "negative" | "nonnegative" | "nonpositive" | "int" | "safe" | "finite"
            | "multipleOf" | "step" | "regex" | "email" | "url" | "uuid" | "datetime" | "date"
            | "time" | "ip" | "ipv4" | "ipv6" | "cuid" | "cuid2" | "ulid" | "base64" | "nanoid"
            | "emoji" | "duration" => {
                self.constraint(&mut node, name, args, n);
            }
            "refine" | "superRefine" | "check" | "trim" | "toLowerCase" | "toUpperCase"
            | "normalize" | "brand" | "readonly" | "catch" | "overwrite" | "nonoptional"
            | "startsWith" | "endsWith" | "includes" | "lowercase" | "uppercase" | "describeAs" => {
            }
            other => {
                node.kind =
                    Kind::Unresolved(format!("the method `.{other}(…)` is not one it knows"));
            }
        }
        node
    }

    fn sub(&self, module: &Rc<Module<'a>>, args: &[Argument<'a>], loc: Loc, depth: usize) -> Node {
        match self.arg(args, 0) {
            Some(e) => self.schema(module, e, depth + 1),
            None => Node::new(Kind::Unresolved("a missing argument".into()), loc),
        }
    }

    fn constraint(&self, node: &mut Node, name: &str, args: &[Argument<'a>], n: Option<f64>) {
        match &mut node.kind {
            Kind::String {
                min,
                max,
                pattern,
                format,
            } => match name {
                "min" => *min = n,
                "nonempty" => *min = Some(1.0),
                "max" => *max = n,
                "length" => {
                    *min = n;
                    *max = n;
                }
                "regex" => {
                    if let Some(Expression::RegExpLiteral(re)) =
                        self.arg(args, 0).map(Expression::get_inner_expression)
                    {
                        *pattern = Some(re.regex.pattern.text.as_str().to_owned());
                    }
                }
                "email" => *format = Some("email"),
                "url" => *format = Some("uri"),
                "uuid" => *format = Some("uuid"),
                "datetime" => *format = Some("date-time"),
                "date" => *format = Some("date"),
                "time" => *format = Some("time"),
                "duration" => *format = Some("duration"),
                "ipv4" => *format = Some("ipv4"),
                "ipv6" => *format = Some("ipv6"),
                _ => {}
            },
            Kind::Number { int, min, max } => match name {
                "int" | "safe" => *int = true,
                "min" | "gte" => *min = n.map(|v| (v, false)),
                "gt" => *min = n.map(|v| (v, true)),
                "max" | "lte" => *max = n.map(|v| (v, false)),
                "lt" => *max = n.map(|v| (v, true)),
                "positive" => *min = Some((0.0, true)),
                "nonnegative" => *min = Some((0.0, false)),
                "negative" => *max = Some((0.0, true)),
                "nonpositive" => *max = Some((0.0, false)),
                _ => {}
            },
            Kind::Array { min, max, .. } => match name {
                "min" => *min = n,
                "nonempty" => *min = Some(1.0),
                "max" => *max = n,
                "length" => {
                    *min = n;
                    *max = n;
                }
                _ => {}
            },
            _ => {}
        }
    }
}

fn set_extra(node: &mut Node, to: Extra) {
    if let Kind::Object { extra, .. } = &mut node.kind {
        *extra = to;
    }
}

fn has_unresolved(value: &Json) -> bool {
    match value {
        Json::Object(o) => o.contains_key("$unresolved") || o.values().any(has_unresolved),
        Json::Array(a) => a.iter().any(has_unresolved),
        _ => false,
    }
}

/// Renders [`Node`]s as JSON Schema, recording places and gaps.
pub(crate) struct Render<'r> {
    pub io: Io,
    pub rec: &'r mut Recorder,
    pub gaps: &'r mut Gaps,
}

impl Render<'_> {
    pub fn render(&mut self, node: &Node, pointer: &str) -> Json {
        self.rec.put(pointer, node.loc);
        let mut entries: Vec<(&str, Json)> = Vec::new();
        match &node.kind {
            Kind::Any => {}
            Kind::String {
                min,
                max,
                pattern,
                format,
            } => {
                entries.push(("type", "string".into()));
                if let Some(f) = format {
                    entries.push(("format", (*f).into()));
                }
                if let Some(v) = min {
                    entries.push(("minLength", number(*v)));
                }
                if let Some(v) = max {
                    entries.push(("maxLength", number(*v)));
                }
                if let Some(p) = pattern {
                    entries.push(("pattern", p.clone().into()));
                }
            }
            Kind::Number { int, min, max } => {
                entries.push(("type", if *int { "integer" } else { "number" }.into()));
                let min = min.or(int.then_some((-SAFE_INT, false)));
                let max = max.or(int.then_some((SAFE_INT, false)));
                if let Some((v, exclusive)) = min {
                    entries.push((
                        if exclusive {
                            "exclusiveMinimum"
                        } else {
                            "minimum"
                        },
                        number(v),
                    ));
                }
                if let Some((v, exclusive)) = max {
                    entries.push((
                        if exclusive {
                            "exclusiveMaximum"
                        } else {
                            "maximum"
                        },
                        number(v),
                    ));
                }
            }
            Kind::Boolean => entries.push(("type", "boolean".into())),
            Kind::Null => entries.push(("type", "null".into())),
            Kind::Raw(json) => {
                if let Some(o) = json.as_object() {
                    for (k, v) in o.iter() {
                        entries.push((k, v.clone()));
                    }
                }
            }
            Kind::Enum(values) => {
                if let Some(t) = common_type(values) {
                    entries.push(("type", t.into()));
                }
                entries.push(("enum", Json::from(values.clone())));
            }
            Kind::Const(value) => {
                if let Some(t) = common_type(std::slice::from_ref(value)) {
                    entries.push(("type", t.into()));
                }
                entries.push(("const", value.clone()));
            }
            Kind::Array { items, min, max } => {
                entries.push(("type", "array".into()));
                if let Some(v) = min {
                    entries.push(("minItems", number(*v)));
                }
                if let Some(v) = max {
                    entries.push(("maxItems", number(*v)));
                }
                let items = self.render(items, &format!("{pointer}/items"));
                entries.push(("items", items));
            }
            Kind::Object {
                props,
                extra,
                catchall,
                holes,
            } => {
                entries.push(("type", "object".into()));
                let mut properties = Vec::with_capacity(props.len());
                let mut required = Vec::new();
                for prop in props {
                    let at = format!("{pointer}/properties/{}", escape(&prop.name));
                    self.rec.put(&at, prop.loc);
                    properties.push((Box::from(prop.name.as_str()), self.render(&prop.node, &at)));
                    let optional = match self.io {
                        Io::Input => prop.node.is_optional(Io::Input),
                        Io::Output => prop.node.optional,
                    };
                    if !optional {
                        required.push(Json::from(prop.name.as_str()));
                    }
                }
                entries.push((
                    "properties",
                    Json::Object(signalint_plugin_api::Object::from_entries(properties)),
                ));
                if !required.is_empty() {
                    entries.push(("required", Json::from(required)));
                }
                match (catchall, extra, self.io) {
                    (Some(rest), _, _) => {
                        let rest = self.render(rest, &format!("{pointer}/additionalProperties"));
                        entries.push(("additionalProperties", rest));
                    }
                    (None, Extra::Strict, _) | (None, Extra::Strip, Io::Output) => {
                        entries.push(("additionalProperties", Json::Bool(false)));
                    }
                    (None, Extra::Loose, _) => entries.push(("additionalProperties", obj(vec![]))),
                    (None, Extra::Strip, Io::Input) => {}
                }
                for why in holes {
                    self.gaps.unresolved.push(obj(vec![
                        ("pointer", pointer.into()),
                        ("reason", why.clone().into()),
                    ]));
                }
            }
            Kind::Union {
                options,
                discriminated,
            } => {
                let key = if *discriminated { "oneOf" } else { "anyOf" };
                let list: Vec<Json> = options
                    .iter()
                    .enumerate()
                    .map(|(i, o)| self.render(o, &format!("{pointer}/{key}/{i}")))
                    .collect();
                entries.push((key, Json::from(list)));
            }
            Kind::Intersection(parts) => {
                let list: Vec<Json> = parts
                    .iter()
                    .enumerate()
                    .map(|(i, o)| self.render(o, &format!("{pointer}/allOf/{i}")))
                    .collect();
                entries.push(("allOf", Json::from(list)));
            }
            Kind::Record { key, value } => {
                entries.push(("type", "object".into()));
                if let Some(key) = key {
                    let key = self.render(key, &format!("{pointer}/propertyNames"));
                    entries.push(("propertyNames", key));
                }
                let value = self.render(value, &format!("{pointer}/additionalProperties"));
                entries.push(("additionalProperties", value));
            }
            Kind::Tuple(items) => {
                entries.push(("type", "array".into()));
                let list: Vec<Json> = items
                    .iter()
                    .enumerate()
                    .map(|(i, o)| self.render(o, &format!("{pointer}/prefixItems/{i}")))
                    .collect();
                entries.push(("prefixItems", Json::from(list)));
            }
            Kind::Unresolved(why) => self.gaps.unresolved.push(obj(vec![
                ("pointer", pointer.into()),
                ("reason", why.clone().into()),
            ])),
            Kind::Unserializable(construct) => self.gaps.unserializable.push(obj(vec![
                ("pointer", pointer.into()),
                ("construct", construct.clone().into()),
            ])),
        }
        let mut schema = if node.nullable {
            obj(vec![(
                "anyOf",
                Json::from(vec![obj(entries), obj(vec![("type", "null".into())])]),
            )])
        } else {
            obj(entries)
        };
        if let Json::Object(o) = &mut schema {
            let mut members = std::mem::take(o).into_entries();
            if let Some(Some(default)) = &node.default {
                members.push(("default".into(), default.clone()));
            }
            match &node.description {
                Some(Ok(text)) => members.push(("description".into(), text.clone().into())),
                Some(Err(why)) => self.gaps.unresolved.push(obj(vec![
                    ("pointer", format!("{pointer}/description").into()),
                    (
                        "reason",
                        format!("the description is not a static string: {why}").into(),
                    ),
                ])),
                None => {}
            }
            *o = signalint_plugin_api::Object::from_entries(members);
        }
        schema
    }
}

/// `"string"`/`"number"`/`"boolean"` when every value is of that type.
fn common_type(values: &[Json]) -> Option<&'static str> {
    let of = |v: &Json| match v {
        Json::String(_) => Some("string"),
        Json::Number(_) => Some("number"),
        Json::Bool(_) => Some("boolean"),
        Json::Null => Some("null"),
        _ => None,
    };
    let first = of(values.first()?)?;
    values.iter().all(|v| of(v) == Some(first)).then_some(first)
}
