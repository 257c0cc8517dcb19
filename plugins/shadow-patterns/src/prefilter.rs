//! One cheap pass per text that rules out most patterns before they run.
//!
//! Most patterns cannot match most texts: a benign description rarely holds both an
//! invocation verb and "every message". Running the regex anyway still costs a scan, and on a
//! fresh process it builds lazy-DFA states for text the pattern will never match, which was
//! most of the pack's time. So each pattern knows the literals a match needs
//! ([`Required`]: every clause must have one of its literals in the text), and each text
//! records which bytes, byte pairs and triples it holds ([`Grams`], a bit set filled in one
//! pass). A pattern runs only when every clause has a literal whose pairs or triples are all
//! present, so a skipped pattern could not have matched: the findings are the same.
//!
//! Signals call patterns on slices of the unit's folded text, so the set applies to any
//! haystack inside that text ([`scope`]); any other haystack (raw text, a decoded view) runs
//! the pattern as before.
//!
//! The grams are loose: a text can hold every triple of "every turn" without the phrase, and
//! nearly every text they admit still has no match. So a haystack they admit is then scanned
//! once for the pattern's literals themselves ([`Exact`]), combined the way the pattern
//! combines them, before the pattern runs (or is even compiled).

use std::cell::RefCell;
use std::marker::PhantomData;
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};

use memchr::memmem::Finder;
use regex_syntax::hir::{Hir, HirKind};

/// The literals a match of one pattern needs: one of each clause.
#[derive(Debug, Default)]
pub struct Required {
    /// Distinct per pattern: a text remembers its answer for each.
    id: usize,
    clauses: Vec<Clause>,
    /// The literals every match needs, checked exactly; `None` when the pattern needs none.
    exact: Option<Exact>,
}

/// Literals of which one must occur, as the bits of [`Grams`] each needs.
#[derive(Debug)]
struct Clause {
    /// Literals of up to three bytes: one bit each.
    short: Box<[u32]>,
    /// Longer literals: every triple.
    long: Box<[Box<[u32]>]>,
}

impl Clause {
    fn new(literals: &[Vec<u8>]) -> Self {
        let (short, long): (Vec<_>, Vec<_>) = literals
            .iter()
            .map(|literal| grams_of(literal))
            .partition(|bits| bits.len() == 1);
        let mut short: Vec<u32> = short.iter().map(|bits| bits[0]).collect();
        short.sort_unstable();
        short.dedup();
        Self {
            short: short.into_boxed_slice(),
            long: long.into_boxed_slice(),
        }
    }
}

impl Required {
    /// Reads the literals off a pattern's syntax (see [`parse`]).
    pub fn from_hir(hir: &Hir) -> Self {
        let mut clauses = clauses(hir);
        // Fail fast: the clause least likely to be present first; a few clauses rule out
        // almost as much as all of them, for less work on the texts they admit.
        clauses.sort_by_key(|c| std::cmp::Reverse(selectivity(c)));
        clauses.truncate(MAX_CLAUSES);
        let clauses = clauses.iter().map(|c| Clause::new(c)).collect();
        static NEXT_ID: AtomicUsize = AtomicUsize::new(0);
        let mut literals = Vec::new();
        let exact = need(hir, &mut literals).map(|need| Exact {
            need,
            finders: literals
                .iter()
                .map(|l| Finder::new(l).into_owned())
                .collect(),
            grams: literals.iter().map(|l| grams_of(l)).collect(),
        });
        Self {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            clauses,
            exact,
        }
    }

    /// Whether the pattern needs no literal at all.
    pub fn is_empty(&self) -> bool {
        self.clauses.is_empty()
    }
}

/// Literals a match needs, combined as the pattern combines them.
#[derive(Debug)]
enum Need {
    /// This literal (an index into [`Exact::literals`]).
    Literal(usize),
    All(Vec<Need>),
    Any(Vec<Need>),
}

