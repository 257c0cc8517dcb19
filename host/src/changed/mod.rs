//! `check --changed-since REF`: the lines a change touched, from git's own diff.
//!
//! The change is everything between the merge-base of `REF` and `HEAD` and the work tree
//! (commits, staged and unstaged edits), as `git diff -U0 --find-renames <merge-base>` shows it,
//! plus untracked files, which are new as a whole. A renamed file is its new path, and only the
//! lines its rename changed count; a deleted line marks nothing (nothing is left to annotate).
//! git runs through the runner, like every process signalint starts.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

use tokio_util::sync::CancellationToken;

use crate::runner::{Command, Ending, Runner};

/// How long one git command may take.
const GIT_TIMEOUT: Duration = Duration::from_secs(120);

/// The lines a change touched, per project-relative file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChangedLines {
    /// The merge-base commit the change is measured from.
    pub base: String,
    /// Inclusive line ranges of the new side, per file.
    pub ranges: BTreeMap<String, Vec<(u32, u32)>>,
    /// Files new as a whole (untracked).
    pub whole: BTreeSet<String>,
}

impl ChangedLines {
    /// Every file with a changed line.
    pub fn files(&self) -> impl Iterator<Item = &str> {
        self.ranges.keys().chain(&self.whole).map(String::as_str)
    }

    /// Whether lines `start..=end` of `file` overlap the change.
    pub fn touches(&self, file: &str, start: u32, end: u32) -> bool {
        if self.whole.contains(file) {
            return true;
        }
        self.ranges.get(file).is_some_and(|ranges| {
            ranges
                .iter()
                .any(|&(from, to)| start <= to && from <= end.max(start))
        })
    }
}

/// The lines changed in the project at `root` since the merge-base of `reference` and `HEAD`.
pub async fn since(runner: &Runner, root: &Path, reference: &str) -> Result<ChangedLines, String> {
    if reference.is_empty() || reference.starts_with('-') {
        return Err(format!(
            "`{reference}` is not a git revision; give a branch, tag or commit (origin/main)"
        ));
    }
    let base = git(runner, root, &["merge-base", reference, "HEAD"])
        .await
        .map_err(|e| {
            format!(
                "cannot find the merge-base of `{reference}` and HEAD in {} ({e}); in CI, fetch \
                 the base branch with enough history (actions/checkout with fetch-depth: 0)",
                root.display()
            )
        })?;
    let base = base.trim().to_owned();
    let diff = git(
        runner,
        root,
        &[
            "-c",
            "core.quotePath=false",
            "diff",
            "-U0",
            "--find-renames",
            "--no-color",
            "--no-ext-diff",
            "--no-prefix",
            "--relative",
            &base,
            "--",
        ],
    )
    .await?;
    let untracked = git(
        runner,
        root,
        &[
            "-c",
            "core.quotePath=false",
            "ls-files",
            "--others",
            "--exclude-standard",
            "--",
        ],
    )
    .await?;
    let mut changed = parse_diff(&diff);
    changed.base = base;
    changed.whole = untracked
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect();
    Ok(changed)
}

/// A checkout of the merge-base in a git worktree in the project's scratch directory (outside
/// the project: its walk skips `.signalint/`), for a check of the base with the same config.
#[derive(Debug)]
pub struct BaseTree {
    /// The worktree (the repository's top at the base).
    worktree: PathBuf,
    /// The project root inside it.
    pub root: PathBuf,
    /// The project whose git runs the worktree commands.
    project: PathBuf,
}

/// The worktree's scratch directory: one path per project, so the engines' own scratch files
/// for it (tsc's build info) are reused from one run to the next.
const BASE_WORKTREE: &str = "changed-base";

impl BaseTree {
    /// Checks out `base` in the scratch directory of the project at `root` (replacing one a
    /// previous run left), with the project's `node_modules` linked in, so the base resolves
    /// its imports as the project does.
    pub async fn check_out(runner: &Runner, root: &Path, base: &str) -> Result<Self, String> {
        let worktree = crate::state::work_dir(root, BASE_WORKTREE)
            .map_err(|e| format!("no scratch directory for the merge-base: {e}"))?
            .join("tree");
        let prefix = git(runner, root, &["rev-parse", "--show-prefix"]).await?;
        if worktree.exists() {
            let path = worktree.to_string_lossy().into_owned();
            let _ = git(runner, root, &["worktree", "remove", "--force", &path]).await;
            if worktree.exists() {
                std::fs::remove_dir_all(&worktree)
                    .map_err(|e| format!("cannot remove {}: {e}", worktree.display()))?;
            }
            let _ = git(runner, root, &["worktree", "prune"]).await;
        }
        let path = worktree.to_string_lossy().into_owned();
        git(
            runner,
            root,
            &[
                "worktree", "add", "--detach", "--force", "--quiet", &path, base,
            ],
        )
        .await?;
        let tree = Self {
            root: worktree.join(prefix.trim()),
            worktree,
            project: root.to_owned(),
        };
        let modules = root.join("node_modules");
        let linked = tree.root.join("node_modules");
        if modules.is_dir() && !linked.exists() {
            let _ = std::os::unix::fs::symlink(&modules, &linked);
        }
        Ok(tree)
    }

