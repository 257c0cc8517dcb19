//! What other files can see of a TypeScript module, from its text alone: its isolated
//! declarations (the `.d.ts` that `--isolatedDeclarations` allows to emit without a type
//! checker) and its top-level names.
//!
//! When an edit leaves both unchanged, nothing another file is checked against has changed,
//! so the importers' diagnostics stand and only the edited file is re-checked. The top-level
//! names count because an importer's error for a name that is not exported says whether the
//! module declares it locally (TS2459 against TS2305). Whatever the declarations cannot
//! settle alone (an inferred return type, an initializer that is not a literal, an expando
//! property) is an isolated-declarations error, and then the shape is unknown.
//!
//! The parser is `oxc_parser`; [`parse`] is the one entry point, for reuse by whatever else
//! needs TypeScript's syntax.

use std::collections::BTreeSet;

use oxc_allocator::Allocator;
use oxc_ast::ast::{
    BindingIdentifier, Declaration, ExportDefaultDeclarationKind, Program, Statement,
    TSModuleReference,
};
use oxc_codegen::{Codegen, CodegenOptions, CommentOptions};
use oxc_ecmascript::BoundNames;
use oxc_isolated_declarations::{IsolatedDeclarations, IsolatedDeclarationsOptions};
use oxc_parser::{Parser, ParserReturn};
use oxc_span::SourceType;

/// What importers can see of one module: equal surfaces mean equal importer diagnostics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Surface {
    /// The printed isolated declarations, without comments.
    declarations: String,
    /// Every name the module declares at its top level, exported or not, imports included.
    locals: BTreeSet<String>,
}

/// Parses `text` as the file at `path` says (`.ts`, `.tsx`, `.mts`, `.cts`, `.d.ts`, the
/// JavaScript extensions); `None` for another extension, or when the parser gave up or found
/// a syntax error.
pub(crate) fn parse<'a>(
    allocator: &'a Allocator,
    path: &str,
    text: &'a str,
) -> Option<ParserReturn<'a>> {
    let source_type = SourceType::from_path(path).ok()?;
    let parsed = Parser::new(allocator, text, source_type).parse();
    (!parsed.panicked && parsed.diagnostics.is_empty()).then_some(parsed)
}

/// One text of a module, parsed once for every question the reach asks of it.
pub(crate) struct Source<'a> {
    pub path: &'a str,
    pub text: &'a str,
    /// `None` when the text does not parse cleanly, or the path is not a script's.
    pub program: Option<Program<'a>>,
}

impl<'a> Source<'a> {
    pub fn parse(allocator: &'a Allocator, path: &'a str, text: &'a str) -> Self {
        Self {
            path,
            text,
            program: parse(allocator, path, text).map(|parsed| parsed.program),
        }
    }

    /// A TypeScript source file (`.ts`, `.tsx`, `.mts`, `.cts`): not JavaScript, whose
    /// declarations come from inference, nor a declaration file.
    pub fn is_typescript_source(&self) -> bool {
        SourceType::from_path(self.path)
            .is_ok_and(|t| t.is_typescript() && !t.is_typescript_definition())
    }
}

/// The surface of the module `source`, or why it cannot be known: only a TypeScript source
/// module that parses cleanly, declares nothing global (`declare global`, `declare module
/// "…"`, `export as namespace`), and has isolated declarations without errors.
pub(crate) fn surface(source: &Source<'_>) -> Result<Surface, String> {
    let path = source.path;
    if !source.is_typescript_source() {
        return Err(format!("{path} is not a TypeScript source file"));
    }
    let program = source
        .program
        .as_ref()
        .ok_or_else(|| format!("{path} does not parse cleanly"))?;
    if !is_module(program) {
        return Err(format!("{path} is a script: its declarations are global"));
    }
    if let Some(what) = global_declaration(program) {
        return Err(format!(
            "{path} has {what}, which reaches beyond its importers"
        ));
    }
    let allocator = Allocator::default();
    let built = IsolatedDeclarations::new(&allocator, IsolatedDeclarationsOptions::default())
        .build(program);
    if let Some(error) = built.diagnostics.first() {
        return Err(format!(
            "{path}: its declarations need the type checker ({error})"
        ));
    }
    let declarations = Codegen::new()
        .with_options(CodegenOptions {
            comments: CommentOptions::disabled(),
            ..CodegenOptions::default()
        })
        .build(&built.program)
        .code;
    Ok(Surface {
        declarations,
        locals: top_level_names(program),
    })
}

