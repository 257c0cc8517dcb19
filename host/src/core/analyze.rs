//! `analyze`: normalize, identify, cluster and rank one check's issues.
//!
//! One pass over the inputs in their own order (the order their strings sit in memory) reads
//! everything ids and clustering need into integer rows: paths, engines and rules become symbols,
//! and each distinct (engine, rule, message, stated subject) is normalized and its subject numbered once, however
//! many issues share it. The rows are sorted into position order, ids follow, and the inputs'
//! strings are moved into the issues without being read again.

use std::borrow::Cow;
use std::mem::take;

use rustc_hash::FxHashMap;
use signalint_plugin_api::Role;

use super::Analysis;
use super::cluster::{self, KeyCounts, NONE, Row, subject::Subject};
use super::ids::{IdAssigner, IdParts};
use super::intern::{self, Symbols};
use super::message;
use super::model::{FixSafetyLevel, IssueInput, IssueSeverity, NormalizedIssue};
use super::priority;

/// Normalizes messages, derives content ids, clusters issues by root cause and ranks the clusters.
pub fn analyze(inputs: Vec<IssueInput>) -> Analysis {
    let (inputs, reporters) = cluster::facts::merge(inputs);
    let Read {
        rows,
        contents,
        message_of,
        normalized,
        order,
        subjects,
        groups_of_keys,
        keys,
    } = read(&inputs);
    // Ids and cluster groups need only the rows and the hashes in position order.
    let sorted_contents: Vec<u64> = order.iter().map(|&i| contents[i as usize]).collect();
    let ids = IdAssigner::ids_in_order(&sorted_contents);
    drop(sorted_contents);
    drop(contents);
    let sorted_rows: Vec<Row> = order.iter().map(|&i| rows[i as usize]).collect();
    let groups = cluster::group(&sorted_rows, keys);
    let mut issues = build_issues(inputs, reporters, &order, &message_of, &normalized);
    drop(order);
    drop(rows);
    for (issue, id) in issues.iter_mut().zip(ids) {
        issue.issue_id = id;
    }

    let (mut clusters, shared) = cluster::cluster(
        &mut issues,
        &sorted_rows,
        &subjects,
        &groups_of_keys,
        groups,
    );
    cluster::causes::link(&mut issues, &sorted_rows, &mut clusters);
    priority::rank(&mut clusters);
    Analysis {
        issues,
        clusters,
        subjects: cluster::subject::Subjects {
            distinct: subjects,
            shared,
        },
    }
}

/// The issues in position order, without their ids. Each is built in its place and written once,
/// next to the one before.
fn build_issues(
    mut inputs: Vec<IssueInput>,
    mut reporters: Vec<cluster::facts::Reporters>,
    order: &[u32],
    message_of: &[u32],
    normalized: &[Option<String>],
) -> Vec<NormalizedIssue> {
    let mut issues: Vec<NormalizedIssue> = Vec::with_capacity(order.len());
    for &index in order {
        let input = &mut inputs[index as usize];
        let who = take(&mut reporters[index as usize]);
        let message = match &normalized[message_of[index as usize] as usize] {
            Some(message) => message.clone(),
            None => take(&mut input.message),
        };
        issues.push(NormalizedIssue {
            issue_id: String::new(),
            file: take(&mut input.file),
            line: input.line,
            col: input.col,
            engine: take(&mut input.engine),
            rule: take(&mut input.rule),
            severity: input.severity,
            message,
            fixable: input.fixable,
            cluster_id: None,
            end_line: input.end_line,
            end_col: input.end_col,
            help: input.help.take(),
            url: input.url.take(),
            new: false,
            fixes: take(&mut input.fixes),
            fix_safety: input
                .fixable
                .then_some(input.fix_safe)
                .flatten()
                .map(|safe| {
                    if safe {
                        FixSafetyLevel::Safe
                    } else {
                        FixSafetyLevel::Unsafe
                    }
                }),
            engines: who.engines,
            rules: who.rules,
            caused_by: None,
            programs: take(&mut input.programs),
        });
    }
    issues
}

