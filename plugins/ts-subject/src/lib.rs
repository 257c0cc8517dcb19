//! What a TypeScript diagnostic is about (its [`Subject`]), read from its code and message: the
//! knowledge the host clusters and ranks causes by, kept with the engines that report TypeScript
//! codes (the tsc adapter, and oxlint's adapter for `--type-check`'s `typescript(TS…)`).
//!
//! Each reader checks the English shape of the message (tsc runs with `--locale en`) and
//! returns `None` when it differs, so an unexpected wording falls back to clustering by rule.
//! The role comes from the code alone, whatever the wording.

use signalint_plugin_api::quoted::{collapse_whitespace, spans as quoted_spans};
use signalint_plugin_api::{Role, Subject, SubjectKind as Kind};

/// The subject of the diagnostic `TS<code>` with `message`: what it is about (when the message
/// has the expected shape), its role, and its family (codes that are variants of one diagnostic,
/// such as TS2304 and its did-you-mean TS2552, share a family, so the host merges them).
pub fn subject(code: u32, message: &str) -> Option<Subject> {
    let role = role(code);
    match read(code, &collapse_whitespace(message)) {
        Some(subject) => {
            let family = family(subject.kind);
            let role = match role {
                Role::Finding if is_cause(subject.kind) => Role::Cause,
                role => role,
            };
            Some(subject.with_family(family).with_role(role))
        }
        None => (role != Role::Finding).then(|| Subject::role_only(role)),
    }
}

/// The canonical fact keys of `TS<code>`: TS6133 (`'x' is declared but its value is never
/// read`) and TS6196 (`'T' is declared but never used`), reported under `noUnusedLocals` /
/// `noUnusedParameters`, are the fact ESLint's `no-unused-vars` reports (oxlint's rule of that
/// name, Biome's `noUnusedVariables`), at the same binding: the host shows them as one issue.
pub fn fact_keys(code: u64) -> Vec<String> {
    match code {
        6133 | 6196 => vec!["eslint/no-unused-vars".to_owned()],
        _ => Vec::new(),
    }
}

/// True for codes of a tsconfig that cannot be read or does not hold together (TS5xxx,
/// TS18003 "no inputs", TS6046/TS6053 bad option value or missing file, TS2318 missing global
/// type, TS2688 missing type-definition file).
fn is_config_code(code: u32) -> bool {
    (5000..6000).contains(&code) || matches!(code, 18003 | 6046 | 6053 | 2318 | 2688)
}

/// Codes a lost type (an unresolved module, missing types or `lib`) produces: with the module,
/// the types or the `lib` in place those diagnostics go too.
fn follows_from_lost_types(code: u32) -> bool {
    matches!(
        code,
        7006 | 7005 | 7031 | 7034 | 7053 | 2339 | 2551 | 18046 | 2571 | 2345 | 2322 | 2304
    )
}

fn role(code: u32) -> Role {
    if is_config_code(code) {
        Role::Config
    } else if follows_from_lost_types(code) {
        Role::Consequence
    } else {
        Role::Finding
    }
}

/// A configuration or resolution failure: fixing it (an install, a `paths` entry, a `lib`
/// entry, a tsconfig edit) clears diagnostics elsewhere.
fn is_cause(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::MissingTypes
            | Kind::MissingLib
            | Kind::MissingModule
            | Kind::UntypedModule
            | Kind::UnknownOption
    )
}

/// The family of a subject's kind: the part of the cluster key that stands for the code.
fn family(kind: Kind) -> &'static str {
    match kind {
        Kind::MissingName => "missing-name",
        Kind::MissingNamespace => "missing-namespace",
        Kind::MissingTypes => "missing-types",
        Kind::MissingLib => "missing-lib",
        Kind::MissingModule => "missing-module",
        Kind::UntypedModule => "untyped-module",
        Kind::MissingExport => "missing-export",
        Kind::NotAssignable => "not-assignable",
        Kind::ArgumentType => "argument-type",
        Kind::UnknownProperty => "unknown-property",
        Kind::MissingProperty => "missing-property",
        Kind::ExcessProperty => "excess-property",
        Kind::PossiblyNullish => "possibly-nullish",
        Kind::ImplicitAny => "implicit-any",
        Kind::Duplicate => "duplicate",
        Kind::TypeAsValue => "type-as-value",
        Kind::ValueAsType => "value-as-type",
        Kind::UnusedBinding => "unused",
        Kind::HookDependency => "hook-dependency",
        Kind::UnknownOption => "compiler-option",
        _ => "other",
    }
}

fn one(kind: Kind) -> impl Fn(String) -> Subject {
    move |name| Subject::new(kind, name)
}

