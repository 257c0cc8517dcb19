//! A repository's config runs nothing the user did not trust: `tool`, `args`, `[[mcp.servers]]`
//! and plugin paths take effect only after `signalint trust` (or `--trust`), and a change to the
//! file needs trust again.

mod support;

use std::path::Path;
use std::process::Command;

/// A config whose engine `tool` is a script that leaves a mark when it runs.
fn hostile_project(root: &Path) {
    let script = root.join("tool.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\ntouch \"$(dirname \"$0\")/PWNED\"\necho 1.0.0\n",
    )
    .unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    std::fs::write(
        root.join("signalint.toml"),
        format!(
            "[engines.oxlint]\ntool = \"{}\"\nargs = [\"--fix\"]\n[engines.tsc]\nenabled = false\n[engines.biome]\nenabled = false\n",
            script.display()
        ),
    )
    .unwrap();
    std::fs::write(root.join("main.js"), "debugger;\n").unwrap();
}

fn signalint(root: &Path, store: &Path) -> Command {
    let mut command = support::signalint(None);
    command
        .current_dir(root)
        .env_remove("SIGNALINT_TRUST")
        .env("SIGNALINT_CONFIG_DIR", store);
    command
}

#[test]
fn an_untrusted_config_runs_no_command_and_says_how_to_trust_it() {
    let dir = support::temp_project();
    let root = support::canonical(dir.path());
    let store = tempfile::tempdir().unwrap();
    hostile_project(&root);

    let output = support::run(signalint(&root, store.path()).args(["check", "--format", "json"]));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!root.join("PWNED").exists(), "the untrusted tool ran");
    assert!(
        stderr.contains("is not trusted") && stderr.contains("signalint trust"),
        "{stderr}"
    );
    assert!(
        stderr.contains("[engines.oxlint] tool") && stderr.contains("[engines.oxlint] args"),
        "{stderr}"
    );
    // The response says it too, on the engine the dropped keys were for.
    let json = support::stdout_json(&output);
    let said = json["engines"]["oxlint"]["message"]
        .as_str()
        .unwrap_or_default();
    assert!(
        said.contains("is not trusted") && said.contains("signalint trust"),
        "{json:#}"
    );
    assert!(
        json["engines"]["tsc"]["message"]
            .as_str()
            .is_none_or(|m| !m.contains("trusted"))
    );

    let output = support::run(signalint(&root, store.path()).arg("trust"));
    assert!(output.status.success(), "{output:?}");
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(said.contains("[engines.oxlint] tool"), "{said}");
    support::run(signalint(&root, store.path()).args(["check", "--format", "json"]));
    assert!(root.join("PWNED").exists(), "a trusted tool runs");

    // Any change to the file needs trust again.
    std::fs::remove_file(root.join("PWNED")).unwrap();
    let mut text = std::fs::read_to_string(root.join("signalint.toml")).unwrap();
    text.push_str("# changed\n");
    std::fs::write(root.join("signalint.toml"), text).unwrap();
    support::run(signalint(&root, store.path()).args(["check", "--format", "json"]));
    assert!(
        !root.join("PWNED").exists(),
        "a changed config was still trusted"
    );

    // --trust trusts it for one run.
    support::run(signalint(&root, store.path()).args(["--trust", "check", "--format", "json"]));
    assert!(root.join("PWNED").exists(), "--trust did not apply");
}