impl Need {
    /// Whether the literals hold, looking each up at most once and only as far as needed.
    fn holds(&self, present: &mut impl FnMut(usize) -> bool) -> bool {
        match self {
            Need::Literal(i) => present(*i),
            Need::All(parts) => parts.iter().all(|p| p.holds(present)),
            Need::Any(branches) => branches.iter().any(|b| b.holds(present)),
        }
    }
}

/// What a match of `hir` needs; `None` when it needs nothing (a part that may match empty, a
/// class, a one-byte literal, which the grams check cheaply anyway).
fn need(hir: &Hir, literals: &mut Vec<Vec<u8>>) -> Option<Need> {
    match hir.kind() {
        HirKind::Literal(literal) if literal.0.len() >= 2 => {
            let index = literals
                .iter()
                .position(|l| **l == *literal.0)
                .unwrap_or_else(|| {
                    literals.push(literal.0.to_vec());
                    literals.len() - 1
                });
            Some(Need::Literal(index))
        }
        HirKind::Capture(capture) => need(&capture.sub, literals),
        HirKind::Repetition(repetition) if repetition.min >= 1 => need(&repetition.sub, literals),
        HirKind::Concat(parts) => {
            let mut all: Vec<Need> = parts.iter().filter_map(|p| need(p, literals)).collect();
            match all.len() {
                0 => None,
                1 => all.pop(),
                _ => Some(Need::All(all)),
            }
        }
        HirKind::Alternation(branches) => {
            let any: Option<Vec<Need>> = branches.iter().map(|b| need(b, literals)).collect();
            any.map(Need::Any)
        }
        _ => None,
    }
}

/// The exact check of a pattern's literals in a haystack.
///
/// Each literal is searched for on its own, lazily: a clause fails at its first missing
/// literal and an alternative holds at its first present one, so a text usually costs a few
/// short `memmem` scans (one scan for all literals, with overlapping matches, costs more).
#[derive(Debug)]
struct Exact {
    need: Need,
    finders: Vec<Finder<'static>>,
    /// The gram bits of each literal: a literal whose grams the text lacks is not searched.
    grams: Vec<Box<[u32]>>,
}

impl Exact {
    fn admits(&self, hay: &[u8], grams: Option<&Grams>) -> bool {
        // 0: not looked up yet, 1: present, 2: absent.
        let mut known = vec![0u8; self.finders.len()];
        self.need.holds(&mut |i| {
            if known[i] == 0 {
                let may = grams.is_none_or(|g| self.grams[i].iter().all(|&bit| g.contains(bit)));
                known[i] = if may && self.finders[i].find(hay).is_some() {
                    1
                } else {
                    2
                };
            }
            known[i] == 1
        })
    }
}

/// Parses a pattern as the matcher compiles it: bytes, no Unicode.
pub fn parse(pattern: &str) -> Result<Hir, Box<regex_syntax::Error>> {
    regex_syntax::ParserBuilder::new()
        .unicode(false)
        .utf8(false)
        .build()
        .parse(pattern)
        .map_err(Box::new)
}

/// Clauses of literals (a conjunction of alternatives) that any match contains; a part that
/// may match empty contributes none.
fn clauses(hir: &Hir) -> Vec<Vec<Vec<u8>>> {
    match hir.kind() {
        HirKind::Literal(literal) if !literal.0.is_empty() => vec![vec![literal.0.to_vec()]],
        HirKind::Capture(capture) => clauses(&capture.sub),
        HirKind::Repetition(repetition) if repetition.min >= 1 => clauses(&repetition.sub),
        HirKind::Concat(parts) => parts.iter().flat_map(clauses).collect(),
        HirKind::Alternation(branches) => {
            // (a1 ∧ a2) ∨ (b1 ∧ b2) = (a1 ∨ b1) ∧ (a1 ∨ b2) ∧ (a2 ∨ b1) ∧ (a2 ∨ b2), cut to the
            // most selective clauses of each branch to stay small.
            let mut product: Vec<Vec<Vec<u8>>> = vec![Vec::new()];
            for branch in branches {
                let mut options = clauses(branch);
                if options.is_empty() {
                    return Vec::new();
                }
                options.sort_by_key(|c| std::cmp::Reverse(selectivity(c)));
                options.truncate((MAX_CLAUSES / product.len()).max(1));
                if let [option] = options.as_slice() {
                    // The usual case once the product is full: extend each clause in place
                    // rather than copy it (a long alternation would copy it once per branch).
                    for done in &mut product {
                        done.extend(option.iter().cloned());
                    }
                    continue;
                }
                product = product
                    .iter()
                    .flat_map(|done| {
                        options.iter().map(move |option| {
                            let mut joined = done.clone();
                            joined.extend(option.iter().cloned());
                            joined
                        })
                    })
                    .collect();
            }
            product
        }
        _ => Vec::new(),
    }
}

