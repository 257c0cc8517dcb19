//! Content-derived identities: issue ids and cluster ids.
//!
//! An issue id hashes what the issue *is*, never where it sits: file, engine, rule, normalized
//! message, the flagged line's text (whitespace-collapsed, so re-indenting keeps the id) and an
//! occurrence index among otherwise identical issues of the same file (in position order). A line
//! inserted above moves the issue but keeps its id; ids are unique within a check.
//!
//! A cluster id hashes the cluster key, so the same root cause keeps its id from check to check and
//! a reference to a cluster that no longer exists is detectably stale.
//!
//! Both hash with XXH3-128 (a fixed, seedless, byte-order-independent function: the same content
//! has the same id on every run and platform), of which the first 8 little-endian bytes are kept.
//! Ids need stability and spread, not resistance to forgery, and XXH3 costs a tenth of BLAKE3 on
//! inputs this short. Changing the function changes every id: bump `state::ID_VERSION` with it.

use rustc_hash::{FxHashMap, FxHashSet};
use xxhash_rust::xxh3::xxh3_128;

/// Hex digits in an issue id.
pub const ISSUE_ID_LEN: usize = 16;
/// Hex digits after the `c-` prefix of a cluster id.
pub const CLUSTER_ID_HEX_LEN: usize = 12;

/// The first 16 hex characters of the BLAKE3 hash of the NUL-joined parts.
pub fn short_hash(parts: &[&str]) -> String {
    let mut buf = Vec::with_capacity(parts.iter().map(|p| p.len() + 1).sum());
    for part in parts {
        buf.extend_from_slice(part.as_bytes());
        buf.push(0);
    }
    hex(&blake3::hash(&buf).as_bytes()[..ISSUE_ID_LEN / 2])
}

/// The id of the cluster with this key: `c-` and 12 hex characters.
pub fn cluster_id(key_parts: &[&str]) -> String {
    let mut buf = Vec::with_capacity(key_parts.iter().map(|p| p.len() + 1).sum());
    for part in key_parts {
        buf.extend_from_slice(part.as_bytes());
        buf.push(0);
    }
    let mut id = String::with_capacity(2 + CLUSTER_ID_HEX_LEN);
    id.push_str("c-");
    id.push_str(&hex(&id_hash(&buf).to_le_bytes())[..CLUSTER_ID_HEX_LEN]);
    id
}

/// The 64 bits of an id: the first 8 little-endian bytes of the XXH3-128 hash of `bytes`.
fn id_hash(bytes: &[u8]) -> u64 {
    first8(&xxh3_128(bytes).to_le_bytes())
}

/// True when `text` has the shape of an issue id (16 lowercase hex characters).
pub fn is_issue_id(text: &str) -> bool {
    text.len() == ISSUE_ID_LEN && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// True when `text` has the shape of a cluster id (`c-` and 12 lowercase hex characters).
pub fn is_cluster_id(text: &str) -> bool {
    text.strip_prefix("c-").is_some_and(|hex| {
        hex.len() == CLUSTER_ID_HEX_LEN
            && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
    })
}

/// The content of one issue that its id is derived from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct IdParts<'a> {
    pub file: &'a str,
    pub engine: &'a str,
    pub rule: &'a str,
    pub message: &'a str,
    pub line_text: &'a str,
}

/// Assigns ids in one check. Feed issues in position order within each file: the occurrence index
/// among identical issues follows that order.
#[derive(Debug, Default)]
pub(crate) struct IdAssigner {
    buf: Vec<u8>,
    /// Occurrences so far per content hash (its first 64 bits).
    occurrences: FxHashMap<u64, u32>,
    taken: FxHashSet<u64>,
}

impl IdAssigner {
    pub fn with_capacity(n: usize) -> Self {
        Self {
            buf: Vec::with_capacity(256),
            occurrences: FxHashMap::with_capacity_and_hasher(n, Default::default()),
            taken: FxHashSet::with_capacity_and_hasher(n, Default::default()),
        }
    }

    /// The content hash of an issue (position-free), first half of [`IdAssigner::assign`].
    pub fn content_hash(&mut self, parts: IdParts<'_>) -> u64 {
        self.buf.clear();
        for part in [parts.file, parts.engine, parts.rule, parts.message] {
            self.buf.extend_from_slice(part.as_bytes());
            self.buf.push(0);
        }
        for (i, word) in parts.line_text.split_whitespace().enumerate() {
            if i > 0 {
                self.buf.push(b' ');
            }
            self.buf.extend_from_slice(word.as_bytes());
        }
        self.buf.push(0);
        id_hash(&self.buf)
    }

    /// The id of the next issue with this content hash. Call in position order: the n-th
    /// identical issue of a file gets occurrence index n.
    pub fn id_for(&mut self, content: u64) -> String {
        let occurrence = self.occurrences.entry(content).or_insert(0);
        let mut index = *occurrence;
        *occurrence += 1;
        loop {
            let id = if index == 0 {
                content
            } else {
                occurrence_id(content, index)
            };
            // A 64-bit collision between different issues is astronomically unlikely, but ids must
            // be unique within a check: step to the next index rather than hope.
            if self.taken.insert(id) {
                return hex(&id.to_le_bytes());
            }
            index += 1;
        }
    }

