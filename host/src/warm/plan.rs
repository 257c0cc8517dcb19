//! What a session does for one check, computed from what it knows and nothing else (no
//! process, no disk): which documents to open, change and close and which files to announce
//! as created or deleted ([`sync`]), how far the edits reach ([`absorb`]), and which files to
//! pull in which order ([`pull_order`]). The session carries the plan out in its dialect.

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};
use std::sync::Arc;

use signalint_plugin_api::Reach;
use xxhash_rust::xxh3::xxh3_64;

use super::texts::Text;

/// An open document: the version, fingerprint and text the server has, and what an edit of
/// it reached last time.
#[derive(Debug, Clone)]
pub(super) struct Doc {
    pub version: i64,
    pub hash: u64,
    /// The fingerprint of its lines that may change the program's files.
    pub listing: u64,
    pub reach: Reach,
    /// The text last sent, for the adapter to compare the next edit with.
    pub text: Arc<str>,
}

/// What one check tells the server before it pulls.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Sync {
    /// Sources new on disk since the last check.
    pub created: Vec<String>,
    /// Documents that left the program or the disk.
    pub close: Vec<String>,
    /// Of those, the files no longer on disk.
    pub deleted: Vec<String>,
    /// Documents to send with their text and new version, in the program's order: version 1
    /// opens one.
    pub send: Vec<(String, i64)>,
    /// The edited files, for the pull order (a file new to the program counts as edited
    /// after the first check).
    pub changed: Vec<String>,
    /// Each file whose reach to ask the adapter, with the text the server had before.
    pub reach_asks: Vec<(String, Option<Arc<str>>)>,
    /// Whether every file is pulled whatever the edits reach: a file created or deleted, a
    /// global script closed, or an interrupted check before this one.
    pub everything: bool,
}

impl Sync {
    /// The documents this check opens.
    pub fn opened(&self) -> impl Iterator<Item = &String> {
        self.send
            .iter()
            .filter(|(_, version)| *version == 1)
            .map(|(path, _)| path)
    }
}

/// What the session knows before one check.
pub(super) struct Known<'a> {
    pub docs: &'a HashMap<String, Doc>,
    /// The sources of the last check.
    pub sources: &'a BTreeSet<String>,
    /// Whether the last check was interrupted after telling the server of its edits.
    pub resumed: bool,
    /// Whether this is the session's first check (every file is opened, none is an edit).
    pub first: bool,
}

/// What the disk holds now.
pub(super) struct Now<'a> {
    /// The program's files.
    pub files: &'a [String],
    /// Their texts (a file that could not be read is absent).
    pub texts: &'a HashMap<String, Text>,
    pub sources: &'a BTreeSet<String>,
    /// Whether a project-relative file exists.
    pub exists: &'a dyn Fn(&str) -> bool,
}

/// What to tell the server for this check, from what it was told before.
pub(super) fn sync(known: &Known<'_>, now: &Now<'_>) -> Sync {
    let created: Vec<String> = now.sources.difference(known.sources).cloned().collect();
    let gone_sources = known.sources.difference(now.sources).next().is_some();
    let mut plan = Sync {
        everything: known.resumed || !created.is_empty() || gone_sources,
        created,
        ..Sync::default()
    };
    let mut close: Vec<&String> = known
        .docs
        .keys()
        .filter(|p| !now.texts.contains_key(*p))
        .collect();
    close.sort();
    for path in close {
        // A global script that left the program took its declarations with it.
        if known.docs[path].reach == Reach::Everything {
            plan.everything = true;
        }
        if !(now.exists)(path) {
            plan.deleted.push(path.clone());
            plan.everything = true;
        }
        plan.close.push(path.clone());
    }
    for path in now.files {
        let Some(text) = now.texts.get(path) else {
            continue;
        };
        match known.docs.get(path) {
            Some(doc) if doc.hash == text.hash => {}
            Some(doc) => {
                plan.send.push((path.clone(), doc.version + 1));
                plan.changed.push(path.clone());
                plan.reach_asks.push((path.clone(), Some(doc.text.clone())));
            }
            None => {
                plan.send.push((path.clone(), 1));
                if !known.first {
                    plan.changed.push(path.clone());
                }
                plan.reach_asks.push((path.clone(), None));
            }
        }
    }
    plan
}

