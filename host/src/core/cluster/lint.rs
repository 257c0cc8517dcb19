//! Subjects of other lint rules whose message names the root cause: undefined names, duplicate
//! declarations, missing hook dependencies (oxlint and Biome).

use super::subject::Subject;
use crate::core::message::{is_name, quoted_spans};

pub(super) fn subject(rule_name: &str, message: &str) -> Option<Subject> {
    let first_name = || {
        quoted_spans(message)
            .next()
            .filter(|n| is_name(n))
            .map(str::to_owned)
    };
    match rule_name {
        // 'UserId' is not defined.
        "no-undef" => message
            .contains(" is not defined")
            .then(first_name)?
            .map(Subject::MissingName),
        // The UserId variable is undeclared.
        "noUndeclaredVariables" => {
            let rest = message.strip_prefix("The ")?;
            let (name, _) = rest.split_once(" variable is undeclared")?;
            let name = name.trim_matches(['\'', '"', '`']);
            is_name(name).then(|| Subject::MissingName(name.to_owned()))
        }
        // 'x' is already defined. / Shouldn't redeclare 'x'. Consider to delete it or rename it.
        "no-redeclare" | "noRedeclare" => (message.contains("already defined")
            || message.contains("redeclare"))
        .then(first_name)?
        .map(Subject::Duplicate),
        // React Hook useEffect has a missing dependency: 'userId'. Either include it or remove …
        "exhaustive-deps" => {
            let (_, rest) = message.split_once("has a missing dependency: ")?;
            let name = quoted_spans(rest).next()?;
            Some(Subject::HookDependency(name.to_owned()))
        }
        // This hook does not specify its dependency on userId.
        "useExhaustiveDependencies" => {
            let (_, rest) = message.split_once("does not specify its dependency on ")?;
            let name = rest
                .trim_end_matches('.')
                .trim_matches(['\'', '"', '`'])
                .trim();
            (!name.is_empty() && !name.contains(' '))
                .then(|| Subject::HookDependency(name.to_owned()))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subjects_of_real_messages() {
        let s = |t: &str| t.to_owned();
        let cases = [
            (
                "no-undef",
                "'UserId' is not defined.",
                Some(Subject::MissingName(s("UserId"))),
            ),
            (
                "noUndeclaredVariables",
                "The UserId variable is undeclared.",
                Some(Subject::MissingName(s("UserId"))),
            ),
            (
                "no-redeclare",
                "'User' is already defined.",
                Some(Subject::Duplicate(s("User"))),
            ),
            (
                "noRedeclare",
                "Shouldn't redeclare 'User'. Consider to delete it or rename it.",
                Some(Subject::Duplicate(s("User"))),
            ),
            (
                "exhaustive-deps",
                "React Hook useEffect has a missing dependency: 'userId'. Either include it or remove the dependency array.",
                Some(Subject::HookDependency(s("userId"))),
            ),
            (
                "useExhaustiveDependencies",
                "This hook does not specify its dependency on props.userId.",
                Some(Subject::HookDependency(s("props.userId"))),
            ),
            ("no-debugger", "`debugger` statement is not allowed", None),
            (
                "noExplicitAny",
                "Unexpected any. Specify a different type.",
                None,
            ),
        ];
        for (rule, message, expected) in cases {
            assert_eq!(subject(rule, message), expected, "{rule}: {message}");
        }
    }
}