    /// Removes the worktree.
    pub async fn remove(self, runner: &Runner) {
        let path = self.worktree.to_string_lossy().into_owned();
        if let Err(e) = git(
            runner,
            &self.project,
            &["worktree", "remove", "--force", &path],
        )
        .await
        {
            tracing::warn!("the base worktree {path} stays: {e}");
        }
    }
}

/// `git args` in `root`: its stdout, or what went wrong.
async fn git(runner: &Runner, root: &Path, args: &[&str]) -> Result<String, String> {
    let command = Command::new(
        "git".to_owned(),
        args.iter().map(|a| (*a).to_owned()).collect(),
        root.to_owned(),
        GIT_TIMEOUT,
    );
    let output = runner
        .run(&command, &CancellationToken::new())
        .await
        .map_err(|e| format!("cannot run git: {e}"))?;
    match output.ending {
        Ending::Exited(Some(0)) if !output.truncated => Ok(output.stdout),
        Ending::Exited(_) => Err(format!(
            "git {} failed: {}",
            args.join(" "),
            output.stderr_tail(3)
        )),
        other => Err(format!("git {} did not finish ({other:?})", args.join(" "))),
    }
}

/// The new-side line ranges of a `git diff -U0 --no-prefix` (pure deletions mark nothing).
pub fn parse_diff(diff: &str) -> ChangedLines {
    let mut changed = ChangedLines::default();
    let mut file: Option<String> = None;
    for line in diff.lines() {
        if let Some(path) = line.strip_prefix("+++ ") {
            file = (path != "/dev/null").then(|| unquote(path));
        } else if line.starts_with("diff --git ") {
            file = None;
        } else if let Some(hunk) = line.strip_prefix("@@ ")
            && let Some(file) = &file
            && let Some(range) = new_side(hunk)
        {
            changed.ranges.entry(file.clone()).or_default().push(range);
        }
    }
    changed
}

/// The new side of a hunk header (`-a,b +c,d @@`) as an inclusive range; `None` when it adds
/// no line.
fn new_side(hunk: &str) -> Option<(u32, u32)> {
    let plus = hunk.split(' ').find_map(|part| part.strip_prefix('+'))?;
    let (start, count) = match plus.split_once(',') {
        Some((start, count)) => (start.parse::<u32>().ok()?, count.parse::<u32>().ok()?),
        None => (plus.parse::<u32>().ok()?, 1),
    };
    (count > 0).then(|| (start, start + count - 1))
}

/// A path git quoted (`"a\tb.ts"`: a name with a control character or a quote) unquoted.
fn unquote(path: &str) -> String {
    let Some(inner) = path.strip_prefix('"').and_then(|p| p.strip_suffix('"')) else {
        return path.to_owned();
    };
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIFF: &str = "\
diff --git src/a.ts src/a.ts
index 1111111..2222222 100644
--- src/a.ts
+++ src/a.ts
@@ -3,0 +4,2 @@ export function a() {
+  const x = 1;
+  const y = 2;
@@ -10 +12 @@ export function b() {
-  old
+  new
@@ -20,3 +21,0 @@ fn
-gone
-gone
-gone
diff --git src/old.ts src/moved/new.ts
similarity index 90%
rename from src/old.ts
rename to src/moved/new.ts
--- src/old.ts
+++ src/moved/new.ts
@@ -1 +1 @@
-a
+b
diff --git src/removed.ts src/removed.ts
deleted file mode 100644
--- src/removed.ts
+++ /dev/null
@@ -1,2 +0,0 @@
-x
-y
diff --git \"src/t\\tb.ts\" \"src/t\\tb.ts\"
--- \"src/t\\tb.ts\"
+++ \"src/t\\tb.ts\"
@@ -1 +1 @@
-a
+b
";

    #[test]
    fn hunks_give_the_new_sides_lines() {
        let changed = parse_diff(DIFF);
        assert_eq!(changed.ranges["src/a.ts"], [(4, 5), (12, 12)]);
        assert_eq!(changed.ranges["src/moved/new.ts"], [(1, 1)]);
        assert!(!changed.ranges.contains_key("src/removed.ts"));
        assert!(!changed.ranges.contains_key("src/old.ts"));
        assert_eq!(changed.ranges["src/t\tb.ts"], [(1, 1)]);
    }

    #[test]
    fn an_issue_counts_when_its_lines_overlap_the_change() {
        let mut changed = parse_diff(DIFF);
        assert!(changed.touches("src/a.ts", 5, 5));
        assert!(
            changed.touches("src/a.ts", 2, 4),
            "a span reaching into the change"
        );
        assert!(!changed.touches("src/a.ts", 6, 11));
        assert!(
            !changed.touches("src/a.ts", 21, 21),
            "deleted lines mark nothing"
        );
        assert!(!changed.touches("src/other.ts", 1, 1));
        changed.whole.insert("src/untracked.ts".into());
        assert!(changed.touches("src/untracked.ts", 99, 99));
    }
}
