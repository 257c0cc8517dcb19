//! BERT's forward pass over packed texts: the tokens of many texts side by side in one matrix,
//! with no padding.
//!
//! Every step of a BERT layer but attention works on each token alone (the projections, the
//! layer norms, GELU), so the texts of a batch need not be padded to one length: their tokens
//! are stacked into one `(tokens, hidden)` matrix, and attention runs within each text. A batch
//! padded to its longest text computes the same numbers (padded positions get an attention
//! weight of exactly 0), plus the padding: the 100 tool texts of the bench hold 3,541 tokens and
//! were padded to about 6,500. The weights and the arithmetic are candle-transformers' BERT
//! (same layers, same GELU within an ulp); only the order of some float sums differs.
//!
//! The pass works on plain row-major buffers, reused from layer to layer: each bias is added
//! by the matrix product that follows it (its output starts as the bias, or as bias plus
//! residual), and every step runs on rayon's threads. Candle is used to read the weights only.

use candle_core::Tensor;
use candle_nn::VarBuilder;
use candle_transformers::models::bert::{Config, HiddenAct};
use rayon::prelude::*;

type Result<T> = candle_core::Result<T>;

/// Rows per rayon task in the steps that work on each token alone.
const ROWS_PER_TASK: usize = 16;

fn floats(tensor: &Tensor) -> Result<Vec<f32>> {
    tensor.flatten_all()?.to_vec1::<f32>()
}

/// A fully connected layer: `x · weightᵀ + bias`.
struct Dense {
    /// `(outputs, inputs)`, row-major, as stored.
    weight: Vec<f32>,
    bias: Vec<f32>,
    inputs: usize,
    outputs: usize,
}

impl Dense {
    fn load(vb: VarBuilder, inputs: usize, outputs: usize) -> Result<Self> {
        Ok(Self {
            weight: floats(&vb.get((outputs, inputs), "weight")?)?,
            bias: floats(&vb.get(outputs, "bias")?)?,
            inputs,
            outputs,
        })
    }

    /// `out += x · weightᵀ` for the `rows` rows of `x`; `out` holds `rows × outputs` floats.
    fn accumulate(&self, x: &[f32], rows: usize, out: &mut [f32]) {
        assert!(x.len() >= rows * self.inputs && out.len() >= rows * self.outputs);
        // SAFETY: `x` is `rows × inputs` and `out` `rows × outputs`, both row-major (checked
        // above); the weight is `outputs × inputs` row-major, read as its transpose.
        unsafe {
            gemm::gemm(
                rows,
                self.outputs,
                self.inputs,
                out.as_mut_ptr(),
                1,
                self.outputs as isize,
                true,
                x.as_ptr(),
                1,
                self.inputs as isize,
                self.weight.as_ptr(),
                self.inputs as isize,
                1,
                1.0,
                1.0,
                false,
                false,
                false,
                gemm::Parallelism::Rayon(rayon::current_num_threads()),
            );
        }
    }

    /// `out = x · weightᵀ + bias (+ residual)`, for the rows of `out`.
    fn forward(&self, x: &[f32], residual: Option<&[f32]>, out: &mut [f32]) {
        let rows = out.len() / self.outputs;
        let bias = &self.bias;
        match residual {
            Some(residual) => out
                .par_chunks_mut(self.outputs * ROWS_PER_TASK)
                .zip(residual.par_chunks(self.outputs * ROWS_PER_TASK))
                .for_each(|(out, residual)| {
                    for (out, residual) in out
                        .chunks_exact_mut(bias.len())
                        .zip(residual.chunks_exact(bias.len()))
                    {
                        for ((o, r), b) in out.iter_mut().zip(residual).zip(bias) {
                            *o = r + b;
                        }
                    }
                }),
            None => out
                .par_chunks_mut(self.outputs * ROWS_PER_TASK)
                .for_each(|out| {
                    for out in out.chunks_exact_mut(bias.len()) {
                        out.copy_from_slice(bias);
                    }
                }),
        }
        self.accumulate(x, rows, out);
    }
}

/// A layer norm over the last dimension (as candle-nn's: sums in f32).
struct Norm {
    weight: Vec<f32>,
    bias: Vec<f32>,
    eps: f32,
}

impl Norm {
    fn load(vb: VarBuilder, size: usize, eps: f64) -> Result<Self> {
        Ok(Self {
            weight: floats(&vb.get(size, "weight")?)?,
            bias: floats(&vb.get(size, "bias")?)?,
            eps: eps as f32,
        })
    }

