//! One shard of a check split across CI runners (`signalint check --shard I/N`), and the merge
//! of the shards' results into one answer (`signalint merge`).
//!
//! The split is deterministic and needs no coordination: a file-local engine checks the files
//! whose root-relative path hashes to the shard, a whole-program engine the programs whose
//! config path does, and the rule packs run in shard 1 (the MCP surfaces are one program). Every
//! issue input lands in exactly one shard, so the merge runs the core's analysis once over the
//! union (the same facts, ids and clusters as an unsharded check) instead of stitching answers
//! together.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};
use signalint_plugin_api::EngineScope;

use super::Context;
use super::engine::CheckFiles;
use crate::core::{self, CheckResponse, EngineState, EngineStatus, IssueInput, ResponseParts};

/// Shard `index` (1-based) of `count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// `I/N` with 1 ≤ I ≤ N.
    fn from_str(text: &str) -> Result<Self, String> {
        let parsed = text.split_once('/').and_then(|(i, n)| {
            Some((i.trim().parse::<u32>().ok()?, n.trim().parse::<u32>().ok()?))
        });
        match parsed {
            Some((index, count)) if count >= 1 && (1..=count).contains(&index) => {
                Ok(Self { index, count })
            }
            _ => Err(format!(
                "`{text}` is not a shard: write I/N with 1 ≤ I ≤ N, such as 1/3 (the first of three)"
            )),
        }
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Shard {
    /// Whether `key` (a root-relative path or a program's config path) belongs to this shard: a
    /// hash that is the same on every machine and in every release of the same cache version.
    pub fn owns(&self, key: &str) -> bool {
        let normalized = key.replace('\\', "/");
        let normalized = normalized.trim_start_matches("./");
        let hash = xxhash_rust::xxh3::xxh3_64(normalized.as_bytes());
        (hash % u64::from(self.count)) as u32 == self.index - 1
    }

    /// The rule packs run in the first shard only.
    pub fn runs_rule_packs(&self) -> bool {
        self.index == 1
    }
}

/// The files an engine checks in this shard: for a file-local engine, those the shard owns;
/// a whole-program engine keeps every file (its programs are split instead, see
/// [`super::programs::in_shard`]).
pub(crate) fn engine_files(
    context: &Context,
    plan: &super::EnginePlan,
    files: &CheckFiles,
) -> CheckFiles {
    let Some(shard) = context.shard else {
        return files.clone();
    };
    let whole_program = plan
        .plugin
        .manifest()
        .engine
        .as_ref()
        .is_some_and(|e| e.scope == EngineScope::WholeProgram);
    if whole_program {
        return files.clone();
    }
    CheckFiles {
        files: std::sync::Arc::new(
            files
                .files
                .iter()
                .filter(|file| shard.owns(file))
                .cloned()
                .collect(),
        ),
        tree: files.tree.clone(),
    }
}

/// Whether this check runs the rule packs.
pub(crate) fn runs_rule_packs(context: &Context) -> bool {
    context.shard.is_none_or(|shard| shard.runs_rule_packs())
}

/// The rule packs' outcome in a shard that does not run them: nothing.
pub(crate) fn no_rule_packs() -> super::rule_packs::RulePackOutcome {
    super::rule_packs::RulePackOutcome {
        issues: Vec::new(),
        statuses: BTreeMap::new(),
        ran: Vec::new(),
    }
}

/// The issue inputs a sharded check keeps for its result (none for an unsharded check, which
/// has no use for them after the analysis).
pub(crate) fn kept_inputs(context: &Context, inputs: &[IssueInput]) -> Vec<IssueInput> {
    if context.shard.is_some() {
        inputs.to_vec()
    } else {
        Vec::new()
    }
}

/// What a shard hands to `signalint merge`: its statuses and every issue input, before
/// analysis (`check --shard I/N --format json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShardResult {
    /// Always [`ShardResult::KIND`]: tells a shard result from a CheckResponse.
    pub kind: String,
    /// Bumped when the format changes; `merge` refuses another.
    pub version: u32,
    pub shard: Shard,
    pub engines: BTreeMap<String, EngineStatus>,
    pub rule_packs: BTreeMap<String, EngineStatus>,
    pub inputs: Vec<IssueInput>,
    /// Where the checked root sits in its git work tree (see
    /// [`crate::render::repository_prefix`]), so merged SARIF and GitHub output land on the
    /// repository's files; empty at the top or outside a work tree.
    #[serde(default)]
    pub repository_prefix: String,
    /// The rule packs of this shard's config whose findings never change the exit code
    /// (`RulePackInfo::advisory`): `merge` has no plugins to ask.
    #[serde(default, skip_serializing_if = "std::collections::BTreeSet::is_empty")]
    pub advisory_packs: std::collections::BTreeSet<String>,
}

impl ShardResult {
    pub const KIND: &'static str = "signalint-shard-result";
    pub const VERSION: u32 = 1;

