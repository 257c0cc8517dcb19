//! A repository's config runs nothing the user did not trust: `tool`, `args`, `[[mcp.servers]]`
//! and plugin paths take effect only after `signalint trust` (or `--trust`), and a change to the
//! file needs trust again.

mod support;

use std::path::{Path, PathBuf};
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

/// A project whose config runs `scripts/lint.sh`, which leaves a mark beside itself.
fn script_project(root: &Path) {
    std::fs::create_dir_all(root.join("scripts")).unwrap();
    let script = root.join("scripts/lint.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\ntouch \"$(dirname \"$0\")/PWNED\"\necho 1.0.0\n",
    )
    .unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    std::fs::write(
        root.join("signalint.toml"),
        "[engines.oxlint]\ntool = \"scripts/lint.sh\"\n[engines.tsc]\nenabled = false\n[engines.biome]\nenabled = false\n",
    )
    .unwrap();
    std::fs::write(root.join("main.js"), "debugger;\n").unwrap();
}

#[test]
fn a_linked_config_never_borrows_its_targets_trust() {
    let parent = support::temp_project();
    let parent = support::canonical(parent.path());
    let store = tempfile::tempdir().unwrap();
    let good = parent.join("good-repo");
    std::fs::create_dir(&good).unwrap();
    script_project(&good);
    let output = support::run(signalint(&good, store.path()).arg("trust"));
    assert!(output.status.success(), "{output:?}");
    support::run(signalint(&good, store.path()).args(["check", "--format", "json"]));
    assert!(good.join("scripts/PWNED").exists(), "a trusted tool runs");

    for (name, target) in [
        ("relative", PathBuf::from("../good-repo/signalint.toml")),
        ("absolute", good.join("signalint.toml")),
    ] {
        let hostile = parent.join(name);
        std::fs::create_dir(&hostile).unwrap();
        script_project(&hostile);
        std::fs::remove_file(hostile.join("signalint.toml")).unwrap();
        std::os::unix::fs::symlink(&target, hostile.join("signalint.toml")).unwrap();
        let output =
            support::run(signalint(&hostile, store.path()).args(["check", "--format", "json"]));
        assert!(
            !hostile.join("scripts/PWNED").exists(),
            "the {name} link ran the repository's script: {output:?}"
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("is not trusted"), "{stderr}");
    }
}

#[test]
fn a_trusted_script_that_changes_needs_trust_again() {
    let dir = support::temp_project();
    let root = support::canonical(dir.path());
    let store = tempfile::tempdir().unwrap();
    script_project(&root);
    let output = support::run(signalint(&root, store.path()).arg("trust"));
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(said.contains("scripts/lint.sh"), "{said}");
    let script = root.join("scripts/lint.sh");
    let text = std::fs::read_to_string(&script).unwrap();
    std::fs::write(&script, format!("{text}# changed later\n")).unwrap();
    support::run(signalint(&root, store.path()).args(["check", "--format", "json"]));
    assert!(
        !root.join("scripts/PWNED").exists(),
        "the changed script ran on the old trust"
    );
}

#[test]
fn twenty_concurrent_trusts_keep_twenty_entries_and_a_damaged_store_is_set_aside() {
    let parent = tempfile::tempdir().unwrap();
    let store = tempfile::tempdir().unwrap();
    let roots: Vec<PathBuf> = (0..20)
        .map(|i| {
            let root = parent.path().join(format!("p{i}"));
            std::fs::create_dir(&root).unwrap();
            support::canonical(&root)
        })
        .collect();
    let children: Vec<_> = roots
        .iter()
        .map(|root| {
            signalint(root, store.path())
                .arg("trust")
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let file = store.path().join("trusted.json");
    let stored: serde_json::Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!(
        stored["projects"].as_object().unwrap().len(),
        20,
        "{stored:#}"
    );

    let text = std::fs::read(&file).unwrap();
    std::fs::write(&file, &text[..text.len() / 3]).unwrap();
    let output = support::run(signalint(&roots[0], store.path()).arg("trust"));
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("set aside"), "{stderr}");
    let aside = std::fs::read_dir(store.path())
        .unwrap()
        .flatten()
        .find(|e| e.file_name().to_string_lossy().contains(".damaged-"))
        .expect("the damaged store kept");
    assert_eq!(
        std::fs::read(aside.path()).unwrap(),
        &text[..text.len() / 3]
    );
}

/// The pinned engines the suite runs, used here as the managed toolchain.
fn test_engines() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../test-engines")
}