    /// Normalizes every row of `x` in place.
    fn apply(&self, x: &mut [f32]) {
        let size = self.weight.len();
        x.par_chunks_mut(size * ROWS_PER_TASK).for_each(|rows| {
            for row in rows.chunks_exact_mut(size) {
                let (mut sum, mut sum2) = (0f32, 0f32);
                for &v in row.iter() {
                    sum += v;
                    sum2 += v * v;
                }
                let mean = sum / size as f32;
                let var = sum2 / size as f32 - mean * mean;
                let inv_std = (var + self.eps).sqrt().recip();
                for ((v, w), b) in row.iter_mut().zip(&self.weight).zip(&self.bias) {
                    *v = (*v - mean) * inv_std * w + b;
                }
            }
        });
    }
}

struct Layer {
    /// Query, key and value stacked: one product instead of three.
    qkv: Dense,
    attention_out: Dense,
    attention_norm: Norm,
    up: Dense,
    down: Dense,
    norm: Norm,
}

/// A BERT encoder (weights as `BertModel` reads them).
pub struct Bert {
    /// `(vocabulary, hidden)`, row-major.
    words: Vec<f32>,
    /// `(positions, hidden)`.
    positions: Vec<f32>,
    /// The embedding of token type 0 (every token's).
    token_type: Vec<f32>,
    norm: Norm,
    layers: Vec<Layer>,
    heads: usize,
    hidden: usize,
    intermediate: usize,
}

