//! Subjects of the unused-binding rules: oxlint's `eslint/no-unused-vars` and
//! `typescript/no-unused-vars` (kept apart: the rule is part of the cluster key) and Biome's
//! `lint/correctness/noUnusedVariables`. tsc's TS6133/TS6196 are read in `tsc.rs`.

use super::subject::Subject;
use crate::core::message::{is_name, quoted_spans};

pub(super) fn subject(rule_name: &str, message: &str) -> Option<Subject> {
    match rule_name {
        // Variable 'x' is declared but never used. Unused variables should start with a '_'.
        // Identifier 'x' is imported but never used. / Parameter 'x' is declared but never used.
        "no-unused-vars" => {
            if !message.contains("never used") && !message.contains(" unused") {
                return None;
            }
            let name = quoted_spans(message).next()?;
            is_name(name).then(|| Subject::Unused(name.to_owned()))
        }
        // This variable x is unused. / This function f is unused. / This class C is unused.
        "noUnusedVariables" | "noUnusedFunctionParameters" => {
            let (head, _) = message.split_once(" is unused")?;
            if let Some(name) = quoted_spans(head).next() {
                return is_name(name).then(|| Subject::Unused(name.to_owned()));
            }
            let mut words = head.split_whitespace().rev();
            let name = words.next()?;
            let kind = words.next()?;
            // "This parameter is unused." names nothing.
            (is_name(name) && !is_kind_word(name) && kind != "This")
                .then(|| Subject::Unused(name.to_owned()))
        }
        _ => None,
    }
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
        let unused = |n: &str| Some(Subject::Unused(n.to_owned()));
        let cases = [
            (
                "no-unused-vars",
                "Variable 'firstName' is declared but never used. Unused variables should start with a '_'.",
                unused("firstName"),
            ),
            (
                "no-unused-vars",
                "Identifier 'React' is imported but never used.",
                unused("React"),
            ),
            (
                "no-unused-vars",
                "Parameter 'req' is declared but never used. Unused parameters should start with a '_'.",
                unused("req"),
            ),
            (
                "no-unused-vars",
                "Catch parameter 'e' is caught but never used.",
                unused("e"),
            ),
            (
                "noUnusedVariables",
                "This variable firstName is unused.",
                unused("firstName"),
            ),
            (
                "noUnusedVariables",
                "This function helper is unused.",
                unused("helper"),
            ),
            (
                "noUnusedVariables",
                "This type alias Props is unused.",
                unused("Props"),
            ),
            (
                "noUnusedFunctionParameters",
                "This parameter is unused.",
                None,
            ),
            ("noUnusedVariables", "Something else entirely.", None),
            ("no-debugger", "`debugger` statement is not allowed", None),
        ];
        for (rule, message, expected) in cases {
            assert_eq!(subject(rule, message), expected, "{rule}: {message}");
        }
    }
}
