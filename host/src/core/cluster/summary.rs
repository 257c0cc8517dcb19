//! `rootCauseSummary` and `suggestedAction`: a one-line diagnosis and the one thing to do, written
//! the way a reviewer would say them (`12 errors in 5 files: cannot find name 'UserId'` /
//! `import or declare 'UserId'`).

use rustc_hash::FxHashSet;

use super::Row;
use super::subject::Subject;
use crate::core::model::NormalizedIssue;

/// How many different subjects a fallback summary names before `and N more`.
const LISTED: usize = 3;

/// Counts over a cluster's members.
pub(super) struct Stats<'a> {
    pub n: usize,
    pub errors: usize,
    pub fixable: usize,
    /// Members whose fix the engine marks safe.
    pub safe: usize,
    pub file_count: usize,
    /// The file with the most members (ties: the first in path order), and its count.
    pub top_file: Option<(&'a str, usize)>,
    /// The first member (in position order).
    pub first: &'a NormalizedIssue,
    /// Every member is in an installed dependency's files (`node_modules/`): nothing there is
    /// the project's to edit, so no advice points into it.
    pub in_dependencies: bool,
}

impl<'a> Stats<'a> {
    /// Members are in position order, so a file's members are consecutive: files are counted as
    /// runs of equal file symbols.
    pub fn of(issues: &'a [NormalizedIssue], rows: &[Row], members: &[usize]) -> Self {
        let mut errors = 0;
        let mut fixable = 0;
        let mut safe = 0;
        let mut file_count = 0;
        let in_dependencies = members.iter().all(|&i| is_dependency_file(&issues[i].file));
        // (file symbol, first member, count) of the current run and of the largest one.
        let mut top: Option<(usize, usize)> = None;
        let mut run: Option<(u32, usize, usize)> = None;
        let mut close = |run: Option<(u32, usize, usize)>| {
            if let Some((_, at, count)) = run {
                file_count += 1;
                if top.is_none_or(|(_, best)| count > best) {
                    top = Some((at, count));
                }
            }
        };
        for &i in members {
            let row = &rows[i];
            errors += usize::from(row.error);
            fixable += usize::from(row.fixable);
            safe += usize::from(row.safe_fix);
            if row.no_file {
                continue;
            }
            match &mut run {
                Some((file, _, count)) if *file == row.file => *count += 1,
                _ => {
                    close(run.take());
                    run = Some((row.file, i, 1));
                }
            }
        }
        close(run);
        Stats {
            n: members.len(),
            errors,
            fixable,
            safe,
            file_count,
            top_file: top.map(|(at, count)| (issues[at].file.as_str(), count)),
            first: &issues[members[0]],
            in_dependencies,
        }
    }

    /// `12 errors in 5 files`, `1 warning in src/a.ts`, `3 issues in the project`.
    fn header(&self) -> String {
        let noun = if self.errors == self.n {
            "error"
        } else if self.errors == 0 {
            "warning"
        } else {
            "issue"
        };
        let place = match (self.file_count, self.top_file) {
            (1, Some((file, _))) => file.to_owned(),
            (0, _) => "the project".to_owned(),
            (m, _) => format!("{m} files"),
        };
        format!("{} {noun}{} in {place}", self.n, plural(self.n))
    }

    /// ` in src/a.ts` or ` at src/a.ts:12` for a cluster confined to one file, else empty.
    fn location(&self) -> String {
        match (self.file_count, self.top_file) {
            (1, Some((file, _))) if self.n == 1 && self.first.line > 0 => {
                format!(" at {file}:{}", self.first.line)
            }
            (1, Some((file, _))) => format!(" in {file}"),
            _ => String::new(),
        }
    }
}

/// Whether `file` (project-relative, `/`-separated) lies in an installed dependency.
fn is_dependency_file(file: &str) -> bool {
    file.starts_with("node_modules/") || file.contains("/node_modules/")
}

/// The action for diagnostics that all lie in installed dependencies: the project cannot edit
/// those files, but it chooses the versions it installs and whether their declarations are
/// checked.
fn dependency_action(stats: &Stats<'_>) -> String {
    let package = stats
        .top_file
        .map(|(file, _)| dependency_of(file))
        .filter(|_| stats.file_count == 1)
        .map(|package| format!(" of '{package}'"))
        .unwrap_or_default();
    format!(
        "these are in installed declarations{package}, not the project's code: align the \
         versions of the packages whose types conflict (a duplicate or mismatched @types \
         package, or the `lib` and `types` compiler options), or set `skipLibCheck`"
    )
}

