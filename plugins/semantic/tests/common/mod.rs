//! What the pack's tests share: the real model, loaded once, and options for a small corpus.

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::{Value, json};
use signalint_plugin_semantic::{Embedder, Options};

/// The model the tests run against: `$SIGNALINT_SEMANTIC_MODEL` (set by `scripts/test`), else
/// `test-engines/models/all-minilm-l6-v2` in the workspace.
pub fn model_dir() -> PathBuf {
    let dir = std::env::var_os("SIGNALINT_SEMANTIC_MODEL")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../../test-engines/models/all-minilm-l6-v2")
        });
    assert!(
        dir.join("model.safetensors").is_file(),
        "the semantic tests need the model in {}: run `scripts/install-model {}`",
        dir.display(),
        dir.display()
    );
    dir
}

pub fn model() -> Arc<Embedder> {
    Embedder::shared(&model_dir(), "tests").expect("the model loads")
}

/// The small corpus of the tests.
pub fn small_corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/example-corpus.json")
}

/// Options JSON: the test model, a cache under the target directory, the small corpus only,
/// plus `extra`.
pub fn options_json(extra: Value) -> Value {
    let mut options = json!({
        "model": model_dir(),
        "cache_dir": cache_dir(),
        "default_corpus": false,
        "corpus": [small_corpus()],
    });
    if let (Value::Object(options), Value::Object(extra)) = (&mut options, extra) {
        options.extend(extra);
    }
    options
}

pub fn options(extra: Value) -> Options {
    Options::from_json(&options_json(extra)).expect("valid options")
}

/// Kept between runs, so the default corpus is embedded once per model.
pub fn cache_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("semantic-cache")
}

/// Vectors of texts, one per text.
pub fn embed(texts: &[&str]) -> Vec<Vec<f32>> {
    let vectors = model().embed(texts).expect("embeds");
    (0..vectors.len())
        .map(|i| vectors.row(i).to_vec())
        .collect()
}

pub fn cosine(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}