impl Bert {
    pub fn load(vb: VarBuilder, config: &Config) -> Result<Self> {
        if config.hidden_act != HiddenAct::Gelu {
            candle_core::bail!("unsupported activation {:?}", config.hidden_act);
        }
        let hidden = config.hidden_size;
        let heads = config.num_attention_heads;
        let intermediate = config.intermediate_size;
        let eps = config.layer_norm_eps;
        if heads == 0 || !hidden.is_multiple_of(heads) {
            candle_core::bail!("{hidden} dimensions do not split into {heads} heads");
        }
        let vb = if vb.contains_tensor("bert.embeddings.word_embeddings.weight") {
            vb.pp("bert")
        } else {
            vb
        };
        let embeddings = vb.pp("embeddings");
        let table =
            |name: &str, rows: usize| floats(&embeddings.pp(name).get((rows, hidden), "weight")?);
        let words = table("word_embeddings", config.vocab_size)?;
        let positions = table("position_embeddings", config.max_position_embeddings)?;
        let mut token_type = table("token_type_embeddings", config.type_vocab_size)?;
        token_type.truncate(hidden);
        let norm = Norm::load(embeddings.pp("LayerNorm"), hidden, eps)?;
        let layers = (0..config.num_hidden_layers)
            .map(|i| {
                let vb = vb.pp(format!("encoder.layer.{i}"));
                let attention = vb.pp("attention.self");
                let (mut weight, mut bias) = (Vec::new(), Vec::new());
                for name in ["query", "key", "value"] {
                    weight.extend(floats(
                        &attention.pp(name).get((hidden, hidden), "weight")?,
                    )?);
                    bias.extend(floats(&attention.pp(name).get(hidden, "bias")?)?);
                }
                let qkv = Dense {
                    weight,
                    bias,
                    inputs: hidden,
                    outputs: 3 * hidden,
                };
                Ok(Layer {
                    qkv,
                    attention_out: Dense::load(vb.pp("attention.output.dense"), hidden, hidden)?,
                    attention_norm: Norm::load(vb.pp("attention.output.LayerNorm"), hidden, eps)?,
                    up: Dense::load(vb.pp("intermediate.dense"), hidden, intermediate)?,
                    down: Dense::load(vb.pp("output.dense"), intermediate, hidden)?,
                    norm: Norm::load(vb.pp("output.LayerNorm"), hidden, eps)?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Self {
            words,
            positions,
            token_type,
            norm,
            layers,
            heads,
            hidden,
            intermediate,
        })
    }

    /// The last hidden state of every token of `texts` (token ids, each text at most the
    /// model's positions long), texts one after the other: `Σ lengths × hidden` floats,
    /// row-major.
    pub fn forward(&self, texts: &[&[u32]]) -> Result<Vec<f32>> {
        let hidden = self.hidden;
        let lengths: Vec<usize> = texts.iter().map(|t| t.len()).collect();
        let total: usize = lengths.iter().sum();
        let vocabulary = self.words.len() / hidden;
        let positions = self.positions.len() / hidden;
        if let Some(&id) = texts
            .iter()
            .flat_map(|t| t.iter())
            .find(|&&id| id as usize >= vocabulary)
        {
            candle_core::bail!("token id {id} beyond the vocabulary of {vocabulary}");
        }
        if let Some(&n) = lengths.iter().find(|&&n| n > positions) {
            candle_core::bail!("a text of {n} tokens, beyond the model's {positions} positions");
        }
        // As BertModel: (words + token type 0) + position, then the layer norm.
        let mut x = vec![0f32; total * hidden];
        let mut rows = x.chunks_exact_mut(hidden);
        for text in texts {
            for (position, (&id, row)) in text.iter().zip(rows.by_ref()).enumerate() {
                let word = &self.words[id as usize * hidden..][..hidden];
                let place = &self.positions[position * hidden..][..hidden];
                for (((v, w), t), p) in row.iter_mut().zip(word).zip(&self.token_type).zip(place) {
                    *v = (w + t) + p;
                }
            }
        }
        self.norm.apply(&mut x);
        let mut qkv = vec![0f32; total * 3 * hidden];
        let mut context = vec![0f32; total * hidden];
        let mut attended = vec![0f32; total * hidden];
        let mut up = vec![0f32; total * self.intermediate];
        for layer in &self.layers {
            layer.qkv.forward(&x, None, &mut qkv);
            attention(&qkv, &lengths, self.heads, hidden, &mut context);
            layer
                .attention_out
                .forward(&context, Some(&x), &mut attended);
            layer.attention_norm.apply(&mut attended);
            layer.up.forward(&attended, None, &mut up);
            up.par_chunks_mut(self.intermediate * ROWS_PER_TASK)
                .for_each(gelu);
            layer.down.forward(&up, Some(&attended), &mut x);
            layer.norm.apply(&mut x);
        }
        Ok(x)
    }
}

/// Self-attention within each text, from the stacked query, key and value rows
/// (`(tokens, 3 × hidden)`) to the context rows (`(tokens, hidden)`), one rayon task per text.
fn attention(qkv: &[f32], lengths: &[usize], heads: usize, hidden: usize, context: &mut [f32]) {
    let size = hidden / heads;
    // `(q · k) / √size` as BertModel divides it (an exact division when size is a power
    // of 4, as 64 is).
    let scale = (size as f64).sqrt() as f32;
    let mut texts = Vec::with_capacity(lengths.len());
    let (mut qkv, mut context) = (qkv, context);
    for &n in lengths {
        let (text_qkv, rest_qkv) = qkv.split_at(n * 3 * hidden);
        let (text_context, rest_context) = context.split_at_mut(n * hidden);
        texts.push((n, text_qkv, text_context));
        (qkv, context) = (rest_qkv, rest_context);
    }
    let row_stride = (3 * hidden) as isize;
    texts.into_par_iter().for_each(|(n, qkv, context)| {
        let mut scores = vec![0f32; n * n];
        for head in 0..heads {
            let at = |part: usize| part * hidden + head * size;
            let (q, k, v) = (&qkv[at(0)..], &qkv[at(1)..], &qkv[at(2)..]);
            let out = &mut context[head * size..];
            // SAFETY: every matrix lies within its slice: rows of `q`, `k` and `v` are
            // `row_stride` apart and the last one ends within the text's `qkv` (n rows,
            // `size` floats from the head's column); `scores` is n × n, row-major; `out` is
            // n rows `hidden` apart, `size` floats from the head's column, within the
            // text's `context`.
            unsafe {
                // scores = q · kᵀ
                gemm::gemm(
                    n,
                    n,
                    size,
                    scores.as_mut_ptr(),
                    1,
                    n as isize,
                    false,
                    q.as_ptr(),
                    1,
                    row_stride,
                    k.as_ptr(),
                    row_stride,
                    1,
                    0.0,
                    1.0,
                    false,
                    false,
                    false,
                    gemm::Parallelism::None,
                );
            }
            for weights in scores.chunks_exact_mut(n) {
                let mut max = f32::NEG_INFINITY;
                for w in weights.iter_mut() {
                    *w /= scale;
                    max = max.max(*w);
                }
                let mut sum = 0f32;
                for w in weights.iter_mut() {
                    *w = (*w - max).exp();
                    sum += *w;
                }
                for w in weights.iter_mut() {
                    *w /= sum;
                }
            }
            // SAFETY: as above.
            unsafe {
                // out = softmax(scores) · v
                gemm::gemm(
                    n,
                    size,
                    n,
                    out.as_mut_ptr(),
                    1,
                    hidden as isize,
                    false,
                    scores.as_ptr(),
                    1,
                    n as isize,
                    v.as_ptr(),
                    1,
                    row_stride,
                    0.0,
                    1.0,
                    false,
                    false,
                    false,
                    gemm::Parallelism::None,
                );
            }
        }
    });
}

/// GELU with erf (as candle's `gelu_erf`, within 1 ulp: see [`erf`]) in place, with AVX2 and
/// FMA when the CPU has them: 8 values at a time instead of one (the same results either way:
/// every step is an exact `mul_add` or a plain operation).
fn gelu(values: &mut [f32]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma") {
        // SAFETY: the CPU has both features.
        unsafe { gelu_avx2_fma(values) };
        return;
    }
    gelu_portable(values);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn gelu_avx2_fma(values: &mut [f32]) {
    gelu_portable(values);
}

#[inline(always)]
fn gelu_portable(values: &mut [f32]) {
    for v in values {
        *v = (erf(*v * std::f32::consts::FRAC_1_SQRT_2) + 1.) * 0.5 * *v;
    }
}

/// The error function in f32, within about 1 ulp of the exact value (`libm::erff`'s own
/// precision: at most 6e-8 apart), and branch-free, so that a loop over it vectorizes: a
/// polynomial in x² below |x| = 0.9277, `1 - exp(polynomial in |x|)` above (Norbert Juffa's
/// minimax fits).
#[inline(always)]
fn erf(x: f32) -> f32 {
    let t = x.abs();
    let s = x * x;
    let mut r = (-1.728_534_7e-5_f32).mul_add(t, 3.831_971_3e-4);
    let u = (-3.883_964_4e-3_f32).mul_add(t, 2.425_462_2e-2);
    r = r.mul_add(s, u);
    r = r.mul_add(t, -1.067_778_8e-1);
    r = r.mul_add(t, -6.348_467e-1);
    r = r.mul_add(t, -1.287_175_1e-1);
    r = r.mul_add(t, -t);
    let large = (1.0 - exp_non_positive(r)).copysign(x);
    let mut p = -5.967_617e-4_f32;
    p = p.mul_add(s, 4.991_194_3e-3);
    p = p.mul_add(s, -2.676_813_5e-2);
    p = p.mul_add(s, 1.128_199_2e-1);
    p = p.mul_add(s, -3.761_253_4e-1);
    p = p.mul_add(s, 1.283_791_7e-1);
    let small = p.mul_add(x, x);
    if t > 0.927_734_4 { large } else { small }
}

/// `exp(x)` for `x <= 0`, within 2 ulp (flushed to 0 below -87), branch-free: `2^k · e^r`
/// with `|r| <= ln 2 / 2` and e^r by its Taylor series to degree 7.
#[inline(always)]
fn exp_non_positive(x: f32) -> f32 {
    let x = x.max(-87.0);
    // Adding then subtracting 1.5 · 2^23 rounds to an integer without a call.
    const ROUND: f32 = 12_582_912.0;
    let k = x.mul_add(std::f32::consts::LOG2_E, ROUND) - ROUND;
    // ln 2 in two parts, so that `x - k ln 2` loses no bits.
    let r = k.mul_add(-0.693_145_75, x);
    let r = k.mul_add(-1.428_606_8e-6, r);
    let mut p = 1.0 / 5040.0_f32;
    for c in [
        1.0 / 720.0,
        1.0 / 120.0,
        1.0 / 24.0,
        1.0 / 6.0,
        0.5,
        1.0,
        1.0,
    ] {
        p = p.mul_add(r, c);
    }
    p * f32::from_bits(((k as i32 + 127) << 23) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use candle_core::cpu::erf::{erf_f32, erf_f64};

    #[test]
    fn erf_is_within_an_ulp_of_the_exact_value() {
        let mut worst = 0f64;
        for i in -2_000_000..=2_000_000 {
            let x = i as f32 * 5e-6;
            worst = worst.max((erf(x) as f64 - erf_f64(x as f64)).abs());
        }
        for x in [-87.0f32, -12.0, 12.0, 1e3, f32::MAX, f32::MIN] {
            assert_eq!(erf(x), x.signum(), "erf({x})");
        }
        assert!(worst < 7e-8, "erf off by {worst:e}");
    }

    #[test]
    fn gelu_matches_the_libm_erf_one() {
        let src: Vec<f32> = (-400_000..=400_000).map(|i| i as f32 * 5e-5).collect();
        let mut dst = src.clone();
        gelu(&mut dst);
        for (&v, &got) in src.iter().zip(&dst) {
            let exact = (erf_f32(v * std::f32::consts::FRAC_1_SQRT_2) + 1.) * 0.5 * v;
            // An ulp of the result, and the 6e-8 erf error scaled by |v| / 2.
            let allowed = f32::EPSILON * exact.abs().max(1.0) + 4e-8 * v.abs();
            assert!(
                (got - exact).abs() <= allowed,
                "gelu({v}) = {got}, not {exact}"
            );
        }
    }

    #[test]
    fn exp_is_within_two_ulp() {
        for i in 0..=870_000 {
            let x = i as f32 * -1e-4;
            let exact = (x as f64).exp();
            let got = exp_non_positive(x) as f64;
            assert!(
                (got - exact).abs() <= 2.0 * f32::EPSILON as f64 * exact,
                "exp({x}) = {got}, not {exact}"
            );
        }
    }
}