/// `node_modules/@types/node/url.d.ts` → `@types/node`; the innermost `node_modules` counts.
fn dependency_of(file: &str) -> &str {
    let after = file
        .rsplit_once("node_modules/")
        .map_or(file, |(_, after)| after);
    let mut parts = after.splitn(3, '/');
    match (parts.next(), parts.next()) {
        (Some(scope), Some(name)) if scope.starts_with('@') => {
            &after[..scope.len() + 1 + name.len()]
        }
        (Some(name), _) => name,
        _ => after,
    }
}

/// A subject cluster: every member shares the subject.
pub(super) fn for_subject(stats: &Stats<'_>, subject: &Subject) -> (String, String) {
    let action = if stats.in_dependencies {
        dependency_action(stats)
    } else {
        format!("{}{}", subject.action(), stats.location())
    };
    (
        format!("{}: {}", stats.header(), subject.diagnosis()),
        action,
    )
}

/// A rule's fallback cluster: the members' subjects (if any) differ or are unshared.
pub(super) fn for_rule(
    stats: &Stats<'_>,
    issues: &[NormalizedIssue],
    rows: &[Row],
    subjects: &[Subject],
    members: &[usize],
    rule: &str,
) -> (String, String) {
    let header = stats.header();
    let subject_of = |i: usize| subjects.get(rows[i].subject as usize);
    if let Some(first) = subject_of(members[0]) {
        let first_id = rows[members[0]].subject;
        if members.iter().all(|&i| rows[i].subject == first_id) {
            return for_subject(stats, first);
        }
        if members
            .iter()
            .all(|&i| subject_of(i).is_some_and(|s| s.same_kind(first)))
        {
            let mut seen = FxHashSet::default();
            let distinct: Vec<&Subject> = members
                .iter()
                .filter(|&&i| seen.insert(rows[i].subject))
                .filter_map(|&i| subject_of(i))
                .collect();
            let labels: Vec<String> = distinct.iter().map(|s| s.label()).collect();
            let action = if stats.in_dependencies {
                dependency_action(stats)
            } else {
                format!("{}{}", first.kind_action(&distinct), stats.location())
            };
            return (
                format!(
                    "{header}: {} ({rule}): {}",
                    first.kind_phrase(),
                    list(&labels)
                ),
                action,
            );
        }
    }
    let messages: FxHashSet<u32> = members.iter().map(|&i| rows[i].text).collect();
    let diagnosis = match messages.len() {
        1 => sentence(&stats.first.message),
        k => format!(
            "{} (+{} other message{})",
            sentence(&stats.first.message),
            k - 1,
            plural(k - 1)
        ),
    };
    (
        format!("{header}: {rule}: {diagnosis}"),
        rule_action(stats, issues, members, rule),
    )
}

/// What to do about a rule's issues when the messages name no shared cause.
fn rule_action(
    stats: &Stats<'_>,
    issues: &[NormalizedIssue],
    members: &[usize],
    rule: &str,
) -> String {
    if stats.in_dependencies {
        return dependency_action(stats);
    }
    let help = stats.first.help.as_deref().filter(|h| !h.trim().is_empty());
    if let Some(help) = help
        && members
            .iter()
            .all(|&i| issues[i].help.as_deref() == Some(help))
    {
        return format!("{}{}", sentence(help), stats.location());
    }
    let n = stats.n;
    // Only a fix the engine marks safe is offered to apply; others are to review.
    let unsafe_fixes = stats.fixable - stats.safe;
    if stats.safe == n {
        return format!(
            "apply the engine's safe fixes for {rule}{}",
            stats.location()
        );
    }
    if stats.safe > 0 {
        return format!(
            "apply the {} safe engine fix{} for {rule}, then fix the other {} by hand{}",
            stats.safe,
            if stats.safe == 1 { "" } else { "es" },
            n - stats.safe,
            review(unsafe_fixes)
        );
    }
    if unsafe_fixes > 0 {
        return format!(
            "fix {rule}{} by hand{}",
            stats.location(),
            review(unsafe_fixes)
        );
    }
    match (stats.file_count, stats.top_file) {
        (0, _) => format!("fix {rule} in the project configuration"),
        (1, _) => format!("fix {rule}{}", stats.location()),
        (m, Some((file, count))) => format!(
            "fix {rule} in {file} ({count}) first, then the other {} file{}",
            m - 1,
            plural(m - 1)
        ),
        (_, None) => format!("fix {rule}"),
    }
}

