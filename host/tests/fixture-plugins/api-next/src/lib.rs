//! A complete engine plugin, built against `signalint-plugin-api` 1.0.0 (the same sources as the
//! workspace's 0.1.0, under another major version). The host must refuse it by version.

use signalint_plugin_api::{
    EngineAdapter, EngineInfo, EngineScope, ParseOutcome, ParseRequest, Plan, PlanRequest,
    PluginError, PluginKind, PluginManifest, ToolSpec,
};

struct ApiNext;

impl EngineAdapter for ApiNext {
    fn manifest(&self) -> PluginManifest {
        PluginManifest {
            id: "api-next".into(),
            kind: PluginKind::Engine,
            version: env!("CARGO_PKG_VERSION").into(),
            api_version: String::new(),
            payload_version: 0,
            description: "an engine built against the next plugin API".into(),
            engine: Some(EngineInfo {
                scope: EngineScope::FileLocal,
                tool: ToolSpec {
                    name: "sh".into(),
                    version_range: ">=1.0.0".into(),
                    candidates: vec![],
                    path_names: vec!["sh".into()],
                    version_args: vec!["-c".into(), "echo 1.0.0".into()],
                    npm_packages: vec![],
                },
                extensions: vec!["txt".into()],
                config_files: vec![],
            }),
            rule_pack: None,
        }
    }

    fn plan(&self, _request: &PlanRequest) -> Result<Plan, PluginError> {
        Ok(Plan::default())
    }

    fn parse(&self, _request: &ParseRequest) -> Result<ParseOutcome, PluginError> {
        Ok(ParseOutcome::default())
    }
}

signalint_plugin_api::export_engine!(ApiNext);
