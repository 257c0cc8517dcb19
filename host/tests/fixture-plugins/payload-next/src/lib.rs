//! An engine plugin of the current plugin API whose manifest states the next payload version,
//! as a plugin built against a later release with a changed payload would. The host must
//! refuse it by payload version, naming both versions.
//!
//! `export_engine!` always stamps the payload version of the API it was built against, so this
//! library spells the export out (what the macro expands to) and rewrites the stamp in the
//! manifest it answers.

use signalint_plugin_api::export::__private::{
    CheckTypeLayout, LibHeader, RResult, RStr, RString, RootModuleResult, call_root_module_loader,
};
use signalint_plugin_api::{
    EngineAdapter, EngineInfo, EngineScope, PAYLOAD_VERSION, ParseOutcome, ParseRequest, Plan,
    PlanRequest, PluginError, PluginManifest, SIGNALINT_ABI_VERSION, ToolSpec, call_engine,
    methods,
};

struct PayloadNext;

impl EngineAdapter for PayloadNext {
    fn manifest(&self) -> PluginManifest {
        let tool = ToolSpec::new("sh", ">=1.0.0")
            .with_version_args(vec!["-c".into(), "echo 1.0.0".into()]);
        let engine = EngineInfo::new(EngineScope::FileLocal, tool, vec!["txt".into()]);
        PluginManifest::engine(
            "payload-next",
            env!("CARGO_PKG_VERSION"),
            "an engine that speaks the next payload version",
            engine,
        )
    }

    fn plan(&self, _request: &PlanRequest) -> Result<Plan, PluginError> {
        Ok(Plan::default())
    }

    fn parse(&self, _request: &ParseRequest) -> Result<ParseOutcome, PluginError> {
        Ok(ParseOutcome::default())
    }
}

/// The manifest as the entry point answers it, stamped with the next payload version.
fn answer(method: &str, payload: &str) -> Result<String, PluginError> {
    let json = call_engine(&PayloadNext, method, payload)?;
    if method != methods::MANIFEST {
        return Ok(json);
    }
    let mut manifest: serde_json::Value =
        serde_json::from_str(&json).map_err(|e| PluginError::new(e.to_string()))?;
    manifest["payload_version"] = (PAYLOAD_VERSION + 1).into();
    Ok(manifest.to_string())
}

#[unsafe(no_mangle)]
pub extern "C" fn signalint_plugin_abi_version() -> u32 {
    SIGNALINT_ABI_VERSION
}

extern "C" fn call(method: RStr<'_>, payload: RStr<'_>) -> RResult<RString, RString> {
    match answer(method.as_str(), payload.as_str()) {
        Ok(json) => RResult::ROk(RString::from(json)),
        Err(e) => RResult::RErr(RString::from(e.message())),
    }
}

fn root_module() -> signalint_plugin_api::abi::PluginModuleRef {
    signalint_plugin_api::abi::root_module(call)
}

/// The `abi_stable` library header, as `export_engine!` emits it.
#[unsafe(no_mangle)]
#[allow(non_upper_case_globals)]
pub static _1as_0lib_1header_0root_bmodule_bloader: LibHeader = {
    extern "C" fn erased() -> RootModuleResult {
        call_root_module_loader(root_module)
    }
    unsafe {
        LibHeader::from_constructor::<signalint_plugin_api::abi::PluginModuleRef>(
            erased,
            CheckTypeLayout::Yes,
        )
    }
};
