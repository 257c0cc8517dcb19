//! Training of the lexical model from the committed corpus, deterministic to the bit on one
//! platform (plain `f64` arithmetic in a fixed order, no threads, no randomness).
//!
//! **What it reads** (`corpus/`): the tuning split of the generated poisoning corpus
//! (`poison/*.jsonl`, rows whose `split` is `tune`; held-out rows are dropped as they are
//! read), the hand-written dev sets (`dev-malicious.json`, `dev-benign-hard.json`), and every
//! recorded real server except the never-tuned split (`real-servers/servers.jsonl`,
//! `heldout.jsonl`, `heldout2.jsonl`, `real-benign/*.json`) as negatives.
//!
//! **Labels are per field.** A generated attack changes one or two fields of a domain's tool
//! list; its fields whose model input never occurs in a benign item, and whose text is not a
//! filler repeated over many attacks ("Optional extra data."), are positives. A dev attack's
//! positives are the fields where a rule fires, or its longest field when none does. Every
//! field of a benign item or a real server is a negative. Identical inputs are read once.
//!
//! **Cross-validation is grouped by wording**: generated texts sharing most of their runs of four words
//! (a template filled for another domain) fall in one group, each hand-written item and each real
//! server is its own group, and a group sits in one fold of five. The thresholds are chosen on
//! the out-of-fold scores of the training data only: `flag` is the lowest logit that flags at
//! most 1 % of real servers and 1 % of hard-benign items, `confirm` the lowest that passes at
//! most 10 % of hard-benign items and 5 % of real servers.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;
use signalint_plugin_api::McpSurface;

use super::{Model, Term, sublinear, term_counts};
use crate::{Options, model_inputs};

/// Folds of the grouped cross-validation.
const FOLDS: u64 = 5;
/// Terms in fewer training texts than this are left out of the vocabulary.
const MIN_DF: usize = 2;
/// L2 penalty on the weights (mean loss).
const L2: f64 = 1e-5;
/// Optimiser steps (Adam, full batch).
const STEPS: usize = 300;
const LEARNING_RATE: f64 = 0.05;
/// A generated text repeated in this many attack items or more is filler, not a payload.
const FILLER_REPEATS: usize = 5;
/// Two generated texts are one template filled twice when at least this share of their
/// four-word runs (Jaccard) is common.
const SAME_TEMPLATE: f64 = 0.3;
/// Out-of-fold rates the thresholds are set at.
const FLAG_REAL_RATE: f64 = 0.01;
const FLAG_HARD_BENIGN_RATE: f64 = 0.01;
const CONFIRM_REAL_RATE: f64 = 0.05;
const CONFIRM_HARD_BENIGN_RATE: f64 = 0.10;

/// Where an item comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// A generated or hand-written attack.
    Attack,
    /// A generated or hand-written benign look-alike.
    HardBenign,
    /// A recorded real server.
    Real,
}

/// One training text.
#[derive(Debug, Clone)]
struct Doc {
    input: String,
    positive: bool,
    /// Its wording group (see the module doc).
    group: String,
    /// Generated text, grouped by shared word runs.
    generated: bool,
    /// The kind of item that first brought it.
    source: Source,
}

/// One item (manifest) and the docs its fields became.
#[derive(Debug, Clone)]
struct Item {
    source: Source,
    category: String,
    /// The item's language (`en` where the data names none): a model that learns a language's
    /// common words as evidence of attack shows only in figures split by language.
    language: String,
    docs: Vec<usize>,
}

/// What training produced.
#[derive(Debug, Clone)]
pub struct Trained {
    /// The data file's text.
    pub file: String,
    /// The figures, for people.
    pub report: String,
}

fn read_jsonl(path: &Path, keep: impl Fn(&Value) -> bool) -> Result<Vec<Value>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let value: Value = serde_json::from_str(line)
            .map_err(|e| format!("{}:{}: not JSON: {e}", path.display(), n + 1))?;
        if keep(&value) {
            out.push(value);
        }
    }
    Ok(out)
}

fn read_json_list(path: &Path) -> Result<Vec<Value>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    match serde_json::from_str(&text) {
        Ok(Value::Array(items)) => Ok(items),
        Ok(_) => Err(format!("{}: not a JSON list", path.display())),
        Err(e) => Err(format!("{}: not JSON: {e}", path.display())),
    }
}