/// Most clauses one alternation expands to, and one pattern keeps.
const MAX_CLAUSES: usize = 4;

/// Longer shortest literal first, then fewer literals.
fn selectivity(clause: &[Vec<u8>]) -> (usize, std::cmp::Reverse<usize>) {
    let shortest = clause.iter().map(Vec::len).min().unwrap_or(0);
    (shortest.min(3), std::cmp::Reverse(clause.len()))
}

/// Bits of a text's gram set: every byte value, then pairs and triples of 5-bit letter
/// codes ([`code`]), indexed directly.
const BYTE_BITS: u32 = 256;
const PAIR_BITS: u32 = 1 << 10;
const TRIPLE_BITS: u32 = 1 << 15;
const WORDS: usize = ((BYTE_BITS + PAIR_BITS + TRIPLE_BITS) / 64) as usize;

/// A 5-bit code per byte: letters (either case) their own, the rest in a few classes. Texts
/// are folded to lower-case ASCII, so few distinct bytes share a code.
const fn code(b: u8) -> u32 {
    match b {
        b'a'..=b'z' => (b - b'a') as u32 + 1,
        b'A'..=b'Z' => (b - b'A') as u32 + 1,
        b' ' => 27,
        b'0'..=b'9' => 28,
        b'_' | b'-' | b'\'' => 29,
        b'.' | b',' | b';' | b':' | b'!' | b'?' => 30,
        _ => 31,
    }
}

/// The bits a literal needs: its byte for one byte, its pair for two, every triple of longer
/// ones.
fn grams_of(literal: &[u8]) -> Box<[u32]> {
    let mut bits: Vec<u32> = match literal {
        [b] => vec![u32::from(*b)],
        [a, b] => vec![BYTE_BITS + (code(*a) << 5 | code(*b))],
        _ => literal
            .windows(3)
            .map(|w| BYTE_BITS + PAIR_BITS + (code(w[0]) << 10 | code(w[1]) << 5 | code(w[2])))
            .collect(),
    };
    bits.sort_unstable();
    bits.dedup();
    bits.into_boxed_slice()
}

/// Which bytes, byte pairs and triples one text holds (up to the letter codes).
#[derive(Debug)]
pub struct Grams {
    /// Address range of the text, to know whether a haystack is a slice of it.
    start: usize,
    end: usize,
    /// A copy of the text, for the exact check of its literals.
    text: Box<[u8]>,
    /// The bits; words past its end (pairs and triples of a bytes-only set) count as set.
    bits: Box<[u64]>,
    /// Answers given so far, by pattern id: 0 not asked, 1 admitted, 2 ruled out.
    answers: RefCell<Vec<u8>>,
}