    pub fn new(
        shard: Shard,
        report: &super::Report,
        repository_prefix: String,
        advisory_packs: std::collections::BTreeSet<String>,
    ) -> Self {
        Self {
            repository_prefix,
            advisory_packs,
            kind: Self::KIND.into(),
            version: Self::VERSION,
            shard,
            engines: report.engines.clone(),
            rule_packs: report.rule_packs.clone(),
            inputs: report.inputs.clone(),
        }
    }

    /// Parses one shard's file; `name` is for messages.
    pub fn parse(name: &str, text: &str) -> Result<Self, String> {
        let value: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| format!("{name}: not JSON ({e}); pass the output of `signalint check --shard I/N --format json`"))?;
        if value.get("kind").and_then(|k| k.as_str()) != Some(Self::KIND) {
            return Err(format!(
                "{name}: not a shard result (a CheckResponse cannot be merged: its issues are \
                 already analysed); write each shard with `signalint check --shard I/N --format json`"
            ));
        }
        let version = value.get("version").and_then(|v| v.as_u64());
        if version != Some(u64::from(Self::VERSION)) {
            return Err(format!(
                "{name}: a shard result of version {}, this signalint reads version {}; run every \
                 shard and the merge with the same signalint",
                version.map_or("?".into(), |v| v.to_string()),
                Self::VERSION
            ));
        }
        serde_json::from_value(value).map_err(|e| format!("{name}: a malformed shard result ({e})"))
    }
}

/// Joins the results of every shard of one check into the check's analysis and statuses.
///
/// Inputs are unioned, an input that two shards both report (two programs sharing a file)
/// counting once; the core then identifies, merges facts and clusters as for one check.
/// Statuses combine per engine: an error anywhere is an error, else a run anywhere is ok.
pub fn merge(results: &[ShardResult]) -> Result<Merged, String> {
    let Some(first) = results.first() else {
        return Err("nothing to merge: pass the shard result files".into());
    };
    let count = first.shard.count;
    let mut seen = vec![false; count as usize];
    for result in results {
        if result.shard.count != count {
            return Err(format!(
                "shard {} is one of {}, shard {} one of {}: merge the shards of one split",
                result.shard, result.shard.count, first.shard, count
            ));
        }
        let slot = &mut seen[(result.shard.index - 1) as usize];
        if *slot {
            return Err(format!("shard {} is given twice", result.shard));
        }
        *slot = true;
    }
    let missing: Vec<String> = (1..=count)
        .filter(|i| !seen[(*i - 1) as usize])
        .map(|i| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "shard {} missing: every shard's result is needed for a complete answer",
            missing.join(", ")
        ));
    }

    // Within one shard a repeated input is a real repetition; across shards it is the same fact
    // seen twice: each distinct input counts as often as the shard that has it most.
    let mut most: HashMap<String, (usize, &IssueInput)> = HashMap::new();
    let mut order: Vec<String> = Vec::new();
    for result in results {
        let mut here: HashMap<String, (usize, &IssueInput)> = HashMap::new();
        for input in &result.inputs {
            let key = serde_json::to_string(input).expect("serializable");
            here.entry(key).or_insert((0, input)).0 += 1;
        }
        for (key, (count, input)) in here {
            match most.get_mut(&key) {
                Some(known) => known.0 = known.0.max(count),
                None => {
                    order.push(key.clone());
                    most.insert(key, (count, input));
                }
            }
        }
    }
    order.sort();
    let inputs: Vec<IssueInput> = order
        .iter()
        .flat_map(|key| {
            let (count, input) = most[key];
            std::iter::repeat_n(input.clone(), count)
        })
        .collect();
    let mut engines = combine(results.iter().map(|r| &r.engines));
    let rule_packs = combine(results.iter().map(|r| &r.rule_packs));
    for (id, status) in &mut engines {
        if status.status == EngineState::Ok {
            status.issue_count = Some(inputs.iter().filter(|i| &i.engine == id).count());
        }
    }
    Ok(Merged {
        analysis: core::analyze(inputs),
        repository_prefix: first.repository_prefix.clone(),
        engines,
        rule_packs,
    })
}

/// The merge of every shard.
#[derive(Debug, Clone)]
pub struct Merged {
    pub analysis: core::Analysis,
    /// The shards' repository prefix (they checked one root).
    pub repository_prefix: String,
    pub engines: BTreeMap<String, EngineStatus>,
    pub rule_packs: BTreeMap<String, EngineStatus>,
}

impl Merged {
    /// The CheckResponse of the whole check: every cluster, and every issue when asked. No
    /// loops or delta: those belong to a project's history, which CI shards do not share.
    pub fn respond(&self, include_issues: bool) -> CheckResponse {
        core::respond(ResponseParts {
            engines: self.engines.clone(),
            rule_packs: self.rule_packs.clone(),
            analysis: &self.analysis,
            page: core::page(&self.analysis.clusters, None, usize::MAX),
            loops: None,
            delta: None,
            include_issues,
        })
    }
}