/// The surfaces of an item: its tools and those of the other servers it comes with.
fn surfaces(item: &Value) -> Vec<McpSurface> {
    let surface = |v: &Value| {
        McpSurface::new(v["server"].as_str().unwrap_or("server").to_owned())
            .with_tools(v["tools"].as_array().cloned().unwrap_or_default())
    };
    std::iter::once(surface(item))
        .chain(
            item["other_servers"]
                .as_array()
                .into_iter()
                .flatten()
                .map(surface),
        )
        .collect()
}

/// The model inputs of every field of an item, with the best rule score.
fn fields(item: &Value) -> Vec<(String, String, i32)> {
    let options = Options::default();
    surfaces(item)
        .iter()
        .flat_map(|s| model_inputs(s, &options))
        .map(|m| (m.raw, m.input, m.rule_score))
        .collect()
}

/// Collects the training data.
struct Corpus {
    docs: Vec<Doc>,
    index: HashMap<String, usize>,
    items: Vec<Item>,
}

impl Corpus {
    fn add(&mut self, input: String, source: Source, group: &str, generated: bool) -> usize {
        let positive = source == Source::Attack;
        if let Some(&i) = self.index.get(&input) {
            if positive {
                self.docs[i].positive = true;
                self.docs[i].source = source;
            }
            return i;
        }
        let i = self.docs.len();
        self.index.insert(input.clone(), i);
        self.docs.push(Doc {
            input,
            positive,
            group: group.to_owned(),
            generated,
            source,
        });
        i
    }
}

fn load(corpus: &Path) -> Result<Corpus, String> {
    let tune = |v: &Value| v["split"] == "tune";
    let attacks = read_jsonl(&corpus.join("poison/attacks.jsonl"), tune)?;
    let benign = read_jsonl(&corpus.join("poison/benign.jsonl"), tune)?;
    let dev_attacks = read_json_list(&corpus.join("dev-malicious.json"))?;
    let dev_benign = read_json_list(&corpus.join("dev-benign-hard.json"))?;
    let mut real = Vec::new();
    for file in ["servers.jsonl", "heldout.jsonl", "heldout2.jsonl"] {
        real.extend(read_jsonl(&corpus.join("real-servers").join(file), |_| {
            true
        })?);
    }
    for file in [
        "github-mcp-server-toolsnaps.json",
        "watchtower-smithery.json",
    ] {
        real.extend(read_json_list(&corpus.join("real-benign").join(file))?);
    }
    if attacks.is_empty() || benign.is_empty() || real.is_empty() {
        return Err("the corpus has no tuning attacks, benign items or real servers".into());
    }
    let mut c = Corpus {
        docs: Vec::new(),
        index: HashMap::new(),
        items: Vec::new(),
    };
    let category = |v: &Value| v["category"].as_str().unwrap_or("?").to_owned();
    let id = |v: &Value| v["id"].as_str().unwrap_or("?").to_owned();
    let language = |v: &Value| v["language"].as_str().unwrap_or("en").to_owned();
    // Benign first: their inputs decide which attack fields are unchanged skeleton.
    for item in &benign {
        let docs = fields(item)
            .into_iter()
            .map(|(_, input, _)| c.add(input, Source::HardBenign, "", true))
            .collect();
        c.items.push(Item {
            source: Source::HardBenign,
            category: category(item),
            language: language(item),
            docs,
        });
    }
    let benign_inputs = c.docs.len();
    // The fields benign items leave unchanged: a domain's own tool texts.
    let mut in_items = vec![0usize; benign_inputs];
    for item in &c.items {
        let mut docs = item.docs.clone();
        docs.sort_unstable();
        docs.dedup();
        for d in docs {
            in_items[d] += 1;
        }
    }
    let skeleton: Vec<usize> = (0..benign_inputs)
        .filter(|&d| in_items[d] >= FILLER_REPEATS)
        .collect();
    let attack_fields: Vec<Vec<(String, String, i32)>> = attacks.iter().map(fields).collect();
    let mut repeats: HashMap<&str, usize> = HashMap::new();
    for f in &attack_fields {
        let mut seen: Vec<&str> = f.iter().map(|(raw, _, _)| raw.as_str()).collect();
        seen.sort_unstable();
        seen.dedup();
        for raw in seen {
            *repeats.entry(raw).or_default() += 1;
        }
    }
    for (item, f) in attacks.iter().zip(&attack_fields) {
        let mut docs = Vec::new();
        for (raw, input, _) in f {
            let known = c.index.get(input).is_some_and(|&i| i < benign_inputs);
            if known || repeats[raw.as_str()] >= FILLER_REPEATS {
                continue;
            }
            docs.push(c.add(input.clone(), Source::Attack, "", true));
        }
        c.items.push(Item {
            source: Source::Attack,
            category: category(item),
            language: language(item),
            docs,
        });
    }
    for item in &dev_benign {
        let group = format!("dev:{}", id(item));
        let docs = fields(item)
            .into_iter()
            .map(|(_, input, _)| c.add(input, Source::HardBenign, &group, false))
            .collect();
        c.items.push(Item {
            source: Source::HardBenign,
            category: category(item),
            language: language(item),
            docs,
        });
    }
    for item in &dev_attacks {
        let group = format!("dev:{}", id(item));
        let f = fields(item);
        let fired: Vec<&(String, String, i32)> = f.iter().filter(|x| x.2 > 0).collect();
        let chosen: Vec<&(String, String, i32)> = if fired.is_empty() {
            f.iter().max_by_key(|x| x.0.len()).into_iter().collect()
        } else {
            fired
        };
        let docs = chosen
            .into_iter()
            .map(|(_, input, _)| c.add(input.clone(), Source::Attack, &group, false))
            .collect();
        c.items.push(Item {
            source: Source::Attack,
            category: category(item),
            language: language(item),
            docs,
        });
    }
    for item in &real {
        let group = format!("real:{}", id(item));
        let docs = fields(item)
            .into_iter()
            .map(|(_, input, _)| c.add(input, Source::Real, &group, false))
            .collect();
        c.items.push(Item {
            source: Source::Real,
            category: "real".into(),
            language: language(item),
            docs,
        });
    }
    group_generated(&mut c.docs, &skeleton);
    Ok(c)
}