/// What the first pass learns, per input in input order unless noted.
struct Read {
    rows: Vec<Row>,
    /// Content hash (see `IdAssigner::content_hash`).
    contents: Vec<u64>,
    /// Index into `normalized`: the input's distinct (engine, rule, message).
    message_of: Vec<u32>,
    /// Per distinct (engine, rule, message): the normalized message when it differs from the raw.
    normalized: Vec<Option<String>>,
    /// Input indices in position order.
    order: Vec<u32>,
    subjects: Vec<Subject>,
    /// Per subject key: its rule group (the subject's family, or the rule).
    groups_of_keys: Vec<Box<str>>,
    keys: KeyCounts,
}

/// The position order: file, line, column, engine, rule, message, content, input index (strings
/// by their ranks, so the sort compares integers only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct SortKey {
    file: u32,
    line: u32,
    col: u32,
    engine: u32,
    rule: u32,
    text: u32,
    content: u64,
    index: u32,
}

/// What every issue with one (engine, rule, raw message) shares.
#[derive(Debug, Clone, Copy)]
struct Shared {
    engine: u32,
    rule: u32,
    text: u32,
    subject: u32,
    subject_key: u32,
    rule_key: u32,
    role: Role,
}

/// What `read` learns of each input apart from its message (the file is read once, for its hash
/// and its symbol).
struct PerInput {
    /// Content hash (see `IdAssigner::content_hash`).
    contents: Vec<u64>,
    /// File symbol.
    files: Vec<u32>,
    file_symbols: Symbols,
}

fn per_input(inputs: &[IssueInput]) -> PerInput {
    let mut ids = IdAssigner::with_capacity(0);
    let mut file_symbols = Symbols::default();
    let mut files = Vec::with_capacity(inputs.len());
    let contents = inputs
        .iter()
        .map(|input| {
            files.push(file_symbols.intern(&input.file));
            let (_, message) = message::collapse_and_cut(&input.message);
            ids.content_hash(IdParts {
                file: &input.file,
                engine: &input.engine,
                rule: &input.rule,
                message: &message,
                line_text: &input.line_text,
            })
        })
        .collect();
    PerInput {
        contents,
        files,
        file_symbols,
    }
}

