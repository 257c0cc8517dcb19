//! Handler facts: every `throw` in a handler's body (nested closures included, in source
//! order) and every `ctx.fail(reason, …)` call, as the source-only rules read them.

use oxc_ast::ast::{
    Argument, BindingPattern, CallExpression, CatchClause, Expression, ObjectPropertyKind,
    ThrowStatement,
};
use oxc_ast_visit::{Visit, walk};
use signalint_plugin_api::Json;

use crate::values::{dotted, obj};

/// What one handler body does, with where each part was written.
#[derive(Debug, Default)]
pub(crate) struct HandlerFacts {
    pub throws: Vec<(Json, u32)>,
    pub fail_calls: Vec<(Json, u32)>,
}

/// Walks a function and collects its facts.
pub(crate) fn collect<'a>(visit: impl FnOnce(&mut Collector<'a>)) -> HandlerFacts {
    let mut collector = Collector::default();
    visit(&mut collector);
    collector.facts
}

#[derive(Default)]
pub(crate) struct Collector<'a> {
    facts: HandlerFacts,
    /// The parameter names of the enclosing `catch` clauses, innermost last.
    catches: Vec<&'a str>,
    depth: usize,
}

/// Deeper than this the walk stops: the file's nesting is bounded before parsing, this is a
/// second guard for the recursion of the visitor itself.
pub(crate) const MAX_DEPTH: usize = 512;

impl<'a> Visit<'a> for Collector<'a> {
    fn visit_catch_clause(&mut self, it: &CatchClause<'a>) {
        let name = match it.param.as_ref().map(|p| &p.pattern) {
            Some(BindingPattern::BindingIdentifier(id)) => id.name.as_str(),
            Some(_) => "{…}",
            None => "",
        };
        self.catches.push(name);
        walk::walk_catch_clause(self, it);
        self.catches.pop();
    }

    fn visit_throw_statement(&mut self, it: &ThrowStatement<'a>) {
        let in_catch = self.catches.last().copied();
        let argument = it.argument.get_inner_expression();
        let (kind, callee, args): (&str, Option<String>, Option<&[Argument<'a>]>) = match argument {
            Expression::NewExpression(new) => ("new", dotted(&new.callee), Some(&new.arguments)),
            Expression::CallExpression(call) => {
                ("call", dotted(&call.callee), Some(&call.arguments))
            }
            _ => ("other", None, None),
        };
        let args = args.unwrap_or(&[]);
        let code = args.first().and_then(|a| code_of(a.as_expression()?));
        let keeps_cause = in_catch.is_some_and(|name| {
            args.iter()
                .any(|a| a.as_expression().is_some_and(|e| has_cause(e, name)))
        });
        let stringifies = args
            .iter()
            .any(|a| a.as_expression().is_some_and(contains_stringify));
        self.facts.throws.push((
            obj(vec![
                ("kind", kind.into()),
                ("callee", callee.map_or(Json::Null, Json::from)),
                ("code", code.map_or(Json::Null, Json::from)),
                ("inCatch", in_catch.map_or(Json::Null, Json::from)),
                ("keepsCause", Json::Bool(keeps_cause)),
                ("stringifies", Json::Bool(stringifies)),
            ]),
            it.span.start,
        ));
        walk::walk_throw_statement(self, it);
    }

    fn visit_call_expression(&mut self, it: &CallExpression<'a>) {
        if let Expression::StaticMemberExpression(member) = it.callee.get_inner_expression()
            && member.property.name.as_str() == "fail"
            && matches!(
                member.object.get_inner_expression(),
                Expression::Identifier(_)
            )
        {
            let reason = match it.arguments.first().and_then(Argument::as_expression) {
                Some(Expression::StringLiteral(s)) => Json::from(s.value.as_str()),
                _ => Json::Null,
            };
            self.facts
                .fail_calls
                .push((obj(vec![("reason", reason)]), it.span.start));
        }
        walk::walk_call_expression(self, it);
    }

    fn visit_expression(&mut self, it: &Expression<'a>) {
        if self.depth >= MAX_DEPTH {
            return;
        }
        self.depth += 1;
        walk::walk_expression(self, it);
        self.depth -= 1;
    }
}

/// `JsonRpcErrorCode.NotFound` → `NotFound`; a number → its text.
fn code_of(expr: &Expression<'_>) -> Option<String> {
    match expr.get_inner_expression() {
        Expression::StaticMemberExpression(m) => Some(m.property.name.as_str().to_owned()),
        Expression::NumericLiteral(n) => Some(
            n.raw
                .map_or_else(|| n.value.to_string(), |r| r.as_str().to_owned()),
        ),
        Expression::UnaryExpression(u) => match u.argument.get_inner_expression() {
            Expression::NumericLiteral(n) => Some(format!("-{}", n.value)),
            _ => None,
        },
        _ => None,
    }
}

/// An object literal (at any depth of the argument) with `cause: <name>` or `{ cause }`.
fn has_cause(expr: &Expression<'_>, name: &str) -> bool {
    let Expression::ObjectExpression(object) = expr.get_inner_expression() else {
        return false;
    };
    object.properties.iter().any(|p| match p {
        ObjectPropertyKind::ObjectProperty(p) => {
            let is_cause = p.key.static_name().is_some_and(|k| k == "cause");
            let value_is_name = matches!(
                p.value.get_inner_expression(),
                Expression::Identifier(id) if id.name.as_str() == name
            );
            (is_cause && value_is_name) || has_cause(&p.value, name)
        }
        ObjectPropertyKind::SpreadProperty(_) => false,
    })
}

/// Whether a `JSON.stringify(…)` call appears anywhere in `expr`.
fn contains_stringify(expr: &Expression<'_>) -> bool {
    struct Find(bool);
    impl<'a> Visit<'a> for Find {
        fn visit_call_expression(&mut self, it: &CallExpression<'a>) {
            if it.callee.is_specific_member_access("JSON", "stringify") {
                self.0 = true;
            }
            walk::walk_call_expression(self, it);
        }
    }
    let mut find = Find(false);
    find.visit_expression(expr);
    find.0
}
