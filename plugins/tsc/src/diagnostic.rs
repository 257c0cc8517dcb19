//! The diagnostic `TS<code>` as every reader of tsc's output (the batch run, the language
//! server, tsserver) builds it: its subject and fact keys come from the shared TypeScript reader.

use signalint_plugin_api::{Diagnostic, Severity};
use signalint_ts_subject::{fact_keys, subject};

/// The diagnostic `TS<code>` with its subject and fact keys.
pub(crate) fn with_code(code: u64, severity: Severity, message: impl Into<String>) -> Diagnostic {
    let message = message.into();
    let subject = u32::try_from(code)
        .ok()
        .and_then(|code| subject(code, &message));
    let diagnostic =
        Diagnostic::new(format!("TS{code}"), severity, message).with_same_as(fact_keys(code));
    match subject {
        Some(subject) => diagnostic.with_subject(subject),
        None => diagnostic,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use signalint_plugin_api::SubjectKind;

    #[test]
    fn a_diagnostic_carries_its_subject_and_fact_keys() {
        let unused = with_code(
            6133,
            Severity::Error,
            "'helper' is declared but its value is never read.",
        );
        assert_eq!(unused.rule, "TS6133");
        assert_eq!(unused.same_as, ["eslint/no-unused-vars"]);
        assert_eq!(
            unused.subject.map(|s| (s.kind, s.name)),
            Some((SubjectKind::UnusedBinding, "helper".to_owned()))
        );
        let missing = with_code(2304, Severity::Error, "Cannot find name 'x'.");
        assert!(missing.same_as.is_empty());
        assert_eq!(missing.subject.map(|s| s.name), Some("x".to_owned()));
    }
}
