//! A bad `signalint.toml` through the real binary: exit code 2, and stderr names the file, the
//! line and the key.

mod support;

use std::path::Path;

/// Runs `signalint check` in a project with this config; returns (exit code, stderr, stdout).
fn check_with(config: &str) -> (Option<i32>, String, String, std::path::PathBuf) {
    let project = support::temp_project();
    let root = support::canonical(project.path());
    let config_path = root.join("signalint.toml");
    std::fs::write(&config_path, config).unwrap();
    std::fs::write(root.join("a.js"), "export const a = 1;\n").unwrap();
    let output = support::run(
        support::signalint(None)
            .arg("--root")
            .arg(&root)
            .args(["check", "--format", "json"]),
    );
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        config_path,
    )
}

fn assert_names(stderr: &str, file: &Path, line: usize, key: &str) {
    let location = format!("{}:{line}:", file.display());
    assert!(
        stderr.contains(&location),
        "stderr does not name {location}: {stderr}"
    );
    assert!(
        stderr.contains(&format!("`{key}`")),
        "stderr does not name `{key}`: {stderr}"
    );
}

#[test]
fn an_unknown_key_is_a_usage_error_naming_file_line_key_and_section() {
    let (code, stderr, stdout, file) =
        check_with("[check]\npage_size = 5\n\n[engines.oxlint]\nenabled = true\ntimout_secs = 5\n");
    assert_eq!(code, Some(2), "stderr: {stderr}");
    assert!(stdout.is_empty(), "no response on a config error: {stdout}");
    assert_names(&stderr, &file, 6, "timout_secs");
    assert!(stderr.contains("[engines.oxlint]"), "{stderr}");
    assert!(
        stderr.contains("timeout_secs"),
        "the fix is suggested: {stderr}"
    );
}

#[test]
fn an_unknown_top_level_table_is_named() {
    let (code, stderr, _, file) = check_with("# comment\n\n[enignes.oxlint]\nenabled = false\n");
    assert_eq!(code, Some(2), "stderr: {stderr}");
    assert_names(&stderr, &file, 3, "enignes");
}

#[test]
fn a_wrongly_typed_value_names_the_line_and_key() {
    let (code, stderr, _, file) = check_with("[check]\n\ntimeout_secs = \"soon\"\n");
    assert_eq!(code, Some(2), "stderr: {stderr}");
    assert_names(&stderr, &file, 3, "timeout_secs");
    assert!(stderr.contains("[check]"), "{stderr}");

    let (code, stderr, _, file) =
        check_with("[engines.oxlint]\nenabled = true\nargs = \"--fix\"\n");
    assert_eq!(code, Some(2), "stderr: {stderr}");
    assert_names(&stderr, &file, 3, "args");
    assert!(stderr.contains("[engines.oxlint]"), "{stderr}");
}

#[test]
fn a_check_limit_is_found_in_its_own_table() {
    let (code, stderr, _, file) =
        check_with("[engines.tsc]\ntimeout_secs = 30\n\n[check]\ntimeout_secs = 0\n");
    assert_eq!(code, Some(2), "stderr: {stderr}");
    assert_names(&stderr, &file, 5, "timeout_secs");
}

#[test]
fn an_invalid_value_names_the_line_and_key() {
    let (code, stderr, _, file) =
        check_with("[check]\ntimeout_secs = 30\n\n[engines.tsc]\ntimeout_secs = 0\n");
    assert_eq!(code, Some(2), "stderr: {stderr}");
    assert_names(&stderr, &file, 5, "timeout_secs");
    assert!(stderr.contains("[engines.tsc]"), "{stderr}");
}

#[test]
fn a_toml_syntax_error_names_the_line() {
    let (code, stderr, _, file) = check_with("[check]\npage_size = 10\nconcurrency = = 2\n");
    assert_eq!(code, Some(2), "stderr: {stderr}");
    let location = format!("{}:3:", file.display());
    assert!(stderr.contains(&location), "{stderr}");
}

#[test]
fn the_plugins_command_reports_config_errors_the_same_way() {
    let project = support::temp_project();
    let root = support::canonical(project.path());
    let file = root.join("signalint.toml");
    std::fs::write(&file, "[plugins]\npaths = [\"x\"]\n").unwrap();
    let output = support::run(
        support::signalint(None)
            .arg("--root")
            .arg(&root)
            .args(["plugins", "--format", "json"]),
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_names(&stderr, &file, 2, "paths");
}
