//! The reporting context shared by all rules.

use signalint_plugin_api::{Finding, Json};

use crate::options::Settings;
use crate::rule::Rule;

/// Collects the findings of one surface.
#[derive(Debug)]
pub struct Cx<'a> {
    pub settings: &'a Settings,
    surface: usize,
    /// The name of the tool being checked, copied into findings.
    tool: Option<String>,
    findings: Vec<Finding>,
}

impl<'a> Cx<'a> {
    pub fn new(settings: &'a Settings, surface: usize) -> Self {
        Self {
            settings,
            surface,
            tool: None,
            findings: Vec::new(),
        }
    }

    /// Sets (or clears) the tool that following findings belong to.
    pub fn set_tool(&mut self, tool: Option<&str>) {
        self.tool = tool.map(str::to_owned);
    }

    /// Whether `rule` runs at all; rules check it before doing work.
    pub fn on(&self, rule: &Rule) -> bool {
        self.settings.level(rule).is_some()
    }

    /// Reports a finding of `rule` at `pointer` (if the rule is on). Returns the finding so
    /// that the caller can add evidence or a related tool.
    pub fn report(
        &mut self,
        rule: &Rule,
        pointer: impl Into<String>,
        message: impl Into<String>,
    ) -> Option<&mut Finding> {
        let severity = self.settings.level(rule)?;
        let mut finding =
            Finding::new(rule.id, severity, message, self.surface).with_pointer(pointer);
        finding.tool = self.tool.clone();
        self.findings.push(finding);
        self.findings.last_mut()
    }

    /// Reports with quoted evidence.
    pub fn report_evidence(
        &mut self,
        rule: &Rule,
        pointer: impl Into<String>,
        message: impl Into<String>,
        evidence: impl Into<String>,
    ) {
        if let Some(f) = self.report(rule, pointer, message) {
            f.evidence = Some(evidence.into());
        }
    }

    pub fn into_findings(self) -> Vec<Finding> {
        self.findings
    }
}

/// Appends one escaped segment to a JSON pointer.
pub fn ptr(base: &str, segment: impl AsRef<str>) -> String {
    let seg = segment.as_ref();
    let mut out = String::with_capacity(base.len() + seg.len() + 1);
    out.push_str(base);
    out.push('/');
    if seg.contains(['~', '/']) {
        out.push_str(&signalint_plugin_api::pointer_segment(seg));
    } else {
        out.push_str(seg);
    }
    out
}

/// A short quote of a JSON value for evidence and messages (at most 80 characters).
pub fn quote(value: &Json) -> String {
    let text = match value {
        Json::String(s) => s.to_string(),
        other => other.to_string(),
    };
    truncate(&text, 80)
}

/// Truncates to `max` characters, marking the cut with `…`.
pub fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// The JSON type name of a value, as messages spell it.
pub fn type_name(value: &Json) -> &'static str {
    match value {
        Json::Null => "null",
        Json::Bool(_) => "boolean",
        Json::Number(_) => "number",
        Json::String(_) => "string",
        Json::Array(_) => "array",
        Json::Object(_) => "object",
    }
}

/// `Some(s)` when `value` is a non-empty (after trimming) string.
pub fn non_empty_str(value: Option<&Json>) -> Option<&str> {
    value
        .and_then(Json::as_str)
        .filter(|s| !s.trim().is_empty())
}
