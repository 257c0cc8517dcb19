//! Churn: a `(file, rule)` pair that keeps firing across checks focused on that file.

use std::collections::BTreeMap;

use super::evict::Doomed;
use super::{Churn, LoopHistory, Rechecked};
use crate::core::Analysis;
use crate::core::model::ChurnWarning;

/// `{file} has re-triggered {rule} across {n} separate checks — …`.
pub fn churn_hint(file: &str, rule: &str, checks: u32) -> String {
    format!(
        "{file} has re-triggered {rule} across {checks} separate checks — the agent may be stuck on this file, not just this exact issue"
    )
}

impl LoopHistory {
    pub(super) fn update_churn(&mut self, analysis: &Analysis, rechecked: &Rechecked, now: u64) {
        if rechecked.focus.is_empty() {
            return;
        }
        for issue in &analysis.issues {
            if !rechecked.in_focus(&issue.engine, &issue.file) {
                continue;
            }
            // Keys are cloned only for new pairs.
            if !self.churn.contains_key(issue.file.as_str()) {
                self.churn.insert(issue.file.clone(), BTreeMap::new());
            }
            let Some(rules) = self.churn.get_mut(issue.file.as_str()) else {
                continue;
            };
            if !rules.contains_key(issue.rule.as_str()) {
                rules.insert(
                    issue.rule.clone(),
                    Churn {
                        engine: issue.engine.clone(),
                        streak: 0,
                        seen: 0,
                    },
                );
            }
            let Some(churn) = rules.get_mut(issue.rule.as_str()) else {
                continue;
            };
            if churn.seen != now {
                churn.streak += 1;
                churn.seen = now;
            }
        }
        // Focused and quiet: the streak ends (and the pair carries no more information).
        for (file, rules) in self.churn.iter_mut() {
            rules.retain(|_, c| c.seen == now || !rechecked.in_focus(&c.engine, file));
        }
        self.churn.retain(|_, rules| !rules.is_empty());
    }

    pub(super) fn churning(&self, threshold: u32, active_in: Option<u64>) -> Vec<ChurnWarning> {
        let mut out: Vec<ChurnWarning> = self
            .churn
            .iter()
            .flat_map(|(file, rules)| rules.iter().map(move |(rule, c)| (file, rule, c)))
            .filter(|(_, _, c)| c.streak >= threshold && active_in.is_none_or(|now| c.seen == now))
            .map(|(file, rule, c)| ChurnWarning {
                file: file.clone(),
                rule: rule.clone(),
                checks: c.streak,
                hint: churn_hint(file, rule, c.streak),
            })
            .collect();
        out.sort_by(|a, b| {
            b.checks
                .cmp(&a.checks)
                .then_with(|| a.file.cmp(&b.file))
                .then_with(|| a.rule.cmp(&b.rule))
        });
        out
    }

    /// Drops the least recently seen churn pairs beyond `max` (ties: by file, then rule).
    pub(super) fn evict_churn(&mut self, max: usize) {
        let churn_total: usize = self.churn.values().map(BTreeMap::len).sum();
        if churn_total > max {
            let seen = self.churn.values().flat_map(|r| r.values().map(|c| c.seen));
            let mut doomed = Doomed::new(seen, churn_total - max);
            self.churn.retain(|_, rules| {
                let had = rules.len();
                rules.retain(|_, churn| !doomed.take(churn.seen));
                had == 0 || !rules.is_empty()
            });
        }
    }
}