#[test]
fn an_untrusted_project_runs_neither_its_own_oxlint_nor_its_js_plugins() {
    let engines = test_engines();
    if !engines.join("node_modules/oxlint/bin/oxlint").is_file() {
        panic!("the pinned engines are missing: run `npm ci` in test-engines (scripts/test does)");
    }
    let dir = support::temp_project();
    let root = support::canonical(dir.path());
    let store = tempfile::tempdir().unwrap();
    // A repository can commit `node_modules/oxlint`, and an oxlint config that loads its code.
    let fake = root.join("node_modules/oxlint");
    std::fs::create_dir_all(fake.join("bin")).unwrap();
    std::fs::write(
        fake.join("package.json"),
        r#"{"name":"oxlint","version":"1.94.0"}"#,
    )
    .unwrap();
    std::fs::write(
        fake.join("bin/oxlint"),
        "#!/usr/bin/env node\nrequire('fs').writeFileSync(__dirname + '/../../../PWNED_bin', '');\n",
    )
    .unwrap();
    std::fs::write(
        root.join(".oxlintrc.json"),
        r#"{ "jsPlugins": ["./evil.js"], "rules": { "evil/r": "error", "no-debugger": "error" } }"#,
    )
    .unwrap();
    std::fs::write(
        root.join("evil.js"),
        "require('fs').writeFileSync(__dirname + '/PWNED_plugin', '');\nmodule.exports = { meta: { name: 'evil' }, rules: { r: { create() { return {}; } } } };\n",
    )
    .unwrap();
    std::fs::write(root.join("main.js"), "debugger;\n").unwrap();
    let check = |trusted: bool| {
        let mut command = signalint(&root, store.path());
        command
            .args(["check", "--format", "json"])
            .env("SIGNALINT_TOOLCHAIN_DIR", &engines);
        if trusted {
            command.env("SIGNALINT_TRUST", "1");
        }
        support::run(&mut command)
    };

    let output = check(false);
    assert!(
        !root.join("PWNED_bin").exists(),
        "the repository's oxlint ran"
    );
    assert!(
        !root.join("PWNED_plugin").exists(),
        "the repository's jsPlugin ran"
    );
    let json = support::stdout_json(&output);
    let said = json["engines"]["oxlint"]["message"]
        .as_str()
        .unwrap_or_default();
    assert!(
        said.contains("not trusted") && said.contains("signalint trust"),
        "{json:#}"
    );
    assert!(said.contains("node_modules/oxlint/bin/oxlint"), "{said}");
    assert!(
        said.contains("evil.js"),
        "the status names the plugin left out: {said}"
    );

    // Trusted (here for one run), the project's own toolchain is what runs.
    check(true);
    assert!(
        root.join("PWNED_bin").exists(),
        "a trusted project's oxlint runs"
    );
}

/// A Biome config that extends a file outside the repository (a secret of the user's) makes
/// Biome quote that file's lines in its error. Untrusted, Biome does not run, and its status
/// says why and how to trust; trusted, Biome runs and fails, and the answer still carries none
/// of the file's lines.
#[test]
fn an_engine_config_reaching_outside_the_repository_leaks_nothing() {
    let engines = test_engines();
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("id_rsa");
    std::fs::write(&secret, "SECRET-LINE-ONE\nssh-rsa AAAASECRETKEYBODY\n").unwrap();
    let dir = support::temp_project();
    let root = support::canonical(dir.path());
    std::fs::create_dir(root.join(".git")).unwrap();
    let store = tempfile::tempdir().unwrap();
    std::fs::write(
        root.join("biome.json"),
        format!(r#"{{"extends": ["{}"]}}"#, secret.display()),
    )
    .unwrap();
    std::fs::write(root.join("main.js"), "let a = 1;\n").unwrap();
    std::fs::write(
        root.join("signalint.toml"),
        "[engines.oxlint]\nenabled = false\n[engines.tsc]\nenabled = false\n[engines.biome]\nenabled = true\n",
    )
    .unwrap();
    let check = |trusted: bool| {
        let mut command = signalint(&root, store.path());
        command
            .args(["check", "--format", "json"])
            .env("SIGNALINT_TOOLCHAIN_DIR", &engines);
        if trusted {
            command.env("SIGNALINT_TRUST", "1");
        }
        support::run(&mut command)
    };

    let output = check(false);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(!stdout.contains("SECRET"), "{stdout}");
    let json = support::stdout_json(&output);
    let biome = &json["engines"]["biome"];
    assert_eq!(biome["status"], "disabled", "{biome:#}");
    let reason = biome["reason"].as_str().unwrap_or_default();
    assert!(
        reason.contains("biome.json points at")
            && reason.contains("outside the repository")
            && reason.contains("signalint trust"),
        "{biome:#}"
    );

    let output = check(true);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let json = support::stdout_json(&output);
    let biome = &json["engines"]["biome"];
    assert_eq!(biome["status"], "error", "trusted, Biome runs: {biome:#}");
    assert!(
        !stdout.contains("SECRET"),
        "the file's lines stay out of the answer: {stdout}"
    );
    assert!(
        biome["message"]
            .as_str()
            .unwrap_or_default()
            .contains("quoted source left out"),
        "{biome:#}"
    );
}
