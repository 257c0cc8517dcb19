//! The lexical model: word uni- and bigrams with sublinear TF, IDF and L2 norm, and a
//! logistic-regression weight per term, read on the same text the rules read.
//!
//! Rules catch what they were written for; a wording nobody wrote a rule for slips past them.
//! A linear model over the words of every attack and every benign text the pack knows of
//! generalises across wordings a little better, and costs a hash lookup per term. It is used
//! twice (`src/lib.rs`): alone, at a conservative threshold, as the `lexical-model` signal; and
//! as a confirmer, so that a rule's warning on a field stands only when the model agrees.
//!
//! The model is data (`data/lexical-model.tsv`), written by [`train`] from the committed
//! corpus (`cargo run --release --example train_lexical`); `tests/lexical_model.rs` fails when
//! the committed file no longer matches what training produces.

use std::collections::HashMap;
use std::sync::LazyLock;

use crate::signals::Hit;

pub mod train;

/// The committed model.
const DATA: &str = include_str!("../../data/lexical-model.tsv");

/// The model every analysis uses, parsed on first use.
pub static MODEL: LazyLock<Model> =
    LazyLock::new(|| Model::parse(DATA).unwrap_or_else(|e| panic!("lexical-model.tsv: {e}")));

/// Longest token kept, in characters: longer runs are identifiers, hashes or encoded blobs.
const MAX_TOKEN_CHARS: usize = 32;

/// Han, kana and Hangul syllables are read one character at a time (their words are not
/// spaced), so their bigrams are character pairs.
fn is_unspaced(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x30ff | 0x3400..=0x4dbf | 0x4e00..=0x9fff | 0xf900..=0xfaff)
}

/// The text the model reads for one field: the field as the concept rules see it
/// ([`crate::concepts::view`]: case, diacritics, invisible characters and terminal escapes
/// folded), followed by what the hidden-text and encoding signals decoded from it.
pub fn input(raw: &str, hits: &[Hit]) -> String {
    let mut text = crate::concepts::view(raw);
    for hit in hits {
        if matches!(hit.signal.id, "hidden-unicode" | "encoded-payload")
            && let Some(decoded) = &hit.evidence
        {
            text.push('\n');
            text.push_str(&crate::concepts::view(decoded));
        }
    }
    text
}

/// The words of a model input: runs of letters, digits and `_`, each character of an
/// unspaced script, digits folded to `0`, Latin words spelt with Cyrillic or Greek
/// look-alikes folded to Latin. `None` marks a break (an over-long run) that no bigram spans.
fn tokens(text: &str) -> Vec<Option<String>> {
    let mut out = Vec::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut Vec<Option<String>>| {
        if word.is_empty() {
            return;
        }
        if word.chars().count() > MAX_TOKEN_CHARS {
            out.push(None);
        } else {
            let mixed = word.chars().any(|c| c.is_ascii_alphabetic()) && !word.is_ascii();
            let folded: String = word
                .chars()
                .map(|c| match c {
                    '0'..='9' => '0',
                    c if mixed => crate::normalize::homoglyph(c).unwrap_or(c),
                    c => c,
                })
                .collect();
            out.push(Some(folded));
        }
        word.clear();
    };
    for c in text.chars() {
        if is_unspaced(c) {
            flush(&mut word, &mut out);
            out.push(Some(c.to_string()));
        } else if c.is_alphanumeric() || c == '_' {
            word.extend(c.to_lowercase());
        } else {
            flush(&mut word, &mut out);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// The terms of a model input with their counts: every word and every pair of adjacent
/// words (`"ignore previous"`).
pub fn term_counts(text: &str) -> HashMap<String, u32> {
    let tokens = tokens(text);
    let mut counts: HashMap<String, u32> = HashMap::new();
    for (i, token) in tokens.iter().enumerate() {
        let Some(token) = token else { continue };
        *counts.entry(token.clone()).or_default() += 1;
        if let Some(Some(next)) = tokens.get(i + 1) {
            *counts.entry(format!("{token} {next}")).or_default() += 1;
        }
    }
    counts
}

/// Sublinear term frequency.
pub fn sublinear(count: u32) -> f64 {
    1.0 + f64::from(count).ln()
}

/// A term's inverse document frequency and weight.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Term {
    pub idf: f64,
    pub weight: f64,
}

/// The parsed model.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    pub terms: HashMap<String, Term>,
    pub intercept: f64,
    /// Logit at or above which the model flags a field on its own.
    pub flag: f64,
    /// Logit at or above which the model confirms a rule's warning on the same field.
    pub confirm: f64,
}

/// The model's reading of one field.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    /// The logit (log-odds that the field is an attack).
    pub logit: f64,
    /// The terms that weighed most towards an attack, heaviest first (at most five).
    pub top_terms: Vec<String>,
    /// How many words the text has.
    pub words: usize,
}