fn two(kind: Kind, name: String, detail: String) -> Subject {
    Subject::new(kind, name).with_detail(detail)
}

/// What the message is about, without role or family.
fn read(code: u32, message: &str) -> Option<Subject> {
    let mut spans = quoted_spans(message);
    let quoted: [Option<&str>; 3] = [spans.next(), spans.next(), spans.next()];
    let first = || quoted[0].map(str::to_owned);
    let nth = |n: usize| quoted[n].map(str::to_owned);
    match code {
        // Cannot find name 'X'. (+ did-you-mean and install-types variants)
        2304 | 2552 | 2580 | 2581 | 2582 | 2583 | 2584 | 2591 | 2592 | 2593 | 2662 | 2663 => {
            if !message.starts_with("Cannot find name ") {
                return None;
            }
            if let Some(package) = types_hint(message) {
                return Some(Subject::new(Kind::MissingTypes, package));
            }
            if let Some(lib) = lib_hint(message) {
                return Some(Subject::new(Kind::MissingLib, lib));
            }
            first().map(one(Kind::MissingName))
        }
        // Cannot find namespace 'X'. / Did you mean 'Y'?
        2503 | 2833 => message
            .starts_with("Cannot find namespace ")
            .then(first)?
            .map(one(Kind::MissingNamespace)),
        // Cannot find type definition file for 'node'.
        2688 => message
            .starts_with("Cannot find type definition file for ")
            .then(first)?
            .map(one(Kind::MissingTypes)),
        // Cannot find module './db' or its corresponding type declarations.
        2307 | 2792 => message
            .starts_with("Cannot find module ")
            .then(first)?
            .map(one(Kind::MissingModule)),
        // File '/src/x.ts' is not a module.
        2306 => message
            .starts_with("File ")
            .then(first)?
            .map(one(Kind::MissingModule)),
        // Could not find a declaration file for module 'x'. '/node_modules/x/index.js' implicitly…
        7016 => message
            .starts_with("Could not find a declaration file for module ")
            .then(first)?
            .map(one(Kind::UntypedModule)),
        // Module '"./types"' has no exported member 'UserId'. / '"./types"' has no exported member
        // named 'UserId'. Did you mean 'UserID'? / Module '"./x"' declares 'y' locally, but …
        2305 | 2614 | 2724 | 2459 | 2460 => {
            if !(message.contains("has no exported member") || message.contains("declares ")) {
                return None;
            }
            Some(two(
                Kind::MissingExport,
                unquote(quoted[0]?).to_owned(),
                nth(1)?,
            ))
        }
        // Type 'string' is not assignable to type 'number'.
        2322 => {
            if !message.starts_with("Type ") || !message.contains(" is not assignable to type ") {
                return None;
            }
            Some(two(Kind::NotAssignable, first()?, nth(1)?))
        }
        // Argument of type 'string' is not assignable to parameter of type 'number'.
        2345 => {
            if !message.starts_with("Argument of type ") {
                return None;
            }
            Some(two(Kind::ArgumentType, first()?, nth(1)?))
        }
        // Property 'x' does not exist on type 'Y'. / Did you mean 'z'?
        2339 | 2551 => {
            if !message.starts_with("Property ") || !message.contains(" does not exist on type ") {
                return None;
            }
            Some(two(Kind::UnknownProperty, first()?, nth(1)?))
        }
        // Property 'id' is missing in type '{ name: string; }' but required in type 'User'.
        2741 => {
            if !message.starts_with("Property ") || !message.contains(" but required in type ") {
                return None;
            }
            Some(two(Kind::MissingProperty, first()?, nth(2)?))
        }
        // Type '{}' is missing the following properties from type 'User': id, name
        2739 | 2740 => {
            if !message.contains(" is missing the following properties from type ") {
                return None;
            }
            let (_, list) = message.rsplit_once("': ")?;
            Some(two(
                Kind::MissingProperty,
                list.trim_end_matches('.').to_owned(),
                nth(1)?,
            ))
        }
        // Object literal may only specify known properties, and 'x' does not exist in type 'Y'.
        2353 | 2561 => {
            if !message.starts_with("Object literal may only specify known properties") {
                return None;
            }
            Some(two(Kind::ExcessProperty, first()?, nth(1)?))
        }
        // 'user' is possibly 'null'. / 'undefined'. / 'null' or 'undefined'.
        18047..=18049 => {
            if !message.contains(" is possibly ") {
                return None;
            }
            let what = match code {
                18047 => "null",
                18048 => "undefined",
                _ => "null or undefined",
            };
            Some(two(Kind::PossiblyNullish, first()?, what.to_owned()))
        }
        // Parameter 'req' implicitly has an 'any' type.
        7005 | 7006 | 7031 | 7034 => message
            .contains(" implicitly has ")
            .then(first)?
            .map(one(Kind::ImplicitAny)),
        // Duplicate identifier 'x'. / Cannot redeclare block-scoped variable 'x'.
        2300 | 2451 => first().map(one(Kind::Duplicate)),
        // 'User' only refers to a type, but is being used as a value here.
        2693 => message
            .contains(" only refers to a type")
            .then(first)?
            .map(one(Kind::TypeAsValue)),
        // 'x' refers to a value, but is being used as a type here. Did you mean 'typeof x'?
        2749 => message
            .contains(" refers to a value")
            .then(first)?
            .map(one(Kind::ValueAsType)),
        // 'x' is declared but its value is never read. / 'T' is declared but never used.
        6133 | 6138 | 6196 => message
            .contains(" is declared but ")
            .then(first)?
            .map(one(Kind::UnusedBinding)),
        // Unknown compiler option 'x'. / Did you mean 'y'?
        5023 | 5025 => message
            .starts_with("Unknown compiler option ")
            .then(first)?
            .map(one(Kind::UnknownOption)),
        _ => None,
    }
}