/// Per id: an error in any shard is the status (messages of every failing shard kept), else
/// the status of a shard where it ran, else the first.
fn combine<'a>(
    shards: impl Iterator<Item = &'a BTreeMap<String, EngineStatus>>,
) -> BTreeMap<String, EngineStatus> {
    let mut by_id: BTreeMap<String, Vec<&EngineStatus>> = BTreeMap::new();
    for statuses in shards {
        for (id, status) in statuses {
            by_id.entry(id.clone()).or_default().push(status);
        }
    }
    by_id
        .into_iter()
        .map(|(id, statuses)| {
            let errors: Vec<&&EngineStatus> = statuses
                .iter()
                .filter(|s| s.status == EngineState::Error)
                .collect();
            let mut status = if let Some(first) = errors.first() {
                let mut status = (**first).clone();
                let messages: Vec<&str> =
                    errors.iter().filter_map(|s| s.message.as_deref()).collect();
                status.message = (!messages.is_empty()).then(|| messages.join("; "));
                status
            } else {
                statuses
                    .iter()
                    .find(|s| s.status == EngineState::Ok)
                    .copied()
                    .unwrap_or(statuses[0])
                    .clone()
            };
            status.duration_ms = statuses.iter().filter_map(|s| s.duration_ms).max();
            status.skipped_records = statuses
                .iter()
                .filter_map(|s| s.skipped_records)
                .reduce(|a, b| a + b);
            (id, status)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_refuse_nonsense() {
        assert_eq!(
            "2/3".parse::<Shard>().unwrap(),
            Shard { index: 2, count: 3 }
        );
        for bad in ["0/3", "4/3", "1/0", "1", "a/b", "1/3/4"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn every_path_lands_in_exactly_one_shard() {
        let shards: Vec<Shard> = (1..=3).map(|index| Shard { index, count: 3 }).collect();
        let mut per_shard = [0usize; 3];
        for i in 0..300 {
            let path = format!("src/dir{}/file{i}.ts", i % 7);
            let owners: Vec<usize> = (0..3).filter(|&s| shards[s].owns(&path)).collect();
            assert_eq!(owners.len(), 1, "{path}: {owners:?}");
            per_shard[owners[0]] += 1;
            assert!(
                shards[owners[0]].owns(&format!("./{path}")),
                "a leading ./ changes nothing"
            );
        }
        assert!(
            per_shard.iter().all(|&n| n > 50),
            "roughly even: {per_shard:?}"
        );
    }

    fn input(file: &str, engine: &str) -> IssueInput {
        IssueInput {
            file: file.into(),
            line: 1,
            col: 1,
            end_line: None,
            end_col: None,
            engine: engine.into(),
            rule: "eslint/no-debugger".into(),
            severity: core::IssueSeverity::Error,
            message: "`debugger` statement is not allowed".into(),
            fixable: false,
            help: None,
            url: None,
            line_text: "debugger;".into(),
            fixes: Vec::new(),
            fix_safe: None,
            same_as: Vec::new(),
            programs: Vec::new(),
            subject: None,
        }
    }

    fn result(index: u32, inputs: Vec<IssueInput>, oxlint: EngineStatus) -> ShardResult {
        ShardResult {
            kind: ShardResult::KIND.into(),
            version: ShardResult::VERSION,
            shard: Shard { index, count: 2 },
            engines: BTreeMap::from([("oxlint".to_owned(), oxlint)]),
            rule_packs: BTreeMap::new(),
            repository_prefix: String::new(),
            advisory_packs: Default::default(),
            inputs,
        }
    }

    #[test]
    fn an_input_two_shards_report_counts_once_and_repeats_in_one_shard_stay() {
        let a = input("a.js", "oxlint");
        let merged = merge(&[
            result(1, vec![a.clone(), a.clone()], EngineStatus::ok()),
            result(
                2,
                vec![a.clone(), input("b.js", "oxlint")],
                EngineStatus::ok(),
            ),
        ])
        .unwrap();
        assert_eq!(merged.analysis.issues.len(), 3);
        assert_eq!(merged.engines["oxlint"].issue_count, Some(3));
    }

    #[test]
    fn an_error_in_any_shard_is_the_engines_status() {
        let merged = merge(&[
            result(1, vec![], EngineStatus::ok()),
            result(2, vec![], EngineStatus::error("timed out")),
        ])
        .unwrap();
        assert_eq!(merged.engines["oxlint"].status, EngineState::Error);
        assert_eq!(
            merged.engines["oxlint"].message.as_deref(),
            Some("timed out")
        );
    }

    #[test]
    fn a_missing_or_repeated_shard_is_refused() {
        let one = result(1, vec![], EngineStatus::ok());
        assert!(
            merge(std::slice::from_ref(&one))
                .unwrap_err()
                .contains("2/2 missing")
        );
        assert!(merge(&[one.clone(), one]).unwrap_err().contains("twice"));
        let err = ShardResult::parse("r.json", r#"{"schemaVersion": "1.1"}"#).unwrap_err();
        assert!(err.contains("not a shard result"), "{err}");
    }
}
