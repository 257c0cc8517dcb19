//! Whether an importer can change when a module it imports gains or loses names
//! ([`crate::name_edit`]).
//!
//! An importer sees a module through what it imports. Named imports (`import { a }`,
//! `export { a } from`) see one name each; a namespace import (`import * as M`) sees one name
//! per member read (`M.a`, the type `M.A`, `typeof M.a`). When none of those is one of the
//! names, and the module is never used as a whole (`M` passed as a value, `typeof M`,
//! `export *`, `import("…")`, `import M = require(…)`, `require(…)`, an augmentation),
//! nothing the importer is checked against has changed. References are resolved by
//! `oxc_semantic`, so a local or a type parameter that shadows a namespace's name is not a use
//! of it. The judgement cannot tell which import names the edited module, so every import of
//! the file must pass, which errs on the side of a re-check.
//!
//! An importer whose last diagnostics say a name is missing from a module (TS2305 "has no
//! exported member", TS2339 on a namespace, a "did you mean" suggestion) may change when that
//! module gains or loses one, so such an importer is always re-checked. A property missing
//! from another type (TS2339/TS2551 on `FormData`, say) is not about the module unless the
//! property is one of the names: effect's `Schema.ts` has such an error under TypeScript 5.9
//! and 500 files import it, so counting it re-checked them all. JavaScript importers are
//! re-checked too: their JSDoc types (`import("./m").T`) sit in comments.

use std::collections::HashSet;
use std::sync::LazyLock;

use oxc_allocator::Allocator;
use oxc_ast::AstKind;
use oxc_ast::ast::{
    CallExpression, Declaration, Expression, ImportDeclarationSpecifier, ImportExpression,
    Statement, TSImportType, TSModuleReference,
};
use oxc_ast_visit::{Visit, walk};
use oxc_semantic::{Semantic, SemanticBuilder, SymbolId};
use oxc_span::SourceType;
use regex::Regex;
use signalint_plugin_api::{Diagnostic, ImporterReach, ImporterRequest};

use crate::declarations::parse;

/// The compiler's diagnostics about a name a module lacks, whose message or "did you mean"
/// suggestion depends on the names the module has.
const NAME_LOOKUPS: &[&str] = &[
    "TS1192", // Module has no default export.
    "TS2305", // Module has no exported member.
    "TS2339", // Property does not exist on type (a namespace's member).
    "TS2459", // Declared locally, but not exported.
    "TS2460", // Declared locally, but exported as another name.
    "TS2551", // Property does not exist; did you mean …?
    "TS2613", // Module has no default export; did you mean a named import?
    "TS2614", // Module has no exported member; did you mean a default import?
    "TS2694", // Namespace has no exported member.
    "TS2724", // Has no exported member named …; did you mean …?
];

/// `Property 'p' does not exist on type 'T'.` (TS2339, and TS2551 before its suggestion).
static MISSING_PROPERTY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^Property '(?<property>[^']*)' does not exist on type '(?<type>.*)'\.")
        .expect("valid regex")
});

/// The adapter's answer to `session_importer`.
pub(crate) fn importer_reach(request: &ImporterRequest) -> ImporterReach {
    // A host that sends no diagnostics sends their rules alone.
    let looked_up_a_name = if request.diagnostics.is_empty() {
        request
            .rules
            .iter()
            .any(|rule| NAME_LOOKUPS.contains(&rule.as_str()))
    } else {
        request
            .diagnostics
            .iter()
            .any(|diagnostic| may_see_the_names(diagnostic, &request.names))
    };
    if !looked_up_a_name && uses_none_of(&request.file, &request.text, &request.names) {
        ImporterReach::Unaffected
    } else {
        ImporterReach::Affected
    }
}

/// Whether `diagnostic` looked up a name the edited module may now have or lack: any of
/// [`NAME_LOOKUPS`], except a property missing from a type that is not a module's namespace
/// (`typeof import("…")`) when the property is none of `names`.
fn may_see_the_names(diagnostic: &Diagnostic, names: &[String]) -> bool {
    if !NAME_LOOKUPS.contains(&diagnostic.rule.as_str()) {
        return false;
    }
    if !matches!(diagnostic.rule.as_str(), "TS2339" | "TS2551") {
        return true;
    }
    let first_line = diagnostic.message.lines().next().unwrap_or_default();
    let Some(missing) = MISSING_PROPERTY.captures(first_line) else {
        return true;
    };
    names.iter().any(|name| *name == missing["property"])
        || missing["type"].contains("typeof import(")
}

/// Whether the TypeScript file at `path` with `text` uses none of `names` through its imports
/// and no imported module as a whole.
fn uses_none_of(path: &str, text: &str, names: &[String]) -> bool {
    if !SourceType::from_path(path).is_ok_and(|t| t.is_typescript()) {
        return false;
    }
    let allocator = Allocator::default();
    let Some(parsed) = parse(&allocator, path, text) else {
        return false;
    };
    let names: HashSet<&str> = names.iter().map(String::as_str).collect();
    let mut uses = Uses {
        names,
        namespaces: Vec::new(),
        whole: false,
    };
    let program = &parsed.program;
    // Built first: it gives the import bindings their symbols.
    let semantic = SemanticBuilder::new()
        .with_build_nodes(true)
        .build(program)
        .semantic;
    for statement in &program.body {
        if !uses.statement(statement) {
            return false;
        }
    }
    uses.visit_program(program);
    !uses.whole
        && uses
            .namespaces
            .iter()
            .all(|&symbol| reads_only_other_members(&semantic, symbol, &uses.names))
}