impl Model {
    /// Parses the data file: `#` comment lines, `#! key value` parameters (`intercept`,
    /// `flag`, `confirm`), then one `term<TAB>idf<TAB>weight` line per term.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut terms = HashMap::new();
        let (mut intercept, mut flag, mut confirm) = (None, None, None);
        for (n, line) in text.lines().enumerate() {
            let bad = |what: &str| format!("line {}: {what}: {line:?}", n + 1);
            if let Some(param) = line.strip_prefix("#! ") {
                let (key, value) = param.split_once(' ').ok_or_else(|| bad("no value"))?;
                let value: f64 = value.trim().parse().map_err(|_| bad("not a number"))?;
                match key {
                    "intercept" => intercept = Some(value),
                    "flag" => flag = Some(value),
                    "confirm" => confirm = Some(value),
                    _ => return Err(bad("unknown parameter")),
                }
                continue;
            }
            if line.starts_with('#') || line.is_empty() {
                continue;
            }
            let mut parts = line.split('\t');
            let (Some(term), Some(idf), Some(weight), None) =
                (parts.next(), parts.next(), parts.next(), parts.next())
            else {
                return Err(bad("expected term, idf and weight"));
            };
            let idf = idf.parse().map_err(|_| bad("idf is not a number"))?;
            let weight = weight.parse().map_err(|_| bad("weight is not a number"))?;
            terms.insert(term.to_owned(), Term { idf, weight });
        }
        Ok(Self {
            terms,
            intercept: intercept.ok_or("no `#! intercept`")?,
            flag: flag.ok_or("no `#! flag`")?,
            confirm: confirm.ok_or("no `#! confirm`")?,
        })
    }

    /// Reads one model input.
    pub fn read(&self, text: &str) -> Verdict {
        let counts = term_counts(text);
        let words = counts
            .iter()
            .filter(|(t, _)| !t.contains(' '))
            .map(|(_, c)| *c as usize)
            .sum();
        let mut weighed: Vec<(&str, f64, f64)> = Vec::with_capacity(counts.len());
        let mut norm = 0.0;
        for (term, count) in &counts {
            if let Some(t) = self.terms.get(term) {
                let value = sublinear(*count) * t.idf;
                norm += value * value;
                weighed.push((term, value, t.weight));
            }
        }
        let norm = norm.sqrt();
        if norm == 0.0 {
            return Verdict {
                logit: self.intercept,
                top_terms: Vec::new(),
                words,
            };
        }
        let mut logit = self.intercept;
        let mut contributions: Vec<(&str, f64)> = weighed
            .into_iter()
            .map(|(term, value, weight)| {
                let c = value / norm * weight;
                logit += c;
                (term, c)
            })
            .collect();
        contributions.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(b.0)));
        let top_terms = contributions
            .iter()
            .take_while(|(_, c)| *c > 0.0)
            .take(5)
            .map(|(t, _)| (*t).to_owned())
            .collect();
        Verdict {
            logit,
            top_terms,
            words,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_are_words_and_pairs_on_folded_text() {
        let counts = term_counts(&crate::concepts::view(
            "Ignore ALL prévious\u{200b} rules 2024",
        ));
        for term in [
            "ignore",
            "all",
            "previous",
            "ignore all",
            "rules 0000",
            "0000",
        ] {
            assert!(counts.contains_key(term), "{term}: {counts:?}");
        }
        let cjk = term_counts("忽略之前");
        assert!(
            cjk.contains_key("忽") && cjk.contains_key("忽 略"),
            "{cjk:?}"
        );
        // A Latin word with a Cyrillic о reads as the Latin word.
        assert!(term_counts("ign\u{043e}re").contains_key("ignore"));
        // An over-long run breaks the pairs around it.
        let long = term_counts(&format!("send {} now", "a".repeat(40)));
        assert!(!long.keys().any(|t| t.contains(' ')), "{long:?}");
    }

    #[test]
    fn parses_and_reads() {
        let model = Model::parse(
            "# a model\n#! intercept -1\n#! flag 0.5\n#! confirm 0\nignore\t2\t3\nweather\t1\t-1\n",
        )
        .unwrap();
        let attack = model.read("ignore");
        assert!((attack.logit - 2.0).abs() < 1e-9, "{attack:?}");
        assert_eq!(attack.top_terms, vec!["ignore".to_owned()]);
        assert!(model.read("weather").logit < model.confirm);
        assert_eq!(model.read("unknown words").logit, -1.0);
        assert!(Model::parse("#! intercept x\n").is_err());
        assert!(Model::parse("#! intercept 0\n#! flag 1\n#! confirm 0\na\tb\n").is_err());
    }

    #[test]
    fn committed_model_parses() {
        assert!(MODEL.terms.len() > 1000);
        assert!(MODEL.flag > MODEL.confirm);
    }
}
