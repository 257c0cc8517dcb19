//! An edit that only adds top-level declarations of names the module did not have, or only
//! removes declarations of names the rest of it never mentions.
//!
//! Appending `export const benchCore = 1;` to a module imported 70 times changes its
//! declarations, so [`crate::declarations`] sends the edit to every importer, directly or not
//! (502 files of effect's 572). Yet an importer that uses none of the new names and does not
//! use the module as a whole sees exactly what it saw before. This module tells such an edit
//! apart; [`crate::importer_use`] then judges each importer.
//!
//! An addition qualifies when every statement of the old text is still there, unchanged and
//! in order, and each statement added is a declaration, an import or a named export whose
//! names are new: not a name the module declared, imported or exported before (that would
//! merge with, overload or shadow a declaration importers see), and not a word of the old
//! text at all (a new local `Promise` would change what an existing `Promise<number>` means).
//! An added expression statement (`f.extra = 1` adds to `f`'s type), `export *`, `export =`
//! or a side-effect import disqualifies it. A removal qualifies when it is such an addition
//! read backwards: then the statements left never mention the names removed, so their meaning
//! is the same. Like [`crate::declarations`], only TypeScript source modules qualify:
//! JavaScript's declarations come from inference.

use std::collections::BTreeSet;

use oxc_ast::ast::{ExportSpecifier, Program, Statement};
use oxc_span::GetSpan;

use crate::declarations::{Source, statement_bindings};

/// The names the edit from `before` to `after` (two texts of one module) adds to the module
/// or removes from it, when that is all it does; `None` otherwise (or when either text does
/// not parse cleanly).
pub(crate) fn changed_names(before: &Source<'_>, after: &Source<'_>) -> Option<Vec<String>> {
    added_names(before, after).or_else(|| added_names(after, before))
}

/// The names `after` adds to the module, when adding them is all the edit from `before` does.
fn added_names(before: &Source<'_>, after: &Source<'_>) -> Option<Vec<String>> {
    if !after.is_typescript_source() {
        return None;
    }
    let (old, new) = (before.program.as_ref()?, after.program.as_ref()?);
    let directives = |source: &Source<'_>, program: &Program<'_>| -> Vec<String> {
        program
            .directives
            .iter()
            .map(|d| d.span.source_text(source.text).to_owned())
            .collect()
    };
    if directives(before, old) != directives(after, new) {
        return None;
    }

    // The old statements, matched in order; whatever the new text has beyond them is added.
    let mut old_statements = old
        .body
        .iter()
        .map(|s| s.span().source_text(before.text))
        .peekable();
    let mut added = Vec::new();
    for statement in &new.body {
        if old_statements.peek() == Some(&statement.span().source_text(after.text)) {
            old_statements.next();
        } else {
            added.push(statement);
        }
    }
    if old_statements.next().is_some() || added.is_empty() {
        return None;
    }

    let mut known = BTreeSet::new();
    for statement in &old.body {
        names_of(statement, &mut known);
    }
    let mut names = BTreeSet::new();
    for statement in added {
        if !names_of(statement, &mut names) {
            return None;
        }
    }
    let fresh = names
        .iter()
        .all(|name| !known.contains(name) && (name == "default" || !mentions(before.text, name)));
    (fresh && !names.is_empty()).then(|| names.into_iter().collect())
}

/// Adds the names `statement` declares, imports or exports at the top level; `false` when it
/// is not a declaration of names alone.
fn names_of(statement: &Statement<'_>, names: &mut BTreeSet<String>) -> bool {
    let exported = |specifiers: &[ExportSpecifier<'_>], names: &mut BTreeSet<String>| {
        for specifier in specifiers {
            names.insert(specifier.exported.name().to_string());
        }
        true
    };
    match statement {
        // A side-effect import may add files, globals or augmentations to the program.
        Statement::ImportDeclaration(import)
            if import.specifiers.as_ref().is_none_or(|s| s.is_empty()) =>
        {
            false
        }
        Statement::ExportNamedDeclaration(export) => exported(&export.specifiers, names),
        Statement::ExportFromDeclaration(export) => exported(&export.specifiers, names),
        other => {
            if matches!(other, Statement::ExportDefaultDeclaration(_)) {
                names.insert("default".to_owned());
            }
            statement_bindings(other, &mut |id| {
                names.insert(id.name.to_string());
            })
        }
    }
}

/// Whether `name` occurs in `text` as a whole word (in code, a string or a comment alike).
fn mentions(text: &str, name: &str) -> bool {
    let is_word = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        !before.is_some_and(is_word) && !after.is_some_and(is_word)
    })
}