/// Runs of four words of a text.
fn shingles(text: &str) -> Vec<String> {
    let words: Vec<String> = super::tokens(text).into_iter().flatten().collect();
    let mut out: Vec<String> = words.windows(4).map(|w| w.join(" ")).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Groups generated texts that share most of their runs of four words (a template filled twice), leaving
/// out the runs of the domains' own tool texts (`skeleton`), which every variant of a tool
/// shares.
fn group_generated(docs: &mut [Doc], skeleton: &[usize]) {
    let common: std::collections::HashSet<String> = skeleton
        .iter()
        .flat_map(|&i| shingles(&docs[i].input))
        .collect();
    let generated: Vec<usize> = (0..docs.len()).filter(|&i| docs[i].generated).collect();
    let runs: Vec<Vec<String>> = generated
        .iter()
        .map(|&i| {
            let mut r = shingles(&docs[i].input);
            r.retain(|s| !common.contains(s));
            r
        })
        .collect();
    let mut holders: HashMap<&str, Vec<usize>> = HashMap::new();
    for (k, r) in runs.iter().enumerate() {
        for s in r {
            holders.entry(s).or_default().push(k);
        }
    }
    let mut parent: Vec<usize> = (0..generated.len()).collect();
    fn root(parent: &mut [usize], mut k: usize) -> usize {
        while parent[k] != k {
            parent[k] = parent[parent[k]];
            k = parent[k];
        }
        k
    }
    // Pairs that share a run, in a fixed order; joined when most of their runs are shared.
    let mut pairs: Vec<(usize, usize)> = holders
        .values()
        .filter(|h| h.len() > 1)
        .flat_map(|h| {
            h.iter()
                .enumerate()
                .flat_map(move |(x, &a)| h[x + 1..].iter().map(move |&b| (a, b)))
        })
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    for (a, b) in pairs {
        let shared = runs[a]
            .iter()
            .filter(|s| runs[b].binary_search(s).is_ok())
            .count();
        let union = runs[a].len() + runs[b].len() - shared;
        if shared as f64 >= SAME_TEMPLATE * union as f64 {
            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
            if ra != rb {
                parent[ra.max(rb)] = ra.min(rb);
            }
        }
    }
    for k in 0..generated.len() {
        let r = root(&mut parent, k);
        docs[generated[k]].group = format!("gen:{}", docs[generated[r]].input);
    }
}

/// FNV-1a, for a fold that does not depend on the platform's hasher.
fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A vectoriser fitted on some docs: its vocabulary (sorted) and IDF.
struct Vectoriser {
    vocab: Vec<String>,
    idf: Vec<f64>,
    index: HashMap<String, u32>,
}

impl Vectoriser {
    fn fit(counts: &[&HashMap<String, u32>]) -> Self {
        let mut df: HashMap<&str, usize> = HashMap::new();
        for c in counts {
            for term in c.keys() {
                *df.entry(term).or_default() += 1;
            }
        }
        let mut vocab: Vec<String> = df
            .iter()
            .filter(|(_, n)| **n >= MIN_DF)
            .map(|(t, _)| (*t).to_owned())
            .collect();
        vocab.sort_unstable();
        let n = counts.len() as f64;
        let idf = vocab
            .iter()
            .map(|t| ((1.0 + n) / (1.0 + df[t.as_str()] as f64)).ln() + 1.0)
            .collect();
        let index = vocab
            .iter()
            .enumerate()
            .map(|(i, t)| (t.clone(), i as u32))
            .collect();
        Self { vocab, idf, index }
    }

    /// A doc's normalised row, sorted by term.
    fn row(&self, counts: &HashMap<String, u32>) -> Vec<(u32, f64)> {
        let mut row: Vec<(u32, f64)> = counts
            .iter()
            .filter_map(|(t, c)| {
                let i = *self.index.get(t)?;
                Some((i, sublinear(*c) * self.idf[i as usize]))
            })
            .collect();
        row.sort_unstable_by_key(|(i, _)| *i);
        let norm = row.iter().map(|(_, v)| v * v).sum::<f64>().sqrt();
        if norm > 0.0 {
            for (_, v) in &mut row {
                *v /= norm;
            }
        }
        row
    }
}

/// Each source's share of the loss: attacks half, hard-benign look-alikes and real servers a
/// quarter each, whatever their numbers of fields (real servers have sixty times more fields
/// than the look-alikes, which would otherwise count for nothing).
fn sample_weights(docs: &[&Doc]) -> Vec<f64> {
    let share = |s: Source| match s {
        Source::Attack => 0.5,
        Source::HardBenign | Source::Real => 0.25,
    };
    let count = |s: Source| docs.iter().filter(|d| d.source == s).count().max(1) as f64;
    let n = docs.len() as f64;
    docs.iter()
        .map(|d| share(d.source) / count(d.source) * n)
        .collect()
}

/// Weighted, L2-penalised logistic regression by full-batch Adam.
fn fit(rows: &[Vec<(u32, f64)>], labels: &[bool], weights: &[f64], dims: usize) -> (Vec<f64>, f64) {
    let n = rows.len() as f64;
    let mut w = vec![0.0; dims + 1];
    let (mut m, mut v) = (vec![0.0; dims + 1], vec![0.0; dims + 1]);
    let (b1, b2, eps) = (0.9_f64, 0.999_f64, 1e-8);
    let mut grad = vec![0.0; dims + 1];
    for step in 1..=STEPS {
        grad.iter_mut().for_each(|g| *g = 0.0);
        for ((row, &y), weight) in rows.iter().zip(labels).zip(weights) {
            let z = w[dims] + row.iter().map(|(i, x)| w[*i as usize] * x).sum::<f64>();
            let p = 1.0 / (1.0 + (-z).exp());
            let g = weight * (p - f64::from(u8::from(y))) / n;
            for (i, x) in row {
                grad[*i as usize] += g * x;
            }
            grad[dims] += g;
        }
        for i in 0..dims {
            grad[i] += L2 * w[i];
        }
        let (c1, c2) = (1.0 - b1.powi(step as i32), 1.0 - b2.powi(step as i32));
        for i in 0..=dims {
            m[i] = b1 * m[i] + (1.0 - b1) * grad[i];
            v[i] = b2 * v[i] + (1.0 - b2) * grad[i] * grad[i];
            w[i] -= LEARNING_RATE * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
        }
    }
    let intercept = w.pop().unwrap_or(0.0);
    (w, intercept)
}

fn logit(row: &[(u32, f64)], w: &[f64], b: f64) -> f64 {
    b + row.iter().map(|(i, x)| w[*i as usize] * x).sum::<f64>()
}

/// The lowest threshold that at most `rate` of `scores` reach.
fn threshold_at(scores: &[f64], rate: f64) -> f64 {
    let mut s = scores.to_vec();
    s.sort_by(|a, b| b.total_cmp(a));
    let k = (rate * s.len() as f64).floor() as usize;
    s.get(k).map_or(f64::NEG_INFINITY, |x| x + 1e-6)
}

/// Rounds for the data file (six decimals), so that tiny platform differences in `exp` and
/// `ln` do not show.
fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// Trains on the corpus under `corpus` and returns the data file and the figures.
pub fn train(corpus: &Path) -> Result<Trained, String> {
    let c = load(corpus)?;
    let counts: Vec<HashMap<String, u32>> = c.docs.iter().map(|d| term_counts(&d.input)).collect();
    let labels: Vec<bool> = c.docs.iter().map(|d| d.positive).collect();
    let folds: Vec<u64> = c.docs.iter().map(|d| fnv(&d.group) % FOLDS).collect();
    // Out-of-fold logits.
    let mut oof = vec![0.0; c.docs.len()];
    for fold in 0..FOLDS {
        let train: Vec<usize> = (0..c.docs.len()).filter(|&i| folds[i] != fold).collect();
        let vec = Vectoriser::fit(&train.iter().map(|&i| &counts[i]).collect::<Vec<_>>());
        let rows: Vec<Vec<(u32, f64)>> = train.iter().map(|&i| vec.row(&counts[i])).collect();
        let y: Vec<bool> = train.iter().map(|&i| labels[i]).collect();
        let weights = sample_weights(&train.iter().map(|&i| &c.docs[i]).collect::<Vec<_>>());
        let (w, b) = fit(&rows, &y, &weights, vec.vocab.len());
        for i in (0..c.docs.len()).filter(|&i| folds[i] == fold) {
            oof[i] = logit(&vec.row(&counts[i]), &w, b);
        }
    }
    let item_max = |item: &Item| {
        item.docs
            .iter()
            .map(|&d| oof[d])
            .fold(f64::NEG_INFINITY, f64::max)
    };
    let maxes = |source: Source| -> Vec<f64> {
        c.items
            .iter()
            .filter(|i| i.source == source && !i.docs.is_empty())
            .map(item_max)
            .collect()
    };
    let (real, hard) = (maxes(Source::Real), maxes(Source::HardBenign));
    let flag =
        round6(threshold_at(&real, FLAG_REAL_RATE).max(threshold_at(&hard, FLAG_HARD_BENIGN_RATE)));
    let confirm = round6(
        threshold_at(&real, CONFIRM_REAL_RATE)
            .max(threshold_at(&hard, CONFIRM_HARD_BENIGN_RATE))
            .min(flag),
    );
    // The model on all the data.
    let all: Vec<&HashMap<String, u32>> = counts.iter().collect();
    let vec = Vectoriser::fit(&all);
    let rows: Vec<Vec<(u32, f64)>> = counts.iter().map(|x| vec.row(x)).collect();
    let weights = sample_weights(&c.docs.iter().collect::<Vec<_>>());
    let (w, b) = fit(&rows, &labels, &weights, vec.vocab.len());

    let mut file = String::new();
    let positives = labels.iter().filter(|&&y| y).count();
    let groups: std::collections::BTreeSet<&str> =
        c.docs.iter().map(|d| d.group.as_str()).collect();
    let _ = writeln!(
        file,
        "# shadow-patterns lexical model: word uni- and bigrams, sublinear TF x IDF, L2 norm,\n\
         # logistic regression. Written by `cargo run --release -p signalint-plugin-shadow-patterns\n\
         # --example train_lexical` (src/lexical/train.rs) from corpus/: poison/*.jsonl (split tune),\n\
         # dev-malicious.json, dev-benign-hard.json, real-servers/{{servers,heldout,heldout2}}.jsonl,\n\
         # real-benign/*.json. Never real-servers/heldout3.jsonl nor held-out poison rows.\n\
         # {} training fields ({positives} attack fields), {} wording groups, {} terms.\n\
         # Thresholds on grouped out-of-fold logits: flag at <= {}% of real servers and <= {}% of\n\
         # hard-benign items; confirm at <= {}% of real servers and <= {}% of hard-benign items.\n\
         # Columns: term, idf, weight. Do not edit: tests/lexical_model.rs checks it against training.",
        c.docs.len(),
        groups.len(),
        vec.vocab.len(),
        FLAG_REAL_RATE * 100.0,
        FLAG_HARD_BENIGN_RATE * 100.0,
        CONFIRM_REAL_RATE * 100.0,
        CONFIRM_HARD_BENIGN_RATE * 100.0,
    );
    let _ = writeln!(file, "#! intercept {:.6}", round6(b));
    let _ = writeln!(file, "#! flag {flag:.6}");
    let _ = writeln!(file, "#! confirm {confirm:.6}");
    for (i, term) in vec.vocab.iter().enumerate() {
        let _ = writeln!(file, "{term}\t{:.6}\t{:.6}", vec.idf[i], round6(w[i]));
    }

    // Figures, out of fold.
    let mut report = String::new();
    let _ = writeln!(
        report,
        "{} fields ({positives} attack fields), {} groups, {} terms; flag {flag:.3}, confirm {confirm:.3}",
        c.docs.len(),
        groups.len(),
        vec.vocab.len()
    );
    let rate = |xs: &[f64], t: f64| xs.iter().filter(|&&x| x >= t).count();
    let _ = writeln!(
        report,
        "out of fold, items with a field at or above flag / confirm: real servers {}/{} / {}/{}, hard benign {}/{} / {}/{}",
        rate(&real, flag),
        real.len(),
        rate(&real, confirm),
        real.len(),
        rate(&hard, flag),
        hard.len(),
        rate(&hard, confirm),
        hard.len()
    );
    let mut per: std::collections::BTreeMap<&str, (usize, usize, usize)> = Default::default();
    for item in c.items.iter().filter(|i| i.source == Source::Attack) {
        let m = item_max(item);
        let e = per.entry(item.category.as_str()).or_default();
        e.0 += 1;
        e.1 += usize::from(m >= flag);
        e.2 += usize::from(m >= confirm);
    }
    let (n, f, k) = per
        .values()
        .fold((0, 0, 0), |a, v| (a.0 + v.0, a.1 + v.1, a.2 + v.2));
    let _ = writeln!(
        report,
        "out of fold, attack items flagged / confirmed: {f}/{n} / {k}/{n}"
    );
    for (cat, (n, f, k)) in per {
        let _ = writeln!(report, "  {cat:<26} {f}/{n} / {k}/{n}");
    }
    // Per language: a language whose benign items the model flags more often than the pooled
    // rate learned that language's words, not the attack's.
    let mut by_language: std::collections::BTreeMap<&str, [usize; 4]> = Default::default();
    for item in c.items.iter().filter(|i| i.source != Source::Real) {
        let flagged = usize::from(item_max(item) >= flag);
        let e = by_language.entry(item.language.as_str()).or_default();
        let at = if item.source == Source::Attack { 0 } else { 2 };
        e[at] += flagged;
        e[at + 1] += 1;
    }
    let _ = writeln!(
        report,
        "out of fold, per language: attack items flagged, hard-benign items flagged"
    );
    for (language, [af, an, bf, bn]) in by_language {
        let _ = writeln!(report, "  {language:<4} {af}/{an}, {bf}/{bn}");
    }
    let attacks: Vec<f64> = c
        .items
        .iter()
        .filter(|i| i.source == Source::Attack)
        .map(item_max)
        .collect();
    for r in [0.01, 0.02, 0.03, 0.05, 0.1, 0.2] {
        let t = threshold_at(&hard, r);
        let _ = writeln!(
            report,
            "out of fold, threshold at {r} of hard-benign items ({t:.3}): attacks {}/{}, real servers {}/{}",
            rate(&attacks, t),
            attacks.len(),
            rate(&real, t),
            real.len()
        );
    }
    Ok(Trained { file, report })
}

/// Whether two data files hold the same model, to six decimals.
pub fn same_model(a: &str, b: &str) -> Result<(), String> {
    let (a, b) = (Model::parse(a)?, Model::parse(b)?);
    let close = |x: f64, y: f64| (x - y).abs() <= 2e-6;
    for (name, x, y) in [
        ("intercept", a.intercept, b.intercept),
        ("flag", a.flag, b.flag),
        ("confirm", a.confirm, b.confirm),
    ] {
        if !close(x, y) {
            return Err(format!("{name}: {x} against {y}"));
        }
    }
    if a.terms.len() != b.terms.len() {
        return Err(format!("{} terms against {}", a.terms.len(), b.terms.len()));
    }
    for (term, Term { idf, weight }) in &a.terms {
        let Some(other) = b.terms.get(term) else {
            return Err(format!("term {term:?} is missing"));
        };
        if !close(*idf, other.idf) || !close(*weight, other.weight) {
            return Err(format!("term {term:?}: {idf} {weight} against {other:?}"));
        }
    }
    Ok(())
}
