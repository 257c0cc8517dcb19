"""Reference embeddings for the semantic pack's tests, computed independently of candle.

A plain NumPy forward pass of BERT (all-MiniLM-L6-v2) over the model's safetensors file,
mean pooling over the attention mask and L2 normalization, as sentence-transformers does.
Tokens come from the Python `tokenizers` package with truncation at 256 and no padding.

    pip install numpy tokenizers
    python3 tests/data/reference.py MODEL_DIR > tests/data/reference.json
"""
import json
import math
import struct
import sys

import numpy as np
from tokenizers import Tokenizer

PAIRS = [
    ("A man is eating food.", "A man is eating a piece of bread."),
    ("Get the current price of a stock", "Fetch a real-time quote for a ticker symbol"),
    ("Get the current price of a stock", "Send an email to a list of recipients"),
    ("Search the web for pages about a topic", "Run a web search and return result links"),
    ("Create a new issue in a GitHub repository", "Delete a file from the local disk"),
    ("List the files in a directory", "Show what a folder contains"),
]


def load(path):
    with open(path, "rb") as f:
        (n,) = struct.unpack("<Q", f.read(8))
        header = json.loads(f.read(n))
        data = f.read()
    out = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        a, b = info["data_offsets"]
        if info["dtype"] != "F32":
            continue
        out[name] = np.frombuffer(data[a:b], dtype="<f4").reshape(info["shape"])
    return out


def layer_norm(x, w, b, eps=1e-12):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * w + b


def gelu(x):
    erf = np.vectorize(math.erf)
    return 0.5 * x * (1.0 + erf(x / math.sqrt(2.0)))


def embed(w, config, ids):
    ids = np.array(ids)
    x = (w["embeddings.word_embeddings.weight"][ids]
         + w["embeddings.position_embeddings.weight"][: len(ids)]
         + w["embeddings.token_type_embeddings.weight"][0])
    x = layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
    heads = config["num_attention_heads"]
    d = config["hidden_size"] // heads
    for i in range(config["num_hidden_layers"]):
        p = f"encoder.layer.{i}."
        lin = lambda t, name: t @ w[p + name + ".weight"].T + w[p + name + ".bias"]
        q = lin(x, "attention.self.query").reshape(-1, heads, d).transpose(1, 0, 2)
        k = lin(x, "attention.self.key").reshape(-1, heads, d).transpose(1, 0, 2)
        v = lin(x, "attention.self.value").reshape(-1, heads, d).transpose(1, 0, 2)
        s = q @ k.transpose(0, 2, 1) / math.sqrt(d)
        s = np.exp(s - s.max(-1, keepdims=True))
        s /= s.sum(-1, keepdims=True)
        a = (s @ v).transpose(1, 0, 2).reshape(-1, heads * d)
        x = layer_norm(lin(a, "attention.output.dense") + x,
                       w[p + "attention.output.LayerNorm.weight"],
                       w[p + "attention.output.LayerNorm.bias"])
        h = gelu(lin(x, "intermediate.dense"))
        x = layer_norm(lin(h, "output.dense") + x,
                       w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])
    v = x.mean(0)  # one text, no padding: every token counts
    return v / np.linalg.norm(v)


def main(model_dir):
    w = load(f"{model_dir}/model.safetensors")
    config = json.load(open(f"{model_dir}/config.json"))
    tok = Tokenizer.from_file(f"{model_dir}/tokenizer.json")
    tok.no_padding()
    tok.enable_truncation(256)
    vec = lambda t: embed(w, config, tok.encode(t).ids)
    pairs = []
    for a, b in PAIRS:
        va, vb = vec(a), vec(b)
        pairs.append({"a": a, "b": b, "cosine": round(float(va @ vb), 6)})
    first = vec(PAIRS[0][0])
    out = {"pairs": pairs, "vector": {"text": PAIRS[0][0],
                                      "first8": [round(float(x), 6) for x in first[:8]]}}
    json.dump(out, sys.stdout, indent=1)
    print()


main(sys.argv[1])