#[cfg(test)]
mod tests {
    use oxc_allocator::Allocator;

    use super::*;
    use crate::declarations::tests::HUB;

    fn added_names(path: &str, before: &str, after: &str) -> Option<Vec<String>> {
        let (a, b) = (Allocator::default(), Allocator::default());
        super::added_names(
            &Source::parse(&a, path, before),
            &Source::parse(&b, path, after),
        )
    }

    fn changed_names(path: &str, before: &str, after: &str) -> Option<Vec<String>> {
        let (a, b) = (Allocator::default(), Allocator::default());
        super::changed_names(
            &Source::parse(&a, path, before),
            &Source::parse(&b, path, after),
        )
    }

    fn added(after: &str) -> Option<Vec<String>> {
        added_names("src/hub.ts", HUB, after)
    }

    #[test]
    fn new_declarations_of_new_names_are_added_names() {
        assert_eq!(
            added(&format!("{HUB}export const benchCore = 1;\n")),
            Some(vec!["benchCore".to_owned()])
        );
        // Anywhere in the file, inferred types included, several at once.
        let middle = HUB.replace(
            "function local",
            "export function twice(n: number) {\n  return [n, n];\n}\n\
             export type Pair = [number, number];\nconst hidden = 1;\nfunction local",
        );
        assert_eq!(
            added(&middle),
            Some(vec!["Pair".into(), "hidden".into(), "twice".into()])
        );
        assert_eq!(
            added(&format!(
                "{HUB}import {{ other }} from \"./other\";\nexport {{ other }};\n"
            )),
            Some(vec!["other".into()])
        );
        assert_eq!(
            added(&format!("{HUB}export default class Box {{}}\n")),
            Some(vec!["Box".into(), "default".into()])
        );
    }

    #[test]
    fn any_other_edit_is_not() {
        // An existing statement changed or removed.
        assert_eq!(added(&HUB.replace("unit = \"cm\"", "unit = \"mm\"")), None);
        assert_eq!(
            added(&HUB.replace("export const unit = \"cm\";\n", "")),
            None
        );
        assert_eq!(added(HUB), None);
        // A name the module had: an overload, a merged interface, an export of a local.
        for extra in [
            "export function area(s: string): string;\n",
            "export interface Shape {\n  d: number;\n}\n",
            "export { local };\n",
            "export const helper = 2;\n",
        ] {
            assert_eq!(added(&format!("{HUB}{extra}")), None, "{extra}");
        }
        // A new name the old text already uses: it may now shadow what that use meant.
        let uses_global = format!("{HUB}export const when: Date = new Date();\n");
        assert_eq!(
            added_names(
                "src/hub.ts",
                &uses_global,
                &format!("{uses_global}type Date = string;\n")
            ),
            None
        );
        // Statements that change existing declarations or the program.
        for extra in [
            "area.extra = 1;\n",
            "export * from \"./other\";\n",
            "import \"./side-effect\";\n",
            "declare global {\n  const G: number;\n}\n",
            "declare module \"./util\" {\n  export const more: 1;\n}\n",
        ] {
            assert_eq!(added(&format!("{HUB}{extra}")), None, "{extra}");
        }
        // A syntax error, JavaScript, a declaration file.
        assert_eq!(added(&format!("{HUB}export const = ;\n")), None);
        let module = "export const a = 1;\n";
        let more = "export const a = 1;\nexport const b = 2;\n";
        assert!(added_names("a.ts", module, more).is_some());
        for path in ["a.js", "a.d.ts"] {
            assert_eq!(added_names(path, module, more), None, "{path}");
        }
    }

    #[test]
    fn removing_what_an_addition_adds_is_a_name_edit_too() {
        let more = format!("{HUB}export const benchCore = 1;\n");
        assert_eq!(
            changed_names("src/hub.ts", &more, HUB),
            Some(vec!["benchCore".to_owned()])
        );
        // Removing a declaration the rest still uses changes what that use means.
        assert_eq!(
            changed_names(
                "src/hub.ts",
                HUB,
                &HUB.replace("function local(n: number) {\n  return n + 1;\n}\n", "")
            ),
            None
        );
        assert_eq!(changed_names("src/hub.ts", HUB, HUB), None);
    }

    #[test]
    fn whole_words_only() {
        assert!(mentions("const area = 1;", "area"));
        assert!(mentions("// area", "area"));
        assert!(!mentions("const areas = 1; $area; area_", "area"));
        assert!(!mentions("", "area"));
    }
}
