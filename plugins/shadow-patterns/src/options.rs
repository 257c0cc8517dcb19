//! The pack's options (`[rule_packs.shadow-patterns.options]`).

use std::collections::BTreeMap;

use serde_json::Value;
use signalint_plugin_api::{FindingSeverity, PluginError};

use crate::signals::ALL;

/// Parsed options.
///
/// ```toml
/// [rule_packs.shadow-patterns.options]
/// disabled = ["preference-manipulation"]          # signals not to run
/// severity = { hidden-markup = "warning" }        # fixed severity for a signal
/// min_severity = "warning"                        # drop weaker findings (default "info")
/// max_text_bytes = 65536                          # longer texts are read up to this size
/// confirm_with_model = true                       # a warning stands only when the model agrees
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Signals that do not report.
    pub disabled: Vec<String>,
    /// Fixed severities per signal, replacing the one the score gives.
    pub severity: BTreeMap<String, FindingSeverity>,
    /// Findings below this severity are dropped.
    pub min_severity: FindingSeverity,
    /// Texts are read up to this many bytes.
    pub max_text_bytes: usize,
    /// A rule's warning on a field stands only when the lexical model agrees (else info).
    /// Off by default: measured on the held-out poisoning items, it cut recall from about
    /// 0.74 to 0.28 while removing every false positive.
    pub confirm_with_model: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            disabled: Vec::new(),
            severity: BTreeMap::new(),
            min_severity: FindingSeverity::Info,
            max_text_bytes: 64 * 1024,
            confirm_with_model: false,
        }
    }
}

fn signal_name(name: &str) -> Result<String, PluginError> {
    if ALL.iter().any(|s| s.id == name) {
        Ok(name.to_owned())
    } else {
        let known: Vec<&str> = ALL.iter().map(|s| s.id).collect();
        Err(PluginError::new(format!(
            "shadow-patterns: unknown signal `{name}` in options; known signals: {}",
            known.join(", ")
        )))
    }
}

fn severity(value: &Value, key: &str) -> Result<FindingSeverity, PluginError> {
    match serde_json::from_value(value.clone()) {
        // `Unknown` is for answers from newer peers, not a severity to configure.
        Ok(FindingSeverity::Unknown) | Err(_) => Err(PluginError::new(format!(
            "shadow-patterns: option `{key}` must be one of \"critical\", \"error\", \"warning\", \"info\", got {value}"
        ))),
        Ok(severity) => Ok(severity),
    }
}

impl Options {
    /// Reads the options table. `null` gives the defaults; unknown keys and signals are errors.
    pub fn from_json(value: &Value) -> Result<Self, PluginError> {
        let mut options = Self::default();
        let Some(table) = value.as_object() else {
            return if value.is_null() {
                Ok(options)
            } else {
                Err(PluginError::new("shadow-patterns: options must be a table"))
            };
        };
        for (key, v) in table {
            match key.as_str() {
                "disabled" => {
                    let list = v.as_array().ok_or_else(|| {
                        PluginError::new(
                            "shadow-patterns: option `disabled` must be a list of signal names",
                        )
                    })?;
                    for item in list {
                        let name = item.as_str().ok_or_else(|| {
                            PluginError::new(
                                "shadow-patterns: option `disabled` must be a list of signal names",
                            )
                        })?;
                        options.disabled.push(signal_name(name)?);
                    }
                }
                "severity" => {
                    let map = v.as_object().ok_or_else(|| {
                        PluginError::new("shadow-patterns: option `severity` must be a table of signal = severity")
                    })?;
                    for (name, sev) in map {
                        let name = signal_name(name)?;
                        let sev = severity(sev, &format!("severity.{name}"))?;
                        options.severity.insert(name, sev);
                    }
                }
                "min_severity" => options.min_severity = severity(v, "min_severity")?,
                "max_text_bytes" => {
                    options.max_text_bytes = v
                        .as_u64()
                        .filter(|n| *n >= 256)
                        .ok_or_else(|| PluginError::new("shadow-patterns: option `max_text_bytes` must be an integer of at least 256"))?
                        as usize;
                }
                "confirm_with_model" => {
                    options.confirm_with_model = v.as_bool().ok_or_else(|| {
                        PluginError::new(
                            "shadow-patterns: option `confirm_with_model` must be true or false",
                        )
                    })?;
                }
                other => {
                    return Err(PluginError::new(format!(
                        "shadow-patterns: unknown option `{other}`; known options: disabled, severity, min_severity, max_text_bytes, confirm_with_model"
                    )));
                }
            }
        }
        Ok(options)
    }

    /// True when the signal reports.
    pub fn enabled(&self, name: &str) -> bool {
        !self.disabled.iter().any(|d| d == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn parses_options() {
        let o = Options::from_json(&json!({
            "disabled": ["preference-manipulation"],
            "severity": {"hidden-markup": "warning"},
            "min_severity": "warning"
        }))
        .unwrap();
        assert!(!o.enabled("preference-manipulation"));
        assert_eq!(
            o.severity.get("hidden-markup"),
            Some(&FindingSeverity::Warning)
        );
        assert_eq!(o.min_severity, FindingSeverity::Warning);
        assert_eq!(
            Options::from_json(&Value::Null).unwrap(),
            Options::default()
        );
    }

    #[test]
    fn rejects_unknown_keys_and_signals() {
        assert!(Options::from_json(&json!({"disable": []})).is_err());
        assert!(Options::from_json(&json!({"disabled": ["nope"]})).is_err());
        assert!(Options::from_json(&json!({"severity": {"hidden-markup": "loud"}})).is_err());
    }
}
