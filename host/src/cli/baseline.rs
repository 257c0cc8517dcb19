//! `signalint baseline`: checks the whole project and records its issues as accepted, so that
//! `check --new-only` (and `since: "baseline"`) report only what came after.
//!
//! The baseline holds content-derived issue ids: an issue whose code moved (lines inserted
//! above it) keeps its id and stays accepted.

use std::sync::Arc;

use clap::Args;
use tokio_util::sync::CancellationToken;

use super::check::{Load, block_on, context_loading};
use super::{Cli, exit, print, project_root, usage_error};
use crate::check::{Prewalk, ResponseOptions, Scope, Session};
use crate::config::Config;

#[derive(Debug, Args)]
pub struct BaselineArgs {}

pub fn run(cli: &Cli, _args: &BaselineArgs) -> u8 {
    let root = match project_root(cli) {
        Ok(root) => root,
        Err(e) => return usage_error(e),
    };
    let config = match Config::discover(&root, cli.config.as_deref()) {
        Ok(config) => config,
        Err(e) => return usage_error(e),
    };
    let scope = Scope::Project {
        paths: vec![".".into()],
    };
    let prewalk = Prewalk::start(&root, &[".".to_owned()], &config.check.ignore);
    let mut context = context_loading(cli, root, config, Load::ForCheck);
    context.prewalk = Arc::new(prewalk);
    let mut session = Session::open(context);
    let response = block_on(session.check(
        &scope,
        &ResponseOptions::default(),
        &CancellationToken::new(),
        None,
    ));
    let failed: Vec<&str> = response
        .engines
        .iter()
        .filter(|(_, s)| s.status == crate::core::EngineState::Error)
        .map(|(name, _)| name.as_str())
        .collect();
    match session.record_baseline() {
        Some(Ok(count)) => {
            let mut text = format!(
                "recorded {count} issue{} as the baseline in .signalint/baseline.state",
                if count == 1 { "" } else { "s" }
            );
            if !failed.is_empty() {
                text.push_str(&format!(
                    "\nwarning: {} failed; its issues are not in the baseline",
                    failed.join(", ")
                ));
            }
            print(&text);
            if failed.is_empty() {
                exit::CLEAN
            } else {
                exit::ENGINE_FAILED
            }
        }
        Some(Err(e)) => usage_error(format!("cannot write the baseline: {e}")),
        None => usage_error("the check was not completed; no baseline recorded"),
    }
}
