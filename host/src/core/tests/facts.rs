//! One issue per code fact, and root causes first.

use super::{biome, oxlint, tsc, unused_var};
use crate::core::analyze;
use crate::core::model::{IssueInput, IssueSeverity};

fn debugger_pair() -> Vec<IssueInput> {
    let mut ox = oxlint(
        "eslint/no-debugger",
        "src/a.ts",
        2,
        "`debugger` statement is not allowed",
    );
    ox.same_as = vec!["eslint/no-debugger".to_owned()];
    let mut bi = biome(
        "lint/suspicious/noDebugger",
        "src/a.ts",
        2,
        "This is an unexpected use of the debugger statement.",
    );
    bi.same_as = vec!["eslint/no-debugger".to_owned()];
    bi.severity = IssueSeverity::Error;
    // The same line text for both: they flag the same statement.
    ox.line_text = "debugger;".to_owned();
    bi.line_text = "debugger;".to_owned();
    vec![ox, bi]
}

#[test]
fn one_statement_two_engines_is_one_issue() {
    let analysis = analyze(debugger_pair());
    assert_eq!(analysis.issues.len(), 1);
    let issue = &analysis.issues[0];
    // The report whose rule is the canonical key is the one kept.
    assert_eq!(issue.engine, "oxlint");
    assert_eq!(issue.engines, ["biome", "oxlint"]);
    assert_eq!(
        issue.rules,
        [
            "biome:lint/suspicious/noDebugger",
            "oxlint:eslint/no-debugger"
        ]
    );
    // The most severe report wins the severity.
    assert_eq!(issue.severity, IssueSeverity::Error);
    assert_eq!(analysis.clusters.len(), 1);
    assert_eq!(analysis.clusters[0].issue_count, 1);
}

#[test]
fn the_fact_id_does_not_depend_on_which_engine_came_first() {
    let forward = analyze(debugger_pair());
    let mut reversed = debugger_pair();
    reversed.reverse();
    let backward = analyze(reversed);
    assert_eq!(forward.issues[0].issue_id, backward.issues[0].issue_id);
    assert_eq!(forward.issues[0].engine, backward.issues[0].engine);
    assert_eq!(forward.clusters, backward.clusters);
}

#[test]
fn facts_merge_only_at_one_place_across_engines() {
    let mut inputs = debugger_pair();
    inputs[1].col = 9;
    assert_eq!(
        analyze(inputs).issues.len(),
        2,
        "another column is another fact"
    );
    let mut inputs = debugger_pair();
    inputs[1].engine = "oxlint".to_owned();
    assert_eq!(
        analyze(inputs).issues.len(),
        2,
        "one engine's two reports are two facts"
    );
    let mut inputs = debugger_pair();
    inputs[1].same_as.clear();
    let analysis = analyze(inputs);
    assert_eq!(analysis.issues.len(), 2, "no shared key, no merge");
    assert!(analysis.issues.iter().all(|i| i.engines.is_empty()));
}

fn missing_module(file: &str, line: u32) -> IssueInput {
    tsc(
        2307,
        file,
        line,
        "Cannot find module '@app/db' or its corresponding type declarations.",
    )
}

fn implicit_any(name: &str, file: &str, line: u32) -> IssueInput {
    tsc(
        7006,
        file,
        line,
        &format!("Parameter '{name}' implicitly has an 'any' type."),
    )
}

#[test]
fn causes_rank_first_and_their_symptoms_point_at_them() {
    let mut inputs = vec![missing_module("src/a.ts", 1), missing_module("src/b.ts", 1)];
    // A bigger cluster of mismatches elsewhere would win on reach alone.
    for line in 1..=5 {
        inputs.push(tsc(
            2322,
            "src/c.ts",
            line,
            "Type 'string' is not assignable to type 'number'.",
        ));
    }
    // Parameters that lost their types because the module does not resolve.
    for (i, name) in ["req", "res", "next", "ctx"].iter().enumerate() {
        let file = if i % 2 == 0 { "src/a.ts" } else { "src/b.ts" };
        inputs.push(implicit_any(name, file, 10 + i as u32));
    }
    let analysis = analyze(inputs);
    let top = &analysis.clusters[0];
    assert!(top.root_cause, "{top:?}");
    assert_eq!(top.rule_ids, ["TS2307"]);
    assert_eq!(top.downstream_count, Some(4));
    assert!(
        top.root_cause_summary
            .ends_with("(fixing it should clear 4 more issues that follow from it)"),
        "{}",
        top.root_cause_summary
    );
    let caused: Vec<&str> = analysis
        .issues
        .iter()
        .filter_map(|i| i.caused_by.as_deref())
        .collect();
    assert_eq!(caused.len(), 4);
    assert!(caused.iter().all(|&c| c == top.cluster_id));
    // The mismatches in a file without a cause follow from nothing.
    assert!(
        analysis
            .issues
            .iter()
            .filter(|i| i.rule == "TS2322")
            .all(|i| i.caused_by.is_none())
    );
    // A self-import or a missing dependency: the advice names both, installs nothing blindly.
    assert!(
        top.suggested_action.contains("`paths`"),
        "{}",
        top.suggested_action
    );
}

#[test]
fn parameter_names_do_not_split_a_rule() {
    let mut inputs = Vec::new();
    for (i, name) in ["a", "b", "c", "a", "b", "c", "d"].iter().enumerate() {
        inputs.push(implicit_any(name, &format!("src/f{i}.ts"), 3));
    }
    let analysis = analyze(inputs);
    assert_eq!(analysis.clusters.len(), 1, "{:?}", analysis.clusters);
    assert_eq!(analysis.clusters[0].issue_count, 7);
    assert!(!analysis.clusters[0].root_cause);
}

#[test]
fn an_underscore_name_is_not_told_to_take_an_underscore() {
    let analysis = analyze(vec![
        unused_var("eslint", "_unused", "src/a.ts", 1),
        unused_var("eslint", "_unused", "src/b.ts", 1),
    ]);
    let action = &analysis.clusters[0].suggested_action;
    assert_eq!(action, "remove '_unused'");
}
