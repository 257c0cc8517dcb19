//! The binary boundary between the host and a plugin library.
//!
//! It is deliberately tiny: one C probe symbol (an ABI epoch that survives an `abi_stable`
//! upgrade), and one `abi_stable` root module with a single entry point that carries a method
//! name and a JSON payload. Everything that evolves travels as versioned serde types (see the
//! other modules), so adding a field never changes the binary layout.

use abi_stable::{
    StableAbi, declare_root_module_statics,
    library::RootModule,
    package_version_strings,
    sabi_types::VersionStrings,
    std_types::{RResult, RStr, RString},
};

/// The ABI epoch of this interface. Bump on any change to the binary layout below; a plugin
/// built for another epoch is refused before any of its code runs.
pub const SIGNALINT_ABI_VERSION: u32 = 1;

/// The C symbol every plugin exports: `extern "C" fn() -> u32` returning its ABI epoch.
pub const ABI_PROBE_SYMBOL: &[u8] = b"signalint_plugin_abi_version\0";

/// The signature of the single entry point: `call(method, payload_json)`.
pub type CallFn = extern "C" fn(method: RStr<'_>, payload: RStr<'_>) -> RResult<RString, RString>;

/// The root module a plugin library exports. Not `#[non_exhaustive]`: `export_engine!` builds it
/// in the plugin's crate, and `abi_stable`'s prefix layout (not Rust's exhaustiveness) is what
/// lets it grow.
#[repr(C)]
#[derive(StableAbi)]
#[sabi(kind(Prefix(prefix_ref = PluginModuleRef)))]
#[sabi(missing_field(panic))]
pub struct PluginModule {
    /// Answers one request. `method` is one of [`crate::methods`]; `payload` and the answer
    /// are JSON. Errors come back as `RErr` with a message, never as a panic.
    #[sabi(last_prefix_field)]
    pub call: extern "C" fn(method: RStr<'_>, payload: RStr<'_>) -> RResult<RString, RString>,
}

impl RootModule for PluginModuleRef {
    declare_root_module_statics! {PluginModuleRef}
    const BASE_NAME: &'static str = "signalint_plugin";
    const NAME: &'static str = "signalint_plugin";
    const VERSION_STRINGS: VersionStrings = package_version_strings!();
}

/// Builds the root module around a plugin's entry point. Used by the export macros.
#[doc(hidden)]
pub fn root_module(call: CallFn) -> PluginModuleRef {
    use abi_stable::prefix_type::PrefixTypeTrait;
    // One module per library, alive for the life of the process (libraries are never unloaded).
    PluginModule { call }.leak_into_prefix()
}
