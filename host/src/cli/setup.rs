//! `signalint setup`: install the managed engine toolchain ahead of time.

use clap::Args;

use super::{Cli, exit, project_root, usage_error};
use crate::config::Config;

#[derive(Debug, Args)]
pub struct SetupArgs {}

pub fn run(cli: &Cli, _args: &SetupArgs) -> u8 {
    let root = match project_root(cli) {
        Ok(root) => root,
        Err(e) => return usage_error(e),
    };
    let config = match Config::discover(&root, cli.config.as_deref()) {
        Ok(config) => config,
        Err(e) => return usage_error(e),
    };
    let context = super::check::context(cli, root, config);
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
            anstream::eprintln!("managed toolchain ready: {}", toolchain.root.display());
            exit::CLEAN
        }
        Err(e) => {
            let style = anstyle::AnsiColor::Red.on_default().bold();
            anstream::eprintln!("{style}error{style:#}: {e}");
            exit::ENGINE_FAILED
        }
    }
}
