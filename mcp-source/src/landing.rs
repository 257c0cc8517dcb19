//! The `landing` config of an mcp-ts-core server: the `landing` member of the options given to
//! `createApp({ … })` (imported from `@cyanheads/mcp-ts-core` under any name, or called on a
//! namespace import). The options may be written inline or be a top-level `const`; the landing
//! value is read as a static value ([`Values`]): inline, a same-file `const` or a `const`
//! imported from a relative module. What cannot be read is a `$unresolved` marker.
//!
//! The value goes into the source facts as `landing`, its members located under
//! `/sourceFacts/landing/…`. The first `createApp` call with options read wins; a server has
//! one.

use std::rc::Rc;

use oxc_ast::ast::{Argument, CallExpression, Expression, ObjectExpression, ObjectPropertyKind};
use oxc_ast_visit::{Visit, walk};
use signalint_plugin_api::Json;

use crate::handler;
use crate::locations::Recorder;
use crate::project::{Binding, Module, Project};
use crate::values::{Values, static_key, unresolved};

/// Where the landing value sits in the surface.
pub(crate) const POINTER: &str = "/sourceFacts/landing";

/// The landing config found so far.
#[derive(Debug, Default)]
pub(crate) struct Landing {
    pub value: Option<Json>,
}

impl Landing {
    /// Looks for a `createApp` call in `module` (until one has been read).
    pub fn read_module<'a>(
        &mut self,
        project: &Project<'a>,
        module: &Rc<Module<'a>>,
        rec: &mut Recorder,
    ) {
        if self.value.is_some() || !imports_create_app(module) {
            return;
        }
        let mut finder = Finder {
            project,
            module,
            rec,
            found: None,
            depth: 0,
        };
        finder.visit_program(module.program);
        self.value = finder.found;
    }
}

fn imports_create_app(module: &Module<'_>) -> bool {
    module.imports.values().any(|i| {
        i.source.starts_with("@cyanheads/mcp-ts-core") && matches!(i.imported, "createApp" | "*")
    })
}

struct Finder<'f, 'a> {
    project: &'f Project<'a>,
    module: &'f Rc<Module<'a>>,
    rec: &'f mut Recorder,
    found: Option<Json>,
    depth: usize,
}

impl<'a> Finder<'_, 'a> {
    /// Whether `call` is mcp-ts-core's `createApp`.
    fn is_create_app(&self, call: &CallExpression<'a>) -> bool {
        let from_core = |local: &str, wanted: &str| {
            self.module.imports.get(local).is_some_and(|i| {
                i.source.starts_with("@cyanheads/mcp-ts-core") && i.imported == wanted
            })
        };
        match call.callee.get_inner_expression() {
            Expression::Identifier(id) => from_core(id.name.as_str(), "createApp"),
            Expression::StaticMemberExpression(member) => {
                member.property.name.as_str() == "createApp"
                    && matches!(member.object.get_inner_expression(),
                        Expression::Identifier(ns) if from_core(ns.name.as_str(), "*"))
            }
            _ => false,
        }
    }

    /// The options object of the call: inline, or a top-level `const` (same file or imported).
    fn options<'e>(
        &self,
        call: &'e CallExpression<'a>,
    ) -> Option<(Rc<Module<'a>>, &'e ObjectExpression<'a>)>
    where
        'a: 'e,
    {
        let first = match call.arguments.first()? {
            Argument::SpreadElement(_) => return None,
            other => other.as_expression()?,
        };
        match first.get_inner_expression() {
            Expression::ObjectExpression(object) => Some((self.module.clone(), object)),
            Expression::Identifier(id) => {
                match self.project.binding(self.module, id.name.as_str(), 0) {
                    Ok((target, Binding::Const(init))) => match init.get_inner_expression() {
                        Expression::ObjectExpression(object) => Some((target, object)),
                        _ => None,
                    },
                    _ => None,
                }
            }
            _ => None,
        }
    }

    fn read(&mut self, call: &CallExpression<'a>) {
        let Some((module, options)) = self.options(call) else {
            return;
        };
        for property in &options.properties {
            let ObjectPropertyKind::ObjectProperty(p) = property else {
                continue;
            };
            if static_key(&p.key).as_deref() != Some("landing") {
                continue;
            }
            self.rec.put(POINTER, module.loc(p.span.start));
            let value = if p.method {
                unresolved("a function")
            } else {
                let mut values = Values {
                    project: self.project,
                    rec: self.rec,
                };
                values.value(&module, &p.value, POINTER, 0)
            };
            self.found = Some(value);
            return;
        }
    }
}

impl<'a> Visit<'a> for Finder<'_, 'a> {
    fn visit_call_expression(&mut self, it: &CallExpression<'a>) {
        if self.found.is_none() && self.is_create_app(it) {
            self.read(it);
        }
        walk::walk_call_expression(self, it);
    }

    /// Bounded like the definition finder: hostile chains cannot exhaust the stack.
    fn visit_expression(&mut self, it: &Expression<'a>) {
        if self.depth >= handler::MAX_DEPTH || self.found.is_some() {
            return;
        }
        self.depth += 1;
        walk::walk_expression(self, it);
        self.depth -= 1;
    }
}
