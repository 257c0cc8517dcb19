use std::collections::BTreeSet;

use super::super::{Analysis, IssueInput, IssueSeverity, analyze, is_cluster_id, is_issue_id};
use super::{biome, issue, missing_name, oxlint, tsc, unused_var};

/// (ruleIds, issueCount, fileCount, rootCauseSummary, suggestedAction) per cluster, in priority order.
fn shape(analysis: &Analysis) -> Vec<(Vec<&str>, usize, usize, &str, &str)> {
    analysis
        .clusters
        .iter()
        .map(|c| {
            (
                c.rule_ids.iter().map(String::as_str).collect(),
                c.issue_count,
                c.file_count,
                c.root_cause_summary.as_str(),
                c.suggested_action.as_str(),
            )
        })
        .collect()
}

#[test]
fn a_missing_name_across_files_is_one_root_cause() {
    let mut inputs: Vec<IssueInput> = Vec::new();
    for (i, file) in ["src/a.ts", "src/b.ts", "src/c.ts", "src/d.ts", "src/e.ts"]
        .iter()
        .enumerate()
    {
        for line in 0..2 {
            inputs.push(missing_name("UserId", file, 10 * (i as u32 + 1) + line));
        }
    }
    inputs.push(tsc(
        2552,
        "src/a.ts",
        99,
        "Cannot find name 'UserId'. Did you mean 'UserID'?",
    ));
    inputs.push(tsc(
        2552,
        "src/b.ts",
        99,
        "Cannot find name 'UserId'. Did you mean 'UserID'?",
    ));
    inputs.push(missing_name("Order", "src/f.ts", 3));
    inputs.push(tsc(2769, "src/g.ts", 7, "No overload matches this call."));
    let analysis = analyze(inputs);
    assert_eq!(
        shape(&analysis),
        vec![
            (
                vec!["TS2304", "TS2552"],
                12,
                5,
                "12 errors in 5 files: cannot find name 'UserId'",
                "import or declare 'UserId'"
            ),
            (
                vec!["TS2304"],
                1,
                1,
                "1 error in src/f.ts: cannot find name 'Order'",
                "import or declare 'Order' at src/f.ts:3"
            ),
            (
                vec!["TS2769"],
                1,
                1,
                "1 error in src/g.ts: TS2769: no overload matches this call",
                "fix TS2769 at src/g.ts:7"
            ),
        ]
    );
    assert_eq!(
        analysis
            .clusters
            .iter()
            .map(|c| c.priority)
            .collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
}

#[test]
fn subjects_of_each_tsc_family_cluster_together() {
    let inputs = vec![
        tsc(
            2307,
            "src/api.ts",
            1,
            "Cannot find module './db' or its corresponding type declarations.",
        ),
        tsc(
            2307,
            "src/jobs.ts",
            2,
            "Cannot find module './db' or its corresponding type declarations.",
        ),
        tsc(
            2322,
            "src/a.ts",
            5,
            "Type 'string' is not assignable to type 'number'.",
        ),
        tsc(
            2322,
            "src/b.ts",
            6,
            "Type 'string' is not assignable to type 'number'.",
        ),
        tsc(
            2322,
            "src/b.ts",
            9,
            "Type 'string' is not assignable to type 'number'.",
        ),
        tsc(
            2345,
            "src/a.ts",
            7,
            "Argument of type 'string' is not assignable to parameter of type 'UserId'.",
        ),
        tsc(
            2345,
            "src/c.ts",
            8,
            "Argument of type 'string' is not assignable to parameter of type 'UserId'.",
        ),
        tsc(
            2339,
            "src/c.ts",
            3,
            "Property 'email' does not exist on type 'User'.",
        ),
        tsc(
            2551,
            "src/d.ts",
            3,
            "Property 'email' does not exist on type 'User'. Did you mean 'emails'?",
        ),
        tsc(
            2591,
            "src/io.ts",
            1,
            "Cannot find name 'Buffer'. Do you need to install type definitions for node? Try `npm i --save-dev @types/node` and then add 'node' to the types field in your tsconfig.",
        ),
        tsc(
            2580,
            "src/io.ts",
            2,
            "Cannot find name 'require'. Do you need to install type definitions for node? Try `npm i --save-dev @types/node`.",
        ),
    ];
    let analysis = analyze(inputs);
    // Ties on severity, size, fixes and spread are ordered by rule id: TS2307 < TS2339 < TS2345.
    let summaries: Vec<(&str, &str)> = analysis
        .clusters
        .iter()
        .map(|c| (c.root_cause_summary.as_str(), c.suggested_action.as_str()))
        .collect();
    assert_eq!(
        summaries,
        // Causes (the unresolved module, the missing types) first, then by size.
        vec![
            (
                "2 errors in 2 files: cannot find module './db'",
                "fix the import path './db' or create the module"
            ),
            (
                "2 errors in src/io.ts: type definitions for 'node' are missing",
                "install @types/node (if it exists) and add 'node' to compilerOptions.types in src/io.ts"
            ),
            (
                "3 errors in 2 files: type 'string' is not assignable to type 'number'",
                "make the declared type 'number' accept 'string' or convert the values where they are assigned"
            ),
            (
                "2 errors in 2 files: property 'email' does not exist on type 'User'",
                "add 'email' to 'User' or fix the property name"
            ),
            (
                "2 errors in 2 files: argument of type 'string' is not assignable to parameter of type 'UserId'",
                "pass 'UserId' values or widen the parameter type to accept 'string'"
            ),
        ]
    );
}

#[test]
fn unused_bindings_keep_engine_scope_and_fold_unshared_names() {
    let inputs = vec![
        unused_var("eslint", "React", "src/a.tsx", 1),
        unused_var("eslint", "React", "src/b.tsx", 1),
        unused_var("typescript", "React", "src/c.tsx", 1),
        unused_var("typescript", "React", "src/d.tsx", 1),
        unused_var("eslint", "draft", "src/a.tsx", 9),
        unused_var("eslint", "tmp", "src/b.tsx", 4),
        biome(
            "lint/correctness/noUnusedVariables",
            "src/e.ts",
            2,
            "This variable cache is unused.",
        ),
        biome(
            "lint/correctness/noUnusedVariables",
            "src/f.ts",
            2,
            "This variable cache is unused.",
        ),
        tsc(
            6133,
            "src/g.ts",
            1,
            "'helper' is declared but its value is never read.",
        ),
        tsc(
            6133,
            "src/h.ts",
            1,
            "'helper' is declared but its value is never read.",
        ),
    ];
    let analysis = analyze(inputs);
    let mut got: Vec<(String, String)> = analysis
        .clusters
        .iter()
        .map(|c| (c.rule_ids.join(","), c.root_cause_summary.clone()))
        .collect();
    got.sort();
    assert_eq!(
        got,
        vec![
            ("TS6133".to_owned(), "2 errors in 2 files: 'helper' is declared but never used".to_owned()),
            // An unused name is no cause: every one stays in the rule's cluster.
            (
                "eslint/no-unused-vars".to_owned(),
                "4 warnings in 2 files: unused declarations (eslint/no-unused-vars): 'React', 'draft', 'tmp'".to_owned()
            ),
            (
                "lint/correctness/noUnusedVariables".to_owned(),
                "2 warnings in 2 files: 'cache' is declared but never used".to_owned()
            ),
            (
                "typescript/no-unused-vars".to_owned(),
                "2 warnings in 2 files: 'React' is declared but never used".to_owned()
            ),
        ]
    );
    let ids: BTreeSet<&str> = analysis
        .clusters
        .iter()
        .map(|c| c.cluster_id.as_str())
        .collect();
    assert_eq!(
        ids.len(),
        analysis.clusters.len(),
        "cluster ids are distinct"
    );
}

#[test]
fn one_off_issues_fold_into_one_cluster_per_rule() {
    // The original's singleton flooding: 10 rules × 3 issues gave 30 clusters. Here: 10.
    let rules = [
        ("eslint/no-debugger", "`debugger` statement is not allowed"),
        (
            "unicorn/no-new-array",
            "Do not use `new Array(singleArgument)`.",
        ),
        (
            "eslint/require-yield",
            "This generator function does not have `yield`",
        ),
        (
            "eslint/no-unused-expressions",
            "Expected expression to be used",
        ),
        ("eslint/no-empty", "Unexpected empty block statement"),
        (
            "typescript/no-explicit-any",
            "Unexpected any. Specify a different type.",
        ),
        ("eslint/no-console", "Unexpected console statement."),
        ("oxc/no-const-enum", "Unexpected const enum"),
        ("eslint/no-var", "Unexpected var, use let or const instead."),
        ("eslint/eqeqeq", "Expected === and instead saw =="),
    ];
    let mut inputs = Vec::new();
    for (r, (rule, message)) in rules.iter().enumerate() {
        for i in 0..3 {
            inputs.push(oxlint(
                rule,
                &format!("src/m{}.ts", (r + i) % 4),
                10 + i as u32,
                message,
            ));
        }
    }
    let analysis = analyze(inputs);
    assert_eq!(analysis.clusters.len(), 10);
    assert!(analysis.clusters.iter().all(|c| c.issue_count == 3));
    let debugger = analysis
        .clusters
        .iter()
        .find(|c| c.rule_ids == ["eslint/no-debugger"])
        .unwrap_or_else(|| panic!("no debugger cluster"));
    assert_eq!(
        debugger.root_cause_summary,
        "3 warnings in 3 files: eslint/no-debugger: `debugger` statement is not allowed"
    );
    assert_eq!(
        debugger.suggested_action,
        "fix eslint/no-debugger in src/m0.ts (1) first, then the other 2 files"
    );
}

#[test]
fn uniform_help_and_fixes_drive_the_action() {
    let mut with_help: Vec<IssueInput> = (0..3)
        .map(|i| {
            oxlint(
                "eslint/no-debugger",
                "src/a.ts",
                i + 1,
                "`debugger` statement is not allowed",
            )
        })
        .collect();
    for input in &mut with_help {
        input.help = Some("Remove the debugger statement".to_owned());
    }
    let mut fixable: Vec<IssueInput> = (0..2)
        .map(|i| {
            biome(
                "lint/style/useConst",
                "src/b.ts",
                i + 1,
                "This let declares a variable that is only assigned once.",
            )
        })
        .collect();
    for input in &mut fixable {
        input.fixable = true;
        input.fix_safe = Some(true);
    }
    let analysis = analyze(
        with_help
            .clone()
            .into_iter()
            .chain(fixable.clone())
            .collect(),
    );
    let actions: Vec<&str> = analysis
        .clusters
        .iter()
        .map(|c| c.suggested_action.as_str())
        .collect();
    assert_eq!(
        actions,
        vec![
            "remove the debugger statement in src/a.ts",
            "apply the engine's safe fixes for lint/style/useConst in src/b.ts"
        ]
    );
    // A fix the engine marks unsafe (or does not grade) is never offered to apply.
    for (input, safe) in fixable.iter_mut().zip([Some(false), None]) {
        input.fix_safe = safe;
    }
    let analysis = analyze(with_help.into_iter().chain(fixable).collect());
    assert_eq!(
        analysis.clusters[1].suggested_action,
        "fix lint/style/useConst in src/b.ts by hand (the engine's fixes for 2 are unsafe: review them before applying)"
    );
    let safety: Vec<_> = analysis
        .issues
        .iter()
        .filter(|i| i.rule == "lint/style/useConst")
        .map(|i| i.fix_safety)
        .collect();
    assert_eq!(safety, [Some(crate::core::FixSafetyLevel::Unsafe), None]);
    assert_eq!(analysis.clusters[1].fixable_count, Some(2));
}

#[test]
fn errors_come_before_bigger_warning_clusters() {
    let mut inputs: Vec<IssueInput> = (0..20)
        .map(|i| {
            oxlint(
                "typescript/no-explicit-any",
                "src/a.ts",
                i + 1,
                "Unexpected any. Specify a different type.",
            )
        })
        .collect();
    inputs.push(tsc(2554, "src/b.ts", 1, "Expected 2 arguments, but got 1."));
    let analysis = analyze(inputs);
    assert_eq!(analysis.clusters[0].severity, Some(IssueSeverity::Error));
    assert_eq!(analysis.clusters[0].priority, 1);
    assert_eq!(analysis.clusters[1].issue_count, 20);
}

#[test]
fn every_issue_is_in_exactly_one_existing_cluster() {
    let inputs = vec![
        missing_name("UserId", "src/a.ts", 1),
        missing_name("UserId", "src/b.ts", 1),
        missing_name("Other", "src/b.ts", 2),
        unused_var("eslint", "x", "src/a.ts", 3),
        tsc(1005, "src/c.ts", 1, "';' expected."),
        issue(
            "tsc",
            "TS2688",
            "",
            0,
            "Cannot find type definition file for 'missingpkg'.",
            "",
        ),
    ];
    let analysis = analyze(inputs);
    let total: usize = analysis.clusters.iter().map(|c| c.issue_count).sum();
    assert_eq!(total, analysis.issues.len());
    for issue in &analysis.issues {
        let id = issue.cluster_id.as_deref().unwrap_or_default();
        assert!(is_cluster_id(id), "{id}");
        assert!(analysis.cluster(id).is_some());
        assert!(is_issue_id(&issue.issue_id));
    }
    let global = analysis
        .clusters
        .iter()
        .find(|c| c.rule_ids == ["TS2688"])
        .unwrap_or_else(|| panic!("no TS2688 cluster"));
    assert_eq!(global.file_count, 0);
    assert_eq!(
        global.root_cause_summary,
        "1 error in the project: type definitions for 'missingpkg' are missing"
    );
}

#[test]
fn ids_survive_lines_inserted_above() {
    let before = vec![
        issue(
            "tsc",
            "TS2304",
            "src/a.ts",
            10,
            "Cannot find name 'UserId'.",
            "const id: UserId = 1;",
        ),
        issue(
            "tsc",
            "TS2304",
            "src/a.ts",
            20,
            "Cannot find name 'UserId'.",
            "const id: UserId = 1;",
        ),
        issue(
            "oxlint",
            "eslint/no-debugger",
            "src/a.ts",
            30,
            "`debugger` statement is not allowed",
            "debugger;",
        ),
    ];
    let after: Vec<IssueInput> = before
        .iter()
        .cloned()
        .map(|mut i| {
            i.line += 7;
            i.line_text = format!("    {}", i.line_text);
            i
        })
        .collect();
    let (a, b) = (analyze(before), analyze(after));
    let ids = |x: &Analysis| {
        x.issues
            .iter()
            .map(|i| i.issue_id.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(ids(&a), ids(&b));
    assert_eq!(
        a.clusters.iter().map(|c| &c.cluster_id).collect::<Vec<_>>(),
        b.clusters.iter().map(|c| &c.cluster_id).collect::<Vec<_>>()
    );
    let unique: BTreeSet<_> = ids(&a).into_iter().collect();
    assert_eq!(
        unique.len(),
        3,
        "identical issues on identical lines still get distinct ids"
    );
}

#[test]
fn a_cluster_id_goes_stale_when_its_root_cause_is_gone() {
    let first = analyze(vec![
        missing_name("UserId", "src/a.ts", 1),
        missing_name("UserId", "src/b.ts", 1),
        missing_name("Order", "src/c.ts", 1),
    ]);
    let user_id = first.clusters[0].cluster_id.clone();
    assert_eq!(first.clusters[0].issue_count, 2);
    // One of the two is fixed: the subject cluster dissolves into the rule's fallback.
    let second = analyze(vec![
        missing_name("UserId", "src/a.ts", 1),
        missing_name("Order", "src/c.ts", 1),
    ]);
    assert!(
        second.cluster(&user_id).is_none(),
        "the old cluster id is stale"
    );
    assert!(second.issues_of_cluster(&user_id).is_none());
    assert!(second.clusters.iter().all(|c| c.cluster_id != user_id));
    // The surviving issue keeps its id.
    assert!(second.issue(&first.issues[0].issue_id).is_some());
    // A re-check with the same issues gives the same cluster ids: not stale.
    let again = analyze(vec![
        missing_name("UserId", "src/b.ts", 1),
        missing_name("Order", "src/c.ts", 1),
        missing_name("UserId", "src/a.ts", 1),
    ]);
    assert!(again.cluster(&user_id).is_some());
}

#[test]
fn messages_are_normalized() {
    let long = format!(
        "Type '{}' is not assignable to type 'number'.",
        "{ a: string; ".repeat(20)
    );
    let analysis = analyze(vec![
        tsc(2322, "src/a.ts", 1, &format!("  {long}\n  more  ")),
        tsc(2322, "src/b.ts", 1, &long),
    ]);
    for issue in &analysis.issues {
        assert!(issue.message.chars().count() <= 120);
        assert!(issue.message.ends_with("..."));
        assert!(!issue.message.contains("  "));
    }
    // The subject is read before the cut: both issues share the (long) type pair.
    assert_eq!(analysis.clusters.len(), 1);
    assert!(
        analysis.clusters[0]
            .root_cause_summary
            .contains("...' is not assignable to type 'number'")
    );
}

#[test]
fn empty_input_gives_an_empty_analysis() {
    assert_eq!(analyze(Vec::new()), Analysis::default());
}
