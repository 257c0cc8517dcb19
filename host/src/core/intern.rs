//! Small integer symbols for the strings a check repeats (paths, engines, rules): each distinct
//! string is hashed and compared once, and everything after works on `u32`s.

use rustc_hash::FxHashMap;

/// Distinct strings, numbered from 0 in order of first sight. The table keeps its own copies:
/// compact, so the comparison behind each lookup stays in cache (the inputs' strings are
/// scattered over the heap).
#[derive(Debug, Default)]
pub(crate) struct Symbols {
    ids: FxHashMap<Box<str>, u32>,
}

impl Symbols {
    /// The symbol of `name`, new if it was not seen before.
    pub fn intern(&mut self, name: &str) -> u32 {
        if let Some(&symbol) = self.ids.get(name) {
            return symbol;
        }
        let symbol = u32::try_from(self.ids.len()).unwrap_or(u32::MAX);
        self.ids.insert(name.into(), symbol);
        symbol
    }

    /// The rank of each symbol in byte order of its string (`ranks()[symbol]`), so sorting by
    /// rank sorts by string.
    pub fn ranks(&self) -> Vec<u32> {
        let mut by_name: Vec<(&str, u32)> = self.ids.iter().map(|(n, &s)| (&**n, s)).collect();
        by_name.sort_unstable();
        let mut ranks = vec![0; by_name.len()];
        for (rank, (_, symbol)) in by_name.into_iter().enumerate() {
            ranks[symbol as usize] = u32::try_from(rank).unwrap_or(u32::MAX);
        }
        ranks
    }
}

/// `parts` as one byte string, each but the last preceded by its length, so that one hash and
/// one comparison look up a tuple of strings and no two tuples share a key.
pub(crate) fn tuple_key(buf: &mut Vec<u8>, parts: &[&str]) {
    buf.clear();
    if let Some((last, init)) = parts.split_last() {
        for part in init {
            buf.extend_from_slice(&(part.len() as u64).to_le_bytes());
            buf.extend_from_slice(part.as_bytes());
        }
        buf.extend_from_slice(last.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_strings_share_a_symbol_and_ranks_follow_byte_order() {
        let mut symbols = Symbols::default();
        let b = symbols.intern("src/b.ts");
        let a = symbols.intern("src/a.ts");
        assert_eq!(symbols.intern("src/b.ts"), b);
        let ranks = symbols.ranks();
        assert!(ranks[a as usize] < ranks[b as usize]);
    }

    #[test]
    fn tuple_keys_keep_part_boundaries() {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        tuple_key(&mut a, &["ab", "c"]);
        tuple_key(&mut b, &["a", "bc"]);
        assert_ne!(a, b);
    }
}
