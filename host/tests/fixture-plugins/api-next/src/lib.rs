//! A complete engine plugin, built against `signalint-plugin-api` 1.0.0 (the same sources as the
//! workspace's 0.2.0, under another major version). The host must refuse it by version.

use signalint_plugin_api::{
    EngineAdapter, EngineInfo, EngineScope, ParseOutcome, ParseRequest, Plan, PlanRequest,
    PluginError, PluginManifest, ToolSpec,
};

struct ApiNext;

impl EngineAdapter for ApiNext {
    fn manifest(&self) -> PluginManifest {
        let tool = ToolSpec::new("sh", ">=1.0.0")
            .with_version_args(vec!["-c".into(), "echo 1.0.0".into()]);
        let engine = EngineInfo::new(EngineScope::FileLocal, tool, vec!["txt".into()]);
        PluginManifest::engine(
            "api-next",
            env!("CARGO_PKG_VERSION"),
            "an engine built against the next plugin API",
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

signalint_plugin_api::export_engine!(ApiNext);
