//! Static values: what an expression is without running anything.
//!
//! Literals, array and object literals (with spreads of static arrays and objects), `as const`
//! / `satisfies` / parentheses, strings built statically (templates, `+`, `[…].join(sep)`), and
//! identifiers bound by a top-level `const` (followed through imports inside the project,
//! cycles stopped by the depth bound, the whole read by a value budget). `A.B` becomes
//! `{"$member": "A.B"}`; anything else `{"$unresolved": "<why>"}`, never a guess.

use std::rc::Rc;

use oxc_ast::ast::{ArrayExpressionElement, Expression, ObjectPropertyKind, PropertyKey};
use oxc_span::GetSpan;
use signalint_plugin_api::{Json, Object};

use crate::locations::{Recorder, escape};
use crate::project::{Binding, Module, Project};

/// An object of `entries` in order.
pub(crate) fn obj(entries: Vec<(&str, Json)>) -> Json {
    Json::Object(Object::from_entries(
        entries
            .into_iter()
            .map(|(k, v)| (Box::from(k), v))
            .collect(),
    ))
}

pub(crate) fn unresolved(why: impl Into<String>) -> Json {
    obj(vec![("$unresolved", Json::from(why.into()))])
}

pub(crate) fn number(value: f64) -> Json {
    if value.fract() == 0.0 && value.abs() < 9.007_199_254_740_992e15 {
        Json::Number((value as i64).into())
    } else {
        serde_json::Number::from_f64(value).map_or(Json::Null, Json::Number)
    }
}

/// Reads static values, recording where each array element and object member was written.
pub(crate) struct Values<'p, 'a> {
    pub project: &'p Project<'a>,
    pub rec: &'p mut Recorder,
}

