//! One way to declare the rules of a rule pack: id, default severity, one-line summary and
//! the user documentation in one place, with the documentation's examples run as tests.
//!
//! A rule is a [`declare_rule!`](crate::declare_rule) item; its doc comment is the rule's
//! documentation, in ruff's sections. The fenced `json invalid` blocks under `## Example` must
//! be flagged by the rule and the `json valid` blocks under `Use instead:` must not; by default
//! an example is a surface (`{"tools": [...], "prompts": [...]}`), and an info string may give
//! the pack's options (`json invalid options={"max_tools": 2}`). A pack lists its rules in one
//! table (`pub static RULES: &[&Rule]`), builds its manifest's [`RuleInfo`]s from it with
//! [`infos`], and runs every example in its tests with [`check_examples`].
//!
//! ```
//! use signalint_plugin_api::rule_kit::{self, Rule};
//!
//! signalint_plugin_api::declare_rule! {
//!     /// ## What it does
//!     /// Flags a tool without a description.
//!     ///
//!     /// ## Why is this bad?
//!     /// The model picks tools by their descriptions.
//!     ///
//!     /// ## Example
//!     /// ```json invalid
//!     /// {"tools": [{"name": "search"}]}
//!     /// ```
//!     ///
//!     /// Use instead:
//!     /// ```json valid
//!     /// {"tools": [{"name": "search", "description": "Searches the issues."}]}
//!     /// ```
//!     pub DESCRIPTION_REQUIRED = {
//!         id: "description-required",
//!         severity: Warning,
//!         summary: "A tool has no description",
//!     }
//! }
//!
//! pub static RULES: &[&Rule] = &[&DESCRIPTION_REQUIRED];
//!
//! assert!(DESCRIPTION_REQUIRED.problems().is_empty());
//! let infos = rule_kit::infos(RULES);
//! assert!(infos[0].doc.as_deref().unwrap().starts_with("## What it does"));
//! ```

use serde_json::Value;

use crate::manifest::RuleInfo;
use crate::rules::{Finding, FindingSeverity, McpSurface};

/// The sections every rule's documentation has, in this order.
pub const DOC_SECTIONS: [&str; 4] = [
    "## What it does",
    "## Why is this bad?",
    "## Example",
    "Use instead:",
];

/// One rule. `M` is whatever else a pack keeps per rule (a group, when the rule runs).
///
/// Not `#[non_exhaustive]`: `declare_rule!` builds it as a `const` struct literal in the pack's
/// crate, which a non-exhaustive struct forbids. A new field is added through the macro.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule<M = ()> {
    /// Stable id; the finding `code` (or, for a pack with one code, the signal's name).
    pub id: &'static str,
    pub severity: FindingSeverity,
    /// One line, no final period: what the rule finds.
    pub summary: &'static str,
    /// The doc comment as the compiler hands it over (one space before every line's text);
    /// [`Rule::doc`] gives the markdown.
    pub raw_doc: &'static str,
    pub meta: M,
}

/// One fenced example of a rule's documentation.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Example {
    /// `true` for a `json valid` block (must not be flagged), `false` for `json invalid`.
    pub valid: bool,
    pub json: String,
    /// The pack's options for this example (`null` when the info string gives none).
    pub options: Value,
}

impl<M> Rule<M> {
    /// The documentation as markdown.
    pub fn doc(&self) -> String {
        let mut out = String::with_capacity(self.raw_doc.len());
        for line in self.raw_doc.lines() {
            out.push_str(line.strip_prefix(' ').unwrap_or(line));
            out.push('\n');
        }
        let end = out.trim_end().len();
        out.truncate(end);
        out.push('\n');
        out
    }

    /// The manifest entry: code, default severity, summary and documentation.
    pub fn info(&self) -> RuleInfo {
        RuleInfo::new(self.id, self.severity, self.summary).with_doc(self.doc())
    }

    /// The `json valid` and `json invalid` blocks of the documentation, in order.
    ///
    /// # Panics
    /// When an info string's `options=` is not JSON (a mistake in the rule's source).
    pub fn examples(&self) -> Vec<Example> {
        let mut out = Vec::new();
        let mut current: Option<Example> = None;
        for line in self.raw_doc.lines() {
            let line = line.strip_prefix(' ').unwrap_or(line);
            let trimmed = line.trim();
            match current.as_mut() {
                None => {
                    let Some(info) = trimmed.strip_prefix("```json") else {
                        continue;
                    };
                    let info = info.trim();
                    let (kind, rest) = info.split_once(' ').unwrap_or((info, ""));
                    let valid = match kind {
                        "valid" => true,
                        "invalid" => false,
                        _ => continue,
                    };
                    let options = match rest.trim().strip_prefix("options=") {
                        Some(json) => serde_json::from_str(json).unwrap_or_else(|e| {
                            panic!("options of an example of `{}`: {e}: {json}", self.id)
                        }),
                        None => Value::Null,
                    };
                    current = Some(Example {
                        valid,
                        json: String::new(),
                        options,
                    });
                }
                Some(example) => {
                    if trimmed == "```" {
                        out.extend(current.take());
                    } else {
                        example.json.push_str(line);
                        example.json.push('\n');
                    }
                }
            }
        }
        out
    }

