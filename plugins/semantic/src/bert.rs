//! BERT's forward pass over packed texts: the tokens of many texts side by side in one matrix,
//! with no padding.
//!
//! Every step of a BERT layer but attention works on each token alone (the projections, the
//! layer norms, GELU), so the texts of a batch need not be padded to one length: their tokens
//! are stacked into one `(tokens, hidden)` matrix, and attention runs within each text. A batch
//! padded to its longest text computes the same numbers (padded positions get an attention
//! weight of exactly 0), plus the padding: the 100 tool texts of the bench hold 3,541 tokens and
//! were padded to about 6,500. The weights and the arithmetic are candle-transformers' BERT
//! (same layers, same GELU); only the order of some float sums differs.

use candle_core::{CpuStorage, CustomOp1, Layout, Module, Shape, Tensor};
use candle_nn::{Embedding, LayerNorm, Linear, VarBuilder};
use candle_transformers::models::bert::{Config, HiddenAct};
use rayon::prelude::*;

type Result<T> = candle_core::Result<T>;

struct Layer {
    /// Query, key and value stacked: one product instead of three.
    qkv: Linear,
    attention_out: Linear,
    attention_norm: LayerNorm,
    up: Linear,
    down: Linear,
    norm: LayerNorm,
}

/// A BERT encoder (weights as `BertModel` reads them).
pub struct Bert {
    words: Embedding,
    positions: Embedding,
    token_types: Embedding,
    norm: LayerNorm,
    layers: Vec<Layer>,
    heads: usize,
    hidden: usize,
}

fn linear(input: usize, output: usize, vb: VarBuilder) -> Result<Linear> {
    candle_nn::linear(input, output, vb)
}

impl Bert {
    pub fn load(vb: VarBuilder, config: &Config) -> Result<Self> {
        if config.hidden_act != HiddenAct::Gelu {
            candle_core::bail!("unsupported activation {:?}", config.hidden_act);
        }
        let hidden = config.hidden_size;
        let heads = config.num_attention_heads;
        if heads == 0 || !hidden.is_multiple_of(heads) {
            candle_core::bail!("{hidden} dimensions do not split into {heads} heads");
        }
        let vb = if vb.contains_tensor("bert.embeddings.word_embeddings.weight") {
            vb.pp("bert")
        } else {
            vb
        };
        let embeddings = vb.pp("embeddings");
        let words =
            candle_nn::embedding(config.vocab_size, hidden, embeddings.pp("word_embeddings"))?;
        let positions = candle_nn::embedding(
            config.max_position_embeddings,
            hidden,
            embeddings.pp("position_embeddings"),
        )?;
        let token_types = candle_nn::embedding(
            config.type_vocab_size,
            hidden,
            embeddings.pp("token_type_embeddings"),
        )?;
        let norm =
            candle_nn::layer_norm(hidden, config.layer_norm_eps, embeddings.pp("LayerNorm"))?;
        let layers = (0..config.num_hidden_layers)
            .map(|i| {
                let vb = vb.pp(format!("encoder.layer.{i}"));
                let attention = vb.pp("attention.self");
                let (mut weights, mut biases) = (Vec::new(), Vec::new());
                for name in ["query", "key", "value"] {
                    weights.push(attention.pp(name).get((hidden, hidden), "weight")?);
                    biases.push(attention.pp(name).get(hidden, "bias")?);
                }
                let qkv = Linear::new(Tensor::cat(&weights, 0)?, Some(Tensor::cat(&biases, 0)?));
                Ok(Layer {
                    qkv,
                    attention_out: linear(hidden, hidden, vb.pp("attention.output.dense"))?,
                    attention_norm: candle_nn::layer_norm(
                        hidden,
                        config.layer_norm_eps,
                        vb.pp("attention.output.LayerNorm"),
                    )?,
                    up: linear(
                        hidden,
                        config.intermediate_size,
                        vb.pp("intermediate.dense"),
                    )?,
                    down: linear(config.intermediate_size, hidden, vb.pp("output.dense"))?,
                    norm: candle_nn::layer_norm(
                        hidden,
                        config.layer_norm_eps,
                        vb.pp("output.LayerNorm"),
                    )?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Self {
            words,
            positions,
            token_types,
            norm,
            layers,
            heads,
            hidden,
        })
    }

    /// The last hidden state of every token of `texts` (token ids, each text at most the
    /// model's positions long), texts one after the other: `(Σ lengths, hidden)`.
    pub fn forward(&self, texts: &[&[u32]]) -> Result<Tensor> {
        let device = self.words.embeddings().device();
        let lengths: Vec<usize> = texts.iter().map(|t| t.len()).collect();
        let total: usize = lengths.iter().sum();
        let ids: Vec<u32> = texts.iter().flat_map(|t| t.iter().copied()).collect();
        let positions: Vec<u32> = lengths.iter().flat_map(|&n| 0..n as u32).collect();
        let ids = Tensor::from_vec(ids, total, device)?;
        let positions = Tensor::from_vec(positions, total, device)?;
        // As BertModel: (words + token type 0) + position, then the layer norm.
        let words = self.words.forward(&ids)?;
        let types = self.token_types.forward(&ids.zeros_like()?)?;
        let mut x = ((words + types)? + self.positions.forward(&positions)?)?;
        x = self.norm.forward(&x)?;
        let attention = Attention {
            lengths: &lengths,
            heads: self.heads,
            hidden: self.hidden,
        };
        for layer in &self.layers {
            let context = layer.qkv.forward(&x)?.apply_op1_no_bwd(&attention)?;
            let attended = layer
                .attention_norm
                .forward(&(layer.attention_out.forward(&context)? + &x)?)?;
            let up = layer.up.forward(&attended)?.apply_op1_no_bwd(&Gelu)?;
            x = layer
                .norm
                .forward(&(layer.down.forward(&up)? + &attended)?)?;
        }
        Ok(x)
    }
}

fn contiguous<'a>(storage: &'a CpuStorage, layout: &Layout) -> Result<&'a [f32]> {
    let CpuStorage::F32(data) = storage else {
        candle_core::bail!("f32 expected");
    };
    match layout.contiguous_offsets() {
        Some((start, end)) => Ok(&data[start..end]),
        None => candle_core::bail!("contiguous input expected"),
    }
}

/// GELU with erf (as candle's `gelu_erf`, within 1 ulp: see [`erf`]), on all threads.
struct Gelu;

impl CustomOp1 for Gelu {
    fn name(&self) -> &'static str {
        "gelu-erf-par"
    }

