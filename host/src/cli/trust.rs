//! `signalint trust`: let a project's own code run (see `config::trust`).

use clap::Args;

use super::{Cli, exit, print, project_root, usage_error};
use crate::config::trust::TrustStore;
use crate::config::{CONFIG_FILE_NAME, Config};

#[derive(Debug, Args)]
pub struct TrustArgs {
    /// Forget the project instead, so nothing it provides runs again.
    #[arg(long)]
    revoke: bool,
}

pub fn run(cli: &Cli, args: &TrustArgs) -> u8 {
    let root = match project_root(cli) {
        Ok(root) => root,
        Err(e) => return usage_error(e),
    };
    let path = match &cli.config {
        Some(path) => {
            if !path.is_file() {
                return usage_error(format!(
                    "{} does not exist; name the config with --config FILE",
                    path.display()
                ));
            }
            Some(path.clone())
        }
        None => Some(root.join(CONFIG_FILE_NAME)).filter(|p| p.is_file()),
    };
    let Some(store) = TrustStore::user() else {
        return usage_error(
            "no config directory to record trust in: set HOME, XDG_CONFIG_HOME or SIGNALINT_CONFIG_DIR",
        );
    };
    let shown = path
        .as_ref()
        .map_or_else(|| root.display().to_string(), |p| p.display().to_string());
    if args.revoke {
        return match store.revoke(&root, path.as_deref()) {
            Ok(true) => {
                print(&format!("no longer trusted: {shown}\n"));
                exit::CLEAN
            }
            Ok(false) => {
                print(&format!("{shown} was not trusted\n"));
                exit::CLEAN
            }
            Err(e) => usage_error(format!("cannot write {}: {e}", store.file().display())),
        };
    }
    let (config, text) = match &path {
        Some(path) => match Config::read(path) {
            Ok(read) => read,
            Err(e) => return usage_error(e),
        },
        None => (Config::default(), String::new()),
    };
    let commands = crate::config::trust::command_keys(&config);
    match store.trust(&root, &config, path.as_ref().map(|_| text.as_bytes())) {
        Ok(recorded) => {
            let mut text = format!("trusted: {}", recorded.root.display());
            if !recorded.config.is_empty() {
                text.push_str(&format!(" with {}", recorded.config));
            }
            text.push_str("\nits own engines (node_modules) and engine plugins now run\n");
            if !commands.is_empty() {
                text.push_str("these now take effect:\n");
                for key in commands {
                    text.push_str(&format!("  {key}\n"));
                }
            }
            if !recorded.run_files.is_empty() {
                text.push_str("trusted as they are now (a change needs trust again):\n");
                for file in &recorded.run_files {
                    let shown = file.strip_prefix(&recorded.root).unwrap_or(file);
                    text.push_str(&format!("  {}\n", shown.display()));
                }
            }
            text.push_str("any change to the config needs `signalint trust` again\n");
            print(&text);
            exit::CLEAN
        }
        Err(e) => usage_error(format!("cannot write {}: {e}", store.file().display())),
    }
}
