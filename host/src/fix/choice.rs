//! Which one of the fixes a server offers for an issue to take: one fix per issue, never one
//! that silences the engine.
//!
//! The fix the server marks preferred is taken, and is `safe`. Otherwise the first offer
//! whose name is on the engine's allow-list is taken as a `suggestion` (an unsafe fix,
//! applied only with `--unsafe` / `safety: "all"`), and none when no offer is on it. A fix
//! that changes another file, runs a command, fixes every issue of the file at once, or
//! silences the diagnostic (`// @ts-ignore`, `// @ts-nocheck`, a disable comment) is never
//! taken.

use crate::core::{FixEdit, FixSafetyLevel};
use crate::warm::fixes::Offer;

/// TypeScript's fixes worth taking when none is preferred, by tsserver `fixName` or by the
/// start of an LSP action's title (TypeScript 7 gives no name): a misspelled name, an
/// unused declaration, a missing import, a missing `await`/`async`.
pub const TYPESCRIPT_ALLOWED: [&str; 11] = [
    "spelling",
    "unusedIdentifier",
    "import",
    "addMissingAwait",
    "fixAwaitInSyncFunction",
    "Change spelling to",
    "Remove unused",
    "Remove import from",
    "Add import from",
    "Update import from",
    "Add 'await'",
];

/// The fix to take from `offers`, with its safety.
pub fn choose(offers: &[Offer], allowed: &[&str]) -> Option<(Vec<FixEdit>, FixSafetyLevel)> {
    let takeable = |offer: &&Offer| offer.edits.is_some() && !silences(offer) && !fixes_all(offer);
    if let Some(offer) = offers.iter().filter(takeable).find(|o| o.preferred) {
        return Some((marked(offer, "safe"), FixSafetyLevel::Safe));
    }
    offers
        .iter()
        .filter(takeable)
        .find(|o| allowed.iter().any(|name| o.name.starts_with(name)))
        .map(|offer| (marked(offer, "unsafe"), FixSafetyLevel::Unsafe))
}

fn marked(offer: &Offer, safety: &str) -> Vec<FixEdit> {
    offer
        .edits
        .iter()
        .flatten()
        .map(|edit| FixEdit {
            safety: Some(safety.to_owned()),
            ..edit.clone()
        })
        .collect()
}

/// A fix that hides the diagnostic instead of fixing it.
fn silences(offer: &Offer) -> bool {
    const NAMES: [&str; 3] = [
        "disableJsDiagnostics",
        "Ignore this error",
        "Disable checking",
    ];
    const COMMENTS: [&str; 5] = [
        "@ts-ignore",
        "@ts-nocheck",
        "@ts-expect-error",
        "-disable",
        "biome-ignore",
    ];
    NAMES
        .iter()
        .any(|n| offer.name.starts_with(n) || offer.title.starts_with(n))
        || offer
            .edits
            .iter()
            .flatten()
            .any(|e| COMMENTS.iter().any(|c| e.new_text.contains(c)))
}

/// A fix of every such issue in the file ("Add all missing imports", "Fix all…"): it is
/// another issue's fix as well.
fn fixes_all(offer: &Offer) -> bool {
    ["Add all ", "Fix all", "Delete all ", "Remove all "]
        .iter()
        .any(|p| offer.title.starts_with(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offer(name: &str, title: &str, preferred: bool, text: &str) -> Offer {
        Offer {
            name: name.into(),
            title: title.into(),
            preferred,
            edits: Some(vec![FixEdit {
                line: 1,
                col: 1,
                end_line: 1,
                end_col: 4,
                new_text: text.into(),
                safety: None,
            }]),
        }
    }

    #[test]
    fn a_preferred_fix_is_safe_and_an_allowed_one_a_suggestion() {
        let ignore = offer(
            "disableJsDiagnostics",
            "Ignore this error message",
            false,
            "// @ts-ignore\n",
        );
        let spelling = offer("spelling", "Change spelling to 'User'", false, "User");
        let (edits, safety) = choose(&[ignore.clone(), spelling], &TYPESCRIPT_ALLOWED).unwrap();
        assert_eq!(safety, FixSafetyLevel::Unsafe);
        assert_eq!(edits[0].new_text, "User");
        assert_eq!(edits[0].safety.as_deref(), Some("unsafe"));

        let preferred = offer("x", "Remove the debugger statement", true, "");
        let (edits, safety) = choose(&[ignore.clone(), preferred], &[]).unwrap();
        assert_eq!(safety, FixSafetyLevel::Safe);
        assert_eq!(edits[0].safety.as_deref(), Some("safe"));

        // A silencing fix is never taken, even preferred or allowed by name.
        let mut silencing = ignore.clone();
        silencing.preferred = true;
        assert_eq!(choose(&[silencing], &["disableJsDiagnostics"]), None);
    }

    #[test]
    fn without_a_preferred_or_allowed_fix_there_is_none() {
        let implement = offer(
            "Implement interface 'Shape'",
            "Implement interface 'Shape'",
            false,
            "x",
        );
        assert_eq!(choose(&[implement], &TYPESCRIPT_ALLOWED), None);
        let all = offer(
            "Add all missing imports",
            "Add all missing imports",
            false,
            "import",
        );
        let one = offer(
            "Add import from \"./b\"",
            "Add import from \"./b\"",
            false,
            "import",
        );
        let (edits, _) = choose(&[all, one], &TYPESCRIPT_ALLOWED).unwrap();
        assert_eq!(edits.len(), 1);
        let elsewhere = Offer {
            edits: None,
            ..offer("spelling", "Change spelling to 'User'", true, "User")
        };
        assert_eq!(choose(&[elsewhere], &TYPESCRIPT_ALLOWED), None);
        assert_eq!(choose(&[], &TYPESCRIPT_ALLOWED), None);
    }
}
