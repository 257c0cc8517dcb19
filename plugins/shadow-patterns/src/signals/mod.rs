//! The signals of the pack: one file per signal, each with its documentation and tests.
//!
//! A signal reads one [`Unit`] of text (a tool description, a parameter description, a title)
//! and reports [`Hit`]s. A hit carries a **score** built from weighted evidence, the way a
//! reviewer would weigh it:
//!
//! * `+3` near-conclusive evidence (an instruction to ignore earlier instructions),
//! * `+2` strong evidence (a secret moved into a parameter),
//! * `+1` supporting evidence (a time window, a dollar threshold, the word "also"),
//! * `-2` to `-5` counter-evidence (the phrase is quoted as a subject, negated, scoped to a
//!   named sibling tool, or explained by a real dependency).
//!
//! The score decides the severity ([`severity_for`]): 5 and more is critical, 3 and 4 a
//! warning, 1 and 2 info. Info never fails a check; it records weak evidence for review.

use signalint_plugin_api::FindingSeverity;

use crate::normalize::Folded;
use crate::siblings::Siblings;

pub mod argument_tampering;
pub mod concealment;
pub mod conditional_trigger;
pub mod confusable_text;
pub mod cross_server_shadowing;
pub mod encoded_payload;
pub mod exfiltration;
pub mod fake_prerequisite;
pub mod field_label;
pub mod forced_invocation;
pub mod hidden_markup;
pub mod hidden_unicode;
pub mod instruction_override;
pub mod lexical_model;
pub mod preference_manipulation;
pub mod sigil_parameter;
pub mod split_payload;
pub mod tool_suppression;

/// Where a unit of text sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitKind {
    /// A tool's `description` (or `title`).
    ToolDescription,
    /// A description inside the tool's `inputSchema` (any depth).
    ParamDescription,
    /// A prompt's or resource's description.
    OtherDescription,
}

/// One piece of text to check, with its context.
#[derive(Debug)]
pub struct Unit<'a> {
    /// The original text.
    pub raw: &'a str,
    /// The folded text signals match on.
    pub folded: &'a Folded,
    pub kind: UnitKind,
    /// The tool the text belongs to, lower-cased (empty when unnamed).
    pub tool: &'a str,
    /// Lower-cased names of every tool of the same surface.
    pub siblings: &'a Siblings,
    /// Lower-cased names of the tool's parameters (all depths).
    pub params: &'a [String],
}

impl Unit<'_> {
    /// The folded text.
    pub fn text(&self) -> &str {
        &self.folded.text
    }
}

/// Evidence found by one signal.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    pub signal: &'static SignalInfo,
    pub score: i32,
    /// Byte range in the folded text (or in the raw text when `raw_span` is set).
    pub start: usize,
    pub end: usize,
    /// True when `start..end` is a range of the raw text rather than the folded text.
    pub raw_span: bool,
    /// A short explanation for the message ("a model-directed <important> tag").
    pub detail: String,
    /// Replaces the quoted span as evidence (a decoded hidden message).
    pub evidence: Option<String>,
}

impl Hit {
    /// A hit on a folded span.
    pub fn new(
        signal: &'static SignalInfo,
        score: i32,
        span: (usize, usize),
        detail: impl Into<String>,
    ) -> Self {
        Self {
            signal,
            score,
            start: span.0,
            end: span.1,
            raw_span: false,
            detail: detail.into(),
            evidence: None,
        }
    }
}

/// The declaration of a signal (the plugin API's rule kit): its stable kebab-case name as
/// `id`, used in messages and options, a one-line summary, and its documentation.
pub type SignalInfo = signalint_plugin_api::rule_kit::Rule;

/// Every signal, in reporting order.
pub const ALL: &[&SignalInfo] = &[
    &hidden_unicode::SIGNAL,
    &confusable_text::SIGNAL,
    &hidden_markup::SIGNAL,
    &instruction_override::SIGNAL,
    &forced_invocation::SIGNAL,
    &fake_prerequisite::SIGNAL,
    &tool_suppression::SIGNAL,
    &cross_server_shadowing::SIGNAL,
    &exfiltration::SIGNAL,
    &concealment::SIGNAL,
    &argument_tampering::SIGNAL,
    &conditional_trigger::SIGNAL,
    &preference_manipulation::SIGNAL,
    &encoded_payload::SIGNAL,
    &sigil_parameter::SIGNAL,
    &split_payload::SIGNAL,
    &lexical_model::SIGNAL,
];

/// The severity for a score, or `None` below 1.
pub fn severity_for(score: i32) -> Option<FindingSeverity> {
    match score {
        i32::MIN..=0 => None,
        1..=2 => Some(FindingSeverity::Info),
        3..=4 => Some(FindingSeverity::Warning),
        _ => Some(FindingSeverity::Critical),
    }
}

/// The signals that read instructions in plain language. [`encoded_payload`] and
/// [`split_payload`] run them again on decoded and reassembled text.
pub fn language_signals(unit: &Unit<'_>, out: &mut Vec<Hit>) {
    let _scope = crate::prefilter::scope(unit.text(), unit.raw);
    instruction_override::detect(unit, out);
    forced_invocation::detect(unit, out);
    fake_prerequisite::detect(unit, out);
    tool_suppression::detect(unit, out);
    cross_server_shadowing::detect(unit, out);
    exfiltration::detect(unit, out);
    concealment::detect(unit, out);
    argument_tampering::detect(unit, out);
    conditional_trigger::detect(unit, out);
    preference_manipulation::detect(unit, out);
    crate::concepts::detect(unit, out);
}

/// Runs every per-unit signal.
pub fn detect_all(unit: &Unit<'_>, out: &mut Vec<Hit>) {
    let _scope = crate::prefilter::scope(unit.text(), unit.raw);
    hidden_unicode::detect(unit, out);
    confusable_text::detect(unit, out);
    hidden_markup::detect(unit, out);
    language_signals(unit, out);
    encoded_payload::detect(unit, out);
}

/// Builds a unit for tests.
#[cfg(test)]
pub fn check(signal: fn(&Unit<'_>, &mut Vec<Hit>), text: &str) -> i32 {
    check_as(signal, text, UnitKind::ToolDescription, &[])
}

/// Builds a unit of a given kind with siblings, runs one signal, returns the best score.
#[cfg(test)]
pub fn check_as(
    signal: fn(&Unit<'_>, &mut Vec<Hit>),
    text: &str,
    kind: UnitKind,
    siblings: &[&str],
) -> i32 {
    check_with(signal, text, kind, siblings, &[])
}

/// [`check_as`] for a tool with these parameters.
#[cfg(test)]
pub fn check_with(
    signal: fn(&Unit<'_>, &mut Vec<Hit>),
    text: &str,
    kind: UnitKind,
    siblings: &[&str],
    params: &[&str],
) -> i32 {
    let folded = Folded::new(text);
    let tool = siblings.first().copied().unwrap_or("").to_owned();
    let siblings = Siblings::new(siblings.iter().map(|s| s.to_string()));
    let params: Vec<String> = params.iter().map(|p| p.to_string()).collect();
    let unit = Unit {
        raw: text,
        folded: &folded,
        kind,
        tool: &tool,
        siblings: &siblings,
        params: &params,
    };
    let mut out = Vec::new();
    signal(&unit, &mut out);
    out.iter().map(|h| h.score).max().unwrap_or(0)
}
