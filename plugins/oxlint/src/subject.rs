//! What an oxlint diagnostic is about (its [`Subject`]), read from its rule and message: the
//! unused-binding rules (`eslint/no-unused-vars` and `typescript/no-unused-vars`, kept apart since
//! the rule is part of the cluster key) and the rules whose message names the root cause
//! (undefined names, duplicate declarations, missing hook dependencies).
//!
//! Each reader checks the English shape of the message and returns `None` when it differs, so an
//! unexpected wording falls back to clustering by rule.
//!
//! `--type-check` reports TypeScript's own diagnostics as `typescript(TS2307)`: those are read by
//! the TypeScript reader the tsc adapter uses, so they cluster and rank as tsc's do.

use signalint_plugin_api::quoted::{collapse_whitespace, is_name, spans as quoted_spans};
use signalint_plugin_api::{Subject, SubjectKind as Kind};

/// The subject of a diagnostic of `rule` (`eslint/no-undef`) with `message`.
pub fn subject(rule: &str, message: &str) -> Option<Subject> {
    if let Some(code) = typescript_code(rule) {
        return signalint_ts_subject::subject(code, message);
    }
    let message = collapse_whitespace(message);
    let message = message.as_str();
    let first_name = || {
        quoted_spans(message)
            .next()
            .filter(|n| is_name(n))
            .map(str::to_owned)
    };
    let (kind, name) = match rule_name(rule) {
        // Variable 'x' is declared but never used. Unused variables should start with a '_'.
        // Identifier 'x' is imported but never used. / Parameter 'x' is declared but never used.
        "no-unused-vars" => {
            if !message.contains("never used") && !message.contains(" unused") {
                return None;
            }
            (Kind::UnusedBinding, first_name()?)
        }
        // 'UserId' is not defined.
        "no-undef" => (
            Kind::MissingName,
            message.contains(" is not defined").then(first_name)??,
        ),
        // 'x' is already defined.
        "no-redeclare" => (
            Kind::Duplicate,
            (message.contains("already defined") || message.contains("redeclare"))
                .then(first_name)??,
        ),
        // React Hook useEffect has a missing dependency: 'userId'. Either include it or remove …
        "exhaustive-deps" => {
            let (_, rest) = message.split_once("has a missing dependency: ")?;
            (Kind::HookDependency, quoted_spans(rest).next()?.to_owned())
        }
        _ => return None,
    };
    Some(Subject::new(kind, name))
}

/// The TypeScript code of a `--type-check` diagnostic: `typescript/TS2307` → 2307.
pub fn typescript_code(rule: &str) -> Option<u32> {
    let digits = rule.strip_prefix("typescript/TS")?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// The rule's own name without its scope: `eslint/no-unused-vars` → `no-unused-vars`.
fn rule_name(rule: &str) -> &str {
    if let Some(open) = rule.find('(')
        && let Some(inner) = rule[open + 1..].strip_suffix(')')
    {
        return inner;
    }
    rule.rsplit('/').next().unwrap_or(rule)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subjects_of_real_messages() {
        let of = |kind: Kind, name: &str| Some(Subject::new(kind, name));
        let unused = |name: &str| of(Kind::UnusedBinding, name);
        let cases = [
            (
                "eslint/no-unused-vars",
                "Variable 'firstName' is declared but never used. Unused variables should start with a '_'.",
                unused("firstName"),
            ),
            (
                "typescript/no-unused-vars",
                "Identifier 'React' is imported but never used.",
                unused("React"),
            ),
            (
                "eslint/no-unused-vars",
                "Parameter 'req' is declared but never used. Unused parameters should start with a '_'.",
                unused("req"),
            ),
            (
                "eslint/no-unused-vars",
                "Catch parameter 'e' is caught but never used.",
                unused("e"),
            ),
            (
                "eslint/no-undef",
                "'UserId' is not defined.",
                of(Kind::MissingName, "UserId"),
            ),
            (
                "eslint/no-redeclare",
                "'User' is already defined.",
                of(Kind::Duplicate, "User"),
            ),
            (
                "react/exhaustive-deps",
                "React Hook useEffect has a missing dependency: 'userId'. Either include it or remove the dependency array.",
                of(Kind::HookDependency, "userId"),
            ),
            (
                "eslint/no-debugger",
                "`debugger` statement is not allowed",
                None,
            ),
            ("eslint/no-unused-vars", "Something else entirely.", None),
        ];
        for (rule, message, expected) in cases {
            assert_eq!(subject(rule, message), expected, "{rule}: {message}");
        }
    }

    /// `--type-check` diagnostics read as the tsc adapter reads the same code and message, so a
    /// missing module is a cause and its lost names are its consequences.
    #[test]
    fn type_check_diagnostics_read_as_typescript_codes() {
        let message = "Cannot find module './db' or its corresponding type declarations.";
        let module = subject("typescript/TS2307", message).unwrap();
        assert_eq!(
            Some(module.clone()),
            signalint_ts_subject::subject(2307, message)
        );
        assert_eq!(
            (module.kind, module.name.as_str()),
            (Kind::MissingModule, "./db")
        );
        assert_eq!(module.role, signalint_plugin_api::Role::Cause);
        let name = subject("typescript/TS2304", "Cannot find name 'UserId'.").unwrap();
        assert_eq!(name.role, signalint_plugin_api::Role::Consequence);
        assert_eq!(typescript_code("typescript/TS2322"), Some(2322));
        for not_a_code in [
            "typescript/TS",
            "typescript/TS+1",
            "typescript/no-unused-vars",
            "eslint/TS2304",
        ] {
            assert_eq!(typescript_code(not_a_code), None, "{not_a_code}");
        }
    }

    #[test]
    fn rule_names_drop_the_scope() {
        assert_eq!(rule_name("eslint/no-unused-vars"), "no-unused-vars");
        assert_eq!(rule_name("typescript(no-unused-vars)"), "no-unused-vars");
    }
}
