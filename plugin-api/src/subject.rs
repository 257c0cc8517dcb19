//! What a diagnostic is about, as its engine's adapter reads it: the root-cause subject the host
//! clusters and ranks by. Only an adapter knows its engine's codes and wording, so only an
//! adapter can say that `Cannot find module './db'` is about the module `./db` and that fixing
//! it clears other diagnostics. The host reads nothing else to cluster diagnostics by cause.

use serde::{Deserialize, Serialize};

/// The kind of thing a diagnostic is about. Two diagnostics of one engine with the same kind and
/// name (and detail) share a root cause; the host words the cluster's summary and action from
/// the kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum SubjectKind {
    /// A name the program uses but nothing declares or imports (`UserId`).
    MissingName,
    /// A namespace nothing declares.
    MissingNamespace,
    /// A type-definitions package that is not installed or not listed (`node`).
    MissingTypes,
    /// A `lib` entry the compiler options lack (`dom`).
    MissingLib,
    /// A module specifier that does not resolve (`./db`, `left-pad`).
    MissingModule,
    /// A JavaScript module without type declarations.
    UntypedModule,
    /// A member a module does not export: name the module, detail the member.
    MissingExport,
    /// A value of one type where another is declared: name the source type, detail the target.
    NotAssignable,
    /// An argument of one type for a parameter of another: name the argument's type, detail the
    /// parameter's.
    ArgumentType,
    /// A property read from a type that lacks it: name the property, detail the type.
    UnknownProperty,
    /// A property a type requires but values lack: name the property, detail the type.
    MissingProperty,
    /// An object-literal property the target type does not know: name the property, detail the
    /// type.
    ExcessProperty,
    /// An expression that may be null or undefined: name the expression, detail what it may be
    /// (`null`, `undefined`, `null or undefined`).
    PossiblyNullish,
    /// A binding without a type that falls back to `any`.
    ImplicitAny,
    /// A name declared twice.
    Duplicate,
    /// A type-only name used as a value.
    TypeAsValue,
    /// A value used as a type.
    ValueAsType,
    /// A binding declared and never used.
    UnusedBinding,
    /// A hook dependency left out of the dependency array.
    HookDependency,
    /// An unknown option in the engine's configuration.
    UnknownOption,
    /// The engine's configuration cannot be read or does not hold together; the name may be
    /// empty.
    ConfigError,
    /// A subject of a kind the host does not word: the host clusters nothing by it and reads
    /// only its [`Role`].
    Other,
    /// A kind of a newer plugin API; the host treats it like [`SubjectKind::Other`].
    #[serde(other)]
    Unknown,
}

/// What a diagnostic is to the other diagnostics of its check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Role {
    /// A finding of its own.
    #[default]
    Finding,
    /// A resolution failure (an unresolved module, missing type definitions): fixing it clears
    /// diagnostics elsewhere, so a cluster of diagnostics sharing it ranks first and the
    /// consequences in its files point back at it.
    Cause,
    /// The engine's configuration is wrong: like [`Role::Cause`], and the cluster of its rule is
    /// a cause even where no subject recurs.
    Config,
    /// May follow from a cause reported in the same file (a type lost to an unresolved module:
    /// an implicit `any`, an unknown property): fixing the cause may clear it.
    Consequence,
    /// A role of a newer plugin API; the host treats it as [`Role::Finding`].
    #[serde(other)]
    Unknown,
}

/// What one diagnostic is about. Build it with [`Subject::new`] and the `with_*` methods.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Subject {
    pub kind: SubjectKind,
    /// What the subject is called (a name, a module specifier, a type); empty when the
    /// diagnostic has a role but names nothing.
    pub name: String,
    /// The second half of a kind that pairs two things (see [`SubjectKind`]); empty otherwise.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
    #[serde(default)]
    pub role: Role,
    /// Diagnostics of different rules of one engine with the same family and subject are one
    /// cause (TypeScript's `Cannot find name` and its did-you-mean variant). Empty: the rule
    /// alone groups, so the rule stays part of the cluster key.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub family: String,
}

impl Subject {
    /// A subject of `kind` called `name`, a [`Role::Finding`] grouped by its rule.
    pub fn new(kind: SubjectKind, name: impl Into<String>) -> Self {
        Self {
            kind,
            name: name.into(),
            detail: String::new(),
            role: Role::Finding,
            family: String::new(),
        }
    }

    /// A diagnostic that names nothing but still has a role (a configuration error, a
    /// consequence of a lost type).
    pub fn role_only(role: Role) -> Self {
        Self::new(SubjectKind::Other, "").with_role(role)
    }

    /// The second half of a paired kind (the member of [`SubjectKind::MissingExport`]).
    pub fn with_detail(mut self, detail: impl Into<String>) -> Self {
        self.detail = detail.into();
        self
    }

    pub fn with_role(mut self, role: Role) -> Self {
        self.role = role;
        self
    }

    /// See [`Subject::family`].
    pub fn with_family(mut self, family: impl Into<String>) -> Self {
        self.family = family.into();
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subject_round_trips_and_unknown_values_fall_back() {
        let subject = Subject::new(SubjectKind::MissingExport, "./types")
            .with_detail("UserId")
            .with_role(Role::Cause)
            .with_family("missing-export");
        let json = serde_json::to_string(&subject).unwrap();
        assert_eq!(
            json,
            r#"{"kind":"missing-export","name":"./types","detail":"UserId","role":"cause","family":"missing-export"}"#
        );
        assert_eq!(serde_json::from_str::<Subject>(&json).unwrap(), subject);
        let newer: Subject =
            serde_json::from_str(r#"{"kind":"lost-socket","name":"x","role":"blocker"}"#).unwrap();
        assert_eq!(newer.kind, SubjectKind::Unknown);
        assert_eq!(newer.role, Role::Unknown);
        let older: Subject = serde_json::from_str(r#"{"kind":"missing-name","name":"x"}"#).unwrap();
        assert_eq!(older.role, Role::Finding);
        assert!(older.family.is_empty() && older.detail.is_empty());
    }
}
