//! Loading one plugin library: probe, header, version handshake, root module, manifest.

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use abi_stable::library::{LibraryError, RootModule, lib_header_from_path};
use abi_stable::std_types::{RResult, RStr};
use serde::Serialize;
use serde::de::DeserializeOwned;
use signalint_plugin_api::abi::PluginModuleRef;
use signalint_plugin_api::{
    ABI_PROBE_SYMBOL, PAYLOAD_VERSION, PLUGIN_API_VERSION, PluginKind, PluginManifest,
    SIGNALINT_ABI_VERSION, methods,
};

/// Why a library did not load. Every message names the file and says what to do.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{}: not a signalint plugin ({detail}); remove it from the plugin path", path.display())]
    NotAPlugin { path: PathBuf, detail: String },

    #[error(
        "{}: built for signalint plugin ABI {found}, this signalint speaks ABI {expected}; rebuild the plugin against signalint-plugin-api {PLUGIN_API_VERSION}",
        path.display()
    )]
    AbiEpoch {
        path: PathBuf,
        found: u32,
        expected: u32,
    },

    #[error(
        "{}: built against signalint-plugin-api {found}, this signalint uses {expected}; rebuild the plugin against signalint-plugin-api {}",
        path.display(), compatible_requirement(expected)
    )]
    ApiVersion {
        path: PathBuf,
        found: String,
        expected: String,
    },

    #[error("{}: rejected by the ABI check: {detail}; rebuild the plugin against signalint-plugin-api {PLUGIN_API_VERSION}", path.display())]
    Layout { path: PathBuf, detail: String },

    #[error("{}: its manifest is invalid: {detail}; this is a bug in the plugin", path.display())]
    Manifest { path: PathBuf, detail: String },

    #[error(
        "{}: speaks plugin payload version {found}, this signalint speaks {}; rebuild the plugin against signalint-plugin-api {}",
        path.display(), spoken(), compatible_requirement(PLUGIN_API_VERSION)
    )]
    PayloadVersion { path: PathBuf, found: u64 },

    #[error(
        "{}: a plugin of a kind this signalint does not know (`{kind}`); update signalint, or rebuild the plugin against signalint-plugin-api {}",
        path.display(), compatible_requirement(PLUGIN_API_VERSION)
    )]
    UnknownKind { path: PathBuf, kind: String },
}

/// The payload versions this host reads and writes. A plugin states its own in its manifest
/// (the export macro stamps [`PAYLOAD_VERSION`] of the plugin API it was built against).
pub const SPOKEN_PAYLOAD_VERSIONS: RangeInclusive<u32> = PAYLOAD_VERSION..=PAYLOAD_VERSION;

/// `2`, or `2 to 3` once the host speaks a range.
fn spoken() -> String {
    let (low, high) = SPOKEN_PAYLOAD_VERSIONS.into_inner();
    if low == high {
        low.to_string()
    } else {
        format!("{low} to {high}")
    }
}

/// `^major.minor` for 0.x, `^major` after 1.0.
fn compatible_requirement(version: &str) -> String {
    match semver::Version::parse(version) {
        Ok(v) if v.major == 0 => format!("0.{}.x", v.minor),
        Ok(v) => format!("{}.x", v.major),
        Err(_) => version.to_owned(),
    }
}

/// Whether a plugin built against `plugin` can be used by a host at `host`: same major, and
/// the same minor before 1.0 (Cargo's caret rule).
pub fn api_compatible(plugin: &str, host: &str) -> bool {
    match (semver::Version::parse(plugin), semver::Version::parse(host)) {
        (Ok(p), Ok(h)) => p.major == h.major && (h.major > 0 || p.minor == h.minor),
        _ => false,
    }
}

/// A loaded plugin: its manifest and its entry point.
pub struct PluginHandle {
    path: PathBuf,
    manifest: PluginManifest,
    module: PluginModuleRef,
}

impl std::fmt::Debug for PluginHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PluginHandle")
            .field("path", &self.path)
            .field("id", &self.manifest.id)
            .finish()
    }
}

/// A failed call into a plugin (its own error, a caught panic, or a payload mismatch).
#[derive(Debug, Clone, thiserror::Error)]
#[error("plugin `{plugin}` failed in `{method}`: {message}")]
pub struct CallError {
    pub plugin: String,
    pub method: String,
    pub message: String,
}

