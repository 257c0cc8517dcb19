//! Static values: what an expression is without running anything.
//!
//! Literals, templates without substitutions, array and object literals, `as const` /
//! `satisfies` / parentheses, and identifiers bound by a top-level `const` (followed through
//! relative imports, cycles stopped by the depth bound). `A.B` becomes `{"$member": "A.B"}`;
//! anything else `{"$unresolved": "<why>"}`, never a guess.

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
            Expression::TemplateLiteral(t) => match (t.expressions.is_empty(), t.quasis.first()) {
                (true, Some(q)) => q.value.cooked.map_or_else(
                    || unresolved("a template with an invalid escape"),
                    |c| Json::from(c.as_str()),
                ),
                _ => unresolved("a template literal with substitutions"),
            },
            Expression::ArrayExpression(array) => {
                let mut items = Vec::with_capacity(array.elements.len());
                for (i, element) in array.elements.iter().enumerate() {
                    let at = format!("{pointer}/{i}");
                    items.push(match element {
                        ArrayExpressionElement::SpreadElement(_) => unresolved("a spread"),
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
                        ObjectPropertyKind::SpreadProperty(_) => {
                            members.push((Box::from("$unresolved"), Json::from("a spread")));
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
                        // Recorded where it is used: the definition is what the reader names.
                        let mut inner = Values {
                            project: self.project,
                            rec: &mut Recorder::default(),
                        };
                        inner.value(&target, init, pointer, depth + 1)
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
                let mut quiet = Values {
                    project: self.project,
                    rec: &mut Recorder::default(),
                };
                let left = quiet.value(module, &b.left, "", depth + 1);
                let right = quiet.value(module, &b.right, "", depth + 1);
                match (left.as_str(), right.as_str()) {
                    (Some(l), Some(r)) => Json::from(format!("{l}{r}")),
                    _ => unresolved("a sum it cannot compute"),
                }
            }
            Expression::CallExpression(_) => unresolved("a call"),
            _ => unresolved("an expression it does not evaluate"),
        }
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
    let mut rec = Recorder::default();
    let mut values = Values {
        project,
        rec: &mut rec,
    };
    values
        .value(module, expr, "", 0)
        .as_str()
        .map(str::to_owned)
}
