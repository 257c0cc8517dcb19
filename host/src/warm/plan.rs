//! What a session does for one check, computed from what it knows: which files to pull, in
//! which order, as far as each edit reaches.

use std::collections::{HashMap, HashSet, VecDeque};

/// How far this check's edits reach, as the adapter judged them.
#[derive(Debug, Default)]
pub(super) struct Reached {
    /// Edited files whose importers cannot change.
    pub alone: HashSet<String>,
    /// For an edited file that only gained or lost names, its direct importers that use none
    /// of them.
    pub untouched: HashMap<String, HashSet<String>>,
}

impl Reached {
    /// What the status says of the edits that reached less than every importer.
    pub fn note(&self, everything: bool) -> String {
        if everything {
            return String::new();
        }
        let mut note = String::new();
        if !self.alone.is_empty() {
            note.push_str(&format!(
                "; {} reached no importer (what other files see of it did not change)",
                some_of(self.alone.iter())
            ));
        }
        if !self.untouched.is_empty() {
            let skipped: usize = self.untouched.values().map(HashSet::len).sum();
            let (noun, verb) = if skipped == 1 {
                ("importer", "was")
            } else {
                ("importers", "were")
            };
            note.push_str(&format!(
                "; {skipped} {noun} of {} {verb} not re-checked: no name the edit added or \
                 removed is used there",
                some_of(self.untouched.keys())
            ));
        }
        note
    }
}

/// Up to three of `paths`, sorted, and how many more.
fn some_of<'a>(paths: impl Iterator<Item = &'a String>) -> String {
    let mut paths: Vec<&String> = paths.collect();
    paths.sort();
    let shown: Vec<&str> = paths.iter().take(3).map(|f| f.as_str()).collect();
    match paths.len() - shown.len() {
        0 => shown.join(", "),
        more => format!("{} and {more} more", shown.join(", ")),
    }
}

/// The files to pull, in order of use: the edited files, then their importers (nearest
/// first), then every file without a result yet; all files when an edit reaches everything
/// (`has_result`: whether a file has one). An edited file in `reached.alone` reaches no
/// importer of its own, and one in `reached.untouched` not the importers listed there; either
/// still passes on the reach of another edit that reaches it. Returns the order and how many
/// of its first files are the edited ones and their direct importers.
pub(super) fn pull_order(
    files: &[String],
    changed: &[String],
    reached: &Reached,
    everything: bool,
    importers: &HashMap<String, Vec<String>>,
    has_result: impl Fn(&String) -> bool,
) -> (Vec<String>, usize) {
    let in_program: HashSet<&String> = files.iter().collect();
    let mut order: Vec<String> = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    // Files whose importers are queued already: `true` for all of them, `false` for those
    // its own edit reaches (a file that gained or lost names).
    let mut spread: HashMap<String, bool> = HashMap::new();
    // Breadth first: the edited files, then their direct importers, then theirs; each
    // entry says whether its importers are reached.
    let mut queue: VecDeque<(String, usize, bool)> = changed
        .iter()
        .map(|path| (path.clone(), 0, !reached.alone.contains(path)))
        .collect();
    let mut early = 0;
    while let Some((path, depth, reaches)) = queue.pop_front() {
        if !in_program.contains(&path) {
            continue;
        }
        // An edited file reached through another edit passes on all of that edit's reach.
        let skip = if depth == 0 {
            reached.untouched.get(&path)
        } else {
            None
        };
        let queued = spread.get(&path).copied();
        let spread_now = reaches && queued != Some(true) && (skip.is_none() || queued.is_none());
        if spread_now && let Some(of) = importers.get(&path) {
            spread.insert(path.clone(), skip.is_none());
            queue.extend(
                of.iter()
                    .filter(|i| spread.get(*i) != Some(&true))
                    .filter(|i| skip.is_none_or(|skip| !skip.contains(*i)))
                    .map(|i| (i.clone(), depth + 1, true)),
            );
        }
        if !seen.insert(path.clone()) {
            continue;
        }
        if depth <= 1 {
            early += 1;
        }
        order.push(path);
    }
    for path in files {
        if (everything || !has_result(path)) && seen.insert(path.clone()) {
            order.push(path.clone());
        }
    }
    (order, early)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edit_that_reaches_its_file_alone_pulls_no_importer_of_its_own() {
        // x <- a <- b <- c (each imports the one before), d alone.
        let files: Vec<String> = ["x", "a", "b", "c", "d"].map(String::from).to_vec();
        let importers: HashMap<String, Vec<String>> = [("x", "a"), ("a", "b"), ("b", "c")]
            .into_iter()
            .map(|(of, by)| (of.to_owned(), vec![by.to_owned()]))
            .collect();
        let order = |changed: &[&str], alone: &[&str], everything: bool| {
            let changed: Vec<String> = changed.iter().map(|s| (*s).to_owned()).collect();
            let reached = Reached {
                alone: alone.iter().map(|s| (*s).to_owned()).collect(),
                ..Reached::default()
            };
            pull_order(&files, &changed, &reached, everything, &importers, |_| true)
        };
        assert_eq!(
            order(&["a"], &[], false),
            (vec!["a".into(), "b".into(), "c".into()], 2)
        );
        assert_eq!(order(&["a"], &["a"], false), (vec!["a".into()], 1));
        // Another edit that reaches `a` still carries on through it.
        assert_eq!(
            order(&["a", "x"], &["a"], false).0,
            ["a", "x", "b", "c"].map(String::from)
        );
        assert_eq!(
            order(&["a"], &["a"], true).0,
            ["a", "x", "b", "c", "d"].map(String::from)
        );
        // A file without a result is pulled whatever the reach.
        let changed = vec!["a".to_owned()];
        let reached = Reached {
            alone: HashSet::from(["a".to_owned()]),
            ..Reached::default()
        };
        let (pulled, _) = pull_order(&files, &changed, &reached, false, &importers, |f| f != "d");
        assert_eq!(pulled, ["a", "d"].map(String::from));
    }

    #[test]
    fn names_a_file_gained_or_lost_reach_only_the_importers_that_use_them() {
        // h is imported by u (uses the new names) and by n (does not); n by m, u by v.
        let files: Vec<String> = ["h", "u", "n", "m", "v", "x"].map(String::from).to_vec();
        let importers: HashMap<String, Vec<String>> = [
            ("h", vec!["u", "n"]),
            ("n", vec!["m"]),
            ("u", vec!["v"]),
            ("x", vec!["h"]),
        ]
        .into_iter()
        .map(|(of, by)| (of.to_owned(), by.into_iter().map(String::from).collect()))
        .collect();
        let reached = Reached {
            untouched: HashMap::from([("h".to_owned(), HashSet::from(["n".to_owned()]))]),
            ..Reached::default()
        };
        let order = |changed: &[&str]| {
            let changed: Vec<String> = changed.iter().map(|s| (*s).to_owned()).collect();
            pull_order(&files, &changed, &reached, false, &importers, |_| true).0
        };
        assert_eq!(order(&["h"]), ["h", "u", "v"].map(String::from));
        // When another edit reaches `h`, every importer of it is reached.
        assert_eq!(
            order(&["h", "x"]),
            ["h", "x", "u", "v", "n", "m"].map(String::from)
        );
        assert!(
            reached
                .note(false)
                .contains("1 importer of h was not re-checked")
        );
        assert_eq!(reached.note(true), "");
    }
}