/// `… Do you need to install type definitions for node? …` → `node`.
fn types_hint(message: &str) -> Option<&str> {
    let (_, rest) = message.split_once("type definitions for ")?;
    let end = rest.find(['?', ' ', '.', ',']).unwrap_or(rest.len());
    let package = rest[..end].trim_matches(['\'', '"', '`']);
    (!package.is_empty()).then_some(package)
}

/// `… Try changing the 'lib' compiler option to 'es2015' or later.` → `es2015`;
/// `… to include 'dom'.` → `dom`.
fn lib_hint(message: &str) -> Option<&str> {
    let (_, rest) = message.split_once("'lib' compiler option to ")?;
    quoted_spans(rest).next()
}

/// `"./types"` → `./types`.
fn unquote(text: &str) -> &str {
    text.strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> String {
        text.to_owned()
    }

    #[test]
    fn subjects_of_real_messages() {
        let cases: Vec<(u32, &str, Option<Subject>)> = vec![
            (
                2304,
                "Cannot find name 'UserId'.",
                Some(Subject::new(Kind::MissingName, "UserId")),
            ),
            (
                2552,
                "Cannot find name 'UserId'. Did you mean 'UserID'?",
                Some(Subject::new(Kind::MissingName, "UserId")),
            ),
            (
                2591,
                "Cannot find name 'Buffer'. Do you need to install type definitions for node? Try `npm i --save-dev @types/node` and then add 'node' to the types field in your tsconfig.",
                Some(Subject::new(Kind::MissingTypes, "node")),
            ),
            (
                2580,
                "Cannot find name 'require'. Do you need to install type definitions for node? Try `npm i --save-dev @types/node`.",
                Some(Subject::new(Kind::MissingTypes, "node")),
            ),
            (
                2583,
                "Cannot find name 'Promise'. Do you need to change your target library? Try changing the 'lib' compiler option to 'es2015' or later.",
                Some(Subject::new(Kind::MissingLib, "es2015")),
            ),
            (
                2584,
                "Cannot find name 'document'. Do you need to change your target library? Try changing the 'lib' compiler option to include 'dom'.",
                Some(Subject::new(Kind::MissingLib, "dom")),
            ),
            (
                2688,
                "Cannot find type definition file for 'missingpkg'.",
                Some(Subject::new(Kind::MissingTypes, "missingpkg")),
            ),
            (
                2307,
                "Cannot find module './db' or its corresponding type declarations.",
                Some(Subject::new(Kind::MissingModule, "./db")),
            ),
            (
                7016,
                "Could not find a declaration file for module 'left-pad'. '/p/node_modules/left-pad/index.js' implicitly has an 'any' type.",
                Some(Subject::new(Kind::UntypedModule, "left-pad")),
            ),
            (
                2305,
                r#"Module '"./types"' has no exported member 'UserId'."#,
                Some(two(Kind::MissingExport, s("./types"), s("UserId"))),
            ),
            (
                2724,
                r#"'"./types"' has no exported member named 'UserId'. Did you mean 'UserID'?"#,
                Some(two(Kind::MissingExport, s("./types"), s("UserId"))),
            ),
            (
                2322,
                "Type 'string' is not assignable to type 'number'.",
                Some(two(Kind::NotAssignable, s("string"), s("number"))),
            ),
            (
                2322,
                "Type '(a: number) => void' is not assignable to type '(a: string) => void'. Types of parameters 'a' and 'a' are incompatible.",
                Some(two(
                    Kind::NotAssignable,
                    s("(a: number) => void"),
                    s("(a: string) => void"),
                )),
            ),
            (
                2345,
                "Argument of type 'string' is not assignable to parameter of type 'UserId'.",
                Some(two(Kind::ArgumentType, s("string"), s("UserId"))),
            ),
            (
                2339,
                "Property 'email' does not exist on type 'User'.",
                Some(two(Kind::UnknownProperty, s("email"), s("User"))),
            ),
            (
                2551,
                "Property 'emial' does not exist on type 'User'. Did you mean 'email'?",
                Some(two(Kind::UnknownProperty, s("emial"), s("User"))),
            ),
            (
                2741,
                "Property 'id' is missing in type '{ name: string; }' but required in type 'User'.",
                Some(two(Kind::MissingProperty, s("id"), s("User"))),
            ),
            (
                2739,
                "Type '{}' is missing the following properties from type 'User': id, name",
                Some(two(Kind::MissingProperty, s("id, name"), s("User"))),
            ),
            (
                2353,
                "Object literal may only specify known properties, and 'nmae' does not exist in type 'User'.",
                Some(two(Kind::ExcessProperty, s("nmae"), s("User"))),
            ),
            (
                18047,
                "'user' is possibly 'null'.",
                Some(two(Kind::PossiblyNullish, s("user"), s("null"))),
            ),
            (
                7006,
                "Parameter 'req' implicitly has an 'any' type.",
                Some(Subject::new(Kind::ImplicitAny, "req")),
            ),
            (
                2300,
                "Duplicate identifier 'User'.",
                Some(Subject::new(Kind::Duplicate, "User")),
            ),
            (
                2693,
                "'User' only refers to a type, but is being used as a value here.",
                Some(Subject::new(Kind::TypeAsValue, "User")),
            ),
            (
                6133,
                "'helper' is declared but its value is never read.",
                Some(Subject::new(Kind::UnusedBinding, "helper")),
            ),
            (
                5023,
                "Unknown compiler option 'bogusOption'.",
                Some(Subject::new(Kind::UnknownOption, "bogusOption")),
            ),
            (2769, "No overload matches this call.", None),
            (2554, "Expected 2 arguments, but got 1.", None),
            (1005, "';' expected.", None),
            // Another locale: no subject rather than a wrong one.
            (2304, "Der Name 'UserId' wurde nicht gefunden.", None),
        ];
        for (code, message, expected) in cases {
            assert_eq!(read(code, message), expected, "TS{code}: {message}");
        }
    }
}