/// The documents after the server took in `plan`.
pub(super) fn apply(
    docs: &mut HashMap<String, Doc>,
    plan: &Sync,
    texts: &HashMap<String, Text>,
    markers: &[String],
) {
    for path in &plan.close {
        docs.remove(path);
    }
    for (path, version) in &plan.send {
        let Some(text) = texts.get(path) else {
            continue;
        };
        let listing = listing_lines(&text.text, markers);
        match docs.get_mut(path) {
            Some(doc) => {
                doc.version = *version;
                doc.hash = text.hash;
                doc.listing = listing;
                doc.text = text.text.clone();
            }
            None => {
                docs.insert(
                    path.clone(),
                    Doc {
                        version: *version,
                        hash: text.hash,
                        listing,
                        reach: Reach::Everything,
                        text: text.text.clone(),
                    },
                );
            }
        }
    }
}

/// Records each asked file's reach on its document, and says how far this check's edits
/// reach: `true` when they reach everything, with the edits that reach less (files alone,
/// and files that only gained or lost names, whose importers the adapter is asked about).
pub(super) fn absorb(
    docs: &mut HashMap<String, Doc>,
    plan: &Sync,
    reaches: Vec<Reach>,
) -> (bool, Reached, Vec<(String, Vec<String>)>) {
    let opened: HashSet<&String> = plan.opened().collect();
    let mut everything = false;
    let mut reached = Reached::default();
    let mut renamed = Vec::new();
    for ((path, _), reach) in plan.reach_asks.iter().zip(reaches) {
        let Some(doc) = docs.get_mut(path) else {
            continue;
        };
        let new = opened.contains(path);
        // The farther of the old text's reach and the new one's.
        if plan.changed.contains(path)
            && ((!new && doc.reach == Reach::Everything) || reach == Reach::Everything)
        {
            everything = true;
        }
        if !new {
            match &reach {
                Reach::File => {
                    reached.alone.insert(path.clone());
                }
                Reach::Names(names) => renamed.push((path.clone(), names.clone())),
                _ => {}
            }
        }
        doc.reach = reach;
    }
    (everything, reached, renamed)
}

/// Whether an open document's lines that may change the program's files changed.
pub(super) fn listing_changed(
    docs: &HashMap<String, Doc>,
    texts: &HashMap<String, Text>,
    markers: &[String],
) -> bool {
    texts.iter().any(|(path, text)| {
        docs.get(path).is_some_and(|doc| {
            doc.hash != text.hash && doc.listing != listing_lines(&text.text, markers)
        })
    })
}

