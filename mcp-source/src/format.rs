//! What a tool's `format(result)` reads of its result, statically: the output paths it
//! touches (member access, destructuring, `for … of`, element callbacks such as `.map`),
//! each marked `whole` when the value itself is passed on (interpolated, given to a call,
//! spread), so a rule can tell which output fields the rendered text can show. Same-file
//! helpers called with a part of the result are followed, to a fixed depth. When the whole
//! result goes where the walk cannot follow, what is rendered is unknown and the fact says why.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::rc::Rc;

use oxc_ast::ast::{
    Argument, ArrowFunctionBody, BinaryExpression, BindingPattern, CallExpression,
    ConditionalExpression, Expression, ForOfStatement, ForStatementLeft, FormalParameters,
    FunctionBody, IfStatement, LogicalExpression, LogicalOperator, MemberExpression, StringLiteral,
    TemplateElement, UnaryExpression, UnaryOperator, VariableDeclarator,
};
use oxc_ast_visit::{Visit, walk};
use signalint_plugin_api::Json;

use crate::handler::MAX_DEPTH;
use crate::project::{Binding, Module};
use crate::values::{obj, static_key};

/// The segment of an array element in a path.
const ELEMENT: &str = "[]";

/// How many same-file helpers deep the walk follows a part of the result.
const MAX_HELPERS: usize = 3;

/// Distinct words kept from a format function's text.
const MAX_WORDS: usize = 4096;

/// Array methods whose callbacks receive the elements (the index of that parameter).
fn element_parameter(method: &str) -> Option<usize> {
    match method {
        "map" | "forEach" | "flatMap" | "filter" | "find" | "findLast" | "findIndex"
        | "findLastIndex" | "some" | "every" | "sort" | "toSorted" => Some(0),
        "reduce" | "reduceRight" => Some(1),
        _ => None,
    }
}

/// Array methods that return the same elements (the alias keeps the path).
fn keeps_elements(method: &str) -> bool {
    matches!(
        method,
        "filter" | "slice" | "sort" | "toSorted" | "reverse" | "toReversed"
    )
}

/// Array methods that return one element.
fn picks_element(method: &str) -> bool {
    matches!(method, "find" | "findLast" | "at")
}

/// The facts of a `format` member: `{reads: [{path, whole}]}` or `{unknown: why}`.
pub(crate) fn facts<'a>(module: &Rc<Module<'a>>, expr: &Expression<'a>) -> Json {
    let Some((params, body)) = function_of(module, expr) else {
        return unknown("format is not a function written in this file");
    };
    let mut walk = Walk {
        module: module.clone(),
        scope: HashMap::new(),
        reads: BTreeMap::new(),
        unknown: None,
        words: BTreeSet::new(),
        test: false,
        helpers: 0,
        depth: 0,
    };
    match params.items.first() {
        Some(param) => walk.bind(&param.pattern, Vec::new()),
        None => return obj(vec![("reads", Json::from(Vec::<Json>::new()))]),
    }
    if params.rest.is_some() && params.items.is_empty() {
        return unknown("format takes its result as a rest parameter");
    }
    walk.visit_body(body);
    if let Some(why) = walk.unknown {
        return unknown(&why);
    }
    let reads = walk
        .reads
        .into_iter()
        .map(|(path, whole)| {
            obj(vec![
                (
                    "path",
                    Json::from(path.into_iter().map(Json::from).collect::<Vec<_>>()),
                ),
                ("whole", Json::Bool(whole)),
            ])
        })
        .collect::<Vec<_>>();
    let words = walk.words.into_iter().map(Json::from).collect::<Vec<_>>();
    obj(vec![
        ("reads", Json::from(reads)),
        ("words", Json::from(words)),
    ])
}

fn unknown(why: &str) -> Json {
    obj(vec![("unknown", why.into())])
}

/// The parameters and body of a function literal, or of a function or arrow `const` of the
/// module.
fn function_of<'e, 'a: 'e>(
    module: &'e Module<'a>,
    expr: &'e Expression<'a>,
) -> Option<(&'e FormalParameters<'a>, Body<'e, 'a>)> {
    match expr.get_inner_expression() {
        Expression::ArrowFunctionExpression(f) => Some((&f.params, Body::Arrow(&f.body))),
        Expression::FunctionExpression(f) => Some((&f.params, Body::Function(f.body.as_ref()?))),
        Expression::Identifier(id) => match module.bindings.get(id.name.as_str())? {
            Binding::Function(f) => Some((&f.params, Body::Function(f.body.as_ref()?))),
            Binding::Const(init) => function_of(module, init),
        },
        _ => None,
    }
}

