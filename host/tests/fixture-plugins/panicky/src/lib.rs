//! An engine plugin that panics: in `plan` by default, in `parse` with
//! `[engines.<id>.options] panic_in = "parse"`. The host must turn the panic into an error
//! status on that engine and carry on.

use signalint_plugin_api::{
    EngineAdapter, EngineInfo, EngineScope, Invocation, ParseOutcome, ParseRequest, Plan,
    PlanRequest, PluginError, PluginManifest, ToolSpec,
};

struct Panicky;

impl EngineAdapter for Panicky {
    fn manifest(&self) -> PluginManifest {
        let tool = ToolSpec::new("sh", ">=1.0.0")
            .with_version_args(vec!["-c".into(), "echo 1.0.0".into()]);
        let engine = EngineInfo::new(EngineScope::FileLocal, tool, vec!["txt".into()]);
        PluginManifest::engine(
            "panicky",
            env!("CARGO_PKG_VERSION"),
            "an engine adapter that panics",
            engine,
        )
    }

    fn plan(&self, request: &PlanRequest) -> Result<Plan, PluginError> {
        if request.options["panic_in"].as_str() == Some("parse") {
            let args = vec!["-c".into(), "echo planned fine".into()];
            let run = Invocation::new(&request.tool.program, args).with_label("parse panics");
            return Ok(Plan::new(vec![run]));
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