/// A fingerprint of the lines holding one of `markers`.
pub(super) fn listing_lines(text: &str, markers: &[String]) -> u64 {
    let mut kept = String::new();
    for line in text
        .lines()
        .filter(|line| markers.iter().any(|m| line.contains(m.as_str())))
    {
        kept.push_str(line);
        kept.push('\n');
    }
    xxh3_64(kept.as_bytes())
}

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

    fn text(body: &str) -> Text {
        Text {
            text: body.into(),
            hash: xxh3_64(body.as_bytes()),
        }
    }

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn the_first_check_opens_every_file_and_counts_no_edit() {
        let files = strings(&["a.ts", "b.ts"]);
        let texts = HashMap::from([
            ("a.ts".to_owned(), text("a")),
            ("b.ts".to_owned(), text("b")),
        ]);
        let sources: BTreeSet<String> = files.iter().cloned().collect();
        let plan = sync(
            &Known {
                docs: &HashMap::new(),
                sources: &BTreeSet::new(),
                resumed: false,
                first: true,
            },
            &Now {
                files: &files,
                texts: &texts,
                sources: &sources,
                exists: &|_| true,
            },
        );
        assert_eq!(plan.send, [("a.ts".to_owned(), 1), ("b.ts".to_owned(), 1)]);
        assert!(plan.changed.is_empty());
        // Every source is new to a session that saw none.
        assert_eq!(plan.created, files);
        assert!(plan.everything);
    }

    #[test]
    fn edits_change_documents_and_deletions_close_them() {
        let files = strings(&["a.ts", "b.ts", "g.d.ts"]);
        let mut docs = HashMap::new();
        let before = HashMap::from([
            ("a.ts".to_owned(), text("a")),
            ("b.ts".to_owned(), text("b")),
            ("g.d.ts".to_owned(), text("declare const G: 1;")),
        ]);
        let opening = Sync {
            send: files.iter().map(|f| (f.clone(), 1)).collect(),
            ..Sync::default()
        };
        apply(&mut docs, &opening, &before, &[]);
        // a.ts and b.ts are modules whose edits reach their importers, g.d.ts a global script.
        for path in ["a.ts", "b.ts"] {
            docs.get_mut(path).unwrap().reach = Reach::Importers;
        }
        let sources: BTreeSet<String> = files.iter().cloned().collect();
        let known = Known {
            docs: &docs,
            sources: &sources,
            resumed: false,
            first: false,
        };

        // An edit of a: its document changes to version 2, with the text before to compare.
        let mut texts = before.clone();
        texts.insert("a.ts".into(), text("a2"));
        let now = Now {
            files: &files,
            texts: &texts,
            sources: &sources,
            exists: &|_| true,
        };
        let plan = sync(&known, &now);
        assert_eq!(plan.send, [("a.ts".to_owned(), 2)]);
        assert_eq!(plan.changed, ["a.ts"]);
        assert_eq!(plan.reach_asks[0].1.as_deref(), Some("a"));
        assert!(plan.close.is_empty() && !plan.everything);

        // b deleted: closed, announced as deleted, and every file pulled.
        let mut texts = before.clone();
        texts.remove("b.ts");
        let left: BTreeSet<String> = strings(&["a.ts", "g.d.ts"]).into_iter().collect();
        let now = Now {
            files: &files,
            texts: &texts,
            sources: &left,
            exists: &|f| f != "b.ts",
        };
        let plan = sync(&known, &now);
        assert_eq!(
            (plan.close.as_slice(), plan.deleted.as_slice()),
            (&strings(&["b.ts"])[..], &strings(&["b.ts"])[..])
        );
        assert!(plan.everything && plan.send.is_empty());

        // The global script leaves the program but stays on disk: closed, not deleted, and
        // its declarations went with it.
        let mut texts = before.clone();
        texts.remove("g.d.ts");
        let now = Now {
            files: &files,
            texts: &texts,
            sources: &sources,
            exists: &|_| true,
        };
        let plan = sync(&known, &now);
        assert_eq!(plan.close, ["g.d.ts"]);
        assert!(plan.deleted.is_empty() && plan.everything);
    }

    #[test]
    fn an_edit_reaches_the_farther_of_its_old_and_new_text() {
        let texts = HashMap::from([
            ("a.ts".to_owned(), text("a")),
            ("b.ts".to_owned(), text("b")),
        ]);
        let mut docs = HashMap::new();
        let opening = Sync {
            send: vec![("a.ts".into(), 1), ("b.ts".into(), 1)],
            ..Sync::default()
        };
        apply(&mut docs, &opening, &texts, &[]);
        docs.get_mut("a.ts").unwrap().reach = Reach::File;
        docs.get_mut("b.ts").unwrap().reach = Reach::Everything;
        let edits = Sync {
            send: vec![("a.ts".into(), 2), ("b.ts".into(), 2)],
            changed: strings(&["a.ts", "b.ts"]),
            reach_asks: vec![("a.ts".into(), None), ("b.ts".into(), None)],
            ..Sync::default()
        };
        // b was a global script: its edit reaches everything even if it is a module now.
        let (everything, reached, _) = absorb(&mut docs, &edits, vec![Reach::File, Reach::File]);
        assert!(everything);
        assert_eq!(
            reached.alone,
            HashSet::from(["a.ts".to_owned(), "b.ts".to_owned()])
        );
        let (everything, _, renamed) = absorb(
            &mut docs,
            &edits,
            vec![Reach::Names(strings(&["x"])), Reach::File],
        );
        assert!(!everything);
        assert_eq!(renamed, [("a.ts".to_owned(), strings(&["x"]))]);
    }

    #[test]
    fn only_marked_lines_count_for_the_listing() {
        let markers = vec!["import".to_owned()];
        let a = listing_lines("import { a } from './a.js';\nconst x = 1;\n", &markers);
        let body = listing_lines("import { a } from './a.js';\nconst x = 2;\n", &markers);
        let import = listing_lines("import { b } from './b.js';\nconst x = 1;\n", &markers);
        assert_eq!(a, body);
        assert_ne!(a, import);
    }
}
