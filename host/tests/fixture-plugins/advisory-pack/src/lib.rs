//! A rule pack marked advisory and opt-in (`RulePackInfo::advisory`, `opt_in`) that reports an
//! error and a warning on every tool: the host must run it only where it is configured, show
//! its findings and keep them out of every exit code.

use signalint_plugin_api::{
    AnalyzeOutcome, AnalyzeRequest, Finding, FindingSeverity, PluginError, PluginManifest,
    RuleInfo, RulePack, RulePackInfo,
};

struct Advice;

impl RulePack for Advice {
    fn manifest(&self) -> PluginManifest {
        let rules = vec![
            RuleInfo::new("ADVICE_ERROR", FindingSeverity::Error, "an advisory error"),
            RuleInfo::new("ADVICE", FindingSeverity::Warning, "an advisory warning"),
        ];
        PluginManifest::rule_pack(
            "advice",
            env!("CARGO_PKG_VERSION"),
            "a rule pack whose findings are advice",
            RulePackInfo::new(rules).advisory().opt_in(),
        )
    }

    fn analyze(&self, request: &AnalyzeRequest) -> Result<AnalyzeOutcome, PluginError> {
        let mut findings = Vec::new();
        for (index, surface) in request.surfaces.iter().enumerate() {
            for tool in &surface.tools {
                let name = tool.get("name").and_then(|v| v.as_str()).unwrap_or("");
                for (code, severity) in [
                    ("ADVICE_ERROR", FindingSeverity::Error),
                    ("ADVICE", FindingSeverity::Warning),
                ] {
                    findings.push(
                        Finding::new(code, severity, format!("advice on {name}"), index)
                            .with_tool(name),
                    );
                }
            }
        }
        Ok(AnalyzeOutcome::new(findings))
    }
}

signalint_plugin_api::export_rule_pack!(Advice);
