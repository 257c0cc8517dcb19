//! An engine whose tool can only be the project's own (no managed install: ESLint from the
//! project's `node_modules`, loading its executable `eslint.config.js`) runs project code, so
//! it runs only in a trusted project. Untrusted, its status says that the project uses it and
//! how to trust the project.

use std::collections::BTreeMap;

use signalint_plugin_api::EngineInfo;

use crate::config::usage::{Candidate, Use};

/// Whether the engine's tool comes only from the project: it names candidates (paths in the
/// project) and no npm packages the managed toolchain could install instead.
pub(super) fn runs_project_code(info: &EngineInfo) -> bool {
    info.tool.npm_packages.is_empty() && !info.tool.candidates.is_empty()
}

/// Turns off every engine of `uses` that runs project code while `trusted` says no. `trusted`
/// is asked at most once, and only when such an engine would run.
pub(super) fn require_trust(
    uses: &mut BTreeMap<String, Use>,
    candidates: &[Candidate<'_>],
    trusted: impl FnOnce() -> bool,
) {
    let gated: Vec<&str> = candidates
        .iter()
        .filter(|c| c.info.is_some_and(runs_project_code))
        .filter(|c| uses.get(c.id).is_some_and(|u| u.on))
        .map(|c| c.id)
        .collect();
    if gated.is_empty() || trusted() {
        return;
    }
    for id in gated {
        if let Some(used) = uses.get_mut(id) {
            let why = used.reason.strip_prefix("on: ").unwrap_or(&used.reason);
            *used = Use {
                on: false,
                reason: format!(
                    "off: {why}, but its tool and config are the project's own code, which runs \
                     only in a trusted project; if you trust it, run `signalint trust` (or pass \
                     --trust)"
                ),
            };
        }
    }
}

/// [`require_trust`] with the user's trust in the project as loaded (`signalint trust`,
/// `--trust`, `SIGNALINT_TRUST=1`).
pub(super) fn require_project_trust(
    uses: &mut BTreeMap<String, Use>,
    candidates: &[Candidate<'_>],
    trusted: bool,
) {
    require_trust(uses, candidates, || trusted);
}

#[cfg(test)]
mod tests {
    use signalint_plugin_api::{EngineScope, ToolCandidate, ToolSpec};

    use super::*;

    fn info(npm: bool) -> EngineInfo {
        let mut tool = ToolSpec::new("lint", ">=1.0.0")
            .with_candidates(vec![ToolCandidate::new("node_modules/lint/bin.js")]);
        if npm {
            tool = tool.with_npm_packages(vec!["lint@1.0.0".into()]);
        }
        EngineInfo::new(EngineScope::FileLocal, tool, vec!["js".into()])
    }

    fn on(reason: &str) -> Use {
        Use {
            on: true,
            reason: reason.to_owned(),
        }
    }

    #[test]
    fn an_untrusted_project_keeps_its_own_tools_off_and_says_how_to_trust_it() {
        let (own, managed) = (info(false), info(true));
        let candidates = [
            Candidate {
                id: "own",
                info: Some(&own),
                explicit: false,
                turned_off: false,
            },
            Candidate {
                id: "managed",
                info: Some(&managed),
                explicit: false,
                turned_off: false,
            },
        ];
        let fresh = || {
            BTreeMap::from([
                (
                    "own".to_owned(),
                    on("on: the project uses it (eslint.config.mjs)"),
                ),
                ("managed".to_owned(), on("on: the baseline linter")),
            ])
        };
        let mut uses = fresh();
        require_trust(&mut uses, &candidates, || false);
        assert!(!uses["own"].on);
        assert!(
            uses["own"]
                .reason
                .starts_with("off: the project uses it (eslint.config.mjs), but"),
            "{uses:?}"
        );
        assert!(uses["own"].reason.contains("`signalint trust`"));
        assert!(uses["managed"].on, "a managed tool needs no trust");

        let mut uses = fresh();
        require_trust(&mut uses, &candidates, || true);
        assert_eq!(uses, fresh());
    }

    #[test]
    fn trust_is_not_asked_when_no_project_tool_would_run() {
        let own = info(false);
        let candidates = [Candidate {
            id: "own",
            info: Some(&own),
            explicit: false,
            turned_off: false,
        }];
        let mut uses = BTreeMap::from([(
            "own".to_owned(),
            Use {
                on: false,
                reason: "off: not used".to_owned(),
            },
        )]);
        require_trust(&mut uses, &candidates, || panic!("asked"));
        assert!(!uses["own"].on);
    }
}
