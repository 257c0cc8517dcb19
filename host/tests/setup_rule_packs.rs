//! `signalint setup` prepares the rule packs a scan runs: the semantic pack embeds its corpus
//! into its cache there, with progress on stderr, so that a check finds it cached. Runs the real
//! pack and model (`$SIGNALINT_SEMANTIC_MODEL`, else `test-engines/models/all-minilm-l6-v2`) on
//! a corpus of three tools.

mod support;

use std::path::{Path, PathBuf};

fn model_dir() -> PathBuf {
    let dir = std::env::var_os("SIGNALINT_SEMANTIC_MODEL")
        .map(PathBuf::from)
        .unwrap_or_else(|| support::workspace_root().join("test-engines/models/all-minilm-l6-v2"));
    assert!(
        dir.join("model.safetensors").is_file(),
        "this test needs the model in {}: run `scripts/install-model {}`",
        dir.display(),
        dir.display()
    );
    dir
}

fn setup(root: &Path, args: &[&str]) -> (Option<i32>, String) {
    let output = support::run(
        support::signalint(None)
            .arg("--root")
            .arg(root)
            .arg("setup")
            .args(args),
    );
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn cached_corpora(cache: &Path) -> Vec<String> {
    std::fs::read_dir(cache)
        .map(|entries| {
            entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with("corpus-") && n.ends_with(".vec"))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn setup_embeds_the_semantic_corpus_once_with_progress() {
    let project = support::temp_project();
    let root = support::canonical(project.path());
    let cache = root.join("cache");
    let corpus = support::workspace_root().join("plugins/semantic/tests/data/example-corpus.json");
    std::fs::write(
        root.join("signalint.toml"),
        format!(
            "[rule_packs.semantic.options]\nmodel = {:?}\ncache_dir = {:?}\n\
             default_corpus = false\ncorpus = [{:?}]\n",
            model_dir().display().to_string(),
            cache.display().to_string(),
            corpus.display().to_string()
        ),
    )
    .unwrap();
    let (code, stderr) = setup(&root, &["--rule-packs-only"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("semantic: embedding the corpus: 0/"),
        "progress: {stderr}"
    );
    assert!(stderr.contains("rule packs ready: "), "{stderr}");
    assert!(stderr.contains("semantic"), "{stderr}");
    assert!(!stderr.contains("toolchain"), "--rule-packs-only: {stderr}");
    assert_eq!(cached_corpora(&cache).len(), 1, "{stderr}");
    // Warm: nothing to embed, nothing said about it.
    let (code, stderr) = setup(&root, &["--rule-packs-only"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!stderr.contains("embedding the corpus"), "{stderr}");
}

#[test]
fn setup_fails_and_says_how_to_install_a_missing_model() {
    let project = support::temp_project();
    let root = support::canonical(project.path());
    std::fs::write(
        root.join("signalint.toml"),
        format!(
            "[rule_packs.semantic.options]\nmodel = {:?}\n",
            root.join("no-model").display().to_string()
        ),
    )
    .unwrap();
    let (code, stderr) = setup(&root, &["--rule-packs-only"]);
    assert_eq!(code, Some(3), "{stderr}");
    assert!(stderr.contains("rule pack `semantic`"), "{stderr}");
    assert!(stderr.contains("scripts/install-model"), "{stderr}");
}
