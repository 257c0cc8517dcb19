use super::super::{
    Coverage, DEFAULT_LOOP_THRESHOLD, IssueInput, LoopConfig, LoopHistory, LoopReport, Rechecked,
    analyze, signature,
};
use super::{issue, missing_name, oxlint, tsc, unused_var};

const FORM: &str = "src/form.ts";

/// `check_files([files])`: oxlint ran on those files, tsc on the whole program.
fn check_files(files: &[&str]) -> Rechecked {
    Rechecked::new()
        .engine("oxlint", Coverage::files(files.iter().copied()))
        .engine("tsc", Coverage::All)
        .focus(files.iter().copied())
}

fn run(history: &mut LoopHistory, inputs: Vec<IssueInput>, rechecked: &Rechecked) -> LoopReport {
    history.update(&analyze(inputs), rechecked, DEFAULT_LOOP_THRESHOLD)
}

/// A: the binding is unused (oxlint). B: removing it breaks a use (tsc).
fn a() -> IssueInput {
    unused_var("eslint", "draft", FORM, 12)
}
fn b() -> IssueInput {
    missing_name("draft", FORM, 30)
}

#[test]
fn signatures_are_rule_and_template() {
    let analysis = analyze(vec![
        issue(
            "oxlint",
            "no-unused-vars",
            "src/a.ts",
            1,
            "'x' is unused",
            "let x;",
        ),
        a(),
        tsc(2554, "src/a.ts", 2, "Expected 2 arguments, but got 1."),
        oxlint(
            "lint/correctness/noUnusedVariables",
            "src/a.ts",
            3,
            "This variable foo is unused.",
        ),
    ]);
    let sigs: Vec<String> = analysis.issues.iter().map(signature).collect();
    assert_eq!(
        sigs,
        vec![
            "no-unused-vars:<identifier> is unused",
            "TS2554:expected <number> arguments, but got <number>.",
            "lint/correctness/noUnusedVariables:this variable <identifier> is unused.",
            "eslint/no-unused-vars:variable <identifier> is declared but never used. unused variables should start with a <identifier>.",
        ]
    );
}

#[test]
fn the_a_b_a_b_a_oscillation_is_flagged_at_the_fifth_check() {
    let mut history = LoopHistory::default();
    let scope = check_files(&[FORM]);
    let sequence = [a(), b(), a(), b(), a()];
    let mut reports = Vec::new();
    for input in sequence {
        reports.push(run(&mut history, vec![input], &scope));
    }
    assert_eq!(reports[0].loop_warning, None);
    assert_eq!(reports[1].loop_warning, None);
    assert_eq!(
        reports[2].loop_warning, None,
        "one reappearance is not a loop yet"
    );
    assert_eq!(reports[2].reappeared, vec![signature_of(a())]);
    assert_eq!(reports[3].loop_warning, None);
    let warning = reports[4]
        .loop_warning
        .clone()
        .unwrap_or_else(|| panic!("no loop warning at the 5th check"));
    assert_eq!(warning.signature, signature_of(a()));
    assert_eq!(warning.occurrences, 2);
    assert_eq!(
        warning.hint,
        "This issue was fixed and reappeared 2 times — consider a different approach"
    );
    assert_eq!(warning.files, vec![FORM]);

    // get_loop_status lists it; once A is fixed for good the response warning clears, the
    // status keeps the history.
    assert!(history.status(DEFAULT_LOOP_THRESHOLD).looping);
    let fixed = run(&mut history, vec![], &scope);
    assert_eq!(fixed.loop_warning, None);
    let status = history.status(DEFAULT_LOOP_THRESHOLD);
    assert_eq!(status.signatures.len(), 1);
    assert_eq!(status.signatures[0].occurrences, 2);

    // Reset.
    history = LoopHistory::default();
    assert!(!history.status(DEFAULT_LOOP_THRESHOLD).looping);
}

fn signature_of(input: IssueInput) -> String {
    signature(&analyze(vec![input]).issues[0])
}

#[test]
fn checking_different_files_in_turn_is_never_a_loop() {
    let mut history = LoopHistory::default();
    let x = || unused_var("eslint", "draft", "src/a.ts", 3);
    for _ in 0..5 {
        // oxlint on a.ts reports X; oxlint on b.ts cannot see a.ts, so X is not "gone".
        let on_a = run(&mut history, vec![x()], &check_files(&["src/a.ts"]));
        let on_b = run(&mut history, vec![], &check_files(&["src/b.ts"]));
        assert_eq!(on_a.loop_warning, None);
        assert_eq!(on_b.loop_warning, None);
        assert!(on_a.reappeared.is_empty());
    }
    assert!(!history.status(DEFAULT_LOOP_THRESHOLD).looping);
}

#[test]
fn an_engine_that_did_not_run_fixes_nothing() {
    let mut history = LoopHistory::default();
    let t = || {
        tsc(
            2322,
            FORM,
            5,
            "Type 'string' is not assignable to type 'number'.",
        )
    };
    let oxlint_only = Rechecked::new().engine("oxlint", Coverage::All);
    for _ in 0..4 {
        run(&mut history, vec![t()], &check_files(&[FORM]));
        run(&mut history, vec![], &oxlint_only);
    }
    assert!(!history.status(DEFAULT_LOOP_THRESHOLD).looping);
}