/// A function's body, block or arrow.
#[derive(Clone, Copy)]
enum Body<'e, 'a> {
    Function(&'e FunctionBody<'a>),
    Arrow(&'e ArrowFunctionBody<'a>),
}

type Path = Vec<String>;

struct Walk<'a> {
    module: Rc<Module<'a>>,
    /// Local names bound to a part of the result.
    scope: HashMap<String, Path>,
    /// Every path read, and whether its value was used whole.
    reads: BTreeMap<Path, bool>,
    unknown: Option<String>,
    /// The words of its string literals and template text, lowercased: the framework's check
    /// accepts a field whose value the schema dictates (a boolean, an enum) when its key is
    /// written in the text, and these are the words the text can hold.
    words: BTreeSet<String>,
    /// The next expression is only tested (a condition, a comparison), not rendered.
    test: bool,
    helpers: usize,
    depth: usize,
}

impl<'a> Walk<'a> {
    fn record(&mut self, path: Path, whole: bool) {
        if path.is_empty() {
            if whole && self.unknown.is_none() {
                self.unknown = Some(
                    "format passes its whole result on (to a call, a spread or an interpolation) \
                     where the static read cannot follow it"
                        .to_owned(),
                );
            }
            return;
        }
        let entry = self.reads.entry(path).or_insert(false);
        *entry |= whole;
    }

    /// The result path an expression denotes, and whether a computed key made it dynamic.
    fn path_of(&self, expr: &Expression<'a>) -> Option<(Path, bool)> {
        self.path_at(expr, 0)
    }

    /// A member chain nests without brackets: past the depth it is not a path.
    fn path_at(&self, expr: &Expression<'a>, depth: usize) -> Option<(Path, bool)> {
        if depth >= MAX_DEPTH {
            return None;
        }
        match expr.get_inner_expression() {
            Expression::Identifier(id) => Some((self.scope.get(id.name.as_str())?.clone(), false)),
            Expression::ChainExpression(chain) => {
                self.member_path(chain.expression.as_member_expression()?, depth)
            }
            other => self.member_path(other.as_member_expression()?, depth),
        }
    }

    fn member_path(&self, member: &MemberExpression<'a>, depth: usize) -> Option<(Path, bool)> {
        match member {
            MemberExpression::StaticMemberExpression(m) => {
                let (mut path, dynamic) = self.path_at(&m.object, depth + 1)?;
                if dynamic {
                    return Some((path, true));
                }
                path.push(m.property.name.as_str().to_owned());
                Some((path, false))
            }
            MemberExpression::ComputedMemberExpression(m) => {
                let (mut path, dynamic) = self.path_at(&m.object, depth + 1)?;
                if dynamic {
                    return Some((path, true));
                }
                match m.expression.get_inner_expression() {
                    Expression::NumericLiteral(_) => path.push(ELEMENT.to_owned()),
                    Expression::StringLiteral(s) => path.push(s.value.as_str().to_owned()),
                    _ => return Some((path, true)),
                }
                Some((path, false))
            }
            MemberExpression::PrivateFieldExpression(_) => None,
        }
    }