impl Grams {
    /// Every gram of `text`.
    pub fn new(text: &str) -> Self {
        let bytes = text.as_bytes();
        let mut bits = Box::new([0u64; WORDS]);
        let mut set = |bit: u32| bits[(bit / 64) as usize] |= 1 << (bit % 64);
        let mut roll = 0u32;
        for (i, &b) in bytes.iter().enumerate() {
            roll = (roll << 5 | code(b)) & (TRIPLE_BITS - 1);
            set(u32::from(b));
            if i >= 1 {
                set(BYTE_BITS + (roll & (PAIR_BITS - 1)));
            }
            if i >= 2 {
                set(BYTE_BITS + PAIR_BITS + roll);
            }
        }
        Self::with_bits(text, bits)
    }

    /// Only the bytes of `text`, every pair and triple taken as present: cheaper, for texts
    /// that only a few patterns read.
    pub fn bytes_only(text: &str) -> Self {
        let mut bits = Box::new([0u64; (BYTE_BITS / 64) as usize]);
        for &b in text.as_bytes() {
            bits[usize::from(b / 64)] |= 1 << (b % 64);
        }
        Self::with_bits(text, bits)
    }

    fn with_bits(text: &str, bits: Box<[u64]>) -> Self {
        let start = text.as_ptr() as usize;
        Self {
            start,
            end: start + text.len(),
            text: text.as_bytes().into(),
            bits,
            answers: RefCell::new(Vec::new()),
        }
    }

    /// [`Self::admits`], then the exact check of the literals in the whole text, remembered
    /// per pattern: a slice of the text holds no literal the text lacks.
    fn admits_once(&self, required: &Required) -> bool {
        let mut answers = self.answers.borrow_mut();
        if answers.len() <= required.id {
            answers.resize(required.id + 1, 0);
        }
        match answers[required.id] {
            0 => {
                let admitted = self.admits(required)
                    && required
                        .exact
                        .as_ref()
                        .is_none_or(|exact| exact.admits(&self.text, Some(self)));
                answers[required.id] = if admitted { 1 } else { 2 };
                admitted
            }
            answer => answer == 1,
        }
    }

    fn contains(&self, bit: u32) -> bool {
        self.bits
            .get((bit / 64) as usize)
            .is_none_or(|word| word & (1 << (bit % 64)) != 0)
    }

    /// Whether every clause may have one of its literals in the text.
    pub fn admits(&self, required: &Required) -> bool {
        required.clauses.iter().all(|clause| {
            clause.short.iter().any(|&bit| self.contains(bit))
                || clause
                    .long
                    .iter()
                    .any(|literal| literal.iter().all(|&bit| self.contains(bit)))
        })
    }

    fn holds(&self, hay: &str) -> bool {
        let at = hay.as_ptr() as usize;
        at >= self.start && at + hay.len() <= self.end
    }

    fn is(&self, text: &str) -> bool {
        self.start == text.as_ptr() as usize && self.end == self.start + text.len()
    }
}

thread_local! {
    static CURRENT: RefCell<Rc<[Grams]>> = RefCell::new(Rc::new([]));
}

/// While alive, patterns called on slices of the given texts are filtered by their grams.
#[derive(Debug)]
pub struct Scope<'t> {
    previous: Rc<[Grams]>,
    texts: PhantomData<&'t str>,
}

/// Makes a unit's folded and raw text the current texts until the returned scope is dropped
/// (scopes nest). Few patterns read the raw text, so only its bytes are recorded.
pub fn scope<'t>(folded: &'t str, raw: &'t str) -> Scope<'t> {
    let previous = CURRENT.with(|current| {
        let mut current = current.borrow_mut();
        let previous = current.clone();
        let same = matches!(&*previous, [f, r] if f.is(folded) && r.is(raw));
        if !same {
            *current = Rc::new([Grams::new(folded), Grams::bytes_only(raw)]);
        }
        previous
    });
    Scope {
        previous,
        texts: PhantomData,
    }
}

impl Drop for Scope<'_> {
    fn drop(&mut self) {
        let previous = std::mem::replace(&mut self.previous, Rc::new([]));
        CURRENT.with(|current| *current.borrow_mut() = previous);
    }
}

