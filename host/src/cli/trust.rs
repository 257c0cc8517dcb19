//! `signalint trust`: let a config's command keys take effect (see `config::trust`).

use clap::Args;

use super::{Cli, exit, print, project_root, usage_error};
use crate::config::trust::TrustStore;
use crate::config::{CONFIG_FILE_NAME, Config};

#[derive(Debug, Args)]
pub struct TrustArgs {
    /// Forget the config instead, so its command keys are ignored again.
    #[arg(long)]
    revoke: bool,
}

pub fn run(cli: &Cli, args: &TrustArgs) -> u8 {
    let path = match &cli.config {
        Some(path) => path.clone(),
        None => match project_root(cli) {
            Ok(root) if !root.join(CONFIG_FILE_NAME).is_file() => {
                return trust_directory(&root, args);
            }
            Ok(root) => root.join(CONFIG_FILE_NAME),
            Err(e) => return usage_error(e),
        },
    };
    if !path.is_file() {
        return usage_error(format!(
            "{} does not exist; name the config with --config FILE",
            path.display()
        ));
    }
    let Some(store) = TrustStore::user() else {
        return usage_error(
            "no config directory to record trust in: set HOME, XDG_CONFIG_HOME or SIGNALINT_CONFIG_DIR",
        );
    };
    if args.revoke {
        return match store.revoke(&path) {
            Ok(true) => {
                print(&format!("no longer trusted: {}\n", path.display()));
                exit::CLEAN
            }
            Ok(false) => {
                print(&format!("{} was not trusted\n", path.display()));
                exit::CLEAN
            }
            Err(e) => usage_error(format!("cannot write {}: {e}", store.file().display())),
        };
    }
    // Show what trusting it lets run, read as an untrusted load would drop it.
    let commands = match Config::load(&path) {
        Ok(config) => config.untrusted.map(|u| u.ignored).unwrap_or_default(),
        Err(e) => return usage_error(e),
    };
    match store.trust(&path) {
        Ok(key) => {
            let mut text = format!("trusted: {key}\n");
            if commands.is_empty() {
                text.push_str("(it has no keys that run a command)\n");
            } else {
                text.push_str("these now take effect:\n");
                for key in commands {
                    text.push_str(&format!("  {key}\n"));
                }
            }
            text.push_str("any change to the file needs `signalint trust` again\n");
            print(&text);
            exit::CLEAN
        }
        Err(e) => usage_error(format!("cannot write {}: {e}", store.file().display())),
    }
}

/// A project without a `signalint.toml`: trusts (or forgets) the project directory, so that
/// its own tools and executable configs (ESLint's `eslint.config.js`) may run.
fn trust_directory(root: &std::path::Path, args: &TrustArgs) -> u8 {
    let Some(store) = TrustStore::user() else {
        return usage_error(
            "no config directory to record trust in: set HOME, XDG_CONFIG_HOME or SIGNALINT_CONFIG_DIR",
        );
    };
    let result = if args.revoke {
        store.revoke(root).map(|removed| {
            if removed {
                format!("no longer trusted: {}\n", root.display())
            } else {
                format!("{} was not trusted\n", root.display())
            }
        })
    } else {
        store.trust_project(root).map(|key| {
            format!(
                "trusted: {key}\nthe project's own tools and configs (such as its ESLint and \
                 eslint.config.js) now run in checks\n"
            )
        })
    };
    match result {
        Ok(text) => {
            print(&text);
            exit::CLEAN
        }
        Err(e) => usage_error(format!("cannot write {}: {e}", store.file().display())),
    }
}
