//! A valid shared library with an unrelated export and no `signalint_plugin_abi_version`.

/// Something a library might export; nothing signalint looks for.
#[unsafe(no_mangle)]
pub extern "C" fn unrelated_library_function(x: u32) -> u32 {
    x.wrapping_mul(3)
}
