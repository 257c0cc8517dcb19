//! Which code facts a Biome rule reports, as canonical keys shared with oxlint (`eslint/no-debugger`
//! for `noDebugger`), so the host shows a fact both engines report as one issue.
//!
//! The table is generated from the pinned engines' own metadata by `scripts/fact-keys` (oxlint's
//! rule list with plugin scopes and ESLint names, and `biome migrate eslint`, which maps an ESLint
//! rule to the Biome rules that name it as their source). Regenerate it when an engine is bumped.

use std::collections::HashMap;
use std::sync::OnceLock;

const TABLE: &str = include_str!("../data/fact-keys.tsv");

fn table() -> &'static HashMap<&'static str, Vec<&'static str>> {
    static TABLE_MAP: OnceLock<HashMap<&'static str, Vec<&'static str>>> = OnceLock::new();
    TABLE_MAP.get_or_init(|| {
        let mut map: HashMap<&str, Vec<&str>> = HashMap::new();
        for line in TABLE.lines().filter(|l| !l.starts_with('#')) {
            if let Some((rule, key)) = line.split_once('\t') {
                map.entry(rule).or_default().push(key);
            }
        }
        map
    })
}

/// The canonical fact keys of a Biome rule (`lint/suspicious/noDebugger` or `noDebugger`); empty
/// when no other engine's rule is its source.
pub fn keys_of(rule: &str) -> Vec<String> {
    let name = rule.rsplit('/').next().unwrap_or(rule);
    table()
        .get(name)
        .map(|keys| keys.iter().map(|k| (*k).to_owned()).collect())
        .unwrap_or_default()
}

/// Every (Biome rule, fact key) pair of the table.
pub fn pairs() -> impl Iterator<Item = (&'static str, &'static str)> {
    TABLE
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debugger_is_one_fact() {
        assert_eq!(
            keys_of("lint/suspicious/noDebugger"),
            vec!["eslint/no-debugger"]
        );
        assert!(keys_of("lint/style/noNonNullAssertionNotInTable").is_empty());
    }
}