    /// The path a local name takes from its initializer: a part of the result, a `??`/`||`
    /// fallback of one, or an array method that keeps or picks its elements.
    fn alias(&mut self, init: &Expression<'a>) -> Option<Path> {
        if let Some((path, false)) = self.path_of(init) {
            return Some(path);
        }
        match init.get_inner_expression() {
            Expression::LogicalExpression(l) if l.operator != LogicalOperator::And => {
                let path = self.alias(&l.left)?;
                self.visit_expression(&l.right);
                Some(path)
            }
            Expression::CallExpression(call) => {
                let Expression::StaticMemberExpression(m) = call.callee.get_inner_expression()
                else {
                    return None;
                };
                let (mut path, false) = self.path_of(&m.object)? else {
                    return None;
                };
                let method = m.property.name.as_str();
                if keeps_elements(method) {
                    self.callbacks(call, &path, element_parameter(method));
                    Some(path)
                } else if picks_element(method) {
                    self.callbacks(call, &path, element_parameter(method));
                    path.push(ELEMENT.to_owned());
                    Some(path)
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// Visits a call's arguments, binding the element parameter of each callback to
    /// `path[]`.
    fn callbacks(&mut self, call: &CallExpression<'a>, path: &Path, param: Option<usize>) {
        for arg in &call.arguments {
            let Some(arg) = arg.as_expression() else {
                continue;
            };
            let (params, body) = match arg.get_inner_expression() {
                Expression::ArrowFunctionExpression(f) => (&f.params, Some(Body::Arrow(&f.body))),
                Expression::FunctionExpression(f) => {
                    (&f.params, f.body.as_deref().map(Body::Function))
                }
                // `part.map(formatItem)` with a function of this file.
                Expression::Identifier(_) if param == Some(0) => {
                    let mut element = path.clone();
                    element.push(ELEMENT.to_owned());
                    if !self.function_with(arg, &[Some(element)]) {
                        self.record(path.clone(), true);
                    }
                    continue;
                }
                _ => {
                    self.visit_expression(arg);
                    continue;
                }
            };
            let saved = self.scope.clone();
            let mut element = path.clone();
            element.push(ELEMENT.to_owned());
            for (i, p) in params.items.iter().enumerate() {
                if Some(i) == param {
                    self.bind(&p.pattern, element.clone());
                } else {
                    self.unbind(&p.pattern);
                }
            }
            if let Some(body) = body {
                self.visit_body(body);
            }
            self.scope = saved;
        }
    }

    fn bind(&mut self, pattern: &BindingPattern<'a>, path: Path) {
        match pattern {
            BindingPattern::BindingIdentifier(id) => {
                self.scope.insert(id.name.as_str().to_owned(), path);
            }
            BindingPattern::ObjectPattern(object) => {
                for property in &object.properties {
                    match static_key(&property.key) {
                        Some(key) => {
                            let mut child = path.clone();
                            child.push(key);
                            self.bind(&property.value, child);
                        }
                        None => self.record(path.clone(), true),
                    }
                }
                if object.rest.is_some() {
                    self.record(path, true);
                }
            }
            BindingPattern::ArrayPattern(array) => {
                let mut element = path.clone();
                element.push(ELEMENT.to_owned());
                for item in array.elements.iter().flatten() {
                    self.bind(item, element.clone());
                }
                if let Some(rest) = &array.rest {
                    self.bind(&rest.argument, path);
                }
            }
            BindingPattern::AssignmentPattern(assign) => {
                self.visit_expression(&assign.right);
                self.bind(&assign.left, path);
            }
        }
    }

    /// A name that shadows a bound one no longer denotes the result.
    fn unbind(&mut self, pattern: &BindingPattern<'a>) {
        if let BindingPattern::BindingIdentifier(id) = pattern {
            self.scope.remove(id.name.as_str());
        }
    }

    /// `helper(result.part, …)` with a function of this file: walks it with its parameters
    /// bound. `false` when the callee is not such a helper (or the depth is spent).
    fn helper(&mut self, call: &CallExpression<'a>) -> bool {
        let Expression::Identifier(id) = call.callee.get_inner_expression() else {
            return false;
        };
        let paths: Vec<Option<Path>> = call
            .arguments
            .iter()
            .map(|a| match a {
                Argument::SpreadElement(_) => None,
                a => a.as_expression().and_then(|e| match self.path_of(e) {
                    Some((path, false)) => Some(path),
                    _ => None,
                }),
            })
            .collect();
        if paths.iter().all(Option::is_none) || !self.module.bindings.contains_key(id.name.as_str())
        {
            return false;
        }
        for (arg, path) in call.arguments.iter().zip(&paths) {
            if path.is_none() {
                self.visit_argument(arg);
            }
        }
        self.function_with(&call.callee, &paths)
    }

    /// Walks the function of this file `callee` names with its parameters bound to `paths`;
    /// `false` when it names none (or the helper depth is spent).
    fn function_with(&mut self, callee: &Expression<'a>, paths: &[Option<Path>]) -> bool {
        if self.helpers >= MAX_HELPERS {
            return false;
        }
        let module = self.module.clone();
        let Some((params, body)) = function_of(&module, callee) else {
            return false;
        };
        let saved = std::mem::take(&mut self.scope);
        for (param, path) in params.items.iter().zip(paths) {
            if let Some(path) = path {
                self.bind(&param.pattern, path.clone());
            }
        }
        self.helpers += 1;
        self.visit_body(body);
        self.helpers -= 1;
        self.scope = saved;
        true
    }

    fn visit_body(&mut self, body: Body<'_, 'a>) {
        match body {
            Body::Function(b) => self.visit_function_body(b),
            Body::Arrow(b) => self.visit_arrow_function_body(b),
        }
    }

    fn words(&mut self, text: &str) {
        for word in text
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| w.len() >= 3)
        {
            if self.words.len() >= MAX_WORDS {
                return;
            }
            self.words.insert(word.to_ascii_lowercase());
        }
    }

    fn tested(&mut self, expr: &Expression<'a>) {
        self.test = true;
        self.visit_expression(expr);
        self.test = false;
    }
}

impl<'a> Visit<'a> for Walk<'a> {
    fn visit_expression(&mut self, it: &Expression<'a>) {
        if self.depth >= MAX_DEPTH {
            return;
        }
        let test = std::mem::take(&mut self.test);
        if let Some((path, dynamic)) = self.path_of(it) {
            // `part.length` reads a count, not the part (an output field named `length`
            // is still read by it).
            let count = !dynamic && path.last().is_some_and(|s| s == "length");
            self.record(path, !(test || count) || dynamic);
            return;
        }
        self.depth += 1;
        walk::walk_expression(self, it);
        self.depth -= 1;
    }

    fn visit_call_expression(&mut self, it: &CallExpression<'a>) {
        if let Expression::StaticMemberExpression(m) = it.callee.get_inner_expression()
            && let Some((path, false)) = self.path_of(&m.object)
        {
            let method = m.property.name.as_str();
            match element_parameter(method) {
                Some(param) => self.callbacks(it, &path, Some(param)),
                None => {
                    // `part.join(…)`, `part.toFixed(…)`: the part is rendered as a whole.
                    self.record(path, true);
                    for arg in &it.arguments {
                        self.visit_argument(arg);
                    }
                }
            }
            return;
        }
        if self.helper(it) {
            return;
        }
        walk::walk_call_expression(self, it);
    }

    fn visit_variable_declarator(&mut self, it: &VariableDeclarator<'a>) {
        if let Some(init) = &it.init
            && let Some(path) = self.alias(init)
        {
            self.bind(&it.id, path);
            return;
        }
        self.unbind(&it.id);
        walk::walk_variable_declarator(self, it);
    }

    fn visit_for_of_statement(&mut self, it: &ForOfStatement<'a>) {
        if let Some(mut path) = self.alias(&it.right)
            && let ForStatementLeft::VariableDeclaration(decl) = &it.left
            && let Some(first) = decl.declarations.first()
        {
            path.push(ELEMENT.to_owned());
            self.bind(&first.id, path);
            self.visit_statement(&it.body);
            return;
        }
        walk::walk_for_of_statement(self, it);
    }

    fn visit_string_literal(&mut self, it: &StringLiteral<'a>) {
        self.words(it.value.as_str());
    }

    fn visit_template_element(&mut self, it: &TemplateElement<'a>) {
        self.words(it.value.raw.as_str());
    }

    fn visit_if_statement(&mut self, it: &IfStatement<'a>) {
        self.tested(&it.test);
        self.visit_statement(&it.consequent);
        if let Some(alternate) = &it.alternate {
            self.visit_statement(alternate);
        }
    }

    fn visit_conditional_expression(&mut self, it: &ConditionalExpression<'a>) {
        self.tested(&it.test);
        self.visit_expression(&it.consequent);
        self.visit_expression(&it.alternate);
    }

    fn visit_unary_expression(&mut self, it: &UnaryExpression<'a>) {
        match it.operator {
            UnaryOperator::LogicalNot | UnaryOperator::Typeof | UnaryOperator::Void => {
                self.tested(&it.argument);
            }
            _ => walk::walk_unary_expression(self, it),
        }
    }

    fn visit_binary_expression(&mut self, it: &BinaryExpression<'a>) {
        if it.operator.is_equality() || it.operator.is_compare() {
            self.tested(&it.left);
            self.tested(&it.right);
        } else {
            walk::walk_binary_expression(self, it);
        }
    }

    fn visit_logical_expression(&mut self, it: &LogicalExpression<'a>) {
        if it.operator == LogicalOperator::And {
            self.tested(&it.left);
            self.visit_expression(&it.right);
        } else {
            walk::walk_logical_expression(self, it);
        }
    }
}
