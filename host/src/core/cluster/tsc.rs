//! Subjects of TypeScript diagnostics (`TS<code>`, from tsc or from oxlint's type check).
//!
//! Each extractor checks the English shape of the message (tsc runs with `--locale en`) and
//! returns `None` when it differs, so an unexpected wording falls back to clustering by rule.

use super::subject::Subject;
use crate::core::message::quoted_spans;

pub(super) fn subject(code: u32, message: &str) -> Option<Subject> {
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
                return Some(Subject::MissingTypes(package.to_owned()));
            }
            if let Some(lib) = lib_hint(message) {
                return Some(Subject::MissingLib(lib.to_owned()));
            }
            first().map(Subject::MissingName)
        }
        // Cannot find namespace 'X'. / Did you mean 'Y'?
        2503 | 2833 => message
            .starts_with("Cannot find namespace ")
            .then(first)?
            .map(Subject::MissingNamespace),
        // Cannot find type definition file for 'node'.
        2688 => message
            .starts_with("Cannot find type definition file for ")
            .then(first)?
            .map(Subject::MissingTypes),
        // Cannot find module './db' or its corresponding type declarations.
        2307 | 2792 => message
            .starts_with("Cannot find module ")
            .then(first)?
            .map(Subject::MissingModule),
        // File '/src/x.ts' is not a module.
        2306 => message
            .starts_with("File ")
            .then(first)?
            .map(Subject::MissingModule),
        // Could not find a declaration file for module 'x'. '/node_modules/x/index.js' implicitly…
        7016 => message
            .starts_with("Could not find a declaration file for module ")
            .then(first)?
            .map(Subject::UntypedModule),
        // Module '"./types"' has no exported member 'UserId'. / '"./types"' has no exported member
        // named 'UserId'. Did you mean 'UserID'? / Module '"./x"' declares 'y' locally, but …
        2305 | 2614 | 2724 | 2459 | 2460 => {
            if !(message.contains("has no exported member") || message.contains("declares ")) {
                return None;
            }
            Some(Subject::MissingExport {
                module: unquote(quoted[0]?).to_owned(),
                member: nth(1)?,
            })
        }
        // Type 'string' is not assignable to type 'number'.
        2322 => {
            if !message.starts_with("Type ") || !message.contains(" is not assignable to type ") {
                return None;
            }
            Some(Subject::NotAssignable {
                source: first()?,
                target: nth(1)?,
            })
        }
        // Argument of type 'string' is not assignable to parameter of type 'number'.
        2345 => {
            if !message.starts_with("Argument of type ") {
                return None;
            }
            Some(Subject::ArgumentType {
                argument: first()?,
                parameter: nth(1)?,
            })
        }
        // Property 'x' does not exist on type 'Y'. / Did you mean 'z'?
        2339 | 2551 => {
            if !message.starts_with("Property ") || !message.contains(" does not exist on type ") {
                return None;
            }
            Some(Subject::UnknownProperty {
                property: first()?,
                on: nth(1)?,
            })
        }
        // Property 'id' is missing in type '{ name: string; }' but required in type 'User'.
        2741 => {
            if !message.starts_with("Property ") || !message.contains(" but required in type ") {
                return None;
            }
            Some(Subject::MissingProperty {
                property: first()?,
                target: nth(2)?,
            })
        }
        // Type '{}' is missing the following properties from type 'User': id, name
        2739 | 2740 => {
            if !message.contains(" is missing the following properties from type ") {
                return None;
            }
            let (_, list) = message.rsplit_once("': ")?;
            Some(Subject::MissingProperty {
                property: list.trim_end_matches('.').to_owned(),
                target: nth(1)?,
            })
        }
        // Object literal may only specify known properties, and 'x' does not exist in type 'Y'.
        2353 | 2561 => {
            if !message.starts_with("Object literal may only specify known properties") {
                return None;
            }
            Some(Subject::ExcessProperty {
                property: first()?,
                target: nth(1)?,
            })
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
            Some(Subject::PossiblyNullish {
                expr: first()?,
                what: what.to_owned(),
            })
        }
        // Parameter 'req' implicitly has an 'any' type.
        7005 | 7006 | 7031 | 7034 => message
            .contains(" implicitly has ")
            .then(first)?
            .map(Subject::ImplicitAny),
        // Duplicate identifier 'x'. / Cannot redeclare block-scoped variable 'x'.
        2300 | 2451 => first().map(Subject::Duplicate),
        // 'User' only refers to a type, but is being used as a value here.
        2693 => message
            .contains(" only refers to a type")
            .then(first)?
            .map(Subject::TypeAsValue),
        // 'x' refers to a value, but is being used as a type here. Did you mean 'typeof x'?
        2749 => message
            .contains(" refers to a value")
            .then(first)?
            .map(Subject::ValueAsType),
        // 'x' is declared but its value is never read. / 'T' is declared but never used.
        6133 | 6138 | 6196 => message
            .contains(" is declared but ")
            .then(first)?
            .map(Subject::Unused),
        // Unknown compiler option 'x'. / Did you mean 'y'?
        5023 | 5025 => message
            .starts_with("Unknown compiler option ")
            .then(first)?
            .map(Subject::CompilerOption),
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
                Some(Subject::MissingName(s("UserId"))),
            ),
            (
                2552,
                "Cannot find name 'UserId'. Did you mean 'UserID'?",
                Some(Subject::MissingName(s("UserId"))),
            ),
            (
                2591,
                "Cannot find name 'Buffer'. Do you need to install type definitions for node? Try `npm i --save-dev @types/node` and then add 'node' to the types field in your tsconfig.",
                Some(Subject::MissingTypes(s("node"))),
            ),
            (
                2580,
                "Cannot find name 'require'. Do you need to install type definitions for node? Try `npm i --save-dev @types/node`.",
                Some(Subject::MissingTypes(s("node"))),
            ),
            (
                2583,
                "Cannot find name 'Promise'. Do you need to change your target library? Try changing the 'lib' compiler option to 'es2015' or later.",
                Some(Subject::MissingLib(s("es2015"))),
            ),
            (
                2584,
                "Cannot find name 'document'. Do you need to change your target library? Try changing the 'lib' compiler option to include 'dom'.",
                Some(Subject::MissingLib(s("dom"))),
            ),
            (
                2688,
                "Cannot find type definition file for 'missingpkg'.",
                Some(Subject::MissingTypes(s("missingpkg"))),
            ),
            (
                2307,
                "Cannot find module './db' or its corresponding type declarations.",
                Some(Subject::MissingModule(s("./db"))),
            ),
            (
                7016,
                "Could not find a declaration file for module 'left-pad'. '/p/node_modules/left-pad/index.js' implicitly has an 'any' type.",
                Some(Subject::UntypedModule(s("left-pad"))),
            ),
            (
                2305,
                r#"Module '"./types"' has no exported member 'UserId'."#,
                Some(Subject::MissingExport {
                    module: s("./types"),
                    member: s("UserId"),
                }),
            ),
            (
                2724,
                r#"'"./types"' has no exported member named 'UserId'. Did you mean 'UserID'?"#,
                Some(Subject::MissingExport {
                    module: s("./types"),
                    member: s("UserId"),
                }),
            ),
            (
                2322,
                "Type 'string' is not assignable to type 'number'.",
                Some(Subject::NotAssignable {
                    source: s("string"),
                    target: s("number"),
                }),
            ),
            (
                2322,
                "Type '(a: number) => void' is not assignable to type '(a: string) => void'. Types of parameters 'a' and 'a' are incompatible.",
                Some(Subject::NotAssignable {
                    source: s("(a: number) => void"),
                    target: s("(a: string) => void"),
                }),
            ),
            (
                2345,
                "Argument of type 'string' is not assignable to parameter of type 'UserId'.",
                Some(Subject::ArgumentType {
                    argument: s("string"),
                    parameter: s("UserId"),
                }),
            ),
            (
                2339,
                "Property 'email' does not exist on type 'User'.",
                Some(Subject::UnknownProperty {
                    property: s("email"),
                    on: s("User"),
                }),
            ),
            (
                2551,
                "Property 'emial' does not exist on type 'User'. Did you mean 'email'?",
                Some(Subject::UnknownProperty {
                    property: s("emial"),
                    on: s("User"),
                }),
            ),
            (
                2741,
                "Property 'id' is missing in type '{ name: string; }' but required in type 'User'.",
                Some(Subject::MissingProperty {
                    property: s("id"),
                    target: s("User"),
                }),
            ),
            (
                2739,
                "Type '{}' is missing the following properties from type 'User': id, name",
                Some(Subject::MissingProperty {
                    property: s("id, name"),
                    target: s("User"),
                }),
            ),
            (
                2353,
                "Object literal may only specify known properties, and 'nmae' does not exist in type 'User'.",
                Some(Subject::ExcessProperty {
                    property: s("nmae"),
                    target: s("User"),
                }),
            ),
            (
                18047,
                "'user' is possibly 'null'.",
                Some(Subject::PossiblyNullish {
                    expr: s("user"),
                    what: s("null"),
                }),
            ),
            (
                7006,
                "Parameter 'req' implicitly has an 'any' type.",
                Some(Subject::ImplicitAny(s("req"))),
            ),
            (
                2300,
                "Duplicate identifier 'User'.",
                Some(Subject::Duplicate(s("User"))),
            ),
            (
                2693,
                "'User' only refers to a type, but is being used as a value here.",
                Some(Subject::TypeAsValue(s("User"))),
            ),
            (
                6133,
                "'helper' is declared but its value is never read.",
                Some(Subject::Unused(s("helper"))),
            ),
            (
                5023,
                "Unknown compiler option 'bogusOption'.",
                Some(Subject::CompilerOption(s("bogusOption"))),
            ),
            (2769, "No overload matches this call.", None),
            (2554, "Expected 2 arguments, but got 1.", None),
            (1005, "';' expected.", None),
            // Another locale: no subject rather than a wrong one.
            (2304, "Der Name 'UserId' wurde nicht gefunden.", None),
        ];
        for (code, message, expected) in cases {
            assert_eq!(subject(code, message), expected, "TS{code}: {message}");
        }
    }
}
