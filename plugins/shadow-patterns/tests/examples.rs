//! The documented examples of `SHADOW_PATTERN` and of every signal, run through the whole
//! pack: each invalid example must get a `critical` or `warning` finding of its signal, each
//! valid one none; the findings of each invalid example are snapshotted (every signal's, so
//! that cross-signal noise shows up in review).

use signalint_plugin_shadow_patterns::signals::ALL;
use signalint_plugin_shadow_patterns::{RULE, check_examples};

#[test]
fn documented_examples() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("snapshots/examples");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        for rule in std::iter::once(&RULE).chain(ALL.iter().copied()) {
            insta::assert_json_snapshot!(rule.id, check_examples(rule));
        }
    });
}