    /// The ids of issues with these content hashes, given in position order: what
    /// [`IdAssigner::id_for`] gives one by one, found by sorting instead of two hash lookups per
    /// issue. Occurrence indices come from runs of equal hashes; only when two candidate ids
    /// collide does it step through the issues one by one.
    pub fn ids_in_order(contents: &[u64]) -> Vec<String> {
        let mut by_content: Vec<(u64, usize)> = contents.iter().copied().zip(0..).collect();
        by_content.sort_unstable();
        let mut candidates = contents.to_vec();
        let mut run = 0u32;
        for (k, &(content, position)) in by_content.iter().enumerate() {
            run = if k > 0 && by_content[k - 1].0 == content {
                run + 1
            } else {
                0
            };
            if run > 0 {
                candidates[position] = occurrence_id(content, run);
            }
        }
        let mut sorted = candidates.clone();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            let mut ids = Self::with_capacity(contents.len());
            return contents.iter().map(|&c| ids.id_for(c)).collect();
        }
        candidates.iter().map(|c| hex(&c.to_le_bytes())).collect()
    }

    /// Content hash and id in one step, for issues fed in position order.
    #[cfg(test)]
    pub fn assign(&mut self, parts: IdParts<'_>) -> String {
        let content = self.content_hash(parts);
        self.id_for(content)
    }
}

/// The id of the `index`-th (from 1) identical issue.
fn occurrence_id(content: u64, index: u32) -> u64 {
    let mut seeded = [0u8; 12];
    seeded[..8].copy_from_slice(&content.to_le_bytes());
    seeded[8..].copy_from_slice(&index.to_le_bytes());
    id_hash(&seeded)
}

fn first8(bytes: &[u8]) -> u64 {
    let mut out = [0u8; 8];
    out.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(out)
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 0x0f)] as char);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts<'a>(line_text: &'a str, message: &'a str) -> IdParts<'a> {
        IdParts {
            file: "src/a.ts",
            engine: "tsc",
            rule: "TS2304",
            message,
            line_text,
        }
    }

    #[test]
    fn ids_are_16_lowercase_hex() {
        let id =
            IdAssigner::default().assign(parts("let x: UserId;", "Cannot find name 'UserId'."));
        assert!(is_issue_id(&id), "{id}");
    }

    #[test]
    fn same_content_same_id_across_checks() {
        let a = IdAssigner::default().assign(parts("let x: UserId;", "m"));
        let b = IdAssigner::default().assign(parts("   let   x:  UserId;  ", "m"));
        assert_eq!(a, b, "re-indenting keeps the id");
    }

    #[test]
    fn identical_issues_get_distinct_ids_by_occurrence() {
        let mut ids = IdAssigner::default();
        let first = ids.assign(parts("x", "m"));
        let second = ids.assign(parts("x", "m"));
        assert_ne!(first, second);
        let mut again = IdAssigner::default();
        assert_eq!(again.assign(parts("x", "m")), first);
        assert_eq!(again.assign(parts("x", "m")), second);
    }

    #[test]
    fn every_part_changes_the_id() {
        let base = parts("x", "m");
        let id = |p| IdAssigner::default().assign(p);
        let reference = id(base);
        assert_ne!(
            id(IdParts {
                file: "src/b.ts",
                ..base
            }),
            reference
        );
        assert_ne!(
            id(IdParts {
                engine: "oxlint",
                ..base
            }),
            reference
        );
        assert_ne!(
            id(IdParts {
                rule: "TS2552",
                ..base
            }),
            reference
        );
        assert_ne!(
            id(IdParts {
                message: "n",
                ..base
            }),
            reference
        );
        assert_ne!(
            id(IdParts {
                line_text: "y",
                ..base
            }),
            reference
        );
    }

    #[test]
    fn ids_in_order_agree_with_one_by_one() {
        let contents = [7, 3, 7, 7, 9, 3, 1];
        let mut one_by_one = IdAssigner::default();
        let expected: Vec<String> = contents.iter().map(|&c| one_by_one.id_for(c)).collect();
        assert_eq!(IdAssigner::ids_in_order(&contents), expected);
        // A candidate that collides with another issue's id takes the one-by-one path.
        let clash = occurrence_id(7, 1);
        let contents = [7, 7, clash];
        let mut one_by_one = IdAssigner::default();
        let expected: Vec<String> = contents.iter().map(|&c| one_by_one.id_for(c)).collect();
        assert_eq!(IdAssigner::ids_in_order(&contents), expected);
    }

    /// Ids are persisted and compared across runs and machines: the derivation must not drift.
    #[test]
    fn ids_are_pinned() {
        let id =
            IdAssigner::default().assign(parts("let x: UserId;", "Cannot find name 'UserId'."));
        assert_eq!(id, "296c4417957460b3");
        assert_eq!(
            cluster_id(&["tsc", "missing-name", "UserId"]),
            "c-af5b304d3b71"
        );
    }

    #[test]
    fn part_boundaries_matter() {
        assert_ne!(short_hash(&["ab", "c"]), short_hash(&["a", "bc"]));
    }

    #[test]
    fn cluster_ids_have_their_shape() {
        let id = cluster_id(&["tsc", "missing-name", "UserId"]);
        assert!(is_cluster_id(&id), "{id}");
        assert!(!is_cluster_id("c1"));
        assert!(!is_issue_id(&id));
    }
}
