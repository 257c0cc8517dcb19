//! Which issues say that their file does not parse, from each engine's own signal.
//!
//! A file that no longer parses hides every other issue in it: linters stop at the syntax
//! error, and a type checker reports what the broken text makes of it. The delta and the
//! snapshot ([`super::delta`]) treat such a file as not re-examined, so its earlier issues are
//! neither resolved nor lost while it is broken.
//!
//! The signals, by rule id as the engine adapters name them:
//! * oxlint: `oxlint/parse` (its diagnostics without a code);
//! * ESLint: `eslint/parse` (`Parsing error: …`, no `ruleId`);
//! * Biome: the `parse` category;
//! * tsc: its scanner and parser errors (`TS1005 ';' expected`, `TS1002 Unterminated string
//!   literal`, `TS17002` for an unclosed JSX tag), not the grammar checks numbered beside them.

use rustc_hash::FxHashSet;

use super::model::NormalizedIssue;

/// tsc's scanner and parser errors: text that does not parse (`';' expected`, `Unterminated
/// string literal`, `Unexpected token`). The neighbouring codes are grammar checks on a file
/// that parsed (`A 'return' statement can only be used within a function body`).
const TSC_SYNTAX: &[u32] = &[
    1002, 1003, 1005, 1007, 1010, 1011, 1012, 1068, 1069, 1109, 1110, 1124, 1125, 1126, 1127, 1128,
    1129, 1130, 1131, 1132, 1134, 1135, 1136, 1137, 1138, 1139, 1140, 1141, 1142, 1144, 1145, 1146,
    1160, 1161, 17002, 17008,
];

/// Whether a rule id says its file does not parse.
pub fn is_syntax_error(rule: &str) -> bool {
    match rule {
        "oxlint/parse" | "eslint/parse" | "parse" => true,
        _ => rule
            .strip_prefix("TS")
            .and_then(|code| code.parse::<u32>().ok())
            .is_some_and(|code| TSC_SYNTAX.contains(&code)),
    }
}

/// The files of `issues` that some engine says do not parse.
pub fn unparsable<'a>(issues: impl IntoIterator<Item = &'a NormalizedIssue>) -> FxHashSet<&'a str> {
    issues
        .into_iter()
        .filter(|i| is_syntax_error(&i.rule))
        .map(|i| i.file.as_str())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_engines_parse_error_is_one() {
        for rule in [
            "oxlint/parse",
            "eslint/parse",
            "parse",
            "TS1005",
            "TS1109",
            "TS1128",
            "TS17002",
        ] {
            assert!(is_syntax_error(rule), "{rule}");
        }
    }

    #[test]
    fn rules_about_parsed_code_are_not() {
        for rule in [
            "eslint/no-debugger",
            "lint/suspicious/noDebugger",
            "TS2304",
            "TS1192",
            "TS1208",
            "TS1259",
            "TS1155",
            "TS1108",
            "TSX",
            "parse-error-ish",
        ] {
            assert!(!is_syntax_error(rule), "{rule}");
        }
    }
}
