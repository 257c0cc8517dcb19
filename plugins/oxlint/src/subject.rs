//! What an oxlint diagnostic is about (its [`Subject`]), read from its rule and message: the
//! unused-binding rules (`eslint/no-unused-vars` and `typescript/no-unused-vars`, kept apart since
//! the rule is part of the cluster key) and the rules whose message names the root cause
//! (undefined names, duplicate declarations, missing hook dependencies).
//!
//! Each reader checks the English shape of the message and returns `None` when it differs, so an
//! unexpected wording falls back to clustering by rule.

use signalint_plugin_api::quoted::{collapse_whitespace, is_name, spans as quoted_spans};
use signalint_plugin_api::{Subject, SubjectKind as Kind};

/// The subject of a diagnostic of `rule` (`eslint/no-undef`) with `message`.
pub fn subject(rule: &str, message: &str) -> Option<Subject> {
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

    #[test]
    fn rule_names_drop_the_scope() {
        assert_eq!(rule_name("eslint/no-unused-vars"), "no-unused-vars");
        assert_eq!(rule_name("typescript(no-unused-vars)"), "no-unused-vars");
    }
}
