//! The pack's options (`[rule_packs.mcp-lint.options]`), parsed and resolved once per call.

use std::collections::HashMap;

use serde::Deserialize;
use serde_json::Value;
use signalint_plugin_api::FindingSeverity;

use crate::registry;
use crate::rule::{Activation, Rule};

/// The `format` values every major LLM vendor accepts (OpenAI's structured-output list).
pub const DEFAULT_FORMAT_ALLOWLIST: &[&str] = &[
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uuid",
];

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOptions {
    #[serde(default)]
    rules: HashMap<String, String>,
    #[serde(default)]
    portability: Option<String>,
    #[serde(default, alias = "formatAllowlist")]
    format_allowlist: Option<Vec<String>>,
    #[serde(default, alias = "truncationAllowlist")]
    truncation_allowlist: Option<Vec<String>>,
    #[serde(default, alias = "canvasConsumers")]
    canvas_consumers: Option<CanvasConsumers>,
}

/// `canvas_consumers`: more consumer tool names, or `false` to turn the rule off.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum CanvasConsumers {
    Off(bool),
    Names(Vec<String>),
}

/// Resolved options: which rules run, at which severity, and the rule settings.
#[derive(Debug, Clone)]
pub struct Settings {
    levels: HashMap<&'static str, Option<FindingSeverity>>,
    /// `portability = "strict"`.
    pub strict: bool,
    /// Accepted `format` values for `schema-format-portability`.
    pub format_allowlist: Vec<String>,
    /// Tool names exempt from `capped-list-no-truncation`.
    pub truncation_allowlist: Vec<String>,
    /// Tool names that consume a canvas besides `*_dataframe_query`; `None` when
    /// `canvas_consumers = false` turned `canvas-consumer-missing` off.
    pub canvas_consumers: Option<Vec<String>>,
}

impl Default for Settings {
    fn default() -> Self {
        Self::resolve(RawOptions::default()).expect("default options are valid")
    }
}

impl Settings {
    /// Parses the options table (JSON; `null` means defaults).
    pub fn from_options(options: &Value) -> Result<Self, String> {
        if options.is_null() {
            return Ok(Self::default());
        }
        let raw: RawOptions = serde_json::from_value(options.clone())
            .map_err(|e| format!("invalid mcp-lint options: {e} (received `{options}`)"))?;
        Self::resolve(raw)
    }

    fn resolve(raw: RawOptions) -> Result<Self, String> {
        let strict = match raw.portability.as_deref() {
            None | Some("default") => false,
            Some("strict") => true,
            Some(other) => {
                return Err(format!(
                    "invalid mcp-lint option `portability = \"{other}\"`: expected \"default\" or \"strict\""
                ));
            }
        };
        let mut levels = HashMap::with_capacity(registry::RULES.len());
        for rule in registry::RULES {
            let on = rule.meta.activation == Activation::Default || strict;
            levels.insert(rule.id, on.then_some(rule.severity));
        }
        for (id, level) in &raw.rules {
            let Some(rule) = registry::find(id) else {
                return Err(format!("unknown mcp-lint rule `{id}` in `rules`"));
            };
            let level = match level.as_str() {
                "off" => None,
                "on" => Some(rule.severity),
                "critical" => Some(FindingSeverity::Critical),
                "error" => Some(FindingSeverity::Error),
                "warning" | "warn" => Some(FindingSeverity::Warning),
                "info" => Some(FindingSeverity::Info),
                other => {
                    return Err(format!(
                        "invalid level `{other}` for mcp-lint rule `{id}`: expected off, on, info, warning, error or critical"
                    ));
                }
            };
            levels.insert(rule.id, level);
        }
        let canvas_consumers = match raw.canvas_consumers {
            None => Some(Vec::new()),
            Some(CanvasConsumers::Off(false)) => None,
            Some(CanvasConsumers::Off(true)) => {
                return Err(
                    "invalid mcp-lint option `canvas_consumers = true`: expected a list of tool names or false"
                        .to_owned(),
                );
            }
            Some(CanvasConsumers::Names(names)) => Some(names),
        };
        Ok(Self {
            levels,
            canvas_consumers,
            strict,
            format_allowlist: raw.format_allowlist.unwrap_or_else(|| {
                DEFAULT_FORMAT_ALLOWLIST
                    .iter()
                    .map(|s| (*s).to_owned())
                    .collect()
            }),
            truncation_allowlist: raw.truncation_allowlist.unwrap_or_default(),
        })
    }

    /// The severity `rule` reports at, or `None` when it is off.
    pub fn level(&self, rule: &Rule) -> Option<FindingSeverity> {
        self.levels.get(rule.id).copied().flatten()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn defaults_leave_strict_rules_off() {
        let s = Settings::from_options(&Value::Null).unwrap();
        assert!(
            s.level(&crate::rules::portability::schema_no_defs::RULE)
                .is_none()
        );
        assert_eq!(
            s.level(&crate::rules::definition::name_format::RULE),
            Some(FindingSeverity::Error)
        );
    }

    #[test]
    fn strict_and_overrides() {
        let s = Settings::from_options(&json!({
            "portability": "strict",
            "rules": {"name-format": "warning", "describe-on-fields": "off"},
            "format_allowlist": ["uri"]
        }))
        .unwrap();
        assert!(
            s.level(&crate::rules::portability::schema_no_defs::RULE)
                .is_some()
        );
        assert_eq!(
            s.level(&crate::rules::definition::name_format::RULE),
            Some(FindingSeverity::Warning)
        );
        assert!(
            s.level(&crate::rules::schema::describe_on_fields::RULE)
                .is_none()
        );
        assert_eq!(s.format_allowlist, vec!["uri".to_owned()]);
    }

    #[test]
    fn bad_options_are_errors() {
        assert!(Settings::from_options(&json!({"rules": {"nope": "off"}})).is_err());
        assert!(Settings::from_options(&json!({"rules": {"name-format": "loud"}})).is_err());
        assert!(Settings::from_options(&json!({"portability": "lax"})).is_err());
        assert!(Settings::from_options(&json!({"colour": true})).is_err());
        assert!(Settings::from_options(&json!({"canvas_consumers": true})).is_err());
        assert!(Settings::from_options(&json!({"canvas_consumers": "q"})).is_err());
    }

    #[test]
    fn canvas_consumers_take_names_or_false() {
        let s = Settings::from_options(&json!({"canvasConsumers": ["sql_query"]})).unwrap();
        assert_eq!(s.canvas_consumers, Some(vec!["sql_query".to_owned()]));
        let s = Settings::from_options(&json!({"canvas_consumers": false})).unwrap();
        assert_eq!(s.canvas_consumers, None);
        assert_eq!(Settings::default().canvas_consumers, Some(Vec::new()));
    }
}