/// Whether TypeScript treats the file as a module: a top-level `import` or `export` (of any
/// form, `import x = require(…)` and `export = …` included).
fn is_module(program: &Program<'_>) -> bool {
    program.body.iter().any(|statement| match statement {
        Statement::TSImportEqualsDeclaration(import) => matches!(
            import.module_reference,
            TSModuleReference::ExternalModuleReference(_)
        ),
        other => other.is_module_declaration(),
    })
}

/// A top-level declaration that changes other files than the importers.
fn global_declaration(program: &Program<'_>) -> Option<&'static str> {
    program.body.iter().find_map(|statement| {
        let declaration = match statement {
            Statement::ExportDeclaration(export) => &export.declaration,
            Statement::TSNamespaceExportDeclaration(_) => return Some("`export as namespace`"),
            other => other.as_declaration()?,
        };
        match declaration {
            Declaration::TSGlobalDeclaration(_) => Some("`declare global`"),
            Declaration::TSExternalModuleDeclaration(_) => Some("`declare module \"…\"`"),
            _ => None,
        }
    })
}

/// The names the module declares at its top level.
fn top_level_names(program: &Program<'_>) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut add = |id: &BindingIdentifier<'_>| {
        names.insert(id.name.to_string());
    };
    for statement in &program.body {
        statement_bindings(statement, &mut add);
    }
    names
}

/// Adds the names one top-level statement binds: its imports, its declarations, a default
/// export's own name. `false` for a statement that binds no names this way (an expression,
/// `export { … }`, `export *`) or a declaration that reaches beyond the module (`declare
/// global`, `declare module "…"`).
pub(crate) fn statement_bindings(
    statement: &Statement<'_>,
    add: &mut impl FnMut(&BindingIdentifier<'_>),
) -> bool {
    let declaration = match statement {
        Statement::ImportDeclaration(import) => {
            import.bound_names(add);
            return true;
        }
        Statement::ExportDeclaration(export) => &export.declaration,
        Statement::ExportDefaultDeclaration(export) => {
            match &export.declaration {
                ExportDefaultDeclarationKind::FunctionDeclaration(f) => f.bound_names(add),
                ExportDefaultDeclarationKind::ClassDeclaration(c) => c.bound_names(add),
                ExportDefaultDeclarationKind::TSInterfaceDeclaration(i) => add(&i.id),
                _ => {}
            }
            return true;
        }
        other => match other.as_declaration() {
            Some(declaration) => declaration,
            None => return false,
        },
    };
    match declaration {
        Declaration::TSGlobalDeclaration(_) | Declaration::TSExternalModuleDeclaration(_) => {
            return false;
        }
        Declaration::TSTypeAliasDeclaration(d) => add(&d.id),
        Declaration::TSInterfaceDeclaration(d) => add(&d.id),
        Declaration::TSEnumDeclaration(d) => add(&d.id),
        Declaration::TSNamespaceDeclaration(d) => add(&d.id),
        Declaration::TSImportEqualsDeclaration(d) => add(&d.id),
        other => other.bound_names(add),
    }
    true
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn surface_of(path: &str, text: &str) -> Result<Surface, String> {
        let allocator = Allocator::default();
        surface(&Source::parse(&allocator, path, text))
    }

    fn same(before: &str, after: &str) -> bool {
        same_at("src/hub.ts", before, after)
    }

    fn same_at(path: &str, before: &str, after: &str) -> bool {
        match (surface_of(path, before), surface_of(path, after)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }

    /// A module with imports, exported and local declarations; the other reach tests use it too.
    pub(crate) const HUB: &str = "import { helper } from \"./util\";\n\n\
        export interface Shape {\n  w: number;\n  h: number;\n}\n\n\
        /** The area. */\n\
        export function area(s: Shape): number {\n  return helper(s.w * s.h);\n}\n\n\
        function local(n: number) {\n  return n + 1;\n}\n\n\
        export const unit = \"cm\";\n\
        export const scale = (s: Shape): number => local(area(s));\n";

    #[test]
    fn a_body_edit_leaves_the_surface_alone() {
        assert!(same(
            HUB,
            &HUB.replace("return helper(s.w * s.h);", "return helper(s.w * s.h) + 1;")
        ));
        assert!(same(
            HUB,
            &HUB.replace("local(area(s))", "local(area(s) * 2)")
        ));
        // A function nobody imports, with an inferred return type: it is not declared.
        assert!(same(HUB, &HUB.replace("return n + 1;", "return `${n}`;")));
        // Comments, JSDoc included, and formatting.
        assert!(same(
            HUB,
            &HUB.replace("/** The area. */", "/** The area, in cm². */")
        ));
        assert!(same(HUB, &format!("// a note\n{HUB}\n\n")));
    }

    #[test]
    fn what_importers_see_changes_the_surface() {
        // A changed signature, exported type, initializer type; an export added or removed.
        assert!(!same(
            HUB,
            &HUB.replace("area(s: Shape): number", "area(s: Shape): string")
        ));
        assert!(!same(HUB, &HUB.replace("  h: number;\n", "  h: string;\n")));
        assert!(!same(HUB, &HUB.replace("unit = \"cm\"", "unit = \"mm\"")));
        assert!(!same(HUB, &format!("{HUB}export const extra = 1;\n")));
        assert!(!same(HUB, &HUB.replace("export const unit", "const unit")));
        // A new local name: an importer's "not exported" error names it (TS2459).
        assert!(!same(
            HUB,
            &format!("{HUB}const hidden = 1;\nvoid hidden;\n")
        ));
    }

    #[test]
    fn an_inferred_type_makes_the_surface_unknown() {
        let inferred = HUB.replace("area(s: Shape): number {", "area(s: Shape) {");
        assert!(surface_of("src/hub.ts", &inferred).is_err());
        assert!(!same(&inferred, &inferred.replace("s.w * s.h", "`${s.w}`")));
        // A value exported through a local whose type comes from its initializer.
        let typeof_local = "const impl = make();\nexport type Impl = typeof impl;\n\
                            declare function make(): number;\n";
        assert!(surface_of("src/hub.ts", typeof_local).is_err());
        // An expando property is part of the function's type.
        let expando = "export function f(): void {}\nf.extra = 1;\n";
        assert!(surface_of("src/hub.ts", expando).is_err());
    }

    #[test]
    fn const_enum_values_are_part_of_the_surface() {
        let text = "export const enum Flag {\n  A = 1,\n  B = 2,\n}\n";
        assert!(!same(text, &text.replace("B = 2", "B = 3")));
        assert!(same(text, &format!("{text}// no change\n")));
    }

    #[test]
    fn only_typescript_modules_have_a_known_surface() {
        let module = "export const a: number = 1;\n";
        for path in ["a.js", "a.mjs", "a.jsx", "a.d.ts", "a.d.mts", "a.json"] {
            assert!(surface_of(path, module).is_err(), "{path}");
        }
        for path in ["a.ts", "a.tsx", "a.mts", "a.cts"] {
            assert!(surface_of(path, module).is_ok(), "{path}");
        }
        assert!(surface_of("a.ts", "const a: number = 1;\n").is_err());
        assert!(surface_of("a.cts", "import fs = require(\"fs\");\nexport = fs;\n").is_ok());
        for global in [
            "export {};\ndeclare global {\n  interface Window { a: 1 }\n}\n",
            "export {};\ndeclare module \"./b\" {\n  export const b: 1;\n}\n",
            "export const a: number = 1;\nexport as namespace Lib;\n",
        ] {
            assert!(surface_of("a.ts", global).is_err(), "{global}");
        }
        assert!(surface_of("a.ts", "export const a: number = ;\n").is_err());
    }
}
