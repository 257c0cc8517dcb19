//! An engine plugin that panics: in `plan` by default, in `parse` with
//! `[engines.<id>.options] panic_in = "parse"`. The host must turn the panic into an error
//! status on that engine and carry on.

use signalint_plugin_api::{
    EngineAdapter, EngineInfo, EngineScope, Invocation, ParseOutcome, ParseRequest, Plan,
    PlanRequest, PluginError, PluginKind, PluginManifest, ToolSpec,
};

struct Panicky;

impl EngineAdapter for Panicky {
    fn manifest(&self) -> PluginManifest {
        PluginManifest {
            id: "panicky".into(),
            kind: PluginKind::Engine,
            version: env!("CARGO_PKG_VERSION").into(),
            api_version: String::new(),
            payload_version: 0,
            description: "an engine adapter that panics".into(),
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

    fn plan(&self, request: &PlanRequest) -> Result<Plan, PluginError> {
        if request.options["panic_in"].as_str() == Some("parse") {
            return Ok(Plan {
                invocations: vec![Invocation {
                    program: request.tool.program.clone(),
                    args: vec!["-c".into(), "echo planned fine".into()],
                    label: "parse panics".into(),
                    ..Invocation::default()
                }],
            });
        }
        panic!("panicky engine refuses to plan");
    }

    fn parse(&self, request: &ParseRequest) -> Result<ParseOutcome, PluginError> {
        panic!(
            "panicky engine cannot parse {} bytes",
            request.stdout.trim_end().len()
        );
    }
}

signalint_plugin_api::export_engine!(Panicky);
