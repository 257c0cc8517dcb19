//! An edit inside a function body whose type is written: it cannot change what other files see
//! of the module, even when the module's declarations as a whole need the type checker.
//!
//! [`crate::declarations`] settles most edits by comparing isolated declarations, but one
//! inferred member anywhere in a file (rxjs's `[Symbol.observable]() { return this; }`, effect's
//! untyped `dual = function (arity, body) {…}` under a typed `const`) leaves the whole file's
//! shape unknown, so every edit there re-checks the importers. A body's statements reach other
//! files only through the function's type; when that type is written, so that the body cannot
//! change it, an edit confined to the body is the file's alone. The type is written when the
//! function has a return type annotation, is a constructor or a setter (neither has one to
//! infer), or is the initializer of a variable or class property whose type is annotated.
//! Parameter types never come from the body.

use oxc_ast::AstKind;
use oxc_ast::ast::{Expression, MethodDefinitionKind};
use oxc_ast_visit::Visit;
use oxc_span::{GetSpan, Span};

use crate::declarations::Source;

/// Whether `before` and `after` (two texts of one TypeScript module) differ only inside the
/// body of one function whose type is written. Both texts must parse cleanly.
pub(crate) fn inside_a_typed_body(before: &Source<'_>, after: &Source<'_>) -> bool {
    if !after.is_typescript_source() || before.text == after.text {
        return false;
    }
    let (old, new) = (before.text.as_bytes(), after.text.as_bytes());
    let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let room = old.len().min(new.len()) - prefix;
    let suffix = old
        .iter()
        .rev()
        .zip(new.iter().rev())
        .take(room)
        .take_while(|(a, b)| a == b)
        .count();
    let changed_before = (prefix, old.len() - suffix);
    let changed_after = (prefix, new.len() - suffix);
    let (Some(bodies_before), Some(bodies_after)) = (typed_bodies(before), typed_bodies(after))
    else {
        return false;
    };
    bodies_before.iter().any(|body| {
        encloses(*body, changed_before)
            && bodies_after
                .iter()
                .any(|other| other.start == body.start && encloses(*other, changed_after))
    })
}

/// Whether the bytes `start..end` lie strictly between the braces (or inside the expression)
/// of `body`.
fn encloses(body: Span, (start, end): (usize, usize)) -> bool {
    (body.start as usize) < start && end < body.end as usize
}

/// The bodies of the functions of `source` whose type is written; `None` when it does not
/// parse cleanly.
fn typed_bodies(source: &Source<'_>) -> Option<Vec<Span>> {
    let mut finder = TypedBodies::default();
    finder.visit_program(source.program.as_ref()?);
    Some(finder.bodies)
}

#[derive(Default)]
struct TypedBodies {
    bodies: Vec<Span>,
}

impl TypedBodies {
    /// The body of `expression` when it is a function (parentheses unwrapped) whose type the
    /// annotated binding it initializes gives.
    fn contextual(&mut self, expression: Option<&Expression<'_>>) {
        match expression.map(Expression::without_parentheses) {
            Some(Expression::FunctionExpression(function)) => {
                if let Some(body) = &function.body {
                    self.bodies.push(body.span);
                }
            }
            Some(Expression::ArrowFunctionExpression(arrow)) => self.bodies.push(arrow.body.span()),
            _ => {}
        }
    }
}

impl<'a> Visit<'a> for TypedBodies {
    fn enter_node(&mut self, kind: AstKind<'a>) {
        match kind {
            AstKind::Function(function) if function.return_type.is_some() => {
                if let Some(body) = &function.body {
                    self.bodies.push(body.span);
                }
            }
            AstKind::ArrowFunctionExpression(arrow) if arrow.return_type.is_some() => {
                self.bodies.push(arrow.body.span());
            }
            AstKind::MethodDefinition(method)
                if matches!(
                    method.kind,
                    MethodDefinitionKind::Constructor | MethodDefinitionKind::Set
                ) =>
            {
                if let Some(body) = &method.value.body {
                    self.bodies.push(body.span);
                }
            }
            AstKind::VariableDeclarator(declarator) if declarator.type_annotation.is_some() => {
                self.contextual(declarator.init.as_ref());
            }
            AstKind::PropertyDefinition(property) if property.type_annotation.is_some() => {
                self.contextual(property.value.as_ref());
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use oxc_allocator::Allocator;

    use super::*;

    fn inside(path: &str, before: &str, after: &str) -> bool {
        let (a, b) = (Allocator::default(), Allocator::default());
        inside_a_typed_body(
            &Source::parse(&a, path, before),
            &Source::parse(&b, path, after),
        )
    }

    /// A module whose declarations need the checker (`inferred` has no return type).
    const HUB: &str = "export function typed(n: number): number {\n  return n;\n}\n\
                       export function inferred(n: number) {\n  return n;\n}\n\
                       export class Box {\n  constructor(public v: number) {\n    this.v = v;\n  }\n  \
                       set value(v: number) {\n    this.v = v;\n  }\n  self() {\n    return this;\n  }\n}\n\
                       export const dual: (n: number) => number = function (n) {\n  return n;\n};\n\
                       export const arrow = (n: number): string => {\n  const f = () => n;\n  return `${f()}`;\n};\n";

    fn edited(from: &str, to: &str) -> bool {
        assert!(HUB.contains(from), "{from}");
        inside("src/hub.ts", HUB, &HUB.replacen(from, to, 1))
    }

    #[test]
    fn edits_inside_a_body_whose_type_is_written_stay_in_the_file() {
        assert!(edited(
            "  return n;\n}\nexport function inferred",
            "  return n + 1;\n}\nexport function inferred"
        ));
        assert!(edited(
            "    this.v = v;\n  }\n  set",
            "    this.v = v + 1;\n  }\n  set"
        ));
        assert!(edited(
            "  set value(v: number) {\n    this.v = v;",
            "  set value(v: number) {\n    this.v = 2 * v;"
        ));
        assert!(edited(
            "= function (n) {\n  return n;",
            "= function (n) {\n  return n * 3;"
        ));
        // An untyped closure inside a typed body is still sealed by the outer type.
        assert!(edited("const f = () => n;", "const f = () => n * 2;"));
    }

    #[test]
    fn edits_that_may_change_a_type_reach_the_importers() {
        // The inferred function's body is its type.
        assert!(!edited(
            "export function inferred(n: number) {\n  return n;",
            "export function inferred(n: number) {\n  return `${n}`;"
        ));
        assert!(!edited(
            "  self() {\n    return this;",
            "  self() {\n    return 1;"
        ));
        // The written type itself, or a parameter.
        assert!(!edited("(n: number): number {", "(n: number): string {"));
        assert!(!edited(
            "export function typed(n: number)",
            "export function typed(n: string)"
        ));
        // Two bodies at once: no one body holds the edit.
        let both = HUB
            .replacen(
                "  return n;\n}\nexport function inferred",
                "  return n + 1;\n}\nexport function inferred",
                1,
            )
            .replacen(
                "    this.v = v;\n  }\n  set",
                "    this.v = v + 1;\n  }\n  set",
                1,
            );
        assert!(!inside("src/hub.ts", HUB, &both));
        // A syntax error, JavaScript (declarations come from inference), no edit at all.
        assert!(!edited(
            "  return n;\n}\nexport function inferred",
            "  return n +;\n}\nexport function inferred"
        ));
        let js = "export function f(a) {\n  return a;\n}\n";
        assert!(!inside(
            "src/f.js",
            js,
            &js.replace("return a;", "return [a];")
        ));
        assert!(!inside("src/hub.ts", HUB, HUB));
    }
}