    /// What is wrong with the declaration: a missing doc section, a summary that is empty or
    /// ends with a period, no invalid or no valid example, an example that is not JSON.
    pub fn problems(&self) -> Vec<String> {
        let doc = self.doc();
        let mut problems: Vec<String> = DOC_SECTIONS
            .iter()
            .filter(|section| !doc.contains(*section))
            .map(|section| format!("`{}`: the documentation lacks `{section}`", self.id))
            .collect();
        if self.summary.trim().is_empty() || self.summary.ends_with('.') {
            problems.push(format!(
                "`{}`: the summary is empty or ends with a period",
                self.id
            ));
        }
        let examples = self.examples();
        for (valid, kind) in [(false, "json invalid"), (true, "json valid")] {
            if !examples.iter().any(|e| e.valid == valid) {
                problems.push(format!("`{}`: no `{kind}` example", self.id));
            }
        }
        for example in &examples {
            if let Err(e) = serde_json::from_str::<Value>(&example.json) {
                problems.push(format!(
                    "`{}`: an example is not JSON ({e}):\n{}",
                    self.id, example.json
                ));
            }
        }
        problems
    }
}

/// The manifest entries of a pack's rule table, in table order.
pub fn infos<M>(rules: &[&Rule<M>]) -> Vec<RuleInfo> {
    rules.iter().map(|rule| rule.info()).collect()
}

/// The surface an example describes: a surface object whose `server` defaults to `example`.
pub fn surface(json: &str) -> Result<McpSurface, String> {
    let mut value: Value = serde_json::from_str(json).map_err(|e| e.to_string())?;
    if let Value::Object(map) = &mut value {
        map.entry("server")
            .or_insert_with(|| Value::String("example".into()));
    }
    serde_json::from_value(value).map_err(|e| e.to_string())
}

/// Runs every example of `rule`. `run` gives all findings of the pack for one example (with
/// the example's options); `own` tells the findings that count as the rule's. Each invalid
/// example must give at least one finding of its own, each valid example none, and there must
/// be at least one of each. Returns the findings of the invalid examples (every rule's, so
/// that a snapshot shows cross-rule noise).
///
/// # Panics
/// On the first example that does not behave as documented; the message quotes it.
pub fn check_examples<M>(
    rule: &Rule<M>,
    mut run: impl FnMut(&Example) -> Vec<Finding>,
    own: impl Fn(&Finding) -> bool,
) -> Vec<Vec<Finding>> {
    let examples = rule.examples();
    assert!(
        examples.iter().any(|e| !e.valid) && examples.iter().any(|e| e.valid),
        "`{}` needs a `json invalid` and a `json valid` example",
        rule.id
    );
    let mut flagged = Vec::new();
    for example in &examples {
        let findings = run(example);
        let mine = findings.iter().filter(|f| own(f)).count();
        if example.valid {
            assert_eq!(
                mine, 0,
                "valid example of `{}` is flagged: {findings:#?}\n{}",
                rule.id, example.json
            );
        } else {
            assert!(
                mine > 0,
                "invalid example of `{}` is not flagged: {findings:#?}\n{}",
                rule.id,
                example.json
            );
            flagged.push(findings);
        }
    }
    flagged
}