#[cfg(test)]
mod role_tests {
    use super::*;

    #[test]
    fn roles_come_from_the_code_and_families_from_the_kind() {
        let module = subject(
            2307,
            "Cannot find module './db' or its corresponding type declarations.",
        )
        .unwrap();
        assert_eq!(
            module,
            Subject::new(Kind::MissingModule, "./db")
                .with_role(Role::Cause)
                .with_family("missing-module")
        );
        let types = subject(2688, "Cannot find type definition file for 'node'.").unwrap();
        assert_eq!(
            (types.role, types.family.as_str()),
            (Role::Config, "missing-types")
        );
        let name = subject(2304, "Cannot find name 'UserId'.").unwrap();
        assert_eq!(
            (name.role, name.family.as_str()),
            (Role::Consequence, "missing-name")
        );
        // Its did-you-mean variant is in the same family, but no consequence of a lost type.
        let spelled = subject(2552, "Cannot find name 'UserId'. Did you mean 'UserID'?").unwrap();
        assert_eq!(
            (spelled.role, spelled.family.as_str()),
            (Role::Finding, "missing-name")
        );
        // A consequence or a configuration error without a readable subject keeps its role.
        assert_eq!(
            subject(
                7053,
                "Element implicitly has an 'any' type because expression of type 'string' can't be used to index type '{}'."
            ),
            Some(Subject::role_only(Role::Consequence))
        );
        assert_eq!(
            subject(5083, "Cannot read file '/p/tsconfig.json'."),
            Some(Subject::role_only(Role::Config))
        );
        assert_eq!(subject(2769, "No overload matches this call."), None);
        // An unused binding is ESLint's no-unused-vars fact; other codes state none.
        assert_eq!(fact_keys(6133), ["eslint/no-unused-vars"]);
        assert_eq!(fact_keys(6196), ["eslint/no-unused-vars"]);
        assert!(fact_keys(2304).is_empty());
        // A wrapped message reads as its one-line form.
        assert_eq!(
            subject(2304, "Cannot find name\n   'UserId'.").map(|s| s.name),
            Some("UserId".to_owned())
        );
    }
}
