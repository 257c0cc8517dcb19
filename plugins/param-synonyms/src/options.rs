//! The pack's options: `[rule_packs.param-synonyms.options]` in `signalint.toml`.

use serde::Deserialize;
use serde_json::Value;
use signalint_plugin_api::PluginError;

use crate::normalize::Synonyms;

/// Options as written in the configuration.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Extra synonym groups, each a list of names for one concept; the first is the canonical
    /// name. A group that shares a name with another (or with a built-in group) joins it.
    pub synonym_groups: Vec<Vec<String>>,
    /// Whether the built-in groups apply (default `true`). Turn them off to use only
    /// `synonym_groups`.
    pub builtin_synonyms: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            synonym_groups: Vec::new(),
            builtin_synonyms: true,
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
                "invalid [rule_packs.param-synonyms.options]: expected a table, found {value}"
            )));
        }
        let options: Self = serde_json::from_value(value.clone()).map_err(|e| {
            PluginError::new(format!(
                "invalid [rule_packs.param-synonyms.options]: {e} (expected `synonym_groups`, a list of lists of names, and `builtin_synonyms`, a boolean)"
            ))
        })?;
        for (i, group) in options.synonym_groups.iter().enumerate() {
            if group.len() < 2 {
                return Err(PluginError::new(format!(
                    "invalid [rule_packs.param-synonyms.options]: synonym_groups[{i}] has {} name(s); a group needs at least two",
                    group.len()
                )));
            }
            if let Some(name) = group.iter().find(|n| crate::normalize::words(n).is_empty()) {
                return Err(PluginError::new(format!(
                    "invalid [rule_packs.param-synonyms.options]: synonym_groups[{i}] contains {name:?}, which has no letters or digits"
                )));
            }
        }
        Ok(options)
    }

    /// The synonym table these options describe.
    pub fn synonyms(&self) -> Synonyms {
        let mut synonyms = if self.builtin_synonyms {
            Synonyms::builtin()
        } else {
            Synonyms::default()
        };
        for group in &self.synonym_groups {
            synonyms.add_group(group.iter().map(String::as_str));
        }
        synonyms
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn null_means_defaults() {
        assert_eq!(
            Options::from_json(&Value::Null).unwrap(),
            Options::default()
        );
    }

    #[test]
    fn reads_groups() {
        let options =
            Options::from_json(&json!({"synonym_groups": [["repo", "repository"]]})).unwrap();
        assert_eq!(options.synonym_groups, [["repo", "repository"]]);
        assert!(options.builtin_synonyms);
    }

    #[test]
    fn rejects_bad_options() {
        for bad in [
            json!({"synonym_group": []}),
            json!({"synonym_groups": "repo"}),
            json!({"synonym_groups": [["repo"]]}),
            json!({"synonym_groups": [["repo", "--"]]}),
            json!({"builtin_synonyms": "no"}),
            json!(3),
            json!([]),
        ] {
            let error = Options::from_json(&bad).unwrap_err();
            assert!(error.message().contains("param-synonyms"), "{bad}: {error}");
        }
    }
}