impl<'a> Values<'_, 'a> {
    /// The value of `expr`; members and elements are recorded under `pointer`.
    pub fn value(
        &mut self,
        module: &Rc<Module<'a>>,
        expr: &Expression<'a>,
        pointer: &str,
        depth: usize,
    ) -> Json {
        if depth > self.project.limits.nesting {
            return unresolved("nested too deep");
        }
        if !self.project.spend() {
            return unresolved("more values than one read evaluates");
        }
        self.rec.put(pointer, module.loc(expr.span().start));
        match expr.get_inner_expression() {
            Expression::StringLiteral(s) => Json::from(s.value.as_str()),
            Expression::NumericLiteral(n) => number(n.value),
            Expression::BooleanLiteral(b) => Json::Bool(b.value),
            Expression::NullLiteral(_) => Json::Null,
            Expression::UnaryExpression(u)
                if u.operator == oxc_ast::ast::UnaryOperator::UnaryNegation =>
            {
                match u.argument.get_inner_expression() {
                    Expression::NumericLiteral(n) => number(-n.value),
                    _ => unresolved("a computed number"),
                }
            }
            Expression::TemplateLiteral(t) => {
                let mut text = String::new();
                for (i, quasi) in t.quasis.iter().enumerate() {
                    let Some(cooked) = quasi.value.cooked else {
                        return unresolved("a template with an invalid escape");
                    };
                    text.push_str(cooked.as_str());
                    if let Some(part) = t.expressions.get(i) {
                        match self.quiet(module, part, depth).and_then(|v| text_of(&v)) {
                            Ok(part) => text.push_str(&part),
                            Err(why) => {
                                return unresolved(format!("a template whose `${{…}}` is {why}"));
                            }
                        }
                    }
                }
                Json::from(text)
            }
            Expression::ArrayExpression(array) => {
                let mut items = Vec::with_capacity(array.elements.len());
                for element in &array.elements {
                    let at = format!("{pointer}/{}", items.len());
                    items.push(match element {
                        ArrayExpressionElement::SpreadElement(spread) => {
                            match self.quiet(module, &spread.argument, depth) {
                                Ok(Json::Array(spread_items)) => {
                                    // Each element is placed at the spread that brings it in.
                                    for item in spread_items {
                                        let at = format!("{pointer}/{}", items.len());
                                        self.rec.put(&at, module.loc(spread.span.start));
                                        items.push(item);
                                    }
                                    continue;
                                }
                                Ok(_) => unresolved("a spread of a value that is not an array"),
                                Err(why) => unresolved(format!("a spread of {why}")),
                            }
                        }
                        ArrayExpressionElement::Elision(_) => Json::Null,
                        other => match other.as_expression() {
                            Some(e) => self.value(module, e, &at, depth + 1),
                            None => unresolved("an element it cannot read"),
                        },
                    });
                }
                Json::from(items)
            }
            Expression::ObjectExpression(object) => {
                let mut members = Vec::with_capacity(object.properties.len());
                for property in &object.properties {
                    match property {
                        ObjectPropertyKind::ObjectProperty(p) => {
                            let Some(key) = static_key(&p.key) else {
                                members
                                    .push((Box::from("$unresolved"), Json::from("a computed key")));
                                continue;
                            };
                            let at = format!("{pointer}/{}", escape(&key));
                            let value = if p.method {
                                unresolved("a function")
                            } else {
                                self.value(module, &p.value, &at, depth + 1)
                            };
                            self.rec.put(&at, module.loc(p.span.start));
                            members.push((Box::from(key.as_str()), value));
                        }
                        ObjectPropertyKind::SpreadProperty(spread) => {
                            match self.quiet(module, &spread.argument, depth) {
                                Ok(Json::Object(spread_members)) => {
                                    // A later member replaces an earlier one, as in JS (`from_entries`).
                                    for (key, value) in spread_members.into_entries() {
                                        let at = format!("{pointer}/{}", escape(&key));
                                        self.rec.put(&at, module.loc(spread.span.start));
                                        members.push((key, value));
                                    }
                                }
                                Ok(_) => members.push((
                                    Box::from("$unresolved"),
                                    Json::from("a spread of a value that is not an object"),
                                )),
                                Err(why) => members.push((
                                    Box::from("$unresolved"),
                                    Json::from(format!("a spread of {why}")),
                                )),
                            }
                        }
                    }
                }
                Json::Object(Object::from_entries(members))
            }
            Expression::StaticMemberExpression(member) => match dotted(&member.object) {
                Some(object) => obj(vec![(
                    "$member",
                    Json::from(format!("{object}.{}", member.property.name.as_str())),
                )]),
                None => unresolved("a member of a computed value"),
            },
            Expression::Identifier(id) if id.name.as_str() == "undefined" => Json::Null,
            Expression::Identifier(id) => {
                match self.project.binding(module, id.name.as_str(), depth) {
                    Ok((target, Binding::Const(init))) => {
                        let name = id.name.as_str();
                        if !self.project.enter(target.file, name) {
                            return unresolved(format!("`{name}` is defined through itself"));
                        }
                        // Recorded where it is used: the definition is what the reader names.
                        let mut inner = Values {
                            project: self.project,
                            rec: &mut Recorder::default(),
                        };
                        let value = inner.value(&target, init, pointer, depth + 1);
                        self.project.leave();
                        value
                    }
                    Ok((_, Binding::Function(_))) => unresolved("a function"),
                    Err(why) => unresolved(why),
                }
            }
            Expression::ArrowFunctionExpression(_) | Expression::FunctionExpression(_) => {
                unresolved("a function")
            }
            Expression::BinaryExpression(b)
                if b.operator == oxc_ast::ast::BinaryOperator::Addition =>
            {
                let left = self.quiet(module, &b.left, depth);
                let right = self.quiet(module, &b.right, depth);
                match (left, right) {
                    (Ok(l), Ok(r)) if l.is_string() || r.is_string() => {
                        match (text_of(&l), text_of(&r)) {
                            (Ok(l), Ok(r)) => Json::from(format!("{l}{r}")),
                            (Err(why), _) | (_, Err(why)) => unresolved(format!("a sum of {why}")),
                        }
                    }
                    (Ok(l), Ok(r)) => match (l.as_f64(), r.as_f64()) {
                        (Some(l), Some(r)) => number(l + r),
                        _ => unresolved("a sum that is not of strings or numbers"),
                    },
                    (Err(why), _) | (_, Err(why)) => unresolved(format!("a sum of {why}")),
                }
            }
            Expression::CallExpression(call) => self.join(module, call, depth),
            _ => unresolved("an expression it does not evaluate"),
        }
    }
}

