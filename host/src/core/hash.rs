//! A small, fast, non-cryptographic hasher for the core's in-memory maps (the Fx hash of rustc).
//! The keys are the check's own data, not attacker-chosen input over a network, so SipHash's
//! flooding resistance buys nothing here and costs most of the clustering time.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct FxHasher {
    hash: u64,
}

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    /// The word steps leave the low bits (hashbrown's bucket index) depending only on the low
    /// bytes of the last word, so keys such as `src/module123.ts` / `src/module456.ts` would pile
    /// into few buckets. A final avalanche (murmur3's fmix64) spreads every input bit.
    #[inline]
    fn finish(&self) -> u64 {
        let mut h = self.hash;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
}

pub(crate) type FxBuild = BuildHasherDefault<FxHasher>;
pub(crate) type FxHashMap<K, V> = HashMap<K, V, FxBuild>;
pub(crate) type FxHashSet<K> = HashSet<K, FxBuild>;

pub(crate) fn map_with_capacity<K, V>(n: usize) -> FxHashMap<K, V> {
    HashMap::with_capacity_and_hasher(n, FxBuild::default())
}

pub(crate) fn set_with_capacity<K>(n: usize) -> FxHashSet<K> {
    HashSet::with_capacity_and_hasher(n, FxBuild::default())
}

#[cfg(test)]
mod tests {
    use std::hash::BuildHasher;

    use super::*;

    #[test]
    fn similar_paths_spread_over_buckets() {
        // Paths that differ only in the high bytes of their last word must not share low bits.
        let build = FxBuild::default();
        let buckets: FxHashSet<u64> = (0..1000)
            .map(|i| build.hash_one(format!("src/api/module{i:04}.ts")) & 1023)
            .collect();
        assert!(
            buckets.len() > 500,
            "{} distinct low-bit buckets of 1000",
            buckets.len()
        );
    }
}
