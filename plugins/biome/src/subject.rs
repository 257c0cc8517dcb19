//! What a Biome diagnostic is about (its [`Subject`]), read from its rule and message: the
//! unused-binding rules (`lint/correctness/noUnusedVariables`, `noUnusedFunctionParameters`) and
//! the rules whose message names the root cause (undeclared names, duplicate declarations,
//! missing hook dependencies).
//!
//! Each reader checks the English shape of the message and returns `None` when it differs, so an
//! unexpected wording falls back to clustering by rule.

use signalint_plugin_api::quoted::{collapse_whitespace, is_name, spans as quoted_spans};
use signalint_plugin_api::{Subject, SubjectKind as Kind};

/// The subject of a diagnostic of `rule` (`lint/correctness/noUnusedVariables`) with `message`.
pub fn subject(rule: &str, message: &str) -> Option<Subject> {
    let message = collapse_whitespace(message);
    let message = message.as_str();
    let name = rule.rsplit('/').next().unwrap_or(rule);
    let (kind, name) = match name {
        // This variable x is unused. / This function f is unused. / This class C is unused.
        "noUnusedVariables" | "noUnusedFunctionParameters" => {
            (Kind::UnusedBinding, unused_name(message)?)
        }
        // The UserId variable is undeclared.
        "noUndeclaredVariables" => {
            let rest = message.strip_prefix("The ")?;
            let (name, _) = rest.split_once(" variable is undeclared")?;
            let name = name.trim_matches(['\'', '"', '`']);
            (Kind::MissingName, is_name(name).then(|| name.to_owned())?)
        }
        // Shouldn't redeclare 'x'. Consider to delete it or rename it.
        "noRedeclare" => {
            if !(message.contains("already defined") || message.contains("redeclare")) {
                return None;
            }
            let name = quoted_spans(message).next().filter(|n| is_name(n))?;
            (Kind::Duplicate, name.to_owned())
        }
        // This hook does not specify its dependency on userId.
        "useExhaustiveDependencies" => {
            let (_, rest) = message.split_once("does not specify its dependency on ")?;
            let name = rest
                .trim_end_matches('.')
                .trim_matches(['\'', '"', '`'])
                .trim();
            if name.is_empty() || name.contains(' ') {
                return None;
            }
            (Kind::HookDependency, name.to_owned())
        }
        _ => return None,
    };
    Some(Subject::new(kind, name))
}

/// The binding an unused-binding message names: `This variable x is unused.` → `x`.
fn unused_name(message: &str) -> Option<String> {
    let (head, _) = message.split_once(" is unused")?;
    if let Some(name) = quoted_spans(head).next() {
        return is_name(name).then(|| name.to_owned());
    }
    let mut words = head.split_whitespace().rev();
    let name = words.next()?;
    let kind = words.next()?;
    // "This parameter is unused." names nothing.
    (is_name(name) && !is_kind_word(name) && kind != "This").then(|| name.to_owned())
}

fn is_kind_word(word: &str) -> bool {
    matches!(
        word,
        "variable"
            | "parameter"
            | "function"
            | "class"
            | "import"
            | "interface"
            | "enum"
            | "alias"
            | "type"
            | "This"
    )
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
                "lint/correctness/noUnusedVariables",
                "This variable firstName is unused.",
                unused("firstName"),
            ),
            (
                "lint/correctness/noUnusedVariables",
                "This function helper is unused.",
                unused("helper"),
            ),
            (
                "lint/correctness/noUnusedVariables",
                "This type alias Props is unused.",
                unused("Props"),
            ),
            (
                "lint/correctness/noUnusedFunctionParameters",
                "This parameter is unused.",
                None,
            ),
            (
                "lint/correctness/noUnusedVariables",
                "Something else entirely.",
                None,
            ),
            (
                "lint/correctness/noUndeclaredVariables",
                "The UserId variable is undeclared.",
                of(Kind::MissingName, "UserId"),
            ),
            (
                "lint/suspicious/noRedeclare",
                "Shouldn't redeclare 'User'. Consider to delete it or rename it.",
                of(Kind::Duplicate, "User"),
            ),
            (
                "lint/correctness/useExhaustiveDependencies",
                "This hook does not specify its dependency on props.userId.",
                of(Kind::HookDependency, "props.userId"),
            ),
            (
                "lint/suspicious/noExplicitAny",
                "Unexpected any. Specify a different type.",
                None,
            ),
        ];
        for (rule, message, expected) in cases {
            assert_eq!(subject(rule, message), expected, "{rule}: {message}");
        }
    }
}
