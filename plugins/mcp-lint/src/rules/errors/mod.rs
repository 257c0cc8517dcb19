//! The declarative `errors` contract of mcp-ts-core tools and resources, read from source:
//! fourteen structural rules on the entries (`{code, reason, when, recovery, retryable?}`)
//! and two that compare the contract with the handler's `throw`s and `ctx.fail` calls.
//!
//! Codes are resolved through [`error_codes`](crate::error_codes): a number, or a
//! `JsonRpcErrorCode.X` member. A value the reader could not evaluate is not judged, and
//! when any entry's code is unknown the conformance rule does not claim a code undeclared.

pub mod error_contract_code_type;
pub mod error_contract_code_unknown;
pub mod error_contract_code_unknown_error;
pub mod error_contract_conformance;
pub mod error_contract_empty;
pub mod error_contract_entry_type;
pub mod error_contract_prefer_fail;
pub mod error_contract_reason_format;
pub mod error_contract_reason_required;
pub mod error_contract_reason_unique;
pub mod error_contract_recovery_empty;
pub mod error_contract_recovery_min_words;
pub mod error_contract_recovery_required;
pub mod error_contract_retryable_type;
pub mod error_contract_type;
pub mod error_contract_when_required;

use std::fmt::Display;

use signalint_plugin_api::{Json, Object};

use crate::context::{Cx, ptr};
use crate::error_codes::{self, MemberRef};
use crate::rule::Rule;
use crate::rules::ItemKind;
use crate::source_facts::{Def, Static, classify, known, partial};

/// One object entry of the contract.
#[derive(Debug)]
pub struct Entry<'a> {
    pub index: usize,
    /// `/sourceFacts/tools/0/errors/2`.
    pub pointer: String,
    pub fields: &'a Object,
}

impl Entry<'_> {
    /// `errors[2]`, as messages name the entry.
    pub fn label(&self) -> String {
        format!("errors[{}]", self.index)
    }

    /// Pointer of a field of the entry, or of the entry when the field is missing.
    pub fn at(&self, key: &str) -> String {
        if self.fields.get(key).is_some() {
            ptr(&self.pointer, key)
        } else {
            self.pointer.clone()
        }
    }

    /// Reports `rule` at field `key` of the entry (at the entry when the field is missing),
    /// saying `tool `search` errors[2].key <text>`.
    pub fn report(&self, cx: &mut Cx, rule: &Rule, def: &Def, key: &str, text: impl Display) {
        cx.report(
            rule,
            self.at(key),
            format!("{} {}.{key} {text}", def.subject(), self.label()),
        );
    }

    /// A field that is written as a literal (`None` when missing or not evaluated).
    pub fn literal(&self, key: &str) -> Option<&Json> {
        self.fields.get(key).and_then(known)
    }

    /// Whether a field could not be evaluated, or may be among members the reader could not
    /// read (a spread into the entry).
    pub fn unevaluated(&self, key: &str) -> bool {
        match self.fields.get(key) {
            Some(value) => !matches!(classify(value), Static::Known(_)),
            None => partial(self.fields).is_some(),
        }
    }

    /// The entry's `code`, resolved.
    pub fn code(&self) -> Code<'_> {
        let Some(value) = self.fields.get("code") else {
            return if partial(self.fields).is_some() {
                Code::Unknown
            } else {
                Code::Missing
            };
        };
        match classify(value) {
            Static::Unresolved(_) => Code::Unknown,
            Static::Member(dotted) => match error_codes::enum_member(dotted) {
                MemberRef::Code(member) => Code::Member(member),
                MemberRef::NotInEnum => Code::NotInEnum(dotted),
                MemberRef::Other => Code::Unknown,
            },
            Static::Known(Json::Number(n)) => match n.as_i64().and_then(error_codes::member) {
                Some(member) => Code::Member(member),
                None => Code::BadNumber(n.to_string()),
            },
            Static::Known(other) => Code::WrongType(other),
        }
    }

    /// The `reason` when it is a non-empty string.
    pub fn reason(&self) -> Option<&str> {
        self.literal("reason")
            .and_then(Json::as_str)
            .filter(|r| !r.is_empty())
    }
}

