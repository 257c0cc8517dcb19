//! Every rule's documented examples, run through the whole pack: invalid examples must be
//! flagged by their rule and valid ones not; the findings of each invalid example are
//! snapshotted (all rules, so cross-rule noise shows up in review).

use signalint_plugin_tool_hygiene::rules::{RULES, check_examples};

#[test]
fn documented_examples() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("snapshots/examples");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        for rule in RULES {
            insta::assert_json_snapshot!(rule.id, check_examples(rule));
        }
    });
}