impl<'a> Values<'_, 'a> {
    /// The value of a part of a larger value (a spread, a `${…}`, a term of a sum), recorded
    /// nowhere: `Err` is why it is not known, in words that follow "a spread of".
    fn quiet(
        &mut self,
        module: &Rc<Module<'a>>,
        expr: &Expression<'a>,
        depth: usize,
    ) -> Result<Json, String> {
        let mut quiet = Values {
            project: self.project,
            rec: &mut Recorder::default(),
        };
        let value = quiet.value(module, expr, "", depth + 1);
        match value.get("$unresolved").and_then(Json::as_str) {
            Some(why) => Err(format!("what it cannot read ({why})")),
            None if value.get("$member").is_some() => {
                Err("a member of another value (`A.B`)".to_owned())
            }
            None => Ok(value),
        }
    }

    /// `[…].join(sep)` of static strings; any other call is unresolved.
    fn join(
        &mut self,
        module: &Rc<Module<'a>>,
        call: &oxc_ast::ast::CallExpression<'a>,
        depth: usize,
    ) -> Json {
        let Expression::StaticMemberExpression(callee) = call.callee.get_inner_expression() else {
            return unresolved("a call");
        };
        if callee.property.name.as_str() != "join" || call.arguments.len() > 1 {
            return unresolved("a call");
        }
        let separator = match call.arguments.first() {
            None => Ok(Json::from(",")),
            Some(argument) => match argument.as_expression() {
                Some(e) => self.quiet(module, e, depth),
                None => Err("a spread argument".to_owned()),
            },
        };
        let separator = match separator {
            Ok(Json::String(s)) => s,
            Ok(_) => return unresolved("a `join` whose separator is not a string"),
            Err(why) => return unresolved(format!("a `join` whose separator is {why}")),
        };
        let items = match self.quiet(module, &callee.object, depth) {
            Ok(Json::Array(items)) => items,
            Ok(_) => return unresolved("a `join` of a value that is not an array"),
            Err(why) => return unresolved(format!("a `join` of {why}")),
        };
        let mut parts = Vec::with_capacity(items.len());
        for item in &items {
            match item {
                // `join` writes null and undefined as empty strings.
                Json::Null => parts.push(String::new()),
                other => match text_of(other) {
                    Ok(text) => parts.push(text),
                    Err(why) => return unresolved(format!("a `join` of {why}")),
                },
            }
        }
        Json::from(parts.join(&*separator))
    }
}

/// How a string or number is written into a string (`${…}`, `+`, `join`); `Err` for anything
/// whose text JavaScript would compute otherwise (`[object Object]`).
fn text_of(value: &Json) -> Result<String, String> {
    match value {
        Json::String(s) => Ok(s.to_string()),
        Json::Number(n) if n.is_i64() || n.is_u64() => Ok(n.to_string()),
        Json::Bool(b) => Ok(b.to_string()),
        _ => Err("a value that is not a string or a whole number".to_owned()),
    }
}

/// The name of a non-computed key, or of a computed string key.
pub(crate) fn static_key(key: &PropertyKey<'_>) -> Option<String> {
    key.static_name().map(|name| name.into_owned())
}

/// `a.b.c` for identifiers and static members, else `None`.
pub(crate) fn dotted(expr: &Expression<'_>) -> Option<String> {
    match expr.get_inner_expression() {
        Expression::Identifier(id) => Some(id.name.as_str().to_owned()),
        Expression::ThisExpression(_) => Some("this".to_owned()),
        Expression::StaticMemberExpression(m) => Some(format!(
            "{}.{}",
            dotted(&m.object)?,
            m.property.name.as_str()
        )),
        _ => None,
    }
}

/// The string `expr` statically is (literal, template, const), else `None`.
pub(crate) fn static_string<'a>(
    project: &Project<'a>,
    module: &Rc<Module<'a>>,
    expr: &Expression<'a>,
) -> Option<String> {
    string_or_why(project, module, expr).ok()
}

/// The string `expr` statically is, or why it is not known (`a call`, …).
pub(crate) fn string_or_why<'a>(
    project: &Project<'a>,
    module: &Rc<Module<'a>>,
    expr: &Expression<'a>,
) -> Result<String, String> {
    let mut rec = Recorder::default();
    let mut values = Values {
        project,
        rec: &mut rec,
    };
    as_string(&values.value(module, expr, "", 0))
}

/// A read value as a string, or why it is not one.
pub(crate) fn as_string(value: &Json) -> Result<String, String> {
    if let Some(text) = value.as_str() {
        return Ok(text.to_owned());
    }
    Err(match value.get("$unresolved").and_then(Json::as_str) {
        Some(why) => why.to_owned(),
        None if value.get("$member").is_some() => "a member of another value".to_owned(),
        None => "not a string".to_owned(),
    })
}