/// Moves every markdown heading outside fenced code down by `levels` (`## A` becomes
/// `#### A` for 2), at most to level 6, so that a rule's documentation nests under a heading
/// of its own.
pub fn demote_headings(markdown: &str, levels: usize) -> String {
    let mut out = String::with_capacity(markdown.len() + 16);
    let mut in_fence = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
        }
        let hashes = line.bytes().take_while(|&b| b == b'#').count();
        if !in_fence && (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
            out.push_str(&"#".repeat((hashes + levels).min(6)));
            out.push_str(&line[hashes..]);
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// Declares a rule (a `const` [`Rule`]) from its doc comment and metadata; see the
/// [module documentation](crate::rule_kit). With a type after the name, `meta` gives the
/// pack's own data:
///
/// ```
/// # #[derive(Debug, Clone, Copy, PartialEq, Eq)] pub enum Group { Names }
/// signalint_plugin_api::declare_rule! {
///     /// ## What it does
///     /// …
///     pub NAME_FORMAT: Group = {
///         id: "name-format",
///         severity: Error,
///         summary: "A tool name has characters clients reject",
///         meta: Group::Names,
///     }
/// }
/// assert_eq!(NAME_FORMAT.meta, Group::Names);
/// ```
#[macro_export]
macro_rules! declare_rule {
    (
        $(#[doc = $doc:literal])*
        $vis:vis $name:ident = {
            id: $id:expr,
            severity: $sev:ident,
            summary: $summary:expr $(,)?
        }
    ) => {
        $(#[doc = $doc])*
        $vis const $name: $crate::rule_kit::Rule = $crate::rule_kit::Rule {
            id: $id,
            severity: $crate::FindingSeverity::$sev,
            summary: $summary,
            raw_doc: concat!($($doc, "\n"),*),
            meta: (),
        };
    };
    (
        $(#[doc = $doc:literal])*
        $vis:vis $name:ident: $meta_ty:ty = {
            id: $id:expr,
            severity: $sev:ident,
            summary: $summary:expr,
            meta: $meta:expr $(,)?
        }
    ) => {
        $(#[doc = $doc])*
        $vis const $name: $crate::rule_kit::Rule<$meta_ty> = $crate::rule_kit::Rule {
            id: $id,
            severity: $crate::FindingSeverity::$sev,
            summary: $summary,
            raw_doc: concat!($($doc, "\n"),*),
            meta: $meta,
        };
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::declare_rule! {
        /// ## What it does
        /// Flags a server with too many tools.
        ///
        /// ## Why is this bad?
        /// Long lists confuse models.
        ///
        /// ## Example
        /// ```json invalid options={"max_tools": 1}
        /// {"tools": [{"name": "a"}, {"name": "b"}]}
        /// ```
        ///
        /// Use instead:
        /// ```json valid
        /// {"tools": [{"name": "a"}]}
        /// ```
        TOO_MANY = {
            id: "too-many",
            severity: Warning,
            summary: "A server has too many tools",
        }
    }

    crate::declare_rule! {
        /// ## What it does
        /// Nothing.
        BARE: u8 = {
            id: "bare",
            severity: Info,
            summary: "Nothing.",
            meta: 7,
        }
    }

    #[test]
    fn examples_carry_their_options() {
        let examples = TOO_MANY.examples();
        assert_eq!(examples.len(), 2);
        assert!(!examples[0].valid && examples[1].valid);
        assert_eq!(examples[0].options, serde_json::json!({"max_tools": 1}));
        assert_eq!(examples[1].options, Value::Null);
        assert_eq!(examples[1].json, "{\"tools\": [{\"name\": \"a\"}]}\n");
        assert!(TOO_MANY.problems().is_empty(), "{:?}", TOO_MANY.problems());
    }

    #[test]
    fn the_doc_is_markdown_and_becomes_the_manifest_entry() {
        let info = TOO_MANY.info();
        assert_eq!(info.code, "too-many");
        assert_eq!(info.default_severity, FindingSeverity::Warning);
        let doc = info.doc.unwrap();
        assert!(doc.starts_with("## What it does\nFlags a server"), "{doc}");
        assert!(doc.ends_with("```\n"), "{doc}");
    }

    #[test]
    fn problems_name_what_is_missing() {
        assert_eq!(BARE.meta, 7);
        let problems = BARE.problems().join("\n");
        for missing in [
            "lacks `## Why is this bad?`",
            "lacks `Use instead:`",
            "ends with a period",
            "no `json invalid` example",
            "no `json valid` example",
        ] {
            assert!(problems.contains(missing), "{missing}: {problems}");
        }
    }

    #[test]
    fn examples_are_checked_against_the_findings() {
        let run = |example: &Example| {
            let surface = surface(&example.json).unwrap();
            assert_eq!(surface.server, "example");
            let max = example.options["max_tools"].as_u64().unwrap_or(20) as usize;
            (surface.tools.len() > max)
                .then(|| Finding::new("too-many", FindingSeverity::Warning, "too many", 0))
                .into_iter()
                .collect()
        };
        let flagged = check_examples(&TOO_MANY, run, |f| f.code == "too-many");
        assert_eq!(flagged.len(), 1);
        let wrong = std::panic::catch_unwind(|| {
            check_examples(&TOO_MANY, |_| Vec::new(), |_| true);
        });
        assert!(
            wrong.is_err(),
            "an invalid example that is not flagged fails"
        );
    }

    #[test]
    fn headings_move_down_outside_code() {
        let md = "## What it does\ntext #1\n```json\n# not a heading\n```\n##### deep\n";
        assert_eq!(
            demote_headings(md, 2),
            "#### What it does\ntext #1\n```json\n# not a heading\n```\n###### deep\n"
        );
    }
}
