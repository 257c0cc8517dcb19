//! A plain library (no `abi_stable`) whose ABI probe reports epoch 99. The host must refuse it
//! from the probe alone, before it looks for an `abi_stable` header.

/// The ABI probe, answering an epoch no signalint speaks.
#[unsafe(no_mangle)]
pub extern "C" fn signalint_plugin_abi_version() -> u32 {
    99
}