fn read(inputs: &[IssueInput]) -> Read {
    let n = inputs.len();
    let PerInput {
        contents,
        files,
        file_symbols,
    } = per_input(inputs);
    let mut engines = Symbols::default();
    // Rules and tsc diagnostic families: both name the group of a subject key.
    let mut names = Symbols::default();
    let mut distinct: FxHashMap<Box<[u8]>, u32> = FxHashMap::default();
    let mut key = Vec::with_capacity(256);
    let mut shared: Vec<Shared> = Vec::new();
    let mut normalized: Vec<Option<String>> = Vec::new();
    let mut texts: FxHashMap<String, u32> = FxHashMap::default();
    let mut subject_ids: FxHashMap<Subject, u32> = FxHashMap::default();
    let mut subjects: Vec<Subject> = Vec::new();
    let mut subject_keys: FxHashMap<(u32, u32, u32), u32> = FxHashMap::default();
    // Per subject key: its rule group's text, for the cluster id.
    let mut groups_of_keys: Vec<Box<str>> = Vec::new();
    let mut rule_keys: FxHashMap<(u32, u32), u32> = FxHashMap::default();

    let mut rows = Vec::with_capacity(n);
    let mut message_of = Vec::with_capacity(n);
    // Stated subjects as numbers, so the key of a distinct message can hold its subject: an
    // adapter may state different subjects for one wording.
    let mut stated_ids: FxHashMap<&signalint_plugin_api::Subject, u32> = FxHashMap::default();
    for (input, file) in inputs.iter().zip(files) {
        intern::tuple_key(&mut key, &[&input.engine, &input.rule, &input.message]);
        if let Some(stated) = &input.subject {
            let next = next_index(stated_ids.len());
            let id = *stated_ids.entry(stated).or_insert(next);
            // 0xFF never occurs in UTF-8, so the key stays unambiguous.
            key.push(0xFF);
            key.extend_from_slice(&id.to_le_bytes());
        }
        let message = match distinct.get(key.as_slice()) {
            Some(&message) => message,
            None => {
                let engine = engines.intern(&input.engine);
                let rule = names.intern(&input.rule);
                let (_, text) = message::collapse_and_cut(&input.message);
                let stated = input.subject.as_ref();
                let role = cluster::subject::role(stated);
                let worded = stated.and_then(|stated| {
                    cluster::subject::worded(stated).map(|subject| (stated, subject))
                });
                let subject = worded.map(|(stated, subject)| {
                    // A family merges the variants of one diagnostic across rules; without one
                    // the rule groups.
                    let group = match stated.family.as_str() {
                        "" => rule,
                        family => names.intern(family),
                    };
                    let id = *subject_ids.entry(subject).or_insert_with_key(|subject| {
                        subjects.push(subject.clone());
                        next_index(subjects.len() - 1)
                    });
                    // A binding name (one parameter, one unused identifier) is no cause:
                    // such issues fold into their rule's cluster, which lists the names.
                    if !subjects[id as usize].makes_cluster() {
                        return (id, NONE);
                    }
                    let key = next_index(subject_keys.len());
                    let key = *subject_keys.entry((engine, group, id)).or_insert_with(|| {
                        groups_of_keys.push(match stated.family.as_str() {
                            "" => input.rule.as_str().into(),
                            family => family.into(),
                        });
                        key
                    });
                    (id, key)
                });
                let next_key = next_index(rule_keys.len());
                let rule_key = *rule_keys.entry((engine, rule)).or_insert(next_key);
                let next_text = next_index(texts.len());
                let text_id = match texts.get(&*text) {
                    Some(&id) => id,
                    None => {
                        texts.insert(text.to_string(), next_text);
                        next_text
                    }
                };
                let (subject, subject_key) = subject.unwrap_or((NONE, NONE));
                shared.push(Shared {
                    engine,
                    rule,
                    text: text_id,
                    subject,
                    subject_key,
                    rule_key,
                    role,
                });
                normalized.push(match text {
                    Cow::Borrowed(_) => None,
                    Cow::Owned(text) => Some(text),
                });
                let message = next_index(shared.len() - 1);
                distinct.insert(key.as_slice().into(), message);
                message
            }
        };
        let info = shared[message as usize];
        message_of.push(message);
        rows.push(Row {
            file,
            engine: info.engine,
            rule: info.rule,
            text: info.text,
            subject: info.subject,
            subject_key: info.subject_key,
            rule_key: info.rule_key,
            role: info.role,
            no_file: input.file.is_empty(),
            error: input.severity == IssueSeverity::Error,
            fixable: input.fixable,
            safe_fix: input.fixable && input.fix_safe == Some(true),
        });
    }

    let (file_ranks, engine_ranks, rule_ranks) =
        (file_symbols.ranks(), engines.ranks(), names.ranks());
    let text_ranks = {
        let mut by_text: Vec<(&str, u32)> = texts.iter().map(|(t, &id)| (t.as_str(), id)).collect();
        by_text.sort_unstable();
        let mut ranks = vec![0; by_text.len()];
        for (rank, (_, id)) in by_text.into_iter().enumerate() {
            ranks[id as usize] = next_index(rank);
        }
        ranks
    };
    let mut keys: Vec<SortKey> = inputs
        .iter()
        .zip(&rows)
        .zip(&contents)
        .enumerate()
        .map(|(index, ((input, row), &content))| SortKey {
            file: file_ranks[row.file as usize],
            line: input.line,
            col: input.col,
            engine: engine_ranks[row.engine as usize],
            rule: rule_ranks[row.rule as usize],
            text: text_ranks[row.text as usize],
            content,
            index: next_index(index),
        })
        .collect();
    keys.sort_unstable();
    Read {
        rows,
        contents,
        message_of,
        normalized,
        order: keys.into_iter().map(|k| k.index).collect(),
        subjects,
        groups_of_keys,
        keys: KeyCounts {
            subject_keys: subject_keys.len(),
            rule_keys: rule_keys.len(),
        },
    }
}

fn next_index(len: usize) -> u32 {
    u32::try_from(len).unwrap_or(NONE)
}
