//! One issue per code fact: inputs of different engines at one place (file, line, column) that
//! declare a shared canonical key (`same_as`, read by the adapters from the engines' own rule
//! metadata) are merged into one input before ids, clusters and counts are made, so everything
//! downstream counts facts, not reports.
//!
//! The merged input is the reporter whose rule is the canonical key (else the first by engine and
//! rule), never the one that ran first, so the issue id is the same whatever order the engines
//! finished in.

use rustc_hash::FxHashMap;

use crate::core::model::{IssueInput, IssueSeverity};

/// Every engine and `engine:rule` behind one merged input (empty for a single report).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Reporters {
    pub engines: Vec<String>,
    pub rules: Vec<String>,
}

/// The inputs with every fact reported by several engines folded into one, and per kept input
/// its reporters (in the same order).
pub(crate) fn merge(inputs: Vec<IssueInput>) -> (Vec<IssueInput>, Vec<Reporters>) {
    if inputs.iter().all(|i| i.same_as.is_empty()) {
        let n = inputs.len();
        return (inputs, vec![Reporters::default(); n]);
    }
    // Group number per (file, line, col, key); a group holds one report per engine.
    let mut group_of_key: FxHashMap<(&str, u32, u32, &str), usize> = FxHashMap::default();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut group_of: Vec<Option<usize>> = vec![None; inputs.len()];
    for (i, input) in inputs.iter().enumerate() {
        if input.same_as.is_empty() || input.file.is_empty() || input.line == 0 {
            continue;
        }
        let place = (input.file.as_str(), input.line, input.col);
        let found = input.same_as.iter().find_map(|key| {
            let &g = group_of_key.get(&(place.0, place.1, place.2, key.as_str()))?;
            // Two reports of one engine at one place are two facts.
            (!groups[g].iter().any(|&m| inputs[m].engine == input.engine)).then_some(g)
        });
        let g = found.unwrap_or_else(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(i);
        group_of[i] = Some(g);
        for key in &input.same_as {
            group_of_key
                .entry((place.0, place.1, place.2, key.as_str()))
                .or_insert(g);
        }
    }
    // The kept member of each group and what it absorbs.
    let mut keep: Vec<bool> = vec![true; inputs.len()];
    let mut absorbed: FxHashMap<usize, (Reporters, bool, Option<Option<bool>>)> =
        FxHashMap::default();
    for members in groups.iter().filter(|m| m.len() > 1) {
        // The reporter whose rule is the canonical key itself (oxlint's `eslint/no-debugger`)
        // keeps its id from before the other engine joined; ties by (engine, rule).
        let rank = |m: usize| {
            let input = &inputs[m];
            (
                !input.same_as.contains(&input.rule),
                input.engine.as_str(),
                input.rule.as_str(),
            )
        };
        let &primary = members
            .iter()
            .min_by(|&&a, &&b| rank(a).cmp(&rank(b)))
            .unwrap_or(&members[0]);
        let mut engines: Vec<String> = members.iter().map(|&m| inputs[m].engine.clone()).collect();
        engines.sort();
        engines.dedup();
        let mut rules: Vec<String> = members
            .iter()
            .map(|&m| format!("{}:{}", inputs[m].engine, inputs[m].rule))
            .collect();
        rules.sort();
        rules.dedup();
        let error = members
            .iter()
            .any(|&m| inputs[m].severity == IssueSeverity::Error);
        // The primary's fix, or else the first safe fix another reporter offers.
        let fix = if inputs[primary].fixable {
            None
        } else {
            members
                .iter()
                .filter(|&&m| inputs[m].fixable)
                .map(|&m| inputs[m].fix_safe)
                .max()
        };
        for &m in members {
            keep[m] = m == primary;
        }
        absorbed.insert(primary, (Reporters { engines, rules }, error, fix));
    }
    let mut out = Vec::with_capacity(inputs.len());
    let mut reporters = Vec::with_capacity(inputs.len());
    for (i, mut input) in inputs.into_iter().enumerate() {
        if !keep[i] {
            continue;
        }
        match absorbed.remove(&i) {
            Some((who, error, fix)) => {
                if error {
                    input.severity = IssueSeverity::Error;
                }
                if let Some(safe) = fix {
                    input.fixable = true;
                    input.fix_safe = safe;
                }
                reporters.push(who);
            }
            None => reporters.push(Reporters::default()),
        }
        out.push(input);
    }
    (out, reporters)
}
