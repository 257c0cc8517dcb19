//! A team's own engine takes part in root-cause clustering as the built-in ones do: the example
//! custom engine (ESLint on the plugin API) states its subjects, and its diagnostics are
//! clustered, ranked and worded as tsc's are, since the core reads nothing but the subject.

use super::super::{Analysis, IssueInput, IssueSeverity, analyze};
use super::{issue, tsc};

/// An ESLint diagnostic at error level, as the example adapter hands it over.
fn eslint(rule: &str, file: &str, line: u32, message: &str) -> IssueInput {
    let mut input = issue(
        "eslint",
        &format!("eslint/{rule}"),
        file,
        line,
        message,
        &format!("line {line} of {file}"),
    );
    input.severity = IssueSeverity::Error;
    input
}

/// (root cause, issues, files, summary, action) per cluster, in priority order.
fn ranked(analysis: &Analysis) -> Vec<(bool, usize, usize, &str, &str)> {
    analysis
        .clusters
        .iter()
        .map(|c| {
            (
                c.root_cause,
                c.issue_count,
                c.file_count,
                c.root_cause_summary.as_str(),
                c.suggested_action.as_str(),
            )
        })
        .collect()
}

const FILES: [&str; 3] = ["src/c.ts", "src/d.ts", "src/e.ts"];

/// The same faults in each engine's words: './db' does not resolve in two files, and 'helper'
/// is missing in three (more issues, but no cause).
fn tsc_inputs() -> Vec<IssueInput> {
    let module = "Cannot find module './db' or its corresponding type declarations.";
    let mut inputs = vec![
        tsc(2307, "src/a.ts", 1, module),
        tsc(2307, "src/b.ts", 1, module),
    ];
    for (line, file) in (3..).zip(FILES) {
        inputs.push(tsc(2304, file, line, "Cannot find name 'helper'."));
    }
    inputs
}

/// ESLint's words, and two plugins' rules (eslint-plugin-import's, eslint-plugin-n's) for the
/// module.
fn eslint_inputs() -> Vec<IssueInput> {
    let mut inputs = vec![
        eslint(
            "import/no-unresolved",
            "src/a.ts",
            1,
            "Unable to resolve path to module './db'.",
        ),
        eslint(
            "n/no-missing-import",
            "src/b.ts",
            1,
            "\"./db\" is not found.",
        ),
    ];
    for (line, file) in (3..).zip(FILES) {
        inputs.push(eslint("no-undef", file, line, "'helper' is not defined."));
    }
    inputs
}

#[test]
fn an_unresolved_module_is_a_cause_for_eslint_as_for_tsc() {
    let expected = vec![
        (
            true,
            2,
            2,
            "2 errors in 2 files: cannot find module './db'",
            "fix the import path './db' or create the module",
        ),
        (
            false,
            3,
            3,
            "3 errors in 3 files: cannot find name 'helper'",
            "import or declare 'helper'",
        ),
    ];
    assert_eq!(ranked(&analyze(tsc_inputs())), expected);
    // The adapter states one subject in one family for both rules, so the host clusters, ranks
    // and words them as tsc's.
    let eslint_analysis = analyze(eslint_inputs());
    assert_eq!(ranked(&eslint_analysis), expected);
    assert_eq!(
        eslint_analysis.clusters[0].rule_ids,
        ["eslint/import/no-unresolved", "eslint/n/no-missing-import"]
    );

    // In one check, each engine's cause ranks above the bigger clusters that are no cause.
    let both = analyze(tsc_inputs().into_iter().chain(eslint_inputs()).collect());
    let causes: Vec<bool> = both.clusters.iter().map(|c| c.root_cause).collect();
    assert_eq!(causes, [true, true, false, false], "{:#?}", ranked(&both));
}