/// An entry's `code`.
#[derive(Debug, Clone, PartialEq)]
pub enum Code<'a> {
    Missing,
    /// Not evaluated, or a member of something other than `JsonRpcErrorCode`.
    Unknown,
    /// A `JsonRpcErrorCode` member (written as the member or as its number).
    Member(&'static str),
    /// `JsonRpcErrorCode.X` with no such member.
    NotInEnum(&'a str),
    /// A number that is no `JsonRpcErrorCode` value.
    BadNumber(String),
    /// A literal that is not a number.
    WrongType(&'a Json),
}

/// Runs the group's rules on one tool or resource.
pub fn check(cx: &mut Cx, def: &Def) {
    if def.kind == ItemKind::Prompt {
        return;
    }
    let Some(errors) = def.field("errors").and_then(known) else {
        return;
    };
    let Some(items) = errors.as_array() else {
        error_contract_type::report(cx, def);
        return;
    };
    if items.is_empty() {
        error_contract_empty::report(cx, def);
        return;
    }
    let mut entries = Vec::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        let pointer = format!("{}/errors/{index}", def.facts_base);
        let Some(item) = known(item) else {
            continue;
        };
        let Some(fields) = item.as_object() else {
            error_contract_entry_type::report(cx, def, index, &pointer);
            continue;
        };
        entries.push(Entry {
            index,
            pointer,
            fields,
        });
    }
    for entry in &entries {
        error_contract_code_type::check(cx, def, entry);
        error_contract_code_unknown::check(cx, def, entry);
        error_contract_code_unknown_error::check(cx, def, entry);
        error_contract_reason_required::check(cx, def, entry);
        error_contract_reason_format::check(cx, def, entry);
        error_contract_when_required::check(cx, def, entry);
        error_contract_recovery_required::check(cx, def, entry);
        error_contract_recovery_empty::check(cx, def, entry);
        error_contract_recovery_min_words::check(cx, def, entry);
        error_contract_retryable_type::check(cx, def, entry);
    }
    error_contract_reason_unique::check(cx, def, &entries);
    let every_code_known =
        items.len() == entries.len() && entries.iter().all(|e| e.code() != Code::Unknown);
    let thrown = thrown_codes(def);
    error_contract_conformance::check(cx, def, &entries, &thrown, every_code_known);
    error_contract_prefer_fail::check(cx, def, &entries, &thrown);
}

/// The members the handler throws directly (`new McpError(JsonRpcErrorCode.X, …)` or a
/// factory call), each with the index of its first `throw`, in source order.
pub fn thrown_codes(def: &Def) -> Vec<(&'static str, String)> {
    let mut out: Vec<(&'static str, String)> = Vec::new();
    for throw in def.throws() {
        let member = if throw.constructs("McpError") {
            throw.code.and_then(error_codes::thrown_member)
        } else if throw.kind == "call" {
            throw.callee.and_then(error_codes::factory_code)
        } else {
            None
        };
        if let Some(member) = member
            && !out.iter().any(|(m, _)| *m == member)
        {
            out.push((member, def.throw_ptr(&throw)));
        }
    }
    out
}

/// The declared reasons per code, in contract order.
pub fn reasons_by_code<'a>(entries: &'a [Entry]) -> Vec<(&'static str, Vec<&'a str>)> {
    let mut out: Vec<(&'static str, Vec<&str>)> = Vec::new();
    for entry in entries {
        let (Code::Member(member), Some(reason)) = (entry.code(), entry.reason()) else {
            continue;
        };
        match out.iter_mut().find(|(m, _)| *m == member) {
            Some((_, reasons)) => reasons.push(reason),
            None => out.push((member, vec![reason])),
        }
    }
    out
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_spread_into_an_entry_hides_the_fields_it_may_add() {
        let surface = crate::testing::surface(
            &super::error_contract_code_type::RULE,
            r#"{"tools": [{"name": "t"}], "sourceFacts": {"tools": [{"handler": {"throws": [
                {"kind": "call", "callee": "conflict"}]},
                "errors": [{"$unresolved": "a spread", "reason": "stale_item"}]}]}}"#,
        );
        let findings = crate::lint_surfaces(&[surface], &serde_json::Value::Null).unwrap();
        let errors: Vec<_> = findings
            .iter()
            .filter(|f| f.code.starts_with("error-contract-"))
            .collect();
        assert!(errors.is_empty(), "{errors:#?}");
        let unresolved: Vec<_> = findings
            .iter()
            .filter(|f| f.code == "source-unresolved")
            .filter_map(|f| f.pointer.as_deref())
            .collect();
        assert_eq!(unresolved, ["/sourceFacts/tools/0/errors/0"]);
    }
}
