//! What an ESLint diagnostic is about (its [`Subject`]), so the host clusters ESLint's
//! diagnostics by root cause, ranks causes first and says what fixing one clears, as it does for
//! the built-in engines. This is where an adapter keeps its engine's wording: the host reads only
//! the subject.
//!
//! * `no-undef`: `'UserId' is not defined.` is about the missing name `UserId`.
//! * `no-unused-vars`: `'x' is assigned a value but never used.` is about the unused binding `x`.
//! * `no-redeclare`: `'x' is already defined.` is about the duplicate `x`.
//! * `import/no-unresolved` (eslint-plugin-import): `Unable to resolve path to module './db'.`
//!   and `n/no-missing-import` (eslint-plugin-n): `"./db" is not found.` are about the module
//!   `./db`, a cause: the names the module would have given fail with it.
//! * `eslint/inline-config`: a broken `/* eslint */` comment is a configuration error.
//!
//! A message of another shape (another locale, a new ESLint wording) gets no subject and is
//! clustered by its rule.

use signalint_plugin_api::quoted::{collapse_whitespace, is_name, spans as quoted_spans};
use signalint_plugin_api::{Role, Subject, SubjectKind as Kind};

/// The subject of a diagnostic of `rule` (scoped: `eslint/no-undef`) with `message`.
pub fn subject(rule: &str, message: &str) -> Option<Subject> {
    let message = collapse_whitespace(message);
    let message = message.as_str();
    let first_name = || {
        quoted_spans(message)
            .next()
            .filter(|n| is_name(n))
            .map(str::to_owned)
    };
    let id = rule.strip_prefix("eslint/")?;
    let subject = match id {
        "no-undef" if message.contains(" is not defined") => {
            Subject::new(Kind::MissingName, first_name()?)
        }
        "no-unused-vars" | "@typescript-eslint/no-unused-vars"
            if message.contains("never used") =>
        {
            Subject::new(Kind::UnusedBinding, first_name()?)
        }
        "no-redeclare" if message.contains("already defined") => {
            Subject::new(Kind::Duplicate, first_name()?)
        }
        "import/no-unresolved" => {
            let (_, rest) = message.split_once("Unable to resolve path to module ")?;
            missing_module(quoted_spans(rest).next()?)
        }
        "n/no-missing-import" if message.ends_with(" is not found.") => {
            missing_module(quoted_spans(message).next()?)
        }
        "inline-config" => Subject::new(Kind::ConfigError, "").with_role(Role::Config),
        _ => return None,
    };
    Some(subject)
}

/// An unresolved module: a cause, one family whichever plugin's rule reports it, so the host
/// merges eslint-plugin-import's and eslint-plugin-n's reports of one module.
fn missing_module(specifier: &str) -> Subject {
    Subject::new(Kind::MissingModule, specifier)
        .with_role(Role::Cause)
        .with_family("missing-module")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subjects_of_eslint_messages() {
        let cases = [
            (
                "eslint/no-undef",
                "'UserId' is not defined.",
                Some(Subject::new(Kind::MissingName, "UserId")),
            ),
            (
                "eslint/no-unused-vars",
                "'count' is assigned a value but never used.",
                Some(Subject::new(Kind::UnusedBinding, "count")),
            ),
            (
                "eslint/no-redeclare",
                "'User' is already defined.",
                Some(Subject::new(Kind::Duplicate, "User")),
            ),
            (
                "eslint/import/no-unresolved",
                "Unable to resolve path to module './db'.",
                Some(missing_module("./db")),
            ),
            (
                "eslint/n/no-missing-import",
                "\"./db\" is not found.",
                Some(missing_module("./db")),
            ),
            (
                "eslint/inline-config",
                "Inline configuration for rule \"eqeqeq\" is invalid.",
                Some(Subject::new(Kind::ConfigError, "").with_role(Role::Config)),
            ),
            (
                "eslint/no-debugger",
                "Unexpected 'debugger' statement.",
                None,
            ),
            ("eslint/no-undef", "'UserId' n'est pas défini.", None),
        ];
        for (rule, message, expected) in cases {
            assert_eq!(subject(rule, message), expected, "{rule}: {message}");
        }
    }
}