#[test]
fn presence_is_tracked_per_file() {
    let mut history = LoopHistory::default();
    let in_a = || unused_var("eslint", "tmp", "src/a.ts", 3);
    let in_b = || unused_var("eslint", "tmp", "src/b.ts", 3);
    let both = check_files(&["src/a.ts", "src/b.ts"]);
    run(&mut history, vec![in_a(), in_b()], &both);
    // Fixed in A only (B never re-checked), then back in A: counts for A; B never flipped.
    let mut last = LoopReport::default();
    for _ in 0..2 {
        run(&mut history, vec![], &check_files(&["src/a.ts"]));
        last = run(&mut history, vec![in_a()], &check_files(&["src/a.ts"]));
    }
    let warning = last
        .loop_warning
        .unwrap_or_else(|| panic!("A looped twice"));
    assert_eq!(warning.files, vec!["src/a.ts"]);
    let sig = signature_of(in_a());
    assert_eq!(history.tracks[&sig].files["src/b.ts"].reappearances, 0);
    assert!(history.tracks[&sig].files["src/b.ts"].present);
}

#[test]
fn the_threshold_is_configurable() {
    let mut history = LoopHistory::default();
    let scope = check_files(&[FORM]);
    let mut reports = Vec::new();
    for input in [a(), b(), a()] {
        reports.push(history.update(&analyze(vec![input]), &scope, 1));
    }
    assert_eq!(
        reports[2].loop_warning.as_ref().map(|w| w.occurrences),
        Some(1)
    );
    assert_eq!(history.status(3).signatures.len(), 0);
}

#[test]
fn churn_needs_three_consecutive_focused_checks() {
    let mut history = LoopHistory::default();
    let any = |line| {
        oxlint(
            "typescript/no-explicit-any",
            FORM,
            line,
            "Unexpected any. Specify a different type.",
        )
    };
    let focused = check_files(&[FORM]);
    let elsewhere = check_files(&["src/other.ts"]);
    let r1 = run(&mut history, vec![any(1)], &focused);
    // A check of another file leaves the counter alone.
    let r2 = run(&mut history, vec![], &elsewhere);
    let r3 = run(&mut history, vec![any(2)], &focused);
    assert!(r1.churn_warning.is_none() && r2.churn_warning.is_none() && r3.churn_warning.is_none());
    let r4 = run(&mut history, vec![any(7)], &focused);
    let churn = r4
        .churn_warning
        .unwrap_or_else(|| panic!("3 focused checks in a row"));
    assert_eq!(churn.file, FORM);
    assert_eq!(churn.rule, "typescript/no-explicit-any");
    assert_eq!(churn.checks, 3);
    assert_eq!(
        churn.hint,
        "src/form.ts has re-triggered typescript/no-explicit-any across 3 separate checks — the agent may be stuck on this file, not just this exact issue"
    );
    assert_eq!(
        history
            .status(DEFAULT_LOOP_THRESHOLD)
            .file_rule_churns
            .len(),
        1
    );
    // A focused check without it ends the streak.
    let r5 = run(&mut history, vec![], &focused);
    assert!(r5.churn_warning.is_none());
    assert!(history.churn.is_empty());
}

#[test]
fn a_whole_program_error_in_an_untouched_file_never_churns() {
    let mut history = LoopHistory::default();
    let old = || {
        tsc(
            2322,
            "src/untouched.ts",
            5,
            "Type 'string' is not assignable to type 'number'.",
        )
    };
    for _ in 0..5 {
        let report = run(&mut history, vec![old()], &check_files(&[FORM]));
        assert!(report.churn_warning.is_none());
        assert!(report.loop_warning.is_none());
    }
}

#[test]
fn history_is_bounded_and_serializable() {
    let mut history = LoopHistory::default();
    let config = LoopConfig {
        max_tracked: 10,
        ..LoopConfig::default()
    };
    for round in 0..5u32 {
        let inputs: Vec<IssueInput> = (0..6)
            .map(|i| {
                unused_var(
                    "eslint",
                    &format!("v{round}_{i}"),
                    &format!("src/f{i}.ts"),
                    1,
                )
            })
            .collect();
        history.update_with(
            &analyze(inputs),
            &Rechecked::whole_project(["oxlint"]),
            &config,
        );
        assert!(history.tracked() <= 10);
    }
    // The newest check's pairs are the ones kept.
    assert!(
        history
            .tracks
            .values()
            .flat_map(|t| t.files.values())
            .filter(|t| t.seen == 5)
            .count()
            == 6
    );
    let json = serde_json::to_string(&history).unwrap_or_default();
    let back: LoopHistory = serde_json::from_str(&json).unwrap_or_default();
    assert_eq!(back, history);
    assert!(json.contains("\"reappearances\""));
}