/// Whether a pattern needing `required` may match `hay`: false only when `hay` is a slice of
/// a current text that lacks a needed literal.
/// Then, whether the text (or else `hay` itself) holds the literals a match needs.
pub fn admits(hay: &str, required: &Required) -> bool {
    if required.is_empty() && required.exact.is_none() {
        return true;
    }
    CURRENT.with(
        |current| match current.borrow().iter().find(|grams| grams.holds(hay)) {
            Some(grams) => grams.admits_once(required),
            None => required
                .exact
                .as_ref()
                .is_none_or(|exact| exact.admits(hay.as_bytes(), None)),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn needs(pattern: &str) -> Required {
        Required::from_hir(&parse(pattern).unwrap())
    }

    fn literals(pattern: &str) -> Vec<Vec<String>> {
        clauses(&parse(pattern).unwrap())
            .into_iter()
            .map(|c| {
                c.into_iter()
                    .map(|l| String::from_utf8(l).unwrap())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn clauses_hold_what_every_match_needs() {
        assert_eq!(
            literals(r"\b(?:call|run)\b[^.]{0,9}?\bevery (?:turn|message)s?"),
            [vec!["call", "run"], vec!["every "], vec!["turn", "message"]]
        );
        // An optional part or a branch without a literal constrains nothing.
        assert_eq!(literals(r"(?:tools?)?<"), [vec!["<"]]);
        assert!(literals(r"(?:abc|[a-z]+)").is_empty());
        assert!(literals(r"[ab]").is_empty());
        // Branches of several clauses distribute over each other.
        let mut product = literals(r"(?:call \w+ every|run \w+ each)");
        product.iter_mut().for_each(|c| c.sort());
        product.sort();
        assert_eq!(
            product,
            [
                vec![" each", " every"],
                vec![" each", "call "],
                vec![" every", "run "],
                vec!["call ", "run "],
            ]
        );
    }

    #[test]
    fn a_text_admits_exactly_the_patterns_it_may_match() {
        let required = needs(r"\b(?:call|run)\b[^.]{0,9}?\bevery (?:turn|message)s?");
        assert!(Grams::new("please call it on every turn").admits(&required));
        assert!(!Grams::new("please call it on every reboot").admits(&required));
        assert!(!Grams::new("").admits(&required));
        assert!(Grams::new("anything").admits(&needs(r"[a-z]+")));
    }

    #[test]
    fn the_exact_check_needs_the_literals_as_the_pattern_combines_them() {
        let required = needs(r"\b(?:call|run)\b[^.]{0,9}?\bevery (?:turn|message)s?");
        // Every triple of "every turn" is here, but not the phrase.
        let scattered = "run everywhere by ferry to turn";
        assert!(Grams::new(scattered).admits(&required));
        assert!(!admits(scattered, &required));
        assert!(admits("please run it on every turn", &required));
        let either =
            needs(r"(?:other tools|alternatives)[^.]{0,50}?\b(?:broken|fake)\b|x (?:lose|leak)");
        assert!(admits("other tools are fake", &either));
        assert!(admits("x leak", &either));
        assert!(!admits("other tools are fine, alternatives too", &either));
        // A branch without a literal of two bytes or more needs nothing.
        assert!(admits("zzz", &needs(r"(?:abc|[a-z]+)")));
    }

    #[test]
    fn slices_of_the_current_text_are_judged_by_the_whole_text() {
        let required = needs("secret");
        let text = String::from("a secret, then nothing");
        assert!(
            !admits(&text[9..], &required),
            "no current text: the slice itself"
        );
        {
            let _scope = scope(&text, "");
            assert!(admits(&text[9..], &required), "the text holds the literal");
            let other = String::from("nothing to see here");
            assert!(!admits(&other, &required), "another text is checked itself");
            {
                let decoded = String::from("nothing decoded");
                let _inner = scope(&decoded, "");
                assert!(!admits(&decoded, &required));
            }
            assert!(admits(&text[9..], &required), "the outer scope is back");
        }
    }
}