impl PluginHandle {
    pub fn manifest(&self) -> &PluginManifest {
        &self.manifest
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn id(&self) -> &str {
        &self.manifest.id
    }

    /// Calls `method` with a serialized request and decodes the answer.
    pub fn call<Req: Serialize, Resp: DeserializeOwned>(
        &self,
        method: &str,
        request: &Req,
    ) -> Result<Resp, CallError> {
        let fail = |message: String| CallError {
            plugin: self.manifest.id.clone(),
            method: method.to_owned(),
            message,
        };
        let payload = serde_json::to_string(request).map_err(|e| fail(e.to_string()))?;
        let answer = raw_call(self.module, method, &payload).map_err(fail)?;
        serde_json::from_str(&answer).map_err(|e| fail(format!("cannot decode its answer: {e}")))
    }
}

fn raw_call(module: PluginModuleRef, method: &str, payload: &str) -> Result<String, String> {
    let call = module.call();
    match call(RStr::from_str(method), RStr::from_str(payload)) {
        RResult::ROk(answer) => Ok(answer.into_string()),
        RResult::RErr(error) => Err(error.into_string()),
    }
}

/// Loads one library: raw ABI probe, abi_stable header, semver handshake on the plugin-api
/// version, layout check, then the manifest.
pub fn load_plugin(path: &Path) -> Result<PluginHandle, LoadError> {
    let epoch = probe_abi_epoch(path)?;
    if epoch != SIGNALINT_ABI_VERSION {
        return Err(LoadError::AbiEpoch {
            path: path.to_owned(),
            found: epoch,
            expected: SIGNALINT_ABI_VERSION,
        });
    }
    let header = lib_header_from_path(path).map_err(|e| LoadError::Layout {
        path: path.to_owned(),
        detail: summarize(&e),
    })?;
    let found = header.version_strings().version.as_str().to_owned();
    if !api_compatible(&found, PLUGIN_API_VERSION) {
        return Err(LoadError::ApiVersion {
            path: path.to_owned(),
            found,
            expected: PLUGIN_API_VERSION.to_owned(),
        });
    }
    let module = header
        .init_root_module::<PluginModuleRef>()
        .map_err(|e| LoadError::Layout {
            path: path.to_owned(),
            detail: summarize(&e),
        })?;
    let manifest_error = |detail: String| LoadError::Manifest {
        path: path.to_owned(),
        detail,
    };
    let answer = raw_call(module, methods::MANIFEST, "null").map_err(manifest_error)?;
    // The payload version comes first: a manifest of another version may not even decode.
    let raw: serde_json::Value =
        serde_json::from_str(&answer).map_err(|e| manifest_error(e.to_string()))?;
    let payload_version = raw["payload_version"].as_u64().unwrap_or(0);
    if !u32::try_from(payload_version).is_ok_and(|v| SPOKEN_PAYLOAD_VERSIONS.contains(&v)) {
        return Err(LoadError::PayloadVersion {
            path: path.to_owned(),
            found: payload_version,
        });
    }
    let kind = raw["kind"].as_str().unwrap_or_default().to_owned();
    let manifest: PluginManifest =
        serde_json::from_value(raw).map_err(|e| manifest_error(e.to_string()))?;
    match manifest.kind {
        PluginKind::Engine | PluginKind::RulePack => {}
        _ => {
            return Err(LoadError::UnknownKind {
                path: path.to_owned(),
                kind,
            });
        }
    }
    match manifest.kind {
        PluginKind::Engine if manifest.engine.is_none() => {
            return Err(manifest_error(
                "an engine without `engine` information".into(),
            ));
        }
        PluginKind::RulePack if manifest.rule_pack.is_none() => {
            return Err(manifest_error(
                "a rule pack without `rule_pack` information".into(),
            ));
        }
        _ => {}
    }
    if manifest.id.is_empty() {
        return Err(manifest_error("an empty id".into()));
    }
    Ok(PluginHandle {
        path: path.to_owned(),
        manifest,
        module,
    })
}

/// Reads the `signalint_plugin_abi_version` C symbol without running any other plugin code.
fn probe_abi_epoch(path: &Path) -> Result<u32, LoadError> {
    let not_a_plugin = |detail: String| LoadError::NotAPlugin {
        path: path.to_owned(),
        detail,
    };
    // SAFETY: loading a library runs its initializers; the plugin path is trusted by policy
    // (see the module docs). The symbol's type is fixed by the plugin API.
    unsafe {
        let library = libloading::Library::new(path).map_err(|e| {
            not_a_plugin(format!(
                "cannot open it: {}",
                std::error::Error::source(&e).map_or_else(|| e.to_string(), ToString::to_string)
            ))
        })?;
        let probe: libloading::Symbol<'_, extern "C" fn() -> u32> =
            library.get(ABI_PROBE_SYMBOL).map_err(|_| {
                not_a_plugin("it does not export `signalint_plugin_abi_version`".into())
            })?;
        Ok(probe())
    }
}

/// abi_stable's layout errors run to thousands of lines; keep the first line that says what
/// differs.
fn summarize(error: &LibraryError) -> String {
    let text = error.to_string();
    tracing::debug!(%text, "full abi_stable error");
    let line_count = text.lines().count();
    let key = text
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("Error:") || l.contains("mismatch") || l.contains("incompatible"))
        .unwrap_or_else(|| text.lines().next().unwrap_or("unknown error"));
    if line_count > 3 {
        format!(
            "{key} ({} more lines of detail with RUST_LOG=debug)",
            line_count - 1
        )
    } else {
        text.replace('\n', " ")
    }
}

#[allow(dead_code)]
fn assert_root_module_is_named() -> &'static str {
    <PluginModuleRef as RootModule>::NAME
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_compatibility() {
        assert!(api_compatible("0.1.3", "0.1.0"));
        assert!(api_compatible("0.1.0", "0.1.7"));
        assert!(!api_compatible("0.2.0", "0.1.0"));
        assert!(!api_compatible("1.0.0", "0.1.0"));
        assert!(
            !api_compatible("0.1.0", "0.2.0"),
            "0.1 plugins are refused by 0.2 hosts"
        );
        assert!(!api_compatible("1.0.0", "0.2.0"));
        assert!(api_compatible("1.4.0", "1.2.0"));
        assert!(!api_compatible("2.0.0", "1.2.0"));
        assert!(!api_compatible("garbage", "1.2.0"));
    }

    #[test]
    fn a_text_file_is_not_a_plugin() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("libsignalint_plugin_fake.so");
        std::fs::write(&path, "not a library").unwrap();
        let err = load_plugin(&path).unwrap_err().to_string();
        assert!(
            err.contains("libsignalint_plugin_fake.so: not a signalint plugin"),
            "{err}"
        );
    }
}
