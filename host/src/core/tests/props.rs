//! Properties over generated checks: clustering is a partition, ids are unique and stable.

use std::collections::{BTreeSet, HashMap};

use proptest::prelude::*;

use super::super::{IssueInput, analyze, is_issue_id};
use super::issue;

/// (engine, rule, message with `{}` for a name).
const SHAPES: &[(&str, &str, &str)] = &[
    ("tsc", "TS2304", "Cannot find name '{}'."),
    (
        "tsc",
        "TS2552",
        "Cannot find name '{}'. Did you mean 'User'?",
    ),
    (
        "tsc",
        "TS2307",
        "Cannot find module './{}' or its corresponding type declarations.",
    ),
    (
        "tsc",
        "TS2322",
        "Type '{}' is not assignable to type 'number'.",
    ),
    (
        "tsc",
        "TS2339",
        "Property '{}' does not exist on type 'User'.",
    ),
    ("tsc", "TS2554", "Expected 2 arguments, but got 1."),
    (
        "tsc",
        "TS6133",
        "'{}' is declared but its value is never read.",
    ),
    (
        "oxlint",
        "eslint/no-unused-vars",
        "Variable '{}' is declared but never used. Unused variables should start with a '_'.",
    ),
    (
        "oxlint",
        "typescript/no-unused-vars",
        "Variable '{}' is declared but never used. Unused variables should start with a '_'.",
    ),
    (
        "oxlint",
        "eslint/no-debugger",
        "`debugger` statement is not allowed",
    ),
    (
        "biome",
        "lint/correctness/noUnusedVariables",
        "This variable {} is unused.",
    ),
    (
        "biome",
        "lint/suspicious/noExplicitAny",
        "Unexpected any. Specify a different type.",
    ),
];

const NAMES: &[&str] = &["UserId", "Order", "x", "tmp", "React", "cache"];

fn input() -> impl Strategy<Value = IssueInput> {
    (
        0..SHAPES.len(),
        0..NAMES.len(),
        0..4usize,
        1..40u32,
        0..3usize,
    )
        .prop_map(|(s, n, f, line, text)| {
            let (engine, rule, message) = SHAPES[s];
            let file = format!("src/f{f}.ts");
            let line_text = ["const a = b;", "debugger;", ""][text];
            issue(
                engine,
                rule,
                &file,
                line,
                &message.replace("{}", NAMES[n]),
                line_text,
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_issue_is_in_exactly_one_cluster(inputs in prop::collection::vec(input(), 0..80)) {
        let n = inputs.len();
        let analysis = analyze(inputs);
        prop_assert_eq!(analysis.issues.len(), n);
        let mut members: HashMap<&str, usize> = HashMap::new();
        for issue in &analysis.issues {
            let id = issue.cluster_id.as_deref();
            prop_assert!(id.is_some());
            *members.entry(id.unwrap_or_default()).or_default() += 1;
        }
        prop_assert_eq!(members.len(), analysis.clusters.len());
        for cluster in &analysis.clusters {
            prop_assert_eq!(members.get(cluster.cluster_id.as_str()).copied(), Some(cluster.issue_count));
            prop_assert!(cluster.issue_count >= 1);
            prop_assert!(cluster.sample_issue_ids.len() <= 2);
        }
        let priorities: Vec<u32> = analysis.clusters.iter().map(|c| c.priority).collect();
        prop_assert_eq!(priorities, (1..=analysis.clusters.len() as u32).collect::<Vec<_>>());
        // At most one fallback cluster per rule: clusters of one rule without a shared subject.
        let ids: BTreeSet<&str> = analysis.clusters.iter().map(|c| c.cluster_id.as_str()).collect();
        prop_assert_eq!(ids.len(), analysis.clusters.len());
    }

    #[test]
    fn ids_are_unique_and_independent_of_order_and_lines(
        inputs in prop::collection::vec(input(), 0..80),
        shift in 1..50u32,
    ) {
        let analysis = analyze(inputs.clone());
        let ids: BTreeSet<&str> = analysis.issues.iter().map(|i| i.issue_id.as_str()).collect();
        prop_assert_eq!(ids.len(), analysis.issues.len());
        prop_assert!(ids.iter().all(|id| is_issue_id(id)));

        // Same issues, reversed and moved down by `shift` lines: same ids, same clusters.
        let moved: Vec<IssueInput> = inputs.into_iter().rev().map(|mut i| { i.line += shift; i }).collect();
        let again = analyze(moved);
        let again_ids: BTreeSet<&str> = again.issues.iter().map(|i| i.issue_id.as_str()).collect();
        prop_assert_eq!(ids, again_ids);
        let clusters = |a: &super::super::Analysis| a.clusters.iter().map(|c| (c.cluster_id.clone(), c.issue_count)).collect::<Vec<_>>();
        prop_assert_eq!(clusters(&analysis), clusters(&again));
    }
}
