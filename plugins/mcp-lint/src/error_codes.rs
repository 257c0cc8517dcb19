//! The error codes of `@cyanheads/mcp-ts-core` as data: the `JsonRpcErrorCode` enum (member
//! name → number), the error factories (`notFound(…)` → the code it builds) and the baseline
//! codes any handler may throw. The handler and error-contract rules resolve
//! `JsonRpcErrorCode.X` members and factory calls through these tables only; a member or a
//! callee that is not listed is never guessed.

/// `JsonRpcErrorCode` members with their numbers: the JSON-RPC 2.0 standard errors, then
/// the framework's implementation-defined server errors.
pub const CODES: &[(&str, i64)] = &[
    ("ParseError", -32700),
    ("InvalidRequest", -32600),
    ("MethodNotFound", -32601),
    ("InvalidParams", -32602),
    ("InternalError", -32603),
    ("ServiceUnavailable", -32000),
    ("NotFound", -32001),
    ("Conflict", -32002),
    ("RateLimited", -32003),
    ("Timeout", -32004),
    ("Forbidden", -32005),
    ("Unauthorized", -32006),
    ("ValidationError", -32007),
    ("ConfigurationError", -32008),
    ("InitializationFailed", -32009),
    ("DatabaseError", -32010),
    ("SerializationError", -32070),
    ("UnknownError", -32099),
];

/// The factory functions of `@cyanheads/mcp-ts-core/errors` and the member each builds.
pub const FACTORIES: &[(&str, &str)] = &[
    ("invalidParams", "InvalidParams"),
    ("invalidRequest", "InvalidRequest"),
    ("notFound", "NotFound"),
    ("forbidden", "Forbidden"),
    ("unauthorized", "Unauthorized"),
    ("validationError", "ValidationError"),
    ("conflict", "Conflict"),
    ("rateLimited", "RateLimited"),
    ("timeout", "Timeout"),
    ("serviceUnavailable", "ServiceUnavailable"),
    ("configurationError", "ConfigurationError"),
    ("internalError", "InternalError"),
    ("serializationError", "SerializationError"),
    ("databaseError", "DatabaseError"),
];

/// Codes that can come from anywhere (services, framework utilities, the error classifier)
/// and need no entry in a contract.
pub const BASELINE: &[&str] = &[
    "InternalError",
    "ServiceUnavailable",
    "Timeout",
    "ValidationError",
    "SerializationError",
];

/// The member whose code is the classifier's give-up fallback.
pub const UNKNOWN_ERROR: &str = "UnknownError";

/// The enum's name in source.
pub const ENUM: &str = "JsonRpcErrorCode";

/// The number of a member.
pub fn code(member: &str) -> Option<i64> {
    CODES.iter().find(|(m, _)| *m == member).map(|(_, c)| *c)
}

/// The member of a number.
pub fn member(code: i64) -> Option<&'static str> {
    CODES.iter().find(|(_, c)| *c == code).map(|(m, _)| *m)
}

/// The factory that builds a member's code.
pub fn factory_for(member: &str) -> Option<&'static str> {
    FACTORIES
        .iter()
        .find(|(_, m)| *m == member)
        .map(|(f, _)| *f)
}

/// The member a factory builds.
pub fn factory_code(factory: &str) -> Option<&'static str> {
    FACTORIES
        .iter()
        .find(|(f, _)| *f == factory)
        .map(|(_, m)| *m)
}

/// The member a `code` fact of a throw names: a member name, or a numeric literal's text.
pub fn thrown_member(code_fact: &str) -> Option<&'static str> {
    if let Ok(number) = code_fact.trim().parse::<i64>() {
        return member(number);
    }
    CODES.iter().find(|(m, _)| *m == code_fact).map(|(m, _)| *m)
}

/// What a `$member` value (`JsonRpcErrorCode.NotFound`) names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemberRef {
    /// A member of `JsonRpcErrorCode`.
    Code(&'static str),
    /// `JsonRpcErrorCode.X` where the enum has no `X`.
    NotInEnum,
    /// A member of something else (another enum, an object): not judged.
    Other,
}

/// Resolves a `$member` value against `JsonRpcErrorCode`.
pub fn enum_member(dotted: &str) -> MemberRef {
    let Some(name) = dotted
        .strip_prefix(ENUM)
        .and_then(|rest| rest.strip_prefix('.'))
    else {
        return MemberRef::Other;
    };
    match CODES.iter().find(|(m, _)| *m == name) {
        Some((m, _)) => MemberRef::Code(m),
        None => MemberRef::NotInEnum,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree() {
        for (factory, member) in FACTORIES {
            assert!(code(member).is_some(), "{factory} builds unknown {member}");
            assert_eq!(factory_for(member), Some(*factory));
        }
        for member in BASELINE {
            assert!(code(member).is_some());
        }
        let mut numbers: Vec<_> = CODES.iter().map(|(_, c)| c).collect();
        numbers.sort();
        numbers.dedup();
        assert_eq!(numbers.len(), CODES.len());
    }

    #[test]
    fn resolution() {
        assert_eq!(thrown_member("NotFound"), Some("NotFound"));
        assert_eq!(thrown_member("-32001"), Some("NotFound"));
        assert_eq!(thrown_member("-1"), None);
        assert_eq!(
            enum_member("JsonRpcErrorCode.Conflict"),
            MemberRef::Code("Conflict")
        );
        assert_eq!(enum_member("JsonRpcErrorCode.Nope"), MemberRef::NotInEnum);
        assert_eq!(enum_member("Codes.NotFound"), MemberRef::Other);
        assert_eq!(member(-32099), Some(UNKNOWN_ERROR));
    }
}