    fn cpu_fwd(&self, storage: &CpuStorage, layout: &Layout) -> Result<(CpuStorage, Shape)> {
        let src = contiguous(storage, layout)?;
        let mut dst = vec![0f32; src.len()];
        dst.par_chunks_mut(4096)
            .zip(src.par_chunks(4096))
            .for_each(|(dst, src)| gelu(dst, src));
        Ok((CpuStorage::F32(dst), layout.shape().clone()))
    }
}

/// `dst = gelu(src)`, with AVX2 and FMA when the CPU has them: 8 values at a time instead of
/// one (the same results either way: every step is an exact `mul_add` or a plain operation).
fn gelu(dst: &mut [f32], src: &[f32]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma") {
        // SAFETY: the CPU has both features.
        unsafe { gelu_avx2_fma(dst, src) };
        return;
    }
    gelu_portable(dst, src);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn gelu_avx2_fma(dst: &mut [f32], src: &[f32]) {
    gelu_portable(dst, src);
}

#[inline(always)]
fn gelu_portable(dst: &mut [f32], src: &[f32]) {
    for (d, &v) in dst.iter_mut().zip(src) {
        *d = (erf(v * std::f32::consts::FRAC_1_SQRT_2) + 1.) * 0.5 * v;
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

/// Self-attention within each text, from the stacked query, key and value rows
/// (`(tokens, 3 × hidden)`) to the context rows (`(tokens, hidden)`).
struct Attention<'a> {
    lengths: &'a [usize],
    heads: usize,
    hidden: usize,
}

impl CustomOp1 for Attention<'_> {
    fn name(&self) -> &'static str {
        "packed-attention"
    }

    fn cpu_fwd(&self, storage: &CpuStorage, layout: &Layout) -> Result<(CpuStorage, Shape)> {
        let qkv = contiguous(storage, layout)?;
        let (hidden, heads) = (self.hidden, self.heads);
        let size = hidden / heads;
        let total: usize = self.lengths.iter().sum();
        if layout.shape().dims() != [total, 3 * hidden] {
            candle_core::bail!("attention input of shape {:?}", layout.shape());
        }
        // `(q · k) / √size` as BertModel divides it (an exact division when size is a power
        // of 4, as 64 is).
        let scale = (size as f64).sqrt() as f32;
        let mut starts = Vec::with_capacity(self.lengths.len());
        let mut start = 0;
        for &n in self.lengths {
            starts.push(start);
            start += n;
        }
        // One task per text and head; each fills its own block, copied in place after. The
        // two products go through gemm, as BertModel's batched matmuls do.
        let row_stride = (3 * hidden) as isize;
        let blocks: Vec<Vec<f32>> = (0..self.lengths.len() * heads)
            .into_par_iter()
            .map(|task| {
                let (text, head) = (task / heads, task % heads);
                let (start, n) = (starts[text], self.lengths[text]);
                let at = |part: usize| start * 3 * hidden + part * hidden + head * size;
                let (q, k, v) = (&qkv[at(0)..], &qkv[at(1)..], &qkv[at(2)..]);
                let mut scores = vec![0f32; n * n];
                let mut out = vec![0f32; n * size];
                // SAFETY: every matrix lies within its slice: rows of `q`, `k` and `v` are
                // `row_stride` apart and the last one ends within `qkv` (n rows from `start`,
                // `size` floats from the head's column); `scores` is n × n and `out` n × size,
                // both row-major.
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
                        size as isize,
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
                out
            })
            .collect();
        let mut dst = vec![0f32; total * hidden];
        for (task, block) in blocks.iter().enumerate() {
            let (text, head) = (task / heads, task % heads);
            for (i, values) in block.chunks_exact(size).enumerate() {
                let at = (starts[text] + i) * hidden + head * size;
                dst[at..at + size].copy_from_slice(values);
            }
        }
        Ok((CpuStorage::F32(dst), Shape::from((total, hidden))))
    }
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
        let mut dst = vec![0f32; src.len()];
        gelu(&mut dst, &src);
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