/// Whether every reference to the namespace import `symbol` reads a member not in `names`
/// (`M.a`, the type `M.A`, `typeof M.a`). A bare type name resolved to it is allowed: a
/// namespace has no type meaning (TS2709), so that name means another type.
fn reads_only_other_members(
    semantic: &Semantic<'_>,
    symbol: SymbolId,
    names: &HashSet<&str>,
) -> bool {
    let nodes = semantic.nodes();
    semantic
        .scoping()
        .get_resolved_references(symbol)
        .all(|reference| {
            let node = reference.node_id();
            let AstKind::IdentifierReference(identifier) = nodes.kind(node) else {
                return false;
            };
            match nodes.parent_kind(node) {
                AstKind::StaticMemberExpression(member) => {
                    matches!(&member.object, Expression::Identifier(object) if object.span == identifier.span)
                        && !names.contains(member.property.name.as_str())
                }
                AstKind::TSQualifiedName(name) => !names.contains(name.right.name.as_str()),
                AstKind::TSTypeReference(_) => true,
                _ => false,
            }
        })
}

struct Uses<'s> {
    names: HashSet<&'s str>,
    /// The symbols of namespace imports, judged once every reference is resolved.
    namespaces: Vec<SymbolId>,
    /// Set on a use of one of the names or of a module as a whole.
    whole: bool,
}

impl Uses<'_> {
    /// Reads one top-level statement's imports and re-exports; `false` when it uses one
    /// of the names or a module as a whole.
    fn statement(&mut self, statement: &Statement<'_>) -> bool {
        match statement {
            Statement::ImportDeclaration(import) => {
                for specifier in import.specifiers.iter().flatten() {
                    match specifier {
                        ImportDeclarationSpecifier::ImportSpecifier(s) => {
                            if self.names.contains(s.imported.name().as_str()) {
                                return false;
                            }
                        }
                        ImportDeclarationSpecifier::ImportDefaultSpecifier(_) => {
                            if self.names.contains("default") {
                                return false;
                            }
                        }
                        ImportDeclarationSpecifier::ImportNamespaceSpecifier(s) => {
                            self.namespaces.push(s.local.symbol_id());
                        }
                    }
                }
                true
            }
            Statement::ExportAllDeclaration(_) => false,
            Statement::ExportFromDeclaration(export) => export
                .specifiers
                .iter()
                .all(|s| !self.names.contains(s.local.name().as_str())),
            Statement::TSImportEqualsDeclaration(import) => !matches!(
                import.module_reference,
                TSModuleReference::ExternalModuleReference(_)
            ),
            Statement::TSExportAssignment(_) => true,
            other => !matches!(
                other.as_declaration(),
                Some(Declaration::TSExternalModuleDeclaration(_))
            ),
        }
    }
}

