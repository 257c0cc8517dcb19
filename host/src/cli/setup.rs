//! `signalint setup`: install the managed engine toolchain ahead of time, and prepare the rule
//! packs, so that the first check spends its time checking.
//!
//! A rule pack is prepared by an `analyze` of no surfaces, with no time limit: a pack that keeps
//! caches fills them then (the semantic pack embeds its corpus once, printing its progress),
//! where a check would give it a minute at most. Every other pack answers at once.

use std::time::Instant;

use clap::Args;
use signalint_plugin_api::{AnalyzeOutcome, AnalyzeRequest, methods};

use super::{Cli, exit, project_root, usage_error};
use crate::config::{Config, options_json};
use crate::plugins::Registry;

#[derive(Debug, Args)]
pub struct SetupArgs {
    /// Only prepare the rule packs (the semantic pack's corpus vectors), not the engine
    /// toolchain.
    #[arg(long)]
    pub rule_packs_only: bool,
}

pub fn run(cli: &Cli, args: &SetupArgs) -> u8 {
    let root = match project_root(cli) {
        Ok(root) => root,
        Err(e) => return usage_error(e),
    };
    let config = match Config::discover(&root, cli.config.as_deref()) {
        Ok(config) => config,
        Err(e) => return usage_error(e),
    };
    let context = super::check::context(cli, root, config);
    let mut failed = false;
    if !args.rule_packs_only {
        let toolchain = context.toolchain.toolchain();
        if toolchain.packages.is_empty() {
            return usage_error(
                "no engine plugin declares npm packages; run `signalint plugins` to see what loaded",
            );
        }
        let result = super::check::block_on(toolchain.install(&context.runner, &mut |line| {
            anstream::eprintln!("{line}");
        }));
        match result {
            Ok(()) => {
                anstream::eprintln!("managed toolchain ready: {}", toolchain.root.display())
            }
            Err(e) => {
                error(&e);
                failed = true;
            }
        }
    }
    if !prepare_rule_packs(&context.registry, &context.config) {
        failed = true;
    }
    if failed {
        exit::ENGINE_FAILED
    } else {
        exit::CLEAN
    }
}

/// Prepares every rule pack a scan of this config runs; false when one failed (its error is
/// printed: the semantic pack's names the missing model and how to install it).
fn prepare_rule_packs(registry: &Registry, config: &Config) -> bool {
    let mut ok = true;
    let mut ready = Vec::new();
    for pack in super::tools::scanning_packs(registry, config) {
        let options = options_json(
            config
                .rule_packs
                .get(pack.id())
                .and_then(|c| c.options.as_ref()),
        );
        let started = Instant::now();
        let request = AnalyzeRequest::new(Vec::new(), options);
        match pack.call::<_, AnalyzeOutcome>(methods::ANALYZE, &request) {
            Ok(_) => ready.push(match started.elapsed().as_secs_f64() {
                // Only a pack that had something to prepare gets a time.
                s if s >= 1.0 => format!("{} ({s:.1} s)", pack.id()),
                _ => pack.id().to_owned(),
            }),
            Err(e) => {
                error(&format!("rule pack `{}`: {}", pack.id(), e.message));
                ok = false;
            }
        }
    }
    if !ready.is_empty() {
        anstream::eprintln!("rule packs ready: {}", ready.join(", "));
    }
    ok
}

fn error(message: &str) {
    let style = anstyle::AnsiColor::Red.on_default().bold();
    anstream::eprintln!("{style}error{style:#}: {message}");
}
