//! The pack's options: `[rule_packs.tool-hygiene.options]` in `signalint.toml`.

use serde::Deserialize;
use serde_json::Value;
use signalint_plugin_api::PluginError;

/// Options as written in the configuration.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The servers are loaded together into one shared context (a platform or gateway):
    /// tool names that collide across servers are critical instead of warnings.
    pub platform: bool,
    /// `TOOL_COUNT_WARNING` fires for a server with more tools than this (default 20).
    pub max_tools: usize,
}

/// The default of [`Options::max_tools`].
pub const DEFAULT_MAX_TOOLS: usize = 20;

impl Default for Options {
    fn default() -> Self {
        Self {
            platform: false,
            max_tools: DEFAULT_MAX_TOOLS,
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
                "invalid [rule_packs.tool-hygiene.options]: expected a table, found {value}"
            )));
        }
        serde_json::from_value(value.clone()).map_err(|e| {
            PluginError::new(format!(
                "invalid [rule_packs.tool-hygiene.options]: {e} (expected `platform`, a boolean, and `max_tools`, a whole number)"
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn null_means_defaults() {
        let options = Options::from_json(&Value::Null).unwrap();
        assert_eq!(
            options,
            Options {
                platform: false,
                max_tools: 20
            }
        );
    }

    #[test]
    fn reads_options() {
        let options = Options::from_json(&json!({"platform": true, "max_tools": 40})).unwrap();
        assert_eq!(
            options,
            Options {
                platform: true,
                max_tools: 40
            }
        );
        let options = Options::from_json(&json!({"max_tools": 5})).unwrap();
        assert_eq!(
            options,
            Options {
                platform: false,
                max_tools: 5
            }
        );
    }

    #[test]
    fn rejects_bad_options() {
        for bad in [
            json!({"maxTools": 5}),
            json!({"max_tools": -1}),
            json!({"max_tools": "20"}),
            json!({"platform": "yes"}),
            json!([]),
        ] {
            let error = Options::from_json(&bad).unwrap_err();
            assert!(error.message().contains("tool-hygiene"), "{bad}: {error}");
        }
    }
}
