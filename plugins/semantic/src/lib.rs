//! The `semantic` rule pack: tools and parameters compared by meaning, offline.
//!
//! - [`SEMANTIC_OVERLAP`](rules::corpus_overlap::SEMANTIC_OVERLAP): a tool that reads like a
//!   corpus tool of another server.
//! - [`ALREADY_IN_CORPUS`](rules::corpus_overlap::ALREADY_IN_CORPUS): the corpus already holds
//!   this tool (same name, nearly the same description).
//! - [`SEMANTIC_PARAMETER_CONFLICT`](rules::parameter_conflict): two parameters of one server
//!   that mean the same under different names.
//!
//! Texts are embedded with all-MiniLM-L6-v2 read from a local directory ([`model`]); nothing is
//! downloaded. Unlike the other packs this one reads files: the model, the configured corpus
//! files, and its embedding cache (which it also writes). See the crate README.

pub mod bert;
pub mod corpus;
pub mod model;
pub use signalint_plugin_api::names;
pub mod options;
pub mod rules;
pub mod text_cache;

use std::time::{Duration, Instant};

use signalint_plugin_api::{
    AnalyzeOutcome, AnalyzeRequest, Finding, McpSurface, PluginError, PluginManifest, RulePack,
    RulePackInfo,
};

pub use corpus::{Budget, EmbeddedCorpus};
pub use model::Embedder;
pub use options::Options;

/// The pack's id in `signalint.toml` (`[rule_packs.semantic]`).
pub const PACK_ID: &str = "semantic";

/// How long a check may spend embedding a corpus that is not cached: half of the 60 s the host
/// gives a pack, so that the scanned texts still fit. Past it the pack fails with a status that
/// says what to run, and the next check continues from what was saved.
pub const CORPUS_BUDGET: Duration = Duration::from_secs(30);

/// Findings for every surface of the request: loads the model and the corpus (through the
/// caches), then runs [`analyze_with`]. A request with no surfaces (what `signalint setup`
/// sends) only prepares, with no time limit and progress on stderr; otherwise a corpus not yet
/// cached gets [`CORPUS_BUDGET`].
pub fn analyze(request: &AnalyzeRequest) -> Result<Vec<Finding>, PluginError> {
    let started = Instant::now();
    let options = Options::from_json(&request.options)?;
    let budget = if request.surfaces.is_empty() {
        Budget::Unlimited
    } else {
        Budget::Until(started + CORPUS_BUDGET)
    };
    let (model, corpus) = prepare_within(&options, budget)?;
    analyze_with(&request.surfaces, &options, &model, &corpus)
}

/// The model and the embedded corpus the options call for, however long embedding takes.
pub fn prepare(
    options: &Options,
) -> Result<(std::sync::Arc<Embedder>, EmbeddedCorpus), PluginError> {
    prepare_within(options, Budget::Unlimited)
}

/// [`prepare`] within a time budget for the corpus.
pub fn prepare_within(
    options: &Options,
    budget: Budget,
) -> Result<(std::sync::Arc<Embedder>, EmbeddedCorpus), PluginError> {
    let (dir, source) = options.model_dir();
    let model = Embedder::shared(&dir, &source)?;
    let tools = corpus::load(options.default_corpus, &options.corpus)?;
    let corpus = EmbeddedCorpus::within(&model, tools, &options.cache_dir(), budget)?;
    Ok((model, corpus))
}

/// Findings of every rule, ordered by surface, then by rule. All texts of the surfaces are
/// embedded in one batched call, through the text cache (only texts no earlier scan saw are
/// embedded).
pub fn analyze_with(
    surfaces: &[McpSurface],
    options: &Options,
    model: &Embedder,
    corpus: &EmbeddedCorpus,
) -> Result<Vec<Finding>, PluginError> {
    let (texts, queries, params) = plan(surfaces, corpus);
    let refs: Vec<&str> = texts.0.iter().map(String::as_str).collect();
    let (vectors, _) = text_cache::embed(model, &refs, Some(&options.cache_dir()))?;
    let mut findings = rules::corpus_overlap::check(&queries, surfaces, &vectors, corpus, options);
    findings.extend(rules::parameter_conflict::check(
        &params, surfaces, &vectors, options,
    ));
    findings.sort_by_key(|f| f.surface); // Stable: rule order is kept within a surface.
    Ok(findings)
}

type Plan = (
    rules::Texts,
    Vec<rules::corpus_overlap::Query>,
    Vec<rules::parameter_conflict::SurfaceParams>,
);

fn plan(surfaces: &[McpSurface], corpus: &EmbeddedCorpus) -> Plan {
    let mut texts = rules::Texts::default();
    let queries = rules::corpus_overlap::plan(surfaces, corpus, &mut texts);
    let params = rules::parameter_conflict::plan(surfaces, &mut texts);
    (texts, queries, params)
}

/// The texts a check of `surfaces` asks the text cache for, in order (equal texts may repeat:
/// the cache embeds them once): what a first scan embeds.
pub fn texts_to_embed(surfaces: &[McpSurface], corpus: &EmbeddedCorpus) -> Vec<String> {
    plan(surfaces, corpus).0.0
}

/// The rule pack as the host loads it.
#[derive(Debug, Default)]
pub struct Semantic;

impl Semantic {
    pub fn new() -> Self {
        Self
    }
}

impl RulePack for Semantic {
    fn manifest(&self) -> PluginManifest {
        PluginManifest::rule_pack(
            PACK_ID,
            env!("CARGO_PKG_VERSION"),
            "Tools that mean the same as known tools of other servers, and parameters that mean the same under different names (local embedding model)",
            // Similarity is a prompt to look, not a defect: findings never fail a check. The
            // model costs seconds and an install: the pack runs only where it is configured.
            RulePackInfo::new(rules::infos()).advisory().opt_in(),
        )
    }

    fn analyze(&self, request: &AnalyzeRequest) -> Result<AnalyzeOutcome, PluginError> {
        Ok(AnalyzeOutcome::new(analyze(request)?))
    }
}

signalint_plugin_api::export_rule_pack!(Semantic::new());