/// The module's uses that no name resolution settles: `import("…")` in code and in types,
/// and `require(…)`.
impl<'a> Visit<'a> for Uses<'_> {
    fn visit_import_expression(&mut self, _: &ImportExpression<'a>) {
        self.whole = true;
    }

    fn visit_ts_import_type(&mut self, _: &TSImportType<'a>) {
        self.whole = true;
    }

    fn visit_call_expression(&mut self, it: &CallExpression<'a>) {
        if matches!(&it.callee, Expression::Identifier(callee) if callee.name == "require") {
            self.whole = true;
        }
        walk::walk_call_expression(self, it);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use signalint_plugin_api::Severity;

    fn reach(text: &str, rules: &[&str]) -> ImporterReach {
        reach_at("src/user.ts", text, rules)
    }

    fn reach_at(path: &str, text: &str, rules: &[&str]) -> ImporterReach {
        let request = ImporterRequest::new(path, text, "src/hub.ts", vec!["extra".into()])
            .with_rules(rules.iter().map(|r| r.to_string()).collect());
        importer_reach(&request)
    }

    use ImporterReach::{Affected, Unaffected};

    #[test]
    fn old_names_through_any_import_form_are_unaffected() {
        for text in [
            "import { area, type Shape } from \"./hub\";\nexport const a: number = area({ w: 1, h: 1 });\n",
            "import unit from \"./hub\";\nexport const u = unit;\n",
            "import * as hub from \"./hub\";\nexport const a: number = hub.area({ w: 1, h: 1 });\n\
             export type S = hub.Shape;\nexport type U = typeof hub.unit;\n\
             export const f = (s: hub.Shape) => hub.area(s) ?? hub?.unit;\n",
            "export { area } from \"./hub\";\n",
            "import \"./side-effect\";\nexport const z = 1;\n",
            // A local, a parameter or a type parameter of the namespace's name is another
            // binding; a bare type name is another type (a namespace is not a type).
            "import * as hub from \"./hub\";\nexport const f = (hub: { extra: number }) => hub.extra;\n\
             export function g<hub>(x: hub): hub {\n  const hub2 = x;\n  return hub2;\n}\n",
            "import * as Iterable from \"./hub\";\nexport const it: Iterable<number> = [1];\n\
             export const n = Iterable.unit;\n",
            // A namespace's member read; one of the names read from another object.
            "import * as hub from \"./hub\";\nconst o = { extra: 1 };\nexport const x = o.extra + hub.area({ w: 1, h: 1 });\n",
        ] {
            assert_eq!(reach(text, &[]), Unaffected, "{text}");
        }
        // Diagnostics of other kinds do not matter.
        assert_eq!(
            reach(
                "import { area } from \"./hub\";\nexport const a: string = area;\n",
                &["TS2322"]
            ),
            Unaffected
        );
    }

    #[test]
    fn a_new_name_or_a_whole_module_is_affected() {
        for text in [
            "import { extra } from \"./hub\";\n",
            "import { extra as e } from \"./hub\";\n",
            "export { extra } from \"./hub\";\n",
            "export * from \"./hub\";\n",
            "export * as hub from \"./hub\";\n",
            "import * as hub from \"./hub\";\nexport const x = hub.extra;\n",
            "import * as hub from \"./hub\";\nexport type X = hub.extra;\n",
            "import * as hub from \"./hub\";\nexport const keys = Object.keys(hub);\n",
            "import * as hub from \"./hub\";\nexport type K = keyof typeof hub;\n",
            "import * as hub from \"./hub\";\nexport { hub };\n",
            "import * as hub from \"./hub\";\nexport default hub;\n",
            "import * as hub from \"./hub\";\nexport const v = hub[\"area\"];\n",
            "export type H = typeof import(\"./hub\");\n",
            "export const later = import(\"./hub\");\n",
            "import hub = require(\"./hub\");\nexport const a = hub.area;\n",
            "const hub = require(\"./hub\");\nexport const a = hub.area;\n",
            "export {};\ndeclare module \"./hub\" {\n  export const more: 1;\n}\n",
            "import * as hub from \"./hub\";\nexport const x = = 1;\n",
        ] {
            assert_eq!(reach(text, &[]), Affected, "{text}");
        }
    }

    #[test]
    fn a_missing_name_or_javascript_is_affected() {
        let plain = "import { area } from \"./hub\";\nexport const a = area;\n";
        for rule in ["TS2305", "TS2724", "TS2339", "TS2694"] {
            assert_eq!(reach(plain, &[rule]), Affected, "{rule}");
        }
        assert_eq!(reach_at("src/user.js", plain, &[]), Affected);
        assert_eq!(reach_at("src/user.tsx", plain, &[]), Unaffected);
    }

    fn reach_with(text: &str, diagnostics: &[(&str, &str)]) -> ImporterReach {
        let diagnostics = diagnostics
            .iter()
            .map(|(rule, message)| Diagnostic::new(*rule, Severity::Error, *message))
            .collect();
        let request = ImporterRequest::new("src/user.ts", text, "src/hub.ts", vec!["extra".into()])
            .with_diagnostics(diagnostics);
        importer_reach(&request)
    }

    #[test]
    fn a_member_missing_from_another_type_is_not_about_the_module() {
        let plain = "import * as hub from \"./hub\";\nexport const a = hub.area;\n";
        // Recorded from TypeScript 5.9.3 on effect 4.1.0 (`src/Schema.ts`, `src/http/...`).
        for message in [
            "Property 'entries' does not exist on type 'FormData'.",
            "Property 'keys' does not exist on type 'URLSearchParams'.",
            "Property 'entris' does not exist on type 'Headers'. Did you mean 'entries'?",
        ] {
            assert_eq!(
                reach_with(plain, &[("TS2339", message)]),
                Unaffected,
                "{message}"
            );
        }
        // One of the names, on any type; anything on a module's namespace; other lookups.
        for (rule, message) in [
            (
                "TS2339",
                "Property 'extra' does not exist on type 'Options'.",
            ),
            (
                "TS2339",
                "Property 'aera' does not exist on type 'typeof import(\"/p/src/hub\")'.",
            ),
            (
                "TS2551",
                "Property 'aera' does not exist on type 'typeof import(\"/p/src/hub\")'. Did you mean 'area'?",
            ),
            (
                "TS2305",
                "Module '\"./hub\"' has no exported member 'extra'.",
            ),
            (
                "TS2694",
                "Namespace '\"/p/src/hub\"' has no exported member 'Extra'.",
            ),
            ("TS2339", "a message of a form not known"),
        ] {
            assert_eq!(reach_with(plain, &[(rule, message)]), Affected, "{message}");
        }
        assert_eq!(
            reach_with(
                plain,
                &[(
                    "TS2322",
                    "Type 'string' is not assignable to type 'number'."
                )]
            ),
            Unaffected
        );
    }
}