/// ` (review the N unsafe engine fixes first)`, or nothing.
fn review(unsafe_fixes: usize) -> String {
    match unsafe_fixes {
        0 => String::new(),
        1 => " (the engine's fix for one is unsafe: review it before applying)".to_owned(),
        k => format!(" (the engine's fixes for {k} are unsafe: review them before applying)"),
    }
}

/// `'a', 'b', 'c' and 4 more`.
fn list(labels: &[String]) -> String {
    let shown = labels.len().min(LISTED);
    let mut out = labels[..shown].join(", ");
    if labels.len() > shown {
        out.push_str(&format!(" and {} more", labels.len() - shown));
    }
    out
}

/// A message as a clause: trailing period dropped, a capitalised first word lowercased (but not an
/// acronym or a name such as `TS2322` or `React`… when the second letter is uppercase too).
fn sentence(text: &str) -> String {
    let text = text.trim().trim_end_matches('.');
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if first.is_uppercase() && !second.is_uppercase() => {
            let mut out = String::with_capacity(text.len());
            out.extend(first.to_lowercase());
            out.push_str(&text[first.len_utf8()..]);
            out
        }
        _ => text.to_owned(),
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences() {
        assert_eq!(sentence("Cannot find name 'X'."), "cannot find name 'X'");
        assert_eq!(sentence("TS config is odd."), "TS config is odd");
        assert_eq!(
            sentence("`debugger` statement is not allowed"),
            "`debugger` statement is not allowed"
        );
    }

    fn actions(inputs: Vec<crate::core::IssueInput>) -> Vec<String> {
        crate::core::analyze(inputs)
            .clusters
            .into_iter()
            .map(|c| c.suggested_action)
            .collect()
    }

    /// A conflict inside installed declarations is not the project's code to fix: the advice
    /// names the package and what the project controls, never a path under `node_modules`.
    #[test]
    fn no_advice_points_into_dependencies() {
        let message = "Subsequent variable declarations must have the same type.  Variable 'URL' must be of type '{ new (url: string | URL, base?: string | URL): URL; }', but here has type 'typeof URL'.";
        let actions = actions(vec![
            crate::core::tests::tsc(2403, "node_modules/@types/node/url.d.ts", 970, message),
            crate::core::tests::tsc(2403, "node_modules/@types/node/url.d.ts", 990, message),
        ]);
        assert_eq!(actions.len(), 1, "{actions:?}");
        assert!(!actions[0].contains("node_modules/"), "{actions:?}");
        assert!(actions[0].contains("'@types/node'"), "{actions:?}");
        assert!(actions[0].contains("skipLibCheck"), "{actions:?}");
        // The same diagnostic in the project's own file is advised as before.
        let own = actions_of_own(message);
        assert!(own.contains("src/url.d.ts"), "{own}");
        assert_eq!(
            dependency_of("node_modules/@types/node/url.d.ts"),
            "@types/node"
        );
        assert_eq!(
            dependency_of("packages/a/node_modules/.pnpm/x@1/node_modules/left-pad/index.d.ts"),
            "left-pad"
        );
    }

    fn actions_of_own(message: &str) -> String {
        actions(vec![crate::core::tests::tsc(
            2403,
            "src/url.d.ts",
            3,
            message,
        )])
        .remove(0)
    }

    /// Bindings already named with `_` are not told to take the prefix they have.
    #[test]
    fn unused_bindings_with_the_prefix_are_not_told_to_take_it() {
        let unused = |file: &str, name: &str| {
            crate::core::tests::oxlint(
                "eslint/no-unused-vars",
                file,
                1,
                &format!("Parameter '{name}' is declared but never used."),
            )
        };
        let prefixed = actions(vec![unused("src/a.ts", "_req"), unused("src/b.ts", "_")]);
        assert_eq!(prefixed, ["remove the unused declarations"]);
        let mixed = actions(vec![unused("src/a.ts", "_req"), unused("src/b.ts", "res")]);
        assert_eq!(
            mixed,
            ["remove the unused declarations or prefix them with '_'"]
        );
    }

    #[test]
    fn lists() {
        let labels: Vec<String> = ["'a'", "'b'", "'c'", "'d'", "'e'"]
            .map(String::from)
            .to_vec();
        assert_eq!(list(&labels), "'a', 'b', 'c' and 2 more");
        assert_eq!(list(&labels[..2]), "'a', 'b'");
    }
}
